//! The dense tables an exchange's law is added up in ([`super::Fight::law`]): contest
//! outcomes and effects merged without sorting, each sum taken in the order the items
//! come, so bit for bit as a sort-and-merge would give them.

use super::{Effect, Law};
use crate::engine::fight::Winner;
use crate::systems::aube::damage::DamageResult;
use std::rc::Rc;

/// `items` with equal keys merged (their chances added), by increasing key: the same sums
/// in the same order on every run.
#[cfg(test)]
pub(super) fn merged<K: Ord + Copy>(mut items: Vec<(K, f64)>) -> Vec<(K, f64)> {
    items.sort_by_key(|x| x.0);
    let mut out: Vec<(K, f64)> = Vec::with_capacity(items.len());
    for (k, p) in items {
        match out.last_mut() {
            Some(last) if last.0 == k => last.1 += p,
            _ => out.push((k, p)),
        }
    }
    out
}

/// A contest's outcome: who won it (nobody, or a tie), and by how much.
pub(super) type ContestResult = (Option<Winner>, i64);

/// `contests` with equal outcomes merged, as [`merged`] merges them (in its order, each
/// sum taken in the order of `contests`), without sorting: the magnitudes of a side's
/// wins are added up in a dense table over their range.
#[cfg(test)]
pub(super) fn merged_contests(contests: &[(ContestResult, f64)]) -> Vec<(ContestResult, f64)> {
    let mut out = Vec::new();
    merged_contests_into(contests, &mut Vec::new(), &mut out);
    out
}

/// [`merged_contests`] into `out`, with `sums` as the dense table (both emptied first).
#[cfg(test)]
pub(super) fn merged_contests_into(
    contests: &[(ContestResult, f64)],
    sums: &mut Vec<Option<(ContestResult, f64)>>,
    out: &mut Vec<(ContestResult, f64)>,
) {
    out.clear();
    let (mut lo, mut hi) = (i64::MAX, i64::MIN);
    for &((_, magnitude), _) in contests {
        lo = lo.min(magnitude);
        hi = hi.max(magnitude);
    }
    if lo > hi {
        return;
    }
    let mut dense = DenseContests::new(sums, lo, hi);
    for &(key, p) in contests {
        dense.add(key, p);
    }
    dense.finish_into(out);
}

/// A dense table adding up the chances of contest outcomes whose magnitudes lie in
/// `lo..=hi`, each sum taken in the order the outcomes come: the outcomes of one
/// exchange merged without sorting, in the order of [`merged`] (nobody won, A by each
/// magnitude, B by each magnitude, a tie). Wider bounds than needed change nothing but
/// the table's size.
pub(super) struct DenseContests<'a> {
    sums: &'a mut Vec<Option<(ContestResult, f64)>>,
    lo: i64,
    span: usize,
}

impl<'a> DenseContests<'a> {
    /// An empty table over `sums` (emptied) for magnitudes in `lo..=hi`.
    pub(super) fn new(sums: &'a mut Vec<Option<(ContestResult, f64)>>, lo: i64, hi: i64) -> Self {
        let span = (hi - lo + 1) as usize;
        sums.clear();
        sums.resize(2 + 2 * span, None);
        Self { sums, lo, span }
    }

    #[inline]
    pub(super) fn add(&mut self, key: ContestResult, p: f64) {
        let m = (key.1 - self.lo) as usize;
        let slot = match key.0 {
            None => 0,
            Some(Winner::A) => 1 + m,
            Some(Winner::B) => 1 + self.span + m,
            Some(Winner::Draw) => 1 + 2 * self.span,
        };
        match &mut self.sums[slot] {
            Some((_, sum)) => *sum += p,
            empty => *empty = Some((key, p)),
        }
    }

    /// The merged outcomes into `out` (emptied first).
    pub(super) fn finish_into(self, out: &mut Vec<(ContestResult, f64)>) {
        out.clear();
        out.extend(self.sums.iter().flatten());
    }
}

/// `effects` with equal effects merged as [`merged`] merges them (each sum taken in the
/// order of `effects`, so bit for bit the same), without sorting: added up in a dense
/// table (`sums`, emptied first) laid out in the order of [`Effect`] (quiet, A's feint
/// holdings, B's, blows against A by result, against B).
#[cfg(test)]
pub(super) fn merged_effects(
    effects: &[(Effect, f64)],
    sums: &mut Vec<Option<(Effect, f64)>>,
) -> Law {
    let mut most = 1;
    for &(e, _) in effects {
        if let Effect::Feint(_, f) = e {
            most = most.max(f);
        }
    }
    let mut dense = DenseEffects::new(sums, most);
    for &(e, p) in effects {
        dense.add(e, p);
    }
    dense.finish(&mut Vec::new())
}

/// A dense table adding up the chances of an exchange's effects, each sum taken in the
/// order the effects come, laid out in the order of [`Effect`]: the effects merged
/// without sorting, as [`merged`] merges them. Feint holdings must not exceed `most`.
pub(super) struct DenseEffects<'a> {
    sums: &'a mut Vec<Option<(Effect, f64)>>,
    most: usize,
}

impl<'a> DenseEffects<'a> {
    /// An empty table over `sums` (emptied) for feint holdings up to `most`.
    pub(super) fn new(sums: &'a mut Vec<Option<(Effect, f64)>>, most: i64) -> Self {
        let most = most.max(1) as usize;
        sums.clear();
        sums.resize(1 + 2 * most + 2 * DamageResult::ALL.len(), None);
        Self { sums, most }
    }

    #[inline]
    pub(super) fn add(&mut self, e: Effect, p: f64) {
        let slot = match e {
            Effect::Quiet => 0,
            Effect::Feint(side, f) => 1 + side * self.most + (f as usize - 1),
            Effect::Blow(side, r) => 1 + 2 * self.most + side * DamageResult::ALL.len() + r.index(),
        };
        match &mut self.sums[slot] {
            Some((_, sum)) => *sum += p,
            empty => *empty = Some((e, p)),
        }
    }

    /// The merged law (`buffer` is where it is gathered before it is copied out once).
    pub(super) fn finish(self, buffer: &mut Vec<(Effect, f64)>) -> Law {
        buffer.clear();
        buffer.extend(self.sums.iter().flatten());
        Rc::from(&buffer[..])
    }
}
