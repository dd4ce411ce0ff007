//! Recording outcomes. A mechanic writes each outcome through the [`Recorder`] trait;
//! the Monte Carlo engine passes a [`Tally`] (plain integer counters, merged after the
//! parallel loop) and the exact engine an [`ExactTally`] (probability weights). One
//! `record` function per mechanic therefore serves both, and the exact metric values are
//! computed exactly as the estimates are.

use super::layout::{HistId, Layout, MetricId};
use std::collections::BTreeMap;

/// Where a mechanic writes one outcome.
pub trait Recorder {
    /// Proportion metric `metric`: one trial, a success when `happened`.
    #[inline(always)]
    fn event(&mut self, metric: MetricId, happened: bool) {
        self.event_given(metric, true, happened);
    }
    /// Proportion metric `metric` counted only over the trials where `given` holds.
    fn event_given(&mut self, metric: MetricId, given: bool, happened: bool);
    /// Mean metric `metric`: one observation of `value`.
    #[inline(always)]
    fn value(&mut self, metric: MetricId, value: i64) {
        self.value_given(metric, true, value);
    }
    /// Mean metric `metric` observed only when `given` holds.
    fn value_given(&mut self, metric: MetricId, given: bool, value: i64);
    /// Histogram `hist`: one observation of `value`.
    fn hist(&mut self, hist: HistId, value: i64);
}

/// Monte Carlo accumulator of one metric: trials, sum and sum of squares, in integers so
/// merging is exact and order-independent.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Acc {
    /// Number of trials (the denominator).
    pub n: u64,
    /// Sum of the observed values (successes for a proportion).
    pub sum: i64,
    /// Sum of squared values (means only).
    pub sum_sq: u128,
}

impl Acc {
    /// Adds another accumulator.
    pub fn merge(&mut self, other: &Acc) {
        self.n += other.n;
        self.sum += other.sum;
        self.sum_sq += other.sum_sq;
    }

    /// Adds `times` trials of a proportion, all successes when `happened` (none for
    /// `times` = 0, so `given as u64` counts a trial only where it holds).
    #[inline(always)]
    fn add_events(&mut self, times: u64, happened: bool) {
        self.n += times;
        self.sum += (happened as u64 * times) as i64;
    }

    /// Adds `times` observations of `value` of a mean.
    #[inline(always)]
    fn add_values(&mut self, times: u64, value: i64) {
        self.n += times;
        self.sum += value * times as i64;
        self.sum_sq += (value as i128 * value as i128) as u128 * times as u128;
    }
}

/// Counts of an integer outcome, stored densely from `offset`. Grows (rarely) when a value
/// falls outside the reserved range, so it never loses a count.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Histogram {
    offset: i64,
    counts: Vec<u64>,
}

impl Histogram {
    /// A histogram with room reserved for `lo..=hi`.
    pub fn with_range(lo: i64, hi: i64) -> Self {
        let len = (hi - lo + 1).max(1) as usize;
        Self {
            offset: lo,
            counts: vec![0; len],
        }
    }

    /// Counts one `value`.
    #[inline(always)]
    pub fn add(&mut self, value: i64) {
        let idx = value.wrapping_sub(self.offset) as u64;
        if idx < self.counts.len() as u64 {
            self.counts[idx as usize] += 1;
        } else {
            self.add_outside(value, 1);
        }
    }

    /// Counts `value` `count` times.
    pub fn add_times(&mut self, value: i64, count: u64) {
        let idx = value.wrapping_sub(self.offset) as u64;
        if idx < self.counts.len() as u64 {
            self.counts[idx as usize] += count;
        } else {
            self.add_outside(value, count);
        }
    }

    #[cold]
    fn add_outside(&mut self, value: i64, count: u64) {
        if self.counts.is_empty() {
            self.offset = value;
            self.counts.push(0);
        }
        if value < self.offset {
            let grow = (self.offset - value) as usize;
            self.counts.splice(0..0, std::iter::repeat_n(0, grow));
            self.offset = value;
        }
        let idx = (value - self.offset) as usize;
        if idx >= self.counts.len() {
            self.counts.resize(idx + 1, 0);
        }
        self.counts[idx] += count;
    }

    /// Adds another histogram's counts.
    pub fn merge(&mut self, other: &Histogram) {
        for (value, count) in other.iter() {
            self.add_times(value, count);
        }
    }

    /// Non-zero counts, by increasing value.
    pub fn iter(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(i, c)| (self.offset + i as i64, *c))
    }

    /// Non-zero counts, by increasing value, collected: `[(value, count), ...]`.
    pub fn counts(&self) -> Vec<(i64, u64)> {
        self.iter().collect()
    }

    /// Total number of observations.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// The Monte Carlo tally of one chunk (or of a whole run, once chunks are merged).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    /// Samples drawn.
    pub samples: u64,
    /// One accumulator per metric of the layout.
    pub metrics: Vec<Acc>,
    /// One histogram per histogram of the layout.
    pub histograms: Vec<Histogram>,
}

impl Tally {
    /// An empty tally shaped by `layout`.
    pub fn new(layout: &Layout) -> Self {
        Self {
            samples: 0,
            metrics: vec![Acc::default(); layout.metrics.len()],
            histograms: layout
                .histograms
                .iter()
                .map(|h| Histogram::with_range(h.expected_range.0, h.expected_range.1))
                .collect(),
        }
    }

    /// Adds another tally of the same layout.
    pub fn merge(&mut self, other: &Tally) {
        self.samples += other.samples;
        for (a, b) in self.metrics.iter_mut().zip(&other.metrics) {
            a.merge(b);
        }
        for (a, b) in self.histograms.iter_mut().zip(&other.histograms) {
            a.merge(b);
        }
    }
}

impl Tally {
    /// The accumulator of metric `id`.
    pub fn metric(&self, id: MetricId) -> &Acc {
        &self.metrics[id.0]
    }

    /// The sums of the metrics `ids`, in order: what a test compares, in one line, with
    /// the sums one recorded outcome should give.
    pub fn sums<const N: usize>(&self, ids: [MetricId; N]) -> [i64; N] {
        ids.map(|id| self.metric(id).sum)
    }

    /// The histogram `id`.
    pub fn histogram(&self, id: HistId) -> &Histogram {
        &self.histograms[id.0]
    }
}

impl Recorder for Tally {
    #[inline(always)]
    fn event_given(&mut self, metric: MetricId, given: bool, happened: bool) {
        self.metrics[metric.0].add_events(given as u64, happened);
    }

    #[inline(always)]
    fn value_given(&mut self, metric: MetricId, given: bool, value: i64) {
        self.metrics[metric.0].add_values(given as u64, value);
    }

    #[inline(always)]
    fn hist(&mut self, hist: HistId, value: i64) {
        self.histograms[hist.0].add(value);
    }
}

/// A [`Tally`] that records each outcome `times` times (the class-count fast path of
/// [`crate::engine::ClassModel::classes`]).
pub struct Repeated<'a> {
    /// The tally written to.
    pub tally: &'a mut Tally,
    /// How many identical samples the outcome stands for.
    pub times: u64,
}

impl Recorder for Repeated<'_> {
    fn event_given(&mut self, metric: MetricId, given: bool, happened: bool) {
        self.tally.metrics[metric.0].add_events(given as u64 * self.times, happened);
    }

    fn value_given(&mut self, metric: MetricId, given: bool, value: i64) {
        self.tally.metrics[metric.0].add_values(given as u64 * self.times, value);
    }

    fn hist(&mut self, hist: HistId, value: i64) {
        self.tally.histograms[hist.0].add_times(value, self.times);
    }
}

/// Exact accumulator: the probability-weighted version of [`Acc`].
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ExactAcc {
    /// Probability of the trials counted (the denominator).
    pub weight: f64,
    /// Probability-weighted sum of the values.
    pub sum: f64,
    /// The smallest and largest value of a mean recorded with a positive probability: the
    /// range the metric's value can take (`None` for a proportion or before any value).
    pub support: Option<(i64, i64)>,
}

impl ExactAcc {
    /// The exact value: `sum / weight` (undefined, `None`, when the condition never holds).
    pub fn value(&self) -> Option<f64> {
        (self.weight > 0.0).then(|| self.sum / self.weight)
    }
}

/// The exact counterpart of [`Tally`]: each outcome of an exact distribution is recorded
/// with its probability, set in [`ExactTally::weight`] before the call to `record`.
#[derive(Debug, Clone, PartialEq)]
pub struct ExactTally {
    /// Probability of the outcome being recorded.
    pub weight: f64,
    /// One accumulator per metric of the layout.
    pub metrics: Vec<ExactAcc>,
    /// Probability of each value, per histogram.
    pub histograms: Vec<BTreeMap<i64, f64>>,
    /// Probability mass neglected by truncation.
    pub tail: f64,
}

impl ExactTally {
    /// An empty exact tally shaped by `layout`.
    pub fn new(layout: &Layout) -> Self {
        Self {
            weight: 0.0,
            metrics: vec![ExactAcc::default(); layout.metrics.len()],
            histograms: vec![BTreeMap::new(); layout.histograms.len()],
            tail: 0.0,
        }
    }
}

impl ExactTally {
    /// The exact value of metric `id` (`None` when its condition never holds).
    pub fn value(&self, id: MetricId) -> Option<f64> {
        self.metrics[id.0].value()
    }

    /// The exact distribution of histogram `id`.
    pub fn histogram(&self, id: HistId) -> &BTreeMap<i64, f64> {
        &self.histograms[id.0]
    }
}

impl Recorder for ExactTally {
    fn event_given(&mut self, metric: MetricId, given: bool, happened: bool) {
        if given {
            let acc = &mut self.metrics[metric.0];
            acc.weight += self.weight;
            if happened {
                acc.sum += self.weight;
            }
        }
    }

    fn value_given(&mut self, metric: MetricId, given: bool, value: i64) {
        if given {
            let acc = &mut self.metrics[metric.0];
            acc.weight += self.weight;
            acc.sum += self.weight * value as f64;
            if self.weight > 0.0 {
                acc.support = Some(
                    acc.support
                        .map_or((value, value), |(lo, hi)| (lo.min(value), hi.max(value))),
                );
            }
        }
    }

    fn hist(&mut self, hist: HistId, value: i64) {
        *self.histograms[hist.0].entry(value).or_insert(0.0) += self.weight;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_grows_both_ways_and_merges() {
        let mut h = Histogram::with_range(0, 2);
        for v in [0, 1, 2, 5, -3, 1] {
            h.add(v);
        }
        assert_eq!(
            h.iter().collect::<Vec<_>>(),
            vec![(-3, 1), (0, 1), (1, 2), (2, 1), (5, 1)]
        );
        let mut g = Histogram::with_range(10, 11);
        g.merge(&h);
        assert_eq!(g.total(), 6);
        assert_eq!(g.iter().next(), Some((-3, 1)));
    }

    #[test]
    fn tally_records_conditionally() {
        let mut layout = Layout::new();
        let (p, m) = (
            layout.proportion("p", "a chance"),
            layout.mean("m", "a mean"),
        );
        let mut t = Tally::new(&layout);
        t.event_given(p, false, true);
        t.event_given(p, true, true);
        t.value_given(m, true, 4);
        t.value_given(m, false, 100);
        assert_eq!(
            *t.metric(p),
            Acc {
                n: 1,
                sum: 1,
                sum_sq: 0
            }
        );
        assert_eq!(
            *t.metric(m),
            Acc {
                n: 1,
                sum: 4,
                sum_sq: 16
            }
        );
    }
}
