//! The text of `alea list`: the systems and their mechanics, or one mechanic's
//! parameters and metrics in full.

use crate::engine::Mechanic;
use crate::engine::params::ParamSpec;
use crate::systems::SYSTEMS;
use std::fmt::Write;

/// One line per mechanic, grouped by system.
pub fn render_overview(mechanics: &[&dyn Mechanic]) -> String {
    let mut out = String::new();
    let width = mechanics.iter().map(|m| m.name().len()).max().unwrap_or(10);
    for (system, about) in SYSTEMS {
        let own: Vec<_> = mechanics
            .iter()
            .filter(|m| m.name().split('.').next() == Some(system))
            .collect();
        if own.is_empty() {
            continue;
        }
        let _ = writeln!(out, "{system}: {about}");
        for m in own {
            let _ = writeln!(out, "  {:width$}  {}", m.name(), m.summary());
        }
        out.push('\n');
    }
    out.push_str("Details of one system or mechanic: alea list <system|mechanic>\n");
    out.push_str(
        "The rules as alea implements them, each [choice] with its switch: src/systems/<system>/README.md\n",
    );
    out
}

fn default_text(spec: &ParamSpec) -> String {
    match spec.default_value() {
        Some(v) => v.to_string(),
        None if spec.optional => "optional".into(),
        None => "required".into(),
    }
}

/// A mechanic's parameters (name, default, accepted values, meaning) and metrics.
pub fn render_mechanic(m: &dyn Mechanic) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}: {}", m.name(), m.summary());
    let specs = m.params();
    let name_w = specs.iter().map(|s| s.name.len()).max().unwrap_or(4);
    let default_w = specs
        .iter()
        .map(|s| default_text(s).len())
        .max()
        .unwrap_or(7)
        .max(7);
    let _ = writeln!(out, "  parameters (name=value; default; accepted):");
    for s in &specs {
        let _ = writeln!(
            out,
            "    {:name_w$}  {:default_w$}  {}; {}",
            s.name,
            default_text(s),
            s.accepted(),
            s.doc
        );
    }
    let _ = writeln!(out, "  metrics:");
    let docs = m.metric_docs();
    let metric_w = docs.iter().map(|(n, _)| n.len()).max().unwrap_or(4);
    for (name, doc) in docs {
        let _ = writeln!(out, "    {name:metric_w$}  {doc}");
    }
    if m.reads_rules() {
        let system = crate::systems::system_of(m.name());
        let _ = writeln!(
            out,
            "  rule tables: {system}'s (alea rules {system}; change them with --rules FILE)"
        );
    }
    out
}
