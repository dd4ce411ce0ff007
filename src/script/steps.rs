//! A script that replaces steps of a system (`script = "advantage.rhai"` in a rules file):
//! each function named after one of the system's steps ([`crate::engine::house_step`])
//! replaces it in every mechanic that plays it.
//!
//! ```rhai
//! //! Roll-under advantage: every aube test rolls 2d20 and keeps the lower.
//! fn test_die(ca) {
//!     keep_lowest(2, 20, 1)
//! }
//! ```
//!
//! The function takes the step's inputs in order (whole numbers) and returns the number
//! the step gives. It is enumerated once for every input of the step's domain, before any
//! roll ([`mod@crate::engine::enumerate`]: every die a choice), and the mechanics draw from
//! those tables: a replaced step costs the same whether the answer is exact or sampled,
//! and the script is never called per roll. Functions whose name starts with `_` are
//! helpers; any other function must be a step of the system.
//!
//! Bounds: each input at most [`MAX_SCRIPT_PATHS`] paths of dice; all inputs together at
//! most [`MAX_ENUMERATION_OPERATIONS`] operations; each call [`MAX_OPERATIONS`]; a step's
//! domain at most [`MAX_STEP_INPUTS`] inputs. Past a bound the rules are refused with the
//! reason (a replaced step has no other way to be played).

use super::dice::with_dice;
use super::mechanic::MAX_SCRIPT_PATHS;
use super::sandbox::{self, MAX_ENUMERATION_OPERATIONS, MAX_OPERATIONS};
use crate::engine::StepCache;
use crate::engine::dist::TAIL_BOUND;
use crate::engine::enumerate::{Bounds, NoExact, for_each_path};
use crate::engine::house_step::{DrawTable, HouseStep, HouseSteps, MAX_STEP_INPUTS, StepSignature};
use crate::engine::step::Table;
use crate::error::{Error, Result, did_you_mean};
use rhai::{AST, CallFnOptions, Dynamic, Engine, INT, Scope};
use std::collections::{BTreeMap, HashMap};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// The replacements of `system`'s steps (`signatures`) that the script `path` defines,
/// enumerated once per run for a given file and system.
pub fn house_steps(
    path: &Path,
    system: &str,
    signatures: &[&'static StepSignature],
) -> Result<HouseSteps> {
    static LOADED: OnceLock<Mutex<HashMap<(PathBuf, String), HouseSteps>>> = OnceLock::new();
    let key = std::fs::canonicalize(path).map_err(|e| Error::io("read script", path, e))?;
    let key = (key, system.to_string());
    let loaded = LOADED.get_or_init(Default::default);
    if let Some(steps) = loaded.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Ok(*steps);
    }
    let steps = build(path, system, signatures)?;
    loaded
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, steps);
    Ok(steps)
}

/// Reads, checks and enumerates the script's steps.
fn build(path: &Path, system: &str, signatures: &[&'static StepSignature]) -> Result<HouseSteps> {
    let (text, engine, ast) = sandbox::compile_file(path)?;
    let names: Vec<&str> = signatures.iter().map(|s| s.name).collect();
    let listed = if names.is_empty() {
        format!("{system} has no step a script may replace yet")
    } else {
        format!("{system}'s steps: {}", names.join(", "))
    };
    let mut chosen: Vec<&'static StepSignature> = Vec::new();
    for f in ast.iter_functions() {
        let at = line_of_fn(&text, f.name)
            .map(|l| format!("{}:{l}", path.display()))
            .unwrap_or_else(|| path.display().to_string());
        if f.name.starts_with('_') {
            continue;
        }
        let Some(signature) = signatures.iter().find(|s| s.name == f.name) else {
            return Err(Error::Invalid(format!(
                "{at}: fn {}: no step '{}' in {system}{}; {listed}; a helper function's name starts with _",
                f.name,
                f.name,
                did_you_mean(f.name, names.iter().copied()),
            )));
        };
        if f.params.len() != signature.inputs.len() {
            return Err(Error::Invalid(format!(
                "{at}: fn {}({}): the step takes {} input{} and returns {}: write fn {}",
                f.name,
                f.params.join(", "),
                signature.inputs.len(),
                if signature.inputs.len() == 1 { "" } else { "s" },
                signature.output,
                signature.call_shape()
            )));
        }
        chosen.push(signature);
    }
    if chosen.is_empty() {
        return Err(Error::Invalid(format!(
            "{}: the script replaces none of {system}'s steps; {listed}",
            path.display()
        )));
    }
    let code = StepCode { path, engine, ast };
    let mut steps = HouseSteps::OFFICIAL;
    sandbox::with_budget(MAX_ENUMERATION_OPERATIONS, || -> Result<()> {
        let mut cache = StepCache::new();
        for signature in chosen {
            let step = code.enumerate(signature, &mut cache)?;
            steps = steps.with(Box::leak(Box::new(step))).ok_or_else(|| {
                Error::Invalid(format!("{}: too many steps replaced", path.display()))
            })?;
        }
        Ok(())
    })?;
    Ok(steps)
}

/// The 1-based line of `fn name` in `text`.
fn line_of_fn(text: &str, name: &str) -> Option<usize> {
    text.lines()
        .position(|l| {
            let l = l.trim_start();
            l.strip_prefix("fn ")
                .or_else(|| l.strip_prefix("private fn "))
                .is_some_and(|rest| {
                    rest.trim_start()
                        .strip_prefix(name)
                        .is_some_and(|r| r.trim_start().starts_with('('))
                })
        })
        .map(|i| i + 1)
}

/// A script error on a path of an enumeration, carried out of it by an unwind.
struct Failure(Error);

/// The compiled script and where it comes from.
struct StepCode<'a> {
    path: &'a Path,
    engine: Engine,
    ast: AST,
}

impl StepCode<'_> {
    /// One call of the step function with `inputs`, on the dice in place.
    fn call(&self, signature: &StepSignature, inputs: &[i64]) -> Result<i64> {
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let args: Vec<Dynamic> = inputs.iter().map(|&v| Dynamic::from(v as INT)).collect();
        let returned = self
            .engine
            .call_fn_with_options::<Dynamic>(
                options,
                &mut Scope::new(),
                &self.ast,
                signature.name,
                args,
            )
            .map_err(|e| {
                if sandbox::is_out_of_budget(&e) {
                    Error::Invalid(sandbox::OUT_OF_BUDGET.into())
                } else {
                    sandbox::run_error(self.path, signature.name, &e)
                }
            })?;
        let shown = || {
            let args: Vec<String> = signature
                .inputs
                .iter()
                .zip(inputs)
                .map(|(i, v)| format!("{}={v}", i.name))
                .collect();
            format!("{}({})", signature.name, args.join(", "))
        };
        let value = returned.as_int().map_err(|kind| {
            Error::Invalid(format!(
                "{}: {} returned a {kind}; the step returns a whole number: {}",
                self.path.display(),
                shown(),
                signature.output
            ))
        })?;
        if !signature.outputs.contains(&value) {
            return Err(Error::Invalid(format!(
                "{}: {} returned {value}; the step returns {} ({}..={})",
                self.path.display(),
                shown(),
                signature.output,
                signature.outputs.start(),
                signature.outputs.end()
            )));
        }
        Ok(value)
    }

    /// The tables of `signature` for every input of its domain.
    fn enumerate(
        &self,
        signature: &'static StepSignature,
        cache: &mut StepCache,
    ) -> Result<HouseStep> {
        let size = signature.domain_size();
        if size > MAX_STEP_INPUTS {
            return Err(Error::Invalid(format!(
                "{}: {} has {size} inputs, more than the {MAX_STEP_INPUTS} a replaced step may have",
                self.path.display(),
                signature.name
            )));
        }
        let bounds = Bounds {
            max_paths: MAX_SCRIPT_PATHS,
            cut: TAIL_BOUND,
        };
        let mut tables = Vec::with_capacity(size);
        for inputs in signature.domain() {
            let mut merged: BTreeMap<i64, f64> = BTreeMap::new();
            let run = catch_unwind(AssertUnwindSafe(|| {
                for_each_path(
                    cache,
                    bounds,
                    |e| match with_dice(e, || self.call(signature, &inputs)) {
                        Ok(value) => value,
                        Err(error) => resume_unwind(Box::new(Failure(error))),
                    },
                    |value, p| *merged.entry(value).or_insert(0.0) += p,
                )
            }));
            let tail = match run {
                Ok(Ok(tail)) => tail,
                Ok(Err(why)) => return Err(self.no_table(signature, why)),
                Err(payload) => match payload.downcast::<Failure>() {
                    Ok(failure) => {
                        return Err(match failure.0 {
                            Error::Invalid(m) if m == sandbox::OUT_OF_BUDGET => {
                                Error::Invalid(format!(
                                    "{}: {} went past the limit of {MAX_ENUMERATION_OPERATIONS} operations over all its inputs and paths (each call: {MAX_OPERATIONS})",
                                    self.path.display(),
                                    signature.name
                                ))
                            }
                            error => error,
                        });
                    }
                    Err(other) => resume_unwind(other),
                },
            };
            if merged.is_empty() {
                return Err(Error::Invalid(format!(
                    "{}: {} gives no outcome of positive chance",
                    self.path.display(),
                    signature.name
                )));
            }
            tables.push(DrawTable::new(Table {
                outcomes: merged.into_iter().collect(),
                tail,
            }));
        }
        Ok(HouseStep::new(
            signature,
            self.path.display().to_string(),
            tables,
        ))
    }

    /// The error of a step with no table.
    fn no_table(&self, signature: &StepSignature, why: NoExact) -> Error {
        let reason = match why {
            NoExact::TooManyPaths(n) => format!("more than {n} paths of dice for one input"),
            NoExact::Continuous => "it draws a real number, not a die".into(),
            NoExact::Endless => "an open-ended die of one face never stops".into(),
        };
        Error::Invalid(format!(
            "{}: {} cannot be made a table ({reason}); a replaced step must have one",
            self.path.display(),
            signature.name
        ))
    }
}

#[cfg(test)]
#[path = "steps_tests.rs"]
mod tests;
