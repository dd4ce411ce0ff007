//! A script file as a mechanic: loaded and checked once per run ([`load`]), its parameters
//! and results declared, and for each distinct parameter set its exact distribution
//! enumerated once ([`Script::prepare`]) and kept.

use super::declare::{self, ResultDecl};
use super::dice::with_dice;
use super::outcome::{Kind, Outcome, kinds, outcome_of};
use super::sandbox::{self, MAX_ENUMERATION_OPERATIONS};
use super::simulation::ScriptSimulation;
use crate::engine::dist::TAIL_BOUND;
use crate::engine::enumerate::{Bounds, NoExact, for_each_path};
use crate::engine::params::ParamSpec;
use crate::engine::{Mechanic, ParamValues, RollDice, Simulation, StepCache};
use crate::error::{Error, Result};
use rhai::{AST, CallFnOptions, Dynamic, Engine, Map, Scope};
use std::collections::{BTreeMap, HashMap};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// Most paths of dice one enumeration of a script may play (each is one call of the
/// script); past it, exact values are refused and sampling runs the script.
pub const MAX_SCRIPT_PATHS: u64 = 50_000;

/// A loaded script as a mechanic: its name, declarations and code, and the distributions
/// of the parameter sets asked so far.
pub struct Script {
    name: &'static str,
    summary: &'static str,
    specs: Vec<ParamSpec>,
    code: Arc<Code>,
    prepared: Mutex<HashMap<String, Arc<Prepared>>>,
}

/// A script's compiled code, its engine and what `roll` returns: what every simulation of
/// it shares.
pub struct Code {
    path: PathBuf,
    engine: Engine,
    ast: AST,
    results: Vec<ResultDecl>,
}

/// What one parameter set of a script gives, found once by enumeration.
pub struct Prepared {
    /// The kind of each result.
    pub kinds: Vec<Kind>,
    /// The smallest and largest value of each result seen (of the whole distribution when
    /// exact).
    pub ranges: Vec<(i64, i64)>,
    /// Every outcome with its probability and the mass cut off, or why there is none.
    pub exact: std::result::Result<(Vec<(Outcome, f64)>, f64), String>,
}

/// A script error met on a path of the enumeration, carried out of it by an unwind.
struct Failure(Error);

impl Code {
    /// What `roll` returns.
    pub fn results(&self) -> &[ResultDecl] {
        &self.results
    }

    /// Calls the script's function `name` with `args`; the error names the file and line.
    fn call(&self, name: &str, args: impl rhai::FuncArgs) -> std::result::Result<Dynamic, Error> {
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        self.engine
            .call_fn_with_options::<Dynamic>(options, &mut Scope::new(), &self.ast, name, args)
            .map_err(|e| {
                if sandbox::is_out_of_budget(&e) {
                    Error::Invalid(sandbox::OUT_OF_BUDGET.into())
                } else {
                    sandbox::run_error(&self.path, name, &e)
                }
            })
    }

    /// One roll of the script with `args` (the parameters), on the dice in place.
    pub fn roll(&self, args: &Map) -> std::result::Result<Outcome, Error> {
        let returned = self.call("roll", (args.clone(),))?;
        outcome_of(returned, &self.results)
            .map_err(|m| Error::Invalid(format!("{}: {m}", self.path.display())))
    }

    /// The exact distribution of the script's outcome for `args`, by enumeration, or why
    /// there is none; a script error on any path enumerated is an error.
    pub fn prepare(&self, args: &Map) -> Result<Prepared> {
        let mut merged: BTreeMap<Outcome, f64> = BTreeMap::new();
        let mut cache = StepCache::new();
        let bounds = Bounds {
            max_paths: MAX_SCRIPT_PATHS,
            cut: TAIL_BOUND,
        };
        let run = catch_unwind(AssertUnwindSafe(|| {
            sandbox::with_budget(MAX_ENUMERATION_OPERATIONS, || {
                for_each_path(
                    &mut cache,
                    bounds,
                    |e| match with_dice(e, || self.roll(args)) {
                        Ok(outcome) => outcome,
                        Err(error) => resume_unwind(Box::new(Failure(error))),
                    },
                    |outcome, p| *merged.entry(outcome).or_insert(0.0) += p,
                )
            })
        }));
        let exact = match run {
            Ok(Ok(tail)) => Ok(tail),
            Ok(Err(NoExact::TooManyPaths(n))) => Err(format!(
                "more than {n} paths of dice, the bound of a script's enumeration"
            )),
            Ok(Err(why)) => Err(why.to_string().replace("no exact answer: ", "")),
            Err(payload) => match payload.downcast::<Failure>() {
                Ok(failure) => match failure.0 {
                    Error::Invalid(m) if m == sandbox::OUT_OF_BUDGET => Err(format!(
                        "more than {MAX_ENUMERATION_OPERATIONS} operations over its paths, the bound of a script's enumeration"
                    )),
                    error => return Err(error),
                },
                Err(other) => resume_unwind(other),
            },
        };
        let first = match merged.keys().next() {
            Some(first) => first.clone(),
            // Nothing enumerated before the bound: one sampled roll tells the kinds.
            None => {
                let mut dice = RollDice::new(crate::engine::rng::chunk_rng(0, 0, 0));
                with_dice(&mut dice, || self.roll(args))?
            }
        };
        let kinds = kinds(&first);
        let mut ranges: Vec<(i64, i64)> = vec![(i64::MAX, i64::MIN); kinds.len()];
        for outcome in merged.keys() {
            for (i, v) in outcome.iter().enumerate() {
                if v.kind() != kinds[i] {
                    return Err(self.kind_error(i));
                }
                if let super::outcome::Val::Int(x) = *v {
                    ranges[i] = (ranges[i].0.min(x), ranges[i].1.max(x));
                }
            }
        }
        for r in &mut ranges {
            if r.0 > r.1 {
                *r = (0, 1);
            }
        }
        Ok(Prepared {
            kinds,
            ranges,
            exact: exact.map(|tail| (merged.into_iter().collect(), tail)),
        })
    }

    /// The error of a result returned as a chance on some rolls and a number on others.
    pub fn kind_error(&self, i: usize) -> Error {
        Error::Invalid(format!(
            "{}: roll(p) returns '{}' as true/false on some rolls and as a number on others; give it one type",
            self.path.display(),
            self.results[i].name
        ))
    }
}

impl Script {
    /// The prepared distribution of `values`, enumerated the first time they are asked.
    fn prepared(&self, values: &ParamValues) -> Result<(Map, Arc<Prepared>)> {
        let pairs: Vec<(String, crate::engine::Value)> = values
            .iter()
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect();
        let args = declare::values_map(&pairs)?;
        let key: Vec<String> = pairs.iter().map(|(n, v)| format!("{n}={v}")).collect();
        let key = key.join(" ");
        if let Some(p) = self.lock().get(&key) {
            return Ok((args, p.clone()));
        }
        let prepared = Arc::new(self.code.prepare(&args)?);
        self.lock().insert(key, prepared.clone());
        Ok((args, prepared))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Prepared>>> {
        self.prepared.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Mechanic for Script {
    fn name(&self) -> &'static str {
        self.name
    }

    fn summary(&self) -> &'static str {
        self.summary
    }

    fn params(&self) -> Vec<ParamSpec> {
        self.specs.clone()
    }

    fn metric_docs(&self) -> Vec<(String, &'static str)> {
        let defaults =
            ParamValues::resolve(self.name, &self.specs, &[], crate::engine::Rosters::none());
        match defaults.and_then(|v| self.build(&v)) {
            Ok(sim) => sim.layout().docs(),
            Err(_) => self
                .code
                .results
                .iter()
                .map(|r| (r.name.clone(), r.doc))
                .collect(),
        }
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let (args, prepared) = self.prepared(params)?;
        Ok(Box::new(ScriptSimulation::new(
            self.code.clone(),
            args,
            prepared,
        )))
    }
}

/// The scripts loaded in this run, by canonical path (each loaded once, kept to the end).
fn registry() -> &'static Mutex<HashMap<PathBuf, &'static Script>> {
    static LOADED: OnceLock<Mutex<HashMap<PathBuf, &'static Script>>> = OnceLock::new();
    LOADED.get_or_init(Default::default)
}

/// The script of the file `path` (a mechanic whose name is the path as given), loaded and
/// checked the first time.
pub fn load(path: &Path) -> Result<&'static Script> {
    let key = std::fs::canonicalize(path).map_err(|e| {
        Error::Invalid(format!(
            "no script '{}' ({e}); a script mechanic is a file ending in .rhai",
            path.display()
        ))
    })?;
    if let Some(script) = registry()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&key)
    {
        return Ok(script);
    }
    let script: &'static Script = Box::leak(Box::new(read(path)?));
    let mut known = registry().lock().unwrap_or_else(|e| e.into_inner());
    Ok(known.entry(key).or_insert(script))
}

/// Reads, compiles and checks the script of `path`.
fn read(path: &Path) -> Result<Script> {
    let (text, engine, ast) = sandbox::compile_file(path)?;
    let has = |name: &str, arity: usize| {
        ast.iter_functions()
            .any(|f| f.name == name && f.params.len() == arity)
    };
    let declared = |what: &str| {
        let shape = if what == "params" {
            "fn params() { [param(\"target\", 15, \"the score wanted\"), ...] }"
        } else {
            "fn results() { [result(\"success\", \"chance of ...\"), ...] }"
        };
        format!("{}: declare {what}() as {shape}", path.display())
    };
    if !has("roll", 1) {
        return Err(Error::Invalid(format!(
            "{}: no fn roll(p): a script mechanic rolls one outcome in roll(p) (p holds the parameters) and returns a map of its results",
            path.display()
        )));
    }
    if !has("results", 0) {
        return Err(Error::Invalid(declared("results")));
    }
    let with_params = has("params", 0);
    let mut code = Code {
        path: path.to_path_buf(),
        engine,
        ast,
        results: Vec::new(),
    };
    let specs = if with_params {
        let list = code.call("params", ())?;
        declare::params(list)
            .map_err(|m| Error::Invalid(format!("{}: params(): {m}", path.display())))?
    } else {
        Vec::new()
    };
    let list = code.call("results", ())?;
    code.results = declare::results(list)
        .map_err(|m| Error::Invalid(format!("{}: results(): {m}", path.display())))?;
    Ok(Script {
        name: Box::leak(path.display().to_string().into_boxed_str()),
        summary: summary_of(&text),
        specs,
        code: Arc::new(code),
        prepared: Mutex::default(),
    })
}

/// The script's one-line summary: its first `//!` line.
fn summary_of(text: &str) -> &'static str {
    let line = text
        .lines()
        .map(str::trim_start)
        .find_map(|l| l.strip_prefix("//!"))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .unwrap_or("a mechanic written as a script");
    Box::leak(line.to_string().into_boxed_str())
}
