//! Exact values of a fight of `aube` (`aube.duel`, `aube.gauntlet`) with the engine's
//! chain propagation ([`crate::engine::chain`]), within a budget.
//!
//! The propagation's work is every state in play, round after round, times its
//! successors. For the fights the analyses ask about it is small (a duel of two average
//! fighters meets 2 562 states, once the spent tracks are merged, and is over, but for
//! 1e-9 of its mass, in 260 rounds). Some fights
//! have states without number: a crit die, the heroism rules (every test rolled) or
//! `extremes=roll` let a spent fighter still land a blow now and then, and every sonné
//! adds a fatigue point, so the tracks wander on. [`solve`] gives up (no exact values:
//! Monte Carlo only) as soon as the fight's mass reaches more than [`STATE_BUDGET`]
//! states; it propagates at most [`ROUND_BUDGET`] rounds, and gives
//! up when the mass still in play at that point is above [`EXACT_TOLERANCE`] and the
//! fight's own cap is later.

use crate::engine::Dist;
use crate::engine::chain::{Chain, Limits, propagate_within};

/// The mass still in play at which the propagation of a fight stops (reported as the
/// tail of the exact values).
pub const EXACT_TOLERANCE: f64 = 1e-9;

/// Most distinct states a duel may reach for exact values (the duels of the shipped
/// analyses reach at most a few thousand, once spent tracks are merged).
pub const STATE_BUDGET: usize = 30_000;

/// Most rounds propagated for exact values.
pub const ROUND_BUDGET: u32 = 500;

/// The exact endings of a fight with their rounds, and the number of states reached.
pub type Solved<E> = (Dist<(E, u32)>, usize);

/// The exact distribution of `(ending, rounds)` of `chain`, a fight capped at
/// `max_rounds` (its mass still in play then ends by [`Chain::at_cap`]), with the states
/// it reaches; `None` beyond `state_budget` states or [`ROUND_BUDGET`] rounds (see the
/// module).
pub fn solve<C: Chain>(chain: &C, max_rounds: u32, state_budget: usize) -> Option<Solved<C::End>> {
    let limits = Limits {
        max_rounds: max_rounds.min(ROUND_BUDGET),
        tolerance: EXACT_TOLERANCE,
    };
    let out = propagate_within(chain, limits, state_budget)?;
    (max_rounds <= ROUND_BUDGET || !out.capped).then_some((out.endings, out.states))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::chain::{Next, Round};

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
                    Next::End(y == self.n)
                } else {
                    Next::Round(y)
                }
            };
            let go = (1.0 - self.stay) / 2.0;
            vec![
                (step(x + 1), go),
                (step(x - 1), go),
                (Next::Round(x), self.stay),
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
