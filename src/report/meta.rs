//! `analysis.json`: what a report folder holds, written beside its tables so the report
//! page (and any other tool) can describe the analysis without rerunning it.

use crate::analysis::{Analysis, AnalysisResult};
use crate::engine::params::ParamKind;
use crate::engine::runner::SampleSize;
use crate::engine::summary::Estimate;
use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Largest `analysis.json` read (a report's is a few kilobytes).
const MAX_META_BYTES: u64 = 4 << 20;

/// Rows of the results preview kept in `analysis.json`.
const PREVIEW_ROWS: usize = 24;

/// One line of the results preview: one metric at one grid point and variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PreviewRow {
    /// Grid values and variant, as `name=value` words.
    pub at: String,
    /// Metric name.
    pub metric: String,
    /// Estimate (`None` when no trial met the metric's condition).
    pub estimate: Option<f64>,
    /// 95% interval.
    pub lo: Option<f64>,
    /// 95% interval.
    pub hi: Option<f64>,
    /// Exact value, when known.
    pub exact: Option<f64>,
    /// The paired difference to the first variant, when there is one.
    #[serde(default)]
    pub diff: Option<f64>,
}

/// The description of a report folder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReportMeta {
    /// Analysis (and folder) name.
    pub name: String,
    /// Title.
    pub title: String,
    /// Description, when the file has one.
    pub description: Option<String>,
    /// The analysis file.
    pub source: String,
    /// Mechanic name.
    pub mechanic: String,
    /// Fixed parameters, `name=value`.
    pub params: Vec<String>,
    /// Swept parameters and their values.
    pub grid: Vec<(String, Vec<String>)>,
    /// Variants and their overrides.
    pub variants: Vec<(String, Vec<String>)>,
    /// The mechanic's switches and choices that the study leaves at their default,
    /// `name=default`: with the parameters given, every option the study played.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defaults: Vec<String>,
    /// True when every value is exact and nothing was sampled (`exact = true`); written
    /// only then.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exact: bool,
    /// Per variant whose rule tables are not the official ones, the entries changed
    /// (`damage.legere = 15 (official 20)`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<(String, Vec<String>)>,
    /// Seed.
    pub seed: u64,
    /// Samples per grid point and variant (the first point's, with `--precision`).
    pub samples: u64,
    /// The precision target, when sampling ran to a precision.
    pub precision: Option<f64>,
    /// Grid points.
    pub points: usize,
    /// Files of the folder: tables first, then charts (SVG).
    pub tables: Vec<String>,
    /// Chart files (SVG; a PNG of each lies beside it).
    pub charts: Vec<String>,
    /// Each chart's title, the alt text of its image.
    #[serde(default)]
    pub chart_titles: Vec<String>,
    /// The study's answer in words, read off the numbers: the range of its main metrics,
    /// then a sentence per variant against the first ([`Self::answer_sentences`] one by
    /// one).
    #[serde(default)]
    pub answer: String,
    /// The same answer, a sentence per line: the first variant's ranges, then one per
    /// other variant.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub answer_sentences: Vec<String>,
    /// Estimates that have an exact value.
    pub exact_compared: usize,
    /// Of those, how many lie inside their 95% interval.
    pub exact_inside: usize,
    /// The first rows of the results.
    pub preview: Vec<PreviewRow>,
}

impl ReportMeta {
    /// Describes the report of `analysis`.
    pub fn new(
        analysis: &Analysis,
        result: &AnalysisResult,
        tables: Vec<String>,
        charts: Vec<String>,
        chart_titles: Vec<String>,
    ) -> Self {
        let mut preview = Vec::new();
        let (mut compared, mut inside) = (0, 0);
        for point in &result.points {
            for (v, vr) in point.variants.iter().enumerate() {
                let mut at = analysis.point_label(&point.values);
                if analysis.variants.len() > 1 {
                    at.push(format!("variant={}", analysis.variants[v].name));
                }
                for (i, m) in vr.summary.metrics.iter().enumerate() {
                    if let Some(agrees) = m.agrees() {
                        compared += 1;
                        inside += usize::from(agrees);
                    }
                    if preview.len() < PREVIEW_ROWS {
                        let mut r = row(at.join(" "), m);
                        r.diff = vr.diffs.get(i).copied().flatten().map(|d| d.diff);
                        preview.push(r);
                    }
                }
            }
        }
        let answer = super::answer::sentences(analysis, result);
        let samples = result
            .points
            .first()
            .and_then(|p| p.variants.first())
            .map_or(0, |v| v.summary.samples);
        Self {
            name: analysis.file.name.clone(),
            title: analysis.file.title.clone(),
            description: analysis.file.description.clone(),
            source: analysis.path.display().to_string(),
            mechanic: analysis.mechanic.name().to_string(),
            params: analysis
                .fixed
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
            grid: analysis
                .axes
                .iter()
                .map(|(k, values)| (k.clone(), values.iter().map(|v| v.to_string()).collect()))
                .collect(),
            variants: analysis
                .variants
                .iter()
                .map(|v| {
                    (
                        v.name.clone(),
                        v.overrides
                            .iter()
                            .map(|(k, x)| format!("{k}={x}"))
                            .collect(),
                    )
                })
                .collect(),
            defaults: defaults_left(analysis),
            exact: result.exact,
            rules: analysis.rule_changes(),
            seed: result.seed,
            samples,
            precision: match result.size {
                SampleSize::Precision(p) => Some(p),
                SampleSize::Samples(_) => None,
            },
            points: result.points.len(),
            tables,
            charts,
            chart_titles,
            answer: answer.join(" "),
            answer_sentences: answer,
            exact_compared: compared,
            exact_inside: inside,
            preview,
        }
    }

    /// Writes `analysis.json` into `dir`.
    pub fn write(&self, dir: &Path) -> Result<()> {
        let path = dir.join("analysis.json");
        let text = serde_json::to_string_pretty(self).map_err(|e| Error::Report {
            what: "analysis.json".into(),
            message: e.to_string(),
        })?;
        std::fs::write(&path, text).map_err(|e| Error::io("write", &path, e))
    }

    /// Reads `analysis.json` from a report folder.
    pub fn read(dir: &Path) -> Result<Self> {
        let path = dir.join("analysis.json");
        let text = crate::files::read_small_text(&path, MAX_META_BYTES)?;
        serde_json::from_str(&text).map_err(|e| {
            Error::Invalid(format!(
                "'{}' is not a report description written by alea: {e}",
                path.display()
            ))
        })
    }
}

/// The switches and choices of `analysis`'s mechanic that it gives nowhere (neither fixed,
/// swept nor in a variant, nor through a named fighter's group), with their default:
/// `name=default`.
fn defaults_left(analysis: &Analysis) -> Vec<String> {
    let given: Vec<&str> = analysis
        .fixed
        .iter()
        .map(|(k, _)| k.as_str())
        .chain(analysis.axes.iter().map(|(k, _)| k.as_str()))
        .chain(
            analysis
                .variants
                .iter()
                .flat_map(|v| v.overrides.iter().map(|(k, _)| k.as_str())),
        )
        .collect();
    let is_given = |name: &str| {
        given.contains(&name)
            || name
                .split_once('.')
                .is_some_and(|(group, _)| given.contains(&group))
    };
    analysis
        .mechanic
        .params()
        .into_iter()
        .filter(|spec| !is_given(&spec.name))
        .filter_map(|spec| match spec.kind {
            ParamKind::Bool { default } => Some(format!("{}={default}", spec.name)),
            ParamKind::Choice {
                default: Some(default),
                ..
            } => Some(format!("{}={default}", spec.name)),
            _ => None,
        })
        .collect()
}

fn row(at: String, m: &Estimate) -> PreviewRow {
    let finite = |x: f64| x.is_finite().then_some(x);
    PreviewRow {
        at,
        metric: m.name.clone(),
        estimate: finite(m.estimate),
        lo: finite(m.lo),
        hi: finite(m.hi),
        exact: m.exact,
        diff: None,
    }
}
