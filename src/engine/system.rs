//! A rule system as one value: its name, what it is, its mechanics, its rule tables, the
//! kinds of entry its rosters hold and its built-in roster file. The systems fill these in
//! (`crate::systems::SYSTEMS`); the engine reads them without knowing any.

use super::house_step::StepSignature;
use super::mechanic::Mechanic;
use super::roster::Kind;
use super::tables::RuleSchema;

/// A roster file compiled into alea: where it is shipped and its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RosterFile {
    /// Its path in the repository (`analyses/rosters/aube.toml`), named in its errors.
    pub path: &'static str,
    /// Its text.
    pub text: &'static str,
}

/// A rule system.
pub struct System {
    /// Its name, the first part of its mechanics' names (`aube`).
    pub name: &'static str,
    /// One line on what it is (`alea list`).
    pub about: &'static str,
    /// Its mechanics, in the order `alea list` shows them.
    pub mechanics: &'static [&'static dyn Mechanic],
    /// Its rule tables (`alea rules <system>`, `--rules FILE`), when it has some.
    pub tables: Option<&'static dyn RuleSchema>,
    /// The steps of its rules a house rule may replace with a script
    /// ([`crate::engine::house_step`]).
    pub steps: &'static [&'static StepSignature],
    /// The kinds of entry its rosters hold (none for a system without fighters).
    pub roster_kinds: fn() -> Vec<Kind>,
    /// Its built-in roster file, when it has one.
    pub roster: Option<RosterFile>,
}

impl System {
    /// No roster kinds (for [`System::roster_kinds`] of a system without fighters).
    pub fn no_roster_kinds() -> Vec<Kind> {
        Vec::new()
    }
}
