//! Running an analysis: its grid points one by one (built as they run), the plan check
//! and the check of every point before any sampling.

use super::chart_spec::ChartKind;
use super::spec::HistogramScope;
use super::{
    Analysis, AnalysisResult, DEFAULT_SEED, OVER_BUDGET_REMEDY, PointResult, RunOptions, Variant,
    VariantResult, file_error,
};
use crate::budget::{RoundsPerSample, Work};
use crate::engine::paired::PairedDiff;
use crate::engine::runner::{DEFAULT_SAMPLES, RunPlan, SampleSize, run_point};
use crate::engine::summary::{Estimate, Summary, exact_summary, summarize};
use crate::engine::{Mechanic, ParamValues, Rosters, Simulation, Value};
use crate::error::{Error, Result};
use rayon::prelude::*;
use std::path::Path;

/// The simulation of `variant` at the grid point with `values` (one per axis); an error
/// names the file, the point and the variant.
pub(super) fn build_simulation(
    path: &Path,
    mechanic: &'static dyn Mechanic,
    axes: &[(String, Vec<Value>)],
    fixed: &[(String, Value)],
    variant: &Variant,
    values: &[Value],
    rosters: &Rosters,
) -> Result<Box<dyn Simulation>> {
    let mut given: Vec<(String, Value)> = axes
        .iter()
        .map(|(k, _)| k.clone())
        .zip(values.iter().cloned())
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
    let specs = mechanic.params();
    let params = ParamValues::resolve(mechanic.name(), &specs, &given, rosters).map_err(context)?;
    mechanic
        .build(&params.with_rules(variant.rules.clone()))
        .map_err(context)
}

impl Analysis {
    /// Most rounds one sample may play at any point of the grid and in any variant: each
    /// parameter that bounds the rounds of a sample (`max_rounds`, `rounds`, ...) at its
    /// largest value (swept, given, overridden or its default).
    pub fn rounds_per_sample(&self) -> RoundsPerSample {
        RoundsPerSample::bounded(&self.mechanic.params(), |name| {
            let swept: Vec<Value> = self
                .axes
                .iter()
                .filter(|(k, _)| k == name)
                .flat_map(|(_, values)| values.iter().cloned())
                .collect();
            let base: Vec<Value> = if swept.is_empty() {
                self.fixed
                    .iter()
                    .filter(|(k, _)| k == name)
                    .map(|(_, v)| v.clone())
                    .collect()
            } else {
                swept
            };
            // Left out: the default, which an override may still exceed.
            let base_or_default: Vec<Value> = if base.is_empty() {
                self.mechanic
                    .params()
                    .iter()
                    .find(|s| s.name == name)
                    .and_then(|s| s.default_value())
                    .into_iter()
                    .collect()
            } else {
                base
            };
            let overridden = self
                .variants
                .iter()
                .flat_map(|v| &v.overrides)
                .filter(|(k, _)| k == name)
                .map(|(_, v)| v.clone());
            base_or_default.into_iter().chain(overridden).collect()
        })
    }

    /// The number of grid points (the product of the axes' lengths; saturates).
    pub fn point_count(&self) -> u64 {
        self.axes
            .iter()
            .fold(1u64, |n, (_, values)| n.saturating_mul(values.len() as u64))
    }

    /// The values of grid point `index`, one per axis, the first axis varying slowest.
    pub fn point(&self, index: u64) -> Vec<Value> {
        let mut rest = index;
        let mut values: Vec<Value> = self
            .axes
            .iter()
            .rev()
            .map(|(_, axis)| {
                let n = axis.len() as u64;
                let value = axis[(rest % n) as usize].clone();
                rest /= n;
                value
            })
            .collect();
        values.reverse();
        values
    }

    /// The simulation of `variant` at the grid point with `values`.
    pub fn build(&self, values: &[Value], variant: usize) -> Result<Box<dyn Simulation>> {
        build_simulation(
            &self.path,
            self.mechanic,
            &self.axes,
            &self.fixed,
            &self.variants[variant],
            values,
            &self.rosters,
        )
    }

    /// Builds every grid point's simulations once (and drops them), so that a point the
    /// mechanic refuses is found before any sampling. The first such point in grid order
    /// is reported.
    pub fn check_points(&self) -> Result<()> {
        let error = (0..self.point_count()).into_par_iter().find_map_first(|i| {
            let values = self.point(i);
            (0..self.variants.len()).find_map(|v| self.build(&values, v).err())
        });
        error.map_or(Ok(()), Err)
    }

    /// When exact ([`Analysis::is_exact`]), computes the first grid point's exact values
    /// and drops them, so that a mechanic with none (or none here) is refused before any
    /// report is written; a later point without exact values still stops the run.
    pub fn check_exact(&self, options: &RunOptions) -> Result<()> {
        if self.is_exact(options) {
            self.exact_one(0, options)?;
        }
        Ok(())
    }

    /// Refuses, before any sampling, a run over the budget of samples or grid points
    /// ([`crate::budget`]) unless the file or `options` allow it.
    pub fn check_plan(&self, options: &RunOptions) -> Result<()> {
        if self.file.allow_large || options.allow_large {
            return Ok(());
        }
        let work = Work {
            points: self.point_count(),
            variants: self.variants.len() as u64,
            size: if self.is_exact(options) {
                SampleSize::Samples(0)
            } else {
                self.plan(options).size
            },
            rounds: self.rounds_per_sample(),
        };
        work.check(OVER_BUDGET_REMEDY).map_err(|e| match e {
            Error::OverBudget { what, remedy } => Error::OverBudget {
                what: format!("{}: {what}", self.path.display()),
                remedy,
            },
            other => other,
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

    /// True when the analysis gives exact values instead of sampling (`exact = true` in
    /// the file, or in `options`).
    pub fn is_exact(&self, options: &RunOptions) -> bool {
        self.file.exact || options.exact
    }

    /// Samples the whole analysis will draw with `options`, when the size is fixed (none
    /// when exact).
    pub fn total_samples(&self, options: &RunOptions) -> Option<u64> {
        if self.is_exact(options) {
            return Some(0);
        }
        match self.plan(options).size {
            SampleSize::Samples(n) => Some(
                n.saturating_mul(self.point_count())
                    .saturating_mul(self.variants.len() as u64),
            ),
            SampleSize::Precision(_) => None,
        }
    }

    /// Runs every grid point (point `i` draws from streams of point `i`), all variants of
    /// a point on common random numbers, building each point's simulations as it runs;
    /// or, when exact ([`Analysis::is_exact`]), computes every point's exact values with
    /// no sampling. `progress` receives sample counts as they are drawn. Fails on a point
    /// the mechanic refuses, which [`Analysis::check_points`] finds beforehand, and when
    /// exact on the first point (in grid order) that has no exact values.
    pub fn run(
        &self,
        options: &RunOptions,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<AnalysisResult> {
        let plan = self.plan(options);
        let exact = self.is_exact(options);
        // Grid points run in parallel too (each on its own streams, collected in order),
        // so small sample counts over large grids still use every core. Every point's
        // result is kept until all are done, so that the error reported is the first
        // point's in grid order, whatever thread met it.
        let points: Vec<Result<PointResult>> = (0..self.point_count())
            .into_par_iter()
            .map(|i| {
                if exact {
                    self.exact_one(i, options)
                } else {
                    self.run_one(i, &plan, progress)
                }
            })
            .collect();
        let points = points.into_iter().collect::<Result<Vec<_>>>()?;
        Ok(AnalysisResult {
            exact,
            seed: plan.seed,
            size: plan.size,
            points,
        })
    }

    /// True when the histograms of the point with `values` are written or drawn: every
    /// point with `histograms = "all"`, else the points of a bars chart.
    pub fn histograms_needed(&self, values: &[Value]) -> bool {
        self.file.histograms == HistogramScope::All
            || self.file.charts.iter().any(|c| {
                matches!(c.kind, ChartKind::Bars { .. }) && self.point_matches(values, &c.at)
            })
    }

    /// The exact values of every variant at grid point `index`, as estimates with an
    /// interval of zero width; the differences to the first variant are exact too.
    fn exact_one(&self, index: u64, options: &RunOptions) -> Result<PointResult> {
        let values = self.point(index);
        let keep_histograms = self.histograms_needed(&values);
        let mut summaries = Vec::with_capacity(self.variants.len());
        for (v, variant) in self.variants.iter().enumerate() {
            let sim = self.build(&values, v)?;
            let exact = sim.exact().ok_or_else(|| {
                let at = self.point_label(&values);
                Error::NoExactPoint {
                    path: self.path.clone(),
                    mechanic: self.mechanic.name().to_string(),
                    at: if at.is_empty() {
                        String::new()
                    } else {
                        format!(" at {}", at.join(" "))
                    },
                    variant: variant.name.clone(),
                    why: crate::query::why_no_exact(sim.as_ref()).into(),
                    in_file: self.file.exact,
                    by_option: options.exact,
                }
            })?;
            let mut summary = exact_summary(sim.layout(), &exact);
            if !keep_histograms {
                summary.histograms.clear();
            }
            summaries.push(summary);
        }
        let diffs: Vec<Vec<Option<PairedDiff>>> = summaries
            .iter()
            .enumerate()
            .map(|(v, summary)| {
                let diff = |m: &Estimate| (v > 0).then(|| exact_diff(m, &summaries[0])).flatten();
                summary.metrics.iter().map(diff).collect()
            })
            .collect();
        let variants = summaries
            .into_iter()
            .zip(diffs)
            .map(|(summary, diffs)| VariantResult { summary, diffs })
            .collect();
        Ok(PointResult {
            values,
            variants,
            precision_reached: true,
        })
    }

    fn run_one(
        &self,
        index: u64,
        plan: &RunPlan,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<PointResult> {
        let values = self.point(index);
        let sims = (0..self.variants.len())
            .map(|v| self.build(&values, v))
            .collect::<Result<Vec<_>>>()?;
        let keep_histograms = self.histograms_needed(&values);
        let refs: Vec<&dyn Simulation> = sims.iter().map(|s| s.as_ref()).collect();
        let report = |n: u64| progress(n * refs.len() as u64);
        let run = run_point(&refs, index, plan, &report);
        for sim in &refs {
            crate::query::check_sampled(self.mechanic.name(), *sim)?;
        }
        let variants = sims
            .iter()
            .zip(&run.tallies)
            .enumerate()
            .map(|(v, (sim, tally))| {
                let mut summary = summarize(sim.layout(), tally, sim.exact().as_ref());
                if !keep_histograms {
                    // Most of a point's memory: kept only where a table or chart uses it.
                    summary.histograms.clear();
                }
                let diffs = (0..summary.metrics.len())
                    .map(|m| if v == 0 { None } else { run.paired.diff(v, m) })
                    .collect();
                VariantResult { summary, diffs }
            })
            .collect();
        Ok(PointResult {
            values,
            variants,
            precision_reached: run.precision_reached,
        })
    }
}

/// The exact difference of `metric` to the first variant's metric of the same name, as a
/// paired difference with an interval of zero width (`None` when either value is
/// undefined or the first variant has no such metric).
fn exact_diff(metric: &Estimate, first: &Summary) -> Option<PairedDiff> {
    let base = first
        .metrics
        .iter()
        .find(|m| m.name == metric.name)?
        .exact?;
    let diff = metric.exact? - base;
    Some(PairedDiff {
        diff,
        lo: Some(diff),
        hi: Some(diff),
    })
}
