//! The fight of `sccs.melee`, written once as a [`Fight`]: its state between two rounds
//! ([`FightState`]), its round (every attacker strikes once, in order, [`Melee::strike`])
//! and its end ([`MeleeEnd`]). The sampled fight plays the round again and again
//! ([`play`]); the exact one enumerates the same round from every state the fight reaches
//! and propagates the probability round by round, equal states merged ([`solve`]).
//!
//! A state holds no round number: the round of the first impact is kept as the rounds
//! since it, and the round the fight ends is the round the propagation (or the sampling
//! loop) is at. A fight that has not landed its first impact yet thus meets the same
//! states round after round, and each is enumerated once.
//!
//! # What bounds it
//! A state is the attackers' tension counters (0 to the faces of the tension die each,
//! and only the attackers who tie ever run one), the durability left (0 to
//! `durability`), the impacts taken (0 to `impacts_to_out − 1`) and the rounds since the
//! first impact (always 0 while the fight goes on when `impacts_to_out = 1`, else up to
//! `rounds`); a healer (switch `healer`) moves the impacts and the durability within
//! the same bounds. A round turns one state into at most 6^n paths of the tension die, n the
//! attackers (1 to 4). Mass still in play below [`TAIL_BOUND`] is dropped and reported as
//! the distribution's tail.
//!
//! In practice: the largest fight the parameters allow that we found, four attackers
//! all tying (`[6, 5, 4, 3]` against 6), `impacts_to_out = 10`, `wound_malus = 0`, 50
//! rounds, meets about 122,000 states (under a second, some 40 MB); the default fight,
//! `[5, 5, 6, 4]`, meets 37. Past [`MAX_STATES`] distinct states `exact()` is `None`
//! (Monte Carlo only).

use super::melee::{Healer, MAX_ENGAGED, Melee, MeleeOutcome};
use super::resolution::{Counter, Receiving};
use super::restoration::restore_one;
use crate::engine::chain::{Limits, Next};
use crate::engine::dist::TAIL_BOUND;
use crate::engine::fight::{Fight, play, solve};
use crate::engine::{Dice, Dist, Roll};
use std::hash::{Hash, Hasher};

/// Most distinct states the exact fight meets before giving up.
pub const MAX_STATES: usize = 1_000_000;

/// Everything that matters for the rest of a fight, between two attacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FightState {
    /// Each attacker's tension counter.
    pub counters: [Counter; MAX_ENGAGED],
    /// The armour's durability left.
    pub durability: u32,
    /// Impacts taken so far.
    pub impacts: u32,
    /// Rounds since the first impact, its own round counted: 1 during the round of the
    /// first impact, 2 during the next, ...; 0 before the first impact.
    pub since_first: u32,
}

/// A state is hashed as one word (the exact fight hashes every state it meets).
impl Hash for FightState {
    fn hash<H: Hasher>(&self, h: &mut H) {
        let counters = self
            .counters
            .iter()
            .fold(0u64, |key, c| key << 8 | u64::from(c.remaining()));
        let rest = u64::from(self.durability) << 16
            ^ u64::from(self.impacts) << 8
            ^ u64::from(self.since_first);
        h.write_u64(counters << 32 ^ rest);
    }
}

/// How a fight ended: what [`MeleeOutcome`] reads, the round aside (the round the fight
/// ended is the sampling loop's or the propagation's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MeleeEnd {
    /// The attacker (from 0) whose attack of the last round put the defender out; `None`
    /// when the defender is still in after `rounds`.
    pub out_by: Option<u8>,
    /// [`FightState::since_first`] at the end.
    pub since_first: u32,
    /// The armour's durability left.
    pub durability: u32,
    /// Impacts taken.
    pub impacts: u32,
}

impl Melee {
    /// The attack of attacker `k` (from 0) on state `s`: the tension die is rolled only
    /// when a tie starts a new counter. Returns true when this attack puts the defender
    /// out.
    #[inline(always)]
    pub fn strike<D: Dice>(&self, s: &mut FightState, k: usize, dice: &mut D) -> bool {
        let p = self.guard().now(s.durability, s.impacts);
        let a = self.exchange_margin.attack(dice, self.attackers[k], p);
        let receiving = Receiving {
            counts_tie: self.counts_tie,
            floor_ties: self.floor_ties,
            covers_deficit: self.covers_deficit,
        };
        if !receiving.land(
            a,
            (p, self.armour_res),
            self.erosion_by_rank[k],
            &mut s.durability,
            &mut s.counters[k],
            || self.tension_die.roll(dice),
        ) {
            return false;
        }
        s.impacts += 1;
        if s.since_first == 0 {
            s.since_first = 1;
        }
        s.impacts >= self.impacts_to_out
    }

    /// The healer's restoration of the defender in state `s`, when `healer` is the one
    /// whose turn it is ([`Healer`]): one impact's −1 removed or one point of durability
    /// back ([`restore_one`]), nothing when the defender is whole.
    #[inline(always)]
    fn restoration(&self, s: &mut FightState, healer: Healer) {
        if self.healer == healer {
            restore_one(
                self.restoration_first,
                &mut s.impacts,
                &mut s.durability,
                self.durability,
            );
        }
    }

    /// The end of a fight stopped in state `s`: the defender out on the attack of
    /// attacker `out_by` (from 0), or still in.
    fn end(&self, s: &FightState, out_by: Option<usize>) -> MeleeEnd {
        MeleeEnd {
            out_by: out_by.map(|k| k as u8),
            since_first: s.since_first,
            durability: s.durability,
            impacts: s.impacts,
        }
    }

    /// The outcome of a fight that ended with `end` in round `rounds` (`rounds` itself
    /// when the defender is still in).
    pub fn outcome(&self, end: &MeleeEnd, rounds: u32) -> MeleeOutcome {
        let (round_out, exchanges_out) = match end.out_by {
            Some(k) => (rounds, (rounds - 1) * self.n as u32 + u32::from(k) + 1),
            None => (0, 0),
        };
        MeleeOutcome {
            round: if end.since_first > 0 {
                rounds + 1 - end.since_first
            } else {
                0
            },
            durability_spent: self.durability - end.durability,
            durability_left: end.durability,
            round_out,
            exchanges_out,
            impacts: end.impacts,
        }
    }

    /// The exact distribution of the fight's outcomes ([`solve`]), or `None` past
    /// `max_states` distinct states (see the module doc); [`Roll::exact`] with
    /// [`MAX_STATES`].
    pub fn exact_within(&self, max_states: usize) -> Option<Dist<MeleeOutcome>> {
        let limits = Limits::new(self.rounds, TAIL_BOUND);
        let out = solve(self, limits, max_states).ok()?;
        Some(out.endings.map(|(end, rounds)| self.outcome(end, *rounds)))
    }
}

impl Fight for Melee {
    type State = FightState;
    type End = MeleeEnd;

    fn start(&self) -> FightState {
        FightState {
            counters: [Counter::default(); MAX_ENGAGED],
            durability: self.durability,
            impacts: 0,
            since_first: 0,
        }
    }

    /// One round: an ally healer restores the defender, the attackers strike in their
    /// order, then a defender who heals restores itself.
    #[inline(always)]
    fn round<D: Dice>(&self, s: &FightState, dice: &mut D) -> Next<FightState, MeleeEnd> {
        let mut s = *s;
        if s.since_first > 0 {
            s.since_first += 1;
        }
        self.restoration(&mut s, Healer::Ally);
        for k in 0..self.n {
            if self.strike(&mut s, k, dice) {
                return Next::End(self.end(&s, Some(k)));
            }
        }
        self.restoration(&mut s, Healer::Defender);
        Next::Round(s)
    }

    fn at_cap(&self, s: &FightState) -> MeleeEnd {
        self.end(s, None)
    }
}

impl Roll for Melee {
    type Outcome = MeleeOutcome;

    /// Plays the fight.
    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> MeleeOutcome {
        let (end, rounds) = play(self, dice, self.rounds);
        self.outcome(&end, rounds)
    }

    /// The exact distribution of the fight's outcomes, or `None` past [`MAX_STATES`]
    /// states.
    fn exact(&self) -> Option<Dist<MeleeOutcome>> {
        self.exact_within(MAX_STATES)
    }
}
