//! Disengaging with *Acrobatie* played in `sccs.skirmish` (a child of `skirmish.rs`; the
//! rule and its readings in [`crate::systems::sccs::disengage`]): at its turn a combatant
//! whose `disengage` says so takes the talent test instead of acting; on a success it
//! leaves the fight, neither out nor standing.
//!
//! **\[choice\]** The foes it disengages from are those engaging it: a foe standing whose
//! current target it is, with a melee weapon (or any foe, switch `engaged_by_any_foe`), as
//! for the priorities that change once engaged. No foe engaging it, it leaves without a
//! test (there is nothing to disengage from). **\[choice\]** The combatant's talent, like
//! the foes' scores, is less 1 per impact taken (the text's −1 to all actions).
//! **\[choice\]** The test is its action, taken at its turn in the order of its weapon's
//! priority. **\[choice\]** Its disengaging keeps a tension counter of its own, kept from
//! one attempt to the next whatever it does between; the attempt does not drop the counter
//! of its attack.

use super::super::disengage::{
    DisengageDifficulty, DisengageFailure, DisengageParams, TalentTest, talent_test,
};
use super::{Side, Skirmish, State, Winner};
use crate::engine::Dice;

/// What a combatant's turn becomes once its policy of disengaging is read.
pub(super) enum Turn {
    /// It does not try: it acts as it would.
    Acts,
    /// It tried: its action is spent (it left, or stays engaged).
    Spent,
    /// Its attempt ended the fight.
    Ends(Winner),
}

impl Skirmish {
    /// Combatant `i`'s turn with disengaging played (`d`, the switches): when its
    /// `disengage` says so it takes the talent test against the foes engaging it.
    pub(super) fn disengages<D: Dice>(
        &self,
        s: &mut State,
        i: usize,
        d: &DisengageParams,
        dice: &mut D,
    ) -> Turn {
        let side = self.side(i);
        let f = &self.fighters[i];
        if !f.disengage.tries(
            s.impacts[i],
            self.standing(s, 1 - side),
            self.standing(s, side),
        ) {
            return Turn::Acts;
        }
        let talent = f.acrobatie - i64::from(s.impacts[i]);
        let result = match self.difficulty(s, i, d.disengage_difficulty) {
            None => TalentTest::Success,
            Some(difficulty) => talent_test(
                talent,
                difficulty,
                &mut s.fleeing[i],
                || self.tension_die.roll(dice),
                self.receiving.counts_tie,
            ),
        };
        match result {
            TalentTest::Success => {
                s.escaped[i] = true;
                if self.standing(s, side) > 0 {
                    Turn::Spent
                } else if d.escaping_side_loses {
                    Turn::Ends(Winner::from(Side::at(1 - side)))
                } else {
                    Turn::Ends(Winner::Draw)
                }
            }
            TalentTest::Failure if d.disengage_failure == DisengageFailure::FreeAttack => {
                self.free_attacks(s, i, dice)
            }
            TalentTest::Failure | TalentTest::NotYet => Turn::Spent,
        }
    }

    /// The foe engaging combatant `i` whose score (`which`, each less 1 per impact) is
    /// highest: that score, or `None` when no foe engages it.
    fn difficulty(&self, s: &State, i: usize, which: DisengageDifficulty) -> Option<i64> {
        self.members(1 - self.side(i))
            .filter(|&j| self.engages_now(s, j, i))
            .map(|j| {
                let f = &self.fighters[j];
                let score = match which {
                    DisengageDifficulty::Acrobatie => f.acrobatie,
                    DisengageDifficulty::Attack => f.attack,
                };
                score - i64::from(s.impacts[j])
            })
            .max()
    }

    /// A failed disengaging with `disengage_failure=free_attack`: every foe engaging
    /// combatant `i`, in the order of the sides, strikes it once at once, while it has
    /// room (the engagement limit) and `i` stands. Its action spent, or the fight ended
    /// when the blow puts the last of its side out.
    fn free_attacks<D: Dice>(&self, s: &mut State, i: usize, dice: &mut D) -> Turn {
        let side = self.side(i);
        for j in self.members(1 - side) {
            if !self.engages_now(s, j, i) || s.received[i] >= self.room::<true>(j) {
                continue;
            }
            if self.strike::<true, D>(s, j, i, dice) {
                return if self.standing(s, side) == 0 {
                    Turn::Ends(Winner::from(Side::at(1 - side)))
                } else {
                    Turn::Spent
                };
            }
        }
        Turn::Spent
    }
}
