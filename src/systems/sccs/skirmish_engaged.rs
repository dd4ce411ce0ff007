//! The priorities that change once a combatant is engaged, played in `sccs.skirmish` (a
//! child of `skirmish.rs`; the rule in [`crate::systems::sccs::engagement`]): with switch
//! `engaged_priority`, a shooter (priority 1) engaged acts at 7 and a caster (2) at 8.
//!
//! A combatant is engaged when a foe standing attacks it: its current target is that
//! combatant, and it holds a melee weapon (priority 4 to 6), or, with switch
//! `engaged_by_any_foe`, whatever it holds. **\[choice\]** The priorities are read at the
//! start of each round, before it is played (the order of a round is settled before
//! anyone acts); when one differs from those the order was settled with, the order is
//! settled again, the D6 of equal priorities rolled again.

use super::super::engagement::{engages, priority_now};
use super::{MAX_FIGHTERS, Skirmish, State};

/// Each combatant's priority in force, indexed as [`Skirmish::fighters`].
pub(super) type Priorities = [i64; MAX_FIGHTERS];

impl Skirmish {
    /// Whether combatant `i` is engaged: a foe standing has it as its current target and
    /// engages it ([`engages`], switch `engaged_by_any_foe`).
    pub(super) fn engaged(&self, s: &State, i: usize) -> bool {
        self.members(1 - self.side(i))
            .any(|j| self.engages_now(s, j, i))
    }

    /// Whether foe `j` engages combatant `i` now: it stands, `i` is its current target,
    /// and it engages it ([`engages`], switch `engaged_by_any_foe`).
    pub(super) fn engages_now(&self, s: &State, j: usize, i: usize) -> bool {
        s.target[j] == i
            && !self.out(s, j)
            && engages(self.fighters[j].priority, self.engaged_by_any)
    }

    /// Writes every combatant's priority now into `now` ([`priority_now`]); returns true
    /// when one changed.
    pub(super) fn priorities_now(&self, s: &State, now: &mut Priorities) -> bool {
        let mut changed = false;
        for (i, f) in self.fighters.iter().enumerate() {
            let p = priority_now(f.priority, self.engaged(s, i));
            changed |= now[i] != p;
            now[i] = p;
        }
        changed
    }
}
