//! A series of rolls that must all succeed (seed: *Boni et Mali*, the shipwrecked swimmer
//! "qui cherche à se tenir à flot"; the `maitrise` page, "P(n successes in a row)"), and
//! the `maitrise.series` mechanic.
//!
//! Every roll is made at the same score, except that the *Chance du Débutant* helps only
//! the first roll of the series (the text: "la même clémence n'est donc pas de mise après
//! le premier Jet"). The series succeeds when at most `allowed_failures` rolls fail.
//! Every roll of the series is made, whatever the failures before it, and the series also
//! reports the chance that at least one of them is an *Échec Critique* (the swimmer who
//! fails "dans des proportions dantesques" at some point).

use super::resolution::{Degree, Faces, Prepared, Target, TestParams};
use crate::engine::step::Step;
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Roll, Rolled};
use crate::error::{Error, Result};

crate::config! {
    /// The parameters of `maitrise.series`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct SeriesParams {
        /// the score of every roll and the reading of the usual range
        roll: TestParams = flatten(),
        /// number of rolls in the series
        n: u32 = int(1..=100),
        /// failed rolls the series survives
        allowed_failures: u32 = int(0..=100, default = 0),
    }
}

/// The result of a series.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SeriesOutcome {
    /// Failed rolls, critical or not.
    pub failures: u32,
    /// At least one roll was an *Échec Critique*.
    pub crit_failure: bool,
}

impl SeriesOutcome {
    /// A series before its first roll.
    const START: SeriesOutcome = SeriesOutcome {
        failures: 0,
        crit_failure: false,
    };

    /// The series made of this one's rolls and of `rest`'s.
    fn and(self, rest: Self) -> Self {
        Self {
            failures: self.failures + rest.failures,
            crit_failure: self.crit_failure || rest.crit_failure,
        }
    }

    /// The series after one more roll with result `degree`.
    fn after(self, degree: Degree) -> Self {
        Self {
            failures: self.failures + u32::from(!degree.is_success()),
            crit_failure: self.crit_failure || degree == Degree::CritFailure,
        }
    }
}

/// `maitrise.series`'s rule: `n` rolls, the first at one target, the others at another.
#[derive(Debug, Clone, PartialEq)]
pub struct SeriesRule {
    /// The first roll (the *Chance du Débutant* helps it only).
    first: Prepared,
    /// Every later roll.
    later: Prepared,
    /// The number of rolls.
    pub n: u32,
    /// Failed rolls the series survives.
    pub allowed_failures: u32,
}

impl SeriesRule {
    /// `n` rolls, the first at `first`, the others at `later`, at most `allowed_failures`
    /// of which may fail.
    pub fn new(first: Target, later: Target, n: u32, allowed_failures: u32) -> Self {
        Self {
            first: Prepared::new(first),
            later: Prepared::new(later),
            n,
            allowed_failures,
        }
    }
}

impl TryFrom<SeriesParams> for SeriesRule {
    type Error = Error;

    fn try_from(p: SeriesParams) -> Result<Self> {
        let (first, later) = p.roll.targets()?;
        Ok(Self::new(first, later, p.n, p.allowed_failures))
    }
}

/// The chance that one roll at `target` fails.
#[cfg(test)]
fn p_fail(target: Target) -> f64 {
    Prepared::new(target)
        .exact()
        .unwrap()
        .p_where(|d| !d.is_success())
}

impl Roll for SeriesRule {
    /// The failed rolls and whether one was critical.
    type Outcome = SeriesOutcome;

    /// The first roll, then the later ones (a step: the later rolls of a series are built
    /// from those of a shorter one).
    #[inline]
    fn roll<D: Dice>(&self, dice: &mut D) -> SeriesOutcome {
        let first = SeriesOutcome::START.after(match self.first.faces() {
            Faces::D20(roll) => dice.step(roll),
            Faces::D100(roll) => dice.step(roll),
        });
        if self.n == 1 {
            return first;
        }
        let count = self.n - 1;
        // One step type per die, so that a d20 series copies only the d20's small table
        // from roll to roll.
        first.and(match *self.later.faces() {
            Faces::D20(roll) => dice.step(&Rolls { roll, count }),
            Faces::D100(roll) => dice.step(&Rolls { roll, count }),
        })
    }
}

/// `count` rolls (at least one) at the same target, one after the other: a step, so that
/// the exact distribution of a series is built from its shorter series (enumerated once
/// each) rather than from every sequence of dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Rolls<F> {
    roll: F,
    count: u32,
}

impl<F: Step<Output = Degree> + Copy> Step for Rolls<F> {
    type Output = SeriesOutcome;

    fn run<D: Dice>(&self, dice: &mut D) -> SeriesOutcome {
        let first = SeriesOutcome::START.after(dice.step(&self.roll));
        if self.count == 1 {
            return first;
        }
        first.and(dice.step(&Rolls {
            count: self.count - 1,
            ..*self
        }))
    }
}

/// What `maitrise.series` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct SeriesMetrics {
    allowed_failures: u32,
    all_succeed: MetricId,
    any_crit_failure: MetricId,
    failures: HistId,
}

impl Report<SeriesRule> for SeriesMetrics {
    fn declare(rule: &SeriesRule, layout: &mut Layout) -> Self {
        Self {
            allowed_failures: rule.allowed_failures,
            all_succeed: layout.proportion(
                "all_succeed",
                "chance that at most allowed_failures rolls fail (all succeed by default)",
            ),
            any_crit_failure: layout.proportion(
                "any_crit_failure",
                "chance that at least one of the n rolls is an Échec Critique (every roll is made)",
            ),
            failures: layout.histogram(
                "failures",
                "histogram of the number of failed rolls",
                (0, rule.n as i64),
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &SeriesOutcome, rec: &mut R) {
        rec.event(self.all_succeed, o.failures <= self.allowed_failures);
        rec.event(self.any_crit_failure, o.crit_failure);
        rec.hist(self.failures, o.failures as i64);
    }
}

/// `maitrise.series`: `n` rolls under a score.
pub type SeriesModel = Rolled<SeriesRule, SeriesMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::replay_one;
    use crate::engine::simulation;
    use crate::systems::maitrise::SERIES;
    use crate::systems::test_support::{
        assert_each_agrees, assert_rejected, close, exact_value, expect_model,
    };

    fn plain(sm: i64, n: u32, allowed_failures: u32) -> SeriesModel {
        SeriesModel::new(SeriesRule::new(
            Target::at_most(sm),
            Target::at_most(sm),
            n,
            allowed_failures,
        ))
    }

    fn model(words: &str) -> SeriesModel {
        expect_model(&SERIES, words)
    }

    fn all_succeed(model: &SeriesModel) -> f64 {
        exact_value(model, model.m.all_succeed)
    }

    fn any_crit_failure(model: &SeriesModel) -> f64 {
        exact_value(model, model.m.any_crit_failure)
    }

    /// The failures of one rigged series.
    fn failures(model: &SeriesModel, dice: &[u32]) -> u32 {
        replay_one(model, dice).0.failures
    }

    #[test]
    fn all_succeed_is_a_power() {
        for (sm, n) in [(12i64, 1u32), (12, 5), (15, 10), (8, 3), (25, 7), (0, 2)] {
            let p = 1.0 - p_fail(Target::at_most(sm));
            assert!(close(all_succeed(&plain(sm, n, 0)), p.powi(n as i32)));
        }
    }

    #[test]
    fn allowed_failures_is_a_binomial_tail() {
        // P(at most one failure in 4 at one half) = (1 + 4) / 16.
        assert!(close(all_succeed(&plain(10, 4, 1)), 5.0 / 16.0));
    }

    #[test]
    fn a_small_malus_weighs_heavily_over_many_rolls() {
        let even = all_succeed(&model("sm=12 n=10"));
        let malus = all_succeed(&model("sm=12 n=10 malus=2"));
        // 0.6^10 against 0.5^10: one roll loses a sixth, the series loses over 80%.
        assert!(close(even, 0.6f64.powi(10)));
        assert!(close(malus, 0.5f64.powi(10)));
        assert!(malus / even < 0.2);
        assert!(close(all_succeed(&model("sm=12 n=10 modifiers=-2")), malus));
    }

    #[test]
    fn chance_du_debutant_helps_the_first_roll_only() {
        let model = model("characteristic=9 skill=0 malus=3 first_use=true n=3");
        // First roll at 9 - 5 = 4, then at 1.
        let expected = 0.20 * (1.0 - p_fail(Target::at_most(1))).powi(2);
        assert!(close(all_succeed(&model), expected));
        assert!(close(expected, 0.20 * 0.0275 * 0.0275));
        // Rigged: the first 4 succeeds at sm 4; the second roll, a 4, fails at sm 1.
        assert_eq!(failures(&model, &[4, 4, 2]), 2);
        // Bonus 2 and malus 3: the first roll at 6 keeps the bonus, the next at 3.
        let apart = expect_model(
            &SERIES,
            "characteristic=9 skill=0 bonus=2 malus=3 first_use=true n=2",
        );
        assert!(close(all_succeed(&apart), 0.30 * 0.15));
        // Without the Chance du Débutant both at 3.
        let later = expect_model(&SERIES, "characteristic=9 skill=0 bonus=2 malus=3 n=2");
        assert!(close(all_succeed(&later), 0.15 * 0.15));
    }

    #[test]
    fn skill_0_series_rolls_at_the_automatic_malus() {
        // 9 + 0 - 5 = 4 every roll: 0.2^3.
        assert!(close(
            all_succeed(&model("characteristic=9 skill=0 n=3")),
            0.008
        ));
    }

    #[test]
    fn strictly_below_lowers_every_roll() {
        // sm 12 read as "< 12": 11/20 a roll, 0.55^3 against 0.6^3.
        let below = all_succeed(&model("sm=12 n=3 strictly_below=true"));
        let at_most = all_succeed(&model("sm=12 n=3"));
        assert!(close(below, 0.55f64.powi(3)));
        assert!(close(at_most, 0.6f64.powi(3)));
        // Rigged: 12 succeeds at "≤ 12", fails at "< 12".
        assert_eq!(failures(&model("sm=12 n=1"), &[12]), 0);
        assert_eq!(failures(&model("sm=12 n=1 strictly_below=true"), &[12]), 1);
    }

    #[test]
    fn shipwreck_rigged() {
        // Red, CON 4 + Nourrir les Requins 8 = 12, no malus.
        let model = model("characteristic=4 skill=8 n=3");
        let (outcome, tally) = replay_one(&model, &[12, 1, 11]);
        assert_eq!(outcome.failures, 0);
        assert_eq!(tally.metric(model.m.all_succeed).sum, 1);
        let (outcome, tally) = replay_one(&model, &[12, 13, 11]);
        assert_eq!(outcome.failures, 1);
        assert_eq!(
            tally.sums([model.m.all_succeed, model.m.any_crit_failure]),
            [0, 0]
        );
        // At sm 20 a 20 calls for a second die: 20 then 5 still succeeds.
        assert_eq!(failures(&plain(20, 2, 0), &[20, 5, 3]), 0);
    }

    #[test]
    fn one_critical_failure_is_enough() {
        // sm 12: a 10 succeeds, only the 20 is an Échec Critique; it counts wherever it
        // falls, and the rolls after it are still made.
        let model = plain(12, 3, 0);
        let (outcome, tally) = replay_one(&model, &[20, 5, 6]);
        assert_eq!((outcome.failures, outcome.crit_failure), (1, true));
        assert_eq!(tally.metric(model.m.any_crit_failure).sum, 1);
        let (outcome, _) = replay_one(&model, &[5, 13, 20]);
        assert_eq!((outcome.failures, outcome.crit_failure), (2, true));
        // An ordinary failure is not critical: 13 and 19 fail, 10 succeeds at 12.
        let (outcome, _) = replay_one(&model, &[13, 10, 19]);
        assert_eq!((outcome.failures, outcome.crit_failure), (2, false));
        // At sm 8 the 10 is critical too.
        let (outcome, _) = replay_one(&plain(8, 2, 0), &[10, 3]);
        assert_eq!((outcome.failures, outcome.crit_failure), (1, true));
        // At sm 20 only a 20 then a second roll above 16 is.
        let (outcome, _) = replay_one(&plain(20, 2, 0), &[20, 17, 20, 16]);
        assert_eq!((outcome.failures, outcome.crit_failure), (2, true));
        let (outcome, _) = replay_one(&plain(20, 1, 0), &[20, 16]);
        assert_eq!((outcome.failures, outcome.crit_failure), (1, false));
    }

    #[test]
    fn any_crit_failure_exact_values() {
        // 1 - (1 - q)^n with q the chance of an Échec Critique on one roll.
        for (sm, q) in [
            (12i64, 0.05),
            (8, 0.10),
            (10, 0.05),
            (9, 0.10),
            (20, 0.01),
            (40, 0.0025),
        ] {
            for n in [1u32, 3, 10] {
                let expected = 1.0 - (1.0f64 - q).powi(n as i32);
                assert!(
                    close(any_crit_failure(&plain(sm, n, 0)), expected),
                    "sm {sm} n {n}"
                );
            }
        }
        // By hand: sm 12, 3 rolls: 1 - 0.95^3 = 0.142625; sm 8, 3 rolls: 1 - 0.9^3 = 0.271;
        // sm 20, 2 rolls: 1 - 0.99^2 = 0.0199.
        assert!(close(any_crit_failure(&plain(12, 3, 0)), 0.142625));
        assert!(close(any_crit_failure(&plain(8, 3, 0)), 0.271));
        assert!(close(any_crit_failure(&plain(20, 2, 0)), 0.0199));
        // allowed_failures does not change it.
        assert!(close(any_crit_failure(&plain(12, 3, 2)), 0.142625));
    }

    #[test]
    fn any_crit_failure_across_the_chance_du_debutant() {
        // sm 15, skill 0, malus 1, first use: the first roll at 10 (only the 20 is
        // critical: 0.05), the later ones at 9 (10 and 20: 0.10). 3 rolls:
        // 1 - 0.95 * 0.9^2 = 0.2305.
        let lucky = model("sm=15 skill_zero=true malus=1 first_use=true n=3");
        assert!(close(any_crit_failure(&lucky), 0.2305));
        // Without it all three at 9: 1 - 0.9^3 = 0.271, more.
        let plain_zero = model("sm=15 skill_zero=true malus=1 n=3");
        assert!(close(any_crit_failure(&plain_zero), 0.271));
    }

    #[test]
    fn strictly_below_moves_the_critical_10() {
        // sm 10 read as "< 10": the 10 fails, critically: 0.10 a roll against 0.05.
        let below = any_crit_failure(&model("sm=10 n=4 strictly_below=true"));
        let at_most = any_crit_failure(&model("sm=10 n=4"));
        assert!(close(below, 1.0 - 0.9f64.powi(4)));
        assert!(close(at_most, 1.0 - 0.95f64.powi(4)));
        assert!(below > at_most);
        // At sm 11 "<" turns the 10 into a success: no change (the 20 only), 0.05 a roll.
        let below = any_crit_failure(&model("sm=11 n=4 strictly_below=true"));
        assert!(close(below, 1.0 - 0.95f64.powi(4)));
    }

    #[test]
    fn a_series_rolls_the_d100_every_time() {
        // sm 60, three rolls: 0.6^3 either way; an Échec Critique 5% a roll with bands
        // (96-100), 1% with faces (100; the 50 succeeds).
        let bands = model("sm=60 n=3 d100=true");
        let faces = model("sm=60 n=3 d100=true d100_criticals=faces");
        assert!(close(all_succeed(&bands), 0.216));
        assert!(close(all_succeed(&faces), 0.216));
        assert!(close(any_crit_failure(&bands), 1.0 - 0.95f64.powi(3)));
        assert!(close(any_crit_failure(&faces), 1.0 - 0.99f64.powi(3)));
    }

    #[test]
    fn bad_input_is_an_error() {
        assert_rejected(
            &SERIES,
            &[
                "sm=10",
                "sm=10 n=0",
                "sm=10 n=101",
                "sm=10 skill=2 n=3",
                "skill=0 n=3",
                "sm=10 first_use=true n=3",
            ],
        );
        assert_eq!(
            SERIES.model_for("sm=10 n=3").map(|m| m.rule.n).ok(),
            Some(3)
        );
    }

    #[test]
    fn monte_carlo_agrees_with_exact_over_a_grid() {
        let cases = [
            plain(12, 10, 0),
            plain(15, 6, 2),
            plain(21, 5, 0),
            model("characteristic=9 skill=0 malus=3 first_use=true n=4 allowed_failures=1"),
            model("sm=11 bonus=1 malus=2 n=5 strictly_below=true"),
        ];
        assert_each_agrees(cases, 3, simulation);
    }
}
