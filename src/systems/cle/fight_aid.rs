//! The downed in a fight (seed *Fiche 4*, "Mal en point", "Premiers soins", "Difficultés
//! des soins"; the `cle` page → `cle.fight`, *Finishing off and first aid*): an
//! unconscious adversary finished off, an ally given first aid, each a fighter's action
//! taken instead of an attack, off by default.
//!
//! "Un personnage *inconscient* lâche ce qu'il tient en main et tombe au sol. Si un
//! adversaire à portée décide de l'achever, il le tue automatiquement en y consacrant une
//! action." "Des premiers soins peuvent être effectués pour soigner un personnage *mal en
//! point* – test de Soins. Le bénéficiaire récupère alors 1 point de vitalité. S'il était
//! en danger de mort, il ne risque plus rien. S'il était inconscient, il revient à lui."
//! "Lorsque son personnage cesse d'être mal en point, le joueur efface son compte des
//! blessures." The difficulty is the table's 20 for the unconscious and the dying
//! (`care.first_aid`).
//!
//! Readings of this program (no switch): at its turn a fighter of a side that gives first
//! aid ([`Sides`], switch `first_aid`) tends an ally in *danger de mort* (the one who dies
//! soonest) or else an unconscious one, rather than attack; a fighter does not tend
//! itself. Else a fighter of a side that finishes off (switch `finish_off`) kills an
//! unconscious adversary who would stand again in the fight (one who wakes before dying,
//! or any one when the adversaries give first aid), rather than attack. The fight has no
//! positions: every adversary is *à portée*. A figurant group tends or finishes off as
//! one, its test at +1 per other member as its attacks. A PC who does not attack is not
//! answered (the text's answer follows an attack). A character tended back acts from its
//! next turn: a PC later in the round's order this round, a foe from the next round.
//! **\[choice, switch `aid_retry`\]** The text forbids trying a failed test again without
//! better chances, and lifts that rule in a fight only for "une action contre un
//! adversaire": by default a character whose first aid failed gets no other in the
//! fight; with `aid_retry` it is tried again at every turn.

use super::play::Battle;
use super::{FightRule, State};
use crate::engine::Dice;
use crate::systems::cle::test::{Passes, TestRule};

crate::choice! {
    /// Which side does something (switches `finish_off` and `first_aid`).
    ///
    /// - `none`: neither.
    /// - `pcs`: the PCs.
    /// - `foes`: the foes.
    /// - `both`: both.
    pub enum Sides { None = "none", Pcs = "pcs", Foes = "foes", Both = "both" }
}

impl Sides {
    /// The PCs do it.
    #[inline(always)]
    pub fn pcs(self) -> bool {
        matches!(self, Sides::Pcs | Sides::Both)
    }

    /// The foes do it.
    #[inline(always)]
    pub fn foes(self) -> bool {
        matches!(self, Sides::Foes | Sides::Both)
    }
}

/// What the fighters do for and against the downed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Downed {
    /// Switch `finish_off`: who kills an unconscious adversary instead of attacking.
    pub finish_off: Sides,
    /// Switch `first_aid`: who tends an unconscious or dying ally instead of attacking.
    pub first_aid: Sides,
    /// Switch `aid_retry` (a \[choice\]): first aid tried again after a failure.
    pub aid_retry: bool,
    /// The difficulty of first aid to the unconscious and the dying (table
    /// `care.first_aid`, 20).
    pub aid_difficulty: i64,
}

impl Downed {
    /// Nobody finishes off nor tends: the fight as it was.
    pub const NONE: Self = Self {
        finish_off: Sides::None,
        first_aid: Sides::None,
        aid_retry: false,
        aid_difficulty: 20,
    };
}

/// The ally that `healer` of `side` would tend in `round`: the dying one who dies soonest,
/// else the first unconscious one; none already failed unless `retry`.
pub fn patient(side: &[State], healer: usize, round: u32, retry: bool) -> Option<usize> {
    let needs = |j: usize| {
        let s = &side[j];
        j != healer && !s.dead && (retry || !s.aid_failed)
    };
    let dying = (0..side.len())
        .filter(|&j| needs(j) && side[j].dies_at != 0)
        .min_by_key(|&j| side[j].dies_at);
    dying.or_else(|| (0..side.len()).find(|&j| needs(j) && !side[j].standing(round)))
}

/// The adversary of `side` a fighter would finish off in `round`: the first unconscious
/// one who would stand again (wakes before dying, or any unconscious one when
/// `tended`: its side gives first aid).
pub fn victim(side: &[State], round: u32, tended: bool) -> Option<usize> {
    (0..side.len()).find(|&j| {
        let s = &side[j];
        let wakes = s.out_until != u32::MAX && (s.dies_at == 0 || s.dies_at > s.out_until);
        !s.dead && !s.standing(round) && (tended || wakes)
    })
}

/// First aid given: 1 vitality back, no longer *mal en point* (the count of wounds
/// cleared), nor dying, nor unconscious.
pub fn tended(s: &mut State) {
    s.vitality = s.vitality.max(1);
    s.mal = false;
    s.later_wounds = 0;
    s.dies_at = 0;
    s.out_until = 0;
}

impl FightRule {
    /// The Soins test of a healer of `soins` (`bonus`: a figurant group's) for a patient,
    /// rolled; `patient` tended on a success, marked as failed otherwise.
    fn first_aid<D: Dice>(&self, dice: &mut D, soins: i64, bonus: i64, patient: &mut State) {
        let test = TestRule {
            modifiers: bonus,
            total: self.test_total,
            ..TestRule::new(soins, self.downed.aid_difficulty)
        };
        if dice.step(&Passes(test)) {
            tended(patient);
        } else {
            patient.aid_failed = true;
        }
    }

    /// PC `i`'s turn spent on first aid or finishing off, as the switches say; false when
    /// it attacks instead.
    #[inline(always)]
    pub(super) fn pc_tends_or_finishes<D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        i: usize,
        round: u32,
    ) -> bool {
        let d = &self.downed;
        if d.first_aid.pcs()
            && let Some(j) = patient(&b.pcs[..self.pcs], i, round, d.aid_retry)
        {
            self.first_aid(dice, self.pc[i].soins, 0, &mut b.pcs[j]);
            return true;
        }
        if d.finish_off.pcs()
            && let Some(j) = victim(&b.foes[..self.foes], round, d.first_aid.foes())
        {
            b.foes[j].kill();
            return true;
        }
        false
    }

    /// The turn of a foe group of `size` led by foe `f` spent on first aid or finishing
    /// off, as the switches say; false when it attacks instead.
    #[inline(always)]
    pub(super) fn foe_tends_or_finishes<D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        (f, size): (usize, i64),
        round: u32,
    ) -> bool {
        let d = &self.downed;
        if d.first_aid.foes()
            && let Some(j) = patient(&b.foes[..self.foes], f, round, d.aid_retry)
        {
            self.first_aid(dice, self.foe[f].1.soins, size - 1, &mut b.foes[j]);
            return true;
        }
        if d.finish_off.foes()
            && let Some(j) = victim(&b.pcs[..self.pcs], round, d.first_aid.pcs())
        {
            b.pcs[j].kill();
            return true;
        }
        false
    }
}

#[cfg(test)]
#[path = "fight_aid_tests.rs"]
mod tests;
