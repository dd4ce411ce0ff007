//! The rule systems and the registry of their mechanics. Each system lives in its own
//! folder and knows nothing of tables, charts or the command line; adding a mechanic is
//! one file in its system plus one line in that system's `MECHANICS`.

use crate::engine::Mechanic;
use crate::error::{Error, Result, did_you_mean};

pub mod aube;
pub mod cle;
pub mod maitrise;
pub mod ose;
pub mod sccs;
#[cfg(test)]
pub(crate) mod test_support;

/// The systems alea knows, in the order `alea list` shows them, with the section of
/// `RULES.md` and a one-line description.
pub const SYSTEMS: &[(&str, &str)] = &[
    (
        "aube",
        "Les Clefs de l'Aube: d20 roll-under, degrees of success, dé critique, damage table, duels, surclassement, heroism",
    ),
    (
        "cle",
        "Clé en main: 3d6 + skill against a difficulty, hero points, damage read off the attack dice",
    ),
    (
        "maitrise",
        "Score de Maîtrise: d20 roll-under with criticals on 1/11 and 10/20, extreme scores",
    ),
    (
        "ose",
        "the old-school reference sheet: THAC0 matrix, saves, checks, reactions, morale, x-in-6 odds",
    ),
    (
        "sccs",
        "SCCS: attack against protection, D6 tension counters, erosion when outnumbered",
    ),
];

/// Every mechanic, by system, in the order `alea list` shows them.
pub fn registry() -> impl Iterator<Item = &'static dyn Mechanic> {
    [
        aube::MECHANICS,
        cle::MECHANICS,
        maitrise::MECHANICS,
        ose::MECHANICS,
        sccs::MECHANICS,
    ]
    .into_iter()
    .flatten()
    .copied()
}

/// The mechanic called `name` (`aube.test`), or an error listing the known ones.
pub fn find(name: &str) -> Result<&'static dyn Mechanic> {
    registry()
        .find(|m| m.name() == name)
        .ok_or_else(|| Error::UnknownMechanic {
            name: name.into(),
            hint: did_you_mean(name, registry().map(|m| m.name())),
            known: registry().map(|m| m.name()).collect::<Vec<_>>().join(", "),
        })
}

/// The mechanics of one system (all of them for `None`); an unknown system is an error.
pub fn of_system(system: Option<&str>) -> Result<Vec<&'static dyn Mechanic>> {
    if let Some(s) = system
        && !SYSTEMS.iter().any(|(name, _)| *name == s)
    {
        return Err(Error::value(
            "system",
            format!(
                "unknown system '{s}'{}; known systems: {}",
                did_you_mean(s, SYSTEMS.iter().map(|(n, _)| *n)),
                system_names()
            ),
        ));
    }
    Ok(registry()
        .filter(|m| system.is_none_or(|s| m.name().split('.').next() == Some(s)))
        .collect())
}

/// The system names, comma-separated.
pub fn system_names() -> String {
    SYSTEMS
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_belong_to_a_system() {
        let mut names: Vec<&str> = registry().map(|m| m.name()).collect();
        let count = names.len();
        for name in &names {
            let system = name.split('.').next().unwrap_or_default();
            assert!(
                SYSTEMS.iter().any(|(s, _)| *s == system),
                "{name} has no system"
            );
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count);
    }

    #[test]
    fn unknown_names_suggest() {
        let e = find("aube.tset")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("did you mean 'aube.test'"), "{e}");
        assert!(of_system(Some("aub")).is_err());
    }
}
