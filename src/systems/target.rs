//! Who a fighter attacks in a group fight. No text of alea's systems says it, so every
//! group fight offers the same **\[choice\]** for each side (switches such as
//! `party_target` and `target_a`), read here once:
//! `focus` (everyone on the weakest foe standing, the first listed on a tie), `spread`
//! (the k-th attacker standing takes the k-th foe standing, cyclically) and `random` (a
//! die over the foes standing; no die when one stands). Each system says what its weakest
//! foe is (fewest hit points, most fatigue...).

use crate::engine::Dice;

crate::choice! {
    /// Who a fighter attacks in a group fight (one switch per side).
    ///
    /// - `focus`: every attacker on the weakest foe standing.
    /// - `spread`: the k-th attacker standing takes the k-th foe standing, cyclically.
    /// - `random`: a foe standing, drawn at random.
    pub enum Target { Focus = "focus", Spread = "spread", Random = "random" }
}

impl Target {
    /// The foe that the `k`-th attacker of its side (0-based, among those standing)
    /// takes among `foes`, the indices of the foes standing (at least one); `weakness`
    /// ranks them for `focus`, the lowest taken first.
    #[inline]
    pub fn pick<D: Dice>(
        self,
        foes: &[usize],
        k: usize,
        weakness: impl Fn(usize) -> i64,
        dice: &mut D,
    ) -> usize {
        match self {
            Target::Focus => foes
                .iter()
                .copied()
                .min_by_key(|&j| weakness(j))
                .unwrap_or(foes[0]),
            Target::Spread => foes[k % foes.len()],
            Target::Random if foes.len() == 1 => foes[0],
            Target::Random => foes[dice.die(foes.len() as u32) as usize - 1],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::replay;

    #[test]
    fn each_reading_picks_its_foe() {
        let foes = [1, 3, 4];
        let hp = |j: usize| [9, 7, 2, 5, 5][j];
        let none: [u32; 0] = [];
        assert_eq!(replay(&none, |d| Target::Focus.pick(&foes, 0, hp, d)), 3);
        // Ties go to the first listed.
        assert_eq!(replay(&none, |d| Target::Focus.pick(&[3, 4], 0, hp, d)), 3);
        assert_eq!(replay(&none, |d| Target::Spread.pick(&foes, 4, hp, d)), 3);
        assert_eq!(replay(&[3], |d| Target::Random.pick(&foes, 0, hp, d)), 4);
        // One foe: no die.
        assert_eq!(replay(&none, |d| Target::Random.pick(&[2], 0, hp, d)), 2);
    }
}
