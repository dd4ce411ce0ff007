//! A series of rolls that must all succeed (seed: *Boni et Mali*, the shipwrecked swimmer
//! "qui cherche à se tenir à flot"; `RULES.md` `maitrise`, "P(n successes in a row)"), and
//! the `maitrise.series` mechanic.
//!
//! Every roll is made at the same score, except that the *Chance du Débutant* helps only
//! the first roll of the series (the text: "la même clémence n'est donc pas de mise après
//! le premier Jet"). The series succeeds when at most `allowed_failures` rolls fail.

use super::resolution::{self, Prepared, Score};
use crate::engine::{
    Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation, simulation,
};
use crate::error::Result;

/// `maitrise.series`: `n` rolls under a score.
#[derive(Debug, Clone, PartialEq)]
pub struct SeriesModel {
    first_sm: i64,
    later_sm: i64,
    n: u32,
    allowed_failures: u32,
    first: Prepared,
    later: Prepared,
}

const ALL_SUCCEED: usize = 0;
const FAILURES_HIST: usize = 0;

impl SeriesModel {
    /// `n` rolls at `score`, at most `allowed_failures` of which may fail.
    pub fn new(score: Score, n: u32, allowed_failures: u32) -> Self {
        let (first_sm, later_sm) = (score.first_roll(), score.later_rolls());
        Self {
            first_sm,
            later_sm,
            n,
            allowed_failures,
            first: Prepared::new(first_sm),
            later: Prepared::new(later_sm),
        }
    }
}

/// The chance that one roll at `sm` fails.
fn p_fail(sm: i64) -> f64 {
    resolution::exact(sm).p_where(|d| !d.is_success())
}

impl Model for SeriesModel {
    /// The number of failed rolls.
    type Outcome = u32;

    fn layout(&self) -> Layout {
        Layout::new()
            .with_proportion("all_succeed")
            .with_histogram("failures", (0, self.n as i64))
    }

    #[inline]
    fn sample<D: Dice>(&self, dice: &mut D) -> u32 {
        let mut failures = u32::from(!self.first.roll(dice).is_success());
        for _ in 1..self.n {
            failures += u32::from(!self.later.roll(dice).is_success());
        }
        failures
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, failures: &u32, rec: &mut R) {
        rec.event(ALL_SUCCEED, *failures <= self.allowed_failures);
        rec.hist(FAILURES_HIST, *failures as i64);
    }

    fn exact(&self) -> Option<Dist<u32>> {
        let step = |dist: Dist<u32>, p: f64| {
            dist.then(|&f| {
                Dist::from_weights(
                    [(f, 1.0 - p), (f + 1, p)]
                        .into_iter()
                        .filter(|(_, w)| *w > 0.0),
                )
            })
        };
        let later = p_fail(self.later_sm);
        let first = step(Dist::certain(0), p_fail(self.first_sm));
        Some((1..self.n).fold(first, |dist, _| step(dist, later)))
    }
}

/// The registry entry of `maitrise.series`.
#[derive(Debug, Clone, Copy)]
pub struct SeriesMechanic;

impl Mechanic for SeriesMechanic {
    fn name(&self) -> &'static str {
        "maitrise.series"
    }

    fn summary(&self) -> &'static str {
        "n rolls under the same Score de Maîtrise that must all succeed (the shipwreck)"
    }

    fn params(&self) -> Vec<ParamSpec> {
        let mut specs = Score::specs();
        specs.push(ParamSpec::int(
            "n",
            "number of rolls in the series",
            1,
            100,
            None,
        ));
        specs.push(ParamSpec::int(
            "allowed_failures",
            "failed rolls the series survives",
            0,
            100,
            Some(0),
        ));
        specs
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            (
                "all_succeed",
                "chance that at most allowed_failures rolls fail (all succeed by default)",
            ),
            ("failures", "histogram of the number of failed rolls"),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let score = Score::from_params(params)?;
        Ok(simulation(SeriesModel::new(
            score,
            params.int("n") as u32,
            params.int("allowed_failures") as u32,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RiggedDice;
    use crate::engine::model::{exact_tally, record_one};
    use crate::engine::params::parse_assignments;
    use crate::systems::test_support::assert_agrees_with_exact;

    fn all_succeed(model: &SeriesModel) -> f64 {
        let layout = model.layout();
        let dist = model.exact().unwrap_or_else(|| Dist::certain(0));
        exact_tally(model, &layout, &dist).metrics[ALL_SUCCEED]
            .value()
            .unwrap_or(f64::NAN)
    }

    #[test]
    fn all_succeed_is_a_power() {
        for (sm, n) in [(12i64, 1u32), (12, 5), (15, 10), (8, 3), (25, 7), (0, 2)] {
            let model = SeriesModel::new(Score::plain(sm), n, 0);
            let p = 1.0 - p_fail(sm);
            assert!((all_succeed(&model) - p.powi(n as i32)).abs() < 1e-12);
        }
    }

    #[test]
    fn allowed_failures_is_a_binomial_tail() {
        let model = SeriesModel::new(Score::plain(10), 4, 1);
        // P(at most one failure in 4 at one half) = (1 + 4) / 16.
        assert!((all_succeed(&model) - 5.0 / 16.0).abs() < 1e-12);
    }

    #[test]
    fn a_small_malus_weighs_heavily_over_many_rolls() {
        let even = all_succeed(&SeriesModel::new(Score::plain(12), 10, 0));
        let malus = all_succeed(&SeriesModel::new(
            Score {
                modifiers: -2,
                ..Score::plain(12)
            },
            10,
            0,
        ));
        // 0.6^10 against 0.5^10: one roll loses a sixth, the series loses over 80%.
        assert!((even - 0.6f64.powi(10)).abs() < 1e-12);
        assert!((malus - 0.5f64.powi(10)).abs() < 1e-12);
        assert!(malus / even < 0.2);
    }

    #[test]
    fn chance_du_debutant_helps_the_first_roll_only() {
        let score = Score {
            base: 9,
            skill_zero: true,
            first_use: true,
            modifiers: -3,
        };
        let model = SeriesModel::new(score, 3, 0);
        // First roll at 4, then at 1.
        let expected = (4.0 / 20.0) * (1.0 - p_fail(1)).powi(2);
        assert!((all_succeed(&model) - expected).abs() < 1e-12);
        // Rigged: the first 4 succeeds at sm 4; the second roll, a 4, fails at sm 1.
        let (failures, _) = record_one(&model, &mut RiggedDice::new(&[4, 4, 2]));
        assert_eq!(failures, 2);
    }

    #[test]
    fn shipwreck_rigged() {
        let model = SeriesModel::new(Score::plain(12), 3, 0);
        let (failures, tally) = record_one(&model, &mut RiggedDice::new(&[12, 1, 11]));
        assert_eq!(failures, 0);
        assert_eq!(tally.metrics[ALL_SUCCEED].sum, 1);
        let (failures, tally) = record_one(&model, &mut RiggedDice::new(&[12, 13, 11]));
        assert_eq!(failures, 1);
        assert_eq!(tally.metrics[ALL_SUCCEED].sum, 0);
        // At sm 20 a 20 calls for a second die: 20 then 5 still succeeds.
        let high = SeriesModel::new(Score::plain(20), 2, 0);
        let (failures, _) = record_one(&high, &mut RiggedDice::new(&[20, 5, 3]));
        assert_eq!(failures, 0);
    }

    #[test]
    fn bad_input_is_an_error() {
        let m = SeriesMechanic;
        let specs = m.params();
        for words in [vec!["sm=10"], vec!["sm=10", "n=0"], vec!["sm=10", "n=101"]] {
            let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
            let r = parse_assignments(m.name(), &specs, &words)
                .and_then(|g| ParamValues::resolve(m.name(), &specs, &g))
                .and_then(|v| m.build(&v));
            assert!(r.is_err(), "{words:?}");
        }
    }

    #[test]
    fn monte_carlo_agrees_with_exact_over_a_grid() {
        let cases = [
            SeriesModel::new(Score::plain(12), 10, 0),
            SeriesModel::new(Score::plain(15), 6, 2),
            SeriesModel::new(Score::plain(21), 5, 0),
            SeriesModel::new(
                Score {
                    base: 9,
                    skill_zero: true,
                    first_use: true,
                    modifiers: -3,
                },
                4,
                1,
            ),
        ];
        for (i, model) in cases.into_iter().enumerate() {
            let label = format!("{model:?}");
            let sim = simulation(model);
            assert_agrees_with_exact(sim.as_ref(), 200_000, 800 + i as u64, 3, &label);
        }
    }
}
