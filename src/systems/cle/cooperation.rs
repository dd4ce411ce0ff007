//! Cooperation (seed *Fiche 2*, "Coopération"; `RULES.md` `cle` → *Cooperation*), and the
//! `cle.cooperation` mechanic.
//!
//! Everyone in the group tests; the best result is used, +1 for each other result of 15
//! or more, −1 for each other result below 10. The program's group shares one skill.
//! \[choice\] of this program: the automatic results (all 1, three 6) are those of the best
//! roll; with equal skills and 3d6 they are exactly the results 3 + skill and 18 + skill.

use super::roll::{Auto, Roll, succeeds};
use crate::engine::{Dice, Dist, HistId, Layout, MetricId, Model, Recorder, Registered};
use crate::error::Result;

/// Largest group the mechanic accepts.
pub const MAX_HELPERS: usize = 10;

/// One cooperation's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CooperationRule {
    /// Group size (everyone tests), `1..=MAX_HELPERS`.
    pub helpers: u32,
    /// Everyone's skill.
    pub skill: i64,
    /// Difficulty to reach.
    pub difficulty: i64,
}

/// The outcome of a cooperation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct CooperationOutcome {
    /// Whether the group succeeds.
    pub success: bool,
    /// The adjusted best result.
    pub result: i64,
}

/// +1 for a result of 15 or more, −1 for a result below 10.
#[inline(always)]
fn adjustment(result: i64) -> i64 {
    if result >= 15 {
        1
    } else if result < 10 {
        -1
    } else {
        0
    }
}

impl CooperationRule {
    /// The outcome from the best dice sum and the adjustments of every member (the best
    /// one's included, removed here).
    fn finish(&self, best_dice: i64, net: i64) -> CooperationOutcome {
        let best = best_dice + self.skill;
        let result = best + net - adjustment(best);
        let auto = match best_dice {
            3 => Auto::Failure,
            18 => Auto::Success,
            _ => Auto::None,
        };
        CooperationOutcome {
            success: succeeds(result, auto, self.difficulty),
            result,
        }
    }

    /// Rolls every member's 3d6.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> CooperationOutcome {
        let mut best = 0;
        let mut net = 0;
        for _ in 0..self.helpers {
            let sum = Roll::throw(dice, 3).sum();
            best = best.max(sum);
            net += adjustment(sum + self.skill);
        }
        self.finish(best, net)
    }

    /// The exact distribution, folding the members one by one over (best dice sum, sum of
    /// the adjustments).
    pub fn exact(&self) -> Dist<CooperationOutcome> {
        let member = Dist::dice_sum(3, 6);
        let mut state = Dist::certain((0i64, 0i64));
        for _ in 0..self.helpers {
            state = state.combine(&member, |&(best, net), &x| {
                (best.max(x), net + adjustment(x + self.skill))
            });
        }
        state.map(|&(best, net)| self.finish(best, net))
    }
}

crate::config! {
    /// The parameters of `cle.cooperation`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct CooperationParams {
        /// group size: everyone tests (1..=10)
        helpers: u32 = int(1..=MAX_HELPERS as i64, default = 3),
        /// everyone's skill
        skill: i64 = int(-10..=40),
        /// difficulty to reach
        difficulty: i64 = int(0..=80, default = 15),
    }
}

/// What `cle.cooperation` reports.
#[derive(Debug, Clone, PartialEq)]
struct CooperationMetrics {
    success: MetricId,
    mean_result: MetricId,
    result: HistId,
}

/// `cle.cooperation`: a group test.
#[derive(Debug, Clone, PartialEq)]
pub struct CooperationModel {
    rule: CooperationRule,
    layout: Layout,
    m: CooperationMetrics,
}

impl CooperationModel {
    /// The model of `rule`.
    pub fn new(rule: CooperationRule) -> Self {
        let mid = 12 + rule.skill;
        let mut layout = Layout::new();
        let m = CooperationMetrics {
            success: layout.proportion("success", "chance the group succeeds"),
            mean_result: layout.mean("mean_result", "mean adjusted result"),
            result: layout.histogram(
                "result",
                "histogram of the adjusted result",
                (mid - 8, mid + 8 + rule.helpers as i64),
            ),
        };
        Self { rule, layout, m }
    }

    fn from_config(p: CooperationParams) -> Result<Self> {
        Ok(Self::new(CooperationRule {
            helpers: p.helpers,
            skill: p.skill,
            difficulty: p.difficulty,
        }))
    }
}

impl Model for CooperationModel {
    type Outcome = CooperationOutcome;

    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> CooperationOutcome {
        self.rule.roll(dice)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &CooperationOutcome, rec: &mut R) {
        rec.event(self.m.success, o.success);
        rec.value(self.m.mean_result, o.result);
        rec.hist(self.m.result, o.result);
    }

    fn exact(&self) -> Option<Dist<CooperationOutcome>> {
        Some(self.rule.exact())
    }
}

/// The registry entry of `cle.cooperation`.
pub static COOPERATION: Registered<CooperationParams, CooperationModel> = Registered::new(
    "cle.cooperation",
    "a group test: the best result, +1 per other result >= 15, -1 per other result < 10",
    "skill=5",
    CooperationModel::from_config,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::replay_one;
    use crate::engine::{replay, simulation};
    use crate::systems::cle::test::TestRule;
    use crate::systems::test_support::{
        AGREEMENT_SAMPLES, AGREEMENT_SEED, assert_agrees_with_exact,
    };

    fn roll(rule: CooperationRule, dice: &[u32]) -> CooperationOutcome {
        replay(dice, |d| rule.roll(d))
    }

    fn rule(helpers: u32, skill: i64, difficulty: i64) -> CooperationRule {
        CooperationRule {
            helpers,
            skill,
            difficulty,
        }
    }

    #[test]
    fn best_result_plus_and_minus_the_others() {
        // Skill 4: results 16 (best), 15 (+1), 12 (0), 7 (-1): 16 + 1 - 1 = 16.
        let o = roll(rule(4, 4, 16), &[4, 4, 4, 5, 3, 3, 2, 3, 3, 1, 1, 1]);
        assert_eq!(o.result, 16);
        assert!(o.success);
        // The best result's own adjustment is not counted.
        let o = roll(rule(2, 4, 0), &[6, 5, 5, 2, 2, 1]);
        assert_eq!(o.result, 19);
    }

    #[test]
    fn automatic_results_of_the_best_roll() {
        assert!(roll(rule(2, 0, 40), &[6, 6, 6, 1, 1, 1]).success);
        assert!(!roll(rule(2, 20, 10), &[1, 1, 1, 1, 1, 1]).success);
    }

    #[test]
    fn a_group_of_one_is_a_test() {
        for d in [8, 10, 15, 20, 25] {
            let p = rule(1, 3, d).exact().p_where(|o| o.success);
            let q = TestRule::new(3, d).exact().p_where(|o| o.success);
            assert!((p - q).abs() < 1e-12, "d {d}");
        }
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        for (i, r) in [rule(3, 4, 20), rule(5, 2, 15), rule(8, 8, 30)]
            .into_iter()
            .enumerate()
        {
            let sim = simulation(CooperationModel::new(r));
            let seed = AGREEMENT_SEED + i as u64;
            assert_agrees_with_exact(sim.as_ref(), AGREEMENT_SAMPLES, seed, 10, &r);
        }
    }

    #[test]
    fn model_records_the_adjusted_result() {
        let model = COOPERATION
            .model_for("skill=4 helpers=2 difficulty=20")
            .unwrap();
        // 16 + 4 = 20 (best), 5 + 4 = 9 (-1): 19, short of 20.
        let (o, tally) = replay_one(&model, &[6, 5, 5, 2, 2, 1]);
        assert_eq!((o.success, o.result), (false, 19));
        assert_eq!(tally.metric(model.m.success).sum, 0);
        assert_eq!(tally.metric(model.m.mean_result).sum, 19);
        assert_eq!(
            tally.histogram(model.m.result).iter().collect::<Vec<_>>(),
            [(19, 1)]
        );
    }

    #[test]
    fn group_size_out_of_range_is_an_error() {
        let built = COOPERATION.model_for("skill=5 helpers=3").unwrap().rule;
        assert_eq!(built, rule(3, 5, 15));
        assert!(COOPERATION.model_for("skill=5 helpers=0").is_err());
        assert!(COOPERATION.model_for("skill=5 helpers=11").is_err());
    }
}
