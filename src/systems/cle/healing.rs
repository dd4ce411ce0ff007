//! Natural healing (seed *Fiche 4*, "Guérison naturelle", "Difficultés des soins"), and
//! the `cle.healing` mechanic: the days of rest until full vitality.
//!
//! A character who rests a whole day or night recovers as much vitality as their
//! Résistance. A healer's Soins test (against 10, or 15 while the patient is *mal en
//! point*, at 0 vitality) adds the healer's Soins to that rest's recovery.
//!
//! Readings of this program: one Soins test per rest; vitality stops at its maximum; a
//! patient at 0 is *mal en point* only until the first rest brings vitality back. The
//! exact distribution of the days is a chain over the vitality reached, each rest
//! enumerated from the code that samples it ([`Fight::round`]).

use super::roll::TEST_TOTAL;
use super::tables::{CareTable, CleTables};
use super::test::{Passes, TestRule};
use crate::engine::chain::Next;
use crate::engine::fight::Fight;
#[cfg(doc)]
use crate::engine::fight::play;
use crate::engine::fight_outcome::{ExactBudget, FightOutcome};
use crate::engine::house_step::StepRule;
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Rolled};
use crate::error::{Error, Result};
use std::borrow::Cow;

/// The Soins difficulty for a patient with `vitality` left (*Difficultés des soins*),
/// under the official tables (those in force: [`CareTable::difficulty`]).
pub fn care_difficulty(vitality: i64) -> i64 {
    CleTables::OFFICIAL.care.difficulty(vitality)
}

/// One convalescence's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HealingRule {
    /// Full vitality.
    pub vitality: i64,
    /// Vitality when the rest begins.
    pub current: i64,
    /// Résistance: vitality recovered per rest.
    pub resistance: i64,
    /// The Soins of a healer who tests at every rest, if any.
    pub healer: Option<i64>,
    /// The difficulties of care in force.
    pub care: CareTable,
    /// How the Soins test's total is read off the dice: the sum, or a house rule's
    /// ([`super::roll::TEST_TOTAL`]).
    pub total: StepRule,
}

impl HealingRule {
    /// The vitality after one rest from `v`, when the Soins test gives `aided`.
    fn rest(&self, v: i64, aided: bool) -> i64 {
        let soins = if aided { self.healer.unwrap_or(0) } else { 0 };
        (v + self.resistance + soins).min(self.vitality)
    }

    /// The Soins test at a rest from `v`.
    fn care(&self, v: i64) -> Option<TestRule> {
        self.healer.map(|soins| TestRule {
            total: self.total,
            ..TestRule::new(soins, self.care.difficulty(v))
        })
    }

    /// The most rests a convalescence can take: every rest brings at least 1 vitality.
    fn most_rests(&self) -> u32 {
        (self.vitality - self.current).max(1) as u32
    }
}

/// A convalescence as a fight against the wounds: the state is the vitality reached, a
/// round is a rest (and its Soins test), full vitality ends it. A patient at full
/// vitality from the start ends it at once, with no rest and no die (the end `true`).
impl Fight for HealingRule {
    type State = i64;
    /// Whether the patient was at full vitality before any rest.
    type End = bool;

    fn start(&self) -> i64 {
        self.current
    }

    #[inline(always)]
    fn round<D: Dice>(&self, &v: &i64, dice: &mut D) -> Next<i64, bool> {
        if v >= self.vitality {
            return Next::End(true);
        }
        let aided = self.care(v).is_some_and(|t| dice.step(&Passes(t)));
        let next = self.rest(v, aided);
        if next >= self.vitality {
            Next::End(false)
        } else {
            Next::Round(next)
        }
    }

    /// Never reached: every rest brings at least 1 vitality.
    fn at_cap(&self, _: &i64) -> bool {
        false
    }
}

/// The days of rest, rolled rest after rest ([`play`]); the exact values are the rests
/// propagated one by one ([`Fight::round`] enumerated from each vitality).
impl FightOutcome for HealingRule {
    type Fight = Self;
    type Outcome = u32;

    fn exact_fight(&self) -> Option<Cow<'_, Self>> {
        Some(Cow::Borrowed(self))
    }

    fn exact_budget(&self) -> ExactBudget {
        ExactBudget::whole(self.most_rests())
    }

    fn outcome_of(&self, &full_from_the_start: &bool, days: u32) -> u32 {
        if full_from_the_start { 0 } else { days }
    }
}

crate::config! {
    /// The parameters of `cle.healing`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct HealingParams {
        /// full vitality
        vitality: i64 = int(1..=100, default = 20),
        /// vitality when the rest begins (0: mal en point)
        current: i64 = int(0..=99, default = 0),
        /// Résistance: vitality recovered per day or night of rest
        resistance: i64 = int(1..=40),
        /// Soins of a healer who tests at every rest (against 10, or 15 while the patient
        /// is mal en point): a success adds the healer's Soins; nobody by default
        healer: Option<i64> = int(0..=40, optional),
        /// the rule tables (the difficulties of care): `alea rules cle`
        tables: CleTables = rules(),
        /// the total read off the dice of the Soins tests: official, or a house rule's
        /// script (`test_total`)
        test_total: StepRule = house_step(&TEST_TOTAL),
    }
}

/// What `cle.healing` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct HealingMetrics {
    mean_days: MetricId,
    one_rest: MetricId,
    days: HistId,
}

impl Report<HealingRule> for HealingMetrics {
    fn declare(rule: &HealingRule, layout: &mut Layout) -> Self {
        let slowest = (rule.vitality - rule.current + rule.resistance - 1) / rule.resistance;
        Self {
            mean_days: layout.mean(
                "mean_days",
                "mean days (or nights) of rest until full vitality",
            ),
            one_rest: layout.proportion("one_rest", "chance one rest is enough"),
            days: layout.histogram(
                "days",
                "histogram of the days of rest until full vitality",
                (1, slowest),
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, days: &u32, rec: &mut R) {
        rec.value(self.mean_days, *days as i64);
        rec.event(self.one_rest, *days == 1);
        rec.hist(self.days, *days as i64);
    }
}

impl TryFrom<HealingParams> for HealingRule {
    type Error = Error;

    fn try_from(p: HealingParams) -> Result<Self> {
        if p.current >= p.vitality {
            return Err(Error::value(
                "current",
                "the vitality at the start must be below the full vitality: nothing to heal",
            ));
        }
        Ok(HealingRule {
            vitality: p.vitality,
            current: p.current,
            resistance: p.resistance,
            healer: p.healer,
            care: p.tables.care,
            total: p.test_total,
        })
    }
}

/// `cle.healing`: days of rest until full vitality.
pub type HealingModel = Rolled<HealingRule, HealingMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::replay_one;
    use crate::engine::{Roll, replay};
    use crate::systems::cle::{HEALING, exact_of};
    use crate::systems::test_support::{assert_mechanic_agrees, assert_rejected};

    fn rule(words: &str) -> HealingRule {
        HEALING.model_for(words).unwrap().rule
    }

    #[test]
    fn resistance_per_rest_without_a_healer() {
        // 20 vitality from 0 at 6 a day: 6, 12, 18, 20: four days, no roll.
        let r = rule("resistance=6");
        assert_eq!(replay(&[], |d| r.roll(d)), 4);
        assert_eq!(exact_of(&r).p(&4), 1.0);
    }

    #[test]
    fn a_healer_adds_soins_on_a_passed_test() {
        // Soins 4. Day 1 against 15 (mal en point): 5 + 5 + 5 + 4 passes: 0 + 3 + 4 = 7.
        // Day 2 against 10: 1 + 1 + 2 + 4 fails: 10. Day 3: 4 + 4 + 4 + 4 passes: 17.
        // Day 4 fails: 20.
        let r = rule("resistance=3 healer=4");
        let days = replay(&[5, 5, 5, 1, 1, 2, 4, 4, 4, 1, 1, 1], |d| r.roll(d));
        assert_eq!(days, 4);
        assert_eq!(care_difficulty(0), 15);
        assert_eq!(care_difficulty(1), 10);
    }

    #[test]
    fn exact_values_by_hand() {
        // 10 vitality from 0, Résistance 5, Soins 5: one rest is enough when the test
        // against 15 passes (3d6 >= 10: 5/8); else 5, and the second rest ends it.
        let d = exact_of(&rule("vitality=10 resistance=5 healer=5"));
        assert!((d.p(&1) - 0.625).abs() < 1e-12);
        assert!((d.p(&2) - 0.375).abs() < 1e-12);
        // From 1: against 10 (3d6 >= 5: 212/216).
        let d = exact_of(&rule("vitality=10 current=1 resistance=5 healer=5"));
        assert!((d.p(&1) - 212.0 / 216.0).abs() < 1e-12);
        let total: f64 = d.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12 && d.tail() < 1e-12);
    }

    #[test]
    fn a_healer_shortens_the_rest() {
        let mean = |words: &str| {
            let d = exact_of(&rule(words));
            d.iter().map(|(&days, p)| days as f64 * p).sum::<f64>()
        };
        let alone = mean("vitality=30 resistance=4");
        let aided = mean("vitality=30 resistance=4 healer=6");
        assert_eq!(alone, 8.0);
        assert!(aided < 5.0, "{aided}");
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        let cases = [
            "vitality=30 resistance=4 healer=6",
            "vitality=50 current=3 resistance=2 healer=3",
        ];
        assert_mechanic_agrees(&HEALING, &cases, 4);
    }

    #[test]
    fn model_records_the_days() {
        let model = HEALING.model_for("resistance=10 current=5").unwrap();
        let (days, tally) = replay_one(&model, &[]);
        assert_eq!(days, 2);
        assert_eq!(tally.sums([model.m.mean_days, model.m.one_rest]), [2, 0]);
    }

    #[test]
    fn bad_input_is_an_error() {
        assert_rejected(
            &HEALING,
            &[
                "",
                "resistance=0",
                "resistance=5 current=20",
                "resistance=5 healer=-1",
            ],
        );
    }
}
