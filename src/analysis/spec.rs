//! The analysis file format (TOML), read into typed structs. Unknown keys are errors that
//! name the file and the line.
//!
//! ```toml
//! name = "aube_test_table"          # the report folder: reports/<name>/
//! title = "Chance to beat ND"       # shown on charts and in the report page
//! mechanic = "aube.test"
//! samples = 1000000                 # or: precision = 0.001 (95% half-width)
//! seed = 20261122
//! # exact = true                   # instead of samples: the mechanic's exact values, no sampling
//!
//! [params]                          # fixed parameters ([params.a] for fighter a)
//! extremes = "auto"                 # a fighter by roster name: a = "krom" ("a.ca" = 11 wins)
//!
//! [grid]                            # swept parameters: lists or ranges
//! ca = "-5..=25"                    # inclusive range; "0..=30:5" steps by 5
//! nd = [0, 5, 10, 15]
//!
//! [[variants]]                      # rule variants compared side by side
//! name = "no crit die"
//! [[variants]]
//! name = "d10"
//! params = { crit = "d10" }
//!
//! histograms = "charted"          # histograms.csv for: charted (default) | all | none
//!
//! [[charts]]
//! kind = "heatmap"                  # heatmap | lines | bars (see chart_spec.rs)
//! metric = "beats_nd"
//! x = "ca"
//! y = "nd"
//! ```

use super::chart_spec::ChartSpec;
use serde::Deserialize;

/// One analysis file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisFile {
    /// Report folder name (letters, digits, `_` and `-`).
    pub name: String,
    /// Human title.
    pub title: String,
    /// Optional longer description, shown in the report page.
    #[serde(default)]
    pub description: Option<String>,
    /// Mechanic name, `system.mechanic`.
    pub mechanic: String,
    /// Fixed parameters (tables flatten to dotted names: `[params.a] ca = 9` is `a.ca`).
    #[serde(default)]
    pub params: toml::Table,
    /// Swept parameters.
    #[serde(default)]
    pub grid: toml::Table,
    /// Rule variants.
    #[serde(default)]
    pub variants: Vec<VariantSpec>,
    /// Sample count per grid point and variant (`1000000`, `1e6` or `"1e6"`).
    #[serde(default, deserialize_with = "sample_count")]
    pub samples: Option<u64>,
    /// Target 95% half-width of every proportion, instead of `samples`.
    #[serde(default)]
    pub precision: Option<f64>,
    /// Seed.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Exact values instead of sampling: every grid point and variant must have them
    /// (the run stops with an error naming the first point that has none).
    #[serde(default)]
    pub exact: bool,
    /// Runs past the budget of samples and grid points ([`crate::budget`]).
    #[serde(default)]
    pub allow_large: bool,
    /// Charts to draw.
    #[serde(default)]
    pub charts: Vec<ChartSpec>,
    /// Which grid points get their histograms written to `histograms.csv`.
    #[serde(default)]
    pub histograms: HistogramScope,
    /// Rule tables of every variant: a table (`[rules.damage]`) or a rules file's name.
    #[serde(default)]
    pub rules: Option<toml::Value>,
}

/// Which grid points' histograms are written to `histograms.csv` (a histogram per point
/// and variant can make a large file).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HistogramScope {
    /// The points drawn by a bars chart (the default).
    #[default]
    Charted,
    /// Every grid point.
    All,
    /// None: no `histograms.csv`.
    None,
}

/// A named set of parameter overrides.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantSpec {
    /// Name shown in the `variant` column and in legends.
    pub name: String,
    /// Overrides of fixed parameters.
    #[serde(default)]
    pub params: toml::Table,
    /// Rule tables over the analysis's (a table, or a rules file's name).
    #[serde(default)]
    pub rules: Option<toml::Value>,
}

/// A sample count written as a whole number, a whole real (`1e6`) or text (`"1e6"`).
fn sample_count<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Count {
        Int(i64),
        Real(f64),
        Text(String),
    }
    let text = match Count::deserialize(d)? {
        Count::Int(n) => n.to_string(),
        Count::Real(x) if x.is_finite() && x.fract() == 0.0 && x.abs() < 1e19 => {
            format!("{x:.0}")
        }
        Count::Real(x) => x.to_string(),
        Count::Text(t) => t,
    };
    crate::budget::parse_count(&text)
        .map(Some)
        .map_err(|e| serde::de::Error::custom(format!("samples: {e}")))
}

/// Flattens nested tables into dotted names (`{a = {ca = 9}}` → `a.ca = 9`).
pub fn flatten(table: &toml::Table) -> Vec<(String, toml::Value)> {
    let mut out = Vec::new();
    for (key, value) in table {
        match value {
            toml::Value::Table(inner) => {
                for (k, v) in flatten(inner) {
                    out.push((format!("{key}.{k}"), v));
                }
            }
            other => out.push((key.clone(), other.clone())),
        }
    }
    out
}

/// The 1-based line where `key` is assigned in `text` (its last dotted part), if found.
pub fn line_of(text: &str, key: &str) -> Option<usize> {
    let last = key.rsplit('.').next().unwrap_or(key);
    text.lines()
        .position(|line| {
            let t = line.trim_start();
            let t = t.strip_prefix('"').unwrap_or(t);
            t.starts_with(key)
                && t[key.len()..]
                    .trim_start()
                    .trim_start_matches('"')
                    .trim_start()
                    .starts_with('=')
                || t.starts_with(last) && t[last.len()..].trim_start().starts_with('=')
        })
        .map(|i| i + 1)
}
