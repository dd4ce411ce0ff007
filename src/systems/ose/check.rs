//! The ability check (seed: *Test de caractéristique : lancez 1d20*; `RULES.md` `ose` →
//! Ability check), and the `ose.check` mechanic: d20 + difficulty (−4 easy to +4 very
//! hard) at most the ability succeeds; a natural 1 always succeeds, a natural 20 always
//! fails.

use crate::engine::{
    Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation, simulation,
};
use crate::error::Result;

/// Whether the natural roll `d` passes a check of `ability` at `difficulty`.
pub fn passes(ability: i64, difficulty: i64, d: u32) -> bool {
    d == 1 || (d != 20 && d as i64 + difficulty <= ability)
}

/// `ose.check`: one ability check.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckModel {
    ability: i64,
    difficulty: i64,
}

impl CheckModel {
    /// A check of `ability` at `difficulty`.
    pub fn new(ability: i64, difficulty: i64) -> Self {
        Self {
            ability,
            difficulty,
        }
    }
}

impl Model for CheckModel {
    /// The natural d20.
    type Outcome = u32;

    fn layout(&self) -> Layout {
        Layout::new().with_proportion("success")
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> u32 {
        dice.d20()
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, d: &u32, rec: &mut R) {
        rec.event(0, passes(self.ability, self.difficulty, *d));
    }

    fn exact(&self) -> Option<Dist<u32>> {
        Some(Dist::die(20).map(|&d| d as u32))
    }
}

/// The registry entry of `ose.check`.
#[derive(Debug, Clone, Copy)]
pub struct CheckMechanic;

impl Mechanic for CheckMechanic {
    fn name(&self) -> &'static str {
        "ose.check"
    }

    fn summary(&self) -> &'static str {
        "an ability check: d20 + difficulty under the ability score"
    }

    fn params(&self) -> Vec<ParamSpec> {
        vec![
            ParamSpec::int("ability", "ability score", 1, 25, None),
            ParamSpec::int(
                "difficulty",
                "difficulty added to the roll: -4 easy .. +4 very hard",
                -4,
                4,
                Some(0),
            ),
        ]
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[("success", "chance the check succeeds")]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        Ok(simulation(CheckModel::new(
            params.int("ability"),
            params.int("difficulty"),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::test_support::assert_agrees_with_exact;
    use crate::systems::test_support::build_with;

    fn build(words: &[&str]) -> Result<Box<dyn Simulation>> {
        build_with(&CheckMechanic, words)
    }

    fn p(ability: i64, difficulty: i64) -> f64 {
        (1..=20).filter(|&d| passes(ability, difficulty, d)).count() as f64 / 20.0
    }

    #[test]
    fn closed_form_between_the_naturals() {
        for ability in 3..=18 {
            for difficulty in -4..=4 {
                let target = (ability - difficulty).clamp(1, 19);
                assert!((p(ability, difficulty) - target as f64 / 20.0).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn one_always_succeeds_twenty_always_fails() {
        assert!(passes(3, 4, 1));
        assert!(!passes(25, -4, 20));
        assert!(passes(13, 0, 13) && !passes(13, 0, 14));
        assert!(passes(13, -4, 17) && !passes(13, 4, 10));
    }

    #[test]
    fn difficulty_outside_the_sheet_is_an_error() {
        assert!(build(&["ability=12", "difficulty=5"]).is_err());
        assert!(build(&["ability=12", "difficulty=-5"]).is_err());
        assert!(build(&["difficulty=1"]).is_err());
        assert!(build(&["ability=12", "difficulty=4"]).is_ok());
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        for (i, (a, d)) in [(12, 0), (3, 4), (18, -4)].into_iter().enumerate() {
            let sim = simulation(CheckModel::new(a, d));
            assert_agrees_with_exact(sim.as_ref(), 200_000, 960 + i as u64, 1, &"");
        }
    }
}
