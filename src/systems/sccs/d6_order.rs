//! Ties of initiative broken by a D6 each, the higher first, equal dice rolled again (*la
//! Loi du Regard*): the order of `sccs.skirmish` among combatants of the same priority and
//! attack.

use crate::engine::Dice;

/// Orders `run` (sorted by `key`) within each stretch of equal keys by [`by_d6`].
pub fn settle<D: Dice, K: PartialEq>(run: &mut [usize], key: impl Fn(usize) -> K, dice: &mut D) {
    let mut start = 0;
    while start < run.len() {
        let first = key(run[start]);
        let len = run[start..]
            .iter()
            .take_while(|&&i| key(i) == first)
            .count();
        by_d6(&mut run[start..start + len], dice);
        start += len;
    }
}

/// Orders `group` by a D6 each, the higher first, rolling again among those still equal
/// (*la Loi du Regard*); no die for a group of one.
pub fn by_d6<D: Dice>(group: &mut [usize], dice: &mut D) {
    if group.len() < 2 {
        return;
    }
    let mut rolled: Vec<(u32, usize)> = group.iter().map(|&i| (dice.d6(), i)).collect();
    rolled.sort_by_key(|&(r, _)| std::cmp::Reverse(r));
    for (slot, &(_, i)) in group.iter_mut().zip(&rolled) {
        *slot = i;
    }
    let mut start = 0;
    while start < rolled.len() {
        let len = rolled[start..]
            .iter()
            .take_while(|(r, _)| *r == rolled[start].0)
            .count();
        by_d6(&mut group[start..start + len], dice);
        start += len;
    }
}
