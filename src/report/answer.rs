//! The one-sentence answer of a study, read off its numbers: where its main metric (the
//! first charted one, else the first reported) is lowest and highest over the grid and the
//! variants, using exact values where known.

use crate::analysis::chart_spec::ChartKind;
use crate::analysis::{Analysis, AnalysisResult};
use crate::engine::MetricKind;

/// The main metric of `analysis`: the first charted metric (without `_diff`), else the
/// first metric of its layout.
fn main_metric(analysis: &Analysis) -> Option<String> {
    let charted = analysis.file.charts.iter().find_map(|c| match &c.kind {
        ChartKind::Heatmap { metric, .. } | ChartKind::Lines { metric, .. } => Some(
            metric
                .strip_suffix("_diff")
                .unwrap_or(metric.as_str())
                .to_string(),
        ),
        ChartKind::Bars { .. } => None,
    });
    charted.or_else(|| analysis.layout().metrics.first().map(|m| m.name.clone()))
}

/// A value as a reader wants it: a chance in percent, a mean with 3 significant digits.
fn shown(x: f64, percent: bool) -> String {
    if percent {
        format!("{:.1}%", 100.0 * x)
    } else if x.abs() >= 100.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.3}")
    }
}

/// What variant `v` changes, in words: its parameters (`crit=d10`) and its rule tables.
fn changes(analysis: &Analysis, v: usize) -> String {
    let mut parts: Vec<String> = analysis.variants[v]
        .overrides
        .iter()
        .map(|(k, value)| format!("{k}={value}"))
        .collect();
    match analysis.file.variants.get(v).and_then(|s| s.rules.as_ref()) {
        Some(toml::Value::String(file)) => parts.push(format!("the rules of {file}")),
        Some(_) => parts.push("its own rule tables".into()),
        None => {}
    }
    parts.join(", ")
}

/// A difference as a reader wants it: signed, in percentage points for a chance.
fn shown_change(x: f64, percent: bool) -> String {
    if percent {
        format!("{:+.1} points", 100.0 * x)
    } else {
        format!("{x:+.3}")
    }
}

/// The sentences, or an empty string when the study has no value to describe. With one
/// variant: where the main metric is lowest and highest over the grid. With several: that
/// range under the first variant, then for each other variant (three at most) what it
/// changes and by how much the metric moves, on average over the grid and at its extremes.
pub(super) fn sentence(analysis: &Analysis, result: &AnalysisResult) -> String {
    let Some(metric) = main_metric(analysis) else {
        return String::new();
    };
    let layout = analysis.layout();
    let def = layout.metrics.iter().find(|m| m.name == metric);
    let percent = def.is_some_and(|m| m.kind == MetricKind::Proportion);
    let doc = def.map_or("", |m| m.doc);
    let what = if doc.is_empty() {
        metric.clone()
    } else {
        let first = doc.split(['(', ';']).next().unwrap_or(doc).trim();
        let mut words: Vec<char> = first.chars().collect();
        if let Some(c) = words.first_mut() {
            *c = c.to_uppercase().next().unwrap_or(*c);
        }
        words.into_iter().collect()
    };
    // (value, grid label) of variant `v` at every point where it is known.
    let values_of = |v: usize| -> Vec<(f64, String)> {
        result
            .points
            .iter()
            .filter_map(|point| {
                let m = point.variants.get(v)?.summary.metric(&metric)?;
                let x = m.exact.unwrap_or(m.estimate);
                x.is_finite()
                    .then(|| (x, analysis.point_label(&point.values).join(", ")))
            })
            .collect()
    };
    let range = |values: &[(f64, String)]| -> Option<String> {
        let lo = values.iter().min_by(|a, b| a.0.total_cmp(&b.0))?;
        let hi = values.iter().max_by(|a, b| a.0.total_cmp(&b.0))?;
        let at = |label: &str| {
            if label.is_empty() {
                String::new()
            } else {
                format!(" ({label})")
            }
        };
        Some(if values.len() == 1 || lo.0 == hi.0 {
            format!("is {}", shown(hi.0, percent))
        } else {
            format!(
                "goes from {}{} to {}{}",
                shown(lo.0, percent),
                at(&lo.1),
                shown(hi.0, percent),
                at(&hi.1)
            )
        })
    };
    let base = values_of(0);
    let Some(base_range) = range(&base) else {
        return String::new();
    };
    if analysis.variants.len() == 1 {
        return format!("{what} {base_range}.");
    }
    let mut lower = what.chars();
    let what_inside: String = match lower.next() {
        // "Chance of ..." inside a sentence; a name in capitals ("ND ...") stays as it is.
        Some(c) if !lower.clone().next().is_some_and(char::is_uppercase) => {
            c.to_lowercase().chain(lower).collect()
        }
        _ => what.clone(),
    };
    let mut out = format!(
        "Under '{}', {what_inside} {base_range}.",
        analysis.variants[0].name
    );
    for v in 1..analysis.variants.len().min(4) {
        let moves: Vec<(f64, String)> = result
            .points
            .iter()
            .filter_map(|point| {
                let value = |v: usize| {
                    let m = point.variants.get(v)?.summary.metric(&metric)?;
                    let x = m.exact.unwrap_or(m.estimate);
                    x.is_finite().then_some(x)
                };
                Some((
                    value(v)? - value(0)?,
                    analysis.point_label(&point.values).join(", "),
                ))
            })
            .collect();
        if moves.is_empty() {
            continue;
        }
        let mean = moves.iter().map(|m| m.0).sum::<f64>() / moves.len() as f64;
        let changed = changes(analysis, v);
        let name = &analysis.variants[v].name;
        let label = if changed.is_empty() {
            format!("'{name}'")
        } else {
            format!("'{name}' ({changed})")
        };
        let lo = moves.iter().min_by(|a, b| a.0.total_cmp(&b.0));
        let hi = moves.iter().max_by(|a, b| a.0.total_cmp(&b.0));
        let spread = match (lo, hi) {
            (Some(lo), Some(hi)) if moves.len() > 1 && hi.0 - lo.0 > 1e-12 => format!(
                ", from {} ({}) to {} ({})",
                shown_change(lo.0, percent),
                lo.1,
                shown_change(hi.0, percent),
                hi.1
            ),
            _ => String::new(),
        };
        let on_average = if moves.len() > 1 { " on average" } else { "" };
        out.push_str(&format!(
            " {label} moves it by {}{on_average}{spread}.",
            shown_change(mean, percent)
        ));
    }
    out
}
