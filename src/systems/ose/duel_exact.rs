//! The exact `ose.duel`: the duel's own round ([`Duel`], a
//! [`Fight`](crate::engine::fight::Fight)) enumerated from each
//! state and propagated round by round by the engine's [`solve`].
//!
//! The state after a round is the two sides' hit points (initiative is rolled afresh each
//! round): duels with the same hit points left are merged. Rolled monster HP make the
//! start a distribution: the chain starts in [`super::duel::DuelState::Unrolled`], whose
//! one round rolls the HP and then fights the first round (so rounds are counted as in the
//! samples). The two attacks and the initiative are steps ([`super::duel::Blow`],
//! [`super::duel::Initiative`]), enumerated once for the whole duel.
//!
//! Only duels of at most [`EXACT_MAX_STATES`] states are propagated.

#[cfg(doc)]
use super::duel::Duel;
#[cfg(doc)]
use crate::engine::fight::solve;

/// The neglected mass of the exact duel stays below this (the mass still in play when
/// propagation stops).
pub const TOLERANCE: f64 = 1e-12;

/// The largest duel given exact values, in states (fighter's HP × monster's highest HP).
///
/// The work grows like the states times the rounds a duel lasts, so about as the cube of
/// the hit points, while sampling grows like the rounds only. Beyond it the duel is Monte
/// Carlo only (`alea prob --exact` says so), so that a plain `prob` never waits on a slow
/// exact.
pub const EXACT_MAX_STATES: i64 = 5_000;
