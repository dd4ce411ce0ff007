//! *L'Attente* played in `sccs.skirmish` (a child of `skirmish.rs`; the rule and its
//! readings in [`crate::systems::sccs::attente`]): a combatant holding its action strikes a
//! foe just before that foe acts, « J'interromps ! ».

use super::super::attente::{ANY_FOE, NOT_WAITING, fires_at};
use super::{Side, Skirmish, State, Winner};
use crate::engine::Dice;

impl Skirmish {
    /// At the turn of combatant `i`, before it acts: every foe of `i` standing whose held
    /// action waits for `i` interrupts it, in the order of play, and strikes it (both
    /// weapons with `dual_wield`), if `i` has room for it this round (the engagement
    /// limit; a foe without room keeps holding). The interrupts stop when `i` is out.
    /// Returns the winner when they put the last of `i`'s side out.
    pub(super) fn interruptions<D: Dice>(
        &self,
        s: &mut State,
        i: usize,
        order: &[usize],
        dice: &mut D,
    ) -> Option<Winner> {
        let side = self.side(i);
        for &h in order {
            if self.side(h) == side
                || self.out(s, h)
                || !fires_at(s.waiting[h], i)
                || s.received[i] >= self.room::<true>(h)
            {
                continue;
            }
            s.waiting[h] = NOT_WAITING;
            for _ in 0..self.strikes::<true>(h) {
                if self.strike::<true, D>(s, h, i, dice) {
                    let last = self.standing(s, side) == 0;
                    return last.then(|| Winner::from(Side::at(1 - side)));
                }
            }
        }
        None
    }

    /// Combatant `i`'s turn with *L'Attente*: when its `attente` says so it holds its
    /// action, for whichever foe acts next (`attente_target=next_foe`) or for the foe its
    /// side's targeting picks among those standing (`chosen`). An action still held keeps
    /// its foe while that foe stands. Returns true when it holds (and so does not attack).
    pub(super) fn waits<D: Dice>(
        &self,
        s: &mut State,
        i: usize,
        foes: &mut Vec<usize>,
        dice: &mut D,
    ) -> bool {
        if !self.fighters[i].waits() {
            return false;
        }
        let held = s.waiting[i];
        if held == NOT_WAITING || (held != ANY_FOE && self.out(s, held)) {
            s.waiting[i] = if self.attente_chosen {
                self.chosen_foe(s, i, foes, dice)
            } else {
                ANY_FOE
            };
        }
        true
    }

    /// The foe standing combatant `i`'s side's targeting picks (at least one stands while
    /// the fight goes on), the engagement limit aside: it is checked when the held action
    /// fires.
    fn chosen_foe<D: Dice>(
        &self,
        s: &State,
        i: usize,
        foes: &mut Vec<usize>,
        dice: &mut D,
    ) -> usize {
        let side = self.side(i);
        foes.clear();
        foes.extend(self.members(1 - side).filter(|&j| !self.out(s, j)));
        let k = self
            .members(side)
            .filter(|&j| j < i && !self.out(s, j))
            .count();
        self.targets[side].pick(foes, k, |j| self.protection::<true>(s, j), dice)
    }
}
