//! One attack thrown at several defenders (seed *Fiche 4*, prime *Attaques multiples*;
//! *Fiche 5*, "Armes de tir", *Cibles multiples* and *Zone*; the `cle` page → `cle.fight`,
//! *Attaques multiples and zone weapons*): the step [`super::AttackRule`] plays when one
//! throw of the attacker meets the defences of several targets.
//!
//! *Attaques multiples*: "L'attaque vise deux cibles à la fois […]. Un seul test est
//! effectué et les dégâts, après tous les autres calculs, sont divisés par 2 et, si
//! nécessaire, arrondis au nombre entier supérieur." *Zone*: "tous les individus situés à
//! moins de cette distance du point d'impact de l'attaque doivent tenter de se défendre
//! contre elle, ceux qui échouent recevant les pleins dégâts de l'arme."
//!
//! The attacker throws once; each target defends against that throw with its own roll (the
//! opposition of an attack, each with its own Défense and modifiers), or, when the first
//! target's defence stands for all (`first_for_all`), only the first rolls and the others
//! are hit when it is. The damage dice are read off the one throw and rolled once (the
//! `6+` rerolls and the fresh *Attaques meurtrières* at the first hit); each target hit
//! takes them with its own protection and hero die, and the halving of *Attaques
//! multiples* when its rule says so ([`super::DamageRule::multiple`]). A hero point's roll
//! again: the attacker rolls again an attack that lands on nobody (the defences rolled
//! stand); a defender rolls again its own failed defence as in a single attack.

use super::{AttackRule, Strike, Thrown};
use crate::engine::Dice;
use crate::systems::cle::roll::{Auto, Reading};

/// Most targets of one attack.
pub const MAX_TARGETS: usize = 20;

impl AttackRule {
    /// One throw of `rules[0]`'s attacker against several defenders: `rules[k]` is the
    /// attack on the k-th target, each with its own defender's side (Défense, dice, guard,
    /// outnumbered, protection, roll again of the defence, unperceived) and, for every
    /// one, the attacker's side, damage dice and roll again of the attack of `rules[0]`.
    /// With `first_for_all` only the first target defends and its outcome stands for the
    /// others (hit with the damage less their protection, no hero die of theirs).
    ///
    /// The draws: the throw; each defence in order (the first only, with
    /// `first_for_all`); the throw again when it lands on nobody and the attacker rolls
    /// again; then for each target hit, in order, the damage dice (once, at the first
    /// hit) and its roll again of a failed defence. With one target, the draws and the
    /// outcome of [`AttackRule::strike_full`].
    ///
    /// Writes each target's [`Strike`] into `out` (a miss when not hit; the attacker's
    /// roll again marked on the first); returns whether any target was hit.
    pub fn strike_several<D: Dice>(
        dice: &mut D,
        rules: &[AttackRule],
        first_for_all: bool,
        out: &mut [Strike],
    ) -> bool {
        let n = rules.len().min(MAX_TARGETS).min(out.len());
        let Some(lead) = rules.first() else {
            return false;
        };
        let throw_again = lead.attack_throw();
        let mut thrown = lead.throw(dice);
        let defending = if first_for_all { n.min(1) } else { n };
        let unread = Reading {
            sum: 0,
            auto: Auto::None,
        };
        // Each defence as thrown (its reading and hero die); an unperceived attack rolls
        // none (the throw's reading stands in, unread).
        let mut defences = [(unread, 0i64); MAX_TARGETS];
        for (rule, defence) in rules[..defending].iter().zip(defences.iter_mut()) {
            *defence = if rule.unperceived.is_some() {
                (thrown.reading, 0)
            } else {
                dice.step(&rule.defence_throw())
            };
        }
        let lands = |k: usize, reading: Reading| {
            let rule = &rules[k];
            rule.lands(rule.unperceived.is_some(), reading, defences[k].0)
        };
        let mut rerolled = false;
        if lead.rerolls.attacker && !(0..defending).any(|k| lands(k, thrown.reading)) {
            let (reading, sum, sixes) = dice.step(&throw_again);
            thrown = Thrown {
                reading,
                sum,
                sixes,
            };
            rerolled = true;
        }
        let mut raw = None;
        let mut any = false;
        for k in 0..n {
            let rule = &rules[k];
            let first_decides = k > 0 && first_for_all;
            let hit = if first_decides {
                out[0].hit
            } else {
                lands(k, thrown.reading)
            };
            out[k] = Strike::default();
            if !hit {
                continue;
            }
            let raw = *raw.get_or_insert_with(|| lead.raw_damage(dice, thrown));
            let hero = if first_decides { 0 } else { defences[k].1 };
            let mut strike = Strike {
                hit: true,
                damage: rule.damage.finish(raw, hero),
                raw,
                ..Strike::default()
            };
            if strike.damage > 0
                && rule.rerolls.defender
                && rule.unperceived.is_none()
                && !first_decides
            {
                let (reading, hero) = dice.step(&rule.defence_throw());
                strike.defender_rerolled = true;
                if rule.lands(false, thrown.reading, reading) {
                    strike.damage = rule.damage.finish(raw, hero);
                } else {
                    strike.hit = false;
                    strike.damage = 0;
                    strike.raw = 0;
                }
            }
            any |= strike.hit;
            out[k] = strike;
        }
        if n > 0 {
            out[0].attacker_rerolled = rerolled;
        }
        any
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{enumerate, replay};
    use crate::systems::cle::attack::{DamageRule, Rerolls, Weapon};
    use crate::systems::cle::opposition::Contender;

    /// Combat 8 (2d6 + 1, `6+`) against Défense 6 (protection 1, a hero die), each
    /// rolling a failed test again.
    fn rule() -> AttackRule {
        AttackRule {
            attacker: Contender::new(8),
            defense: 6,
            defender_dice: 4,
            outnumbered: true,
            guard: 0,
            auto_triples: false,
            damage: DamageRule {
                bonus: 1,
                protection: 1,
                six_plus: true,
                ..DamageRule::new(Weapon::D2)
            },
            rerolls: Rerolls {
                attacker: true,
                defender: true,
            },
            unperceived: None,
        }
    }

    #[test]
    fn one_target_is_a_single_attack() {
        // The same draws and outcome as strike_full: their exact distributions agree
        // (3d6 on both sides and no 6+, to keep the paths few).
        let r = AttackRule {
            defender_dice: 3,
            damage: DamageRule {
                six_plus: false,
                ..rule().damage
            },
            ..rule()
        };
        let single = enumerate(|d| {
            let s = r.strike_full(d);
            (s.hit, s.damage)
        })
        .expect("exact");
        let several = enumerate(|d| {
            let mut out = [Strike::default()];
            AttackRule::strike_several(d, &[r], false, &mut out);
            (out[0].hit, out[0].damage)
        })
        .expect("exact");
        assert_eq!(single.len(), several.len());
        for (outcome, p) in single.iter() {
            assert!((several.p(outcome) - p).abs() < 1e-12, "{outcome:?}");
        }
    }

    #[test]
    fn the_damage_dice_are_rolled_once_for_every_target() {
        // 1 + 6 + 6 + 1 + 8 = 22 (a fourth die bought) against 1 + 1 + 1 + 1 + 6 - 2 =
        // 8, twice: both hit; the white dice 6 + 6 and the fourth die 1 are read, each 6
        // rolled again once (3, 2): 18, + 1 - 1 - 1 (each defender's fourth die) = 17 for
        // both, one roll of the 6+ dice (nobody rolls again here).
        let r = AttackRule {
            attacker: Contender {
                dice: 4,
                ..Contender::new(8)
            },
            rerolls: Rerolls::NONE,
            ..rule()
        };
        let mut out = [Strike::default(); 2];
        let any = replay(&[1, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 2], |d| {
            AttackRule::strike_several(d, &[r, r], false, &mut out)
        });
        assert!(any);
        assert_eq!(
            out.map(|s| (s.hit, s.damage, s.raw)),
            [(true, 17, 18), (true, 17, 18)]
        );
    }
}
