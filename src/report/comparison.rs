//! The answer of `alea prob ... --rules FILE --compare`: each metric under the official and
//! the house rules, and the difference (points of percent for a chance) with its 95%
//! interval when sampled.

use super::text::{group_thousands, house_rules, lead};
use crate::compare::Comparison;
use crate::engine::MetricKind;
use std::fmt::Write;

/// A difference: points of percent for a chance (`+2.15 pts`), a signed number for a mean.
fn signed(kind: MetricKind, x: f64) -> String {
    match kind {
        _ if !x.is_finite() => "-".into(),
        MetricKind::Proportion => format!("{:+.2} pts", 100.0 * x),
        MetricKind::Mean => format!("{x:+.3}"),
    }
}

/// Renders `comparison` as `alea prob --compare` prints it.
pub fn render_comparison(c: &Comparison) -> String {
    let mut out = String::new();
    let params: Vec<String> = c.header.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let _ = writeln!(out, "{}  {}", c.mechanic, params.join(" "));
    house_rules(&c.changes, &mut out);
    match c.sampled {
        Some((samples, seed)) => {
            let _ = writeln!(
                out,
                "{} samples of each, seed {seed}, the same dice for both (paired difference)",
                group_thousands(samples)
            );
        }
        None => {
            let _ = writeln!(out, "exact values (no simulation)");
        }
    }
    let width = c
        .metrics
        .iter()
        .map(|m| m.name.len())
        .max()
        .unwrap_or(6)
        .max(6);
    let _ = write!(
        out,
        "\n{:width$}  {:>10}  {:>10}  {:>12}",
        "metric", "official", "house", "difference"
    );
    if c.sampled.is_some() {
        let _ = write!(out, "  95% interval of the difference");
    }
    out.push('\n');
    for m in &c.metrics {
        let _ = write!(
            out,
            "{:width$}  {:>10}  {:>10}  {:>12}",
            m.name,
            lead(m.kind, m.official),
            lead(m.kind, m.house),
            signed(m.kind, m.difference)
        );
        if c.sampled.is_some() {
            let interval = match m.interval {
                Some((lo, hi)) => format!("[{}, {}]", signed(m.kind, lo), signed(m.kind, hi)),
                None => "-".into(),
            };
            let _ = write!(out, "  {interval}");
        }
        out.push('\n');
    }
    out
}
