//! The ritual circle of `sccs.spell` (a child of `spell.rs`; seed section 6, *Cercle
//! Rituel (2 Mages & +)*): a turn of the circle, the casting and, with `circle_upkeep`,
//! the spell kept once cast; the relays, the leader, and a healer treating hit members.
//!
//! - **The casting** ("Un minimum de deux individus (lanceur le plus expérimenté inclus)
//!   doit rester concentré sur le lancement du sort"): each turn the members concentrated
//!   are hit, each with chance `p_hit`; a hit member leaves the circle, a relay standing
//!   by takes its place at once; below two concentrated (or the leader hit, with
//!   `leader_required`) the casting breaks.
//! - **The spell kept once cast** ("tous subissent le Malus de -1 à toutes leurs stats,
//!   tant qu'ils se concentrent pour lancer ou maintenir le sort. Ils peuvent être
//!   remplacés ou relayés, cela ne rompt pas le sort tant qu'au moins un des participants
//!   reste concentré"): with [`CircleUpkeep`] `all` or `one` the circle goes on after the
//!   casting for `max_turns` turns, and the spell breaks only when nobody is left
//!   concentrated. **\[choice\]** The leader is required for the casting only (the text
//!   names it at the *Lancement*), not to keep the spell.
//! - **A healer** (*La Magie de Restauration*, the step of [`super::super::restoration`],
//!   switch `healer`): at the start of each turn it removes the −1 of one member hit, who
//!   stands by as a relay again.

use super::super::restoration::{RestorationFirst, restore_one};
use super::{SpellOutcome, Upkeep, UpkeepState, broken_in};
use crate::engine::chain::Next;
use crate::engine::{Dice, Step};

crate::choice! {
    /// Who keeps a ritual circle's spell once it is cast (switch `circle_upkeep`).
    ///
    /// - `none`: the mechanic follows the casting only and ends with it (the default).
    /// - `all`: every member still concentrated when the casting ends goes on
    ///   concentrating (nobody is said to leave), each hit with chance `p_hit` a turn,
    ///   relays taking the place of those hit; the spell holds while one is concentrated.
    /// - `one`: one member keeps it, the others leave the circle ("quitter un Cercle
    ///   rituel permet de récupérer ses statistiques normales") and stand by as relays
    ///   ("Ils peuvent être remplacés ou relayés"): only the keeper is exposed, a relay
    ///   taking its place when it is hit; the spell breaks when it is hit with no relay
    ///   left.
    pub enum CircleUpkeep { None = "none", All = "all", One = "one" }
}

impl Upkeep {
    /// Every member of the circle: the casters and the relays standing by at the start.
    fn members(&self) -> u32 {
        self.casters + self.relays
    }

    /// One turn of a circle (the first die, its casting turns, already rolled): the healer
    /// treats a member hit, then the members concentrated are hit; the casting done, the
    /// circle hands the spell over to its keepers ([`CircleUpkeep`]) or ends.
    #[inline(always)]
    pub(super) fn circle_round<D: Dice>(
        &self,
        mut s: UpkeepState,
        dice: &mut D,
    ) -> Next<UpkeepState, SpellOutcome> {
        s.turn += 1;
        if self.healer {
            self.restore_member(&mut s);
        }
        let casting = s.turn <= s.first;
        if !self.circle_turn(&mut s, casting, dice) {
            return Next::End(SpellOutcome {
                cast: !casting,
                ..broken_in(s.turn)
            });
        }
        if s.turn == s.first {
            match self.circle_upkeep {
                CircleUpkeep::None => return Next::End(Self::held(s.turn)),
                CircleUpkeep::All => {}
                CircleUpkeep::One => {
                    s.relays += (s.concentrated - 1) as u8;
                    s.concentrated = 1;
                }
            }
        }
        if s.turn >= s.first + self.max_turns {
            return Next::End(SpellOutcome {
                cast: true,
                ..Self::held(s.turn)
            });
        }
        Next::Round(s)
    }

    /// A turn of the circle, `casting` or keeping the spell: the members concentrated are
    /// hit (each with chance `p_hit`), the leader first when it is required during the
    /// casting (its hit breaks the casting), and relays take the place of the others hit
    /// while any stand by. Returns false when the circle breaks: the leader hit, or fewer
    /// than two still concentrated while casting, nobody once cast.
    #[inline(always)]
    fn circle_turn<D: Dice>(&self, s: &mut UpkeepState, casting: bool, dice: &mut D) -> bool {
        let p_bits = self.p_hit.to_bits();
        let mut others = s.concentrated;
        if self.leader_required && casting {
            if dice.bernoulli(self.p_hit) {
                return false;
            }
            others -= 1;
        }
        let hit = dice.step(&Hits { n: others, p_bits });
        let relayed = hit.min(u32::from(s.relays));
        s.relays -= relayed as u8;
        s.concentrated -= hit - relayed;
        s.concentrated >= if casting { 2 } else { 1 }
    }

    /// The healer's restoration: one member hit (out of the circle, neither concentrated
    /// nor standing by) has its impact's −1 removed ([`restore_one`], the members' impacts
    /// counted together, no armour) and stands by as a relay again. **\[choice\]** Treated,
    /// a member may relay: it left the circle for the impact's effect, which the
    /// restoration treats.
    #[inline(always)]
    fn restore_member(&self, s: &mut UpkeepState) {
        let mut hit = self.members() - s.concentrated - u32::from(s.relays);
        let mut no_armour = 0;
        if restore_one(RestorationFirst::Malus, &mut hit, &mut no_armour, 0) {
            s.relays += 1;
        }
    }
}

/// The casters of a circle hit in one turn: `n` casters, each hit with chance `p`
/// (`p_bits`, the bits of the `f64`), the first caster's chance drawn first. A step, so
/// the exact upkeep counts the hits once per number of casters (a binomial, each `n`
/// from `n − 1`) rather than every caster's die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Hits {
    n: u32,
    p_bits: u64,
}

impl Step for Hits {
    type Output = u32;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> u32 {
        if self.n == 0 {
            return 0;
        }
        let first = u32::from(dice.bernoulli(f64::from_bits(self.p_bits)));
        first
            + dice.step(&Hits {
                n: self.n - 1,
                ..*self
            })
    }
}
