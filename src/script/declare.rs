//! What a script declares: its parameters (`fn params()`, a list of `param(...)` and
//! `choice(...)`) and the named values its `roll` returns (`fn results()`, a list of
//! `result(name, doc)`), read once when the script is loaded.

use crate::engine::params::{ParamKind, ParamSpec, Value};
use crate::error::{Error, Result};
use rhai::{Array, Dynamic, Engine, FLOAT, INT, Map};

/// Range of a whole-number parameter declared without one.
pub const DEFAULT_INT_RANGE: (i64, i64) = (-1_000_000, 1_000_000);

/// Range of a real parameter declared without one.
pub const DEFAULT_FLOAT_RANGE: (f64, f64) = (-1e9, 1e9);

/// Names the results table uses for its own columns.
const RESERVED: [&str; 3] = ["variant", "samples", "seed"];

/// One value `roll` returns: its name and what it means.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultDecl {
    /// The name, a key of the map `roll` returns.
    pub name: String,
    /// What it measures (`alea list` shows it).
    pub doc: &'static str,
}

/// Registers `param`, `choice` and `result`, the helpers of the declarations.
pub fn register(engine: &mut Engine) {
    fn param(name: &str, default: Dynamic, doc: &str) -> Map {
        let mut m = Map::new();
        m.insert("name".into(), name.into());
        m.insert("default".into(), default);
        m.insert("doc".into(), doc.into());
        m
    }
    engine.register_fn("param", param);
    engine.register_fn(
        "param",
        |name: &str, default: Dynamic, doc: &str, min: Dynamic, max: Dynamic| {
            let mut m = param(name, default, doc);
            m.insert("min".into(), min);
            m.insert("max".into(), max);
            m
        },
    );
    engine.register_fn(
        "choice",
        |name: &str, default: &str, choices: Array, doc: &str| {
            let mut m = param(name, default.into(), doc);
            m.insert("choices".into(), choices.into());
            m
        },
    );
    engine.register_fn("result", |name: &str, doc: &str| {
        let mut m = Map::new();
        m.insert("name".into(), name.into());
        m.insert("doc".into(), doc.into());
        m
    });
}

/// A doc kept for the life of the program (a script is loaded once per run).
fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

fn field(map: &Map, key: &str) -> Option<Dynamic> {
    map.get(key).cloned()
}

fn text_field(map: &Map, key: &str, what: &str) -> std::result::Result<String, String> {
    match field(map, key) {
        Some(v) if v.is_string() => Ok(v.into_string().unwrap_or_default()),
        Some(v) => Err(format!("{what}: '{key}' is {}, not text", v.type_name())),
        None => Err(format!("{what}: no '{key}'")),
    }
}

/// A name a user types: letters, digits and '_', starting with a letter.
fn check_name(name: &str, what: &str) -> std::result::Result<(), String> {
    let ok = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !ok {
        return Err(format!(
            "{what} '{name}': a name is letters, digits and '_', starting with a letter"
        ));
    }
    if RESERVED.contains(&name) {
        return Err(format!(
            "{what} '{name}': the results table has a column of that name; choose another"
        ));
    }
    Ok(())
}

fn as_i64(v: &Dynamic) -> Option<i64> {
    v.as_int().ok()
}

fn as_f64(v: &Dynamic) -> Option<f64> {
    v.as_float()
        .ok()
        .or_else(|| v.as_int().ok().map(|i| i as f64))
}

/// The spec of one entry of `params()`.
fn spec_of(entry: &Dynamic) -> std::result::Result<ParamSpec, String> {
    let map = entry
        .read_lock::<Map>()
        .ok_or_else(|| format!("a parameter is {}, not param(...)", entry.type_name()))?
        .clone();
    let name = text_field(&map, "name", "a parameter")?;
    check_name(&name, "parameter")?;
    let what = format!("parameter '{name}'");
    let doc = leak(text_field(&map, "doc", &what)?);
    let default = field(&map, "default").ok_or_else(|| format!("{what}: no default"))?;
    let (min, max) = (field(&map, "min"), field(&map, "max"));
    let range_err = || format!("{what}: min and max must be numbers of the default's type");
    if let Some(choices) = field(&map, "choices") {
        let choices: Vec<&'static str> = choices
            .into_array()
            .map_err(|_| format!("{what}: choices must be a list of words"))?
            .into_iter()
            .map(|c| c.into_string().map(leak))
            .collect::<std::result::Result<_, _>>()
            .map_err(|_| format!("{what}: choices must be a list of words"))?;
        let default = default.into_string().unwrap_or_default();
        let default = choices
            .iter()
            .find(|c| **c == default)
            .copied()
            .ok_or_else(|| format!("{what}: the default '{default}' is not one of the choices"))?;
        return Ok(ParamSpec {
            name,
            doc,
            optional: false,
            kind: ParamKind::Choice {
                choices,
                summary: None,
                default: Some(default),
            },
        });
    }
    let spec = if let Ok(b) = default.as_bool() {
        if min.is_some() {
            return Err(format!("{what}: a switch has no range"));
        }
        ParamSpec::bool(&name, doc, b)
    } else if let Some(d) = as_i64(&default) {
        let (lo, hi) = match (min, max) {
            (Some(lo), Some(hi)) => (
                as_i64(&lo).ok_or_else(range_err)?,
                as_i64(&hi).ok_or_else(range_err)?,
            ),
            _ => DEFAULT_INT_RANGE,
        };
        if !(lo <= d && d <= hi) {
            return Err(format!("{what}: the default {d} is outside {lo}..={hi}"));
        }
        ParamSpec::int(&name, doc, lo, hi, Some(d))
    } else if let Ok(d) = default.as_float() {
        let (lo, hi) = match (min, max) {
            (Some(lo), Some(hi)) => (
                as_f64(&lo).ok_or_else(range_err)?,
                as_f64(&hi).ok_or_else(range_err)?,
            ),
            _ => DEFAULT_FLOAT_RANGE,
        };
        if !(lo <= d && d <= hi) {
            return Err(format!("{what}: the default {d} is outside {lo}..={hi}"));
        }
        ParamSpec::float(&name, doc, lo, hi, Some(d))
    } else {
        return Err(format!(
            "{what}: the default is {}; give a whole number, a real number, true/false, or use choice(...)",
            default.type_name()
        ));
    };
    Ok(spec)
}

/// The parameters `params()` returned (`list`), checked.
pub fn params(list: Dynamic) -> std::result::Result<Vec<ParamSpec>, String> {
    let list = list
        .into_array()
        .map_err(|t| format!("params() must return a list [param(...), ...], not {t}"))?;
    let mut specs: Vec<ParamSpec> = Vec::new();
    for entry in &list {
        let spec = spec_of(entry)?;
        if specs.iter().any(|s| s.name == spec.name) {
            return Err(format!("parameter '{}' is declared twice", spec.name));
        }
        specs.push(spec);
    }
    Ok(specs)
}

/// The results `results()` returned (`list`), checked.
pub fn results(list: Dynamic) -> std::result::Result<Vec<ResultDecl>, String> {
    let list = list
        .into_array()
        .map_err(|t| format!("results() must return a list [result(name, doc), ...], not {t}"))?;
    let mut decls: Vec<ResultDecl> = Vec::new();
    for entry in &list {
        let map = entry
            .read_lock::<Map>()
            .ok_or_else(|| format!("a result is {}, not result(name, doc)", entry.type_name()))?
            .clone();
        let name = text_field(&map, "name", "a result")?;
        check_name(&name, "result")?;
        let doc = leak(text_field(&map, "doc", &format!("result '{name}'"))?);
        if decls.iter().any(|d| d.name == name) {
            return Err(format!("result '{name}' is declared twice"));
        }
        decls.push(ResultDecl { name, doc });
    }
    if decls.is_empty() {
        return Err("results() declares nothing; roll(p) must return at least one value".into());
    }
    Ok(decls)
}

/// The parameters as the map `roll(p)` receives (`p.target`).
pub fn values_map(values: &[(String, Value)]) -> Result<Map> {
    let mut map = Map::new();
    for (name, value) in values {
        let v: Dynamic = match value {
            Value::Int(i) => (*i as INT).into(),
            Value::Float(f) => (*f as FLOAT).into(),
            Value::Bool(b) => (*b).into(),
            Value::Choice(c) => (*c).into(),
            other => {
                return Err(Error::value(
                    name,
                    format!("{other} is not a value a script takes"),
                ));
            }
        };
        map.insert(name.as_str().into(), v);
    }
    Ok(map)
}
