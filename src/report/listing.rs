//! The text of `alea list`: the systems and their mechanics, or one mechanic's
//! parameters and metrics in full.

use crate::engine::Mechanic;
use crate::engine::params::{ParamKind, ParamSpec};
use crate::engine::roster::{Rosters, group_fields};
use crate::engine::system::System;
use crate::systems::SYSTEMS;
use std::fmt::Write;

/// One line per mechanic, grouped by system.
pub fn render_overview(mechanics: &[&dyn Mechanic]) -> String {
    let mut out = String::new();
    let width = mechanics.iter().map(|m| m.name().len()).max().unwrap_or(10);
    for &System {
        name: system,
        about,
        ..
    } in SYSTEMS
    {
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

/// What `spec` accepts, its roster names given by the system's own examples: the first
/// names of `rosters` that fill its group (`fighter=fighter1` for `ose.duel`, `pc=bretteur`
/// for `cle.fight`), never another system's.
fn accepted_in(spec: &ParamSpec, specs: &[ParamSpec], system: &str, rosters: &Rosters) -> String {
    let names = match &spec.kind {
        ParamKind::Named => rosters.filling(system, &group_fields(specs, &spec.name)),
        ParamKind::Side { members, .. } => {
            let fields: Vec<&str> = members.iter().map(|m| m.name.as_str()).collect();
            rosters.filling(system, &fields)
        }
        _ => return spec.accepted(),
    };
    match (&spec.kind, names.as_slice()) {
        (_, []) => spec.accepted(),
        (ParamKind::Named, [first, ..]) => {
            format!("a roster name, like {first} (alea roster {system} lists them)")
        }
        (
            ParamKind::Side {
                min_len, max_len, ..
            },
            [first, rest @ ..],
        ) => {
            let example = match rest.first() {
                Some(second) => format!("{first}*2,{second}"),
                None => format!("{first}*2"),
            };
            format!(
                "roster names, each with an optional count, like {example} ({min_len} to {max_len} in all; alea roster {system} lists them)"
            )
        }
        _ => spec.accepted(),
    }
}

/// A mechanic's parameters (name, default, accepted values, meaning) and metrics; for a
/// mechanic that reads its system's rule tables, a line that says so, with the caller's
/// `rules_hint` for that system (how to see and change them) in parentheses.
pub fn render_mechanic(m: &dyn Mechanic, rules_hint: &dyn Fn(&str) -> String) -> String {
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
    let system = crate::systems::system_of(m.name());
    for s in &specs {
        let _ = writeln!(
            out,
            "    {:name_w$}  {:default_w$}  {}; {}",
            s.name,
            default_text(s),
            accepted_in(s, &specs, system, crate::systems::builtin_rosters()),
            s.doc
        );
    }
    let _ = writeln!(out, "  metrics:");
    let docs = m.metric_docs();
    let metric_w = docs.iter().map(|(n, _)| n.len()).max().unwrap_or(4);
    for (name, doc) in docs {
        let _ = writeln!(out, "    {name:metric_w$}  {doc}");
    }
    let system = crate::systems::system_of(m.name());
    if m.reads_tables() {
        let _ = match rules_hint(system) {
            hint if hint.is_empty() => writeln!(out, "  rule tables: {system}'s"),
            hint => writeln!(out, "  rule tables: {system}'s ({hint})"),
        };
    } else if m.reads_rules() {
        let _ = writeln!(
            out,
            "  house rules: a script in a rules file may replace {system}'s steps this mechanic plays (alea rules {system})"
        );
    }
    out
}

/// One line per kind of roster entry of `system`: its names, for the end of `alea list
/// <system>` (`monster: goblin, kobold, ...`); empty for a system without rosters.
pub fn render_names(rosters: &Rosters, system: &str) -> String {
    let mut out = String::new();
    for kind in rosters.kinds_of(system) {
        let names: Vec<&str> = rosters
            .entries(Some(system))
            .filter(|e| e.table == kind.table)
            .map(|e| e.name.as_str())
            .collect();
        if !names.is_empty() {
            let _ = writeln!(out, "  {}: {}", kind.table, names.join(", "));
        }
    }
    if out.is_empty() {
        return out;
    }
    format!("Roster names of {system} (alea roster {system} shows their numbers):\n{out}")
}

/// The named fighters of `system` (every system's for `None`): for each system, the kinds
/// of entry it accepts, then one line per name with its fields and what it is; last, how
/// to use a name.
pub fn render_rosters(rosters: &Rosters, system: Option<&str>) -> String {
    let mut out = String::new();
    for name in SYSTEMS
        .iter()
        .map(|s| s.name)
        .filter(|s| system.is_none_or(|w| w == *s))
    {
        let kinds: Vec<_> = rosters.kinds_of(name).collect();
        if kinds.is_empty() {
            if system.is_some() {
                let _ = writeln!(out, "{name}: no roster entries yet");
            }
            continue;
        }
        for kind in kinds {
            let _ = writeln!(out, "{name} [[{}]]: {}", kind.table, kind.doc);
            let entries: Vec<_> = rosters
                .entries(Some(name))
                .filter(|e| e.table == kind.table)
                .collect();
            let width = entries.iter().map(|e| e.name.len()).max().unwrap_or(4);
            for e in entries {
                let fields: Vec<String> =
                    e.fields.iter().map(|(f, v)| format!("{f}={v}")).collect();
                let from = if e.source == "built-in" {
                    String::new()
                } else {
                    format!(" [{}]", e.source)
                };
                let _ = writeln!(out, "  {:width$}  {}{from}", e.name, fields.join(" "));
                if !e.about.is_empty() {
                    let _ = writeln!(out, "  {:width$}    {}", "", e.about);
                }
            }
            out.push('\n');
        }
    }
    out.push_str(
        "Use a name for a fighter (aube.duel a=krom, with a.ca=11 to change a field) or in a side (ose.encounter party=fighter1*3 monsters=hd1*4).\n",
    );
    out
}
