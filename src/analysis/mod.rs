//! Analysis files: a mechanic, fixed parameters, a grid of swept parameters, rule
//! variants compared side by side, a sample size and a seed, and the charts to draw.
//! [`Analysis::load`] reads and validates one; [`Analysis::run`] simulates every grid
//! point and variant.

mod chart_check;
pub mod chart_spec;
pub mod grid;
pub mod spec;

use crate::engine::paired::PairedDiff;
use crate::engine::params::{ParamSpec, unknown_param};
use crate::engine::runner::{DEFAULT_SAMPLES, RunPlan, SampleSize, run_point};
use crate::engine::summary::{Summary, summarize};
use crate::engine::{Mechanic, ParamValues, Simulation, Value};
use crate::error::{Error, Result};
use crate::systems;
use rayon::prelude::*;
use spec::{AnalysisFile, flatten, line_of};
use std::path::{Path, PathBuf};

/// The seed used when neither the file nor the command line gives one.
pub const DEFAULT_SEED: u64 = 20_261_122;

/// A rule variant: a name and parameter overrides.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    /// Name (the `variant` column).
    pub name: String,
    /// Overridden parameters.
    pub overrides: Vec<(String, Value)>,
}

/// A validated analysis, its simulations built for every grid point and variant.
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
    /// Grid points: one value per axis.
    pub points: Vec<Vec<Value>>,
    /// `[point][variant]` simulations.
    simulations: Vec<Vec<Box<dyn Simulation>>>,
    /// `[point][variant]` full parameter values.
    pub resolved: Vec<Vec<ParamValues>>,
}

/// Command-line overrides of an analysis file's sample size and seed.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RunOptions {
    /// Replaces the file's sample size.
    pub size: Option<SampleSize>,
    /// Replaces the file's seed.
    pub seed: Option<u64>,
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
    /// The seed used.
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
    /// Reads and validates an analysis file.
    pub fn load(path: &Path) -> Result<Self> {
        let text = std::fs::read_to_string(path).map_err(|e| Error::io("read", path, e))?;
        Self::parse(path, &text)
    }

    /// Validates the analysis in `text` (read from `path`).
    pub fn parse(path: &Path, text: &str) -> Result<Self> {
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
            systems::find(&file.mechanic).map_err(|e| at_line("mechanic", e.to_string()))?;
        let specs = mechanic.params();
        let spec_of = |key: &str| -> Result<&ParamSpec> {
            specs.iter().find(|s| s.name == key).ok_or_else(|| {
                at_line(key, unknown_param(mechanic.name(), &specs, key).to_string())
            })
        };

        let mut fixed = Vec::new();
        for (key, raw) in flatten(&file.params) {
            let value = spec_of(&key)?
                .from_toml(&raw)
                .map_err(|e| at_line(&key, e.to_string()))?;
            fixed.push((key, value));
        }
        let mut axes = Vec::new();
        for (key, raw) in flatten(&file.grid) {
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
            if variants.iter().any(|known: &Variant| known.name == v.name) {
                return Err(at_line(
                    "name",
                    format!("two variants are called '{}'", v.name),
                ));
            }
            let mut overrides = Vec::new();
            for (key, raw) in flatten(&v.params) {
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
            });
        }
        if variants.is_empty() {
            variants.push(Variant {
                name: "default".into(),
                overrides: Vec::new(),
            });
        }
        match (file.samples, file.precision) {
            (Some(_), Some(_)) => {
                return Err(at_line(
                    "precision",
                    "give samples or precision, not both".into(),
                ));
            }
            (Some(0), _) => return Err(at_line("samples", "samples must be at least 1".into())),
            (_, Some(p)) if !(p > 0.0 && p < 0.5) => {
                return Err(at_line(
                    "precision",
                    format!("precision {p} must be in (0, 0.5)"),
                ));
            }
            _ => {}
        }

        let axis_values: Vec<Vec<Value>> = axes.iter().map(|(_, v)| v.clone()).collect();
        let points = grid::cartesian(&axis_values);
        let mut simulations = Vec::with_capacity(points.len());
        let mut resolved = Vec::with_capacity(points.len());
        for point in &points {
            let mut sims = Vec::with_capacity(variants.len());
            let mut values = Vec::with_capacity(variants.len());
            for variant in &variants {
                let mut given: Vec<(String, Value)> = axes
                    .iter()
                    .map(|(k, _)| k.clone())
                    .zip(point.iter().cloned())
                    .collect();
                for (k, v) in fixed.iter().chain(&variant.overrides) {
                    given.retain(|(g, _)| g != k);
                    given.push((k.clone(), v.clone()));
                }
                let context = |e: Error| {
                    let at: Vec<String> = given.iter().map(|(k, v)| format!("{k}={v}")).collect();
                    file_error(
                        path,
                        format!("{e} (at {}, variant '{}')", at.join(" "), variant.name),
                    )
                };
                let params =
                    ParamValues::resolve(mechanic.name(), &specs, &given).map_err(context)?;
                sims.push(mechanic.build(&params).map_err(context)?);
                values.push(params);
            }
            simulations.push(sims);
            resolved.push(values);
        }
        let analysis = Self {
            path: path.to_path_buf(),
            file,
            mechanic,
            fixed,
            axes,
            variants,
            points,
            simulations,
            resolved,
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
        self.simulations[0][0].layout()
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

    /// The seed and sample size, command line first, then the file, then the defaults.
    pub fn plan(&self, options: &RunOptions) -> RunPlan {
        let size = options
            .size
            .unwrap_or(match (self.file.samples, self.file.precision) {
                (_, Some(p)) => SampleSize::Precision(p),
                (Some(n), _) => SampleSize::Samples(n),
                _ => SampleSize::Samples(DEFAULT_SAMPLES),
            });
        RunPlan {
            seed: options.seed.or(self.file.seed).unwrap_or(DEFAULT_SEED),
            size,
        }
    }

    /// Samples the whole analysis will draw, when the size is fixed.
    pub fn total_samples(&self, plan: &RunPlan) -> Option<u64> {
        match plan.size {
            SampleSize::Samples(n) => Some(n * (self.points.len() * self.variants.len()) as u64),
            SampleSize::Precision(_) => None,
        }
    }

    /// Runs every grid point (point `i` draws from streams of point `i`), all variants of
    /// a point on common random numbers. `progress` receives sample counts as they are
    /// drawn.
    pub fn run(&self, options: &RunOptions, progress: &(dyn Fn(u64) + Sync)) -> AnalysisResult {
        let plan = self.plan(options);
        // Grid points run in parallel too (each on its own streams, collected in order),
        // so small sample counts over large grids still use every core.
        let points = self
            .points
            .par_iter()
            .zip(&self.simulations)
            .enumerate()
            .map(|(i, (values, sims))| {
                let refs: Vec<&dyn Simulation> = sims.iter().map(|s| s.as_ref()).collect();
                let report = |n: u64| progress(n * refs.len() as u64);
                let run = run_point(&refs, i as u64, &plan, &report);
                let variants = sims
                    .iter()
                    .zip(&run.tallies)
                    .enumerate()
                    .map(|(v, (sim, tally))| {
                        let summary = summarize(sim.layout(), tally, sim.exact().as_ref());
                        let diffs = (0..summary.metrics.len())
                            .map(|m| if v == 0 { None } else { run.paired.diff(v, m) })
                            .collect();
                        VariantResult { summary, diffs }
                    })
                    .collect();
                PointResult {
                    values: values.clone(),
                    variants,
                    precision_reached: run.precision_reached,
                }
            })
            .collect();
        AnalysisResult {
            seed: plan.seed,
            size: plan.size,
            points,
        }
    }
}

/// The analysis files named by `paths`: files as given, folders searched for `*.toml`
/// (sorted by name).
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| Error::io("read folder", path, e))?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "toml"))
                .collect();
            found.sort();
            if found.is_empty() {
                return Err(Error::Invalid(format!(
                    "'{}' holds no analysis file (*.toml)",
                    path.display()
                )));
            }
            files.extend(found);
        } else if path.exists() {
            files.push(path.clone());
        } else {
            return Err(Error::Invalid(format!(
                "'{}' does not exist; give analysis files (*.toml) or folders of them",
                path.display()
            )));
        }
    }
    Ok(files)
}
