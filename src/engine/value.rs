//! The values of a mechanic's parameters: one [`Value`] (a number, a switch, a choice,
//! roster names with counts, a side resolved into members) and the checked set of them a
//! mechanic is built from ([`ParamValues`], made by [`ParamValues::resolve`] in
//! [`super::resolve`]).

use super::tables::RuleSet;
use std::fmt;

/// A parameter's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A whole number.
    Int(i64),
    /// A real number.
    Float(f64),
    /// A switch.
    Bool(bool),
    /// A choice, by name.
    Choice(&'static str),
    /// A list of whole numbers.
    IntList(Vec<i64>),
    /// Roster names with counts, as typed (`krom`, `fighter1*3,hd1*4`).
    Names(Names),
    /// A side, its names resolved into members.
    Side(SideValue),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Float(v) => write!(f, "{v}"),
            Value::Bool(v) => write!(f, "{v}"),
            Value::Choice(v) => write!(f, "{v}"),
            Value::IntList(v) => {
                let parts: Vec<String> = v.iter().map(|x| x.to_string()).collect();
                write!(f, "[{}]", parts.join(","))
            }
            Value::Names(names) => f.write_str(&names_text(names)),
            Value::Side(side) => write!(f, "{side}"),
        }
    }
}

/// A list of roster names with counts, as typed: `fighter1*3,hd1*4`.
pub type Names = Vec<(String, u32)>;

/// Largest count after a name (`hd1*30`).
pub const MAX_COUNT: u32 = 100;

/// Reads `fighter1*3, hd1*4` (or one name) into names with counts.
pub fn parse_names(text: &str) -> std::result::Result<Names, String> {
    let mut names = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        let (name, count) = match part.split_once('*') {
            Some((n, c)) => (n.trim(), c.trim()),
            None => (part, "1"),
        };
        let count: u32 = count
            .parse()
            .ok()
            .filter(|c| (1..=MAX_COUNT).contains(c))
            .ok_or_else(|| format!("'{part}': the count after * must be in 1..={MAX_COUNT}"))?;
        check_name(name)?;
        names.push((name.to_string(), count));
    }
    Ok(names)
}

/// A roster name is letters, digits, `_` and `-`, starting with a letter.
pub fn check_name(name: &str) -> std::result::Result<(), String> {
    let ok = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if ok {
        Ok(())
    } else {
        Err(format!(
            "'{name}' is not a roster name (letters, digits, '_' and '-', starting with a letter)"
        ))
    }
}

/// Writes names as typed: `fighter1*3,hd1`.
pub fn names_text(names: &Names) -> String {
    names
        .iter()
        .map(|(n, c)| {
            if *c == 1 {
                n.clone()
            } else {
                format!("{n}*{c}")
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// A side of a group fight as given and resolved: the names typed and, for each member,
/// its fields resolved against the member config (defaults filled in).
#[derive(Debug, Clone, PartialEq)]
pub struct SideValue {
    /// The names as typed.
    pub names: Names,
    /// One `(name, values)` per member, in order (`hd1*4` is four members).
    pub members: Vec<(String, ParamValues)>,
}

impl fmt::Display for SideValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&names_text(&self.names))
    }
}

/// The validated values of every parameter of a mechanic, defaults filled in, in the
/// order the mechanic declares them.
#[derive(Debug, Clone, PartialEq)]
pub struct ParamValues {
    values: Vec<(String, Value)>,
    rules: Option<RuleSet>,
}

impl ParamValues {
    /// Values already checked against their specs, in declaration order, with the official
    /// rule tables.
    pub(crate) fn from_resolved(values: Vec<(String, Value)>) -> Self {
        Self {
            values,
            rules: None,
        }
    }

    /// The same values, the models to be built with the rule tables `rules` (`None`: the
    /// official ones).
    pub fn with_rules(mut self, rules: Option<RuleSet>) -> Self {
        self.rules = rules;
        self
    }

    /// The rule tables given (`None`: the official ones).
    pub fn rules(&self) -> Option<&RuleSet> {
        self.rules.as_ref()
    }

    /// Every value, in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.values.iter().map(|(n, v)| (n.as_str(), v))
    }

    /// The value of `name`, if the mechanic has such a parameter.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.values.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}
