//! Paired differences between variants sampled with common random numbers.
//!
//! Every variant of a grid point runs on the same chunk streams, so chunk by chunk their
//! estimates move together. The difference of a variant's metric to the first variant's
//! is a difference of two ratio estimators `A/B`; its variance is estimated from the
//! chunk-level residuals (batch means), streamed as sums of products so that memory does
//! not grow with the number of chunks.
//!
//! Variants may report different metrics (`aube.multiple` with `n = 2` against `n = 4`):
//! a variant's metric is paired with the base metric of the same name, and a metric the
//! base variant does not report has no difference.

use super::layout::Layout;
use super::stats::Z95;
use super::tally::Tally;

/// Streamed sums for one metric of one variant against the base variant.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct PairSums {
    a_v: f64,
    b_v: f64,
    a_0: f64,
    b_0: f64,
    av_av: f64,
    av_bv: f64,
    bv_bv: f64,
    a0_a0: f64,
    a0_b0: f64,
    b0_b0: f64,
    av_a0: f64,
    av_b0: f64,
    bv_a0: f64,
    bv_b0: f64,
}

/// The difference to the base variant, with its paired 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairedDiff {
    /// Variant estimate minus base estimate.
    pub diff: f64,
    /// Lower end of the 95% interval (`None` with fewer than two chunks).
    pub lo: Option<f64>,
    /// Upper end of the 95% interval.
    pub hi: Option<f64>,
}

/// Paired statistics of every variant against variant 0, for every metric.
#[derive(Debug, Clone, Default)]
pub struct Paired {
    chunks: u64,
    /// `[variant][metric of that variant]`: the index of the base metric of the same
    /// name, if the base variant reports it.
    base_of: Vec<Vec<Option<usize>>>,
    sums: Vec<Vec<PairSums>>,
}

impl Paired {
    /// Statistics for variants with these layouts, the first being the base.
    pub fn new(layouts: &[&Layout]) -> Self {
        let base_of: Vec<Vec<Option<usize>>> = layouts
            .iter()
            .map(|layout| {
                layout
                    .metrics
                    .iter()
                    .map(|m| layouts.first().and_then(|base| base.metric_index(&m.name)))
                    .collect()
            })
            .collect();
        let sums = base_of
            .iter()
            .map(|metrics| vec![PairSums::default(); metrics.len()])
            .collect();
        Self {
            chunks: 0,
            base_of,
            sums,
        }
    }

    /// Adds one chunk: its tally for each variant, in variant order.
    pub fn add_chunk(&mut self, per_variant: &[Tally]) {
        self.chunks += 1;
        let Some(base) = per_variant.first() else {
            return;
        };
        for ((sums, base_of), tally) in self.sums.iter_mut().zip(&self.base_of).zip(per_variant) {
            for ((s, acc), b) in sums.iter_mut().zip(&tally.metrics).zip(base_of) {
                let Some(acc0) = b.and_then(|b| base.metrics.get(b)) else {
                    continue;
                };
                let (av, bv, a0, b0) =
                    (acc.sum as f64, acc.n as f64, acc0.sum as f64, acc0.n as f64);
                s.a_v += av;
                s.b_v += bv;
                s.a_0 += a0;
                s.b_0 += b0;
                s.av_av += av * av;
                s.av_bv += av * bv;
                s.bv_bv += bv * bv;
                s.a0_a0 += a0 * a0;
                s.a0_b0 += a0 * b0;
                s.b0_b0 += b0 * b0;
                s.av_a0 += av * a0;
                s.av_b0 += av * b0;
                s.bv_a0 += bv * a0;
                s.bv_b0 += bv * b0;
            }
        }
    }

    /// The difference of `variant`'s metric number `metric` (in its own layout) to the
    /// base variant's metric of the same name; `None` when the base has no such metric.
    pub fn diff(&self, variant: usize, metric: usize) -> Option<PairedDiff> {
        self.base_of.get(variant)?.get(metric)?.as_ref()?;
        let s = self.sums.get(variant)?.get(metric)?;
        if s.b_v <= 0.0 || s.b_0 <= 0.0 {
            return None;
        }
        let (rv, r0) = (s.a_v / s.b_v, s.a_0 / s.b_0);
        let diff = rv - r0;
        let k = self.chunks as f64;
        if self.chunks < 2 {
            return Some(PairedDiff {
                diff,
                lo: None,
                hi: None,
            });
        }
        let svv = s.av_av - 2.0 * rv * s.av_bv + rv * rv * s.bv_bv;
        let s00 = s.a0_a0 - 2.0 * r0 * s.a0_b0 + r0 * r0 * s.b0_b0;
        let sv0 = s.av_a0 - r0 * s.av_b0 - rv * s.bv_a0 + rv * r0 * s.bv_b0;
        let sum_z2 =
            (svv / (s.b_v * s.b_v) + s00 / (s.b_0 * s.b_0) - 2.0 * sv0 / (s.b_v * s.b_0)).max(0.0);
        let half = Z95 * (k / (k - 1.0) * sum_z2).sqrt();
        Some(PairedDiff {
            diff,
            lo: Some(diff - half),
            hi: Some(diff + half),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(layout: &Layout, values: &[(u64, i64)]) -> Tally {
        let mut t = Tally::new(layout);
        for (acc, (n, sum)) in t.metrics.iter_mut().zip(values) {
            acc.n = *n;
            acc.sum = *sum;
        }
        t
    }

    #[test]
    fn metrics_are_paired_by_name() {
        let layout = |names: &[&str]| {
            let mut layout = Layout::new();
            for name in names {
                layout.proportion(*name, "a chance");
            }
            layout
        };
        let base = layout(&["action_1", "all"]);
        let other = layout(&["action_1", "action_2", "all"]);
        let mut paired = Paired::new(&[&base, &other]);
        for chunk in 0..4 {
            paired.add_chunk(&[
                tally(&base, &[(100, 60 + chunk), (100, 30)]),
                tally(&other, &[(100, 50), (100, 40), (100, 10 + chunk)]),
            ]);
        }
        let all = paired.diff(1, 2).expect("'all' is in both");
        assert!((all.diff - (0.115 - 0.3)).abs() < 1e-12, "{all:?}");
        assert_eq!(paired.diff(1, 1), None, "no action_2 in the base variant");
        let first = paired.diff(1, 0).unwrap();
        assert!((first.diff - (0.5 - 0.615)).abs() < 1e-12, "{first:?}");
    }
}
