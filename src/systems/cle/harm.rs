//! Wounds outside a fight (seed *Fiche 3*, "Autres sources de dégâts"; *Fiche 4*, "Mal en
//! point"): the character a hazard strikes, the state its wounds leave, and what the
//! hazard mechanics ([`super::fall`], [`super::exposure`]) report of it.
//!
//! A wound lowers vitality; the wound that reaches 0 makes the character *mal en point*
//! and every wound from then on brings the *mal en point* tests ([`MalEnPoint`]), at −5 per
//! wound beyond the first. A hazard's report keeps whether any test failed: *danger de
//! mort* (death within 1d6 rounds without first aid) and unconsciousness.

use super::roll::TEST_TOTAL;
use super::vitality::MalEnPoint;
use crate::engine::house_step::StepRule;
use crate::engine::step::Step;
use crate::engine::{Dice, Layout, MetricId, Recorder};

crate::config! {
    /// The character a hazard strikes.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct VictimParams {
        /// vitality left before the hazard
        vitality: i64 = int(1..=100, default = 20),
        /// Résistance
        resistance: i64 = int(-10..=40),
        /// Volonté
        volonte: i64 = int(-10..=40),
        /// the total read off the dice of every test: official, or a house rule's script
        /// (`test_total`)
        test_total: StepRule = house_step(&TEST_TOTAL),
    }
}

impl VictimParams {
    /// The *mal en point* tests of this character (3d6 each).
    pub fn tests(&self) -> MalEnPoint {
        MalEnPoint {
            resistance: self.resistance,
            volonte: self.volonte,
            dice: 3,
            hero_once: false,
            total: self.test_total,
        }
    }
}

/// What a character's wounds have done so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Harm {
    /// Vitality left (0 once *mal en point*).
    pub vitality: i64,
    /// Wounds at 0 vitality, the one that made the character *mal en point* included
    /// (0: not *mal en point*).
    pub wounds: i64,
    /// A Résistance test failed: *danger de mort*.
    pub danger: bool,
    /// A Volonté test failed: unconscious.
    pub unconscious: bool,
}

impl Harm {
    /// An unhurt character with `vitality`.
    pub fn new(vitality: i64) -> Self {
        Self {
            vitality,
            wounds: 0,
            danger: false,
            unconscious: false,
        }
    }

    /// At 0 vitality.
    pub fn mal(&self) -> bool {
        self.wounds > 0
    }

    /// The state after a wound of `damage`, before its tests, and whether the tests
    /// follow (not when the wound leaves vitality, nor for a damage of 0: no wound).
    fn hit(mut self, damage: i64) -> (Self, bool) {
        if damage <= 0 {
            return (self, false);
        }
        if !self.mal() {
            self.vitality -= damage;
            if self.vitality > 0 {
                return (self, false);
            }
            self.vitality = 0;
        }
        self.wounds += 1;
        (self, true)
    }

    /// A wound of `damage`: vitality, then the tests (rolled as at the table, the rounds
    /// of death and unconsciousness included).
    #[inline(always)]
    pub fn wound<D: Dice>(&mut self, dice: &mut D, tests: &MalEnPoint, damage: i64) {
        let (next, tested) = self.hit(damage);
        *self = next;
        if tested {
            let (danger, unconscious) = dice.step(&Tested {
                tests: *tests,
                damage,
                later: self.wounds - 1,
            });
            self.danger |= danger;
            self.unconscious |= unconscious;
        }
    }
}

/// The *mal en point* tests after a wound of `damage`, `later` wounds beyond the first,
/// read as whether each failed (*danger de mort*, unconsciousness): a step, so that an
/// exact distribution branches over those four readings, not over the tests' dice and the
/// rounds they count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Tested {
    tests: MalEnPoint,
    damage: i64,
    later: i64,
}

impl Step for Tested {
    type Output = (bool, bool);

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> (bool, bool) {
        let blow = self.tests.roll(dice, self.damage, self.later);
        (blow.dies_in > 0, blow.out_for > 0)
    }
}

/// What a hazard reports of the harm it did.
#[derive(Debug, Clone, PartialEq)]
pub struct HarmMetrics {
    mal_en_point: MetricId,
    danger: MetricId,
    unconscious: MetricId,
}

impl HarmMetrics {
    /// Declares the metrics.
    pub fn declare(layout: &mut Layout) -> Self {
        Self {
            mal_en_point: layout.proportion(
                "mal_en_point",
                "chance the character falls to 0 vitality (mal en point)",
            ),
            danger: layout.proportion(
                "danger",
                "chance a mal en point Résistance test fails: danger de mort, death within 1d6 rounds without first aid",
            ),
            unconscious: layout.proportion(
                "unconscious",
                "chance a mal en point Volonté test fails: unconscious for 2d6 rounds",
            ),
        }
    }

    /// Records `harm`.
    #[inline(always)]
    pub fn record<R: Recorder>(&self, harm: &Harm, rec: &mut R) {
        rec.event(self.mal_en_point, harm.mal());
        rec.event(self.danger, harm.danger);
        rec.event(self.unconscious, harm.unconscious);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::replay;

    fn tests(resistance: i64, volonte: i64) -> MalEnPoint {
        MalEnPoint {
            resistance,
            volonte,
            dice: 3,
            hero_once: false,
            total: StepRule::OFFICIAL,
        }
    }

    #[test]
    fn wounds_reach_zero_then_bring_the_tests() {
        let t = tests(5, 5);
        let mut h = Harm::new(5);
        replay(&[], |d| h.wound(d, &t, 4));
        assert_eq!((h.vitality, h.mal()), (1, false));
        // 3 damage: 0 vitality, tests against 8: 1 + 1 + 2 + 5 = 9 and 9 pass.
        replay(&[1, 1, 2, 1, 1, 2], |d| h.wound(d, &t, 3));
        assert!(h.mal() && !h.danger && !h.unconscious && h.vitality == 0);
        // A later wound of 3: -5: 1 + 1 + 2 + 5 - 5 = 4 fails (1d6: 2), then 6 + 6 + 6
        // passes.
        replay(&[1, 1, 2, 2, 6, 6, 6], |d| h.wound(d, &t, 3));
        assert!(h.danger && !h.unconscious && h.wounds == 2);
        // No damage, no wound.
        replay(&[], |d| h.wound(d, &t, 0));
        assert_eq!(h.wounds, 2);
    }

    #[test]
    fn the_exact_wound_matches_the_tests() {
        let t = tests(5, 3);
        let wound = |vitality: i64, damage: i64| {
            crate::engine::enumerate(|d| {
                let mut h = Harm::new(vitality);
                h.wound(d, &t, damage);
                h
            })
            .unwrap()
        };
        // 6 damage on 6 vitality: tests against 11 (10 and 35 of 216 fail).
        let d = wound(6, 6);
        assert!((d.p_where(|h| h.danger) - 10.0 / 216.0).abs() < 1e-12);
        assert!((d.p_where(|h| h.unconscious) - 35.0 / 216.0).abs() < 1e-12);
        assert!(d.iter().all(|(h, _)| h.mal() && h.vitality == 0));
        // Both at once: the tests are independent.
        let both = d.p_where(|h| h.danger && h.unconscious);
        assert!((both - 10.0 * 35.0 / 216.0 / 216.0).abs() < 1e-12);
        // Short of 0: no test.
        let d = wound(7, 6);
        assert_eq!(d.p(&Harm::new(1)), 1.0);
    }
}
