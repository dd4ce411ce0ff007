//! What the two duels of `aube` share about their end (`RULES.md` `aube` → *Classic
//! combat* and *Surclassement*, "duels between strategies"): the parameters `out_at` and
//! `max_rounds`, and the first four metrics, who won and how long it took.

use super::wounds::OutAt;
use crate::engine::{Layout, MetricId, ParamSpec, Recorder};

crate::config! {
    /// The parameters that end a duel, of `aube.duel` and `aube.surclassement.duel`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct DuelEndParams {
        /// a fighter is out at the first wound of this grade: fatale, critique, grave, legere
        out_at: OutAt = choice(default = OutAt::Fatale),
        /// rounds before the fight is called a draw
        max_rounds: u32 = int(1..=100_000, default = 1000),
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

// TRANSITION: the old forms below go once both duels use the two types above.

/// The parameters that end a duel, of `aube.duel` and `aube.surclassement.duel`:
/// `out_at` (the wound grade that puts a fighter out) and `max_rounds` (the cap on rounds,
/// after which the fight is a draw).
pub fn duel_end_specs() -> [ParamSpec; 2] {
    [
        ParamSpec::choice(
            "out_at",
            "a fighter is out at the first wound of this grade: fatale, critique, grave, legere",
            Some(OutAt::Fatale),
        ),
        ParamSpec::int(
            "max_rounds",
            "rounds before the fight is called a draw",
            1,
            100_000,
            Some(1000),
        ),
    ]
}

/// Metric 0 of [`duel_end_layout`]: A put B out.
pub const A_WINS: usize = 0;
/// Metric 1: B put A out.
pub const B_WINS: usize = 1;
/// Metric 2: nobody was out after `max_rounds`.
pub const DRAW: usize = 2;
/// Metric 3: the rounds fought.
pub const MEAN_ROUNDS: usize = 3;

/// A layout that starts with the four metrics of a duel's end: `a_wins`, `b_wins`, `draw`
/// (proportions) and `mean_rounds` (a mean), metrics 0 to 3.
pub fn duel_end_layout() -> Layout {
    Layout::new()
        .with_proportion("a_wins")
        .with_proportion("b_wins")
        .with_proportion("draw")
        .with_mean("mean_rounds")
}

/// Records the metrics of [`duel_end_layout`] for a duel that A won (`a_won`), B won
/// (`b_won`) or neither (a draw), after `rounds` rounds.
#[inline(always)]
pub fn record_duel_end<R: Recorder>(rec: &mut R, a_won: bool, b_won: bool, rounds: u32) {
    rec.event(A_WINS, a_won);
    rec.event(B_WINS, b_won);
    rec.event(DRAW, !a_won && !b_won);
    rec.value(MEAN_ROUNDS, rounds as i64);
}
