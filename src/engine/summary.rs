//! Turning tallies into what users read: each metric's estimate with its sample count and
//! 95% interval (Wilson for proportions; for means, mean ± 1.96 standard errors inside the
//! metric's range, or a bound on the rare values not seen when the sample shows no spread:
//! [`mean_interval`]), beside its exact value when known; each histogram as probabilities
//! with mean, standard error and quantiles.
//!
//! An end of an interval that nothing bounds is infinite: tables write it as an empty
//! cell, JSON as `null`, the text answer as `-`.

use super::layout::{Layout, MetricDef, MetricKind};
use super::stats::{Z95, mean_and_se, mean_interval, quantile, wilson};
use super::tally::{ExactAcc, ExactTally, Tally};

/// One metric's estimate.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// Metric name.
    pub name: String,
    /// Proportion or mean.
    pub kind: MetricKind,
    /// The Monte Carlo estimate (NaN when no trial met the metric's condition).
    pub estimate: f64,
    /// Lower end of the 95% interval (minus infinity when nothing bounds it).
    pub lo: f64,
    /// Upper end of the 95% interval (infinity when nothing bounds it).
    pub hi: f64,
    /// Trials the estimate is based on.
    pub n: u64,
    /// The exact value, when the mechanic has one.
    pub exact: Option<f64>,
}

impl Estimate {
    /// True when the exact value is known and lies inside the 95% interval (`None` too
    /// when no trial was drawn, as in an exact-only summary: nothing to check).
    pub fn agrees(&self) -> Option<bool> {
        if self.n == 0 || !self.has_interval() {
            return None;
        }
        self.exact.map(|x| x >= self.lo && x <= self.hi)
    }

    /// True when at least one end of the interval is bounded.
    pub fn has_interval(&self) -> bool {
        self.lo.is_finite() || self.hi.is_finite()
    }
}

/// Quantiles reported for every histogram.
pub const QUANTILES: [f64; 7] = [0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95];

/// One histogram's summary.
#[derive(Debug, Clone, PartialEq)]
pub struct HistogramSummary {
    /// Histogram name.
    pub name: String,
    /// Observed probability of each value.
    pub probs: Vec<(i64, f64)>,
    /// Observations.
    pub n: u64,
    /// Mean of the observations.
    pub mean: f64,
    /// Standard error of the mean.
    pub se: f64,
    /// The values at [`QUANTILES`].
    pub quantiles: Vec<(f64, i64)>,
    /// Exact probability of each value, when known.
    pub exact: Option<Vec<(i64, f64)>>,
}

/// Everything measured at one grid point for one variant.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Samples drawn.
    pub samples: u64,
    /// Metrics, in layout order.
    pub metrics: Vec<Estimate>,
    /// Histograms, in layout order.
    pub histograms: Vec<HistogramSummary>,
    /// Probability neglected by the exact computation's truncation, when exact.
    pub exact_tail: Option<f64>,
}

impl Summary {
    /// The position of metric `name` among the metrics.
    pub fn metric_index(&self, name: &str) -> Option<usize> {
        self.metrics.iter().position(|m| m.name == name)
    }

    /// Metric `name`.
    pub fn metric(&self, name: &str) -> Option<&Estimate> {
        self.metrics.iter().find(|m| m.name == name)
    }

    /// Histogram `name`.
    pub fn histogram(&self, name: &str) -> Option<&HistogramSummary> {
        self.histograms.iter().find(|h| h.name == name)
    }
}

/// The summary of an exact tally alone, with no sampling: each metric's estimate and both
/// ends of its interval are its exact value (NaN when its condition never holds), drawn
/// from no trial (`n = 0`, `samples = 0`); each histogram's probabilities, mean and
/// quantiles are the exact ones, with a standard error of 0.
pub fn exact_summary(layout: &Layout, exact: &ExactTally) -> Summary {
    let mut summary = summarize(layout, &Tally::new(layout), Some(exact));
    for m in &mut summary.metrics {
        let x = m.exact.unwrap_or(f64::NAN);
        (m.estimate, m.lo, m.hi) = (x, x, x);
    }
    for h in &mut summary.histograms {
        h.probs = h.exact.clone().unwrap_or_default();
        h.mean = h.probs.iter().map(|(v, p)| *v as f64 * p).sum();
        h.se = 0.0;
        h.quantiles = QUANTILES
            .iter()
            .filter_map(|q| quantile(&h.probs, *q).map(|v| (*q, v)))
            .collect();
    }
    summary
}

/// The range a mean metric's values can take: declared in the layout, and read off the
/// exact distribution (the smallest and largest value it gives a positive probability);
/// with both, the narrower of the two (their overlap).
pub fn value_range(def: &MetricDef, exact: Option<&ExactAcc>) -> Option<(f64, f64)> {
    let support = exact.and_then(|e| e.support);
    let range = match (def.range, support) {
        (Some((lo, hi)), Some((s_lo, s_hi))) if s_lo.max(lo) <= s_hi.min(hi) => {
            Some((s_lo.max(lo), s_hi.min(hi)))
        }
        (declared, support) => declared.or(support),
    };
    range.map(|(lo, hi)| (lo as f64, hi as f64))
}

/// Summarises a Monte Carlo tally beside the exact tally, when there is one.
pub fn summarize(layout: &Layout, tally: &Tally, exact: Option<&ExactTally>) -> Summary {
    let metrics = layout
        .metrics
        .iter()
        .zip(&tally.metrics)
        .enumerate()
        .map(|(i, (def, acc))| {
            let (estimate, lo, hi) = match def.kind {
                MetricKind::Proportion => {
                    let (lo, hi) = wilson(acc.sum as f64, acc.n as f64, Z95);
                    let p = if acc.n > 0 {
                        acc.sum as f64 / acc.n as f64
                    } else {
                        f64::NAN
                    };
                    (p, lo, hi)
                }
                MetricKind::Mean => {
                    let (m, _) = mean_and_se(acc.n, acc.sum, acc.sum_sq);
                    let range = value_range(def, exact.map(|e| &e.metrics[i]));
                    let (lo, hi) = mean_interval(acc.n, acc.sum, acc.sum_sq, Z95, range);
                    (m, lo, hi)
                }
            };
            let exact = exact.and_then(|e| e.metrics[i].value());
            Estimate {
                name: def.name.clone(),
                kind: def.kind,
                estimate,
                lo,
                hi,
                n: acc.n,
                exact,
            }
        })
        .collect();
    let histograms = layout
        .histograms
        .iter()
        .zip(&tally.histograms)
        .enumerate()
        .map(|(i, (def, hist))| {
            let n = hist.total();
            let weights: Vec<(i64, f64)> = hist.iter().map(|(v, c)| (v, c as f64)).collect();
            let (sum, sum_sq) = hist.iter().fold((0i64, 0u128), |(s, q), (v, c)| {
                (
                    s + v * c as i64,
                    q + (v as i128 * v as i128) as u128 * c as u128,
                )
            });
            let (mean, se) = mean_and_se(n, sum, sum_sq);
            let nf = n.max(1) as f64;
            HistogramSummary {
                name: def.name.clone(),
                probs: weights.iter().map(|(v, c)| (*v, c / nf)).collect(),
                n,
                mean,
                se,
                quantiles: QUANTILES
                    .iter()
                    .filter_map(|q| quantile(&weights, *q).map(|v| (*q, v)))
                    .collect(),
                exact: exact.map(|e| e.histograms[i].iter().map(|(v, p)| (*v, *p)).collect()),
            }
        })
        .collect();
    Summary {
        samples: tally.samples,
        metrics,
        histograms,
        exact_tail: exact.map(|e| e.tail),
    }
}
