//! The x-in-6 odds of exploration (seed: *Donjons → Monstres errants* "1-sur-6 tous les 2
//! tours", *Écouter*, *Fouille*, *Pièges*; *Contrées sauvages → Risque de se perdre*,
//! *Monstres errants* "une fois par jour"; `RULES.md` `ose` → x-in-6 odds), and the
//! `ose.exploration` mechanic.
//!
//! Two ways to set it up:
//! - a check of `chance` in 6 every `every` turns over `turns` turns (in a dungeon:
//!   wandering monsters 1 in 6 every 2 turns; listening, searching 1 in 6; traps 2 in 6);
//! - a journey through a `terrain` over `days` days, one check a day, of getting lost or
//!   of meeting wandering monsters (`event`), at the sheet's chance for that terrain.

use super::sheet::Terrain;
use crate::engine::{
    Choice, Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation,
    simulation,
};
use crate::error::{Error, Result};

/// What a journey's daily check is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// *Risque de se perdre*.
    Lost,
    /// *Monstres errants*.
    Wandering,
}

impl Choice for Event {
    const NAMES: &'static [(&'static str, Self)] =
        &[("lost", Event::Lost), ("wandering", Event::Wandering)];
}

/// `ose.exploration`: a number of independent x-in-6 checks.
#[derive(Debug, Clone, PartialEq)]
pub struct ExplorationModel {
    in_six: u32,
    checks: u32,
}

const AT_LEAST_ONE: usize = 0;
const MEAN_COUNT: usize = 1;
const COUNT_HIST: usize = 0;

impl ExplorationModel {
    /// `checks` checks of `in_six` in 6.
    pub fn new(in_six: u32, checks: u32) -> Self {
        Self { in_six, checks }
    }
}

/// The binomial distribution of successes in `n` trials of chance `p`.
fn binomial(n: u32, p: f64) -> Dist<u32> {
    let mut probs = vec![1.0];
    for _ in 0..n {
        let mut next = vec![0.0; probs.len() + 1];
        for (k, q) in probs.iter().enumerate() {
            next[k] += q * (1.0 - p);
            next[k + 1] += q * p;
        }
        probs = next;
    }
    Dist::from_weights(
        probs
            .into_iter()
            .enumerate()
            .filter(|(_, q)| *q > 0.0)
            .map(|(k, q)| (k as u32, q)),
    )
}

impl Model for ExplorationModel {
    /// The number of checks that came up.
    type Outcome = u32;

    fn layout(&self) -> Layout {
        Layout::new()
            .with_proportion("at_least_one")
            .with_mean("mean_count")
            .with_histogram("count", (0, self.checks as i64))
    }

    #[inline]
    fn sample<D: Dice>(&self, dice: &mut D) -> u32 {
        (0..self.checks)
            .map(|_| u32::from(dice.in_six(self.in_six)))
            .sum()
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, count: &u32, rec: &mut R) {
        rec.event(AT_LEAST_ONE, *count > 0);
        rec.value(MEAN_COUNT, *count as i64);
        rec.hist(COUNT_HIST, *count as i64);
    }

    fn exact(&self) -> Option<Dist<u32>> {
        Some(binomial(self.checks, self.in_six as f64 / 6.0))
    }
}

/// The registry entry of `ose.exploration`.
#[derive(Debug, Clone, Copy)]
pub struct ExplorationMechanic;

const DEFAULT_CHANCE: i64 = 1;
const DEFAULT_EVERY: i64 = 2;
const DEFAULT_TURNS: i64 = 6;

impl Mechanic for ExplorationMechanic {
    fn name(&self) -> &'static str {
        "ose.exploration"
    }

    fn summary(&self) -> &'static str {
        "x-in-6 checks over time: wandering monsters, getting lost by terrain, ..."
    }

    fn params(&self) -> Vec<ParamSpec> {
        vec![
            ParamSpec::int(
                "chance",
                "x in 6 per check (without a terrain)",
                1,
                6,
                Some(DEFAULT_CHANCE),
            ),
            ParamSpec::int(
                "every",
                "turns between checks (without a terrain)",
                1,
                144,
                Some(DEFAULT_EVERY),
            ),
            ParamSpec::int(
                "turns",
                "turns explored (10 minutes each; without a terrain)",
                1,
                1000,
                Some(DEFAULT_TURNS),
            ),
            ParamSpec::choice::<Option<Terrain>>(
                "terrain",
                "a journey: city, clear, grassland, settled, barren, hills, mountains, forest, desert, jungle, swamp; none: use chance/every/turns",
                Some(None),
            ),
            ParamSpec::choice(
                "event",
                "with a terrain: lost (getting lost) or wandering (wandering monsters)",
                Some(Event::Lost),
            ),
            ParamSpec::int(
                "days",
                "with a terrain: days of travel, one check a day",
                1,
                365,
                Some(1),
            ),
        ]
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("at_least_one", "chance that at least one check comes up"),
            ("mean_count", "mean number of checks that come up"),
            ("count", "histogram of the number of checks that come up"),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let (chance, every, turns) = (
            params.int("chance"),
            params.int("every"),
            params.int("turns"),
        );
        let days = params.int("days");
        let model = match params.choice::<Option<Terrain>>("terrain") {
            None => {
                if days != 1 {
                    return Err(Error::value(
                        "days",
                        "days counts the days of a journey; give a terrain too (or use turns)",
                    ));
                }
                if turns < every {
                    return Err(Error::value(
                        "turns",
                        format!("{turns} turns leave no room for a check every {every} turns"),
                    ));
                }
                ExplorationModel::new(chance as u32, (turns / every) as u32)
            }
            Some(terrain) => {
                if (chance, every, turns) != (DEFAULT_CHANCE, DEFAULT_EVERY, DEFAULT_TURNS) {
                    return Err(Error::value(
                        "terrain",
                        "a terrain sets the chance (the sheet's) and the pace (one check a day): leave chance, every and turns out",
                    ));
                }
                let in_six = match params.choice::<Event>("event") {
                    Event::Wandering => terrain.wandering_in_six(),
                    Event::Lost => terrain.lost_in_six().ok_or_else(|| {
                        Error::value(
                            "terrain",
                            "the sheet gives no chance of getting lost in a city or settled lands; lost is rolled in clear, grassland, barren, hills, mountains, forest, desert, jungle, swamp",
                        )
                    })?,
                };
                ExplorationModel::new(in_six, days as u32)
            }
        };
        Ok(simulation(model))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RiggedDice;
    use crate::engine::model::record_one;
    use crate::systems::test_support::assert_agrees_with_exact;
    use crate::systems::test_support::build_with;

    fn build(words: &[&str]) -> Result<Box<dyn Simulation>> {
        build_with(&ExplorationMechanic, words)
    }

    fn exact_metric(words: &[&str], metric: usize) -> f64 {
        build(words)
            .unwrap_or_else(|e| panic!("{e}"))
            .exact()
            .and_then(|e| e.metrics[metric].value())
            .unwrap_or(f64::NAN)
    }

    #[test]
    fn closed_forms() {
        // A dungeon hour: 3 checks of 1 in 6.
        let p = exact_metric(&[], AT_LEAST_ONE);
        assert!((p - (1.0 - (5.0f64 / 6.0).powi(3))).abs() < 1e-12);
        assert!((exact_metric(&[], MEAN_COUNT) - 0.5).abs() < 1e-12);
        // A week in the swamp: lost at least once with 1 - (1/2)^7.
        let p = exact_metric(&["terrain=swamp", "days=7"], AT_LEAST_ONE);
        assert!((p - (1.0 - 0.5f64.powi(7))).abs() < 1e-12);
        // A day in the mountains: wandering monsters 3 in 6, lost 2 in 6.
        let p = exact_metric(&["terrain=mountains", "event=wandering"], AT_LEAST_ONE);
        assert!((p - 0.5).abs() < 1e-12);
        let p = exact_metric(&["terrain=mountains"], AT_LEAST_ONE);
        assert!((p - 2.0 / 6.0).abs() < 1e-12);
        // Traps 2 in 6 over 5 checks every turn: mean 5/3.
        let m = exact_metric(&["chance=2", "every=1", "turns=5"], MEAN_COUNT);
        assert!((m - 5.0 / 3.0).abs() < 1e-12);
        // 7 turns, a check every 2: 3 checks.
        let m = exact_metric(&["turns=7"], MEAN_COUNT);
        assert!((m - 0.5).abs() < 1e-12);
    }

    #[test]
    fn rigged_checks_count() {
        let model = ExplorationModel::new(2, 4);
        let (count, _) = record_one(&model, &mut RiggedDice::new(&[1, 3, 2, 6]));
        assert_eq!(count, 2);
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(build(&["terrain=tundra"]).is_err());
        assert!(build(&["terrain=city"]).is_err());
        assert!(build(&["terrain=city", "event=wandering"]).is_ok());
        assert!(build(&["terrain=forest", "turns=12"]).is_err());
        assert!(build(&["days=7"]).is_err());
        assert!(build(&["turns=1"]).is_err());
        assert!(build(&["chance=7"]).is_err());
        assert!(build(&["event=weather", "terrain=forest"]).is_err());
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        for (i, (x, n)) in [(1, 3), (2, 7), (3, 30), (6, 4)].into_iter().enumerate() {
            let sim = simulation(ExplorationModel::new(x, n));
            assert_agrees_with_exact(sim.as_ref(), 200_000, 990 + i as u64, 3, &"");
        }
    }
}
