//! The difficulty finder (`alea difficulty`): the inverse question a game master asks —
//! which value of a parameter gives a chance closest to a target? It sweeps the parameter
//! over its range, using exact values where the mechanic has them and Monte Carlo (with
//! 95% intervals) otherwise, and says whether the chance is monotone in the parameter.
//!
//! Three questions ([`Goal`]): the value closest to a target chance (`--target`), the
//! hardest value that still gives at least a chance (`--at-least`: a chance to reach), and
//! the hardest value whose chance stays at or below a bound (`--at-most`: a risk to keep
//! low, such as the most goblins a party meets with at most a 10% risk that a character
//! dies). "Hardest" is read from the sweep itself: the direction in which the chance falls
//! for a chance to reach, rises for a risk.
//!
//! The swept parameter is numeric (`--over nd`, from its minimum to its maximum or
//! `from..=to`), or any parameter given a range as `alea prob` sweeps it (`nd=0..=10`,
//! `monsters=goblin*1..=8`: one side per count).

use crate::analysis::grid::axis_values;
use crate::budget::Work;
use crate::engine::params::ParamKind;
use crate::engine::resolve::parse_assignments;
use crate::engine::runner::{RunPlan, run_point};
use crate::engine::summary::summarize;
use crate::engine::tables::RuleSet;
use crate::engine::{MetricKind, ParamValues, Rosters, Value};
use crate::error::{Error, Result, did_you_mean};
use crate::query::Query;
use pick::{harder, meets, pick, trend};

mod pick;

/// Most values swept with exact answers.
const MAX_EXACT_VALUES: usize = 1001;
/// Most values swept by simulation.
const MAX_SIMULATED_VALUES: usize = 201;
/// Steps of a real-valued sweep.
const REAL_STEPS: usize = 100;
/// Two exact chances closer than this are equal: sums of floating-point terms miss a
/// chance such as 60% by a few units in the last place (0.5999999999999999).
const EXACT_TIE: f64 = 1e-9;

/// What to find.
#[derive(Debug, Clone, PartialEq)]
pub struct FinderRequest {
    /// Mechanic name.
    pub mechanic: String,
    /// Fixed parameters, `name=value`.
    pub assignments: Vec<String>,
    /// The parameter to sweep.
    pub over: String,
    /// The target chance, in [0, 1].
    pub target: f64,
    /// What the chance must do at the answer: come closest to the target, reach it, or
    /// stay under it.
    pub goal: Goal,
    /// The metric (default: the first chance that varies with `over`).
    pub metric: Option<String>,
    /// Lower end of the sweep (default: the parameter's minimum).
    pub from: Option<f64>,
    /// Upper end of the sweep (default: the parameter's maximum).
    pub to: Option<f64>,
    /// Seed and sample size, for mechanics without exact answers.
    pub plan: RunPlan,
    /// The rule tables (`None`: the official ones).
    pub rules: Option<RuleSet>,
    /// Run past the sample budget ([`crate::budget`]); otherwise a simulated sweep over
    /// it is refused before any sampling.
    pub allow_large: bool,
}

/// What the chance must do at the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Goal {
    /// As close to the target as can be; among equally close values, the hardest.
    #[default]
    Closest,
    /// A chance to reach: the hardest value whose chance is at least the target.
    AtLeast,
    /// A risk to keep low: the hardest value (most monsters, highest difficulty) whose
    /// chance stays at or below the target.
    AtMost,
}

impl Goal {
    /// The option that sets the target for this goal (`target`, `at-least`, `at-most`).
    pub fn option(self) -> &'static str {
        match self {
            Goal::Closest => "target",
            Goal::AtLeast => "at-least",
            Goal::AtMost => "at-most",
        }
    }
}

/// Which way "harder" lies along the sweep, read from the trend for a goal: where a
/// chance to reach falls, where a risk rises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Harder {
    /// Towards higher values (more monsters, a higher ND).
    Up,
    /// Towards lower values.
    Down,
    /// The chance does not move one way: no direction is harder.
    Unknown,
}

/// The chance at one value of the swept parameter.
#[derive(Debug, Clone, PartialEq)]
pub struct FinderPoint {
    /// The parameter's value.
    pub value: Value,
    /// The chance (exact, or the estimate).
    pub chance: f64,
    /// 95% interval (equal to `chance` when exact).
    pub lo: f64,
    /// 95% interval.
    pub hi: f64,
}

/// How the chance moves as the parameter rises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trend {
    /// Never falls.
    Rising,
    /// Never rises.
    Falling,
    /// Constant.
    Flat,
    /// Rises and falls: several values may be about as close to the target.
    NotMonotone,
}

/// The finder's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct FinderAnswer {
    /// Mechanic name.
    pub mechanic: String,
    /// The swept parameter.
    pub over: String,
    /// The metric.
    pub metric: String,
    /// The target chance.
    pub target: f64,
    /// What the chance must do at the answer.
    pub goal: Goal,
    /// True when the chances are exact.
    pub exact: bool,
    /// Every swept value, in increasing order.
    pub points: Vec<FinderPoint>,
    /// Index in `points` of the answer: the value closest to the target, or the hardest
    /// value meeting the goal (the closest when none meets it).
    pub best: usize,
    /// Monotonicity over the sweep.
    pub trend: Trend,
    /// Seed and samples, when simulated.
    pub plan: Option<RunPlan>,
    /// The entries of the rule tables that differ from the official ones.
    pub rules: Vec<crate::engine::tables::Change>,
    /// The readings of the rules the chances assume (the mechanic's `[choice]` parameters
    /// and their values, given or default: whom monsters attack, how ties are broken).
    pub assumed: Vec<(String, Value)>,
}

impl FinderAnswer {
    /// The best point.
    pub fn best_point(&self) -> &FinderPoint {
        &self.points[self.best]
    }

    /// The points just below and above the best value (when they exist).
    pub fn neighbours(&self) -> (Option<&FinderPoint>, Option<&FinderPoint>) {
        (
            self.best.checked_sub(1).and_then(|i| self.points.get(i)),
            self.points.get(self.best + 1),
        )
    }

    /// True when the answer meets the goal: a chance within the sweep's range for
    /// [`Goal::Closest`], at least (at most) the target for [`Goal::AtLeast`]
    /// ([`Goal::AtMost`]), within 1e-9; an estimate is compared as it is, its
    /// interval shown beside it.
    pub fn goal_met(&self) -> bool {
        match self.goal {
            Goal::Closest => self.target_in_reach(),
            _ => meets(self.best_point(), self.target, self.goal),
        }
    }

    /// Which way "harder" lies along the sweep: where the chance falls for a chance to
    /// reach (and for [`Goal::Closest`]), where it rises for a risk.
    pub fn harder(&self) -> Harder {
        harder(self.trend, self.goal)
    }

    /// True when the swept values are sides (`monsters=goblin*1..=8`): "most" and
    /// "fewest" rather than "highest" and "lowest".
    pub fn over_counts(&self) -> bool {
        matches!(self.points[0].value, Value::Side(_) | Value::Names(_))
    }

    /// True when the target lies between the smallest and largest chance of the sweep.
    pub fn target_in_reach(&self) -> bool {
        let lo = self
            .points
            .iter()
            .map(|p| p.chance)
            .fold(f64::INFINITY, f64::min);
        let hi = self
            .points
            .iter()
            .map(|p| p.chance)
            .fold(f64::NEG_INFINITY, f64::max);
        (lo - EXACT_TIE..=hi + EXACT_TIE).contains(&self.target)
    }
}

fn sweep_values(
    kind: &ParamKind,
    name: &str,
    from: Option<f64>,
    to: Option<f64>,
) -> Result<Vec<Value>> {
    match *kind {
        ParamKind::Int { min, max, .. } => {
            for (option, end) in [("from", from), ("to", to)] {
                if let Some(x) = end.filter(|x| x.fract() != 0.0 || !x.is_finite()) {
                    return Err(Error::option(
                        option,
                        format!(
                            "{x} is not a whole number, and '{name}' takes whole numbers ({min}..={max})"
                        ),
                    ));
                }
            }
            let lo = from.map_or(min, |f| f as i64).max(min);
            let hi = to.map_or(max, |t| t as i64).min(max);
            if lo > hi {
                return Err(Error::option(
                    "from",
                    format!("the sweep of '{name}' is empty; it accepts {min}..={max}"),
                ));
            }
            // Counted before anything is allocated: a range may be as wide as an i64.
            let count = (hi as i128 - lo as i128 + 1) as u128;
            too_many_values(
                name,
                usize::try_from(count).unwrap_or(usize::MAX),
                MAX_EXACT_VALUES,
            )?;
            Ok((lo..=hi).map(Value::Int).collect())
        }
        ParamKind::Float { min, max, .. } => {
            let (lo, hi) = (from.unwrap_or(min).max(min), to.unwrap_or(max).min(max));
            if lo > hi {
                return Err(Error::option(
                    "from",
                    format!("the sweep of '{name}' is empty; it accepts {min}..={max}"),
                ));
            }
            Ok((0..=REAL_STEPS)
                .map(|i| Value::Float(lo + (hi - lo) * i as f64 / REAL_STEPS as f64))
                .collect())
        }
        _ => Err(Error::option(
            "over",
            format!("'{name}' is not numeric; the finder sweeps whole or real numbers"),
        )),
    }
}

/// Refuses a sweep of more than `limit` values.
fn too_many_values(over: &str, count: usize, limit: usize) -> Result<()> {
    if count > limit {
        return Err(Error::option(
            "over",
            format!(
                "'{over}' has {count} values to sweep, more than {limit}; narrow the sweep with from and to"
            ),
        ));
    }
    Ok(())
}

/// Sweeps `request.over` (or the parameter given a range) and finds the value that meets
/// the goal
/// (roster names from the built-in rosters).
pub fn find(request: &FinderRequest) -> Result<FinderAnswer> {
    find_with(request, crate::roster_sources::builtin())
}

/// The same, roster names read from `rosters`.
pub fn find_with(request: &FinderRequest, rosters: &Rosters) -> Result<FinderAnswer> {
    if !(0.0..=1.0).contains(&request.target) {
        return Err(Error::option(
            request.goal.option(),
            format!(
                "{} is not a chance; give a number in [0, 1], like 0.6",
                request.target
            ),
        ));
    }
    let mechanic = crate::script::find(&request.mechanic)?;
    let (over, assignments, range) = split_range(request)?;
    let specs = mechanic.params();
    let spec = specs.iter().find(|s| s.name == over).ok_or_else(|| {
        let numeric: Vec<&str> = specs
            .iter()
            .filter(|s| s.is_numeric())
            .map(|s| s.name.as_str())
            .collect();
        Error::option(
            "over",
            format!(
                "{} has no parameter '{}'{}; numeric parameters: {}",
                mechanic.name(),
                over,
                did_you_mean(&over, numeric.iter().copied()),
                numeric.join(", ")
            ),
        )
    })?;
    let mut given = parse_assignments(mechanic.name(), &specs, &assignments)?;
    if given.iter().any(|(k, _)| *k == over) {
        return Err(Error::value(
            &over,
            "is the swept parameter (over); do not also give it a value",
        ));
    }
    let values = match &range {
        Some(range) => axis_values(spec, &toml::Value::String(range.clone()))?,
        None => sweep_values(&spec.kind, &spec.name, request.from, request.to)?,
    };
    // Refused before anything is built: a sweep too long for even exact values.
    too_many_values(&over, values.len(), MAX_EXACT_VALUES)?;

    // Build every query first: errors surface before any work.
    let mut queries = Vec::with_capacity(values.len());
    for value in &values {
        given.push((over.clone(), value.clone()));
        let values = ParamValues::resolve(mechanic.name(), &specs, &given, rosters)?;
        queries.push(Query::build(
            mechanic,
            values.with_rules(request.rules.clone()),
        )?);
        given.pop();
    }
    let exact = queries.iter().all(|q| q.simulation.exact().is_some());
    let limit = if exact {
        MAX_EXACT_VALUES
    } else {
        MAX_SIMULATED_VALUES
    };
    too_many_values(&over, values.len(), limit)?;
    if !exact && !request.allow_large {
        let work = Work {
            points: values.len() as u64,
            variants: 1,
            size: request.plan.size,
            rounds: queries.iter().map(Query::rounds_per_sample).fold(
                crate::budget::RoundsPerSample::one(),
                crate::budget::RoundsPerSample::max,
            ),
        };
        work.check("lower the samples or narrow the sweep with from and to, or allow a large run")?;
    }
    let layout = queries[0].simulation.layout().clone();
    let summaries: Vec<_> = queries
        .iter()
        .enumerate()
        .map(|(i, q)| {
            let ex = q.simulation.exact();
            if exact {
                let tally = crate::engine::Tally::new(q.simulation.layout());
                Ok(summarize(q.simulation.layout(), &tally, ex.as_ref()))
            } else {
                let run = run_point(&[q.simulation.as_ref()], i as u64, &request.plan, &|_| {});
                crate::query::check_sampled(mechanic.name(), q.simulation.as_ref())?;
                Ok(summarize(
                    q.simulation.layout(),
                    &run.tallies[0],
                    ex.as_ref(),
                ))
            }
        })
        .collect::<Result<_>>()?;
    let chance_of = |metric: &str, s: &crate::engine::Summary| -> Option<(f64, f64, f64)> {
        let m = s.metric(metric)?;
        if exact {
            m.exact.map(|x| (x, x, x))
        } else {
            Some((m.estimate, m.lo, m.hi))
        }
    };
    let proportions: Vec<&str> = layout
        .metrics
        .iter()
        .filter(|m| m.kind == MetricKind::Proportion)
        .map(|m| m.name.as_str())
        .collect();
    let metric = match &request.metric {
        Some(m) if proportions.contains(&m.as_str()) => m.clone(),
        Some(m) => {
            return Err(Error::option(
                "metric",
                format!(
                    "'{m}' is not a chance of {}{}; its chances: {}",
                    mechanic.name(),
                    did_you_mean(m, proportions.iter().copied()),
                    proportions.join(", ")
                ),
            ));
        }
        None => proportions
            .iter()
            .filter(|name| mechanic.primary_metric().is_none_or(|p| p == **name))
            .chain(proportions.iter())
            .find(|name| {
                let c: Vec<f64> = summaries
                    .iter()
                    .filter_map(|s| chance_of(name, s).map(|c| c.0))
                    .collect();
                c.iter().any(|x| (x - c[0]).abs() > 1e-9)
            })
            .map(|s| s.to_string())
            .ok_or_else(|| {
                Error::option(
                    "over",
                    format!("no chance of {} changes with '{}'", mechanic.name(), over),
                )
            })?,
    };
    let points: Vec<FinderPoint> = values
        .iter()
        .zip(&summaries)
        .filter_map(|(v, s)| {
            chance_of(&metric, s)
                .filter(|c| !c.0.is_nan())
                .map(|(chance, lo, hi)| FinderPoint {
                    value: v.clone(),
                    chance,
                    lo,
                    hi,
                })
        })
        .collect();
    if points.is_empty() {
        return Err(Error::option(
            "metric",
            format!("'{metric}' is undefined over the whole sweep"),
        ));
    }
    let trend = trend(&points, exact);
    let best = pick(&points, request.target, trend, request.goal);
    let assumed = crate::query::assumed_choices(mechanic, &queries[0].params);
    Ok(FinderAnswer {
        assumed,
        mechanic: mechanic.name().into(),
        over: over.clone(),
        metric,
        target: request.target,
        goal: request.goal,
        exact,
        trend,
        points,
        best,
        plan: (!exact).then_some(request.plan),
        rules: request
            .rules
            .as_ref()
            .map(|r| r.changes().to_vec())
            .unwrap_or_default(),
    })
}

/// The swept parameter's name: `over`, or when it is empty the one parameter given a
/// range (`monsters=goblin*1..=8`); and the assignments without that range, with the
/// range's text.
fn split_range(request: &FinderRequest) -> Result<(String, Vec<String>, Option<String>)> {
    let ranged: Vec<(&str, &str)> = request
        .assignments
        .iter()
        .filter(|a| crate::sweep::is_swept(a))
        .filter_map(|a| a.split_once('='))
        .collect();
    let over = if request.over.is_empty() {
        match ranged[..] {
            [(name, _)] => name.to_string(),
            [] => {
                return Err(Error::option(
                    "over",
                    "give the parameter to sweep, or give it a range as its value (nd=0..=10, monsters=goblin*1..=8)",
                ));
            }
            _ => {
                return Err(Error::option(
                    "over",
                    "the finder sweeps one parameter; give one range",
                ));
            }
        }
    } else {
        request.over.clone()
    };
    if let Some((name, _)) = ranged.iter().find(|(name, _)| *name != over) {
        return Err(Error::value(
            *name,
            format!("is given a range, but the finder sweeps only '{over}'; give it one value"),
        ));
    }
    let range = ranged.first().map(|(_, range)| range.to_string());
    if range.is_some() && (request.from.is_some() || request.to.is_some()) {
        return Err(Error::option(
            "from",
            format!("'{over}' is given a range; give the range or from and to, not both"),
        ));
    }
    let fixed = request
        .assignments
        .iter()
        .filter(|a| !crate::sweep::is_swept(a))
        .cloned()
        .collect();
    Ok((over, fixed, range))
}

#[cfg(test)]
#[path = "finder_tests.rs"]
mod tests;
