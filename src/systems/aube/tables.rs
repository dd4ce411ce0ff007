//! The rule tables of *Les Clefs de l'Aube* as data (issue 16): Tableau 3.1 (the damage
//! results, their fatigue points and recovery limits), the wound track, the handicaps of
//! multiple actions, the range difficulties of a shot and the rest that brings fatigue
//! points back. [`AubeTables::OFFICIAL`] holds the text's values; `alea rules aube` prints
//! them as TOML, and a file or an analysis's `[rules]` changes any of them
//! ([`crate::engine::tables`]). The mechanics that read them take them in their config
//! (`Factors`, `DefenceParams`, `MultipleParams`, the surclassement `Rules`).

use super::blow_effect::BLOW_EFFECT;
use super::damage::DamageResult;
use crate::engine::house_step::{HouseSteps, StepRule};
use crate::engine::tables::{
    RuleTables, Schema, TableError, check_ordered, check_range, check_ranges,
};
use crate::entries;
use serde::{Deserialize, Serialize};

crate::rule_tables! {
    /// Every table of the system.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(deny_unknown_fields, default)]
    pub struct AubeTables {
        /// Tableau 3.1: the highest effective damage of each result.
        pub damage: DamageTable,
        /// The fatigue points each result inflicts.
        pub fatigue: FatigueTable,
        /// The recovery limits of the wounds, and the pace of rest.
        pub recovery: RecoveryTable,
        /// The boxes of the wound track.
        pub wounds: WoundBoxes,
        /// The handicaps of multiple actions.
        pub multiple: MultipleTable,
        /// The difficulty of each range band of a shot.
        pub range: RangeTable,
        /// The steps a house rule's script replaces through the tables (not a table:
        /// `script = ...`): the effect of a blow.
        #[serde(skip)]
        pub steps: AubeSteps,
    }
}

/// The step of `aube` a house rule replaces that the tables carry to every blow, the blow
/// effect, resolved once when the rules are read (the test's die is read by the tests'
/// options instead).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AubeSteps {
    /// The blow effect in force ([`BLOW_EFFECT`]).
    pub blow_effect: StepRule,
}

/// Tableau 3.1: the highest effective damage of each result (0 or less: no effect;
/// above `critique`: fatale).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DamageTable {
    /// Highest effective damage of an étourdi.
    pub etourdi: i64,
    /// Highest effective damage of a sonné.
    pub sonne: i64,
    /// Highest effective damage of a blessure légère.
    pub legere: i64,
    /// Highest effective damage of a blessure grave.
    pub grave: i64,
    /// Highest effective damage of a blessure critique.
    pub critique: i64,
}

/// The fatigue points (PF) of each result of Tableau 3.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FatigueTable {
    /// PF of an étourdi.
    pub etourdi: i64,
    /// PF of a sonné.
    pub sonne: i64,
    /// PF of a blessure légère.
    pub legere: i64,
    /// PF of a blessure grave.
    pub grave: i64,
    /// PF of a blessure critique.
    pub critique: i64,
    /// PF of a fatal wound.
    pub fatale: i64,
}

/// The recovery limits of Tableau 3.1 (the PF that rest cannot take away while a wound is
/// held) and the pace of rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RecoveryTable {
    /// PF kept per blessure légère held.
    pub legere: i64,
    /// PF kept per blessure grave held.
    pub grave: i64,
    /// PF kept per blessure critique held.
    pub critique: i64,
    /// PF kept for a fatal wound.
    pub fatale: i64,
    /// Minutes of rest that bring one PF back.
    pub minutes_per_point: i64,
}

/// The boxes of the wound track: a wound that finds its boxes full moves up a grade.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct WoundBoxes {
    /// Boxes of blessure légère.
    pub legere: i64,
    /// Boxes of blessure grave.
    pub grave: i64,
    /// Boxes of blessure critique.
    pub critique: i64,
}

impl WoundBoxes {
    /// The most wounds a track holds: every box filled, and a fatale.
    pub fn most_wounds(&self) -> i64 {
        self.legere + self.grave + self.critique + 1
    }
}

/// The handicaps of multiple actions: planned action `k` of `n` has `n + planned * (k -
/// 1)`, unplanned extra action `j` the last planned handicap plus `unplanned * j`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MultipleTable {
    /// Handicap added by each planned action after the first.
    pub planned: i64,
    /// Handicap added by each unplanned extra action.
    pub unplanned: i64,
}

/// The difficulty of each range band of a shot (added to ND, taken off the blow).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RangeTable {
    /// Short range.
    pub short: i64,
    /// Medium range.
    pub medium: i64,
    /// Long range.
    pub long: i64,
}

impl AubeTables {
    /// The text's tables.
    pub const OFFICIAL: AubeTables = AubeTables {
        damage: DamageTable {
            etourdi: 5,
            sonne: 10,
            legere: 20,
            grave: 30,
            critique: 40,
        },
        fatigue: FatigueTable {
            etourdi: 0,
            sonne: 1,
            legere: 3,
            grave: 5,
            critique: 10,
            fatale: 20,
        },
        recovery: RecoveryTable {
            legere: 1,
            grave: 3,
            critique: 5,
            fatale: 10,
            minutes_per_point: 10,
        },
        wounds: WoundBoxes {
            legere: 4,
            grave: 2,
            critique: 1,
        },
        multiple: MultipleTable {
            planned: 3,
            unplanned: 5,
        },
        range: RangeTable {
            short: 5,
            medium: 10,
            long: 15,
        },
        steps: AubeSteps {
            blow_effect: StepRule::OFFICIAL,
        },
    };

    /// How a blow's effective damage is read: the text's, or a house rule's step.
    #[inline(always)]
    pub fn blow_effect(&self) -> StepRule {
        self.steps.blow_effect
    }
}

impl DamageTable {
    /// The result of an effective damage: the number of bounds it exceeds (0, then the
    /// five highest damages, which never go down) is its row, without a branch.
    #[inline(always)]
    pub fn result(&self, damage: i64) -> DamageResult {
        let row = usize::from(damage > 0)
            + usize::from(damage > self.etourdi)
            + usize::from(damage > self.sonne)
            + usize::from(damage > self.legere)
            + usize::from(damage > self.grave)
            + usize::from(damage > self.critique);
        DamageResult::ALL[row]
    }
}

impl FatigueTable {
    /// The fatigue points of `result`.
    #[inline(always)]
    pub fn points(&self, result: DamageResult) -> i64 {
        match result {
            DamageResult::None => 0,
            DamageResult::Etourdi => self.etourdi,
            DamageResult::Sonne => self.sonne,
            DamageResult::Legere => self.legere,
            DamageResult::Grave => self.grave,
            DamageResult::Critique => self.critique,
            DamageResult::Fatale => self.fatale,
        }
    }
}

impl RecoveryTable {
    /// The PF a wound of grade `result` keeps while held (0 for the results that leave
    /// no wound).
    pub fn limit(&self, result: DamageResult) -> i64 {
        match result {
            DamageResult::Legere => self.legere,
            DamageResult::Grave => self.grave,
            DamageResult::Critique => self.critique,
            DamageResult::Fatale => self.fatale,
            _ => 0,
        }
    }
}

/// Most boxes of each grade: the wound track packs into 32 bits for the exact fights.
pub const MAX_BOXES: [i64; 3] = [7, 3, 3];

impl RuleTables for AubeTables {
    const SYSTEM: &'static str = "aube";

    fn with_steps(self, steps: &HouseSteps) -> Self {
        Self {
            steps: AubeSteps {
                blow_effect: steps.rule_of(&BLOW_EFFECT),
            },
            ..self
        }
    }

    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "damage",
            "Tableau 3.1: the highest effective damage of each result (0 or less: no effect; above critique: fatale). The entries go up; one equal to the one before leaves its result out.",
        ),
        ("damage.etourdi", "étourdi (stunned): -1 to the next action"),
        ("damage.sonne", "sonné (dazed)"),
        ("damage.legere", "blessure légère"),
        ("damage.grave", "blessure grave"),
        ("damage.critique", "blessure critique; more is fatale"),
        (
            "fatigue",
            "Tableau 3.1: the fatigue points (PF) of each result; each PF is -1 on TA, TP and enc",
        ),
        (
            "fatigue.etourdi",
            "étourdi (Ex. 3.1 counts 1: switch etourdi_fatigue)",
        ),
        ("fatigue.sonne", "sonné"),
        ("fatigue.legere", "blessure légère"),
        ("fatigue.grave", "blessure grave"),
        ("fatigue.critique", "blessure critique"),
        ("fatigue.fatale", "fatal wound"),
        (
            "recovery",
            "Tableau 3.1: the recovery limit of each wound held (PF that rest cannot take away), and the pace of rest (aube.gauntlet)",
        ),
        ("recovery.legere", "per blessure légère"),
        ("recovery.grave", "per blessure grave"),
        ("recovery.critique", "per blessure critique"),
        ("recovery.fatale", "for a fatal wound"),
        (
            "recovery.minutes_per_point",
            "minutes of rest that bring one PF back",
        ),
        (
            "wounds",
            "the wound track: a wound that finds its boxes full moves up a grade (at most 7 légères, 3 graves, 3 critiques)",
        ),
        ("wounds.legere", "boxes of blessure légère"),
        ("wounds.grave", "boxes of blessure grave"),
        ("wounds.critique", "boxes of blessure critique"),
        (
            "multiple",
            "multiple actions (aube.multiple): planned action k of n has handicap n + planned x (k - 1); unplanned extra action j the last planned handicap + unplanned x j",
        ),
        (
            "multiple.planned",
            "added by each planned action after the first",
        ),
        ("multiple.unplanned", "added by each unplanned extra action"),
        (
            "range",
            "the difficulty of each range band of a shot (aube.tir): added to ND, taken off the blow",
        ),
        ("range.short", "short range"),
        ("range.medium", "medium range"),
        ("range.long", "long range"),
    ];

    fn check(&self) -> Result<(), TableError> {
        let d = &self.damage;
        check_range("damage.etourdi", d.etourdi, 0..=1000)?;
        check_range("damage.critique", d.critique, 0..=1000)?;
        check_ordered(
            "damage",
            &entries!(d; etourdi, sonne, legere, grave, critique),
        )?;
        let fatigue = entries!(self.fatigue; etourdi, sonne, legere, grave, critique, fatale);
        check_ranges("fatigue", &fatigue, 0..=100)?;
        let r = &self.recovery;
        check_ranges(
            "recovery",
            &entries!(r; legere, grave, critique, fatale),
            0..=100,
        )?;
        check_range("recovery.minutes_per_point", r.minutes_per_point, 1..=1440)?;
        let wounds = entries!(self.wounds; legere, grave, critique);
        for ((name, v), max) in wounds.into_iter().zip(MAX_BOXES) {
            check_range(&format!("wounds.{name}"), v, 0..=max)?;
        }
        check_ranges(
            "multiple",
            &entries!(self.multiple; planned, unplanned),
            0..=50,
        )?;
        let g = &self.range;
        check_range("range.short", g.short, 0..=100)?;
        check_range("range.long", g.long, 0..=100)?;
        check_ordered("range", &entries!(g; short, medium, long))
    }
}

/// The schema `alea rules aube` prints and `--rules` reads.
pub static SCHEMA: Schema<AubeTables> = Schema::new();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tables::RuleSchema;

    #[test]
    fn the_official_tables_are_the_texts_and_pass_their_checks() {
        let t = AubeTables::default();
        assert_eq!(t.check(), Ok(()));
        assert_eq!(t.damage.result(0), DamageResult::None);
        assert_eq!(t.damage.result(5), DamageResult::Etourdi);
        assert_eq!(t.damage.result(20), DamageResult::Legere);
        assert_eq!(t.damage.result(41), DamageResult::Fatale);
        for damage in -5..=50 {
            let printed = match damage {
                i64::MIN..=0 => DamageResult::None,
                1..=5 => DamageResult::Etourdi,
                6..=10 => DamageResult::Sonne,
                11..=20 => DamageResult::Legere,
                21..=30 => DamageResult::Grave,
                31..=40 => DamageResult::Critique,
                _ => DamageResult::Fatale,
            };
            assert_eq!(t.damage.result(damage), printed, "{damage}");
        }
        // An empty band (étourdi up to 0): 1..=10 is sonné.
        let mut no_stun = t.damage;
        no_stun.etourdi = 0;
        assert_eq!(no_stun.result(0), DamageResult::None);
        assert_eq!(no_stun.result(1), DamageResult::Sonne);
        assert_eq!(t.fatigue.points(DamageResult::Grave), 5);
        assert_eq!(t.recovery.limit(DamageResult::Critique), 5);
    }

    fn load(text: &str) -> Result<AubeTables, TableError> {
        let table: toml::Table = toml::from_str(text).unwrap();
        SCHEMA
            .load(&table)
            .map(|r| *r.tables::<AubeTables>().unwrap())
    }

    #[test]
    fn a_file_gives_only_what_it_changes() {
        let t = load("[damage]\nlegere = 15\ngrave = 25\n").unwrap();
        assert_eq!(t.damage.legere, 15);
        assert_eq!(t.damage.grave, 25);
        assert_eq!(t.damage.critique, 40);
        assert_eq!(t.wounds, AubeTables::OFFICIAL.wounds);
        assert_eq!(t.damage.result(16), DamageResult::Grave);
    }
}
