//! The validated values of a mechanic's parameters: `name=value` words parsed against the
//! specs, roster names looked up, defaults filled in, every missing value named at once.

use super::params::{ParamSpec, Value};
use super::roster::{self, Rosters};
use crate::error::{Error, Result, did_you_mean};

/// The validated values of every parameter of a mechanic, defaults filled in, in the
/// order the mechanic declares them.
#[derive(Debug, Clone, PartialEq)]
pub struct ParamValues {
    values: Vec<(String, Value)>,
    rules: Option<super::rules::RuleSet>,
}

impl ParamValues {
    /// Checks `given` against `specs`: unknown names, missing required values (all of
    /// them at once, with the roster names that would give them) and duplicates are
    /// errors; absent parameters take their defaults; roster names are looked up in
    /// `rosters` ([`roster::expand`]).
    pub fn resolve(
        mechanic: &str,
        specs: &[ParamSpec],
        given: &[(String, Value)],
        rosters: &Rosters,
    ) -> Result<Self> {
        for (name, _) in given {
            if !specs.iter().any(|s| &s.name == name) {
                return Err(unknown_param(mechanic, specs, name));
            }
        }
        let given = roster::expand(mechanic, specs, given, rosters)?;
        let mut values = Vec::with_capacity(specs.len());
        let mut missing = Vec::new();
        for spec in specs {
            let mut matching = given.iter().filter(|(n, _)| *n == spec.name);
            let value = match matching.next() {
                Some((_, v)) => spec.check(v.clone())?,
                None if spec.optional && spec.default_value().is_none() => continue,
                None => match spec.default_value() {
                    Some(v) => v,
                    None => {
                        missing.push(spec);
                        continue;
                    }
                },
            };
            if matching.next().is_some() {
                return Err(Error::value(&spec.name, "given twice"));
            }
            values.push((spec.name.clone(), value));
        }
        if let Some(first) = missing.first() {
            let names: Vec<&str> = missing.iter().map(|s| s.name.as_str()).collect();
            let what = match missing.as_slice() {
                [one] => format!("a value for '{}' ({})", one.name, one.accepted()),
                _ => format!("values for '{}'", names.join("', '")),
            };
            let hint = roster::filling_hint(mechanic, specs, &names, rosters);
            return Err(Error::value(
                &first.name,
                format!("{mechanic} needs {what}{hint}"),
            ));
        }
        Ok(Self {
            values,
            rules: None,
        })
    }

    /// The same values, the models to be built with the rule tables `rules` (`None`: the
    /// official ones).
    pub fn with_rules(mut self, rules: Option<super::rules::RuleSet>) -> Self {
        self.rules = rules;
        self
    }

    /// The rule tables given (`None`: the official ones).
    pub fn rules(&self) -> Option<&super::rules::RuleSet> {
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

/// The error for a parameter name the mechanic does not take.
pub fn unknown_param(mechanic: &str, specs: &[ParamSpec], name: &str) -> Error {
    Error::UnknownParam {
        mechanic: mechanic.into(),
        name: name.into(),
        hint: did_you_mean(name, specs.iter().map(|s| s.name.as_str())),
        accepted: specs
            .iter()
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// Splits `key=value` words from the command line and parses each against `specs`.
pub fn parse_assignments(
    mechanic: &str,
    specs: &[ParamSpec],
    words: &[String],
) -> Result<Vec<(String, Value)>> {
    words
        .iter()
        .map(|word| {
            let (key, text) = word.split_once('=').ok_or_else(|| {
                Error::Invalid(format!(
                    "'{word}' is not a parameter assignment; write name=value, like ca=12"
                ))
            })?;
            let spec = specs
                .iter()
                .find(|s| s.name == key)
                .ok_or_else(|| unknown_param(mechanic, specs, key))?;
            Ok((key.to_string(), spec.parse_text(text)?))
        })
        .collect()
}
