//! House rules as data: a rule system's tables (damage thresholds, wound boxes, the
//! faces that make a critical...) declared once as typed values whose defaults are the
//! official ones, read from TOML, checked, and handed to the models when they are built.
//!
//! A system declares its tables as a serde struct implementing [`RuleTables`] (every
//! table a struct with `#[serde(deny_unknown_fields, default)]`, so a file only needs the
//! entries it changes) and registers a [`Schema`] of it. A mechanic that reads the tables
//! takes a config field of kind `rules()` ([`crate::config!`]): it gets the official
//! tables, or the ones given with the parameters ([`ParamValues::with_rules`]), copied in
//! when the model is built, so nothing is looked up per roll.
//!
//! Reading is system-agnostic: the entries given are first checked against the shape of
//! the official tables (every key known, every value of the official value's type, every
//! list of its length), then read into the typed struct, then checked by the system
//! ([`RuleTables::check`]: ordered thresholds, ranges, chances in 0..1). An error names the
//! dotted key (`damage.legere`); the reader of a file adds the line.

use super::params::ParamValues;
use crate::error::{Error, Result, did_you_mean};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::any::Any;
use std::fmt;
use std::marker::PhantomData;
use std::ops::RangeInclusive;
use std::sync::Arc;

/// A rule system's tables, the official values as `Default`.
pub trait RuleTables:
    Default + Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// The system (`aube`).
    const SYSTEM: &'static str;

    /// What each table and entry is, by dotted key (`damage`, `damage.legere`): `alea
    /// rules` prints them as comments. Every table and entry has one (a unit test of
    /// each system checks it).
    const DOCS: &'static [(&'static str, &'static str)];

    /// Checks the tables as a whole (order of thresholds, ranges, shapes): the first
    /// problem found.
    fn check(&self) -> std::result::Result<(), TableError>;
}

/// A problem in rule tables: the dotted key (`damage.legere`) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableError {
    /// The dotted key concerned (`damage.legere`, or a table, `damage`).
    pub key: String,
    /// What is wrong and what is accepted.
    pub message: String,
}

impl TableError {
    /// A problem with `key`.
    pub fn new(key: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            key: key.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.key, self.message)
    }
}

/// Checks that the entry `key` is in `range`.
pub fn check_range(
    key: &str,
    value: i64,
    range: RangeInclusive<i64>,
) -> std::result::Result<(), TableError> {
    if range.contains(&value) {
        Ok(())
    } else {
        Err(TableError::new(
            key,
            format!(
                "{value} is out of range; give an integer in {}..={}",
                range.start(),
                range.end()
            ),
        ))
    }
}

/// Checks that the list `key` has `expected` entries (the rows of a matrix).
pub fn check_len(key: &str, len: usize, expected: usize) -> std::result::Result<(), TableError> {
    if len == expected {
        Ok(())
    } else {
        Err(TableError::new(
            key,
            format!("has {len} entries; expected {expected}"),
        ))
    }
}

/// Checks that the chance `key` is in 0..=1.
pub fn check_chance(key: &str, value: f64) -> std::result::Result<(), TableError> {
    if (0.0..=1.0).contains(&value) {
        Ok(())
    } else {
        Err(TableError::new(
            key,
            format!("{value} is not a chance; give a number in 0..=1"),
        ))
    }
}

/// Checks that the entries of `table`, `(name, value)` in the order given, never go
/// down (thresholds: an entry equal to the one before leaves an empty band).
pub fn check_ordered(table: &str, entries: &[(&str, i64)]) -> std::result::Result<(), TableError> {
    for pair in entries.windows(2) {
        let ((lo_name, lo), (hi_name, hi)) = (pair[0], pair[1]);
        if hi < lo {
            return Err(TableError::new(
                format!("{table}.{hi_name}"),
                format!(
                    "{hi} is below {table}.{lo_name} = {lo}; the entries of [{table}] go up in the order {}",
                    entries
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// A set of faces of a die (1 to 63), written in TOML as a list (`[1, 11]`, or `[]` for
/// none): the faces that make a critical, say. A `Copy` bit set, cheap to test in a hot
/// loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, serde::Deserialize)]
#[serde(try_from = "Vec<i64>", into = "Vec<i64>")]
pub struct Faces(u64);

impl Faces {
    /// The set of `faces` (each in 1..=63).
    pub const fn of(faces: &[u32]) -> Self {
        let mut bits = 0;
        let mut i = 0;
        while i < faces.len() {
            bits |= 1 << faces[i];
            i += 1;
        }
        Self(bits)
    }

    /// True when `face` is in the set.
    #[inline(always)]
    pub fn has(self, face: u32) -> bool {
        face < 64 && self.0 >> face & 1 == 1
    }

    /// The highest face in the set (0 when empty).
    pub fn max(self) -> u32 {
        63 - self.0.leading_zeros().min(63)
    }
}

impl TryFrom<Vec<i64>> for Faces {
    type Error = String;

    fn try_from(faces: Vec<i64>) -> std::result::Result<Self, String> {
        faces.iter().try_fold(Faces(0), |set, &f| {
            if (1..=63).contains(&f) {
                Ok(Faces(set.0 | 1 << f))
            } else {
                Err(format!("{f} is not a face of a die; give faces from 1 up"))
            }
        })
    }
}

impl From<Faces> for Vec<i64> {
    fn from(faces: Faces) -> Self {
        (1..64).filter(|&f| faces.has(f)).map(i64::from).collect()
    }
}

/// One entry that differs from the official tables.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    /// Dotted key (`damage.legere`).
    pub key: String,
    /// The official value.
    pub official: toml::Value,
    /// The value in force.
    pub value: toml::Value,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} = {} (official {})",
            self.key, self.value, self.official
        )
    }
}

/// A system's tables as given, checked: what [`ParamValues`] carries to the models.
#[derive(Clone)]
pub struct RuleSet {
    system: &'static str,
    tables: Arc<dyn Any + Send + Sync>,
    given: toml::Table,
    changes: Vec<Change>,
}

impl RuleSet {
    /// The system whose tables these are.
    pub fn system(&self) -> &'static str {
        self.system
    }

    /// The typed tables, when they are of type `T`.
    pub fn tables<T: RuleTables>(&self) -> Option<&T> {
        self.tables.downcast_ref::<T>()
    }

    /// The entries as given (the tables a file changes, a layer for [`RuleSet::merged`]).
    pub fn given(&self) -> &toml::Table {
        &self.given
    }

    /// Every entry that differs from the official tables, in table order.
    pub fn changes(&self) -> &[Change] {
        &self.changes
    }

    /// True when every entry has its official value.
    pub fn is_official(&self) -> bool {
        self.changes.is_empty()
    }
}

impl PartialEq for RuleSet {
    fn eq(&self, other: &Self) -> bool {
        self.system == other.system && self.changes == other.changes
    }
}

impl fmt::Debug for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RuleSet")
            .field("system", &self.system)
            .field("changes", &self.changes)
            .finish()
    }
}

/// A system's tables seen without their type: what the registry of systems holds.
pub trait RuleSchema: Sync {
    /// The system.
    fn system(&self) -> &'static str;

    /// The official tables as TOML.
    fn official(&self) -> toml::Table;

    /// The doc of every table and entry ([`RuleTables::DOCS`]).
    fn docs(&self) -> &'static [(&'static str, &'static str)];

    /// Reads and checks the entries `given` (a file need only give the entries it
    /// changes).
    fn load(&self, given: &toml::Table) -> std::result::Result<RuleSet, TableError>;
}

/// The [`RuleSchema`] of tables of type `T`.
pub struct Schema<T>(PhantomData<fn() -> T>);

impl<T> Schema<T> {
    /// The schema of `T`.
    pub const fn new() -> Self {
        Self(PhantomData)
    }
}

impl<T> Default for Schema<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// `value` as TOML (tables are plain data: this cannot fail but for a bug).
fn to_table<T: Serialize>(value: &T) -> toml::Table {
    toml::Table::try_from(value).unwrap_or_else(|e| panic!("rule tables as TOML: {e}"))
}

impl<T: RuleTables> RuleSchema for Schema<T> {
    fn system(&self) -> &'static str {
        T::SYSTEM
    }

    fn official(&self) -> toml::Table {
        to_table(&T::default())
    }

    fn docs(&self) -> &'static [(&'static str, &'static str)] {
        T::DOCS
    }

    fn load(&self, given: &toml::Table) -> std::result::Result<RuleSet, TableError> {
        let official = self.official();
        let mut normalised = given.clone();
        check_shape(&mut normalised, &official, "")?;
        let tables: T = toml::Value::Table(normalised.clone())
            .try_into()
            .map_err(|_| read_error::<T>(&normalised))?;
        tables.check()?;
        let mut changes = Vec::new();
        diff(&to_table(&tables), &official, "", &mut changes);
        Ok(RuleSet {
            system: T::SYSTEM,
            tables: Arc::new(tables),
            given: given.clone(),
            changes,
        })
    }
}

fn join(prefix: &str, key: &str) -> String {
    if prefix.is_empty() {
        key.to_string()
    } else {
        format!("{prefix}.{key}")
    }
}

/// "an integer, like 20", for a message saying what `official` expects.
fn expected(official: &toml::Value) -> String {
    match official {
        toml::Value::Table(_) => "a table".into(),
        toml::Value::Array(_) => format!("a list, like {official}"),
        toml::Value::Integer(_) => format!("an integer, like {official}"),
        toml::Value::Float(_) => format!("a number, like {official}"),
        toml::Value::Boolean(_) => "true or false".into(),
        other => format!("a {}, like {other}", other.type_str()),
    }
}

/// Checks `value` (at `key`) against the shape of `official`, and writes a whole number
/// given for a real one as a real.
fn check_value(
    value: &mut toml::Value,
    official: &toml::Value,
    key: &str,
) -> std::result::Result<(), TableError> {
    use toml::Value as V;
    match (official, &mut *value) {
        (V::Table(o), V::Table(v)) => check_shape(v, o, key),
        (V::Array(o), V::Array(v)) => {
            // Lengths are the system's to check (a list of critical faces may shrink or
            // grow; a matrix may not): each entry has the shape of the official one at
            // its place, or of the first.
            for (i, item) in v.iter_mut().enumerate() {
                if let Some(off) = o.get(i).or(o.first()) {
                    check_value(item, off, &format!("{key}[{}]", i + 1))?;
                }
            }
            Ok(())
        }
        (V::Float(_), V::Integer(n)) => {
            let real = *n as f64;
            *value = V::Float(real);
            Ok(())
        }
        (V::Integer(_), V::Integer(_))
        | (V::Float(_), V::Float(_))
        | (V::Boolean(_), V::Boolean(_))
        | (V::String(_), V::String(_)) => Ok(()),
        (_, v) => Err(TableError::new(
            key,
            format!("'{v}' is not accepted; expected {}", expected(official)),
        )),
    }
}

/// Checks every entry of `given` (under `prefix`) against the official tables.
fn check_shape(
    given: &mut toml::Table,
    official: &toml::Table,
    prefix: &str,
) -> std::result::Result<(), TableError> {
    for (name, value) in given.iter_mut() {
        let key = join(prefix, name);
        let Some(off) = official.get(name) else {
            let what = if prefix.is_empty() {
                "table".to_string()
            } else {
                format!("entry of [{prefix}]")
            };
            return Err(TableError::new(
                &key,
                format!(
                    "unknown {what}{}; known: {}",
                    did_you_mean(name, official.keys().map(String::as_str)),
                    official.keys().cloned().collect::<Vec<_>>().join(", ")
                ),
            ));
        };
        check_value(value, off, &key)?;
    }
    Ok(())
}

/// Why `table`, of the shape of the official tables, does not read as a `T` (a value a
/// table's own type refuses, like a face off the die), with the key: the table is written
/// out as TOML and read again, so the error's position names the line, hence the key.
fn read_error<T: RuleTables>(table: &toml::Table) -> TableError {
    let text = toml::to_string(table).unwrap_or_default();
    let Err(e) = toml::from_str::<T>(&text) else {
        return TableError::new(T::SYSTEM, "the tables do not read back");
    };
    let key = e
        .span()
        .and_then(|span| key_at(&text, span.start))
        .unwrap_or_else(|| T::SYSTEM.to_string());
    TableError::new(key, e.message().to_string())
}

/// The dotted key assigned on the line of `offset` in `text` (TOML as `toml` writes it:
/// `[table]` headers, then `key = value` lines).
fn key_at(text: &str, offset: usize) -> Option<String> {
    let before = &text[..offset.min(text.len())];
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].lines().next()?;
    let (key, _) = line.split_once('=')?;
    let table = before[..start]
        .lines()
        .rev()
        .find_map(|l| l.trim().strip_prefix('[')?.strip_suffix(']'));
    Some(match table {
        Some(t) => format!("{t}.{}", key.trim()),
        None => key.trim().to_string(),
    })
}

/// Every leaf of `now` that differs from `official`, under `prefix`, into `out`.
fn diff(now: &toml::Table, official: &toml::Table, prefix: &str, out: &mut Vec<Change>) {
    for (name, value) in now {
        let key = join(prefix, name);
        match (value, official.get(name)) {
            (toml::Value::Table(v), Some(toml::Value::Table(o))) => diff(v, o, &key, out),
            (v, Some(o)) if v == o => {}
            (v, o) => out.push(Change {
                key,
                official: o
                    .cloned()
                    .unwrap_or_else(|| toml::Value::String("-".into())),
                value: v.clone(),
            }),
        }
    }
}

/// `over` laid over `base`, table by table: an entry of `over` replaces the one of
/// `base` (a variant's rules over an analysis's).
pub fn merged(base: &toml::Table, over: &toml::Table) -> toml::Table {
    let mut out = base.clone();
    for (name, value) in over {
        match (out.get_mut(name), value) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => *b = merged(b, o),
            _ => {
                out.insert(name.clone(), value.clone());
            }
        }
    }
    out
}

/// The tables a model is built with: those carried by `values`, or the official ones (a
/// config field of kind `rules()` reads them).
pub fn read_tables<T: RuleTables>(values: &ParamValues) -> Result<T> {
    match values.rules() {
        None => Ok(T::default()),
        Some(rules) => rules.tables::<T>().cloned().ok_or_else(|| {
            Error::value(
                "rules",
                format!(
                    "the rule tables given are {}'s; this mechanic reads {}'s",
                    rules.system(),
                    T::SYSTEM
                ),
            )
        }),
    }
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
