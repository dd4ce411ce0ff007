//! Attacks on several adversaries at once (seed *Fiche 4*, prime *Attaques multiples*;
//! *Fiche 5*, "Armes de tir", *Cibles multiples* and *Zone*; the `cle` page → `cle.fight`,
//! *Attaques multiples and zone weapons*): a fighter option, off by default.
//!
//! *Attaques multiples* (a prime): "L'attaque vise deux cibles à la fois, à condition
//! qu'elles soient accessibles au personnage […]. Un seul test est effectué et les dégâts,
//! après tous les autres calculs, sont divisés par 2 et, si nécessaire, arrondis au nombre
//! entier supérieur." *Cibles multiples N*: "les Attaques multiples avec cette arme peuvent
//! viser un nombre d'adversaires supérieur à 2, indiqué par le chiffre." *Zone*: "tous les
//! individus situés à moins de cette distance du point d'impact de l'attaque doivent tenter
//! de se défendre contre elle, ceux qui échouent recevant les pleins dégâts de l'arme."
//!
//! A fighter's `targets` (2 or more, at most its weapon's `cibles_multiples`, 2 without
//! the mention) has it attack that many adversaries on every attack; its `zone` (a *Zone*
//! weapon) has every attack catch `zone_catches` adversaries. The attack is one throw
//! against each target's defence ([`strike_several`]): the damage read off it once, each
//! target's protection taken off, and, for *Attaques multiples*, halved rounding up after
//! everything else; a *Zone* weapon deals its full damage. With fewer adversaries
//! standing than that, it attacks those there are; with one, it is a plain attack.
//!
//! [`strike_several`]: crate::systems::cle::attack::AttackRule::strike_several
//!
//! **\[choice\]** switches of `cle.fight`, each with the reading by default:
//! - `multiple_defence` (`each`): "un seul test est effectué" is the attacker's one test,
//!   each target defending against it ("un personnage peut se défendre contre toutes les
//!   attaques qu'il perçoit et qui le prennent pour cible"); `first`: the one test is one
//!   opposition, the first target's defence standing for all (the others are hit when it
//!   is, without a roll of theirs). A *Zone* attack is always `each`: "tous […] doivent
//!   tenter de se défendre".
//! - `multiple_penalty` (`danger`): *Attaques multiples* is a prime, "en contrepartie, le
//!   joueur doit sélectionner une pénalité": `danger` (the next defence at −2),
//!   `difficulte` (−2 to this attack), `risque` (an incident, switch `risque`, when the
//!   attack hits nobody) or `none` (a prime gratuite). It is the attack's one prime ("une
//!   prime, et une seule"): a fighter's trade (`pc_trade`, `foe_trade`) is not played on
//!   an *Attaques multiples*; a *Zone* weapon is no prime, and its attack takes the trade.
//! - `targets_pick` (`next`): beside the adversary the fight has it attack, the next
//!   standing ones in order (the foes as listed, the PCs in the party's order, after it
//!   and round again); `weakest`: those with the least vitality left (ties in order).
//! - `zone_catches` (3): the fight has no positions, so a number says how many adversaries
//!   a *Zone* attack catches, the one aimed at included (20: every adversary standing).
//!
//! Readings of this program (no switch): a PC's fourth die is bought once for the attack
//! and adds to the damage of every target; a PC hit rolls again its own failed defence and
//! cancels or is covered as from any hit; the attacker rolls again an attack that hits
//! nobody (the defences rolled stand); a figurant group's bonus adds to the test and to
//! each target's damage; a cooperative attack (`union`) is made on one foe; a *Zone*
//! catches adversaries only (no ally of the thrower).

use super::options::ALL;
use super::play::Battle;
use super::trade::{Trade, guard};
use super::{FightRule, MAX_FOES, MAX_PCS, Profile, State};
use crate::engine::Dice;
use crate::systems::cle::attack::{AttackRule, DamageRule, Strike};

crate::choice! {
    /// How the one test of an *Attaques multiples* meets its targets' defences (switch
    /// `multiple_defence`, a \[choice\]).
    ///
    /// - `each`: every target defends against the attacker's one throw.
    /// - `first`: the first target's defence stands for all; the others are hit when it is.
    pub enum MultipleDefence { Each = "each", First = "first" }
}

crate::choice! {
    /// The pénalité paid for the prime *Attaques multiples* (switch `multiple_penalty`, a
    /// \[choice\]).
    ///
    /// - `danger`: the attacker's next defence at −2.
    /// - `difficulte`: −2 to the attack.
    /// - `risque`: an incident (switch `risque`) when the attack hits nobody.
    /// - `none`: none (a prime gratuite).
    pub enum MultiplePenalty {
        Danger = "danger",
        Difficulte = "difficulte",
        Risque = "risque",
        None = "none",
    }
}

crate::choice! {
    /// Which adversaries an attack on several takes beside the one aimed at (switch
    /// `targets_pick`, a \[choice\]).
    ///
    /// - `next`: the next standing ones in order (round again from the first).
    /// - `weakest`: those with the least vitality left (ties in order).
    pub enum TargetsPick { Next = "next", Weakest = "weakest" }
}

/// How attacks on several adversaries are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Several {
    /// Switch `multiple_defence`.
    pub defence: MultipleDefence,
    /// Switch `multiple_penalty`.
    pub penalty: MultiplePenalty,
    /// Switch `targets_pick`.
    pub pick: TargetsPick,
    /// Switch `zone_catches`: adversaries a *Zone* attack catches.
    pub zone_catches: usize,
}

impl Several {
    /// The readings by default.
    pub const DEFAULT: Self = Self {
        defence: MultipleDefence::Each,
        penalty: MultiplePenalty::Danger,
        pick: TargetsPick::Next,
        zone_catches: 3,
    };
}

impl MultiplePenalty {
    /// The modifier of the attack: −2 for a *Difficulté*.
    #[inline(always)]
    pub fn attack(self) -> i64 {
        if self == MultiplePenalty::Difficulte {
            -2
        } else {
            0
        }
    }

    /// The pénalité paid after the attack (`any_hit`: whether it hit anyone): a *Danger*
    /// pending on the next defence, or an incident pending when a *Risque* attack hit
    /// nobody.
    #[inline(always)]
    pub fn after_attack(self, attacker: &mut State, any_hit: bool) {
        match self {
            MultiplePenalty::Danger => attacker.danger += 1,
            MultiplePenalty::Risque => attacker.incident |= !any_hit,
            MultiplePenalty::Difficulte | MultiplePenalty::None => {}
        }
    }
}

impl Profile {
    /// Attacks several adversaries at once: *Attaques multiples* or a *Zone* weapon.
    #[inline(always)]
    pub fn several(&self) -> bool {
        self.targets > 1 || self.zone
    }
}

/// The targets of an attack on `count` of `states` aimed at `aimed`: `aimed` first, then
/// up to `count - 1` others standing in `round`, as `pick` says, into `out`; returns how
/// many.
pub(super) fn pick_targets(
    states: &[State],
    (aimed, count): (usize, usize),
    round: u32,
    pick: TargetsPick,
    out: &mut [usize],
) -> usize {
    let count = count.min(states.len()).min(out.len());
    if count == 0 {
        return 0;
    }
    out[0] = aimed;
    let mut n = 1;
    let len = states.len();
    let free = |k: usize, out: &[usize], n: usize| {
        k != aimed && states[k].standing(round) && !out[..n].contains(&k)
    };
    while n < count {
        let next = match pick {
            TargetsPick::Next => (1..len)
                .map(|j| (aimed + j) % len)
                .find(|&k| free(k, out, n)),
            TargetsPick::Weakest => (0..len)
                .filter(|&k| free(k, out, n))
                .min_by_key(|&k| (states[k].vitality, k)),
        };
        let Some(k) = next else {
            break;
        };
        out[n] = k;
        n += 1;
    }
    n
}

impl FightRule {
    /// Some fighter attacks several adversaries at once.
    pub(super) fn attacks_several(&self) -> bool {
        self.pc[..self.pcs].iter().any(Profile::several)
            || self.foe[..self.foes].iter().any(|(_, p)| p.several())
    }

    /// How many adversaries an attack of `attacker` aims at: its zone's catch, or its
    /// `targets`.
    fn reach(&self, attacker: &Profile) -> usize {
        if attacker.zone {
            self.several.zone_catches
        } else {
            attacker.targets
        }
    }

    /// PC `i` attacks foe `t` and the others its *Attaques multiples* or *Zone* takes;
    /// false (nothing done) when only `t` stands, for a plain attack.
    pub(super) fn pc_attacks_several<D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        i: usize,
        t: usize,
        round: u32,
    ) -> bool {
        let pc = self.pc[i];
        let mut targets = [0; MAX_FOES];
        let n = pick_targets(
            &b.foes[..self.foes],
            (t, self.reach(&pc)),
            round,
            self.several.pick,
            &mut targets,
        );
        if n < 2 {
            return false;
        }
        let multiple = !pc.zone;
        let first_for_all = multiple && self.several.defence == MultipleDefence::First;
        let unseen = self.foes_surprised(round);
        let defends = |k: usize| !unseen && (k == 0 || !first_for_all);
        let guard_first = if defends(0) { guard(&mut b.foes[t]) } else { 0 };
        let trade = if multiple { Trade::None } else { self.pc_trade };
        let mut first = self.pc_attack_rule::<ALL>(b, i, t, round, (guard_first, trade));
        if multiple {
            first.attacker.modifiers += self.several.penalty.attack();
            first.damage.multiple = true;
        }
        let mut rules = [first; MAX_FOES];
        for k in 1..n {
            let foe = &self.foe[targets[k]].1;
            rules[k] = AttackRule {
                defense: foe.defense,
                guard: if defends(k) {
                    guard(&mut b.foes[targets[k]])
                } else {
                    0
                },
                damage: DamageRule {
                    protection: foe.protection,
                    ..first.damage
                },
                ..first
            };
        }
        let mut strikes = [Strike::default(); MAX_FOES];
        let any = AttackRule::strike_several(dice, &rules[..n], first_for_all, &mut strikes[..n]);
        Self::pay_reroll(b, i, &strikes[0]);
        if multiple {
            self.several.penalty.after_attack(&mut b.pcs[i], any);
        } else {
            self.pc_trade.after_attack(&mut b.pcs[i], any);
        }
        for (&f, strike) in targets[..n].iter().zip(&strikes) {
            if strike.hit {
                self.foe_is_hit(dice, b, f, strike.damage, round);
            }
        }
        true
    }

    /// A foe group of `size` standing members, led by foe `f`, attacks PC `t` and the
    /// others its *Attaques multiples* or *Zone* takes; false (nothing done) when only `t`
    /// stands, for a plain attack.
    pub(super) fn foe_attacks_several<D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        (f, size): (usize, i64),
        t: usize,
        round: u32,
    ) -> bool {
        let foe = self.foe[f].1;
        let mut targets = [0; MAX_PCS];
        let n = pick_targets(
            &b.pcs[..self.pcs],
            (t, self.reach(&foe)),
            round,
            self.several.pick,
            &mut targets,
        );
        if n < 2 {
            return false;
        }
        let multiple = !foe.zone;
        let first_for_all = multiple && self.several.defence == MultipleDefence::First;
        let trade = if multiple {
            Trade::None
        } else {
            self.foe_trade
        };
        let (mut modifiers, murderous) = self.prime::<ALL>(&mut b.foes[f], trade);
        if multiple {
            modifiers += self.several.penalty.attack();
        }
        let prime = (modifiers, murderous);
        let rule_on = |b: &mut Battle, k: usize| {
            let defends = !(first_for_all && k > 0);
            let mut rule =
                self.foe_attack_rule::<ALL>(b, (f, size), targets[k], round, (prime, defends));
            rule.damage.multiple = multiple;
            rule
        };
        let first = rule_on(b, 0);
        let mut rules = [first; MAX_PCS];
        for (k, rule) in rules.iter_mut().enumerate().take(n).skip(1) {
            *rule = rule_on(b, k);
        }
        let mut strikes = [Strike::default(); MAX_PCS];
        let any = AttackRule::strike_several(dice, &rules[..n], first_for_all, &mut strikes[..n]);
        for (&pc, strike) in targets[..n].iter().zip(&strikes) {
            Self::pay_reroll(b, pc, strike);
        }
        if multiple {
            self.several.penalty.after_attack(&mut b.foes[f], any);
        } else {
            self.foe_trade.after_attack(&mut b.foes[f], any);
        }
        for k in 0..n {
            if strikes[k].hit {
                self.pc_is_hit(dice, b, (targets[k], &strikes[k]), &rules[k].damage, round);
            }
        }
        true
    }
}

#[cfg(test)]
#[path = "fight_multiple_tests.rs"]
mod tests;
