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

/// [`merged_contests`] into `out` (emptied first), with `sums` as the dense table (all
/// `None`, and left so).
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
///
/// The table `sums` is kept empty between uses: only the slots an exchange touches are
/// read and emptied again (an exchange's magnitudes span a few hundred slots, most of
/// them never reached).
pub(super) struct DenseContests<'a> {
    sums: &'a mut Vec<Option<(ContestResult, f64)>>,
    lo: i64,
    span: usize,
    /// The lowest and highest slots touched so far in each block of the table (nobody
    /// won, A's wins, B's wins, a tie; `lowest > highest`: none).
    touched: [(usize, usize); 4],
}

impl<'a> DenseContests<'a> {
    /// None of a block's slots touched.
    const UNTOUCHED: (usize, usize) = (usize::MAX, 0);

    /// An empty table over `sums` (all `None`, as every use leaves it) for magnitudes in
    /// `lo..=hi`.
    pub(super) fn new(sums: &'a mut Vec<Option<(ContestResult, f64)>>, lo: i64, hi: i64) -> Self {
        let span = (hi - lo + 1) as usize;
        debug_assert!(sums.iter().all(Option::is_none));
        if sums.len() < 2 + 2 * span {
            sums.resize(2 + 2 * span, None);
        }
        Self {
            sums,
            lo,
            span,
            touched: [Self::UNTOUCHED; 4],
        }
    }

    #[inline]
    pub(super) fn add(&mut self, key: ContestResult, p: f64) {
        let m = (key.1 - self.lo) as usize;
        let (block, slot) = match key.0 {
            None => (0, 0),
            Some(Winner::A) => (1, 1 + m),
            Some(Winner::B) => (2, 1 + self.span + m),
            Some(Winner::Draw) => (3, 1 + 2 * self.span),
        };
        let range = &mut self.touched[block];
        *range = (range.0.min(slot), range.1.max(slot));
        match &mut self.sums[slot] {
            Some((_, sum)) => *sum += p,
            empty => *empty = Some((key, p)),
        }
    }

    /// The merged outcomes into `out` (emptied first), the table left empty.
    pub(super) fn finish_into(mut self, out: &mut Vec<(ContestResult, f64)>) {
        out.clear();
        for (lowest, highest) in std::mem::replace(&mut self.touched, [Self::UNTOUCHED; 4]) {
            if lowest <= highest {
                out.extend(
                    self.sums[lowest..=highest]
                        .iter_mut()
                        .filter_map(Option::take),
                );
            }
        }
    }
}

impl Drop for DenseContests<'_> {
    /// Empties the slots touched by a table dropped before it was finished.
    fn drop(&mut self) {
        for (lowest, highest) in self.touched {
            if lowest <= highest {
                self.sums[lowest..=highest].fill(None);
            }
        }
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
