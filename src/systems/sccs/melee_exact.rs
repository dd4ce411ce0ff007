//! The exact distribution of `sccs.melee`: the fight as a [`Chain`] over
//! [`FightState`]s, propagated round by round by the engine ([`propagate`]), equal states
//! merged.
//!
//! A round expands one state attack by attack with the same [`Melee::strike`] the sampled
//! fight calls: an attack that starts a tension counter is played once per face of the
//! D6 (each with chance 1/6), any other attack once. An attack that puts the defender out
//! ends the fight; after `rounds` rounds what is still in play ends as "not out".
//!
//! # What bounds it
//! A state is the attackers' tension counters (0 to 6 each, so at most 7^n, and only the
//! attackers who tie ever run one), the durability left (0 to `durability`), the impacts
//! taken (0 to `impacts_to_out − 1`), the round of the first impact (always 0 while the
//! fight goes on when `impacts_to_out = 1`, else up to `rounds`) and the round. States
//! are merged within each round, so at most 7^n × (durability + 1) × impacts_to_out ×
//! (rounds + 1) states are live in one round, and a round turns one state into at most
//! 6^n branches. Mass still in play below [`TAIL_BOUND`] is dropped and reported as the
//! distribution's tail, which also prunes the long tails of rare states.
//!
//! In practice: the fights of the shipped studies meet at most 2,276 states; the
//! largest fight the parameters allow that we found, four attackers all tying (`[6, 5,
//! 4, 3]` against 6), `impacts_to_out = 10`, `wound_malus = 0`, 50 rounds, meets about
//! 500,000 states (a few seconds, some 250 MB). Past [`MAX_STATES`] distinct states the
//! propagation gives up and `exact()` is `None` (Monte Carlo only).

use super::melee::{FightState, Melee, MeleeOutcome};
use super::rules::each_face;
use crate::engine::Dist;
use crate::engine::chain::{Chain, Limits, Next, propagate};
use crate::engine::dist::TAIL_BOUND;
use std::cell::Cell;

/// Most distinct states (one per state and round) the exact fight expands before giving
/// up.
pub const MAX_STATES: usize = 1_000_000;

/// How an exact fight ends: as a sampled fight would, or past the budget of states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct End {
    /// Too many states: the propagation gave up here (the outcome is then meaningless).
    too_large: bool,
    /// The fight's outcome.
    outcome: MeleeOutcome,
}

impl End {
    fn fight(outcome: MeleeOutcome) -> Self {
        Self {
            too_large: false,
            outcome,
        }
    }
}

/// `sccs.melee` as a chain, with what is left of its budget of states.
struct MeleeChain<'a> {
    melee: &'a Melee,
    budget: Cell<usize>,
}

impl Chain for MeleeChain<'_> {
    type State = FightState;
    type End = End;

    fn start(&self) -> FightState {
        self.melee.start()
    }

    fn round(&self, s: &FightState) -> Vec<(Next<FightState, End>, f64)> {
        let left = self.budget.get();
        if left == 0 {
            let outcome = self.melee.outcome(s, None);
            return vec![(
                Next::End(End {
                    too_large: true,
                    outcome,
                }),
                1.0,
            )];
        }
        self.budget.set(left - 1);
        self.melee.round_steps(s)
    }

    fn at_cap(&self, s: &FightState) -> End {
        End::fight(self.melee.outcome(s, None))
    }
}

impl Melee {
    /// The attack of attacker `k` on state `s`, every face of the D6 when it starts a
    /// counter.
    fn branches(&self, s: &FightState, k: usize) -> Vec<((FightState, bool), f64)> {
        each_face(self.tension_die, |d6| {
            let mut t = *s;
            let out = self.strike(&mut t, k, d6);
            (t, out)
        })
    }

    /// One round from `s`: the states after it, and the fights it ends.
    fn round_steps(&self, s: &FightState) -> Vec<(Next<FightState, End>, f64)> {
        let mut start = *s;
        start.round += 1;
        let mut live = vec![(start, 1.0)];
        let mut steps = Vec::new();
        for k in 0..self.n {
            let mut next = Vec::with_capacity(live.len());
            for (state, p) in live {
                for ((t, out), q) in self.branches(&state, k) {
                    if out {
                        let o = self.outcome(&t, Some(k));
                        steps.push((Next::End(End::fight(o)), p * q));
                    } else {
                        next.push((t, p * q));
                    }
                }
            }
            live = next;
        }
        steps.extend(live.into_iter().map(|(t, p)| (Next::Round(t), p)));
        steps
    }

    /// The exact distribution of the fight's outcomes, or `None` past `max_states`
    /// states (see the module doc); [`Roll::exact`] with [`MAX_STATES`].
    ///
    /// [`Roll::exact`]: crate::engine::Roll::exact
    pub fn exact_within(&self, max_states: usize) -> Option<Dist<MeleeOutcome>> {
        let chain = MeleeChain {
            melee: self,
            budget: Cell::new(max_states),
        };
        let limits = Limits {
            max_rounds: self.rounds,
            tolerance: TAIL_BOUND,
        };
        let endings = propagate(&chain, limits).endings;
        if endings.p_where(|(e, _)| e.too_large) > 0.0 {
            return None;
        }
        Some(endings.map(|(e, _)| e.outcome))
    }
}
