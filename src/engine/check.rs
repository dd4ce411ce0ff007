//! The one checker every mechanic's statistical tests use: Monte Carlo against the exact
//! distribution, with a tolerance that follows from the confidence interval.
//!
//! Each comparison (a metric, or one value of a histogram) is a Wilson interval (a normal
//! interval for means) at a normal quantile chosen so that the whole family of
//! comparisons of a test fails by chance with probability at most [`FAMILY_ALPHA`]
//! (Bonferroni). The seed is fixed, so a test is deterministic; it fails when the
//! simulation and the exact computation disagree by more than chance allows.

use super::layout::MetricKind;
use super::model::Simulation;
use super::runner::{RunPlan, SampleSize, run_point};
use super::stats::{mean_and_se, normal_quantile, wilson};

/// Chance that a correct mechanic fails one whole check (all its comparisons together).
pub const FAMILY_ALPHA: f64 = 1e-4;

/// Histogram values rarer than this (exactly) are not compared one by one.
const MIN_COMPARED_PROB: f64 = 1e-4;

/// The outcome of a check: how many comparisons were made, and the failures, if any.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckReport {
    /// Comparisons made.
    pub comparisons: usize,
    /// The normal quantile used for each comparison.
    pub z: f64,
    /// One line per comparison outside its interval.
    pub failures: Vec<String>,
}

/// Simulates `sim` with `samples` samples at `seed` and compares every metric and every
/// histogram value with the exact answer. Panics if the simulation has no exact answer.
pub fn check_against_exact(sim: &dyn Simulation, samples: u64, seed: u64) -> CheckReport {
    let exact = sim
        .exact()
        .expect("check_against_exact needs a mechanic with an exact answer");
    let run = run_point(
        &[sim],
        0,
        &RunPlan {
            seed,
            size: SampleSize::Samples(samples),
        },
        &|_| {},
    );
    let tally = &run.tallies[0];
    let layout = sim.layout();

    let mut comparisons = Vec::new(); // (label, observed_lo_hi closure inputs)
    for ((def, acc), ex) in layout
        .metrics
        .iter()
        .zip(&tally.metrics)
        .zip(&exact.metrics)
    {
        if let Some(value) = ex.value()
            && acc.n > 0
        {
            comparisons.push((
                def.name.clone(),
                def.kind,
                acc.sum,
                acc.n,
                acc.sum_sq,
                value,
            ));
        }
    }
    for ((def, hist), ex) in layout
        .histograms
        .iter()
        .zip(&tally.histograms)
        .zip(&exact.histograms)
    {
        let n = hist.total();
        for (value, p) in ex.iter().filter(|(_, p)| **p >= MIN_COMPARED_PROB) {
            let count = hist.iter().find(|(v, _)| v == value).map_or(0, |(_, c)| c);
            comparisons.push((
                format!("{}[{value}]", def.name),
                MetricKind::Proportion,
                count as i64,
                n,
                0,
                *p,
            ));
        }
    }
    let m = comparisons.len().max(1) as f64;
    let z = normal_quantile(1.0 - FAMILY_ALPHA / (2.0 * m));
    let failures = comparisons
        .iter()
        .filter_map(|(label, kind, sum, n, sum_sq, exact)| {
            let (lo, hi) = match kind {
                MetricKind::Proportion => wilson(*sum as f64, *n as f64, z),
                MetricKind::Mean => {
                    let (mean, se) = mean_and_se(*n, *sum, *sum_sq);
                    (mean - z * se, mean + z * se)
                }
            };
            // An exact value may sit on the edge of [0, 1] where the interval is closed.
            let slack = 1e-12;
            (*exact < lo - slack || *exact > hi + slack)
                .then(|| format!("{label}: exact {exact:.6} outside [{lo:.6}, {hi:.6}] (n = {n})"))
        })
        .collect();
    CheckReport {
        comparisons: comparisons.len(),
        z,
        failures,
    }
}
