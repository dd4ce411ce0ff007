//! One against one in `sccs.skirmish` as `sccs.melee` (a child of `skirmish.rs`): when one
//! of the two can never hurt the other, the fight is the melee of the other against it, and
//! `exact()` takes the melee's exact values.

use super::super::attente::Attente;
use super::super::fighter::Fighter;
use super::super::manoeuvre::Manoeuvre;
use super::super::melee::{Healer, Melee, MeleeOutcome, MeleeParams};
use super::{Skirmish, SkirmishOutcome, Winner};
use crate::engine::fight::Side;
use crate::engine::{Dice, Dist, Roll};
use std::cmp::Ordering;

/// One against one as `sccs.melee` ([`Skirmish::as_delayed_melee`]).
pub struct AsMelee {
    /// The attacker's melee against the harmless one.
    pub melee: Melee,
    /// The side the harmless one is on (0 for A).
    pub defender: usize,
    /// The rounds before the attacker's first attack: 1 when it holds its action
    /// (*L'Attente*) and acts after the defender, so strikes first in round 2; else 0.
    pub delay: u32,
}

impl Skirmish {
    /// The fight as `sccs.melee`, when one combatant faces one and one of them can never
    /// hurt the other, and the attacker strikes from round 1: the other attacking the
    /// harmless one as a lone attacker, and the side the harmless one is on (0 for A).
    pub fn as_melee(&self) -> Option<(Melee, usize)> {
        let m = self.as_delayed_melee()?;
        (m.delay == 0).then_some((m.melee, m.defender))
    }

    /// The fight as `sccs.melee` played `delay` rounds late ([`AsMelee`]).
    ///
    /// A combatant taking the *manœuvre défensive* at every turn never attacks, so is
    /// harmless; its +1 is `sccs.melee`'s `defensive_manoeuvre` when it meets every
    /// attack (it acts before the attacker: priority, then attack), and is no part of the
    /// fight when it meets none (it acts after, the bonus lasting the round). Acting after
    /// with the bonus lasting to its next turn, the first attack meets the protection
    /// without it: no melee.
    ///
    /// An attacker holding its action (*L'Attente*) strikes once a round just before the
    /// defender acts: in the same round when it acts first, from round 2 when it acts after
    /// (the melee then has one round fewer, each of its rounds one later); a held action
    /// lost at the end of the round, or the D6 ordering them, is no melee, nor is a
    /// defender holding the manœuvre against it (its bonus meets the interrupts unevenly).
    pub fn as_delayed_melee(&self) -> Option<AsMelee> {
        // A house rule's exchange margin may let any attack land: nobody is harmless.
        if self.fighters.len() != 2 || self.na != 1 || !self.exchange_margin.0.is_official() {
            return None;
        }
        // Two weapons strike twice a round, and the second attack meets erosion: no melee.
        // A priority that changes once engaged may change the order: no melee either.
        // A combatant who may disengage leaves the fight: no melee.
        if self.engaged_priority
            || self.disengage.is_some()
            || self.fighters.iter().any(|f| f.dual_wield)
        {
            return None;
        }
        let holds = |i: usize| self.fighters[i].manoeuvre == Manoeuvre::Always;
        let harmless = |i: usize| {
            let d = 1 - i;
            let f = &self.fighters[d];
            holds(i) || self.fighters[i].attack < self.guards[d].now(f.durability as u32, 0)
        };
        let defender = (0..2).find(|&i| harmless(i))?;
        let (d, att) = (&self.fighters[defender], &self.fighters[1 - defender]);
        if holds(1 - defender) {
            // Neither attacks: not a melee.
            return None;
        }
        let first = |f: &Fighter| (f.priority, -f.attack);
        let order = first(d).cmp(&first(att));
        let defensive_manoeuvre = if holds(defender) {
            if att.attente != Attente::Never {
                return None;
            }
            match (order, self.manoeuvre_for_the_round) {
                (Ordering::Less, _) => true,
                (Ordering::Greater, true) => false,
                // The D6 orders them, or the bonus meets every attack but the first.
                _ => return None,
            }
        } else {
            false
        };
        let delay = match (att.attente, order) {
            (Attente::Never, _) | (Attente::Always, Ordering::Greater) => 0,
            (Attente::Always, Ordering::Less) if !self.attente_lapses => 1,
            // The D6 orders them, or the held action is lost every round.
            _ => return None,
        };
        // A harmless healer (*La Magie de Restauration*) restores itself at its turn: before
        // the attack when it acts first, as `sccs.melee`'s healer at the start of the round;
        // after it when it acts after, or when the attacker holds its action and strikes
        // just before it, as the melee's defender healing itself; the D6 ordering them is
        // no melee.
        let healer = match (d.restores, delay, order) {
            (false, _, _) => Healer::None,
            (true, 0, Ordering::Less) => Healer::Ally,
            (true, 0, Ordering::Equal) => return None,
            (true, _, _) => Healer::Defender,
        };
        let p = &self.params;
        if delay >= p.rounds {
            return None;
        }
        let melee = MeleeParams {
            defense: d.defense,
            resistance: d.resistance,
            armour_res: d.armour_res,
            durability: d.durability,
            defensive_manoeuvre,
            attackers: vec![att.attack],
            n_attackers: 0,
            attack: 0,
            erosion_by_engaged: false,
            rounds: p.rounds - delay,
            impacts_to_out: p.impacts_to_out,
            wear: p.wear,
            healer,
            restoration_first: p.restoration_first,
            tie: p.tie,
        };
        // The defender's armour was checked as a member's: the fight is a valid melee.
        Some(AsMelee {
            melee: Melee::try_from(melee).ok()?,
            defender,
            delay,
        })
    }
}

impl Roll for Skirmish {
    type Outcome = SkirmishOutcome;

    fn roll<D: Dice>(&self, dice: &mut D) -> SkirmishOutcome {
        if self.options {
            self.fight::<true, D>(dice)
        } else {
            self.fight::<false, D>(dice)
        }
    }

    /// `sccs.melee`'s exact values, when the fight is one ([`Skirmish::as_delayed_melee`]),
    /// each round moved by the delay.
    fn exact(&self) -> Option<Dist<SkirmishOutcome>> {
        let AsMelee {
            melee,
            defender,
            delay,
        } = self.as_delayed_melee()?;
        let winner = Winner::from(Side::at(defender).other());
        Some(melee.exact()?.map(|o: &MeleeOutcome| {
            if o.round_out > 0 {
                let mut standing = [1, 1];
                standing[defender] = 0;
                SkirmishOutcome {
                    winner,
                    rounds: o.round_out + delay,
                    standing,
                    escaped: [0, 0],
                }
            } else {
                SkirmishOutcome {
                    winner: Winner::Draw,
                    rounds: melee.rounds + delay,
                    standing: [1, 1],
                    escaped: [0, 0],
                }
            }
        }))
    }
}
