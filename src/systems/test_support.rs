//! Helpers shared by the unit tests of every system: building a mechanic from command-line
//! words, reading a build error, checking Monte Carlo against an exact answer, running a
//! simulation for its tally or one estimate, and comparing two fights die for die.

use crate::engine::check::check_against_exact;
use crate::engine::model::exact_tally;
use crate::engine::resolve::parse_assignments;
use crate::engine::rng::{StreamRng, chunk_rng};
use crate::engine::summary::{Estimate, summarize};
use crate::engine::{
    Config, ExactTally, Mechanic, MetricId, Model, ParamValues, Registered, RollDice, RunPlan,
    SampleSize, Simulation, Tally, run_point, simulation,
};
use crate::error::Result;
use std::fmt::{Debug, Display};

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
    let values = ParamValues::resolve(
        mechanic.name(),
        &specs,
        &given,
        crate::systems::builtin_rosters(),
    )?;
    mechanic.build(&values)
}

/// The message of the error `result` holds, or `""` when it holds a value.
pub(crate) fn error_text<T, E: Display>(result: std::result::Result<T, E>) -> String {
    result.err().map(|e| e.to_string()).unwrap_or_default()
}

/// The message of the error that building `mechanic` from its example words followed by
/// `extra` (`"fights=0"`) gives, or `""` when it builds.
pub(crate) fn example_error(mechanic: &dyn Mechanic, extra: &str) -> String {
    let words = format!("{} {extra}", mechanic.example());
    let words: Vec<&str> = words.split_whitespace().collect();
    error_text(build_with(mechanic, &words))
}

/// Whether two probabilities (or other exact values) agree to within 1e-12.
pub(crate) fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// The model `mechanic` builds from `name=value` words; panics naming the words when they
/// are refused.
pub(crate) fn expect_model<C: Config, M: Model>(mechanic: &Registered<C, M>, words: &str) -> M {
    mechanic
        .model_for(words)
        .unwrap_or_else(|e| panic!("{words}: {e}"))
}

/// Asserts that `mechanic` refuses each of `cases` (`name=value` words).
pub(crate) fn assert_rejected<C: Config, M: Model>(mechanic: &Registered<C, M>, cases: &[&str]) {
    for words in cases {
        assert!(mechanic.model_for(words).is_err(), "{words:?} was accepted");
    }
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

/// The exact tally of `model` (panics when it has no exact answer).
pub(crate) fn exact_values<M: Model>(model: &M) -> ExactTally {
    let dist = model.exact().expect("the model has an exact answer");
    exact_tally(model, &model.layout(), &dist)
}

/// The exact value of metric `id` of `model`, NaN when the metric is undefined.
pub(crate) fn exact_value<M: Model>(model: &M, id: MetricId) -> f64 {
    exact_values(model).value(id).unwrap_or(f64::NAN)
}

/// Checks each of `cases` by Monte Carlo against its exact answer: `sim` makes the
/// simulation of a case, case `i` is sampled [`AGREEMENT_SAMPLES`] times with seed
/// `AGREEMENT_SEED + i` and must make at least `min_comparisons` comparisons, none failing.
pub(crate) fn assert_each_agrees<T: Debug>(
    cases: impl IntoIterator<Item = T>,
    min_comparisons: usize,
    mut sim: impl FnMut(T) -> Box<dyn Simulation>,
) {
    for (i, case) in cases.into_iter().enumerate() {
        let label = format!("case {i}: {case:?}");
        let seed = AGREEMENT_SEED + i as u64;
        let sim = sim(case);
        assert_agrees_with_exact(
            sim.as_ref(),
            AGREEMENT_SAMPLES,
            seed,
            min_comparisons,
            &label,
        );
    }
}

/// [`assert_each_agrees`] for the models `mechanic` builds from each of `cases`
/// (`name=value` words).
pub(crate) fn assert_mechanic_agrees<C: Config, M: Model>(
    mechanic: &Registered<C, M>,
    cases: &[impl AsRef<str> + Debug],
    min_comparisons: usize,
) {
    assert_each_agrees(cases, min_comparisons, |words| {
        simulation(expect_model(mechanic, words.as_ref()))
    });
}

/// The tally of `samples` samples of `sim` at `seed` (point `point` of a run).
pub(crate) fn run_tally(sim: &dyn Simulation, point: u64, seed: u64, samples: u64) -> Tally {
    let plan = RunPlan {
        seed,
        size: SampleSize::Samples(samples),
    };
    run_point(&[sim], point, &plan, &|_| {}).tallies.remove(0)
}

/// The estimate, with its 95% interval, of the metric named `metric` after
/// [`run_tally`]`(sim, point, seed, samples)`.
pub(crate) fn estimate_of(
    sim: &dyn Simulation,
    point: u64,
    seed: u64,
    samples: u64,
    metric: &str,
) -> Estimate {
    let tally = run_tally(sim, point, seed, samples);
    summarize(sim.layout(), &tally, None)
        .metrics
        .into_iter()
        .find(|e| e.name == metric)
        .unwrap_or_else(|| panic!("no metric {metric}"))
}

/// Asserts that, beyond what chance explains, each of `estimates` is no higher than the one
/// before: a later interval never lies wholly above an earlier one. `what` names them.
pub(crate) fn assert_never_rises(estimates: &[Estimate], what: &str) {
    for pair in estimates.windows(2) {
        let [before, after] = pair else { continue };
        assert!(after.lo <= before.hi, "{what}: {before:?} then {after:?}");
    }
}

/// Asserts that, beyond what chance explains, each of `estimates` is no lower than the one
/// before: a later interval never lies wholly below an earlier one. `what` names them.
pub(crate) fn assert_never_falls(estimates: &[Estimate], what: &str) {
    for pair in estimates.windows(2) {
        let [before, after] = pair else { continue };
        assert!(after.hi >= before.lo, "{what}: {before:?} then {after:?}");
    }
}

/// Asserts that two ways of playing a fight give the same results on the same dice: for
/// `samples` samples, `a` and `b` each roll their own copy of the stream `(stream, case)`
/// and must agree sample for sample. `what` names the case in messages.
pub(crate) fn assert_same_fights<T: PartialEq + Debug>(
    (stream, case): (u64, u64),
    samples: usize,
    what: &str,
    mut a: impl FnMut(&mut RollDice<StreamRng>) -> T,
    mut b: impl FnMut(&mut RollDice<StreamRng>) -> T,
) {
    let mut dice_a = RollDice::new(chunk_rng(stream, case, 0));
    let mut dice_b = RollDice::new(chunk_rng(stream, case, 0));
    for _ in 0..samples {
        assert_eq!(a(&mut dice_a), b(&mut dice_b), "{what}");
    }
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
/// official tables has a doc ([`crate::engine::tables::RuleTables::DOCS`]), every doc names
/// a real table or entry, and the official tables pass their own checks.
pub(crate) fn assert_docs_cover(schema: &dyn crate::engine::tables::RuleSchema) {
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

/// Samples `model` `samples` times at `seed` and checks each mean of `means` with the
/// range its layout declares and nothing else (the interval computed without the exact
/// values, as for a mechanic that has none): the interval stays in the range, is not of
/// zero width, and holds the exact mean. Returns the estimates, in the order of `means`.
pub(crate) fn assert_declared_ranges_hold<M: Model + Clone>(
    model: &M,
    seed: u64,
    samples: u64,
    means: &[&str],
) -> Vec<Estimate> {
    let sim = simulation(model.clone());
    let tally = run_tally(sim.as_ref(), 0, seed, samples);
    let exact = sim
        .exact()
        .expect("the model has exact values to check against");
    let sampled = summarize(sim.layout(), &tally, None);
    let with_exact = summarize(sim.layout(), &tally, Some(&exact));
    means
        .iter()
        .map(|name| {
            let def = sim.layout().metrics.iter().find(|d| d.name == *name);
            let (lo, hi) = def
                .and_then(|d| d.range)
                .unwrap_or_else(|| panic!("{name} declares its range"));
            let e = sampled.metric(name).expect("a metric").clone();
            let x = with_exact
                .metric(name)
                .and_then(|m| m.exact)
                .expect("exact");
            assert!(
                lo as f64 <= e.lo && e.lo < e.hi && e.hi <= hi as f64,
                "{name}: [{}, {}] not a non-empty interval within {lo}..={hi}",
                e.lo,
                e.hi
            );
            assert!(
                e.lo <= x && x <= e.hi,
                "{name}: {x} outside [{}, {}]",
                e.lo,
                e.hi
            );
            e
        })
        .collect()
}
