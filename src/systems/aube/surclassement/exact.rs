//! The exact law of a surclassement duel (`aube.surclassement.duel`): the duel as a
//! [`Fight`] whose round is the round [`Duel::fight`] samples (both sides pick
//! by [`Duel::choose_both`], then [`Duel::exchange`]), solved by [`fight::solve`], which enumerates
//! that round from every state it reaches and propagates the chain round by round. The
//! exchange's two steps ([`super::exchange::Contest`], both tests; [`super::exchange::Blow`],
//! a won MD's damage step) are enumerated once per distinct input for the whole duel.
//!
//! The state is the [`Position`] between two exchanges (both wound tracks, the feint
//! points held), merged by [`Positions::canonical`], and whether the first blow was grave
//! or worse (not yet known, no, yes). A position from which nobody can ever be put out
//! ([`Positions::endless`]: neither fighter can succeed any more, or one cannot and the
//! other only dazes him and cannot or will not feint) ends at once as the draw it becomes
//! at `max_rounds` (every draw counts `max_rounds` rounds, as in a fought duel). Every
//! strategy is stationary (it reads the position only), so every strategy has an exact
//! law, within the bounds below.
//!
//! Why forward, round by round, when the positions only get worse and the whole-duel game
//! ([`super::whole`]) is solved backward, layer by layer: the law asked for here is that
//! of the number of exchanges too (`mean_rounds`, the `rounds` histogram, draws at
//! `max_rounds`), which a backward sweep over positions does not give; the chain meets a
//! few thousand states, and its propagation is a small part of the time (the game's
//! solution is most of it).
//!
//! What bounds the state: the wound tracks (4 légères, 2 graves, 1 critique, fatigue
//! points up to the point where every test fails: about 60 tracks a side under `out_at =
//! fatale`), a pending étourdi, and the feint points held, which only a won MA sets (a
//! few dozen values). Slow fights between tired fighters keep a little mass in play for
//! hundreds of rounds, which the engine's indexed propagation walks without hashing a
//! state again (equal fighters always striking, `out_at = fatale`: 1,164 states;
//! `feint_then_md` against it: 4,009).
//!
//! **Left to Monte Carlo**:
//! - the blow counts `mean_hits` and `mean_grave_hits`. Their law needs the counts in
//!   the state, which multiplies it by the joint range of the counts (equal fighters
//!   always striking, `max_rounds = 300`: 385,592 states instead of about 1,300), so the
//!   exact law leaves them out ([`DuelOutcome::counted`] is
//!   false) and those two metrics have no exact value; every other metric and the
//!   `rounds` histogram are exact;
//! - a side whose feint points can add up without bound (`mixed` with `p_ma > 0`, which
//!   may feint again however many points it holds; `optimal_duel` if the game's mix
//!   feints at the capped holding): every holding is a new state (equal fighters, `mixed`
//!   1/3 each against always MD: 227,002 states by round 60 alone), so such a duel has
//!   no exact law;
//! - any duel whose chain meets more than [`STATE_BUDGET`] states: propagation gives up
//!   and the duel keeps to Monte Carlo.

use super::duel::{Duel, DuelOutcome};
use super::fighter::Manoeuvre;
use super::position::{Fight as Positions, Position};
use crate::engine::chain::{Limits, Next, Propagated};
use crate::engine::fight::{self, Fight, Winner};
use crate::engine::hash::Quick;
use crate::engine::{Dice, Dist};
use crate::systems::aube::damage::DamageResult;
use std::cell::RefCell;
use std::collections::HashMap;

/// The mass left in play below which propagation stops (reported as the tail).
pub const TOLERANCE: f64 = 1e-12;

/// A state of the chain: the position, whether the first blow was grave or worse, and
/// the manœuvres of the first exchange when they are followed ([`NOT_FOLLOWED`] else).
type State = (Position, Option<bool>, u8);

/// An ending: who won (a draw for a stalemate or a fight still on at `max_rounds`),
/// whether the first blow was grave or worse, the manœuvres of the first exchange.
type End = (Winner, Option<bool>, u8);

/// The first manœuvres before the first exchange, or when they are not followed.
const NOT_FOLLOWED: u8 = 9;

/// The most states the chain may meet: beyond, propagation is given up and the duel
/// keeps to Monte Carlo.
pub const STATE_BUDGET: usize = 150_000;

/// A duel as a [`Fight`] whose round is the exchange [`Duel::fight`] samples
/// ([`Duel::choose_both`], then [`Duel::exchange`]), its positions merged by
/// [`Positions::canonical`].
pub struct DuelFight<'a> {
    duel: &'a Duel,
    positions: Positions,
    /// Follow the first exchange's manœuvres (`3 × A's + B's`, by [`Manoeuvre::index`]).
    follow_first: bool,
    /// Whether each side ever feints.
    feints: [bool; 2],
    /// Whether each position met is endless ([`Positions::endless`]), asked once per
    /// position (the round is replayed for every path of its dice).
    endless: RefCell<HashMap<Position, bool, Quick>>,
}

impl<'a> DuelFight<'a> {
    /// The fight of `duel`; `follow_first`: keep the first exchange's manœuvres in the
    /// state (up to 9 times the states).
    pub fn new(duel: &'a Duel, follow_first: bool) -> Self {
        Self {
            duel,
            positions: Positions::new(duel.rules, duel.fighters, duel.end.out_at),
            follow_first,
            feints: [duel.feints(0), duel.feints(1)],
            endless: RefCell::default(),
        }
    }

    /// Whether nobody can ever be put out from `pos` ([`Positions::endless`]).
    fn endless(&self, pos: &Position) -> bool {
        if let Some(&endless) = self.endless.borrow().get(pos) {
            return endless;
        }
        let endless = self.positions.endless(pos, self.feints);
        self.endless.borrow_mut().insert(*pos, endless);
        endless
    }

    /// Solves the fight ([`fight::solve`]: each state's round enumerated, the chain
    /// propagated), within the duel's `max_rounds` and [`STATE_BUDGET`] (`None` beyond it).
    fn solve(&self) -> Option<Propagated<End>> {
        let limits = Limits::new(self.duel.end.max_rounds, TOLERANCE);
        fight::solve(self, limits, STATE_BUDGET).ok()
    }
}

impl Fight for DuelFight<'_> {
    type State = State;
    type End = End;

    fn start(&self) -> State {
        (
            self.positions.canonical(Position::START),
            None,
            NOT_FOLLOWED,
        )
    }

    fn round<D: Dice>(&self, &(pos, first, tag): &State, dice: &mut D) -> Next<State, End> {
        if self.endless(&pos) {
            return Next::End((Winner::Draw, first, tag));
        }
        let moves = self.duel.choose_both(&pos, dice);
        let tag = if self.follow_first && tag == NOT_FOLLOWED {
            (3 * moves[0].index() + moves[1].index()) as u8
        } else {
            tag
        };
        let mut next = pos;
        match self.duel.exchange(&mut next, moves, dice) {
            Some((l, result)) => {
                let first = first.or(Some(result >= DamageResult::Grave));
                if next.tracks[l].is_out(self.duel.end.out_at) {
                    let winner = if l == 1 { Winner::A } else { Winner::B };
                    return Next::End((winner, first, tag));
                }
                Next::Round((self.positions.canonical(next), first, tag))
            }
            None => Next::Round((self.positions.canonical(next), first, tag)),
        }
    }

    fn at_cap(&self, &(_, first, tag): &State) -> End {
        (Winner::Draw, first, tag)
    }
}

/// Whether the exact law of `duel` is given: its whole-duel game (if a side plays it) is
/// solved, and neither side's feint points can add up without bound (see the module doc).
pub fn has_exact(duel: &Duel) -> bool {
    duel.game.as_ref().is_none_or(|g| g.is_solved()) && !(0..2).any(|s| duel.unbounded_feints(s))
}

/// The exact law of the outcome of `duel` (blows not counted) and the number of states
/// the fight met; `None` beyond [`STATE_BUDGET`] states.
pub fn exact_law(duel: &Duel) -> Option<(Dist<DuelOutcome>, usize)> {
    let out = DuelFight::new(duel, false).solve()?;
    let max_rounds = duel.end.max_rounds;
    let law = out
        .endings
        .map(|&((winner, first, _), rounds)| DuelOutcome {
            winner,
            rounds: if winner == Winner::Draw {
                max_rounds
            } else {
                rounds
            },
            hits: 0,
            grave_hits: 0,
            first_hit_grave: first,
            counted: false,
        });
    Some((law, out.states))
}

/// The exact joint law of the first exchange's manœuvres and the winner of `duel`, when
/// [`has_exact`].
pub fn first_moves_and_winner(duel: &Duel) -> Option<Dist<([Manoeuvre; 2], Winner)>> {
    if !has_exact(duel) {
        return None;
    }
    let out = DuelFight::new(duel, true).solve()?;
    Some(out.endings.map(|&((winner, _, tag), _)| {
        let tag = usize::from(tag.min(8));
        ([Manoeuvre::ALL[tag / 3], Manoeuvre::ALL[tag % 3]], winner)
    }))
}

#[cfg(test)]
#[path = "exact_tests.rs"]
mod tests;
