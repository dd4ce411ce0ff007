//! One d20 read off a table of its faces: the shape shared by `ose.attack`, `ose.save`
//! and `ose.check`, which differ only in which faces succeed and in the name of the one
//! chance they report.

use crate::engine::{Dice, Dist, Layout, MetricId, Model, Recorder};

/// One d20 roll that succeeds on the faces of a table, reporting one chance.
#[derive(Debug, Clone, PartialEq)]
pub struct D20Roll {
    /// Whether each face succeeds (index 1..=20; 0 unused).
    succeeds: [bool; 21],
    layout: Layout,
    /// The chance reported (`hit`, `save`, `success`).
    metric: MetricId,
}

impl D20Roll {
    /// A roll succeeding on the faces where `succeeds` holds, reported as the proportion
    /// `name` documented by `doc`.
    pub fn new(name: &'static str, doc: &'static str, succeeds: impl Fn(u32) -> bool) -> Self {
        let mut table = [false; 21];
        for d in 1..=20u32 {
            table[d as usize] = succeeds(d);
        }
        Self::from_table(name, doc, table)
    }

    /// A roll succeeding on the faces marked in `table` (index 1..=20).
    pub fn from_table(name: &'static str, doc: &'static str, table: [bool; 21]) -> Self {
        let mut layout = Layout::new();
        let metric = layout.proportion(name, doc);
        Self {
            succeeds: table,
            layout,
            metric,
        }
    }

    /// Whether the natural roll `d` succeeds.
    pub fn succeeds(&self, d: u32) -> bool {
        self.succeeds[d as usize]
    }

    /// The handle of the one reported chance.
    pub fn metric(&self) -> MetricId {
        self.metric
    }

    /// The exact chance of success.
    pub fn chance(&self) -> f64 {
        self.succeeds[1..].iter().filter(|s| **s).count() as f64 / 20.0
    }
}

impl Model for D20Roll {
    /// The natural d20.
    type Outcome = u32;

    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> u32 {
        dice.d20()
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, d: &u32, rec: &mut R) {
        rec.event(self.metric, self.succeeds[*d as usize]);
    }

    fn exact(&self) -> Option<Dist<u32>> {
        Some(Dist::die(20).map(|&d| d as u32))
    }
}
