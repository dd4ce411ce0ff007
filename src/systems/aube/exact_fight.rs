//! Exact values of a fight of `aube` (`aube.duel`, `aube.gauntlet`) with the engine's
//! chain propagation ([`crate::engine::chain`]), within a budget.
//!
//! The propagation's work is every state in play, round after round, times its
//! successors. For the fights the analyses ask about it is small (a duel of two average
//! fighters meets 2 562 states, once the spent tracks are merged, and is over, but for
//! 1e-9 of its mass, in 260 rounds). Some fights
//! have states without number: a crit die, the heroism rules (every test rolled) or
//! `extremes=roll` let a spent fighter still land a blow now and then, and every sonné
//! adds a fatigue point, so the tracks wander on. [`solve`] first explores the
//! states a fight can reach, and gives up (no exact values: Monte Carlo only) beyond
//! [`STATE_BUDGET`] of them; it then propagates at most [`ROUND_BUDGET`] rounds, and gives
//! up when the mass still in play at that point is above [`EXACT_TOLERANCE`] and the
//! fight's own cap is later.

use crate::engine::Dist;
use crate::engine::chain::{Chain, Limits, Round, Step, propagate};
use std::cell::Cell;
use std::collections::HashMap;

/// The mass still in play at which the propagation of a fight stops (reported as the
/// tail of the exact values).
pub const EXACT_TOLERANCE: f64 = 1e-9;

/// Most distinct states a duel may reach for exact values (the duels of the shipped
/// analyses reach at most a few thousand, once spent tracks are merged).
pub const STATE_BUDGET: usize = 30_000;

/// Most rounds propagated for exact values.
pub const ROUND_BUDGET: u32 = 500;

/// The round of every state of a chain.
type Rounds<C> = HashMap<<C as Chain>::State, Round<<C as Chain>::State, <C as Chain>::End>>;

/// The exact endings of a fight with their rounds, and the number of states reached.
pub type Solved<E> = (Dist<(E, u32)>, usize);

/// A chain whose rounds were all worked out while exploring it.
struct Explored<'a, C: Chain> {
    chain: &'a C,
    rounds: Rounds<C>,
    /// Whether the propagation reached the round budget with mass still in play.
    capped: Cell<bool>,
}

impl<C: Chain> Chain for Explored<'_, C> {
    type State = C::State;
    type End = C::End;

    fn start(&self) -> C::State {
        self.chain.start()
    }

    fn round(&self, state: &C::State) -> Round<C::State, C::End> {
        match self.rounds.get(state) {
            Some(round) => round.clone(),
            None => self.chain.round(state),
        }
    }

    fn at_cap(&self, state: &C::State) -> C::End {
        self.capped.set(true);
        self.chain.at_cap(state)
    }
}

/// The rounds of every state `chain` can reach, or `None` beyond `budget` states.
fn explore<C: Chain>(chain: &C, budget: usize) -> Option<Rounds<C>> {
    let mut rounds = HashMap::new();
    let mut todo = vec![chain.start()];
    while let Some(state) = todo.pop() {
        if rounds.contains_key(&state) {
            continue;
        }
        if rounds.len() >= budget {
            return None;
        }
        let round = chain.round(&state);
        todo.extend(round.iter().filter_map(|(step, _)| match step {
            Step::Next(s) if !rounds.contains_key(s) => Some(s.clone()),
            _ => None,
        }));
        rounds.insert(state, round);
    }
    Some(rounds)
}

/// The exact distribution of `(ending, rounds)` of `chain`, a fight capped at
/// `max_rounds` (its mass still in play then ends by [`Chain::at_cap`]), with the states
/// it reaches; `None` beyond `state_budget` states or [`ROUND_BUDGET`] rounds (see the
/// module).
pub fn solve<C: Chain>(chain: &C, max_rounds: u32, state_budget: usize) -> Option<Solved<C::End>> {
    let rounds = explore(chain, state_budget)?;
    let states = rounds.len();
    let explored = Explored {
        chain,
        rounds,
        capped: Cell::new(false),
    };
    let limits = Limits {
        max_rounds: max_rounds.min(ROUND_BUDGET),
        tolerance: EXACT_TOLERANCE,
    };
    let endings = propagate(&explored, limits).endings;
    (max_rounds <= ROUND_BUDGET || !explored.capped.get()).then_some((endings, states))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A walk on 0..=n that ends at either end; from the middle it moves with 1/2 each
    /// way, so it lasts about n²/4 rounds.
    struct Walk {
        n: u32,
        stay: f64,
    }

    impl Chain for Walk {
        type State = u32;
        type End = bool;

        fn start(&self) -> u32 {
            self.n / 2
        }

        fn round(&self, &x: &u32) -> Round<u32, bool> {
            let step = |y: u32| {
                if y == 0 || y == self.n {
                    Step::End(y == self.n)
                } else {
                    Step::Next(y)
                }
            };
            let go = (1.0 - self.stay) / 2.0;
            vec![
                (step(x + 1), go),
                (step(x - 1), go),
                (Step::Next(x), self.stay),
            ]
        }

        fn at_cap(&self, _: &u32) -> bool {
            false
        }
    }

    #[test]
    fn small_chains_are_solved() {
        let (dist, states) = solve(&Walk { n: 10, stay: 0.0 }, 1000, STATE_BUDGET).expect("small");
        assert_eq!(states, 9);
        assert!((dist.p_where(|(up, _)| *up) - 0.5).abs() < 1e-9);
        assert!(dist.tail() < EXACT_TOLERANCE);
    }

    #[test]
    fn budgets_give_up() {
        // Too many states.
        let n = STATE_BUDGET as u32 + 10;
        assert!(solve(&Walk { n, stay: 0.0 }, 1000, STATE_BUDGET).is_none());
        // Few states, but a fight far longer than the round budget: given up when its
        // own cap is later, solved (ended at the cap) when its cap is within the budget.
        let slow = Walk { n: 4, stay: 0.999 };
        assert!(solve(&slow, 100_000, STATE_BUDGET).is_none());
        let (dist, _) = solve(&slow, 100, STATE_BUDGET).expect("capped within the budget");
        assert!(dist.p_where(|(_, r)| *r == 100) > 0.5);
    }
}
