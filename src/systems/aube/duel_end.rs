//! What the two duels of `aube` share about their end (the `aube` page → *Classic
//! combat* and *Surclassement*, "duels between strategies"): the parameters `out_at` and
//! `max_rounds`, and the first four metrics, who won and how long it took.

use super::wounds::OutAt;
use crate::engine::{Layout, MetricId, Recorder};

crate::config! {
    /// The parameters that end a duel, of `aube.duel` and `aube.surclassement.duel`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct DuelEndParams {
        /// a fighter is out at the first wound of this grade: fatale, critique, grave, legere
        out_at: OutAt = choice(default = OutAt::Fatale),
        /// rounds before the fight is called a draw
        max_rounds: u32 = int(1..=100_000, default = 1000, bounds_rounds),
    }
}

/// The four metrics of a duel's end: who won and how long it took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DuelEndMetrics {
    /// A put B out.
    pub a_wins: MetricId,
    /// B put A out.
    pub b_wins: MetricId,
    /// Nobody was out after `max_rounds`.
    pub draw: MetricId,
    /// The rounds fought.
    pub mean_rounds: MetricId,
}

impl DuelEndMetrics {
    /// Declares `a_wins`, `b_wins`, `draw` (documented by `draw_doc`) and `mean_rounds`
    /// (documented by `rounds_doc`).
    pub fn declare(layout: &mut Layout, draw_doc: &'static str, rounds_doc: &'static str) -> Self {
        Self {
            a_wins: layout.proportion("a_wins", "chance A puts B out"),
            b_wins: layout.proportion("b_wins", "chance B puts A out"),
            draw: layout.proportion("draw", draw_doc),
            mean_rounds: layout.mean("mean_rounds", rounds_doc),
        }
    }

    /// Records a duel that A won (`a_won`), B won (`b_won`) or neither (a draw), after
    /// `rounds` rounds.
    #[inline(always)]
    pub fn record<R: Recorder>(&self, rec: &mut R, a_won: bool, b_won: bool, rounds: u32) {
        rec.event(self.a_wins, a_won);
        rec.event(self.b_wins, b_won);
        rec.event(self.draw, !a_won && !b_won);
        rec.value(self.mean_rounds, rounds as i64);
    }
}
