//! The ability check (seed: *Test de caractéristique : lancez 1d20*; the `ose` page →
//! Ability check), and the `ose.check` mechanic: d20 + difficulty (−4 easy to +4 very
//! hard) at most the ability succeeds; a natural 1 always succeeds, a natural 20 always
//! fails.

use super::d20::{D20Model, D20Roll};

/// Whether the natural roll `d` passes a check of `ability` at `difficulty`.
pub fn passes(ability: i64, difficulty: i64, d: u32) -> bool {
    d == 1 || (d != 20 && d as i64 + difficulty <= ability)
}

crate::config! {
    /// The parameters of `ose.check`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct CheckParams {
        /// ability score
        ability: i64 = int(1..=25),
        /// difficulty added to the roll: -4 easy .. +4 very hard
        difficulty: i64 = int(-4..=4, default = 0),
    }
}

/// `ose.check`: one ability check (the natural d20 passes or not).
pub type CheckModel = D20Model;

/// A check of `ability` at `difficulty`.
pub fn check_roll(ability: i64, difficulty: i64) -> D20Roll {
    D20Roll::new("success", "chance the check succeeds", |d| {
        passes(ability, difficulty, d)
    })
}

impl From<CheckParams> for D20Roll {
    fn from(p: CheckParams) -> Self {
        check_roll(p.ability, p.difficulty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::replay_one;
    use crate::engine::simulation;
    use crate::systems::ose::CHECK;
    use crate::systems::test_support::assert_each_agrees;

    #[test]
    fn closed_form_between_the_naturals() {
        for ability in 3..=18 {
            for difficulty in -4..=4 {
                let target = (ability - difficulty).clamp(1, 19);
                let p = check_roll(ability, difficulty).chance();
                assert!((p - target as f64 / 20.0).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn one_always_succeeds_twenty_always_fails() {
        assert!(passes(3, 4, 1));
        assert!(!passes(25, -4, 20));
        assert!(passes(13, 0, 13) && !passes(13, 0, 14));
        assert!(passes(13, -4, 17) && !passes(13, 4, 10));
        let model = CheckModel::new(check_roll(13, 0));
        let (d, tally) = replay_one(&model, &[13]);
        assert_eq!(d, 13);
        assert_eq!(tally.metric(model.m.chance).sum, 1);
    }

    #[test]
    fn difficulty_outside_the_sheet_is_an_error() {
        assert!(CHECK.model_for("ability=12 difficulty=5").is_err());
        assert!(CHECK.model_for("ability=12 difficulty=-5").is_err());
        assert!(CHECK.model_for("difficulty=1").is_err());
        assert!(CHECK.model_for("ability=12 difficulty=4").is_ok());
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        assert_each_agrees([(12, 0), (3, 4), (18, -4)], 1, |(a, d)| {
            simulation(CheckModel::new(check_roll(a, d)))
        });
    }
}
