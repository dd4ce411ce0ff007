//! Paired differences between variants sampled with common random numbers.
//!
//! Every variant of a grid point runs on the same chunk streams, so chunk by chunk their
//! estimates move together. The difference of a variant's metric to the first variant's
//! is a difference of two ratio estimators `A/B`; its variance is estimated from the
//! chunk-level residuals (batch means), streamed as sums of products so that memory does
//! not grow with the number of chunks.
//!
//! The interval is Student's: with `k` chunks, the variance estimate has `k - 1` degrees
//! of freedom, so the half-width is [`t95`]`(k - 1)` standard errors, not 1.96 (which
//! covered 70% of the time with 2 chunks). The chunks are the only pairing the runner
//! keeps (it draws each variant's whole chunk at once), and each holds 10,000 samples, so
//! its batch mean is close to normal and the t interval covers 95% from 2 chunks on
//! (`tests::paired_intervals_cover_95_percent` measures it). With a single chunk (10,000
//! samples or fewer), or when the chunks show no spread in the difference (a rare event
//! neither variant met), the batches say nothing of the variance: the interval is then
//! the difference of the two variants' own intervals at 97.5% each (Wilson, or the mean's
//! [`mean_interval`]), which holds at least 95% of the time whatever the correlation
//! (Bonferroni's inequality).
//!
//! Variants may report different metrics (`aube.multiple` with `n = 2` against `n = 4`):
//! a variant's metric is paired with the base metric of the same name, and a metric the
//! base variant does not report has no difference.

use super::layout::{Layout, MetricKind};
use super::stats::{Z975, mean_interval, t95, wilson};
use super::tally::{Acc, Tally};

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
    /// Every chunk of the variant merged, and of the base variant.
    merged_v: Acc,
    merged_0: Acc,
}

/// What a metric is, for its own interval: its kind and, for a mean, its declared range.
#[derive(Debug, Clone, Copy, PartialEq)]
struct MetricShape {
    kind: MetricKind,
    range: Option<(f64, f64)>,
}

impl MetricShape {
    /// The metric's own interval at 97.5% from its merged accumulator (infinite ends
    /// where nothing bounds it).
    fn interval_975(&self, acc: &Acc) -> (f64, f64) {
        match self.kind {
            MetricKind::Proportion => wilson(acc.sum as f64, acc.n as f64, Z975),
            MetricKind::Mean => mean_interval(acc.n, acc.sum, acc.sum_sq, Z975, self.range),
        }
    }

    /// The largest possible difference between two values of the metric.
    fn widest_difference(&self) -> f64 {
        match (self.kind, self.range) {
            (MetricKind::Proportion, _) => 1.0,
            (MetricKind::Mean, Some((lo, hi))) => hi - lo,
            (MetricKind::Mean, None) => f64::INFINITY,
        }
    }
}

/// The difference to the base variant, with its paired 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairedDiff {
    /// Variant estimate minus base estimate.
    pub diff: f64,
    /// Lower end of the 95% interval (`None` when nothing bounds it).
    pub lo: Option<f64>,
    /// Upper end of the 95% interval (`None` when nothing bounds it).
    pub hi: Option<f64>,
}

/// Paired statistics of every variant against variant 0, for every metric.
#[derive(Debug, Clone, Default)]
pub struct Paired {
    chunks: u64,
    /// `[variant][metric of that variant]`: the index of the base metric of the same
    /// name, if the base variant reports it.
    base_of: Vec<Vec<Option<usize>>>,
    /// `[variant][metric of that variant]`: its kind and range.
    shapes: Vec<Vec<MetricShape>>,
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
        let shapes = layouts
            .iter()
            .map(|layout| {
                layout
                    .metrics
                    .iter()
                    .map(|m| MetricShape {
                        kind: m.kind,
                        range: m.range.map(|(lo, hi)| (lo as f64, hi as f64)),
                    })
                    .collect()
            })
            .collect();
        Self {
            chunks: 0,
            base_of,
            shapes,
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
                s.merged_v.merge(acc);
                s.merged_0.merge(acc0);
            }
        }
    }

    /// The difference of `variant`'s metric number `metric` (in its own layout) to the
    /// base variant's metric of the same name, with its 95% interval (see the module
    /// documentation); `None` when the base has no such metric or either has no trial.
    pub fn diff(&self, variant: usize, metric: usize) -> Option<PairedDiff> {
        let base_metric = (*self.base_of.get(variant)?.get(metric)?)?;
        let s = self.sums.get(variant)?.get(metric)?;
        if s.b_v <= 0.0 || s.b_0 <= 0.0 {
            return None;
        }
        let (rv, r0) = (s.a_v / s.b_v, s.a_0 / s.b_0);
        let diff = rv - r0;
        let shape = self.shapes[variant][metric];
        let base_shape = self.shapes.first()?.get(base_metric).copied()?;
        let (lo, hi) = self
            .student(s, rv, r0)
            .unwrap_or_else(|| bonferroni(s, shape, base_shape, diff));
        let widest = shape
            .widest_difference()
            .max(base_shape.widest_difference());
        let bounded = |x: f64| {
            let x = x.clamp(-widest, widest);
            x.is_finite().then_some(x)
        };
        Some(PairedDiff {
            diff,
            lo: bounded(lo.min(diff)),
            hi: bounded(hi.max(diff)),
        })
    }

    /// The Student interval over chunks, when there are at least two and they show spread
    /// in the difference.
    fn student(&self, s: &PairSums, rv: f64, r0: f64) -> Option<(f64, f64)> {
        if self.chunks < 2 {
            return None;
        }
        let k = self.chunks as f64;
        let svv = s.av_av - 2.0 * rv * s.av_bv + rv * rv * s.bv_bv;
        let s00 = s.a0_a0 - 2.0 * r0 * s.a0_b0 + r0 * r0 * s.b0_b0;
        let sv0 = s.av_a0 - r0 * s.av_b0 - rv * s.bv_a0 + rv * r0 * s.bv_b0;
        let sum_z2 =
            (svv / (s.b_v * s.b_v) + s00 / (s.b_0 * s.b_0) - 2.0 * sv0 / (s.b_v * s.b_0)).max(0.0);
        let half = t95(self.chunks - 1) * (k / (k - 1.0) * sum_z2).sqrt();
        // Rounding leaves a residue of about 1e-16 of the terms where there is no spread.
        let scale = (svv / (s.b_v * s.b_v)).abs() + (s00 / (s.b_0 * s.b_0)).abs();
        (sum_z2 > 1e-12 * scale && half > 0.0).then_some((rv - r0 - half, rv - r0 + half))
    }
}

/// The difference of the two variants' own intervals at 97.5% each: it holds whenever
/// both do, so at least 95% of the time.
fn bonferroni(s: &PairSums, shape: MetricShape, base: MetricShape, diff: f64) -> (f64, f64) {
    let (lo_v, hi_v) = shape.interval_975(&s.merged_v);
    let (lo_0, hi_0) = base.interval_975(&s.merged_0);
    let (lo, hi) = (lo_v - hi_0, hi_v - lo_0);
    (
        if lo.is_nan() {
            f64::NEG_INFINITY
        } else {
            lo.min(diff)
        },
        if hi.is_nan() {
            f64::INFINITY
        } else {
            hi.max(diff)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::chunk_rng;
    use crate::engine::runner::CHUNK_SAMPLES;
    use crate::engine::stats::Z95;
    use rand::Rng;
    use rayon::prelude::*;

    /// Two variants of a synthetic mechanic on common random numbers, drawn 64 samples at
    /// a time from the bits of random words (bit `i` of word `w_j` is fair coin `j` of
    /// sample `i`), so millions of samples cost little. Metric 0, a chance: the base
    /// succeeds on `c1 | (c2 & c3)` (5/8), the variant on `c1 | (c2 & c4 & c5)` (9/16):
    /// exact difference -1/16, strongly correlated. Metric 1, a chance given a condition
    /// (a ratio of two counts): the base counts `c1` given `c2 | c3` (1/2), the variant
    /// `c1 | (c4 & c5)` given `c2` (5/8): exact difference 1/8.
    const EXACT: [f64; 2] = [-1.0 / 16.0, 1.0 / 8.0];

    fn synthetic_chunk(layout: &Layout, seed: u64, chunk: u64) -> [Tally; 2] {
        let mut rng = chunk_rng(seed, 0, chunk);
        let mut t = [Tally::new(layout), Tally::new(layout)];
        let mut left = CHUNK_SAMPLES;
        while left > 0 {
            let take = left.min(64);
            let mask = if take == 64 {
                u64::MAX
            } else {
                (1u64 << take) - 1
            };
            let c: [u64; 5] = std::array::from_fn(|_| rng.next_u64() & mask);
            let count = |w: u64| i64::from(w.count_ones());
            let (given_0, given_v) = (c[1] | c[2], c[1]);
            let [base, variant] = &mut t;
            for (tally, success, given, hit) in [
                (base, c[0] | (c[1] & c[2]), given_0, c[0] & given_0),
                (
                    variant,
                    c[0] | (c[1] & c[3] & c[4]),
                    given_v,
                    (c[0] | (c[3] & c[4])) & given_v,
                ),
            ] {
                tally.metrics[0].n += take;
                tally.metrics[0].sum += count(success);
                tally.metrics[1].n += count(given) as u64;
                tally.metrics[1].sum += count(hit);
            }
            left -= take;
        }
        t
    }

    /// How many of `seeds` runs of `samples` samples have each metric's interval cover
    /// the exact difference.
    fn covered(samples: u64, seeds: u64) -> [u64; 2] {
        let mut layout = Layout::new();
        layout.proportion("success", "a chance");
        layout.proportion("hit_given", "a chance given a condition");
        (0..seeds)
            .into_par_iter()
            .map(|seed| {
                let mut paired = Paired::new(&[&layout, &layout]);
                for chunk in 0..samples / CHUNK_SAMPLES {
                    paired.add_chunk(&synthetic_chunk(&layout, seed, chunk));
                }
                std::array::from_fn(|m| {
                    let d = paired.diff(1, m).expect("both report it");
                    let inside = d.lo.unwrap() <= EXACT[m] && EXACT[m] <= d.hi.unwrap();
                    u64::from(inside)
                })
            })
            .reduce(|| [0, 0], |a, b| [a[0] + b[0], a[1] + b[1]])
    }

    /// The paired intervals cover the exact difference 95% of the time at 20,000 (two
    /// chunks), 100,000 and 1,000,000 samples: over 4,000 seeds, the 95% Wilson interval
    /// of the coverage count lies inside [0.93, 0.97].
    #[test]
    fn paired_intervals_cover_95_percent() {
        let seeds = 4000;
        for samples in [20_000, 100_000, 1_000_000] {
            for (m, hits) in covered(samples, seeds).into_iter().enumerate() {
                let (lo, hi) = wilson(hits as f64, seeds as f64, Z95);
                eprintln!(
                    "{samples} samples, metric {m}: coverage {:.4} [{lo:.4}, {hi:.4}] over {seeds} seeds",
                    hits as f64 / seeds as f64
                );
                assert!(
                    lo >= 0.93 && hi <= 0.97,
                    "{samples} samples, metric {m}: {hits} of {seeds} covered"
                );
            }
        }
    }

    #[test]
    fn one_chunk_or_no_spread_still_has_an_interval() {
        let mut layout = Layout::new();
        layout.proportion("success", "a chance");
        layout.proportion("hit_given", "a chance given a condition");
        let mut paired = Paired::new(&[&layout, &layout]);
        paired.add_chunk(&synthetic_chunk(&layout, 1, 0));
        for (m, exact) in EXACT.into_iter().enumerate() {
            let d = paired.diff(1, m).unwrap();
            let (lo, hi) = (d.lo.unwrap(), d.hi.unwrap());
            assert!(
                lo < d.diff && d.diff < hi && lo <= exact && exact <= hi,
                "{d:?}"
            );
        }
        // A rare event neither variant met in 3 chunks: no spread, yet an interval.
        let mut none = Paired::new(&[&layout, &layout]);
        for _ in 0..3 {
            let mut t = Tally::new(&layout);
            t.metrics[0].n = CHUNK_SAMPLES;
            none.add_chunk(&[t.clone(), t]);
        }
        let d = none.diff(1, 0).unwrap();
        assert_eq!(d.diff, 0.0);
        assert!(
            d.lo.unwrap() < 0.0 && d.hi.unwrap() > 0.0 && d.hi.unwrap() < 1e-3,
            "{d:?}"
        );
    }

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
