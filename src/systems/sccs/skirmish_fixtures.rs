//! What the skirmish's unit tests share: a model from a command line's words, one fight
//! replayed on given dice, an outcome written out, and the check that a fight's exact
//! values agree with its estimates.

use super::*;
use crate::engine::model::replay_one;
use crate::engine::{Model, simulation};
use crate::systems::sccs::SKIRMISH;
use crate::systems::test_support::{assert_each_agrees, expect_model};

/// The skirmish of `words` (as after `alea prob sccs.skirmish`).
pub(super) fn model(words: &str) -> SkirmishModel {
    expect_model(&SKIRMISH, words)
}

/// The fight of `words` played on `dice`.
pub(super) fn play(words: &str, dice: &[u32]) -> SkirmishOutcome {
    replay_one(&model(words), dice).0
}

/// The outcome: `winner` after `rounds`, `standing` on each side.
pub(super) fn end(winner: Winner, rounds: u32, standing: [u8; 2]) -> SkirmishOutcome {
    SkirmishOutcome {
        winner,
        rounds,
        standing,
        escaped: [0, 0],
    }
}

/// Each fight of `cases` has exact values, and its Monte Carlo estimates agree with them
/// (5 seeds).
pub(super) fn assert_exact_agrees<const N: usize>(cases: [&str; N]) {
    assert_each_agrees(cases, 5, |words| {
        let m = model(words);
        assert!(m.exact().is_some(), "{words}");
        simulation(m)
    });
}
