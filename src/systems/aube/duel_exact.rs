//! The exact values of `aube.duel` (issue 15): the duel as a Markov chain propagated round
//! by round with [`crate::engine::chain`].
//!
//! The state is the two wound tracks ([`WoundTrack`]: wounds, fatigue points, pending
//! étourdis), the only things a fight changes; the fighters and the rules are fixed, and
//! the initiative, fixed or drawn afresh each round, needs no state. Equal states are
//! merged. A round's ways are made of [`Bout::attack_ways`], the distribution twin of the
//! attacks the duel samples. A fight ends when a fighter is out, or as a draw when
//! neither can hit the other any more (asked with no étourdi pending, as the sampled duel
//! asks it after a round without a hit) or at `max_rounds`; the mass still in play once
//! it is below [`EXACT_TOLERANCE`](super::exact_fight::EXACT_TOLERANCE) is the reported tail. Fights beyond the budgets of
//! [`solve`] (a crit die, the heroism rules or rolled extremes can make their states
//! endless) have no exact values.
//!
//! The propagation's work is, round after round, every state in play times its
//! successors, each hashed and looked up: a state is packed in one 64-bit word
//! ([`WoundTrack::pack`]) to keep that cheap (packing took the average duel from 0.94 s
//! to 0.25 s), and the tracks of a spent fighter, past the fatigue at which nothing
//! changes any more, are merged ([`Bout::merge`]: from 8 126 states to 2 562, 0.08 s). Splitting a round into its two attacks
//! gives fewer successors per state but three times the states and twice the steps, and
//! was four times slower.

use super::bout::{BlowCache, Bout};
use super::duel::{DuelModel, DuelOutcome, Winner};
use super::exact_fight::{STATE_BUDGET, Solved, solve};
use super::fighter::{Fighter, FighterState};
use super::resolution::CritDie;
use super::wounds::WoundTrack;
use crate::engine::Dist;
use crate::engine::chain::{Chain, FixedMap, Next, Round};
use std::cell::RefCell;
use std::collections::HashMap;

/// How a fight ends, before its length is known: the winner and the wounds on A's and
/// B's tracks.
pub type FightEnd = (Winner, u8, u8);

/// The duel of two fighters as a chain over their wound tracks (see the module).
pub struct DuelChain {
    fighters: [Fighter; 2],
    bout: Bout,
    max_rounds: u32,
    /// The attacks met so far, by attacker and totals.
    blows: RefCell<BlowCache>,
}

/// Both tracks in one word (A's in the high half).
pub fn pack(tracks: &[WoundTrack; 2]) -> u64 {
    (tracks[0].pack() as u64) << 32 | tracks[1].pack() as u64
}

/// The tracks [`pack`] packed.
pub fn unpack(word: u64) -> [WoundTrack; 2] {
    [
        WoundTrack::unpack((word >> 32) as u32),
        WoundTrack::unpack(word as u32),
    ]
}

impl DuelChain {
    /// The chain of `model`'s duel.
    pub fn new(model: &DuelModel) -> Self {
        Self::of(model.fighters, model.bout, model.max_rounds)
    }

    /// The chain of a duel of `fighters` under `bout`, capped at `max_rounds`.
    pub fn of(fighters: [Fighter; 2], bout: Bout, max_rounds: u32) -> Self {
        Self {
            fighters,
            bout,
            max_rounds,
            blows: RefCell::new(HashMap::new()),
        }
    }

    /// The endings with the round they came at, and the number of states reached;
    /// `None` beyond the budgets of [`solve`], and at once when a fighter rolls a crit die
    /// (see [`exact_is_tried`]).
    pub fn solve(&self) -> Option<Solved<FightEnd>> {
        if !exact_is_tried(&self.fighters) {
            return None;
        }
        solve(self, self.max_rounds, STATE_BUDGET)
    }

    /// The exact distribution of the duel's outcome (a draw lasts `max_rounds`, as the
    /// sampled duel counts it); `None` beyond the budgets of [`solve`].
    pub fn outcomes(&self) -> Option<Dist<DuelOutcome>> {
        let max_rounds = self.max_rounds;
        let (endings, _) = self.solve()?;
        Some(
            endings.map(|&((winner, a_wounds, b_wounds), rounds)| DuelOutcome {
                winner,
                rounds: if winner == Winner::Draw {
                    max_rounds
                } else {
                    rounds
                },
                a_wounds,
                b_wounds,
            }),
        )
    }
}

/// Whether exact values are worth trying for a fight of `fighters`: not when one rolls a
/// crit die. Its open-ended d20 lets a fighter hit and hurt however spent it is, so the
/// fatigue points wander far (a duel of two average fighters, one with a d10, reaches more
/// than 30 000 states even when the first légère ends it), and each attack's distribution
/// is a few hundred thousand terms: the exploration alone would take seconds before giving
/// up.
pub fn exact_is_tried(fighters: &[Fighter; 2]) -> bool {
    fighters.iter().all(|f| f.options.crit == CritDie::None)
}

/// Whether neither fighter of `fighters` with `tracks` can hit the other any more, asked
/// only when no étourdi is pending (an étourdi may lower a parry for one attack).
pub fn stuck(bout: &Bout, fighters: &[Fighter; 2], tracks: &[WoundTrack; 2]) -> bool {
    tracks.iter().all(|t| t.stun() == 0)
        && bout.frozen(&[0, 1].map(|k| FighterState {
            fighter: fighters[k],
            wounds: tracks[k],
        }))
}

/// One round of a fight from `tracks`: every way it can go, with its chance, as a step of
/// the chain (the ways merged). `end` makes the step of the tracks a fight stops at,
/// given the side that put the other out (`None`: neither can hit any more), and `next`
/// the step of the tracks it goes on with.
pub fn round_steps<S: Clone + Eq + std::hash::Hash, E: Clone + Eq + std::hash::Hash>(
    bout: &Bout,
    fighters: &[Fighter; 2],
    tracks: &[WoundTrack; 2],
    blows: &mut BlowCache,
    end: impl Fn(Option<usize>, &[WoundTrack; 2]) -> Next<S, E>,
    next: impl Fn(&[WoundTrack; 2]) -> Next<S, E>,
) -> Round<S, E> {
    let mut merged: FixedMap<Next<S, E>, f64> = FixedMap::default();
    for &(first, p_order) in bout.orders() {
        let second = 1 - first;
        for (after, out, p1) in bout.attack_ways(fighters, tracks, first, blows) {
            let p1 = p_order * p1;
            if out {
                *merged.entry(end(Some(first), &after)).or_insert(0.0) += p1;
                continue;
            }
            for (after, out, p2) in bout.attack_ways(fighters, &after, second, blows) {
                let step = if out {
                    end(Some(second), &after)
                } else if stuck(bout, fighters, &after) {
                    end(None, &after)
                } else {
                    next(&after)
                };
                *merged.entry(step).or_insert(0.0) += p1 * p2;
            }
        }
    }
    merged.into_iter().collect()
}

/// `tracks` merged with the tracks that play the same from now on, when `cap` (the
/// [`Bout::saturation`] of `fighters`) is known.
pub fn merged(
    bout: &Bout,
    fighters: &[Fighter; 2],
    cap: &Option<[i64; 2]>,
    tracks: &[WoundTrack; 2],
) -> [WoundTrack; 2] {
    let mut t = *tracks;
    if let Some(cap) = cap {
        bout.merge(fighters, cap, &mut t);
    }
    t
}

impl Chain for DuelChain {
    type State = u64;
    type End = FightEnd;

    fn start(&self) -> u64 {
        pack(&[WoundTrack::new(); 2])
    }

    fn round(&self, &state: &u64) -> Round<u64, FightEnd> {
        let end = |winner: Option<usize>, t: &[WoundTrack; 2]| {
            let w = match winner {
                Some(0) => Winner::A,
                Some(_) => Winner::B,
                None => Winner::Draw,
            };
            Next::End((w, t[0].wounds(), t[1].wounds()))
        };
        let blows = &mut self.blows.borrow_mut();
        let tracks = unpack(state);
        let (bout, fighters) = (&self.bout, &self.fighters);
        let cap = bout.saturation(fighters);
        round_steps(bout, fighters, &tracks, blows, end, |t| {
            Next::Round(pack(&merged(bout, fighters, &cap, t)))
        })
    }

    fn at_cap(&self, &state: &u64) -> FightEnd {
        let tracks = unpack(state);
        (Winner::Draw, tracks[0].wounds(), tracks[1].wounds())
    }
}

#[cfg(test)]
#[path = "duel_exact_tests.rs"]
mod tests;
