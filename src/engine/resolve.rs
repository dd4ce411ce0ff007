//! The validated values of a mechanic's parameters: `name=value` words parsed against the
//! specs, roster names looked up, defaults filled in, every missing value named at once.

use super::params::ParamSpec;
use super::roster::{self, Rosters};
use super::value::{ParamValues, Value};
use crate::error::{Error, Result, did_you_mean};

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
        check_not_replaced(specs, given)?;
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
        Ok(Self::from_resolved(values))
    }
}

/// Refuses a parameter given together with a side that replaces it (`pc.combat` with
/// `party`): one of the two would be ignored.
fn check_not_replaced(specs: &[ParamSpec], given: &[(String, Value)]) -> Result<()> {
    for side in specs {
        if !given.iter().any(|(n, _)| *n == side.name) {
            continue;
        }
        if let Some((name, _)) = given.iter().find(|(n, _)| side.replaces(n)) {
            let super::params::ParamKind::Side { instead_of, .. } = &side.kind else {
                continue;
            };
            let replaced: Vec<String> = instead_of
                .iter()
                .map(|x| {
                    let fields = format!("{x}.");
                    if specs.iter().any(|s| s.name.starts_with(&fields)) {
                        format!("'{x}' and '{x}.*'")
                    } else {
                        format!("'{x}'")
                    }
                })
                .collect();
            return Err(Error::value(
                name,
                format!(
                    "given with '{side}', which replaces {}: '{name}' would be ignored; give one or the other",
                    replaced.join(", "),
                    side = side.name
                ),
            ));
        }
    }
    Ok(())
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
