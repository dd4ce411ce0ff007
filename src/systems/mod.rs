//! The rule systems and the registry of their mechanics. Each system lives in its own
//! folder and knows nothing of tables, charts or the command line.
//!
//! # Adding a mechanic
//!
//! A mechanic is four things, each written once: its parameters (a [`config!`] struct),
//! its rule (built from the parameters, where every check across them lives; it rolls
//! one sample: [`Roll`]), what it reports (metric handles declared on a [`Layout`] with
//! their docs, and how one outcome is recorded: [`Report`]) and its registry entry (an
//! entry of its system's [`mechanics!`] table, in the system's `mod.rs`: a [`Registered`]
//! static with the mechanic's name, summary and example; the table also makes the
//! system's `MECHANICS`, so a mechanic is listed where it is declared). [`Rolled`] joins
//! rule and report into the model the engine samples.
//!
//! The rule is written once, against [`Dice`]: the exact distribution comes for free, by
//! running the same code over every path of its dice ([`enumerate`]). A fight is written
//! once too, as its state, its round and its end ([`Fight`]); [`Fought`] makes it a rule
//! whose outcome is the ending and the rounds fought, sampled round by round and solved
//! exactly as a Markov chain whose transitions are the round enumerated from each state.
//! A fight reported as more than its ending (the wounds left, the deaths on each side)
//! declares once, with [`FightOutcome`], the fight to solve, its budget and how an ending
//! and its length become the outcome; its exact values then come from the same solve, with
//! no `exact` written by hand. This whole mechanic, the chance of at least one 6 among `n` d6, and this whole fight,
//! two brawlers trading d6 blows, are the examples to copy:
//!
//! ```
//! use alea::engine::chain::Next;
//! use alea::engine::fight::{Fight, FightMetrics, Winner};
//! use alea::engine::fight_outcome::Fought;
//! use alea::engine::{Dice, HistId, Layout, MetricId, Model, Recorder};
//! use alea::engine::{Report, Roll, Rolled};
//! use alea::error::{Error, Result};
//!
//! alea::config! {
//!     /// The parameters of `demo.sixes`.
//!     #[derive(Debug, Clone, Copy, PartialEq, Eq)]
//!     pub struct SixesParams {
//!         /// number of d6 rolled
//!         n: u32 = int(1..=20),
//!         /// sixes needed
//!         needed: u32 = int(1..=20, default = 1),
//!     }
//! }
//!
//! /// The rule: `n` d6, `needed` sixes wanted.
//! pub struct Sixes {
//!     n: u32,
//!     needed: u32,
//! }
//!
//! /// Every check across parameters lives here.
//! impl TryFrom<SixesParams> for Sixes {
//!     type Error = Error;
//!
//!     fn try_from(p: SixesParams) -> Result<Self> {
//!         if p.needed > p.n {
//!             return Err(Error::value("needed", "at most n sixes can show"));
//!         }
//!         Ok(Self { n: p.n, needed: p.needed })
//!     }
//! }
//!
//! impl Roll for Sixes {
//!     /// The number of sixes.
//!     type Outcome = u32;
//!
//!     fn roll<D: Dice>(&self, dice: &mut D) -> u32 {
//!         (0..self.n).map(|_| u32::from(dice.d6() == 6)).sum()
//!     }
//! }
//!
//! /// What `demo.sixes` reports.
//! pub struct SixesMetrics {
//!     needed: u32,
//!     enough: MetricId,
//!     sixes: HistId,
//! }
//!
//! impl Report<Sixes> for SixesMetrics {
//!     fn declare(rule: &Sixes, layout: &mut Layout) -> Self {
//!         Self {
//!             needed: rule.needed,
//!             enough: layout.proportion("enough", "chance of at least `needed` sixes"),
//!             sixes: layout.histogram("sixes", "histogram of the sixes shown", (0, rule.n as i64)),
//!         }
//!     }
//!
//!     fn record<R: Recorder>(&self, sixes: &u32, rec: &mut R) {
//!         rec.event(self.enough, *sixes >= self.needed);
//!         rec.hist(self.sixes, *sixes as i64);
//!     }
//! }
//!
//! /// `demo.sixes`: `n` d6, counting the sixes.
//! pub type SixesModel = Rolled<Sixes, SixesMetrics>;
//!
//! alea::config! {
//!     /// The parameters of `demo.brawl`.
//!     #[derive(Debug, Clone, Copy, PartialEq, Eq)]
//!     pub struct BrawlParams {
//!         /// hit points of each brawler
//!         hp: u32 = int(1..=20, default = 3),
//!         /// rounds before the brawl is called a draw
//!         max_rounds: u32 = int(1..=1000, default = 100, bounds_rounds),
//!     }
//! }
//!
//! /// Two brawlers strike at once each round; a d6 of 4 or more takes a point.
//! pub struct Brawl {
//!     hp: u8,
//! }
//!
//! impl Fight for Brawl {
//!     /// Each brawler's points left.
//!     type State = [u8; 2];
//!     type End = Winner;
//!
//!     fn start(&self) -> [u8; 2] {
//!         [self.hp; 2]
//!     }
//!
//!     fn round<D: Dice>(&self, &[a, b]: &[u8; 2], dice: &mut D) -> Next<[u8; 2], Winner> {
//!         let b = b - u8::from(dice.d6() >= 4);
//!         let a = a - u8::from(dice.d6() >= 4);
//!         match (a, b) {
//!             (0, 0) => Next::End(Winner::Draw),
//!             (_, 0) => Next::End(Winner::A),
//!             (0, _) => Next::End(Winner::B),
//!             _ => Next::Round([a, b]),
//!         }
//!     }
//!
//!     fn at_cap(&self, _: &[u8; 2]) -> Winner {
//!         Winner::Draw
//!     }
//! }
//!
//! impl From<BrawlParams> for Fought<Brawl> {
//!     fn from(p: BrawlParams) -> Self {
//!         Fought { fight: Brawl { hp: p.hp as u8 }, max_rounds: p.max_rounds }
//!     }
//! }
//!
//! /// What `demo.brawl` reports: the metrics every fight has.
//! pub struct BrawlMetrics(FightMetrics);
//!
//! impl Report<Fought<Brawl>> for BrawlMetrics {
//!     fn declare(_: &Fought<Brawl>, layout: &mut Layout) -> Self {
//!         let sides = ["chance A is left standing", "chance B is left standing"];
//!         let draw = "chance both fall at once, or both stand at max_rounds";
//!         Self(FightMetrics::declare(layout, sides, draw, "mean rounds fought"))
//!     }
//!
//!     fn record<R: Recorder>(&self, &(winner, rounds): &(Winner, u32), rec: &mut R) {
//!         self.0.record(rec, winner, rounds);
//!     }
//! }
//!
//! /// `demo.brawl`: two brawlers of `hp` points.
//! pub type BrawlModel = Rolled<Fought<Brawl>, BrawlMetrics>;
//!
//! // The system's table (in its `mod.rs`), one entry a mechanic: the doc comment is the
//! // summary `alea list` shows, then the static, the config and model types, the name
//! // and an example of its required parameters. It also makes `MECHANICS`.
//! alea::mechanics! {
//!     /// n d6: the chance of enough sixes
//!     SIXES: SixesParams => SixesModel = ("demo.sixes", "n=3");
//!     /// two brawlers trading d6 blows
//!     BRAWL: BrawlParams => BrawlModel = ("demo.brawl", "hp=3");
//! }
//! assert_eq!(MECHANICS.len(), 2);
//!
//! // Typed models straight from command-line words, as unit tests build them; their
//! // exact values were never written by hand.
//! let model = SIXES.model_for("n=3 needed=2").unwrap();
//! let exact = model.exact().unwrap();
//! assert!((exact.p_where(|s| *s >= 2) - 16.0 / 216.0).abs() < 1e-12);
//! assert!(SIXES.model_for("n=2 needed=3").is_err());
//!
//! // One point each: both fall at once with 1/4, A alone with 1/4, neither with 1/4.
//! let brawl = BRAWL.model_for("hp=1").unwrap().exact().unwrap();
//! assert!((brawl.p_where(|(w, _)| *w == Winner::A) - 1.0 / 3.0).abs() < 1e-9);
//! assert!((brawl.p_where(|(w, _)| *w == Winner::Draw) - 1.0 / 3.0).abs() < 1e-9);
//! ```
//!
//! `alea list` then reads the parameters off the config and the metrics off the layout;
//! the unit tests beside a mechanic replay the text's worked examples on rigged dice
//! ([`crate::engine::replay`]) and check Monte Carlo against the exact values
//! (`test_support::assert_agrees_with_exact`).
//!
//! [`config!`]: crate::config
//! [`Layout`]: crate::engine::Layout
//! [`Registered`]: crate::engine::Registered
//! [`Roll`]: crate::engine::Roll
//! [`mechanics!`]: crate::mechanics
//! [`Report`]: crate::engine::Report
//! [`Rolled`]: crate::engine::Rolled
//! [`Model`]: crate::engine::Model
//! [`FromConfig`]: crate::engine::FromConfig
//! [`Dice`]: crate::engine::Dice
//! [`enumerate`]: mod@crate::engine::enumerate
//! [`Fight`]: crate::engine::fight::Fight
//! [`Fought`]: crate::engine::fight_outcome::Fought
//! [`FightOutcome`]: crate::engine::fight_outcome::FightOutcome

use crate::engine::Mechanic;
use crate::engine::roster::{Kind, Rosters};
use crate::engine::roster_file;
use crate::engine::system::{RosterFile, System};
use crate::error::{Error, Result, did_you_mean};
use std::sync::OnceLock;

pub mod aube;
pub mod cle;
pub mod maitrise;
pub mod ose;
pub mod sccs;
pub mod target;
#[cfg(test)]
pub(crate) mod test_support;

/// The systems alea knows, each one value (its mechanics, tables, roster kinds and
/// built-in roster file), in the order `alea list` shows them.
pub static SYSTEMS: &[System] = &[
    System {
        name: "aube",
        about: "Les Clefs de l'Aube: d20 roll-under, degrees of success, dé critique, damage table, duels, surclassement, heroism",
        mechanics: aube::MECHANICS,
        tables: Some(&aube::tables::SCHEMA),
        steps: aube::STEPS,
        roster_kinds: aube::roster_kinds,
        roster: Some(RosterFile {
            path: "analyses/rosters/aube.toml",
            text: include_str!("../../analyses/rosters/aube.toml"),
        }),
    },
    System {
        name: "cle",
        about: "Clé en main: 3d6 + skill against a difficulty, hero points, damage read off the attack dice",
        mechanics: cle::MECHANICS,
        tables: Some(&cle::tables::SCHEMA),
        steps: cle::STEPS,
        roster_kinds: cle::roster_kinds,
        roster: Some(RosterFile {
            path: "analyses/rosters/cle.toml",
            text: include_str!("../../analyses/rosters/cle.toml"),
        }),
    },
    System {
        name: "maitrise",
        about: "Score de Maîtrise: d20 roll-under with criticals on 1/11 and 10/20, extreme scores",
        mechanics: maitrise::MECHANICS,
        tables: Some(&maitrise::tables::SCHEMA),
        steps: maitrise::STEPS,
        roster_kinds: System::no_roster_kinds,
        roster: None,
    },
    System {
        name: "ose",
        about: "the old-school reference sheet: THAC0 matrix, saves, checks, reactions, morale, x-in-6 odds",
        mechanics: ose::MECHANICS,
        tables: Some(&ose::tables::SCHEMA),
        steps: ose::STEPS,
        roster_kinds: ose::roster_kinds,
        roster: Some(RosterFile {
            path: "analyses/rosters/ose.toml",
            text: include_str!("../../analyses/rosters/ose.toml"),
        }),
    },
    System {
        name: "sccs",
        about: "SCCS: attack against protection, D6 tension counters, erosion when outnumbered",
        mechanics: sccs::MECHANICS,
        tables: Some(&sccs::tables::SCHEMA),
        steps: sccs::STEPS,
        roster_kinds: sccs::roster_kinds,
        roster: Some(RosterFile {
            path: "analyses/rosters/sccs.toml",
            text: include_str!("../../analyses/rosters/sccs.toml"),
        }),
    },
];

/// Every mechanic, by system, in the order `alea list` shows them.
pub fn registry() -> impl Iterator<Item = &'static dyn Mechanic> {
    SYSTEMS.iter().flat_map(|s| s.mechanics.iter().copied())
}

/// The kinds of roster entry of every system (the tables of roster files: `aube`
/// fighters, `ose` fighters and monsters...).
pub fn roster_kinds() -> Vec<Kind> {
    SYSTEMS.iter().flat_map(|s| (s.roster_kinds)()).collect()
}

/// The built-in rosters of every system (read once; a unit test checks that every one of
/// them reads).
pub fn builtin_rosters() -> &'static Rosters {
    static BUILT: OnceLock<Rosters> = OnceLock::new();
    BUILT.get_or_init(|| roster_file::builtin(SYSTEMS))
}

/// The system called `name`.
pub fn system(name: &str) -> Option<&'static System> {
    SYSTEMS.iter().find(|s| s.name == name)
}

/// The mechanic called `name` (`aube.test`), or an error listing the known ones.
pub fn find(name: &str) -> Result<&'static dyn Mechanic> {
    registry()
        .find(|m| m.name() == name)
        .ok_or_else(|| Error::UnknownMechanic {
            name: name.into(),
            hint: did_you_mean(name, registry().map(|m| m.name())),
            known: registry().map(|m| m.name()).collect::<Vec<_>>().join(", "),
        })
}

/// The mechanics of one system (all of them for `None`); an unknown system is an error.
pub fn of_system(system: Option<&str>) -> Result<Vec<&'static dyn Mechanic>> {
    if let Some(s) = system
        && self::system(s).is_none()
    {
        return Err(Error::value(
            "system",
            format!(
                "unknown system '{s}'{}; known systems: {}",
                did_you_mean(s, SYSTEMS.iter().map(|s| s.name)),
                system_names()
            ),
        ));
    }
    Ok(registry()
        .filter(|m| system.is_none_or(|s| m.name().split('.').next() == Some(s)))
        .collect())
}

/// The system of the mechanic called `name` (`aube` for `aube.test`).
pub fn system_of(name: &str) -> &str {
    name.split('.').next().unwrap_or(name)
}

/// The rule tables of `system` (`alea rules <system>`, `--rules FILE`), when it has some.
pub fn rule_tables(name: &str) -> Option<&'static dyn crate::engine::tables::RuleSchema> {
    system(name)?.tables
}

/// The system names, comma-separated.
pub fn system_names() -> String {
    SYSTEMS
        .iter()
        .map(|s| s.name)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_belong_to_a_system() {
        let mut names: Vec<&str> = registry().map(|m| m.name()).collect();
        let count = names.len();
        for name in &names {
            let system = name.split('.').next().unwrap_or_default();
            assert!(
                SYSTEMS.iter().any(|s| s.name == system),
                "{name} has no system"
            );
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count);
    }

    /// No parameter takes a name the results table gives its own columns (a grid over it
    /// would give two columns of one name).
    #[test]
    fn no_parameter_is_named_like_a_results_column() {
        for m in registry() {
            for spec in m.params() {
                assert!(
                    !["variant", "samples", "seed"].contains(&spec.name.as_str()),
                    "{}: parameter '{}'",
                    m.name(),
                    spec.name
                );
            }
        }
    }

    /// Every mechanic builds from its example (the parameters it requires), and every metric
    /// and histogram it reports has a doc, which `alea list` shows.
    #[test]
    fn every_mechanic_builds_from_its_example_and_documents_its_metrics() {
        for m in registry() {
            let name = m.name();
            let words: Vec<&str> = m.example().split_whitespace().collect();
            let sim = test_support::build_with(m, &words).unwrap_or_else(|e| panic!("{name}: {e}"));
            let layout = sim.layout();
            assert!(!layout.metrics.is_empty(), "{name}: no metric");
            for metric in &layout.metrics {
                assert!(
                    !metric.doc.is_empty(),
                    "{name}: '{}' has no doc",
                    metric.name
                );
            }
            for hist in &layout.histograms {
                assert!(!hist.doc.is_empty(), "{name}: '{}' has no doc", hist.name);
            }
            assert!(!m.metric_docs().is_empty(), "{name}");
        }
    }

    /// Every system has rule tables, and its rules page lists every entry of them.
    #[test]
    fn every_rules_page_lists_its_tables() {
        let pages = [
            ("aube", include_str!("aube/README.md")),
            ("cle", include_str!("cle/README.md")),
            ("maitrise", include_str!("maitrise/README.md")),
            ("ose", include_str!("ose/README.md")),
            ("sccs", include_str!("sccs/README.md")),
        ];
        assert_eq!(pages.len(), SYSTEMS.len());
        for (system, page) in pages {
            let schema = rule_tables(system).unwrap_or_else(|| panic!("{system}: no tables"));
            assert_eq!(schema.system(), system);
            for (table, entries) in schema.official() {
                let toml::Value::Table(entries) = entries else {
                    panic!("{system}: [{table}] is not a table");
                };
                for key in entries.keys() {
                    assert!(
                        page.contains(&format!("`{table}.{key}`")),
                        "{system}'s page does not list {table}.{key}"
                    );
                }
            }
        }
    }

    #[test]
    fn unknown_names_suggest() {
        let e = find("aube.tset")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("did you mean 'aube.test'"), "{e}");
        assert!(of_system(Some("aub")).is_err());
    }
}
