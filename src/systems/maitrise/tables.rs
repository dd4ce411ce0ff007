//! The rule tables of *Score de Maîtrise* as data (issue 16): the faces of the d20 that
//! make a critical, the extreme-score rules (where they start and their two bands) and
//! the automatic malus of a skill of 0. [`MaitriseTables::OFFICIAL`] holds the text's
//! values; `alea rules maitrise` prints them, a rules file or an analysis's `[rules]`
//! changes them ([`crate::engine::tables`]). The mechanics take them with the score
//! ([`super::score::ScoreParams`]).

use crate::engine::house_step::HouseSteps;
use crate::engine::tables::{Faces, RuleTables, Schema, TableError, check_range, check_ranges};
use crate::entries;
use serde::{Deserialize, Serialize};

crate::rule_tables! {
    /// Every table of the system.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(deny_unknown_fields, default)]
    pub struct MaitriseTables {
        /// The faces that make a critical.
        pub critical: CriticalTable,
        /// The extreme scores.
        pub extreme: ExtremeTable,
        /// The make-up of a score.
        pub score: ScoreTable,
        /// The steps a house rule's script replaces (not a table: `script = ...`).
        #[serde(skip)]
        pub steps: MaitriseSteps,
    }
}

/// The steps of `maitrise` a house rule replaces, carried by the tables to every roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MaitriseSteps(pub HouseSteps);

/// The faces of the first d20 that make a critical.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CriticalTable {
    /// A success on one of these faces is a *Réussite Critique*.
    pub success: Faces,
    /// A failure on one of these faces is an *Échec Critique*.
    pub failure: Faces,
}

/// The extreme-score rules: where they start, and the bands of the second d20.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ExtremeTable {
    /// From this score up, a 20 on the first die calls for a second one.
    pub high: i64,
    /// Up to this score, a 1 on the first die calls for a second one.
    pub low: i64,
    /// High score: the second die fails above `sm - fail_band` (low score: it succeeds
    /// up to `sm + fail_band`).
    pub fail_band: i64,
    /// High score: it fails critically above `sm - crit_band` (low score: succeeds
    /// critically up to `sm + crit_band`).
    pub crit_band: i64,
}

/// The make-up of a score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ScoreTable {
    /// The automatic malus of a skill of 0.
    pub skill_zero_malus: i64,
}

impl MaitriseTables {
    /// The text's tables.
    pub const OFFICIAL: MaitriseTables = MaitriseTables {
        critical: CriticalTable {
            success: Faces::of(&[1, 11]),
            failure: Faces::of(&[10, 20]),
        },
        extreme: ExtremeTable {
            high: 20,
            low: 1,
            fail_band: 10,
            crit_band: 4,
        },
        score: ScoreTable {
            skill_zero_malus: 5,
        },
        steps: MaitriseSteps(HouseSteps::OFFICIAL),
    };
}

impl RuleTables for MaitriseTables {
    const SYSTEM: &'static str = "maitrise";

    fn with_steps(self, steps: &HouseSteps) -> Self {
        Self {
            steps: MaitriseSteps(*steps),
            ..self
        }
    }

    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "critical",
            "the faces of the first d20 that make a critical (a list: [] for none)",
        ),
        (
            "critical.success",
            "a success on one of these is a Réussite Critique",
        ),
        (
            "critical.failure",
            "a failure on one of these is an Échec Critique",
        ),
        (
            "extreme",
            "the extreme scores: at sm >= high a 20 is rolled again, r: 20 is a critical failure, 19 at least a failure, else the action fails iff r > sm - fail_band, critically iff r > sm - crit_band; at sm <= low a 1 is rolled again, r: 1 is a critical success, 2 at least a success, else it succeeds iff r <= sm + fail_band, critically iff r <= sm + crit_band",
        ),
        ("extreme.high", "the lowest high extreme score"),
        ("extreme.low", "the highest low extreme score"),
        (
            "extreme.fail_band",
            "the band of the second die's plain result",
        ),
        (
            "extreme.crit_band",
            "the band of the second die's critical result",
        ),
        ("score", "the make-up of a score"),
        (
            "score.skill_zero_malus",
            "the automatic malus of a skill of 0 (the Chance du Débutant keeps it)",
        ),
    ];

    fn check(&self) -> Result<(), TableError> {
        for (name, faces) in entries!(self.critical; success, failure) {
            check_range(&format!("critical.{name}"), i64::from(faces.max()), 0..=20)?;
        }
        let e = &self.extreme;
        check_range("extreme.high", e.high, 2..=40)?;
        check_range("extreme.low", e.low, -20..=e.high - 1)?;
        check_ranges("extreme", &entries!(e; fail_band, crit_band), 0..=20)?;
        check_range(
            "score.skill_zero_malus",
            self.score.skill_zero_malus,
            0..=20,
        )
    }
}

/// The schema `alea rules maitrise` prints and `--rules` reads.
pub static SCHEMA: Schema<MaitriseTables> = Schema::new();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tables::RuleSchema;

    #[test]
    fn an_empty_list_of_faces_makes_no_critical() {
        let none = SCHEMA.load(&toml::from_str("[critical]\nsuccess = []\n").unwrap());
        let t = *none.unwrap().tables::<MaitriseTables>().unwrap();
        assert!(!t.critical.success.has(1));
    }
}
