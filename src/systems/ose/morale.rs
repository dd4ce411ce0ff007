//! Morale checks (seed: *Moral : lancez 2d6*; the `ose` page → Morale), and the
//! `ose.morale` mechanic.
//!
//! A check fails when 2d6 exceeds the morale score: the monsters flee or surrender. It is
//! made at the first death on their side and again when half of them are out of the
//! fight (`checks` = 1 or 2). A morale of 2 never fights (no roll) unless cornered; a
//! morale of 12 never fails (2d6 never exceeds it).

use super::steps::MORALE_ROLL;
use crate::engine::{Dice, Layout, MetricId, Recorder, Report, Roll, Rolled, StepRule};
use crate::error::{Error, Result};

crate::config! {
    /// The monster of `ose.morale` by name (`monster=goblin`): its morale score.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct MoraleMonster {
        /// the monster's morale score
        morale: Option<i64> = int(2..=12, optional),
    }
}

crate::config! {
    /// The parameters of `ose.morale`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct MoraleParams {
        /// morale score (or name the monster: monster=goblin)
        morale: Option<i64> = int(2..=12, optional),
        /// the monster by name (monster=goblin), for its morale score
        monster: MoraleMonster = fighter("monster"),
        /// 1: at the first death; 2: again when half are out
        checks: u32 = int(1..=2, default = 2),
        /// cornered: a morale of 2 rolls like any other
        cornered: bool = switch(default = false),
        /// the 2d6 of a check: official, or a house rule's script (`morale_roll`)
        morale_roll: StepRule = house_step(&MORALE_ROLL),
    }
}

/// `ose.morale`'s rule: the morale checks of one fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoraleRule {
    /// The morale score.
    pub morale: i64,
    /// The checks made (1 or 2).
    pub checks: u32,
    /// Morale 2 and not cornered: flees without rolling.
    never_fights: bool,
    /// The roll of a check: 2d6, or a house rule's ([`MORALE_ROLL`]).
    pub roll: StepRule,
}

/// The sheet's "Score de 2 : ne combat jamais (sauf acculé)": monsters of morale 2 do not
/// fight (they flee with no roll) unless cornered (`acculé`), when they roll like any other.
/// The one reading of that line, for `ose.morale` and `ose.encounter`.
pub fn never_fights(morale: i64, cornered: bool) -> bool {
    morale <= 2 && !cornered
}

impl MoraleRule {
    /// `checks` checks at `morale`; `cornered` lifts the "morale 2 never fights" rule.
    pub fn new(morale: i64, checks: u32, cornered: bool) -> Self {
        Self {
            morale,
            checks,
            never_fights: never_fights(morale, cornered),
            roll: StepRule::OFFICIAL,
        }
    }
}

impl TryFrom<MoraleParams> for MoraleRule {
    type Error = Error;

    /// The checks at the score given by `morale` or by the named monster: one of the two.
    fn try_from(p: MoraleParams) -> Result<Self> {
        let morale = match (p.morale, p.monster.morale) {
            (Some(m), None) | (None, Some(m)) => m,
            (None, None) => {
                return Err(Error::value(
                    "morale",
                    "give the morale score (morale=7) or the monster's name (monster=goblin)",
                ));
            }
            (Some(_), Some(_)) => {
                return Err(Error::value(
                    "morale",
                    "the morale score is given twice: by morale and by the monster; give one",
                ));
            }
        };
        Ok(Self {
            roll: p.morale_roll,
            ..Self::new(morale, p.checks, p.cornered)
        })
    }
}

impl Roll for MoraleRule {
    /// The number of checks passed before the first failure (all of them: it holds).
    type Outcome = u32;

    #[inline]
    fn roll<D: Dice>(&self, dice: &mut D) -> u32 {
        if self.never_fights {
            return 0;
        }
        let mut passed = 0;
        while passed < self.checks
            && self.roll.roll(dice, &[], |d| i64::from(d.sum(2, 6))) <= self.morale
        {
            passed += 1;
        }
        passed
    }
}

/// What `ose.morale` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct MoraleMetrics {
    /// The checks made: holding is passing them all.
    checks: u32,
    holds: MetricId,
    holds_first: MetricId,
}

impl Report<MoraleRule> for MoraleMetrics {
    fn declare(rule: &MoraleRule, layout: &mut Layout) -> Self {
        Self {
            checks: rule.checks,
            holds: layout.proportion("holds", "chance the monsters pass every check and fight on"),
            holds_first: layout.proportion("holds_first", "chance they pass the first check"),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, passed: &u32, rec: &mut R) {
        rec.event(self.holds, *passed == self.checks);
        rec.event(self.holds_first, *passed >= 1);
    }
}

/// `ose.morale`: the morale checks of one fight.
pub type MoraleModel = Rolled<MoraleRule, MoraleMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::replay_one;
    use crate::engine::simulation;
    use crate::engine::{Dist, Model};
    use crate::systems::ose::MORALE;
    use crate::systems::test_support::{assert_each_agrees, assert_rejected, error_text};

    fn holds(model: &MoraleModel) -> f64 {
        model
            .exact()
            .map(|d| d.p(&model.rule.checks))
            .unwrap_or(f64::NAN)
    }

    #[test]
    fn holds_is_a_power_of_the_2d6_chance() {
        let two_d6 = Dist::dice_sum(2, 6);
        for morale in 3..=12 {
            let p = two_d6.p_where(|t| *t <= morale);
            for checks in 1..=2u32 {
                let m = MoraleModel::new(MoraleRule::new(morale, checks, false));
                assert!((holds(&m) - p.powi(checks as i32)).abs() < 1e-12);
            }
        }
        assert!(
            (holds(&MoraleModel::new(MoraleRule::new(7, 1, false))) - 21.0 / 36.0).abs() < 1e-12
        );
        assert!((holds(&MoraleModel::new(MoraleRule::new(12, 2, false))) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn a_named_monster_checks_at_its_score() {
        let by_name = MORALE.model_for("monster=goblin").map(|m| holds(&m)).ok();
        let by_score = MORALE.model_for("morale=7").map(|m| holds(&m)).ok();
        assert!(by_name.is_some() && by_name == by_score);
        assert!(error_text(MORALE.model_for("monster=goblin morale=7")).contains("twice"));
        assert!(error_text(MORALE.model_for("")).contains("monster=goblin"));
    }

    #[test]
    fn morale_two_never_fights_unless_cornered() {
        assert_eq!(holds(&MoraleModel::new(MoraleRule::new(2, 1, false))), 0.0);
        // No die is rolled: it flees at once.
        let (passed, _) = replay_one(&MoraleModel::new(MoraleRule::new(2, 2, false)), &[]);
        assert_eq!(passed, 0);
        // Cornered, it rolls: double 1 (2, not above 2) holds, 1/36.
        let cornered = MoraleModel::new(MoraleRule::new(2, 1, true));
        assert!((holds(&cornered) - 1.0 / 36.0).abs() < 1e-12);
        let (passed, _) = replay_one(&cornered, &[1, 1]);
        assert_eq!(passed, 1);
        // The same with cornered=false from the command line.
        let words = |cornered: bool| format!("morale=2 checks=1 cornered={cornered}");
        let fled = MORALE.model_for(&words(false)).map(|m| holds(&m)).ok();
        let fought = MORALE.model_for(&words(true)).map(|m| holds(&m)).ok();
        assert_eq!(fled, Some(0.0));
        assert!(fought.is_some_and(|p| (p - 1.0 / 36.0).abs() < 1e-12));
    }

    #[test]
    fn rigged_checks() {
        let m = MoraleModel::new(MoraleRule::new(8, 2, false));
        // 4+4 holds, 5+4 breaks.
        let (passed, tally) = replay_one(&m, &[4, 4, 5, 4]);
        assert_eq!(passed, 1);
        assert_eq!(tally.sums([m.m.holds, m.m.holds_first]), [0, 1]);
        // A failed first check ends it: no second roll.
        let (passed, tally) = replay_one(&m, &[6, 6]);
        assert_eq!(passed, 0);
        assert_eq!(tally.metric(m.m.holds_first).sum, 0);
    }

    #[test]
    fn morale_outside_2_to_12_is_an_error() {
        assert_rejected(&MORALE, &["morale=1", "morale=13", "morale=7 checks=3", ""]);
        let ok = MORALE.model_for("morale=7");
        assert_eq!(
            ok.map(|m| (m.rule.morale, m.rule.checks)).ok(),
            Some((7, 2))
        );
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        let cases = [(7, 2, false), (9, 1, false), (2, 2, true), (2, 1, false)];
        assert_each_agrees(cases, 2, |(m, c, k)| {
            simulation(MoraleModel::new(MoraleRule::new(m, c, k)))
        });
    }
}
