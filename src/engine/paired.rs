//! Paired differences between variants sampled with common random numbers.
//!
//! Every variant of a grid point runs on the same chunk streams, so chunk by chunk their
//! estimates move together. The difference of a variant's metric to the first variant's
//! is a difference of two ratio estimators `A/B`; its variance is estimated from the
//! chunk-level residuals (batch means), streamed as sums of products so that memory does
//! not grow with the number of chunks.

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
    sums: Vec<Vec<PairSums>>,
}

impl Paired {
    /// Statistics for `variants` variants of `metrics` metrics.
    pub fn new(variants: usize, metrics: usize) -> Self {
        Self {
            chunks: 0,
            sums: vec![vec![PairSums::default(); metrics]; variants],
        }
    }

    /// Adds one chunk: its tally for each variant, in variant order.
    pub fn add_chunk(&mut self, per_variant: &[Tally]) {
        self.chunks += 1;
        let Some(base) = per_variant.first() else {
            return;
        };
        for (sums, tally) in self.sums.iter_mut().zip(per_variant) {
            for ((s, acc), acc0) in sums.iter_mut().zip(&tally.metrics).zip(&base.metrics) {
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

    /// The difference of `metric` between `variant` and variant 0.
    pub fn diff(&self, variant: usize, metric: usize) -> Option<PairedDiff> {
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
