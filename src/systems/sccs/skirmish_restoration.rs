//! *La Magie de Restauration* played in `sccs.skirmish` (a child of `skirmish.rs`; the
//! rule in [`crate::systems::sccs::restoration`]): a healer (a fighter's `restores`)
//! treats an ally standing at its turn instead of attacking, while one has something to
//! restore. **\[choice\]** The −1 removed is the impact's: the ally has taken one impact
//! fewer, its protection and attack back up by that impact's malus and the impact no
//! longer counting toward `impacts_to_out` (the wound treated). **\[choice\]** A
//! restoration, like the manœuvre défensive, does not drop the healer's tension counter.

use super::super::restoration::{Hurt, Treated, pick};
use super::{MAX_FIGHTERS, Skirmish, State};

impl Skirmish {
    /// Healer `i`'s turn: restores what [`pick`] chooses among its allies standing.
    /// Returns true when it restored something (and so does not attack).
    pub(super) fn restores(&self, s: &mut State, i: usize) -> bool {
        let mut allies = [Hurt {
            index: 0,
            impacts: 0,
            worn: 0,
        }; MAX_FIGHTERS];
        let mut n = 0;
        for j in self.members(self.side(i)).filter(|&j| !self.out(s, j)) {
            allies[n] = Hurt {
                index: j,
                impacts: s.impacts[j],
                worn: (self.fighters[j].durability as u32).saturating_sub(s.durability[j]),
            };
            n += 1;
        }
        match pick(&allies[..n], self.restoration_first) {
            Some(Treated::Malus(j)) => s.impacts[j] -= 1,
            Some(Treated::Durability(j)) => s.durability[j] += 1,
            None => return false,
        }
        true
    }
}
