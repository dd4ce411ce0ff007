//! House rules as data: a rule system's tables (damage thresholds, wound boxes, the
//! faces that make a critical...) declared once as typed values whose defaults are the
//! official ones, read from TOML, checked, and handed to the models when they are built.
//!
//! A system declares its tables as a serde struct implementing [`RuleTables`] (every
//! table a struct with `#[serde(deny_unknown_fields, default)]`, so a file only needs the
//! entries it changes; [`crate::rule_tables!`] makes the official values every table's
//! `Default`) and registers a [`Schema`] of it. A mechanic that reads the tables
//! takes a config field of kind `rules()` ([`crate::config!`]): it gets the official
//! tables, or the ones given with the parameters ([`crate::engine::ParamValues::with_rules`]), copied in
//! when the model is built, so nothing is looked up per roll.
//!
//! Reading is system-agnostic: the entries given are first checked against the shape of
//! the official tables (every key known, every value of the official value's type, every
//! list of its length), then read into the typed struct, then checked by the system
//! ([`RuleTables::check`]: ordered thresholds, ranges, chances in 0..1). An error names the
//! dotted key (`damage.legere`); the reader of a file adds the line.

mod declare;
mod faces;
mod shape;
#[cfg(test)]
pub(crate) mod testing;

pub use faces::Faces;

use super::house_step::HouseSteps;
use serde::Serialize;
use serde::de::DeserializeOwned;
use shape::{check_shape, diff, read_error};
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

    /// The same tables carrying `steps`, the steps a house rule replaces, for a system
    /// whose rules reach their steps through the tables (default: the tables unchanged;
    /// a mechanic may also read a step with a config field of kind `house_step`).
    fn with_steps(self, _steps: &HouseSteps) -> Self {
        self
    }
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

/// Checks that every entry of `table`, `(name, value)`, is in `range` (the first one
/// out of it is the error).
pub fn check_ranges(
    table: &str,
    entries: &[(&str, i64)],
    range: RangeInclusive<i64>,
) -> std::result::Result<(), TableError> {
    entries.iter().try_for_each(|&(name, value)| {
        check_range(&format!("{table}.{name}"), value, range.clone())
    })
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
        if let (Some(step), toml::Value::String(source)) =
            (self.key.strip_prefix("script."), &self.value)
        {
            return write!(f, "{step} replaced by the script {source}");
        }
        write!(
            f,
            "{} = {} (official {})",
            self.key, self.value, self.official
        )
    }
}

/// A system's tables as given, checked: what [`crate::engine::ParamValues`] carries to the models.
#[derive(Clone)]
pub struct RuleSet {
    system: &'static str,
    tables: Arc<dyn Any + Send + Sync>,
    given: toml::Table,
    changes: Vec<Change>,
    steps: HouseSteps,
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

    /// The entries as given (the tables a file changes, a layer for [`merged`]).
    pub fn given(&self) -> &toml::Table {
        &self.given
    }

    /// The steps a house rule replaces ([`crate::engine::house_step`]).
    pub fn steps(&self) -> &HouseSteps {
        &self.steps
    }

    /// The same tables with `steps` replacing the system's steps (each listed among the
    /// changes as `script.<step> = "<source>"`).
    pub fn with_steps(mut self, steps: HouseSteps) -> Self {
        self.changes.retain(|c| !c.key.starts_with("script."));
        for step in steps.replaced() {
            self.changes.push(Change {
                key: format!("script.{}", step.signature().name),
                official: toml::Value::String("official".into()),
                value: toml::Value::String(step.source().to_string()),
            });
        }
        self.steps = steps;
        self
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
            steps: HouseSteps::OFFICIAL,
        })
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

#[cfg(test)]
mod tests;
