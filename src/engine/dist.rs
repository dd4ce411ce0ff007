//! Exact discrete distributions: probabilities over integer values or outcome categories,
//! with mapping, convolution and mixture. Mechanics whose outcome is a finite chain of
//! rolls describe it as a [`Dist`]; the engine turns it into exact metric values.
//!
//! Unbounded rolls (the open-ended d20, the exploding d6) are truncated; the neglected
//! probability mass is carried in [`Dist::tail`] and reported with the exact values.

use std::collections::BTreeMap;

/// A discrete probability distribution over values of `T`, plus the probability mass
/// left out by truncation (`tail`). Probabilities of the listed values add up to
/// `1 - tail`.
#[derive(Debug, Clone, PartialEq)]
pub struct Dist<T: Ord> {
    probs: BTreeMap<T, f64>,
    tail: f64,
}

/// Default truncation target for unbounded rolls: the neglected mass stays below this.
pub const TAIL_BOUND: f64 = 1e-12;

impl<T: Ord + Clone> Dist<T> {
    /// The distribution that is always `value`.
    pub fn certain(value: T) -> Self {
        Self {
            probs: BTreeMap::from([(value, 1.0)]),
            tail: 0.0,
        }
    }

    /// Builds a distribution from weighted values (weights need not be normalised;
    /// repeated values add up).
    pub fn from_weights(items: impl IntoIterator<Item = (T, f64)>) -> Self {
        let mut probs = BTreeMap::new();
        let mut total = 0.0;
        for (value, w) in items {
            total += w;
            *probs.entry(value).or_insert(0.0) += w;
        }
        for p in probs.values_mut() {
            *p /= total;
        }
        Self { probs, tail: 0.0 }
    }

    /// A truncated distribution from probabilities (not normalised) that add up to at
    /// most one: the missing mass becomes the tail (an unbounded chain of rolls cut off).
    pub fn truncated(items: impl IntoIterator<Item = (T, f64)>) -> Self {
        let mut probs = BTreeMap::new();
        let mut total = 0.0;
        for (value, p) in items {
            total += p;
            *probs.entry(value).or_insert(0.0) += p;
        }
        Self {
            probs,
            tail: (1.0 - total).max(0.0),
        }
    }

    /// A distribution from distinct values and their probabilities, with the mass `tail`
    /// left out (as an enumeration gives them).
    pub fn with_tail(items: impl IntoIterator<Item = (T, f64)>, tail: f64) -> Self {
        Self {
            probs: items.into_iter().collect(),
            tail,
        }
    }

    /// Uniform over the given values.
    pub fn uniform(values: impl IntoIterator<Item = T>) -> Self {
        Self::from_weights(values.into_iter().map(|v| (v, 1.0)))
    }

    /// The probability of `value`.
    pub fn p(&self, value: &T) -> f64 {
        self.probs.get(value).copied().unwrap_or(0.0)
    }

    /// The probability that `pred` holds.
    pub fn p_where(&self, pred: impl Fn(&T) -> bool) -> f64 {
        self.probs
            .iter()
            .filter(|(v, _)| pred(v))
            .map(|(_, p)| p)
            .sum()
    }

    /// The probability mass neglected by truncation.
    pub fn tail(&self) -> f64 {
        self.tail
    }

    /// Values and their probabilities, in increasing order of value.
    pub fn iter(&self) -> impl Iterator<Item = (&T, f64)> {
        self.probs.iter().map(|(v, p)| (v, *p))
    }

    /// Number of distinct values.
    pub fn len(&self) -> usize {
        self.probs.len()
    }

    /// True when no value has positive probability.
    pub fn is_empty(&self) -> bool {
        self.probs.is_empty()
    }

    /// The distribution of `f(X)`.
    pub fn map<U: Ord + Clone>(&self, f: impl Fn(&T) -> U) -> Dist<U> {
        let mut probs = BTreeMap::new();
        for (v, p) in &self.probs {
            *probs.entry(f(v)).or_insert(0.0) += p;
        }
        Dist {
            probs,
            tail: self.tail,
        }
    }

    /// Mixture: draw `X`, then draw from `f(X)` (a chain of rolls where the next roll
    /// depends on the last). Tails add up, weighted.
    pub fn then<U: Ord + Clone>(&self, f: impl Fn(&T) -> Dist<U>) -> Dist<U> {
        let mut probs = BTreeMap::new();
        let mut tail = self.tail;
        for (v, p) in &self.probs {
            let next = f(v);
            tail += p * next.tail;
            for (u, q) in next.probs {
                *probs.entry(u).or_insert(0.0) += p * q;
            }
        }
        Dist { probs, tail }
    }

    /// The joint outcome of two independent draws, combined by `f` (convolution when `f`
    /// adds).
    pub fn combine<U: Ord + Clone, V: Ord + Clone>(
        &self,
        other: &Dist<U>,
        f: impl Fn(&T, &U) -> V,
    ) -> Dist<V> {
        let mut probs = BTreeMap::new();
        for (a, p) in &self.probs {
            for (b, q) in &other.probs {
                *probs.entry(f(a, b)).or_insert(0.0) += p * q;
            }
        }
        let tail = 1.0 - (1.0 - self.tail) * (1.0 - other.tail);
        Dist { probs, tail }
    }

    /// A weighted mixture of distributions (weights add up to one).
    pub fn mixture(parts: impl IntoIterator<Item = (f64, Dist<T>)>) -> Self {
        let mut probs = BTreeMap::new();
        let mut tail = 0.0;
        for (w, d) in parts {
            tail += w * d.tail;
            for (v, p) in d.probs {
                *probs.entry(v).or_insert(0.0) += w * p;
            }
        }
        Dist { probs, tail }
    }
}

impl Dist<bool> {
    /// True with probability `p` (clamped to `0..=1`): the exact counterpart of
    /// [`crate::engine::Dice::bernoulli`] (which honours `p` to 2^-30).
    pub fn bernoulli(p: f64) -> Self {
        let p = p.clamp(0.0, 1.0);
        let mut probs = BTreeMap::new();
        if p < 1.0 {
            probs.insert(false, 1.0 - p);
        }
        if p > 0.0 {
            probs.insert(true, p);
        }
        Self { probs, tail: 0.0 }
    }
}

impl Dist<i64> {
    /// One die with `sides` faces.
    pub fn die(sides: u32) -> Self {
        Self::uniform(1..=sides as i64)
    }

    /// The sum of `count` dice with `sides` faces.
    pub fn dice_sum(count: u32, sides: u32) -> Self {
        (0..count).fold(Self::certain(0), |acc, _| acc.add(&Self::die(sides)))
    }

    /// The distribution of the sum of two independent values (convolution).
    pub fn add(&self, other: &Self) -> Self {
        self.combine(other, |a, b| a + b)
    }

    /// An open-ended die (roll, add, again while the highest face), truncated so that the
    /// neglected mass is below [`TAIL_BOUND`]; the mass actually neglected is in `tail`.
    pub fn open_ended(sides: u32) -> Self {
        let s = sides as i64;
        let face = 1.0 / sides as f64;
        let mut probs = BTreeMap::new();
        let mut reach = 1.0; // probability of having rolled the top face `level` times
        let mut level = 0i64;
        while reach >= TAIL_BOUND {
            for r in 1..s {
                probs.insert(level * s + r, reach * face);
            }
            reach *= face;
            level += 1;
        }
        Self { probs, tail: reach }
    }

    /// The mean, over the listed values (the tail left out).
    pub fn mean(&self) -> f64 {
        self.probs.iter().map(|(v, p)| *v as f64 * p).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_d6() {
        let d = Dist::dice_sum(3, 6);
        assert!((d.p(&10) - 27.0 / 216.0).abs() < 1e-15);
        assert!((d.p(&18) - 1.0 / 216.0).abs() < 1e-15);
        assert!((d.mean() - 10.5).abs() < 1e-12);
    }

    #[test]
    fn open_ended_d20_tail_is_bounded() {
        let d = Dist::open_ended(20);
        assert!(d.tail() < TAIL_BOUND && d.tail() > 0.0);
        let total: f64 = d.iter().map(|(_, p)| p).sum();
        assert!((total + d.tail() - 1.0).abs() < 1e-15);
        assert_eq!(d.p(&20), 0.0);
        assert!((d.p(&21) - 1.0 / 400.0).abs() < 1e-15);
        // E = 10.5 / (1 - 1/20) for an open-ended d20.
        assert!((d.mean() - 10.5 / 0.95).abs() < 1e-9);
    }

    #[test]
    fn truncated_keeps_the_missing_mass() {
        let d = Dist::truncated([(1i64, 0.5), (2, 0.25)]);
        assert!((d.tail() - 0.25).abs() < 1e-15);
        assert!((d.p(&2) - 0.25).abs() < 1e-15);
    }

    #[test]
    fn bernoulli() {
        let b = Dist::bernoulli(0.3);
        assert!((b.p(&true) - 0.3).abs() < 1e-15);
        assert_eq!(Dist::bernoulli(1.0).len(), 1);
    }

    #[test]
    fn mixture_then_and_map() {
        let coin = Dist::uniform([0i64, 1]);
        let d = coin.then(|&c| {
            if c == 0 {
                Dist::certain(0i64)
            } else {
                Dist::die(2)
            }
        });
        assert!((d.p(&0) - 0.5).abs() < 1e-15);
        assert!((d.p(&2) - 0.25).abs() < 1e-15);
        let m = Dist::mixture([(0.5, Dist::certain(1i64)), (0.5, Dist::certain(3i64))]);
        assert!((m.map(|v| v * 2).mean() - 4.0).abs() < 1e-15);
    }
}
