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
//! A fight's round is written once, over [`Dice`](super::dice::Dice), and
//! [`fight::solve`](super::fight::solve) hands its enumeration to this module as a chain.
//!
//! The engine knows no rule system: states and endings are the mechanic's types.

use super::dist::Dist;
use super::hash::Quick;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash, Hasher};

/// A map with a fixed hasher: iterated in the same order on every run for the same
/// insertions, so a round built through one lists its entries in the same order, and
/// exact values are reproducible to the last bit (a `HashMap` with the standard random
/// state would not be). The hasher is the [`QuickHasher`](super::hash::QuickHasher): a
/// round's outcomes are merged in it once per state, and SipHash took a tenth of an
/// exact surclassement duel's time.
pub type FixedMap<K, V> = HashMap<K, V, Quick>;

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
    /// Rounds propagated at most (a bound on the work when `max_rounds` is far): mass
    /// still in play then, before the cap, makes [`Propagated::cut_short`].
    pub max_propagated: u32,
}

impl Limits {
    /// At most `max_rounds` rounds, all propagated, stopping below `tolerance`.
    pub fn new(max_rounds: u32, tolerance: f64) -> Self {
        Self {
            max_rounds,
            tolerance,
            max_propagated: max_rounds,
        }
    }

    /// The same, propagating at most `max_propagated` rounds.
    pub fn propagating(self, max_propagated: u32) -> Self {
        Self {
            max_propagated,
            ..self
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Self::new(1000, 1e-12)
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
    /// Whether more than the tolerance was still in play, and could still change, when
    /// [`Limits::max_propagated`] stopped the propagation before the cap (the endings
    /// then miss that mass).
    pub cut_short: bool,
}

/// One state's round, with next states as indices into [`Indexed`]'s flat move lists:
/// what the propagation walks each round without hashing a state again.
struct Moves {
    /// The range of this state's next states in [`Indexed::next_to`] and
    /// [`Indexed::next_chance`].
    next: (u32, u32),
    /// The range of this state's endings in [`Indexed::end_to`] and
    /// [`Indexed::end_chance`].
    ends: (u32, u32),
    /// Every path of the round leads to one state, and so on until this state comes back:
    /// nothing can change any more but the turn of that cycle (its states, this one
    /// first). Empty when there is no such cycle, `None` until looked for.
    cycle: Option<Box<[usize]>>,
}

impl Moves {
    fn next(&self) -> std::ops::Range<usize> {
        self.next.0 as usize..self.next.1 as usize
    }

    fn ends(&self) -> std::ops::Range<usize> {
        self.ends.0 as usize..self.ends.1 as usize
    }
}

/// The longest cycle of certain moves [`Indexed::find_cycle`] looks for.
const MAX_CYCLE: usize = 8;

/// The states met so far, each with an index, and their rounds once asked for.
///
/// The rounds of all states are kept end to end in flat lists (a state's [`Moves`] holds
/// its ranges), so a round of propagation reads them from a few arrays rather than
/// following a pointer per state.
struct Indexed<C: Chain> {
    /// Looked up only (its order is never read): the quick hasher.
    index: HashMap<C::State, usize, Quick>,
    states: Vec<C::State>,
    moves: Vec<Option<Moves>>,
    ends: Vec<C::End>,
    /// The index of each ending in `ends` (endings carry a fight's counts in some chains:
    /// thousands of them).
    end_index: BTreeMap<C::End, usize>,
    /// Next states of every round worked out, by index, and their chances.
    next_to: Vec<u32>,
    next_chance: Vec<f64>,
    /// Endings of every round worked out, by index into `ends`, and their chances.
    end_to: Vec<u32>,
    end_chance: Vec<f64>,
    /// A round's entries before they are merged (kept to reuse its memory).
    scratch: Vec<(usize, f64)>,
    /// For each state, the round being merged that last listed it (its number in
    /// `merging`) and where in [`Indexed::next_to`] it was put: merging a round of many
    /// next states takes one look per entry, not a search.
    listed: Vec<(u32, u32)>,
    /// The rounds merged so far.
    merging: u32,
    /// The states whose round or cycle [`Indexed::ensure_moves`] worked out, in that
    /// order: what a fight met again replays ([`reuse`]).
    log: Vec<u32>,
    /// With `Some`, a checkpoint is taken every [`reuse::CHECK_EVERY`] entries of `log`
    /// (see [`Checkpoints`]).
    checkpoints: Option<Checkpoints>,
}

/// Where a chain's rounds can be told apart from a record's ([`reuse`]) as they are
/// worked out, soon after two chains part rather than at the end.
#[derive(Debug)]
enum Checkpoints {
    /// A first propagation notes only how far its lists had grown at each checkpoint
    /// (the digests are taken afterwards, only for a chain worth recording).
    Marks(Vec<Covered>),
    /// A replay takes each digest at once, to compare it with the record's.
    Digests { digests: Vec<u64>, covered: Covered },
}

/// How many states, next states and endings of rounds a checkpoint covers.
type Covered = (usize, usize, usize);

impl<C: Chain> Indexed<C> {
    fn new() -> Self {
        Self {
            index: HashMap::default(),
            states: Vec::new(),
            moves: Vec::new(),
            ends: Vec::new(),
            end_index: BTreeMap::new(),
            next_to: Vec::new(),
            next_chance: Vec::new(),
            end_to: Vec::new(),
            end_chance: Vec::new(),
            scratch: Vec::new(),
            listed: Vec::new(),
            merging: 0,
            log: Vec::new(),
            checkpoints: None,
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

    /// The index of the ending `end`, given one if it is new.
    fn end_of(&mut self, end: &C::End) -> usize {
        if let Some(&k) = self.end_index.get(end) {
            return k;
        }
        let k = self.ends.len();
        self.end_index.insert(end.clone(), k);
        self.ends.push(end.clone());
        k
    }

    /// Works out the round of state `i` if it is not known yet, and the cycle of certain
    /// moves it is on.
    fn ensure_moves(&mut self, chain: &C, i: usize) {
        let mut worked = self.ensure_moves_only(chain, i);
        if self.moves[i].as_ref().is_some_and(|m| m.cycle.is_none()) {
            let cycle = self.find_cycle(chain, i);
            if let Some(moves) = self.moves[i].as_mut() {
                moves.cycle = Some(cycle);
            }
            worked = true;
        }
        if worked {
            self.log
                .push(u32::try_from(i).expect("fewer than 2^32 states"));
            if self.checkpoints.is_some() && self.log.len().is_multiple_of(reuse::CHECK_EVERY) {
                self.checkpoint();
            }
        }
    }

    /// Takes a checkpoint: notes how far the lists have grown, or takes the digest of
    /// what was added since the last one.
    fn checkpoint(&mut self) {
        let now = (self.states.len(), self.next_to.len(), self.end_to.len());
        let digest = match &self.checkpoints {
            Some(Checkpoints::Digests { digests, covered }) => {
                self.digest(digests.last().copied().unwrap_or(0), *covered, now)
            }
            _ => 0,
        };
        match self.checkpoints.as_mut() {
            Some(Checkpoints::Marks(marks)) => marks.push(now),
            Some(Checkpoints::Digests { digests, covered }) => {
                digests.push(digest);
                *covered = now;
            }
            None => {}
        }
    }

    /// The digests of the checkpoints noted by a first propagation (none if it took
    /// them at once).
    fn digests(&self) -> Vec<u64> {
        let Some(Checkpoints::Marks(marks)) = &self.checkpoints else {
            return Vec::new();
        };
        let mut digests = Vec::with_capacity(marks.len());
        let mut from = (0, 0, 0);
        for &to in marks {
            digests.push(self.digest(digests.last().copied().unwrap_or(0), from, to));
            from = to;
        }
        digests
    }

    /// The digest following `before` of the states, and the next states and endings (by
    /// index) of rounds with their chances to the bit, added between `from` and `to`.
    fn digest(&self, before: u64, from: Covered, to: Covered) -> u64 {
        let mut h = Quick::default().build_hasher();
        before.hash(&mut h);
        self.states[from.0..to.0].hash(&mut h);
        self.next_to[from.1..to.1].hash(&mut h);
        self.end_to[from.2..to.2].hash(&mut h);
        let chances = self.next_chance[from.1..to.1].iter();
        for q in chances.chain(&self.end_chance[from.2..to.2]) {
            q.to_bits().hash(&mut h);
        }
        h.finish()
    }

    /// Works out the round of state `i` if it is not known yet; whether it did.
    fn ensure_moves_only(&mut self, chain: &C, i: usize) -> bool {
        if self.moves[i].is_some() {
            return false;
        }
        let round = chain.round(&self.states[i]);
        let mut next = std::mem::take(&mut self.scratch);
        next.clear();
        let mut ends = Vec::new();
        for (step, q) in &round {
            match step {
                Next::Round(s) => next.push((self.index_of(s), *q)),
                Next::End(e) => ends.push((self.end_of(e), *q)),
            }
        }
        let from = self.next_to.len() as u32;
        self.append_next(&next);
        let next_range = (from, self.next_to.len() as u32);
        let from = self.end_to.len() as u32;
        append_merged(&ends, &mut self.end_to, &mut self.end_chance);
        let ends_range = (from, self.end_to.len() as u32);
        self.scratch = next;
        self.moves[i] = Some(Moves {
            next: next_range,
            ends: ends_range,
            cycle: None,
        });
        true
    }

    /// Appends the next states `moves` to the flat lists, the entries that go to the same
    /// state added up, in the order in which each state first appears (so the sums are
    /// the same on every run).
    fn append_next(&mut self, moves: &[(usize, f64)]) {
        self.merging += 1;
        self.listed.resize(self.states.len(), (0, 0));
        for &(j, q) in moves {
            let (round, at) = &mut self.listed[j];
            if *round == self.merging {
                self.next_chance[*at as usize] += q;
            } else {
                *round = self.merging;
                *at = u32::try_from(self.next_to.len()).expect("fewer than 2^32 moves");
                self.next_to
                    .push(u32::try_from(j).expect("fewer than 2^32 states"));
                self.next_chance.push(q);
            }
        }
    }

    /// The only state the round of `i` can lead to (no ending), if there is one.
    fn certain_next(&self, i: usize) -> Option<usize> {
        let moves = self.moves[i].as_ref()?;
        let (next, ends) = (moves.next(), moves.ends());
        (ends.is_empty() && next.len() == 1).then(|| self.next_to[next.start] as usize)
    }

    /// The cycle of certain moves through `i` (`i` first), of at most [`MAX_CYCLE`]
    /// states; empty when there is none.
    fn find_cycle(&mut self, chain: &C, i: usize) -> Box<[usize]> {
        // Most states have more than one next state: no cycle, and nothing allocated.
        if self.certain_next(i).is_none() {
            return Box::default();
        }
        let mut cycle = vec![i];
        let mut at = i;
        while cycle.len() <= MAX_CYCLE {
            let Some(next) = self.certain_next(at) else {
                return Box::default();
            };
            if next == i {
                return cycle.into_boxed_slice();
            }
            if cycle.contains(&next) {
                return Box::default();
            }
            cycle.push(next);
            self.ensure_moves_only(chain, next);
            at = next;
        }
        Box::default()
    }
}

/// Appends the endings `moves` to the flat lists `to` and `chance`, the entries that go
/// to the same ending added up, in the order in which each first appears (endings are
/// few: a search).
fn append_merged(moves: &[(usize, f64)], to: &mut Vec<u32>, chance: &mut Vec<f64>) {
    let from = to.len();
    for &(k, q) in moves {
        let j = u32::try_from(k).expect("fewer than 2^32 endings");
        match to[from..].iter().position(|&k| k == j) {
            Some(k) => chance[from + k] += q,
            None => {
                to.push(j);
                chance.push(q);
            }
        }
    }
}

/// Propagates `chain` round by round under `limits`.
pub fn propagate<C: Chain>(chain: &C, limits: Limits) -> Propagated<C::End> {
    propagate_within(chain, limits, usize::MAX).expect("no state budget")
}

/// Adds mass `p` times each chance of `to` (target indices beside their chances) to the
/// targets' slots of `mass`, each stamped with `round`: a slot last stamped by an earlier
/// round starts again from zero, and its index joins `touched`.
#[inline(always)]
fn spread(
    p: f64,
    (to, chance): (&[u32], &[f64]),
    round: u32,
    (mass, touched): (&mut [(f64, u32)], &mut Vec<usize>),
) {
    for (&j, &q) in to.iter().zip(chance) {
        let slot = &mut mass[j as usize];
        if slot.1 == round {
            slot.0 += p * q;
        } else {
            *slot = (p * q, round);
            touched.push(j as usize);
        }
    }
}

/// [`propagate`], giving up (`None`) as soon as the mass in play reaches more than
/// `max_states` distinct states.
///
/// Each state is hashed once, when first met, and given an index; a round is then a walk
/// over the states in play and their indexed successors, adding mass into a plain vector.
/// The states in play are visited in the order they were first reached, so the sums are
/// made in the same order on every run and exact values are reproducible to the last bit.
///
/// A state whose every path leads back to itself, or round a cycle of such certain moves
/// (fighters who can no longer hurt each other, say), is settled: nothing can change any
/// more, so its mass leaves play at once and ends by [`Chain::at_cap`] at the cap, in the
/// state the cycle will have turned to then, as it would have had the rounds been played
/// out.
pub fn propagate_within<C: Chain>(
    chain: &C,
    limits: Limits,
    max_states: usize,
) -> Option<Propagated<C::End>> {
    propagate_known(
        chain,
        &mut Indexed::new(),
        limits,
        max_states,
        &mut Vec::new(),
    )
}

/// [`propagate_within`], reusing the endings of a chain met before whose rounds, state by
/// state, are this one's (see `chain_reuse.rs`): the same numbers to the bit, in less time
/// when a sweep meets the same fight at several points.
pub fn propagate_reusing<C: Chain>(
    chain: &C,
    limits: Limits,
    max_states: usize,
) -> Option<Propagated<C::End>>
where
    C::State: Send + Sync + 'static,
    C::End: Hash + Send + Sync + 'static,
{
    reuse::propagate(chain, limits, max_states).0
}

/// [`propagate_within`] from the states of `known` (none, or the start and its round
/// already worked out, as the first round would), noting in `at_cap` each state whose
/// ending at the cap was asked for and that ending.
fn propagate_known<C: Chain>(
    chain: &C,
    known: &mut Indexed<C>,
    limits: Limits,
    max_states: usize,
    at_cap: &mut Vec<(u32, C::End)>,
) -> Option<Propagated<C::End>> {
    let start = known.index_of(&chain.start());
    // The states in play, in the order they were reached, and their mass.
    let mut live: Vec<(usize, f64)> = vec![(start, 1.0)];
    // The mass reaching each state next round, and the round that last touched it (side
    // by side: one memory access per move).
    let mut next: Vec<(f64, u32)> = Vec::new();
    let mut touched: Vec<usize> = Vec::new();
    // The same for the endings reached this round.
    let mut end_mass: Vec<(f64, u32)> = Vec::new();
    let mut touched_ends: Vec<usize> = Vec::new();
    let mut endings: Vec<((C::End, u32), f64)> = Vec::new();
    // The mass of the settled states (in the state each will stand in at the cap), in the
    // order it settled.
    let mut settled: Vec<(usize, f64)> = Vec::new();
    // A state holding less than this leaves play (its mass goes to the tail): over a
    // billion state-rounds that is still a thousandth of the tolerance.
    let negligible = limits.tolerance * 1e-12;
    let last = limits.max_rounds.min(limits.max_propagated);
    let mut round = 0;
    while !live.is_empty() && round < last {
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
        next.resize(known.states.len(), (0.0, 0));
        end_mass.resize(known.ends.len(), (0.0, 0));
        for &(i, p) in &live {
            let moves = known.moves[i].as_ref().expect("worked out above");
            if p < negligible {
                continue;
            }
            if let Some(cycle) = moves.cycle.as_ref().filter(|c| !c.is_empty()) {
                // Played `round - 1` rounds; at the cap it stands where the cycle has
                // turned to then.
                let turn = (limits.max_rounds - (round - 1)) as usize % cycle.len();
                settled.push((cycle[turn], p));
                continue;
            }
            let range = moves.next();
            let to = (&known.next_to[range.clone()], &known.next_chance[range]);
            spread(p, to, round, (&mut next, &mut touched));
            let range = moves.ends();
            let to = (&known.end_to[range.clone()], &known.end_chance[range]);
            spread(p, to, round, (&mut end_mass, &mut touched_ends));
        }
        // In the order of the endings' indices, as on every run.
        touched_ends.sort_unstable();
        for k in touched_ends.drain(..) {
            let m = end_mass[k].0;
            if m > 0.0 {
                endings.push(((known.ends[k].clone(), round), m));
            }
        }
        live.clear();
        live.extend(touched.drain(..).map(|j| (j, next[j].0)));
    }
    let mass: f64 = live.iter().map(|(_, p)| p).sum();
    let in_play = !live.is_empty() && mass >= limits.tolerance;
    let capped = (round >= limits.max_rounds && !live.is_empty()) || !settled.is_empty();
    let cut_short = in_play && round < limits.max_rounds;
    let mut end_at_cap = |i: usize| {
        let end = chain.at_cap(&known.states[i]);
        at_cap.push((i as u32, end.clone()));
        end
    };
    if round >= limits.max_rounds {
        endings.extend(live.iter().map(|&(i, p)| ((end_at_cap(i), round), p)));
    }
    endings.extend(
        settled
            .iter()
            .map(|&(i, p)| ((end_at_cap(i), limits.max_rounds), p)),
    );
    // Whatever is left in play below the tolerance is the missing mass: the tail.
    Some(Propagated {
        endings: Dist::truncated(endings),
        states: known.states.len(),
        capped,
        cut_short,
    })
}

#[path = "chain_reuse.rs"]
mod reuse;

#[cfg(test)]
#[path = "chain_tests.rs"]
mod tests;
