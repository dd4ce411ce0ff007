//! House rules as scripts: a new mechanic written in [rhai](https://rhai.rs), a small
//! sandboxed language, with exact values and Monte Carlo like any built-in mechanic.
//!
//! `alea prob my_rule.rhai target=15`, `alea list my_rule.rhai`, and `mechanic =
//! "my_rule.rhai"` in an analysis file (relative to the file) take a script wherever they
//! take a mechanic's name: a name ending in `.rhai` is a script file ([`find`]).
//!
//! # A script
//!
//! ```rhai
//! //! 4d6, drop the lowest: the classic way to roll an ability score.
//!
//! fn params() {[
//!     param("target", 15, "the score wanted", 3, 18),
//! ]}
//!
//! fn results() {[
//!     result("score", "the sum of the three highest of 4d6"),
//!     result("success", "chance the score is at least target"),
//! ]}
//!
//! fn roll(p) {
//!     let score = keep_highest(4, 6, 3);
//!     #{ score: score, success: score >= p.target }
//! }
//! ```
//!
//! - The first `//!` line is the summary `alea list` shows.
//! - `fn params()` (optional) lists the parameters, in the order `alea list` shows them:
//!   `param(name, default, doc)` takes its type from the default (a whole number, a real
//!   number or `true`/`false`); `param(name, default, doc, min, max)` gives a number its
//!   range (without one: ±1,000,000, or ±1e9 for a real); `choice(name, default, [words],
//!   doc)` is one of a few words. Names are letters, digits and `_`.
//! - `fn results()` (required) lists what `roll` returns, `result(name, doc)` each.
//! - `fn roll(p)` rolls one outcome: `p` holds the parameters (`p.target`), and it returns
//!   a map with every declared result. A boolean is reported as a chance (`success`); a
//!   whole number as its mean (`mean_score`) and its histogram (`score`).
//!
//! # Dice
//!
//! `d(s)` one die of `s` faces; `dice(n, s)` the sum of `n`; `rolls(n, s)` the `n` faces as
//! a list; `keep_highest(n, s, k)` and `keep_lowest(n, s, k)` the sum of the `k` highest
//! (lowest) of `n` dice; `reroll(s, r)` a die rolled again once when it shows `r` or less;
//! `explode(s, cap)` a die that adds another on its highest face, at most `cap` times;
//! `chance(p)` true with the real chance `p`. At most 100 dice a call and 1,000,000 faces.
//!
//! # Exact and sampled
//!
//! A script is never called per sample when it can be enumerated: for each distinct
//! parameter set it runs under the engine's enumerator ([`mod@crate::engine::enumerate`]),
//! every die a choice replayed depth first, which gives the exact distribution of its
//! results (each sum, keep, reroll or explode one choice over its table, enumerated once);
//! sampling then draws outcomes from that table, one uniform number each, so the same seed
//! gives the same numbers on any number of threads. Past [`MAX_SCRIPT_PATHS`] paths or
//! [`MAX_ENUMERATION_OPERATIONS`] operations over all paths, `--exact` is refused with that
//! reason, and sampling runs the script itself on random dice each sample (each call held
//! to [`MAX_OPERATIONS`]).
//!
//! # Limits
//!
//! The language is rhai without modules, `import`, `eval`, the clock or any randomness of
//! its own: a script reads no file, no environment and no time, and its output (`print`)
//! goes nowhere. One call is held to [`MAX_OPERATIONS`] operations (a loop without end stops
//! there with an error), 32 levels of calls, and strings, lists and maps of bounded size; a
//! file is at most [`MAX_SCRIPT_BYTES`] bytes. Statements outside functions are not run.
//! Every error (a syntax error as `file:line:column`, an unknown parameter, a limit) is one
//! message and exit code 2.
//!
//! The engine ([`crate::engine`]) knows nothing of scripts; this module uses it.

mod declare;
pub mod dice;
mod mechanic;
mod outcome;
mod sandbox;
mod simulation;
pub mod steps;

pub use mechanic::{MAX_SCRIPT_PATHS, Script, load};
pub use sandbox::{MAX_ENUMERATION_OPERATIONS, MAX_OPERATIONS, MAX_SCRIPT_BYTES};

use crate::engine::Mechanic;
use crate::error::Result;
use std::path::Path;

/// True when `name` names a script file (it ends in `.rhai`), not a built-in mechanic.
pub fn is_script(name: &str) -> bool {
    name.ends_with(".rhai")
}

/// The mechanic called `name`: a script file when it ends in `.rhai` (loaded once), else
/// the built-in mechanic of that name ([`crate::systems::find`]).
pub fn find(name: &str) -> Result<&'static dyn Mechanic> {
    if is_script(name) {
        Ok(load(Path::new(name))?)
    } else {
        crate::systems::find(name)
    }
}

/// The mechanic called `name`, as [`find`]; a script is also built with its default
/// parameters, so that an error of its `roll` shows now (`alea list my_rule.rhai`).
pub fn find_checked(name: &str) -> Result<&'static dyn Mechanic> {
    let mechanic = find(name)?;
    if is_script(name) {
        let specs = mechanic.params();
        let values = crate::engine::ParamValues::resolve(
            mechanic.name(),
            &specs,
            &[],
            crate::engine::Rosters::none(),
        )?;
        mechanic.build(&values)?;
    }
    Ok(mechanic)
}

#[cfg(test)]
mod tests;
