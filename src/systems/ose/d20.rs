//! One d20 read off a table of its faces: the rule shared by `ose.attack`, `ose.save`
//! and `ose.check`, which differ only in which faces succeed and in the name of the one
//! chance they report.

use crate::engine::{Dice, Layout, MetricId, Recorder, Report, Roll, Rolled, StepRule};

/// The faces (index 1..=20; 0 unused, false) where `succeeds` holds.
pub fn faces(succeeds: impl Fn(u32) -> bool) -> [bool; 21] {
    let mut table = [false; 21];
    for d in 1..=20u32 {
        table[d as usize] = succeeds(d);
    }
    table
}

/// The chance a d20 shows one of the faces marked in `table` (index 1..=20).
pub fn chance_of(table: &[bool; 21]) -> f64 {
    table[1..].iter().filter(|s| **s).count() as f64 / 20.0
}

/// One d20 roll that succeeds on the faces of a table, reporting one chance.
#[derive(Debug, Clone, PartialEq)]
pub struct D20Roll {
    /// Whether each face succeeds (index 1..=20; 0 unused).
    succeeds: [bool; 21],
    /// The name of the chance reported (`hit`, `save`, `success`) and its doc.
    reported: (&'static str, &'static str),
    /// The d20: official, or a house rule's (the attack roll's
    /// [`super::attack::ATTACK_DIE`]).
    die: StepRule,
}

impl D20Roll {
    /// A roll succeeding on the faces where `succeeds` holds, reported as the proportion
    /// `name` documented by `doc`.
    pub fn new(name: &'static str, doc: &'static str, succeeds: impl Fn(u32) -> bool) -> Self {
        Self::from_table(name, doc, faces(succeeds))
    }

    /// A roll succeeding on the faces marked in `table` (index 1..=20).
    pub fn from_table(name: &'static str, doc: &'static str, table: [bool; 21]) -> Self {
        Self {
            succeeds: table,
            reported: (name, doc),
            die: StepRule::OFFICIAL,
        }
    }

    /// The same roll with its d20 played as `die` says.
    pub fn with_die(self, die: StepRule) -> Self {
        Self { die, ..self }
    }

    /// Whether the natural roll `d` succeeds.
    pub fn succeeds(&self, d: u32) -> bool {
        self.succeeds[d as usize]
    }

    /// The exact chance of success.
    pub fn chance(&self) -> f64 {
        chance_of(&self.succeeds)
    }
}

impl Roll for D20Roll {
    /// The natural d20.
    type Outcome = u32;

    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> u32 {
        self.die.roll(dice, &[], |d| d.d20() as i64) as u32
    }
}

/// What a d20 mechanic reports: the one chance, read off the rule's faces.
#[derive(Debug, Clone, PartialEq)]
pub struct D20Metrics {
    /// The rule's faces.
    succeeds: [bool; 21],
    /// The handle of the one reported chance.
    pub chance: MetricId,
}

impl Report<D20Roll> for D20Metrics {
    fn declare(rule: &D20Roll, layout: &mut Layout) -> Self {
        let (name, doc) = rule.reported;
        Self {
            succeeds: rule.succeeds,
            chance: layout.proportion(name, doc),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, d: &u32, rec: &mut R) {
        rec.event(self.chance, self.succeeds[*d as usize]);
    }
}

/// The model of a d20 mechanic (`ose.attack`, `ose.save`, `ose.check`).
pub type D20Model = Rolled<D20Roll, D20Metrics>;
