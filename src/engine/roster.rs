//! Rosters: named fighters, so a fight takes `a=krom` instead of six numbers, and a group
//! fight takes whole sides (`party=fighter1*3`).
//!
//! A system declares the [`Kind`]s of entry its rosters hold (`aube` fighters; `ose`
//! fighters and monsters), each with the fields of one of its fighter configs. An
//! [`Entry`] is a name and the fields it gives. The engine knows no system: an entry fills
//! any group of parameters whose fields its kind covers, so the entry `krom` fills the
//! fighter `a.*` of `aube.duel` and the attacker `att.*` of `aube.attack` (the fields
//! `att.*` takes), while an `ose` monster cannot fill an `ose` fighter (it has no
//! `thac0`).
//!
//! Two parameter kinds take names: a group's own name (`a`, declared by `group("a")` in
//! [`config!`](crate::config)), filled from one entry, with fields given explicitly
//! (`a.ca=11`) winning; and a side ([`Party`], declared by `side(len = ..)`), a list of
//! names with counts (`fighter1*3,hd1*4`), read as one config per member.

use super::config::{Config, FromValue};
use super::params::{ParamKind, ParamSpec};
pub use super::value::{MAX_COUNT, Names, SideValue, check_name, names_text, parse_names};
use super::value::{ParamValues, Value};
use crate::error::{Error, Result, did_you_mean};

/// A kind of roster entry a system accepts: the `[[fighter]]` tables of an `aube` roster,
/// the `[[monster]]` tables of an `ose` one.
#[derive(Debug, Clone, PartialEq)]
pub struct Kind {
    /// The system (`aube`).
    pub system: &'static str,
    /// The name of its tables in a roster file (`fighter`).
    pub table: &'static str,
    /// What it is, in a few words.
    pub doc: &'static str,
    /// Its fields, unprefixed (`ca`, `bd`, `crit`...).
    pub specs: Vec<ParamSpec>,
}

impl Kind {
    /// The kind whose entries are read as the config `C` (its fields, unprefixed):
    /// `table` is its name in a roster file, `doc` says what it is.
    pub fn of<C: crate::engine::Config>(
        system: &'static str,
        table: &'static str,
        doc: &'static str,
    ) -> Self {
        Self {
            system,
            table,
            doc,
            specs: C::specs(""),
        }
    }

    /// True when every one of `fields` (unprefixed names) is a field of this kind.
    pub fn covers<'a>(&self, mut fields: impl Iterator<Item = &'a str>) -> bool {
        fields.all(|f| self.specs.iter().any(|s| s.name == f))
    }
}

/// A named fighter, monster or archetype.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The system it belongs to.
    pub system: &'static str,
    /// Its kind's table name (`fighter`, `monster`).
    pub table: &'static str,
    /// The name users type (`krom`).
    pub name: String,
    /// A few words about it (may be empty).
    pub about: String,
    /// The fields it gives, unprefixed, checked against its kind.
    pub fields: Vec<(String, Value)>,
    /// Where it comes from: `built-in`, or the roster file.
    pub source: String,
}

/// The kinds of entry every system accepts and the entries known: the built-in rosters
/// and those a user adds.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Rosters {
    kinds: Vec<Kind>,
    entries: Vec<Entry>,
}

static NO_ROSTERS: Rosters = Rosters {
    kinds: Vec::new(),
    entries: Vec::new(),
};

impl Rosters {
    /// No entry yet, accepting entries of `kinds`.
    pub fn new(kinds: Vec<Kind>) -> Self {
        Self {
            kinds,
            entries: Vec::new(),
        }
    }

    /// No kind and no entry: every name is unknown.
    pub fn none() -> &'static Rosters {
        &NO_ROSTERS
    }

    /// The kind `table` of `system`.
    pub fn kind(&self, system: &str, table: &str) -> Option<&Kind> {
        self.kinds
            .iter()
            .find(|k| k.system == system && k.table == table)
    }

    /// The kinds `system` accepts.
    pub fn kinds_of<'a>(&'a self, system: &'a str) -> impl Iterator<Item = &'a Kind> {
        self.kinds.iter().filter(move |k| k.system == system)
    }

    /// Adds `entry`, replacing an entry of the same system and name (a user's roster
    /// overrides the built-in one).
    pub fn add(&mut self, entry: Entry) {
        self.entries
            .retain(|e| !(e.system == entry.system && e.name == entry.name));
        self.entries.push(entry);
    }

    /// The entries of `system` (every system's for `None`), in the order added.
    pub fn entries<'a>(&'a self, system: Option<&'a str>) -> impl Iterator<Item = &'a Entry> {
        self.entries
            .iter()
            .filter(move |e| system.is_none_or(|s| e.system == s))
    }

    /// The entry `name` of `system`, or an error suggesting the closest name.
    pub fn get(&self, system: &str, name: &str) -> Result<&Entry> {
        self.find(system, name).ok_or_else(|| {
            let names: Vec<&str> = self
                .entries
                .iter()
                .filter(|e| e.system == system)
                .map(|e| e.name.as_str())
                .collect();
            Error::Invalid(unknown_name(system, name, &names))
        })
    }

    /// The entry `name` of `system`, if there is one.
    fn find(&self, system: &str, name: &str) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.system == system && e.name == name)
    }

    /// The kind of `entry`.
    fn kind_of(&self, entry: &Entry) -> Option<&Kind> {
        self.kind(entry.system, entry.table)
    }

    /// The names of `system` whose kind covers `fields` (unprefixed): those that can fill
    /// a group of these fields.
    pub fn filling(&self, system: &str, fields: &[&str]) -> Vec<&str> {
        self.entries
            .iter()
            .filter(|e| e.system == system)
            .filter(|e| {
                self.kind_of(e)
                    .is_some_and(|k| k.covers(fields.iter().copied()))
            })
            .map(|e| e.name.as_str())
            .collect()
    }

    /// The entry `name` of `system`, checked to cover `fields` (a group's or a side
    /// member's, unprefixed); `what` names that group in the error.
    fn entry_for(&self, system: &str, name: &str, fields: &[&str], what: &str) -> Result<&Entry> {
        let Some(entry) = self.find(system, name) else {
            // Suggest the names that would fit here (a monster for a monster), closest
            // first; every name of the system when none would.
            let fit = self.filling(system, fields);
            let text = if fit.is_empty() {
                self.get(system, name).err().map(|e| e.to_string())
            } else {
                Some(unknown_name(system, name, &fit))
            };
            return Err(Error::value(what, text.unwrap_or_default()));
        };
        let kind = self.kind_of(entry);
        if kind.is_some_and(|k| k.covers(fields.iter().copied())) {
            return Ok(entry);
        }
        let missing: Vec<&str> = fields
            .iter()
            .copied()
            .filter(|f| !kind.is_some_and(|k| k.specs.iter().any(|s| s.name == *f)))
            .collect();
        Err(Error::value(
            what,
            format!(
                "'{name}' is a {} and has no {}; names that fit: {}",
                entry.table,
                missing.join(", "),
                crate::error::some_names(&self.filling(system, fields), None)
            ),
        ))
    }
}

/// The message for the unknown name `name` of `system`: the closest of `names`, and at
/// most a few of them, the closest first.
fn unknown_name(system: &str, name: &str, names: &[&str]) -> String {
    let mut sorted = names.to_vec();
    sorted.sort_by_key(|n| crate::error::edit_distance(name, n));
    let known = if sorted.is_empty() {
        "none".to_string()
    } else {
        crate::error::some_names(&sorted, Some(name))
    };
    format!(
        "no {system} roster has '{name}'{}\n  known names: {known} (alea roster {system})",
        did_you_mean(name, names.iter().copied())
    )
}

/// A party: the members of one side of a group fight, read from a side parameter
/// (`side(len = ..)`), each with its roster name and config.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Party<T> {
    /// The names as typed (`fighter1*3,hd1`).
    pub names: Names,
    /// The members, in order, each with its roster name.
    pub members: Vec<(String, T)>,
}

impl<T> Party<T> {
    /// The members' configs, in order.
    pub fn fighters(&self) -> impl Iterator<Item = &T> {
        self.members.iter().map(|(_, t)| t)
    }

    /// The number of members.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// True for a side without members (a side parameter never gives one).
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }
}

/// The member config of a side type, for the `side(..)` kind of [`config!`](crate::config).
pub trait PartyType {
    /// The fields of one member, unprefixed.
    fn member_specs() -> Vec<ParamSpec>;
}

impl<T: Config> PartyType for Party<T> {
    fn member_specs() -> Vec<ParamSpec> {
        T::specs("")
    }
}

impl<S: PartyType> PartyType for Option<S> {
    fn member_specs() -> Vec<ParamSpec> {
        S::member_specs()
    }
}

impl<T: Config> FromValue for Party<T> {
    fn from_value(value: Option<&Value>, key: &str) -> Result<Self> {
        match value {
            Some(Value::Side(side)) => Ok(Party {
                names: side.names.clone(),
                members: side
                    .members
                    .iter()
                    .map(|(name, values)| Ok((name.clone(), T::read(values, "")?)))
                    .collect::<Result<_>>()?,
            }),
            other => Err(Error::value(
                key,
                format!("internal error: the value {other:?} is not a side"),
            )),
        }
    }
}

/// The fields of the group `prefix` among `specs`, unprefixed (the group's own name
/// left out).
pub fn group_fields<'a>(specs: &'a [ParamSpec], prefix: &str) -> Vec<&'a str> {
    specs
        .iter()
        .filter(|s| !matches!(s.kind, ParamKind::Named))
        .filter_map(|s| s.name.strip_prefix(prefix)?.strip_prefix('.'))
        .collect()
}

/// Replaces the names in `given` by what they stand for: a group's name by the group's
/// fields from its entry (fields given explicitly win), a side's names by its members.
/// `mechanic` names the system (`aube.duel`: `aube`).
pub fn expand(
    mechanic: &str,
    specs: &[ParamSpec],
    given: &[(String, Value)],
    rosters: &Rosters,
) -> Result<Vec<(String, Value)>> {
    let system = mechanic.split('.').next().unwrap_or(mechanic);
    let mut out = Vec::with_capacity(given.len());
    for (key, value) in given {
        let spec = specs.iter().find(|s| s.name == *key);
        match (spec.map(|s| &s.kind), value) {
            (Some(ParamKind::Named), Value::Names(names)) => {
                let fields = group_fields(specs, key);
                let [(name, 1)] = names.as_slice() else {
                    let like = rosters
                        .filling(system, &fields)
                        .first()
                        .map(|n| format!(", like {n}"))
                        .unwrap_or_default();
                    return Err(Error::value(key, format!("takes one roster name{like}")));
                };
                let entry = rosters.entry_for(system, name, &fields, key)?;
                out.push((key.clone(), value.clone()));
                for (field, v) in &entry.fields {
                    let full = format!("{key}.{field}");
                    let Some(spec) = specs.iter().find(|s| s.name == full) else {
                        continue;
                    };
                    if given.iter().any(|(g, _)| *g == full) {
                        continue;
                    }
                    let v = spec.check(v.clone()).map_err(|e| {
                        Error::value(
                            key,
                            format!(
                                "'{name}' is a {} of the {system} roster and does not fit here: {e}",
                                entry.table
                            ),
                        )
                    })?;
                    out.push((full, v));
                }
            }
            (
                Some(ParamKind::Side {
                    members,
                    min_len,
                    max_len,
                    ..
                }),
                Value::Names(names),
            ) => {
                let fields: Vec<&str> = members.iter().map(|s| s.name.as_str()).collect();
                let mut resolved = Vec::new();
                for (name, count) in names {
                    let entry = rosters.entry_for(system, name, &fields, key)?;
                    let own: Vec<(String, Value)> = entry
                        .fields
                        .iter()
                        .filter(|(f, _)| fields.contains(&f.as_str()))
                        .cloned()
                        .collect();
                    // A name of another kind (a foe among the PCs) fails here: say its kind.
                    let values = ParamValues::resolve(mechanic, members, &own, Rosters::none())
                        .map_err(|e| {
                            Error::value(
                                key,
                                format!(
                                    "'{name}' (a {}): {e}; is it on the right side? alea roster {system} lists each name's kind",
                                    entry.table
                                ),
                            )
                        })?;
                    for _ in 0..*count {
                        resolved.push((name.clone(), values.clone()));
                    }
                }
                if !(*min_len..=*max_len).contains(&resolved.len()) {
                    return Err(Error::value(
                        key,
                        format!(
                            "'{}' makes {} fighters; a side has {min_len} to {max_len}",
                            names_text(names),
                            resolved.len()
                        ),
                    ));
                }
                out.push((
                    key.clone(),
                    Value::Side(SideValue {
                        names: names.clone(),
                        members: resolved,
                    }),
                ));
            }
            _ => out.push((key.clone(), value.clone())),
        }
    }
    Ok(out)
}

/// What to say about the required parameters `missing` (none given): for each group they
/// belong to, the names that would fill it.
pub fn filling_hint(
    mechanic: &str,
    specs: &[ParamSpec],
    missing: &[&str],
    rosters: &Rosters,
) -> String {
    let system = mechanic.split('.').next().unwrap_or(mechanic);
    let mut hint = String::new();
    for group in specs.iter().filter(|s| matches!(s.kind, ParamKind::Named)) {
        let prefix = format!("{}.", group.name);
        if !missing.iter().any(|m| m.starts_with(&prefix)) {
            continue;
        }
        let names = rosters.filling(system, &group_fields(specs, &group.name));
        if names.is_empty() {
            continue;
        }
        hint.push_str(&format!(
            "\n  {g}=NAME gives every {g}.* at once; names: {} (alea roster {system})",
            crate::error::some_names(&names, None),
            g = group.name
        ));
    }
    hint
}

#[cfg(test)]
#[path = "roster_tests.rs"]
mod tests;
