//! The rule tables of *SCCS* as data (issue 16): the tension die, the erosion step, the
//! modifiers of the tactical advantage and of several targets, and the dice and malus of
//! a kept spell. [`SccsTables::OFFICIAL`] holds the text's values; `alea rules sccs`
//! prints them, a rules file or an analysis's `[rules]` changes them
//! ([`crate::engine::tables`]). Every mechanic takes them with its tension switch
//! ([`super::resolution::TieParams`]).

use super::exchange_margin::{EXCHANGE_MARGIN, ExchangeMargin};
use super::tension_die::{TENSION_DIE, TensionDie};
use crate::engine::house_step::HouseSteps;
use crate::engine::tables::{RuleTables, Schema, TableError, check_range, check_ranges};
use crate::entries;
use serde::{Deserialize, Serialize};

crate::rule_tables! {
    /// Every table of the system.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(deny_unknown_fields, default)]
    pub struct SccsTables {
        /// The tension test.
        pub tension: TensionTable,
        /// The erosion of a defender attacked several times in a round.
        pub erosion: ErosionTable,
        /// The modifiers of an attack.
        pub modifiers: ModifierTable,
        /// Keeping a spell.
        pub spell: SpellTable,
        /// The steps a house rule's script replaces (not a table: `script = ...`).
        #[serde(skip)]
        pub steps: SccsSteps,
    }
}

/// The steps of `sccs` a house rule replaces, carried by the tables to every roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SccsSteps(pub HouseSteps);

/// The tension test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TensionTable {
    /// Faces of the die that sets the tension counter.
    pub die: i64,
}

/// The erosion (*la Loi du Surnombre*).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ErosionTable {
    /// Protection lost by the `k`-th attack of a round per attack before it: `(k - 1) *
    /// step`.
    pub step: i64,
}

/// The modifiers of an attack score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ModifierTable {
    /// The *avantage tactique*.
    pub advantage: i64,
    /// Lost per target or action beyond the first.
    pub extra_target: i64,
}

/// Keeping a spell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SpellTable {
    /// Faces of the die of malus-free turns of a lone caster.
    pub free_die: i64,
    /// Faces of the die of a ritual circle's casting turns.
    pub casting_die: i64,
    /// The *contrecoup*: lost on every statistic while the spell is kept.
    pub contrecoup: i64,
}

impl SccsTables {
    /// The text's tables.
    pub const OFFICIAL: SccsTables = SccsTables {
        tension: TensionTable { die: 6 },
        erosion: ErosionTable { step: 1 },
        modifiers: ModifierTable {
            advantage: 1,
            extra_target: 1,
        },
        spell: SpellTable {
            free_die: 6,
            casting_die: 6,
            contrecoup: 1,
        },
        steps: SccsSteps(HouseSteps::OFFICIAL),
    };

    /// The tension die: `tension.die` faces, or a house rule's step.
    #[inline(always)]
    pub fn tension_die(&self) -> TensionDie {
        TensionDie::new(self.tension.die as u32, self.steps.0.rule_of(&TENSION_DIE))
    }

    /// How an exchange reads its margin: as it is, or a house rule's step.
    #[inline(always)]
    pub fn exchange_margin(&self) -> ExchangeMargin {
        ExchangeMargin(self.steps.0.rule_of(&EXCHANGE_MARGIN))
    }
}

/// Most faces of a die of the tables (the counters and turns are small numbers).
pub const MAX_FACES: i64 = 20;

impl RuleTables for SccsTables {
    const SYSTEM: &'static str = "sccs";

    fn with_steps(self, steps: &HouseSteps) -> Self {
        Self {
            steps: SccsSteps(*steps),
            ..self
        }
    }

    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "tension",
            "the tension test: on a tie a die sets the counter, the repetitions of the same action until the impact",
        ),
        ("tension.die", "faces of the tension die (the text: a D6)"),
        (
            "erosion",
            "la Loi du Surnombre: the k-th attack a defender receives in a round meets its protection lowered by (k - 1) x step, never below the attack",
        ),
        ("erosion.step", "protection lost per attack received before"),
        ("modifiers", "the modifiers of an attack score"),
        (
            "modifiers.advantage",
            "avantage tactique: added to the attack",
        ),
        (
            "modifiers.extra_target",
            "taken off the attack per target or action beyond the first",
        ),
        (
            "spell",
            "keeping a spell (sccs.spell): the dice of the malus-free and casting turns, and the contrecoup",
        ),
        (
            "spell.free_die",
            "faces of the die of a lone caster's malus-free turns",
        ),
        (
            "spell.casting_die",
            "faces of the die of a ritual circle's casting turns",
        ),
        (
            "spell.contrecoup",
            "lost on every statistic while the spell is kept (on défense and on résistance, or once with upkeep_malus_on_total)",
        ),
    ];

    fn check(&self) -> Result<(), TableError> {
        check_range("tension.die", self.tension.die, 1..=MAX_FACES)?;
        check_range("erosion.step", self.erosion.step, 0..=10)?;
        let modifiers = entries!(self.modifiers; advantage, extra_target);
        check_ranges("modifiers", &modifiers, 0..=10)?;
        let s = &self.spell;
        check_ranges("spell", &entries!(s; free_die, casting_die), 1..=MAX_FACES)?;
        check_range("spell.contrecoup", s.contrecoup, 0..=10)
    }
}

/// The schema `alea rules sccs` prints and `--rules` reads.
pub static SCHEMA: Schema<SccsTables> = Schema::new();
