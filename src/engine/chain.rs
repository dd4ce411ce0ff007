//! Exact fights: a fight as a Markov chain over merged states, propagated round by round.
//!
//! A fight is a [`Chain`]: a start state and a round, which maps a state to the
//! distribution of what follows it: a next state, or an ending. [`propagate`] carries the
//! probability mass forward one round at a time, merging equal states (so the work grows
//! with the number of distinct states, not with the number of paths), until the mass
//! still in play falls below a tolerance or a round cap is reached. The mass left in play
//! at the cap becomes the chain's [`Chain::at_cap`] ending (a draw, say); the mass left
//! below the tolerance is reported as the distribution's tail, as the open-ended d20's is.
//!
//! The result is a [`Dist`] over `(ending, rounds)`, so a mechanic records it with the same
//! `record` as its samples: the exact tally of a fight is filled exactly as a single roll's.
//! A mechanic writes its round twice, once to sample and once as a distribution; its
//! agreement tests (Monte Carlo inside the exact interval) are what hold the two together.
//!
//! The engine knows no rule system: states and endings are the mechanic's types.

use super::dist::Dist;
use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{BuildHasherDefault, Hash};

/// A map with a fixed hasher: iterated in the same order on every run for the same
/// insertions, so a round built through one lists its entries in the same order, and
/// exact values are reproducible to the last bit (a `HashMap` with the standard random
/// state would not be).
pub type FixedMap<K, V> = HashMap<K, V, BuildHasherDefault<DefaultHasher>>;

/// What follows a state after one round: another round, or the end.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Next<S, E> {
    /// The fight goes on: another round from this state.
    Round(S),
    /// The fight is over, with this ending.
    End(E),
}

/// What one round leads to: each next state or ending with its probability.
pub type Round<S, E> = Vec<(Next<S, E>, f64)>;

/// A fight whose rounds can be enumerated.
pub trait Chain {
    /// Everything that matters for the rest of the fight (merged when equal).
    type State: Clone + Eq + Hash;
    /// How a fight can end.
    type End: Clone + Ord;

    /// The state before the first round.
    fn start(&self) -> Self::State;

    /// One round from `state`: each next state or ending with its probability (the
    /// probabilities add up to one; entries may repeat, they are added). The entries must
    /// come in the same order on every run (merge them in a [`FixedMap`], not a `HashMap`
    /// with a random state): the order in which states are first met is the order their
    /// probabilities are summed in.
    fn round(&self, state: &Self::State) -> Round<Self::State, Self::End>;

    /// The ending of a fight still going after the round cap.
    fn at_cap(&self, state: &Self::State) -> Self::End;
}

/// When to stop propagating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Rounds at most; the mass still in play then ends by [`Chain::at_cap`].
    pub max_rounds: u32,
    /// Stop once the mass still in play is below this; it is reported as the tail.
    pub tolerance: f64,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_rounds: 1000,
            tolerance: 1e-12,
        }
    }
}

/// The distribution of `(ending, rounds fought)` of `chain`, and the states it met.
#[derive(Debug, Clone)]
pub struct Propagated<E: Ord> {
    /// Endings with the round they came at; its tail is the mass left below the
    /// tolerance.
    pub endings: Dist<(E, u32)>,
    /// Distinct states met (the size of the chain, for the reader of a benchmark).
    pub states: usize,
    /// Whether mass was still in play at the round cap (it ended by [`Chain::at_cap`]).
    pub capped: bool,
}

/// One state's round, with next states as indices: what the propagation walks each round
/// without hashing a state again.
struct Moves {
    next: Vec<(usize, f64)>,
    ends: Vec<(usize, f64)>,
}

/// The states met so far, each with an index, and their rounds once asked for.
struct Indexed<C: Chain> {
    index: FixedMap<C::State, usize>,
    states: Vec<C::State>,
    moves: Vec<Option<Moves>>,
    ends: Vec<C::End>,
}

impl<C: Chain> Indexed<C> {
    fn new() -> Self {
        Self {
            index: FixedMap::default(),
            states: Vec::new(),
            moves: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// The index of `state`, given one if it is new.
    fn index_of(&mut self, state: &C::State) -> usize {
        if let Some(&i) = self.index.get(state) {
            return i;
        }
        let i = self.states.len();
        self.index.insert(state.clone(), i);
        self.states.push(state.clone());
        self.moves.push(None);
        i
    }

    /// The index of the ending `end` (endings are few: a linear search).
    fn end_of(&mut self, end: &C::End) -> usize {
        match self.ends.iter().position(|e| e == end) {
            Some(k) => k,
            None => {
                self.ends.push(end.clone());
                self.ends.len() - 1
            }
        }
    }

    /// Works out the round of state `i` if it is not known yet.
    fn ensure_moves(&mut self, chain: &C, i: usize) {
        if self.moves[i].is_some() {
            return;
        }
        let round = chain.round(&self.states[i]);
        let mut moves = Moves {
            next: Vec::with_capacity(round.len()),
            ends: Vec::new(),
        };
        for (step, q) in &round {
            match step {
                Next::Round(s) => moves.next.push((self.index_of(s), *q)),
                Next::End(e) => moves.ends.push((self.end_of(e), *q)),
            }
        }
        merge_repeats(&mut moves.next);
        merge_repeats(&mut moves.ends);
        self.moves[i] = Some(moves);
    }
}

/// Adds up the entries of `moves` that go to the same index, keeping the order in which
/// each index first appears (so the sums are the same on every run).
fn merge_repeats(moves: &mut Vec<(usize, f64)>) {
    let mut merged: Vec<(usize, f64)> = Vec::with_capacity(moves.len());
    for &(j, q) in moves.iter() {
        match merged.iter_mut().find(|(k, _)| *k == j) {
            Some((_, sum)) => *sum += q,
            None => merged.push((j, q)),
        }
    }
    *moves = merged;
}

/// Propagates `chain` round by round under `limits`.
pub fn propagate<C: Chain>(chain: &C, limits: Limits) -> Propagated<C::End> {
    propagate_within(chain, limits, usize::MAX).expect("no state budget")
}

/// [`propagate`], giving up (`None`) as soon as the mass in play reaches more than
/// `max_states` distinct states.
///
/// Each state is hashed once, when first met, and given an index; a round is then a walk
/// over the states in play and their indexed successors, adding mass into a plain vector.
/// The states in play are visited in the order they were first reached, so the sums are
/// made in the same order on every run and exact values are reproducible to the last bit.
pub fn propagate_within<C: Chain>(
    chain: &C,
    limits: Limits,
    max_states: usize,
) -> Option<Propagated<C::End>> {
    let mut known = Indexed::<C>::new();
    let start = known.index_of(&chain.start());
    // The states in play, in the order they were reached, and their mass.
    let mut live: Vec<(usize, f64)> = vec![(start, 1.0)];
    // The mass reaching each state next round, and the round that last touched it.
    let mut next_mass: Vec<f64> = Vec::new();
    let mut touched_at: Vec<u32> = Vec::new();
    let mut touched: Vec<usize> = Vec::new();
    let mut end_mass: Vec<f64> = Vec::new();
    let mut endings: Vec<((C::End, u32), f64)> = Vec::new();
    let mut round = 0;
    while !live.is_empty() && round < limits.max_rounds {
        let mass: f64 = live.iter().map(|(_, p)| p).sum();
        if mass < limits.tolerance {
            break;
        }
        round += 1;
        for &(i, _) in &live {
            known.ensure_moves(chain, i);
        }
        if known.states.len() > max_states {
            return None;
        }
        next_mass.resize(known.states.len(), 0.0);
        touched_at.resize(known.states.len(), 0);
        end_mass.clear();
        end_mass.resize(known.ends.len(), 0.0);
        for &(i, p) in &live {
            let moves = known.moves[i].as_ref().expect("worked out above");
            for &(j, q) in &moves.next {
                if touched_at[j] != round {
                    touched_at[j] = round;
                    touched.push(j);
                    next_mass[j] = 0.0;
                }
                next_mass[j] += p * q;
            }
            for &(k, q) in &moves.ends {
                end_mass[k] += p * q;
            }
        }
        for (k, &m) in end_mass.iter().enumerate() {
            if m > 0.0 {
                endings.push(((known.ends[k].clone(), round), m));
            }
        }
        live.clear();
        live.extend(touched.drain(..).map(|j| (j, next_mass[j])));
    }
    let capped = round >= limits.max_rounds && !live.is_empty();
    if capped {
        endings.extend(
            live.iter()
                .map(|&(i, p)| ((chain.at_cap(&known.states[i]), round), p)),
        );
    }
    // Whatever is left in play below the tolerance is the missing mass: the tail.
    Some(Propagated {
        endings: Dist::truncated(endings),
        states: known.states.len(),
        capped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Gambler's ruin: A holds `a` of `a + b` coins and wins each round's coin with `p`.
    struct Ruin {
        a: u32,
        total: u32,
        p: f64,
    }

    impl Ruin {
        /// A gambler with `a` of `total`, winning each bet with chance `p`.
        fn new(a: u32, total: u32, p: f64) -> Self {
            Self { a, total, p }
        }
    }

    impl Chain for Ruin {
        type State = u32;
        type End = bool;

        fn start(&self) -> u32 {
            self.a
        }

        fn round(&self, &a: &u32) -> Vec<(Next<u32, bool>, f64)> {
            let step = |x: u32| {
                if x == 0 {
                    Next::End(false)
                } else if x == self.total {
                    Next::End(true)
                } else {
                    Next::Round(x)
                }
            };
            vec![(step(a + 1), self.p), (step(a - 1), 1.0 - self.p)]
        }

        fn at_cap(&self, _: &u32) -> bool {
            false
        }
    }

    #[test]
    fn gamblers_ruin_matches_its_closed_form() {
        let ruin = Ruin::new(3, 10, 0.45);
        let out = propagate(&ruin, Limits::default());
        let r: f64 = 0.55 / 0.45;
        let closed = (1.0 - r.powi(3)) / (1.0 - r.powi(10));
        let wins = out.endings.p_where(|(won, _)| *won);
        assert!((wins - closed).abs() < 1e-10, "{wins} against {closed}");
        let total: f64 = out.endings.iter().map(|(_, p)| p).sum();
        assert!((total + out.endings.tail() - 1.0).abs() < 1e-12);
        assert!(out.endings.tail() < 1e-12);
        assert_eq!(out.states, 9);
        // A fair game from the middle lasts a * b rounds on average.
        let fair = propagate(&Ruin::new(4, 10, 0.5), Limits::default());
        let mean: f64 = fair.endings.iter().map(|((_, r), p)| *r as f64 * p).sum();
        assert!((mean - 24.0).abs() < 1e-8, "{mean}");
    }

    #[test]
    fn the_cap_ends_what_is_still_in_play() {
        let ruin = Ruin::new(5, 10, 0.5);
        let capped = propagate(
            &ruin,
            Limits {
                max_rounds: 3,
                tolerance: 0.0,
            },
        );
        // Nobody can be ruined in 3 rounds from 5 of 10: everything ends at the cap.
        assert!((capped.endings.p(&(false, 3)) - 1.0).abs() < 1e-12);
        assert_eq!(capped.endings.tail(), 0.0);
    }

    #[test]
    fn the_tolerance_leaves_a_reported_tail() {
        let ruin = Ruin::new(5, 10, 0.5);
        let loose = propagate(
            &ruin,
            Limits {
                max_rounds: 10_000,
                tolerance: 1e-3,
            },
        );
        let tail = loose.endings.tail();
        assert!(tail > 0.0 && tail < 1e-3, "{tail}");
        let total: f64 = loose.endings.iter().map(|(_, p)| p).sum();
        assert!((total + tail - 1.0).abs() < 1e-12);
    }
}
