//! alea: exact answers and honest Monte Carlo for tabletop role-playing rules.
//!
//! - [`engine`]: dice, random streams, exact distributions, tallies, statistics and the
//!   deterministic parallel runner; it knows no rule system.
//! - [`systems`]: one folder per rule system (`aube`, `cle`, `maitrise`, `ose`, `sccs`),
//!   each a set of mechanics registered in [`systems::registry`].
//! - [`analysis`]: analysis files (TOML), grids and variants, and running them.
//! - [`report`]: what users read: text and JSON answers, CSV/Parquet tables, charts.
//! - [`query`], [`sweep`] and [`finder`]: one question (`alea prob`), the same over a range
//!   of values, and the inverse question (`alea difficulty`); [`compare`] the same question
//!   under the official and the house rules.
//! - [`budget`]: the size of a run, checked before any sampling.
//! - [`roster_sources`]: where named fighters and monsters come from (each system's
//!   built-in roster file and the user's `--roster` files).
//! - [`house_rules`]: house rules, a system's tables read from TOML (`alea rules`, `--rules`).
//! - [`files`]: small text files read without trusting them.
//! - [`script`]: a new mechanic written as a script (`alea prob my_rule.rhai`), or a step
//!   of a system replaced by one (`script = "house.rhai"` in a rules file).
//!
//! The library never prints and never exits; the `alea` binary does.

#![warn(missing_docs)]

pub mod analysis;
pub mod budget;
pub mod compare;
pub mod engine;
pub mod error;
pub mod files;
pub mod finder;
pub mod house_rules;
pub mod query;
pub mod report;
pub mod roster_sources;
pub mod script;
pub mod sweep;
pub mod systems;
#[cfg(test)]
mod test_folders;

pub use error::{Error, Result};
