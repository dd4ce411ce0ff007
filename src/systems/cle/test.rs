//! The skill test (seed *Fiche 2*, "Tests de compétence", "Tableau des difficultés",
//! "Modificateurs", "Compétences proches", "Les points d'héroïsme", "11 automatique";
//! the `cle` page → *Test*), and the `cle.test` mechanic.
//!
//! Roll 3d6 (4d6 with a hero point) + skill + modifiers against the difficulty (*facile*
//! 10, *moyen* 15, *difficile* 20, *héroïque* 25); a *compétence proche* (a related skill
//! used instead) adds 5 to the difficulty. All dice on 1 fail, three 6 succeed.

use super::roll::{Auto, D6Roll, Reading, TEST_TOTAL, succeeds};
use crate::engine::house_step::StepRule;
use crate::engine::step::Step;
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Rolled};

/// One test's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TestRule {
    /// Skill value (*compétence*).
    pub skill: i64,
    /// Difficulty to reach.
    pub difficulty: i64,
    /// 3 dice, or 4 with a hero point.
    pub dice: u32,
    /// Sum of modifiers (each *Efficacité* +2, each *Difficulté* −2).
    pub modifiers: i64,
    /// *Compétence proche*: difficulty + 5.
    pub close_skill: bool,
    /// Switch `reroll_failed`: a hero point cancels a failed test, which is rolled once more
    /// with the same number of dice.
    pub reroll_failed: bool,
    /// Switch `hero_once` (a \[choice\]): a hero point's effect counts once per turn, so
    /// the roll again of a failed test (`reroll_failed`) is made with 3 dice whatever
    /// `dice` is; by default it is made with `dice` again.
    pub hero_once: bool,
    /// Switch `auto11`: the NPC rule *11 automatique*: no roll, the dice count as 11 (no
    /// automatic result, no reroll).
    pub auto11: bool,
    /// How the total is read off the dice: the sum, or a house rule's
    /// ([`super::roll::TEST_TOTAL`]).
    pub total: StepRule,
}

/// The result of one test (of its last roll when it was rolled twice).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct TestOutcome {
    /// Whether the test succeeds.
    pub success: bool,
    /// The automatic result of the last roll.
    pub auto: Auto,
    /// Dice + skill + modifiers of the last roll.
    pub total: i64,
}

impl TestRule {
    /// A 3d6 test of `skill` against `difficulty`, every option off.
    pub fn new(skill: i64, difficulty: i64) -> Self {
        Self {
            skill,
            difficulty,
            dice: 3,
            modifiers: 0,
            close_skill: false,
            reroll_failed: false,
            hero_once: false,
            auto11: false,
            total: StepRule::OFFICIAL,
        }
    }

    /// The number to reach.
    pub fn target(&self) -> i64 {
        self.difficulty + if self.close_skill { 5 } else { 0 }
    }

    /// The result of one roll.
    #[inline(always)]
    pub fn judge(&self, roll: &D6Roll) -> TestOutcome {
        self.judge_reading(Reading::from(roll))
    }

    /// The result of one roll read as its sum and automatic result.
    #[inline(always)]
    pub fn judge_reading(&self, Reading { sum, auto }: Reading) -> TestOutcome {
        let total = sum + self.skill + self.modifiers;
        TestOutcome {
            success: succeeds(total, auto, self.target()),
            auto,
            total,
        }
    }

    fn automatic_eleven(&self) -> TestOutcome {
        let total = 11 + self.skill + self.modifiers;
        TestOutcome {
            success: total >= self.target(),
            auto: Auto::None,
            total,
        }
    }

    /// The dice of the roll again of a failed test: 3 with `hero_once`, else `dice`.
    fn reroll_dice(&self) -> u32 {
        if self.hero_once { 3 } else { self.dice }
    }

    /// Rolls the test (and once more on a failure with `reroll_failed`).
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> TestOutcome {
        if self.auto11 {
            return self.automatic_eleven();
        }
        let first = self.judge_reading(D6Roll::read(dice, self.dice, self.total));
        if first.success || !self.reroll_failed {
            first
        } else {
            self.judge_reading(D6Roll::read(dice, self.reroll_dice(), self.total))
        }
    }
}

/// A test asked only whether it succeeds: the step the rules that take the same test
/// again and again call (first aid, care, the *mal en point* tests), enumerated once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Passes(pub TestRule);

impl Step for Passes {
    type Output = bool;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> bool {
        self.0.roll(dice).success
    }
}

crate::config! {
    /// The parameters of `cle.test`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct TestParams {
        /// skill value (compétence)
        skill: i64 = int(-10..=40),
        /// difficulty: facile 10, moyen 15, difficile 20, héroïque 25
        difficulty: i64 = int(0..=80, default = 15),
        /// dice rolled: 3, or 4 with a hero point
        dice: u32 = int(3..=4, default = 3),
        /// sum of modifiers (Efficacité +2 each, Difficulté -2 each)
        modifiers: i64 = int(-20..=20, default = 0),
        /// compétence proche: a related skill, difficulty + 5
        close_skill: bool = switch(default = false),
        /// spend a hero point to roll a failed test once more
        reroll_failed: bool = switch(default = false),
        /// [choice] a hero point's effect counts once per turn: the roll again of a failed
        /// test is made with 3d6 (else with `dice` again)
        hero_once: bool = switch(default = false),
        /// NPC rule 11 automatique: no roll, the dice count as 11
        auto11: bool = switch(default = false),
        /// the total read off the dice: official, or a house rule's script (`test_total`)
        test_total: StepRule = house_step(&TEST_TOTAL),
    }
}

impl From<TestParams> for TestRule {
    fn from(p: TestParams) -> Self {
        Self {
            skill: p.skill,
            difficulty: p.difficulty,
            dice: p.dice,
            modifiers: p.modifiers,
            close_skill: p.close_skill,
            reroll_failed: p.reroll_failed,
            hero_once: p.hero_once,
            auto11: p.auto11,
            total: p.test_total,
        }
    }
}

crate::rolls!(TestRule => TestOutcome);

/// What `cle.test` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct TestMetrics {
    success: MetricId,
    auto_success: MetricId,
    auto_failure: MetricId,
    total: HistId,
}

impl Report<TestRule> for TestMetrics {
    fn declare(rule: &TestRule, layout: &mut Layout) -> Self {
        let mid = 10 + rule.skill + rule.modifiers;
        Self {
            success: layout.proportion("success", "chance the test succeeds"),
            auto_success: layout
                .proportion("auto_success", "chance of three 6 (automatic success)"),
            auto_failure: layout.proportion(
                "auto_failure",
                "chance every die shows 1 (automatic failure)",
            ),
            total: layout.histogram(
                "total",
                "histogram of dice + skill + modifiers",
                (mid - 8, mid + 14),
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &TestOutcome, rec: &mut R) {
        rec.event(self.success, o.success);
        rec.event(self.auto_success, o.auto == Auto::Success);
        rec.event(self.auto_failure, o.auto == Auto::Failure);
        rec.hist(self.total, o.total);
    }
}

/// `cle.test`: one skill test.
pub type TestModel = Rolled<TestRule, TestMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::replay_one;
    use crate::engine::{replay, simulation};
    use crate::systems::cle::{TEST, exact_of};
    use crate::systems::test_support::{assert_each_agrees, assert_rejected, expect_model};

    fn roll(rule: TestRule, dice: &[u32]) -> TestOutcome {
        replay(dice, |d| rule.roll(d))
    }

    fn p_success(rule: TestRule) -> f64 {
        exact_of(&rule).p_where(|o| o.success)
    }

    #[test]
    fn rules_md_exact_values() {
        assert!((p_success(TestRule::new(0, 10)) - 0.625).abs() < 1e-12);
        assert!((p_success(TestRule::new(0, 25)) - 1.0 / 216.0).abs() < 1e-12);
        assert!((p_success(TestRule::new(20, 10)) - 215.0 / 216.0).abs() < 1e-12);
    }

    #[test]
    fn total_against_difficulty() {
        let o = roll(TestRule::new(5, 15), &[3, 4, 3]);
        assert!(o.success && o.total == 15);
        assert!(!roll(TestRule::new(5, 15), &[3, 4, 2]).success);
    }

    #[test]
    fn automatic_failure_and_success() {
        let o = roll(TestRule::new(20, 10), &[1, 1, 1]);
        assert!(!o.success && o.auto == Auto::Failure && o.total == 23);
        let o = roll(TestRule::new(0, 25), &[6, 6, 6]);
        assert!(o.success && o.auto == Auto::Success);
        let four = TestRule {
            dice: 4,
            ..TestRule::new(0, 30)
        };
        assert!(roll(four, &[6, 2, 6, 6]).success);
        assert!(!roll(four, &[6, 6, 5, 5]).success);
    }

    #[test]
    fn hero_point_fourth_die_adds() {
        let four = TestRule {
            dice: 4,
            ..TestRule::new(2, 15)
        };
        let o = roll(four, &[3, 3, 3, 4]);
        assert!(o.success && o.total == 15);
    }

    #[test]
    fn modifiers_and_close_skill() {
        let rule = TestRule {
            modifiers: 2,
            close_skill: true,
            ..TestRule::new(5, 15)
        };
        assert_eq!(rule.target(), 20);
        assert!(roll(rule, &[4, 5, 4]).success);
        assert!(!roll(rule, &[4, 4, 4]).success);
    }

    #[test]
    fn reroll_failed_rolls_once_more() {
        let rule = TestRule {
            reroll_failed: true,
            ..TestRule::new(0, 15)
        };
        assert!(roll(rule, &[1, 2, 3, 5, 5, 5]).success);
        assert!(!roll(rule, &[1, 2, 3, 1, 2, 3]).success);
        assert!(roll(rule, &[5, 5, 5]).success);
        let p = p_success(TestRule::new(0, 15));
        assert!((p_success(rule) - (p + (1.0 - p) * p)).abs() < 1e-12);
    }

    #[test]
    fn a_hero_point_once_per_turn_rerolls_with_three_dice() {
        // Skill 4 against 20: 4d6 succeed with 145/432, 3d6 with 5/108.
        let twice = TestRule {
            dice: 4,
            reroll_failed: true,
            ..TestRule::new(4, 20)
        };
        let once = TestRule {
            hero_once: true,
            ..twice
        };
        let (p4, p3) = (145.0 / 432.0, 5.0 / 108.0);
        assert!((p_success(twice) - (p4 + (1.0 - p4) * p4)).abs() < 1e-12);
        assert!((p_success(once) - (p4 + (1.0 - p4) * p3)).abs() < 1e-12);
        assert!((p_success(once) - 17095.0 / 46656.0).abs() < 1e-12); // 0.366
        assert!((p_success(twice) - 0.5586).abs() < 1e-4);
        // The first roll fails; the roll again is 5 5 5 + 4 = 19 on three dice, 23 on four.
        assert!(!roll(once, &[1, 1, 1, 2, 5, 5, 5]).success);
        assert!(roll(twice, &[1, 1, 1, 2, 5, 5, 5, 4]).success);
    }

    #[test]
    fn automatic_eleven() {
        let rule = TestRule {
            auto11: true,
            ..TestRule::new(4, 15)
        };
        let o = roll(rule, &[]);
        assert!(o.success && o.total == 15);
        assert_eq!(
            p_success(TestRule {
                auto11: true,
                ..TestRule::new(3, 15)
            }),
            0.0
        );
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        let cases = [
            TestRule::new(0, 10),
            TestRule::new(5, 20),
            TestRule {
                dice: 4,
                ..TestRule::new(3, 20)
            },
            TestRule {
                reroll_failed: true,
                close_skill: true,
                ..TestRule::new(6, 15)
            },
            TestRule {
                modifiers: -4,
                dice: 4,
                reroll_failed: true,
                ..TestRule::new(10, 25)
            },
        ];
        assert_each_agrees(cases, 10, |rule| simulation(TestModel::new(rule)));
    }

    #[test]
    fn model_records_its_metrics() {
        let model = TEST.model_for("skill=5 difficulty=20").unwrap();
        let (o, tally) = replay_one(&model, &[6, 6, 6]);
        assert!(o.success && o.total == 23);
        assert_eq!(
            tally.sums([model.m.success, model.m.auto_success, model.m.auto_failure]),
            [1, 1, 0]
        );
        assert_eq!(tally.histogram(model.m.total).counts(), [(23, 1)]);
    }

    #[test]
    fn bad_input_is_an_error() {
        assert_rejected(
            &TEST,
            &[
                "skill=5 dice=5",
                "skill=5 dice=2",
                "skill=x dice=3",
                "dice=3",
            ],
        );
        let rule = expect_model(&TEST, "skill=5 dice=4 close_skill=true").rule;
        assert_eq!((rule.dice, rule.target()), (4, 20));
    }
}
