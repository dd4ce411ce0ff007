//! Several questions at once, from the command line: one mechanic over a range of values
//! of one or more parameters (`alea prob aube.test ca=12 nd=0..=5`), one answer per value,
//! without writing an analysis file.
//!
//! A parameter is swept when its value is a range as an analysis grid writes it, `lo..=hi`
//! or `lo..=hi:step` ([`crate::analysis::grid`]); two swept parameters give every
//! combination. Each combination is answered as `alea prob` answers one question (exact
//! values, and an estimate from its own random stream unless exact values only are asked),
//! so the rows are independent: the same seed gives the same row whatever else is swept.
//! The sweep is bounded before anything is built: at most [`MAX_ROWS`] combinations, and
//! the sample budget of [`crate::budget`] over all of them.

use crate::analysis::grid::{axis_values, cartesian};
use crate::budget::{RoundsPerSample, Work};
use crate::engine::resolve::parse_assignments;
use crate::engine::runner::RunPlan;
use crate::engine::tables::RuleSet;
use crate::engine::{ParamValues, Rosters, Value};
use crate::error::{Error, Result, did_you_mean};
use crate::query::{Answer, Query, answer_at};

/// Most combinations one sweep answers (a row each).
pub const MAX_ROWS: usize = 1001;

/// True when `assignment` (`name=value`) sweeps its parameter: its value is a range.
pub fn is_swept(assignment: &str) -> bool {
    assignment
        .split_once('=')
        .is_some_and(|(_, value)| value.contains("..="))
}

/// A sweep's answers: the swept parameters' names and one answer per combination, the
/// first parameter varying slowest.
#[derive(Debug, Clone)]
pub struct SweepAnswer {
    /// The swept parameters, in the order given.
    pub swept: Vec<String>,
    /// One answer per combination.
    pub rows: Vec<Answer>,
}

/// Answers `mechanic` with `assignments` (fixed `name=value` and swept `name=lo..=hi`) at
/// every combination of the swept values. `plan` is `None` for exact values only;
/// `allow_large` runs past the sample budget.
pub fn sweep(
    mechanic: &str,
    assignments: &[String],
    rosters: &Rosters,
    rules: Option<RuleSet>,
    plan: Option<&RunPlan>,
    allow_large: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<SweepAnswer> {
    let mechanic = crate::script::find(mechanic)?;
    let specs = mechanic.params();
    let (swept, fixed): (Vec<&String>, Vec<&String>) =
        assignments.iter().partition(|a| is_swept(a));
    let mut axes = Vec::new();
    let mut names = Vec::new();
    for assignment in &swept {
        let (name, range) = assignment
            .split_once('=')
            .expect("a swept assignment has '='");
        let spec = specs.iter().find(|s| s.name == name).ok_or_else(|| {
            Error::value(
                name,
                format!(
                    "{} has no such parameter{}",
                    mechanic.name(),
                    did_you_mean(name, specs.iter().map(|s| s.name.as_str()))
                ),
            )
        })?;
        if names.iter().any(|n| n == name) {
            return Err(Error::value(name, "is swept twice; give one range"));
        }
        axes.push(axis_values(spec, &toml::Value::String(range.to_string()))?);
        names.push(name.to_string());
    }
    // Counted before the combinations are built: each range has at most 10,000 values.
    let count = axes
        .iter()
        .try_fold(1usize, |n, axis| n.checked_mul(axis.len()))
        .unwrap_or(usize::MAX);
    if count > MAX_ROWS {
        return Err(Error::Invalid(format!(
            "the sweep has {count} combinations, more than {MAX_ROWS}; narrow the ranges or use a larger step (lo..=hi:step), or write an analysis file"
        )));
    }
    let fixed: Vec<String> = fixed.into_iter().cloned().collect();
    let mut given = parse_assignments(mechanic.name(), &specs, &fixed)?;
    if let Some(name) = names.iter().find(|n| given.iter().any(|(k, _)| k == *n)) {
        return Err(Error::value(
            name,
            "is both swept and given a value; give one or the other",
        ));
    }
    // Every query is built first: errors surface before any work.
    let mut queries = Vec::with_capacity(count);
    for point in cartesian(&axes) {
        let before = given.len();
        given.extend(names.iter().cloned().zip(point));
        let values = ParamValues::resolve(mechanic.name(), &specs, &given, rosters)?;
        let names = given.iter().map(|(name, _)| name.clone()).collect();
        queries.push(Query::build(mechanic, values.with_rules(rules.clone()))?.given(names));
        given.truncate(before);
    }
    if let Some(plan) = plan.filter(|_| !allow_large) {
        let work = Work {
            points: count as u64,
            variants: 1,
            size: plan.size,
            rounds: queries
                .iter()
                .map(Query::rounds_per_sample)
                .fold(RoundsPerSample::one(), RoundsPerSample::max),
        };
        work.check("lower the samples or the precision, or narrow the ranges")?;
    }
    let rows = queries
        .iter()
        .enumerate()
        .map(|(i, q)| answer_at(q, plan, i as u64, progress))
        .collect::<Result<Vec<_>>>()?;
    Ok(SweepAnswer { swept: names, rows })
}

impl SweepAnswer {
    /// The value of swept parameter `name` in `row`.
    pub fn value(&self, row: &Answer, name: &str) -> Option<Value> {
        row.params
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_swept_and_other_values_fixed() {
        assert!(is_swept("nd=0..=5"));
        assert!(is_swept("p=0..=1:0.1"));
        assert!(!is_swept("nd=5"));
        assert!(!is_swept("party=fighter1*2,cleric1"));
    }

    /// `aube.test` swept with `args`, exact values only.
    fn exact_sweep(args: &[&str]) -> Result<SweepAnswer> {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        sweep(
            "aube.test",
            &args,
            crate::roster_sources::builtin(),
            None,
            None,
            false,
            &|_| {},
        )
    }

    #[test]
    fn a_sweep_of_nd_gives_the_exact_chances_row_by_row() {
        let answer = exact_sweep(&["ca=12", "nd=0..=5"]).unwrap();
        assert_eq!(answer.swept, ["nd"]);
        assert_eq!(answer.rows.len(), 6);
        let beats: Vec<f64> = answer
            .rows
            .iter()
            .map(|r| r.summary.metric("beats_nd").unwrap().exact.unwrap())
            .collect();
        // At CA 12, each point of ND above 0 takes 5% off 60% (the 35% of ND 5).
        for (nd, chance) in beats.iter().enumerate() {
            assert!((chance - (0.60 - 0.05 * nd as f64)).abs() < 1e-12, "{nd}");
        }
    }

    #[test]
    fn sweeps_are_bounded_and_checked_before_any_work() {
        let run = |args: &[&str]| exact_sweep(args).unwrap_err().to_string();
        assert!(run(&["ca=-100..=100", "nd=-200..=200"]).contains("more than 1001"));
        assert!(run(&["ca=12", "nd=0..=5", "nd=3"]).contains("both swept and given"));
        assert!(run(&["cb=0..=5"]).contains("no such parameter"));
    }
}
