//! The x-in-6 odds of exploration (seed: *Donjons → Monstres errants* "1-sur-6 tous les 2
//! tours", *Écouter*, *Fouille*, *Pièges*; *Contrées sauvages → Risque de se perdre*,
//! *Monstres errants* "une fois par jour"; the `ose` page → x-in-6 odds), and the
//! `ose.exploration` mechanic.
//!
//! Two ways to set it up:
//! - a check of `chance` in 6 every `every` turns over `turns` turns (in a dungeon:
//!   wandering monsters 1 in 6 every 2 turns; listening, searching 1 in 6; traps 2 in 6);
//! - a journey through a `terrain` over `days` days, one check a day, of getting lost or
//!   of meeting wandering monsters (`event`), at the sheet's chance for that terrain (the
//!   `[lost]` and `[wandering]` tables of [`OseTables`]).

use super::sheet::Terrain;
use super::tables::OseTables;
use crate::engine::step::Step;
use crate::engine::{Choice, Dice, HistId, Layout, MetricId, Recorder, Report, Roll, Rolled};
use crate::error::{Error, Result};

crate::choice! {
    /// What a journey's daily check is for.
    ///
    /// - `lost`: *Risque de se perdre*.
    /// - `wandering`: *Monstres errants*.
    pub enum Event { Lost = "lost", Wandering = "wandering" }
}

const DEFAULT_CHANCE: i64 = 1;
const DEFAULT_EVERY: i64 = 2;
const DEFAULT_TURNS: i64 = 6;

crate::config! {
    /// The parameters of `ose.exploration`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct ExplorationParams {
        /// x in 6 per check (without a terrain)
        chance: i64 = int(1..=6, default = DEFAULT_CHANCE),
        /// turns between checks (without a terrain)
        every: i64 = int(1..=144, default = DEFAULT_EVERY),
        /// turns explored (10 minutes each; without a terrain)
        turns: i64 = int(1..=1000, default = DEFAULT_TURNS),
        /// a journey: city, clear, grassland, settled, barren, hills, mountains, forest,
        /// desert, jungle, swamp; none: use chance/every/turns
        terrain: Option<Terrain> = choice(default = None),
        /// with a terrain: lost (getting lost) or wandering (wandering monsters)
        event: Event = choice(default = Event::Lost),
        /// with a terrain: days of travel, one check a day
        days: u32 = int(1..=365, default = 1),
        /// the rule tables (x in 6 by terrain): `alea rules ose`
        tables: OseTables = rules(),
    }
}

/// `ose.exploration`'s rule: a number of independent x-in-6 checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExplorationRule {
    /// The chance of each check, in 6.
    pub in_six: u32,
    /// The number of checks.
    pub checks: u32,
}

impl ExplorationRule {
    /// `checks` checks of `in_six` in 6.
    pub fn new(in_six: u32, checks: u32) -> Self {
        Self { in_six, checks }
    }
}

impl TryFrom<ExplorationParams> for ExplorationRule {
    type Error = Error;

    /// The checks of `ose.exploration`: in a dungeon (`chance`, `every`, `turns`), or on a
    /// journey through a `terrain` (`event`, `days`), not a mix of the two.
    fn try_from(p: ExplorationParams) -> Result<Self> {
        let Some(terrain) = p.terrain else {
            if p.days != 1 {
                return Err(Error::value(
                    "days",
                    "days counts the days of a journey; give a terrain too (or use turns)",
                ));
            }
            if p.turns < p.every {
                return Err(Error::value(
                    "turns",
                    format!(
                        "{} turns leave no room for a check every {} turns",
                        p.turns, p.every
                    ),
                ));
            }
            return Ok(Self::new(p.chance as u32, (p.turns / p.every) as u32));
        };
        if (p.chance, p.every, p.turns) != (DEFAULT_CHANCE, DEFAULT_EVERY, DEFAULT_TURNS) {
            return Err(Error::value(
                "terrain",
                "a terrain sets the chance (the sheet's) and the pace (one check a day): leave chance, every and turns out",
            ));
        }
        let in_six = match p.event {
            Event::Wandering => p.tables.wandering.of(terrain),
            Event::Lost => match p.tables.lost.of(terrain) {
                0 => {
                    return Err(Error::value(
                        "terrain",
                        format!(
                            "the tables give no chance of getting lost in {} (lost.{0} = 0); the sheet rolls it in clear, grassland, barren, hills, mountains, forest, desert, jungle, swamp",
                            terrain.name()
                        ),
                    ));
                }
                x => x,
            },
        };
        Ok(Self::new(in_six as u32, p.days))
    }
}

/// `count` x-in-6 checks of `in_six` in 6, counted: a step, split in two halves (each its
/// own step) past a few checks, so that the exact count costs the distinct halves (about
/// `2 log2(count)` tables of at most `count + 1` outcomes) and not every sequence of d6.
/// The d6 are rolled in the same order as by a plain loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Checks {
    /// The chance of each check, in 6.
    pub in_six: u32,
    /// The number of checks.
    pub count: u32,
}

/// Checks rolled one after the other (not split) up to this many.
const LOOPED_CHECKS: u32 = 4;

impl Step for Checks {
    type Output = u32;

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> u32 {
        if self.count <= LOOPED_CHECKS {
            return (0..self.count)
                .map(|_| u32::from(dice.in_six(self.in_six)))
                .sum();
        }
        let first = self.count / 2;
        let half = |count| Checks {
            in_six: self.in_six,
            count,
        };
        dice.step(&half(first)) + dice.step(&half(self.count - first))
    }
}

impl Roll for ExplorationRule {
    /// The number of checks that came up.
    type Outcome = u32;

    #[inline]
    fn roll<D: Dice>(&self, dice: &mut D) -> u32 {
        dice.step(&Checks {
            in_six: self.in_six,
            count: self.checks,
        })
    }
}

/// What `ose.exploration` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct ExplorationMetrics {
    at_least_one: MetricId,
    mean_count: MetricId,
    count: HistId,
}

impl Report<ExplorationRule> for ExplorationMetrics {
    fn declare(rule: &ExplorationRule, layout: &mut Layout) -> Self {
        Self {
            at_least_one: layout
                .proportion("at_least_one", "chance that at least one check comes up"),
            mean_count: layout.mean("mean_count", "mean number of checks that come up"),
            count: layout.histogram(
                "count",
                "histogram of the number of checks that come up",
                (0, rule.checks as i64),
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, count: &u32, rec: &mut R) {
        rec.event(self.at_least_one, *count > 0);
        rec.value(self.mean_count, *count as i64);
        rec.hist(self.count, *count as i64);
    }
}

/// `ose.exploration`: a number of independent x-in-6 checks.
pub type ExplorationModel = Rolled<ExplorationRule, ExplorationMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::{exact_tally, replay_one};
    use crate::engine::simulation;
    use crate::engine::{Dist, Model};
    use crate::systems::ose::EXPLORATION;
    use crate::systems::test_support::{assert_each_agrees, assert_rejected};

    /// The model of `words` and the exact values of its two metrics (at least one, mean).
    fn exact(words: &str) -> (ExplorationModel, f64, f64) {
        let model = EXPLORATION
            .model_for(words)
            .unwrap_or_else(|e| panic!("{words}: {e}"));
        let dist = model.exact().unwrap_or_else(|| Dist::certain(0));
        let tally = exact_tally(&model, &model.layout(), &dist);
        let value = |id| tally.value(id).unwrap_or(f64::NAN);
        let (p, mean) = (value(model.m.at_least_one), value(model.m.mean_count));
        (model, p, mean)
    }

    /// The derived count of many checks is the binomial law, computed here independently
    /// (a thousand turns of traps, a check each turn, a year of days, and an odd count).
    #[test]
    fn many_checks_are_binomial() {
        for (in_six, checks) in [(2u32, 1000u32), (5, 365), (1, 7)] {
            let rule = ExplorationRule::new(in_six, checks);
            let dist = rule.exact().expect("exact");
            let p = in_six as f64 / 6.0;
            let mut probs = vec![1.0f64];
            for _ in 0..checks {
                let mut next = vec![0.0; probs.len() + 1];
                for (k, q) in probs.iter().enumerate() {
                    next[k] += q * (1.0 - p);
                    next[k + 1] += q * p;
                }
                probs = next;
            }
            for (k, q) in probs.iter().enumerate() {
                assert!(
                    (dist.p(&(k as u32)) - q).abs() < 1e-12,
                    "{checks} checks: {k}"
                );
            }
            // Paths below the enumeration's cut-off (1e-12) are left out: their mass, at the
            // far ends of a long journey, is the tail.
            assert!(dist.tail() < 1e-10, "{}", dist.tail());
        }
    }

    #[test]
    fn closed_forms() {
        // A dungeon hour: 3 checks of 1 in 6.
        let (model, p, mean) = exact("");
        assert_eq!((model.rule.in_six, model.rule.checks), (1, 3));
        assert!((p - (1.0 - (5.0f64 / 6.0).powi(3))).abs() < 1e-12);
        assert!((mean - 0.5).abs() < 1e-12);
        // A week in the swamp: lost at least once with 1 - (1/2)^7.
        let (_, p, _) = exact("terrain=swamp days=7");
        assert!((p - (1.0 - 0.5f64.powi(7))).abs() < 1e-12);
        // A day in the mountains: wandering monsters 3 in 6, lost 2 in 6.
        let (_, p, _) = exact("terrain=mountains event=wandering");
        assert!((p - 0.5).abs() < 1e-12);
        let (_, p, _) = exact("terrain=mountains");
        assert!((p - 2.0 / 6.0).abs() < 1e-12);
        // Traps 2 in 6 over 5 checks every turn: mean 5/3.
        let (_, _, mean) = exact("chance=2 every=1 turns=5");
        assert!((mean - 5.0 / 3.0).abs() < 1e-12);
        // 7 turns, a check every 2: 3 checks.
        let (model, _, mean) = exact("turns=7");
        assert_eq!(model.rule.checks, 3);
        assert!((mean - 0.5).abs() < 1e-12);
    }

    #[test]
    fn rigged_checks_count() {
        let model = ExplorationModel::new(ExplorationRule::new(2, 4));
        let (count, tally) = replay_one(&model, &[1, 3, 2, 6]);
        assert_eq!(count, 2);
        assert_eq!(
            tally.sums([model.m.at_least_one, model.m.mean_count]),
            [1, 2]
        );
    }

    #[test]
    fn bad_input_is_an_error() {
        assert_rejected(
            &EXPLORATION,
            &[
                "terrain=tundra",
                "terrain=city",
                "terrain=forest turns=12",
                "days=7",
                "turns=1",
                "chance=7",
                "event=weather terrain=forest",
            ],
        );
        assert!(
            EXPLORATION
                .model_for("terrain=city event=wandering")
                .is_ok()
        );
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        assert_each_agrees([(1, 3), (2, 7), (3, 30), (6, 4)], 3, |(x, n)| {
            simulation(ExplorationModel::new(ExplorationRule::new(x, n)))
        });
    }
}
