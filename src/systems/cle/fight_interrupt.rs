//! Interrupting an adversary's action (seed *Fiche 3*, "Interrompre"; the `cle` page →
//! `cle.fight`, *Interrupting*), off by default.
//!
//! "Un PJ ou PNJ qui n'a pas encore agi durant le round peut tenter d'interrompre l'action
//! d'un adversaire. Cela donne lieu à une opposition de Réflexes : en cas de réussite, le
//! personnage cherchant à interrompre l'autre effectue son tour de jeu immédiatement, avec
//! une pénalité obligatoire – cf. *Fiche 4*. Puis celui de l'adversaire reprend. En cas
//! d'échec, il s'est précipité et a raté son action. Il ne peut pas effectuer de tour de
//! jeu ce round."
//!
//! Switch `interrupt` ([`Sides`](crate::systems::cle::fight::Sides)): who tries.
//! Readings of this program (no switch): a side that interrupts always tries when it may: a foe (its group) that has not acted,
//! when a PC is about to attack it; a PC that has not acted, when a foe (group) is about
//! to attack it. The one interrupting starts the opposition (it is the active side: equal
//! totals and equal Réflexes go to it); a figurant group tries with its lead's Réflexes,
//! without its members' bonus (the bonus is the group's attack's). On a win it takes its
//! turn at once: a foe attacks the PC, a PC attacks the first standing foe in the order
//! listed; then the adversary's action resumes if the adversary still stands (a group's
//! first standing member leading it). A PC's interrupted attack is answered as any other;
//! a foe's interrupted attack is its turn. Surprised fighters neither interrupt nor are
//! interrupted (they do not act).
//!
//! **\[choice, switch `interrupt_penalty`\]** the text asks for "une pénalité obligatoire"
//! without saying which: `difficulte` (the default: −2 to the interrupting attack, the
//! pénalité of an action hurried), or `danger` (−2 to the interrupter's next defence).

use super::options::ALL;
use super::play::Battle;
use super::{FightRule, Profile, State};
use crate::engine::Dice;
use crate::systems::cle::opposition::{Contender, Winner, winner};

crate::choice! {
    /// The pénalité obligatoire of an interruption (switch `interrupt_penalty`, a
    /// \[choice\]).
    ///
    /// - `difficulte`: *Difficulté*, −2 to the interrupting attack.
    /// - `danger`: *Danger*, −2 to the interrupter's next defence.
    pub enum Penalty { Difficulte = "difficulte", Danger = "danger" }
}

impl Penalty {
    /// `interrupter` takes the pénalité, pending on its attack or its next defence.
    #[inline(always)]
    pub fn pay(self, interrupter: &mut State) {
        match self {
            Penalty::Difficulte => interrupter.hurried = true,
            Penalty::Danger => interrupter.danger += 1,
        }
    }
}

/// The modifier of `fighter`'s attack: −2 when an interruption's *Difficulté* is pending
/// (then cleared), else 0.
#[inline(always)]
pub fn hurry(fighter: &mut State) -> i64 {
    if std::mem::take(&mut fighter.hurried) {
        -2
    } else {
        0
    }
}

impl FightRule {
    /// The opposition of Réflexes: `interrupter` (the active side) against `other`;
    /// whether the interrupter wins.
    fn interrupts<D: Dice>(&self, dice: &mut D, interrupter: &Profile, other: &Profile) -> bool {
        let side = |p: &Profile| Contender {
            skill: p.reflexes,
            dice: 3,
            modifiers: 0,
            total: self.test_total,
        };
        let (a, b) = (side(interrupter), side(other));
        let (score_a, score_b) = (a.roll(dice), b.roll(dice));
        winner(score_a, a.skill, score_b, b.skill, false, false) == Winner::A
    }

    /// Foe `f` (the lead of its group, which has not acted) tries to interrupt PC `i`'s
    /// attack: whether it wins and acts first (its pénalité pending), else it has lost
    /// its turn. The caller plays the group's action on a win.
    pub(super) fn foe_interrupts<D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        f: usize,
        i: usize,
    ) -> bool {
        let won = self.interrupts(dice, &self.foe[f].1, &self.pc[i]);
        if won {
            self.interrupt_penalty.pay(&mut b.foes[f]);
        }
        won
    }

    /// PC `t`, who has not acted, tries to interrupt the attack of foe `f` (a group's
    /// lead): on a win it attacks at once, with its pénalité, the first standing foe of
    /// `order`; either way its turn is spent.
    pub(super) fn pc_interrupts<D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        (order, f): (&[u8], usize),
        t: usize,
        round: u32,
    ) {
        b.pcs[t].acted = true;
        if !self.interrupts(dice, &self.pc[t], &self.foe[f].1) {
            return;
        }
        self.interrupt_penalty.pay(&mut b.pcs[t]);
        if let Some(&target) = order.iter().find(|&&g| b.foes[g as usize].standing(round)) {
            self.pc_attacks::<ALL, D>(dice, b, t, target as usize, round);
        }
    }

    /// PC `t` may try to interrupt a foe about to attack it in `round`.
    #[inline(always)]
    pub(super) fn pc_may_interrupt(&self, b: &Battle, t: usize, round: u32) -> bool {
        self.interrupt.pcs()
            && !b.pcs[t].acted
            && b.pcs[t].standing(round)
            && !self.pcs_surprised(round)
    }

    /// The foes may try to interrupt a PC's attack in `round`.
    #[inline(always)]
    pub(super) fn foes_may_interrupt(&self, round: u32) -> bool {
        self.interrupt.foes() && !self.foes_surprised(round)
    }
}

#[cfg(test)]
#[path = "fight_interrupt_tests.rs"]
mod tests;
