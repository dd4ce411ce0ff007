//! The results of an analysis as polars tables: `results` (one row per grid point and
//! variant) and `histograms` (one row per value of each histogram), written as CSV and
//! Parquet.

use crate::analysis::chart_spec::ChartKind;
use crate::analysis::spec::HistogramScope;
use crate::analysis::{Analysis, AnalysisResult, PointResult};
use crate::engine::Value;
use crate::engine::summary::Summary;
use crate::error::{Error, Result};
use polars::prelude::*;
use std::path::Path;

fn report_error(what: &str, e: impl std::fmt::Display) -> Error {
    Error::Report {
        what: what.into(),
        message: e.to_string(),
    }
}

/// A column of parameter values, typed after the values (text for choices and lists).
fn value_column(name: &str, values: &[&Value]) -> Column {
    match values.first() {
        Some(Value::Int(_)) => column(name, values, |v| v.as_i64()),
        Some(Value::Float(_)) => column(name, values, |v| v.as_f64()),
        Some(Value::Bool(_)) => column(name, values, |v| v.as_bool()),
        _ => column(name, values, |v| v.to_string()),
    }
}

/// The column `name` holding `cell` of each row.
fn column<R, T>(name: &str, rows: &[R], cell: impl Fn(&R) -> T) -> Column
where
    Series: NamedFrom<Vec<T>, [T]>,
{
    Column::new(name.into(), rows.iter().map(cell).collect::<Vec<T>>())
}

/// `x` rounded to the precision an interval of half-width `half` gives it: one digit
/// beyond the first the interval leaves uncertain (at least 2 and at most 12 decimals), so
/// the tables carry no floating-point noise (`-0.32537`, not `-0.3253699999999995`).
fn carried(x: f64, half: f64) -> f64 {
    let decimals = if half > 0.0 && half.is_finite() {
        ((-half.log10()).ceil() as i32 + 1).clamp(2, 12)
    } else {
        12
    };
    let k = 10f64.powi(decimals);
    let rounded = (x * k).round() / k;
    if rounded == 0.0 { 0.0 } else { rounded }
}

/// The names `names_of` gives each variant's summary, over all rows, in order of first
/// appearance.
fn names_in_order<'a>(
    result: &'a AnalysisResult,
    names_of: impl Fn(&'a Summary) -> Vec<&'a String>,
) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for point in &result.points {
        for name in point.variants.iter().flat_map(|v| names_of(&v.summary)) {
            if !names.contains(name) {
                names.push(name.clone());
            }
        }
    }
    names
}

/// Histogram names over all rows, in order of first appearance.
fn histogram_names(result: &AnalysisResult) -> Vec<String> {
    names_in_order(result, |s| s.histograms.iter().map(|h| &h.name).collect())
}

/// Metric names over all rows, in order of first appearance.
pub fn metric_names(result: &AnalysisResult) -> Vec<String> {
    names_in_order(result, |s| s.metrics.iter().map(|m| &m.name).collect())
}

/// The first columns of a table whose rows are `(point, variant)` indices: the variant's
/// name, then each grid parameter's value.
fn row_columns(
    analysis: &Analysis,
    result: &AnalysisResult,
    rows: &[(usize, usize)],
) -> Vec<Column> {
    let mut columns = vec![column("variant", rows, |(_, v)| {
        analysis.variants[*v].name.clone()
    })];
    for (axis, (name, _)) in analysis.axes.iter().enumerate() {
        let values: Vec<&Value> = rows
            .iter()
            .map(|(p, _)| &result.points[*p].values[axis])
            .collect();
        columns.push(value_column(name, &values));
    }
    columns
}

/// The `results` table: the variant, the grid parameters, then per metric its estimate,
/// 95% interval, exact value and (with several variants) the paired difference to the
/// first variant with its 95% interval and, when both are exact, the exact difference;
/// then per histogram its mean and 10%, 50% and 90% quantiles; then `samples` and `seed`.
/// Numbers are rounded to the precision they carry.
pub fn results_frame(analysis: &Analysis, result: &AnalysisResult) -> Result<DataFrame> {
    let rows: Vec<(usize, usize)> = (0..result.points.len())
        .flat_map(|p| (0..analysis.variants.len()).map(move |v| (p, v)))
        .collect();
    let mut columns = row_columns(analysis, result, &rows);
    let paired = analysis.variants.len() > 1;
    for name in metric_names(result) {
        let get = |p: usize, v: usize| {
            let variant = &result.points[p].variants[v];
            variant.summary.metric_index(&name).map(|i| (i, variant))
        };
        let pick = |f: &dyn Fn(usize, &crate::analysis::VariantResult) -> Option<f64>| -> Vec<Option<f64>> {
            rows.iter().map(|(p, v)| get(*p, *v).and_then(|(i, r)| f(i, r)).filter(|x| x.is_finite())).collect()
        };
        // An end that nothing bounds is an empty cell ("no interval"), never inf.
        let half = |i: usize, r: &crate::analysis::VariantResult| {
            let m = &r.summary.metrics[i];
            match (m.lo.is_finite(), m.hi.is_finite()) {
                (true, true) => (m.hi - m.lo) / 2.0,
                (true, false) => m.estimate - m.lo,
                (false, true) => m.hi - m.estimate,
                (false, false) => 0.0,
            }
        };
        columns.push(Column::new(
            name.as_str().into(),
            pick(&|i, r| Some(carried(r.summary.metrics[i].estimate, half(i, r)))),
        ));
        columns.push(Column::new(
            format!("{name}_lo").into(),
            pick(&|i, r| Some(carried(r.summary.metrics[i].lo, half(i, r)))),
        ));
        columns.push(Column::new(
            format!("{name}_hi").into(),
            pick(&|i, r| Some(carried(r.summary.metrics[i].hi, half(i, r)))),
        ));
        columns.push(Column::new(
            format!("{name}_exact").into(),
            pick(&|i, r| r.summary.metrics[i].exact.map(|x| carried(x, 0.0))),
        ));
        if paired {
            let diff_half = |d: &crate::engine::paired::PairedDiff| match (d.lo, d.hi) {
                (Some(lo), Some(hi)) => (hi - lo) / 2.0,
                (Some(lo), None) => d.diff - lo,
                (None, Some(hi)) => hi - d.diff,
                (None, None) => 0.0,
            };
            columns.push(Column::new(
                format!("{name}_diff").into(),
                pick(&|i, r| r.diffs[i].map(|d| carried(d.diff, diff_half(&d)))),
            ));
            columns.push(Column::new(
                format!("{name}_diff_lo").into(),
                pick(&|i, r| r.diffs[i].and_then(|d| d.lo.map(|x| carried(x, diff_half(&d))))),
            ));
            columns.push(Column::new(
                format!("{name}_diff_hi").into(),
                pick(&|i, r| r.diffs[i].and_then(|d| d.hi.map(|x| carried(x, diff_half(&d))))),
            ));
            // The exact difference, when both this variant and the first have exact values.
            let first_exact = |p: usize| result.points[p].variants[0].summary.metric(&name)?.exact;
            columns.push(column(&format!("{name}_diff_exact"), &rows, |(p, v)| {
                let own = get(*p, *v).and_then(|(i, r)| r.summary.metrics[i].exact);
                match (own, first_exact(*p)) {
                    (Some(a), Some(b)) if *v > 0 => Some(carried(a - b, 0.0)),
                    _ => None,
                }
            }));
        }
    }
    // Each histogram's mean and its 10%, 50% and 90% quantiles.
    for hist in histogram_names(result) {
        let find = |p: usize, v: usize| {
            let h = result.points[p].variants[v].summary.histogram(&hist)?;
            (!h.probs.is_empty()).then_some(h)
        };
        columns.push(column(&format!("{hist}_mean"), &rows, |(p, v)| {
            find(*p, *v).map(|h| carried(h.mean, 1.96 * h.se))
        }));
        for q in [0.1, 0.5, 0.9] {
            let name = format!("{hist}_q{:02}", (q * 100.0f64).round());
            columns.push(column(&name, &rows, |(p, v)| {
                let quantiles = &find(*p, *v)?.quantiles;
                quantiles
                    .iter()
                    .find(|(x, _)| *x == q)
                    .map(|(_, value)| *value)
            }));
        }
    }
    columns.push(column("samples", &rows, |(p, v)| {
        result.points[*p].variants[*v].summary.samples
    }));
    // Exact values come from no seed: the column is empty.
    let seed = (!result.exact).then_some(result.seed);
    columns.push(Column::new("seed".into(), vec![seed; rows.len()]));
    DataFrame::new(rows.len(), columns).map_err(|e| report_error("results table", e))
}

/// The `histograms` table: variant, grid parameters, histogram name, value, observed
/// probability and exact probability, for the grid points the analysis's
/// [`HistogramScope`] selects. `None` when there is nothing to write.
pub fn histograms_frame(analysis: &Analysis, result: &AnalysisResult) -> Result<Option<DataFrame>> {
    let bars: Vec<&toml::Table> = analysis
        .file
        .charts
        .iter()
        .filter(|c| matches!(c.kind, ChartKind::Bars { .. }))
        .map(|c| &c.at)
        .collect();
    let wanted = |point: &PointResult| match analysis.file.histograms {
        HistogramScope::All => true,
        HistogramScope::None => false,
        HistogramScope::Charted => bars
            .iter()
            .any(|at| analysis.point_matches(&point.values, at)),
    };
    struct Row<'a> {
        point: usize,
        variant: usize,
        hist: &'a str,
        value: i64,
        p: f64,
        exact: Option<f64>,
    }
    let mut rows = Vec::new();
    for (p, point) in result
        .points
        .iter()
        .enumerate()
        .filter(|(_, point)| wanted(point))
    {
        for (v, vr) in point.variants.iter().enumerate() {
            for h in &vr.summary.histograms {
                let exact: std::collections::BTreeMap<i64, f64> =
                    h.exact.iter().flatten().copied().collect();
                let mut values: Vec<i64> = h
                    .probs
                    .iter()
                    .map(|(x, _)| *x)
                    .chain(exact.keys().copied().filter(|_| h.exact.is_some()))
                    .collect();
                values.sort_unstable();
                values.dedup();
                for value in values {
                    let observed = h
                        .probs
                        .iter()
                        .find(|(x, _)| *x == value)
                        .map_or(0.0, |(_, p)| *p);
                    let ex = h
                        .exact
                        .as_ref()
                        .map(|_| exact.get(&value).copied().unwrap_or(0.0));
                    if observed == 0.0 && ex.is_some_and(|e| e < 1e-9) {
                        continue;
                    }
                    rows.push(Row {
                        point: p,
                        variant: v,
                        hist: &h.name,
                        value,
                        p: observed,
                        exact: ex,
                    });
                }
            }
        }
    }
    if rows.is_empty() {
        return Ok(None);
    }
    let at: Vec<(usize, usize)> = rows.iter().map(|r| (r.point, r.variant)).collect();
    let mut columns = row_columns(analysis, result, &at);
    columns.extend([
        column("histogram", &rows, |r| r.hist),
        column("value", &rows, |r| r.value),
        column("probability", &rows, |r| r.p),
        column("exact", &rows, |r| r.exact),
    ]);
    DataFrame::new(rows.len(), columns)
        .map(Some)
        .map_err(|e| report_error("histograms table", e))
}

/// Writes `df` as CSV to `path`.
pub fn write_csv(df: &mut DataFrame, path: &Path) -> Result<()> {
    let file = std::fs::File::create(path).map_err(|e| Error::io("write", path, e))?;
    CsvWriter::new(file)
        .finish(df)
        .map_err(|e| report_error(&format!("CSV table {}", path.display()), e))
}

/// Writes `df` as Parquet to `path`.
pub fn write_parquet(df: &mut DataFrame, path: &Path) -> Result<()> {
    let file = std::fs::File::create(path).map_err(|e| Error::io("write", path, e))?;
    ParquetWriter::new(file)
        .finish(df)
        .map(|_| ())
        .map_err(|e| report_error(&format!("Parquet table {}", path.display()), e))
}
