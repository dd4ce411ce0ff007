//! Morale checks (seed: *Moral : lancez 2d6*; `RULES.md` `ose` → Morale), and the
//! `ose.morale` mechanic.
//!
//! A check fails when 2d6 exceeds the morale score: the monsters flee or surrender. It is
//! made at the first death on their side and again when half of them are out of the
//! fight (`checks` = 1 or 2). A morale of 2 never fights (no roll) unless cornered; a
//! morale of 12 never fails (2d6 never exceeds it).

use crate::engine::{
    Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation, simulation,
};
use crate::error::Result;

/// `ose.morale`: the morale checks of one fight.
#[derive(Debug, Clone, PartialEq)]
pub struct MoraleModel {
    morale: i64,
    checks: u32,
    /// Morale 2 and not cornered: flees without rolling.
    never_fights: bool,
}

const HOLDS: usize = 0;
const HOLDS_FIRST: usize = 1;

impl MoraleModel {
    /// `checks` checks at `morale`; `cornered` lifts the "morale 2 never fights" rule.
    pub fn new(morale: i64, checks: u32, cornered: bool) -> Self {
        Self {
            morale,
            checks,
            never_fights: morale <= 2 && !cornered,
        }
    }
}

impl Model for MoraleModel {
    /// The number of checks passed before the first failure (all of them: it holds).
    type Outcome = u32;

    fn layout(&self) -> Layout {
        Layout::new()
            .with_proportion("holds")
            .with_proportion("holds_first")
    }

    #[inline]
    fn sample<D: Dice>(&self, dice: &mut D) -> u32 {
        if self.never_fights {
            return 0;
        }
        let mut passed = 0;
        while passed < self.checks && dice.sum(2, 6) as i64 <= self.morale {
            passed += 1;
        }
        passed
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, passed: &u32, rec: &mut R) {
        rec.event(HOLDS, *passed == self.checks);
        rec.event(HOLDS_FIRST, *passed >= 1);
    }

    fn exact(&self) -> Option<Dist<u32>> {
        if self.never_fights {
            return Some(Dist::certain(0));
        }
        // Passing k checks then failing one: p^k (1 - p); passing them all: p^checks.
        let p = Dist::dice_sum(2, 6).p_where(|t| *t <= self.morale);
        let weights = (0..=self.checks).map(|k| {
            let fail = if k < self.checks { 1.0 - p } else { 1.0 };
            (k, p.powi(k as i32) * fail)
        });
        Some(Dist::from_weights(weights.filter(|(_, w)| *w > 0.0)))
    }
}

/// The registry entry of `ose.morale`.
#[derive(Debug, Clone, Copy)]
pub struct MoraleMechanic;

impl Mechanic for MoraleMechanic {
    fn name(&self) -> &'static str {
        "ose.morale"
    }

    fn summary(&self) -> &'static str {
        "monster morale: 2d6 above the score and they flee or surrender"
    }

    fn params(&self) -> Vec<ParamSpec> {
        vec![
            ParamSpec::int("morale", "morale score", 2, 12, None),
            ParamSpec::int(
                "checks",
                "1: at the first death; 2: again when half are out",
                1,
                2,
                Some(2),
            ),
            ParamSpec::bool(
                "cornered",
                "cornered: a morale of 2 rolls like any other",
                false,
            ),
        ]
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("holds", "chance the monsters pass every check and fight on"),
            ("holds_first", "chance they pass the first check"),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        Ok(simulation(MoraleModel::new(
            params.int("morale"),
            params.int("checks") as u32,
            params.bool("cornered"),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RiggedDice;
    use crate::engine::check::check_against_exact;
    use crate::engine::model::record_one;
    use crate::systems::test_support::build_with;

    fn build(words: &[&str]) -> Result<Box<dyn Simulation>> {
        build_with(&MoraleMechanic, words)
    }

    fn holds(model: &MoraleModel) -> f64 {
        model
            .exact()
            .map(|d| d.p(&model.checks))
            .unwrap_or(f64::NAN)
    }

    #[test]
    fn holds_is_a_power_of_the_2d6_chance() {
        let two_d6 = Dist::dice_sum(2, 6);
        for morale in 3..=12 {
            let p = two_d6.p_where(|t| *t <= morale);
            for checks in 1..=2u32 {
                let m = MoraleModel::new(morale, checks, false);
                assert!((holds(&m) - p.powi(checks as i32)).abs() < 1e-12);
            }
        }
        assert!((holds(&MoraleModel::new(7, 1, false)) - 21.0 / 36.0).abs() < 1e-12);
        assert!((holds(&MoraleModel::new(12, 2, false)) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn morale_two_never_fights_unless_cornered() {
        assert_eq!(holds(&MoraleModel::new(2, 1, false)), 0.0);
        let (passed, _) = record_one(&MoraleModel::new(2, 2, false), &mut RiggedDice::new(&[]));
        assert_eq!(passed, 0);
        let cornered = MoraleModel::new(2, 1, true);
        assert!((holds(&cornered) - 1.0 / 36.0).abs() < 1e-12);
    }

    #[test]
    fn rigged_checks() {
        let m = MoraleModel::new(8, 2, false);
        // 4+4 holds, 5+4 breaks.
        let (passed, tally) = record_one(&m, &mut RiggedDice::new(&[4, 4, 5, 4]));
        assert_eq!(passed, 1);
        assert_eq!(tally.metrics[HOLDS].sum, 0);
        assert_eq!(tally.metrics[HOLDS_FIRST].sum, 1);
        // A failed first check ends it: no second roll.
        let (passed, _) = record_one(&m, &mut RiggedDice::new(&[6, 6]));
        assert_eq!(passed, 0);
    }

    #[test]
    fn morale_outside_2_to_12_is_an_error() {
        assert!(build(&["morale=1"]).is_err());
        assert!(build(&["morale=13"]).is_err());
        assert!(build(&["morale=7", "checks=3"]).is_err());
        assert!(build(&[]).is_err());
        assert!(build(&["morale=7"]).is_ok());
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        for (i, (m, c, k)) in [(7, 2, false), (9, 1, false), (2, 2, true), (2, 1, false)]
            .into_iter()
            .enumerate()
        {
            let sim = simulation(MoraleModel::new(m, c, k));
            let report = check_against_exact(sim.as_ref(), 200_000, 980 + i as u64);
            assert_eq!(report.comparisons, 2);
            assert!(report.failures.is_empty(), "{:?}", report.failures);
        }
    }
}
