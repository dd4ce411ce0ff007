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

/// The sentence, or an empty string when the study has no value to describe.
pub(super) fn sentence(analysis: &Analysis, result: &AnalysisResult) -> String {
    let Some(metric) = main_metric(analysis) else {
        return String::new();
    };
    let layout = analysis.layout();
    let def = layout.metrics.iter().find(|m| m.name == metric);
    let percent = def.is_some_and(|m| m.kind == MetricKind::Proportion);
    let doc = def.map_or("", |m| m.doc);
    let mut values: Vec<(f64, String)> = Vec::new();
    for point in &result.points {
        for (v, vr) in point.variants.iter().enumerate() {
            let Some(m) = vr.summary.metric(&metric) else {
                continue;
            };
            let x = m.exact.unwrap_or(m.estimate);
            if !x.is_finite() {
                continue;
            }
            let mut at = analysis.point_label(&point.values);
            if analysis.variants.len() > 1 {
                at.push(format!("'{}'", analysis.variants[v].name));
            }
            values.push((x, at.join(", ")));
        }
    }
    let lowest = values.iter().min_by(|a, b| a.0.total_cmp(&b.0));
    let highest = values.iter().max_by(|a, b| a.0.total_cmp(&b.0));
    let what = if doc.is_empty() {
        metric.clone()
    } else {
        format!("{metric} ({doc})")
    };
    match (lowest, highest) {
        (Some(lo), Some(hi)) if values.len() == 1 || lo.0 == hi.0 => {
            format!("{what} is {}.", shown(hi.0, percent))
        }
        (Some(lo), Some(hi)) => format!(
            "{what} goes from {} ({}) to {} ({}).",
            shown(lo.0, percent),
            lo.1,
            shown(hi.0, percent),
            hi.1
        ),
        _ => String::new(),
    }
}
