//! The exact law of a surclassement duel (`aube.surclassement.duel`), as a Markov chain
//! over merged states propagated round by round ([`crate::engine::chain`]).
//!
//! The state is the [`Position`] between two exchanges (both wound tracks, the feint
//! points held), merged by [`Fight::canonical`], and whether the first blow was grave or
//! worse (not yet known, no, yes). A round is one exchange: each side's mix in the
//! position ([`Duel::mix`]: a pure manœuvre for the deterministic strategies, the given
//! chances for `mixed`, the game's mix for `optimal_duel`) times the exact exchange
//! ([`Fight::exchange`]). A position from which nobody can ever be put out
//! ([`Fight::endless`]: neither fighter can succeed any more, or one cannot and the other
//! only dazes him and cannot or will not feint) ends at once as the draw it becomes at
//! `max_rounds` (every draw counts `max_rounds` rounds, as in a fought duel). Every
//! strategy is stationary (it reads the position only), so every strategy has an exact
//! law, within the bounds below.
//!
//! What bounds the state: the wound tracks (4 légères, 2 graves, 1 critique, fatigue
//! points up to the point where every test fails: about 60 tracks a side under `out_at =
//! fatale`), a pending étourdi, and the feint points held, which only a won MA sets (a
//! few dozen values). Slow fights between tired fighters keep a little mass in play for
//! hundreds of rounds, which the engine's indexed propagation walks without hashing a
//! state again. Equal fighters always striking (`out_at = fatale`): 1,164 states, about
//! 0.01 s of CPU at `max_rounds = 300` and 0.015 s at 1000, against 1.0 to 1.2 s for 10⁶
//! sampled duels on one thread; `feint_then_md` against it: 4,009 states, 0.025 s at 300
//! and 0.05 s at 1000, against 1.0 to 1.1 s (release build, 2026-11-23; with the earlier
//! propagation, which hashed every state in every round, 0.16 to 0.45 s and 1.5 s).
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
use super::position::{After, Fight, Position, Quick};
use crate::engine::Dist;
use crate::engine::chain::{Chain, Limits, Next, Propagated, propagate_within};
use crate::engine::fight::Winner;
use crate::systems::aube::damage::DamageResult;
use std::collections::HashMap;
use std::collections::hash_map::Entry;

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

/// A duel as a chain, with the caches of its exchanges.
pub struct DuelChain<'a> {
    duel: &'a Duel,
    fight: Fight,
    /// Follow the first exchange's manœuvres (`3 × A's + B's`, by [`Manoeuvre::index`]).
    follow_first: bool,
    /// Whether each side ever feints.
    feints: [bool; 2],
}

impl<'a> DuelChain<'a> {
    /// The chain of `duel`; `follow_first`: keep the first exchange's manœuvres in the
    /// state (up to 9 times the states).
    pub fn new(duel: &'a Duel, follow_first: bool) -> Self {
        Self {
            duel,
            fight: Fight::new(duel.rules, duel.fighters, duel.end.out_at),
            follow_first,
            feints: [duel.feints(0), duel.feints(1)],
        }
    }

    /// Propagates the chain, within the duel's `max_rounds` and [`STATE_BUDGET`] (`None`
    /// beyond it).
    fn propagate(&self) -> Option<Propagated<End>> {
        let limits = Limits {
            max_rounds: self.duel.end.max_rounds,
            tolerance: TOLERANCE,
        };
        propagate_within(self, limits, STATE_BUDGET)
    }
}

impl Chain for DuelChain<'_> {
    type State = State;
    type End = End;

    fn start(&self) -> State {
        (self.fight.canonical(Position::START), None, NOT_FOLLOWED)
    }

    fn round(&self, &(pos, first, tag): &State) -> Vec<(Next<State, End>, f64)> {
        if self.fight.endless(&pos, self.feints) {
            return vec![(Next::End((Winner::Draw, first, tag)), 1.0)];
        }
        let mixes = [self.duel.mix(0, &pos), self.duel.mix(1, &pos)];
        // The ways merged in the order they are met (a map with a random hasher would
        // hand them out in another order each run, and the exact values would move in
        // their last bits from run to run).
        let mut out: Vec<(Next<State, End>, f64)> = Vec::new();
        let mut at: HashMap<Next<State, End>, usize, Quick> = HashMap::default();
        for (i, &x) in mixes[0].iter().enumerate() {
            for (j, &y) in mixes[1].iter().enumerate() {
                if x * y <= 0.0 {
                    continue;
                }
                let tag = if self.follow_first && tag == NOT_FOLLOWED {
                    (3 * i + j) as u8
                } else {
                    tag
                };
                let moves = [Manoeuvre::ALL[i], Manoeuvre::ALL[j]];
                for (step, p) in self.fight.exchange(&pos, moves) {
                    let first = first.or(step.blow.map(|r| r >= DamageResult::Grave));
                    let next = match step.after {
                        After::Next(pos) => Next::Round((pos, first, tag)),
                        After::Out(winner) => Next::End((winner, first, tag)),
                    };
                    match at.entry(next) {
                        Entry::Occupied(e) => out[*e.get()].1 += x * y * p,
                        Entry::Vacant(e) => {
                            out.push((e.key().clone(), x * y * p));
                            e.insert(out.len() - 1);
                        }
                    }
                }
            }
        }
        out
    }

    fn at_cap(&self, &(_, first, tag): &State) -> End {
        (Winner::Draw, first, tag)
    }
}

/// Whether the exact law of `duel` is given: neither side's feint points can add up
/// without bound (see the module doc).
pub fn has_exact(duel: &Duel) -> bool {
    !(0..2).any(|s| duel.unbounded_feints(s))
}

/// The exact law of the outcome of `duel` (blows not counted) and the number of states
/// the chain met; `None` beyond [`STATE_BUDGET`] states.
pub fn exact_law(duel: &Duel) -> Option<(Dist<DuelOutcome>, usize)> {
    let chain = DuelChain::new(duel, false);
    let out = chain.propagate()?;
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

/// The exact law of the outcome of `duel` (see the module doc), when [`has_exact`].
pub fn exact(duel: &Duel) -> Option<Dist<DuelOutcome>> {
    if !has_exact(duel) {
        return None;
    }
    exact_law(duel).map(|(law, _)| law)
}

/// The exact joint law of the first exchange's manœuvres and the winner of `duel`, when
/// [`has_exact`].
pub fn first_moves_and_winner(duel: &Duel) -> Option<Dist<([Manoeuvre; 2], Winner)>> {
    if !has_exact(duel) {
        return None;
    }
    let chain = DuelChain::new(duel, true);
    let out = chain.propagate()?;
    Some(out.endings.map(|&((winner, _, tag), _)| {
        let tag = usize::from(tag.min(8));
        ([Manoeuvre::ALL[tag / 3], Manoeuvre::ALL[tag % 3]], winner)
    }))
}

#[cfg(test)]
#[path = "exact_tests.rs"]
mod tests;
