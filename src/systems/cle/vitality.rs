//! Vitality, *mal en point* and the NPC tiers (seed *Fiche 1*, hero points per number of
//! PCs; *Fiche 4*, "Les points de vitalité", "Mal en point"; *Fiche 6*, seconds couteaux
//! and figurants; the `cle` page → *Vitality, mal en point, NPC tiers*): the rule step
//! of a wound, used by [`super::fight`].
//!
//! Damage lowers vitality. A PC (or a boss, managed like a PC) reaching 0 is *mal en
//! point* and tests Résistance against `5 + damage` (failure: *danger de mort*, dies at the
//! end of the 1d6-th following round) and Volonté against `5 + damage` (failure:
//! unconscious for 2d6 rounds); every later wound repeats both tests at −5 per wound after
//! the one that made the character *mal en point*. A wound is a hit dealing at least 1
//! damage. A *second couteau* or a *figurant* (1 vitality) reaching 0 dies if the damage
//! exceeds its Résistance, else is unconscious for 2d6 minutes: out of the fight.

use super::damage::Weapon;
use super::test::{Passes, TestRule};
use crate::engine::Dice;
use crate::engine::house_step::StepRule;

/// Hero points per PC by number of PCs (*Fiche 1*): 10, 8, 6, 4 for 2, 3, 4, 5 PCs.
pub fn hero_points(pcs: usize) -> i64 {
    match pcs {
        2 => 10,
        3 => 8,
        4 => 6,
        _ => 4,
    }
}

/// What the *mal en point* tests of one wound give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Blow {
    /// *Danger de mort*: dies at the end of this many rounds after the wound's (1d6);
    /// 0 when the Résistance test passes.
    pub dies_in: u32,
    /// Unconscious for this many rounds (2d6); 0 when the Volonté test passes.
    pub out_for: u32,
}

/// The *mal en point* tests (seed *Fiche 4*, "Mal en point"): after a wound that leaves
/// the character at 0 vitality, and after every later wound, Résistance against
/// `5 + damage` (failure: *danger de mort*, death at the end of the 1d6-th following
/// round), then Volonté against `5 + damage` (failure: unconscious for 2d6 rounds), each
/// at −5 per wound beyond the one that made the character *mal en point*.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MalEnPoint {
    /// Résistance.
    pub resistance: i64,
    /// Volonté.
    pub volonte: i64,
    /// Dice per test: 3, or 4 with a hero point.
    pub dice: u32,
    /// Switch `hero_once` (a \[choice\]): a hero point's effect counts once per turn, so
    /// its fourth die helps the Résistance test only and the Volonté test rolls 3d6; by
    /// default both tests roll `dice`.
    pub hero_once: bool,
    /// How the tests' totals are read off the dice: the sum, or a house rule's
    /// ([`super::roll::TEST_TOTAL`]).
    pub total: StepRule,
}

impl MalEnPoint {
    /// The test of `skill` after a wound of `damage`, `later` wounds beyond the first.
    fn test(&self, skill: i64, damage: i64, later: i64, dice: u32) -> TestRule {
        TestRule {
            dice,
            modifiers: -5 * later,
            total: self.total,
            ..TestRule::new(skill, 5 + damage)
        }
    }

    /// Rolls the tests: Résistance (and the 1d6 rounds left on a failure), then Volonté
    /// (and the 2d6 rounds out on a failure).
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D, damage: i64, later: i64) -> Blow {
        let will_dice = if self.hero_once { 3 } else { self.dice };
        let resist = self.test(self.resistance, damage, later, self.dice);
        let dies_in = if dice.step(&Passes(resist)) {
            0
        } else {
            dice.d6()
        };
        let out_for = if dice.step(&Passes(self.test(self.volonte, damage, later, will_dice))) {
            0
        } else {
            dice.sum(2, 6)
        };
        Blow { dies_in, out_for }
    }
}

/// A combatant's profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profile {
    /// Combat.
    pub combat: i64,
    /// Défense.
    pub defense: i64,
    /// Starting vitality.
    pub vitality: i64,
    /// Résistance.
    pub resistance: i64,
    /// Volonté.
    pub volonte: i64,
    /// Weapon damage class.
    pub weapon: Weapon,
    /// Damage bonus.
    pub bonus: i64,
    /// Protection.
    pub protection: i64,
    /// Soins, for first aid in a fight.
    pub soins: i64,
    /// Réflexes, for interrupting an adversary in a fight.
    pub reflexes: i64,
    /// How many adversaries each attack aims at (*Attaques multiples*): 1, one.
    pub targets: usize,
    /// A *Zone* weapon: each attack catches several adversaries, each defending.
    pub zone: bool,
    /// A `6+` weapon: damage dice showing 6 are rolled again and added.
    pub six_plus: bool,
}

/// One combatant's state during a fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// Vitality left.
    pub vitality: i64,
    /// At 0 vitality (*mal en point*).
    pub mal: bool,
    /// Wounds taken since becoming *mal en point*.
    pub later_wounds: i64,
    /// In *danger de mort*: dies at the end of this round (0: not dying).
    pub dies_at: u32,
    /// Unconscious through this round (0: conscious).
    pub out_until: u32,
    /// Dead (set by [`State::kill`], which also leaves the dead unconscious for ever).
    pub dead: bool,
    /// Hero points left.
    pub hero: i64,
    /// Has acted this round (foes) or used the defence hero die this round (PCs).
    pub flag: bool,
    /// The hero point effects a PC has used this round (or turn): one bit per effect
    /// (`super::fight`'s hero module).
    pub hero_used: u8,
    /// *Prudences* pending: the next defences at +2 (`super::fight`'s trade module).
    pub prudence: u8,
    /// *Dangers* pending: the next defences at −2.
    pub danger: u8,
    /// First aid was tried on this character and failed (`super::fight`'s aid module).
    pub aid_failed: bool,
    /// A *Risque*'s incident is pending: the next action lost, or the next attack at −2
    /// (`super::fight`'s trade module).
    pub incident: bool,
    /// A PC has had its turn this round (its own, a cooperative attack's, an interruption
    /// tried) (`super::fight`'s union and interrupt modules).
    pub acted: bool,
    /// The pénalité *Difficulté* of an interruption is pending on the next attack: −2.
    pub hurried: bool,
}

impl State {
    /// A fresh combatant with `vitality` and `hero` points.
    pub fn new(vitality: i64, hero: i64) -> Self {
        Self {
            vitality,
            hero,
            ..Self::default()
        }
    }

    /// Able to act and be attacked in `round`: conscious (the dead are unconscious for
    /// ever, [`State::kill`]).
    #[inline(always)]
    pub fn standing(&self, round: u32) -> bool {
        debug_assert!(!self.dead || self.out_until == u32::MAX);
        self.out_until < round
    }

    /// Dead: out of the fight for good.
    #[inline(always)]
    pub fn kill(&mut self) {
        self.dead = true;
        self.out_until = u32::MAX;
    }

    /// A PC's (or the boss's) wound of `damage` in `round`: vitality, then the *mal en
    /// point* tests of Résistance and Volonté against `5 + damage`, −5 per later wound,
    /// their totals read by `total`.
    pub fn wound_like_pc<D: Dice>(
        &mut self,
        dice: &mut D,
        (p, total): (&Profile, StepRule),
        damage: i64,
        round: u32,
    ) {
        if damage <= 0 {
            return;
        }
        if self.mal {
            self.later_wounds += 1;
        } else {
            self.vitality -= damage;
            if self.vitality > 0 {
                return;
            }
            self.vitality = 0;
            self.mal = true;
        }
        let tests = MalEnPoint {
            resistance: p.resistance,
            volonte: p.volonte,
            dice: 3,
            hero_once: false,
            total,
        };
        let blow = tests.roll(dice, damage, self.later_wounds);
        if blow.dies_in > 0 {
            let at = round + blow.dies_in;
            self.dies_at = if self.dies_at == 0 {
                at
            } else {
                self.dies_at.min(at)
            };
        }
        if blow.out_for > 0 {
            self.out_until = self.out_until.max(round + blow.out_for);
        }
    }

    /// A second couteau's or figurant's wound: at 0, dead if the damage exceeds its
    /// Résistance, else unconscious for the rest of the fight.
    pub fn wound_like_npc(&mut self, p: &Profile, damage: i64) {
        if damage <= 0 {
            return;
        }
        self.vitality -= damage;
        if self.vitality <= 0 {
            self.vitality = 0;
            if damage > p.resistance {
                self.kill();
            } else {
                self.out_until = u32::MAX;
            }
        }
    }
}

#[cfg(test)]
impl Profile {
    /// The profile the tests use: Combat 8, Défense 6, Résistance and Volonté 6, a D2
    /// weapon with bonus 1, protection 1, Soins 5, Réflexes 6, one target an attack, and
    /// `vitality`.
    pub(crate) fn for_tests(vitality: i64) -> Self {
        Self {
            combat: 8,
            defense: 6,
            vitality,
            resistance: 6,
            volonte: 6,
            weapon: Weapon::D2,
            bonus: 1,
            protection: 1,
            soins: 5,
            reflexes: 6,
            targets: 1,
            zone: false,
            six_plus: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::replay;

    #[test]
    fn hero_points_table() {
        assert_eq!([2, 3, 4, 5].map(hero_points), [10, 8, 6, 4]);
    }

    #[test]
    fn mal_en_point_tests_and_later_wounds() {
        let p = Profile::for_tests(5);
        let mut s = State::new(5, 0);
        // 3 damage: 2 left, no test.
        replay(&[], |d| s.wound_like_pc(d, (&p, StepRule::OFFICIAL), 3, 1));
        assert_eq!((s.vitality, s.mal), (2, false));
        // 4 damage: mal en point; Résistance 12 + 6 = 18 >= 9, Volonté 1+1+2 + 6 = 10 >= 9.
        replay(&[4, 4, 4, 1, 1, 2], |d| {
            s.wound_like_pc(d, (&p, StepRule::OFFICIAL), 4, 1)
        });
        assert!(s.mal && s.dies_at == 0 && s.out_until == 0);
        // A later wound of 4: −5; Résistance 12 + 6 - 5 = 13 >= 9; Volonté 4 + 6 - 5 = 5
        // fails: unconscious 2d6 = 7 rounds from round 2.
        replay(&[4, 4, 4, 1, 1, 2, 3, 4], |d| {
            s.wound_like_pc(d, (&p, StepRule::OFFICIAL), 4, 2)
        });
        assert_eq!((s.later_wounds, s.dies_at, s.out_until), (1, 0, 9));
        assert!(!s.standing(9) && s.standing(10));
        // A failed Résistance: danger de mort, dies at the end of round 3 + 1d6 (2).
        replay(&[1, 1, 2, 2, 6, 4, 6], |d| {
            s.wound_like_pc(d, (&p, StepRule::OFFICIAL), 4, 3)
        });
        assert_eq!(s.dies_at, 5);
    }

    #[test]
    fn damage_zero_is_no_wound() {
        let p = Profile::for_tests(5);
        let mut s = State::new(0, 0);
        s.mal = true;
        replay(&[], |d| s.wound_like_pc(d, (&p, StepRule::OFFICIAL), 0, 1));
        assert_eq!(s.later_wounds, 0);
    }

    #[test]
    fn seconds_couteaux_die_or_fall_unconscious() {
        let p = Profile::for_tests(5); // Résistance 6
        let mut s = State::new(5, 0);
        s.wound_like_npc(&p, 6);
        assert!(!s.dead && !s.standing(100));
        let mut s = State::new(5, 0);
        s.wound_like_npc(&p, 7);
        assert!(s.dead);
        let mut s = State::new(5, 0);
        s.wound_like_npc(&p, 4);
        assert!(s.standing(1) && s.vitality == 1);
    }
}
