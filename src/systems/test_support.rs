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

/// Builds `mechanic` from `name=value` words, as the command line does (roster names
/// from the built-in rosters).
pub(crate) fn build_with(mechanic: &dyn Mechanic, words: &[&str]) -> Result<Box<dyn Simulation>> {
    let specs = mechanic.params();
    let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let given = parse_assignments(mechanic.name(), &specs, &words)?;
    let values = ParamValues::resolve(mechanic.name(), &specs, &given, crate::roster::builtin())?;
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

/// Checks a system's rules page (`src/systems/<system>/README.md`) against its mechanics,
/// so the page cannot drift from the code: every switch it names as ``switch `name` `` is a
/// parameter of one of the system's mechanics (a fighter's `a.name` counts as `name`), and
/// every parameter whose doc says `[choice]` is named in the page.
#[allow(dead_code)] // each system's rules-page test calls it as its page lands
pub(crate) fn assert_rules_page_matches(system: &str, page: &str) {
    let mechanics = crate::systems::of_system(Some(system)).unwrap_or_default();
    let params: Vec<crate::engine::ParamSpec> = mechanics.iter().flat_map(|m| m.params()).collect();
    let base = |name: &str| name.rsplit('.').next().unwrap_or(name).to_string();
    let known: Vec<String> = params.iter().map(|p| base(&p.name)).collect();
    let mut named = Vec::new();
    for piece in page.split("switch `").skip(1) {
        let name = piece.split('`').next().unwrap_or_default();
        assert!(
            known.iter().any(|k| k == name),
            "{system}: the rules page names a switch `{name}` that no mechanic takes"
        );
        named.push(name.to_string());
    }
    assert!(
        !named.is_empty(),
        "{system}: the rules page names no switch"
    );
    for p in params.iter().filter(|p| p.doc.contains("[choice]")) {
        let name = base(&p.name);
        assert!(
            page.contains(&format!("`{name}`")),
            "{system}: the [choice] parameter `{name}` is not on the rules page"
        );
    }
}

/// Checks a system's rule tables against their docs: every table and entry of the
/// official tables has a doc ([`crate::engine::rules::RuleTables::DOCS`]), every doc names
/// a real table or entry, and the official tables pass their own checks.
pub(crate) fn assert_docs_cover(schema: &dyn crate::engine::rules::RuleSchema) {
    let official = schema.official();
    let docs = schema.docs();
    let mut keys = Vec::new();
    for (table, entries) in &official {
        keys.push(table.clone());
        if let toml::Value::Table(entries) = entries {
            keys.extend(entries.keys().map(|k| format!("{table}.{k}")));
        }
    }
    for key in &keys {
        assert!(
            docs.iter().any(|(k, d)| k == key && !d.is_empty()),
            "{}: '{key}' has no doc",
            schema.system()
        );
    }
    for (key, _) in docs {
        assert!(
            keys.iter().any(|k| k == key),
            "{}: the doc of '{key}' names no table or entry",
            schema.system()
        );
    }
    let loaded = schema.load(&official).expect("the official tables load");
    assert!(loaded.is_official(), "{:?}", loaded.changes());
}
