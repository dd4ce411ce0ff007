//! Analysis files: a mechanic, fixed parameters, a grid of swept parameters, rule
//! variants compared side by side, a sample size and a seed, and the charts to draw.
//! [`Analysis::load`] reads and validates one; [`Analysis::check_plan`] refuses a run over
//! the budget and [`Analysis::check_points`] builds every grid point once, both before any
//! sampling; [`Analysis::run`] simulates every grid point and variant, building each
//! point's simulations as it runs, so memory does not grow with the grid.

mod chart_check;
pub mod chart_spec;
pub mod files;
pub mod grid;
mod run;
mod run_many;
pub mod spec;
mod variant_rules;

pub use files::collect_files;
pub use run_many::run_many;
pub use variant_rules::apply_rules;

use crate::engine::paired::PairedDiff;
use crate::engine::params::ParamSpec;
use crate::engine::resolve::unknown_param;
use crate::engine::runner::SampleSize;
use crate::engine::summary::Summary;
use crate::engine::{Mechanic, Rosters, Simulation, Value};
use crate::error::{Error, Result};
use spec::{AnalysisFile, flatten, line_of};
use std::path::{Path, PathBuf};

/// How to go on when an analysis is over the budget (the binary names its flags).
pub const OVER_BUDGET_REMEDY: &str = "lower samples, precision or the grid, or set allow_large = true in the analysis file to run it anyway";

/// The seed used when neither the file nor the command line gives one.
pub const DEFAULT_SEED: u64 = 20_261_122;

/// A rule variant: a name and parameter overrides.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    /// Name (the `variant` column).
    pub name: String,
    /// Overridden parameters.
    pub overrides: Vec<(String, Value)>,
    /// The rule tables (`None`: the official ones).
    pub rules: Option<crate::engine::tables::RuleSet>,
}

/// A validated analysis: its grid, variants and the simulation of its first point.
pub struct Analysis {
    /// The file it was read from.
    pub path: PathBuf,
    /// The file's content, as parsed.
    pub file: AnalysisFile,
    /// The mechanic.
    pub mechanic: &'static dyn Mechanic,
    /// Fixed parameters, as given.
    pub fixed: Vec<(String, Value)>,
    /// Swept parameters and their values, in file order.
    pub axes: Vec<(String, Vec<Value>)>,
    /// Variants (one called "default" when the file has none).
    pub variants: Vec<Variant>,
    /// The rosters its fighters' names are read from.
    pub rosters: Rosters,
    /// The simulation of the first variant at the first grid point: its layout names the
    /// metrics and histograms of the report.
    first: Box<dyn Simulation>,
}

/// Command-line overrides of an analysis file's sample size and seed.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RunOptions {
    /// Exact values instead of sampling, as `exact = true` in every file (the size and
    /// seed then apply to nothing).
    pub exact: bool,
    /// Replaces the file's sample size.
    pub size: Option<SampleSize>,
    /// Replaces the file's seed.
    pub seed: Option<u64>,
    /// Runs past the budget of samples and grid points (`allow_large` in the file).
    pub allow_large: bool,
}

/// One variant's results at one grid point.
#[derive(Debug, Clone)]
pub struct VariantResult {
    /// Estimates, exact values and histograms.
    pub summary: Summary,
    /// Per metric, the paired difference to the first variant (None for the first).
    pub diffs: Vec<Option<PairedDiff>>,
}

/// All variants at one grid point.
#[derive(Debug, Clone)]
pub struct PointResult {
    /// The grid values of the point, one per axis.
    pub values: Vec<Value>,
    /// One result per variant.
    pub variants: Vec<VariantResult>,
    /// False when `precision` stopped at the sample cap.
    pub precision_reached: bool,
}

/// The results of a whole analysis.
#[derive(Debug, Clone)]
pub struct AnalysisResult {
    /// True when every value is exact and nothing was sampled (`exact = true`): each
    /// estimate is then its exact value, with an interval of zero width.
    pub exact: bool,
    /// The seed used (unused when `exact`).
    pub seed: u64,
    /// The sample size used.
    pub size: SampleSize,
    /// One result per grid point, in grid order.
    pub points: Vec<PointResult>,
}

fn file_error(path: &Path, message: impl Into<String>) -> Error {
    Error::AnalysisFile {
        path: path.to_path_buf(),
        message: message.into(),
    }
}

impl Analysis {
    /// Reads and validates an analysis file (a small text file: a device or a huge file
    /// is refused at once), fighters' names read from the built-in rosters.
    pub fn load(path: &Path) -> Result<Self> {
        Self::load_with(path, crate::roster_sources::builtin())
    }

    /// The same, fighters' names read from `rosters`.
    pub fn load_with(path: &Path, rosters: &Rosters) -> Result<Self> {
        let text = files::read_small_text(path, files::MAX_ANALYSIS_BYTES)?;
        Self::parse_with(path, &text, rosters)
    }

    /// Validates the analysis in `text` (read from `path`), with the built-in rosters.
    pub fn parse(path: &Path, text: &str) -> Result<Self> {
        Self::parse_with(path, text, crate::roster_sources::builtin())
    }

    /// Validates the analysis in `text` (read from `path`), fighters' names read from
    /// `rosters`.
    pub fn parse_with(path: &Path, text: &str, rosters: &Rosters) -> Result<Self> {
        let file: AnalysisFile = toml::from_str(text)
            .map_err(|e| file_error(path, e.to_string().trim_end().replace('\n', "\n  ")))?;
        let at_line = |key: &str, message: String| {
            let line = line_of(text, key)
                .map(|l| format!("line {l}: "))
                .unwrap_or_default();
            file_error(path, format!("{line}{message}"))
        };
        if file.name.is_empty()
            || !file
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return Err(at_line(
                "name",
                format!(
                    "name '{}' must be made of letters, digits, '_' and '-' (it names the report folder)",
                    file.name
                ),
            ));
        }
        let mechanic =
            find_mechanic(path, &file.mechanic).map_err(|e| at_line("mechanic", e.to_string()))?;
        let specs = mechanic.params();
        let spec_of = |key: &str| -> Result<&ParamSpec> {
            specs.iter().find(|s| s.name == key).ok_or_else(|| {
                at_line(key, unknown_param(mechanic.name(), &specs, key).to_string())
            })
        };

        let unique = |table: &toml::Table, section: &str| {
            let entries = flatten(table);
            for (i, (key, _)) in entries.iter().enumerate() {
                if entries[..i].iter().any(|(k, _)| k == key) {
                    return Err(at_line(
                        key,
                        format!(
                            "'{key}' is given twice in {section} (a dotted key and a table both set it); keep one"
                        ),
                    ));
                }
            }
            Ok(entries)
        };
        let mut fixed = Vec::new();
        for (key, raw) in unique(&file.params, "[params]")? {
            let value = spec_of(&key)?
                .from_toml(&raw)
                .map_err(|e| at_line(&key, e.to_string()))?;
            fixed.push((key, value));
        }
        let mut axes = Vec::new();
        for (key, raw) in unique(&file.grid, "[grid]")? {
            if fixed.iter().any(|(k, _)| *k == key) {
                return Err(at_line(
                    &key,
                    format!("'{key}' is both fixed in [params] and swept in [grid]; keep one"),
                ));
            }
            let values = grid::axis_values(spec_of(&key)?, &raw)
                .map_err(|e| at_line(&key, e.to_string()))?;
            axes.push((key, values));
        }
        let mut variants = Vec::new();
        for v in &file.variants {
            if v.name.chars().any(char::is_control) {
                return Err(file_error(
                    path,
                    format!(
                        "the variant name {:?} holds a control character; use printable text",
                        v.name
                    ),
                ));
            }
            if variants.iter().any(|known: &Variant| known.name == v.name) {
                return Err(at_line(
                    "name",
                    format!("two variants are called '{}'", v.name),
                ));
            }
            let mut overrides = Vec::new();
            for (key, raw) in unique(&v.params, &format!("the params of variant '{}'", v.name))? {
                if axes.iter().any(|(k, _)| *k == key) {
                    return Err(at_line(
                        &key,
                        format!(
                            "variant '{}' overrides '{key}', which the grid sweeps",
                            v.name
                        ),
                    ));
                }
                overrides.push((
                    key.clone(),
                    spec_of(&key)?
                        .from_toml(&raw)
                        .map_err(|e| at_line(&key, e.to_string()))?,
                ));
            }
            variants.push(Variant {
                name: v.name.clone(),
                overrides,
                rules: None,
            });
        }
        if variants.is_empty() {
            variants.push(Variant {
                name: "default".into(),
                overrides: Vec::new(),
                rules: None,
            });
        }
        let rules = variant_rules::variant_rules(path, text, &file, mechanic.name(), None)?;
        for (variant, rules) in variants.iter_mut().zip(rules) {
            variant.rules = rules;
        }
        match (file.samples, file.precision) {
            (Some(_), Some(_)) => {
                return Err(at_line(
                    "precision",
                    "give samples or precision, not both".into(),
                ));
            }
            (Some(0), _) => return Err(at_line("samples", "samples must be at least 1".into())),
            (Some(_), _) | (_, Some(_)) if file.exact => {
                let key = if file.samples.is_some() {
                    "samples"
                } else {
                    "precision"
                };
                return Err(at_line(
                    key,
                    format!("exact = true draws no samples: remove {key}, or exact to simulate"),
                ));
            }
            (_, Some(p)) if !(p > 0.0 && p < 0.5) => {
                return Err(at_line(
                    "precision",
                    format!("precision {p} must be in (0, 0.5)"),
                ));
            }
            _ => {}
        }

        let first_point: Vec<Value> = axes.iter().map(|(_, v)| v[0].clone()).collect();
        let first = run::build_simulation(
            path,
            mechanic,
            &axes,
            &fixed,
            &variants[0],
            &first_point,
            rosters,
        )?;
        let analysis = Self {
            path: path.to_path_buf(),
            file,
            mechanic,
            fixed,
            axes,
            variants,
            rosters: rosters.clone(),
            first,
        };
        for (i, chart) in analysis.file.charts.iter().enumerate() {
            analysis.check_chart(chart).map_err(|m| {
                let line = chart_check::chart_line(text, i)
                    .map(|l| format!("line {l}: "))
                    .unwrap_or_default();
                file_error(path, format!("{line}{m}"))
            })?;
        }
        Ok(analysis)
    }

    /// The layout of the first simulation (the metrics and histograms reported).
    pub fn layout(&self) -> &crate::engine::Layout {
        self.first.layout()
    }

    /// The grid point with `values` (one per axis), each parameter as `name=value`.
    pub fn point_label(&self, values: &[Value]) -> Vec<String> {
        self.axes
            .iter()
            .zip(values)
            .map(|((name, _), value)| format!("{name}={value}"))
            .collect()
    }

    /// True when the grid point with `values` has the values `at` fixes (parameters
    /// `at` does not name match anything).
    pub fn point_matches(&self, values: &[Value], at: &toml::Table) -> bool {
        let specs = self.mechanic.params();
        self.axes
            .iter()
            .zip(values)
            .all(|((name, _), value)| match at.get(name) {
                Some(raw) => specs
                    .iter()
                    .find(|s| s.name == *name)
                    .and_then(|s| s.from_toml(raw).ok())
                    .is_some_and(|v| v == *value),
                None => true,
            })
    }
}

/// The mechanic an analysis file at `path` names: a built-in one, or a script file
/// (`.rhai`) relative to the analysis file's folder.
fn find_mechanic(path: &Path, name: &str) -> Result<&'static dyn Mechanic> {
    if crate::script::is_script(name) {
        let dir = path.parent().unwrap_or(Path::new(""));
        crate::script::find(&dir.join(name).to_string_lossy())
    } else {
        crate::script::find(name)
    }
}
