//! What one call of `roll(p)` gives: the declared values, in the order of `results()`, each
//! a boolean (a chance) or a whole number (a mean with its histogram).

use super::declare::ResultDecl;
use rhai::{Dynamic, Map};

/// One returned value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Val {
    /// A boolean: reported as a chance.
    Bool(bool),
    /// A whole number: reported as a mean, with its histogram.
    Int(i64),
}

/// What a value is reported as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A chance.
    Chance,
    /// A mean with its histogram.
    Number,
}

impl Val {
    /// What it is reported as.
    pub fn kind(self) -> Kind {
        match self {
            Val::Bool(_) => Kind::Chance,
            Val::Int(_) => Kind::Number,
        }
    }
}

/// The values of one roll, in the order `results()` declares them.
pub type Outcome = Box<[Val]>;

/// The outcome of the map `returned` by `roll`, checked against `decls`.
pub fn outcome_of(returned: Dynamic, decls: &[ResultDecl]) -> Result<Outcome, String> {
    let type_name = returned.type_name();
    let map: Map = returned.try_cast::<Map>().ok_or_else(|| {
        format!(
            "roll(p) must return a map of its results, #{{ name: value, ... }}, not {type_name}"
        )
    })?;
    if let Some(extra) = map
        .keys()
        .find(|k| !decls.iter().any(|d| d.name == k.as_str()))
    {
        let names: Vec<&str> = decls.iter().map(|d| d.name.as_str()).collect();
        return Err(format!(
            "roll(p) returned '{extra}', which results() does not declare (declared: {})",
            names.join(", ")
        ));
    }
    decls
        .iter()
        .map(|d| {
            let value = map
                .get(d.name.as_str())
                .ok_or_else(|| format!("roll(p) did not return '{}'", d.name))?;
            if let Ok(b) = value.as_bool() {
                Ok(Val::Bool(b))
            } else if let Ok(i) = value.as_int() {
                Ok(Val::Int(i))
            } else {
                Err(format!(
                    "roll(p) returned '{}' = {value} ({}); a result is true/false (a chance) or a whole number (a mean)",
                    d.name,
                    value.type_name()
                ))
            }
        })
        .collect()
}

/// The kind of each value of `outcome`.
pub fn kinds(outcome: &[Val]) -> Vec<Kind> {
    outcome.iter().map(|v| v.kind()).collect()
}
