//! Helpers shared by the unit tests of every system: building a mechanic from command-line
//! words, reading a build error, and checking Monte Carlo against an exact answer.

use crate::engine::check::check_against_exact;
use crate::engine::params::parse_assignments;
use crate::engine::{Mechanic, ParamValues, Simulation};
use crate::error::Result;
use std::fmt::Debug;

/// The sample count of the tests that check Monte Carlo against exact values: enough for
/// intervals a few thousandths wide, few enough for the suite to stay quick.
pub(crate) const AGREEMENT_SAMPLES: u64 = 200_000;

/// The first seed of those tests; case `i` of a test uses `AGREEMENT_SEED + i`.
pub(crate) const AGREEMENT_SEED: u64 = 700;

/// Builds `mechanic` from `name=value` words, as the command line does.
pub(crate) fn build_with(mechanic: &dyn Mechanic, words: &[&str]) -> Result<Box<dyn Simulation>> {
    let specs = mechanic.params();
    let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let given = parse_assignments(mechanic.name(), &specs, &words)?;
    let values = ParamValues::resolve(mechanic.name(), &specs, &given)?;
    mechanic.build(&values)
}

/// The message of the error `built` holds, or `""` when it is a simulation.
pub(crate) fn error_text(built: Result<Box<dyn Simulation>>) -> String {
    built.err().map(|e| e.to_string()).unwrap_or_default()
}

/// Runs `check_against_exact(sim, samples, seed)` and asserts that it made at least
/// `min_comparisons` comparisons and that none failed; `case` names the case in messages.
pub(crate) fn assert_agrees_with_exact(
    sim: &dyn Simulation,
    samples: u64,
    seed: u64,
    min_comparisons: usize,
    case: &dyn Debug,
) {
    let report = check_against_exact(sim, samples, seed);
    assert!(
        report.comparisons >= min_comparisons,
        "{case:?} (seed {seed}): {} comparisons",
        report.comparisons
    );
    assert!(
        report.failures.is_empty(),
        "{case:?} (seed {seed}): {:?}",
        report.failures
    );
}
