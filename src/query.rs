//! A single question: one mechanic with its parameters, answered by simulation, exactly,
//! or both (`alea prob`).

use crate::engine::resolve::parse_assignments;
use crate::engine::runner::{RunPlan, run_point};
use crate::engine::summary::{Summary, exact_summary, summarize};
use crate::engine::tables::{Change, RuleSet};
use crate::engine::{Mechanic, ParamValues, Rosters, Simulation, Value};
use crate::error::{Error, Result};

/// A mechanic with validated parameters, ready to run.
pub struct Query {
    /// The registry entry.
    pub mechanic: &'static dyn Mechanic,
    /// The validated values (defaults filled in).
    pub params: ParamValues,
    /// The configured simulation.
    pub simulation: Box<dyn Simulation>,
    /// The parameters given explicitly (`None`: not known, every one is shown): the
    /// answer's header shows these and leaves out the fields a roster name or a default
    /// filled in ([`header_params`]).
    pub given: Option<Vec<String>>,
    /// Each fighter given by one roster name, `(group, name)`: `("a", "Kröm")`
    /// ([`fighter_names`]); answers name the fighter beside its metrics (`a_wins`).
    pub names: Vec<(String, String)>,
}

impl Query {
    /// Looks up `mechanic` and parses `assignments` (`ca=12`, `a=krom`) against its
    /// parameters, roster names against the built-in rosters.
    pub fn parse(mechanic: &str, assignments: &[String]) -> Result<Self> {
        Self::parse_with(
            mechanic,
            assignments,
            crate::roster_sources::builtin(),
            None,
        )
    }

    /// [`Query::parse`], roster names read from `rosters` and the model built with the
    /// rule tables `rules` (`None`: the official ones).
    pub fn parse_with(
        mechanic: &str,
        assignments: &[String],
        rosters: &Rosters,
        rules: Option<RuleSet>,
    ) -> Result<Self> {
        let mechanic = crate::script::find(mechanic)?;
        let specs = mechanic.params();
        let given = parse_assignments(mechanic.name(), &specs, assignments)?;
        let values = ParamValues::resolve(mechanic.name(), &specs, &given, rosters)?;
        let names = given.into_iter().map(|(name, _)| name).collect();
        let mut query = Self::build(mechanic, values.with_rules(rules))?.given(names);
        query.names = fighter_names(mechanic, &query.params, rosters);
        Ok(query)
    }

    /// Builds the simulation of `mechanic` with `params`.
    pub fn build(mechanic: &'static dyn Mechanic, params: ParamValues) -> Result<Self> {
        let simulation = mechanic.build(&params)?;
        Ok(Self {
            mechanic,
            params,
            simulation,
            given: None,
            names: Vec::new(),
        })
    }

    /// The same query, knowing which parameters were given explicitly (`names`).
    pub fn given(mut self, names: Vec<String>) -> Self {
        self.given = Some(names);
        self
    }

    /// Most rounds one sample of this query may play (its `max_rounds`, `rounds`, ...),
    /// for the budget.
    pub fn rounds_per_sample(&self) -> crate::budget::RoundsPerSample {
        crate::budget::RoundsPerSample::of(&self.mechanic.params(), &self.params)
    }
}

/// The answer to a query.
#[derive(Debug, Clone)]
pub struct Answer {
    /// Mechanic name.
    pub mechanic: String,
    /// Every parameter's value, defaults included.
    pub params: Vec<(String, crate::engine::Value)>,
    /// The parameters the header shows ([`header_params`]): `params` less the fields a
    /// roster name or a default filled in (`--all-params` shows `params`).
    pub header: Vec<(String, crate::engine::Value)>,
    /// Each fighter given by a roster name, `(group, name)`: `("a", "Kröm")`.
    pub names: Vec<(String, String)>,
    /// The seed (`None` for an exact-only answer).
    pub seed: Option<u64>,
    /// Estimates, exact values and histograms.
    pub summary: Summary,
    /// False when `--precision` stopped at the sample cap before reaching its target.
    pub precision_reached: bool,
    /// The entries of the rule tables that differ from the official ones.
    pub rules: Vec<Change>,
}

/// Answers `query` by Monte Carlo with `plan` (exact values beside, when the mechanic has
/// them), or exactly only when `plan` is `None`. `progress` receives sample counts as
/// they are drawn.
pub fn answer(
    query: &Query,
    plan: Option<&RunPlan>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Answer> {
    answer_at(query, plan, 0, progress)
}

/// [`answer`], sampling from random stream `stream` of the plan's seed (each row of a
/// sweep has its own).
pub fn answer_at(
    query: &Query,
    plan: Option<&RunPlan>,
    stream: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Answer> {
    let exact = query.simulation.exact();
    let layout = query.simulation.layout();
    let (summary, precision_reached) = match plan {
        Some(plan) => {
            let run = run_point(&[query.simulation.as_ref()], stream, plan, progress);
            check_sampled(query.mechanic.name(), query.simulation.as_ref())?;
            (
                summarize(layout, &run.tallies[0], exact.as_ref()),
                run.precision_reached,
            )
        }
        None => {
            // A solver that failed while exact values were worked out fails sampling too.
            if let Some(message) = query.simulation.failure() {
                return Err(Error::Invalid(format!(
                    "{message} (met while working out {}'s exact values)",
                    query.mechanic.name()
                )));
            }
            let exact = exact.ok_or_else(|| Error::NoExact {
                mechanic: query.mechanic.name().to_string(),
                why: why_no_exact(query.simulation.as_ref()),
            })?;
            let summary = exact_summary(layout, &exact);
            (summary, true)
        }
    };
    let params = echoed_params(query.mechanic, &query.params);
    Ok(Answer {
        mechanic: query.mechanic.name().to_string(),
        header: header_params(&params, query.given.as_deref()),
        names: query.names.clone(),
        params,
        seed: plan.map(|p| p.seed),
        summary,
        precision_reached,
        rules: query
            .params
            .rules()
            .map(|r| r.changes().to_vec())
            .unwrap_or_default(),
    })
}

/// The parameters an answer echoes: every value, less those that a side given replaces
/// (`pcs` and `pc.*` beside `party=`): they played no part in the answer.
pub(crate) fn echoed_params(mechanic: &dyn Mechanic, params: &ParamValues) -> Vec<(String, Value)> {
    let replacing: Vec<_> = mechanic
        .params()
        .into_iter()
        .filter(|spec| params.get(&spec.name).is_some())
        .collect();
    params
        .iter()
        .filter(|(name, _)| !replacing.iter().any(|spec| spec.replaces(name)))
        .map(|(name, value)| (name.to_string(), value.clone()))
        .collect()
}

/// The parameters a header shows, of those an answer echoes (`params`), when `given`
/// names those given explicitly: every one, less the fields of a fighter given by a
/// roster name (`a=krom`) that were not given beside it (`a.ca=11` is shown, the roster's
/// `a.bd` and the defaults of the fighter's options are not). `None`: every parameter.
pub fn header_params(params: &[(String, Value)], given: Option<&[String]>) -> Vec<(String, Value)> {
    let Some(given) = given else {
        return params.to_vec();
    };
    let is_given = |name: &str| given.iter().any(|g| g == name);
    params
        .iter()
        .filter(|(name, _)| match name.split_once('.') {
            Some((group, _)) => is_given(name) || !is_given(group),
            None => true,
        })
        .cloned()
        .collect()
}

/// Each fighter of `mechanic` given by one roster name (`a=krom`), as `(group, name)`:
/// the name its roster entry's description opens with when that is the roster name with
/// its accents (`Kröm, the seed's warrior` gives `Kröm`), else the roster name.
pub fn fighter_names(
    mechanic: &dyn Mechanic,
    params: &ParamValues,
    rosters: &Rosters,
) -> Vec<(String, String)> {
    named_fighters(mechanic, |name| params.get(name).cloned(), rosters)
}

/// [`fighter_names`] over any source of values (`value_of(param)`): an analysis's fixed
/// parameters as well as a query's resolved ones.
pub fn named_fighters(
    mechanic: &dyn Mechanic,
    value_of: impl Fn(&str) -> Option<Value>,
    rosters: &Rosters,
) -> Vec<(String, String)> {
    let system = mechanic.name().split('.').next().unwrap_or_default();
    mechanic
        .params()
        .into_iter()
        .filter(|spec| matches!(spec.kind, crate::engine::params::ParamKind::Named))
        .filter_map(|spec| match value_of(&spec.name) {
            Some(Value::Names(names)) if names.len() == 1 && names[0].1 == 1 => {
                let name = &names[0].0;
                let about = rosters.get(system, name).map(|e| e.about.as_str());
                let shown = about
                    .ok()
                    .and_then(|about| about.split([',', ':']).next())
                    .map(str::trim)
                    .filter(|opening| same_but_accents(opening, name))
                    .unwrap_or(name);
                Some((spec.name.clone(), shown.to_string()))
            }
            _ => None,
        })
        .collect()
}

/// True when `written` is `name` with accents or capitals (`Kröm` and `krom`): as many
/// letters, and every plain letter the same but for case.
fn same_but_accents(written: &str, name: &str) -> bool {
    written.chars().count() == name.chars().count()
        && written
            .chars()
            .zip(name.chars())
            .all(|(w, n)| !w.is_ascii() || w.eq_ignore_ascii_case(&n))
}

/// The `[choice]` parameters of `mechanic` (readings of the rules a user may change, such
/// as whom monsters attack) with their values in `params`: what an answer assumed.
pub fn assumed_choices(mechanic: &dyn Mechanic, params: &ParamValues) -> Vec<(String, Value)> {
    mechanic
        .params()
        .into_iter()
        .filter(|spec| spec.doc.contains("[choice]") && !spec.name.contains('.'))
        .filter_map(|spec| {
            params
                .get(&spec.name)
                .map(|v| (spec.name.clone(), v.clone()))
        })
        .collect()
}

/// ": the reason" a simulation gives for having no exact values, or nothing.
pub fn why_no_exact(simulation: &dyn Simulation) -> String {
    simulation
        .no_exact_reason()
        .map(|r| format!(": {r}"))
        .unwrap_or_default()
}

/// The error that stopped the sampling of `simulation` (of `mechanic`) early, if any.
pub fn check_sampled(mechanic: &str, simulation: &dyn Simulation) -> Result<()> {
    match simulation.failure() {
        Some(message) => Err(Error::Invalid(format!(
            "{message} (met while sampling {mechanic}; nothing was reported)"
        ))),
        None => Ok(()),
    }
}
