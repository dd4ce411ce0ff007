//! Chains met again: a sweep often asks for the same fight at several of its points.
//!
//! Past some value a parameter can stop mattering (a defence total so low that every
//! attack beats it, say): the fight of the next point is then the same chain as the last
//! one, state for state and chance for chance, and propagating it again (most of the cost
//! of its exact values) would redo the very same sums. [`propagate`] keeps a record of the
//! chains it propagated, and takes the endings of one of them for a chain whose rounds,
//! worked out again in the order the first propagation worked them out, give the same
//! states, the same chances to the bit and the same endings (the same fingerprint), and
//! the same endings at the cap. The propagation reads nothing else, so it would have done
//! the same sums: reuse changes the time, not the numbers, and the numbers do not depend
//! on which chains were met before, or on which thread met them first.
//!
//! A record holds the order in which the rounds were worked out, a fingerprint of what
//! they gave (two SipHash digests under keys drawn for the process: 128 bits, so two
//! different chains share one with a chance of about 10^-38) and the endings: tens of
//! kilobytes, where the chain itself takes up to a few megabytes. Working the rounds out
//! again costs what it did the first time (the enumeration of each state's round); what
//! is saved is the propagation, round after round over every state. A chain that only
//! starts like a record's is told apart soon after the two part: a digest of what the
//! rounds gave is compared every [`CHECK_EVERY`] rounds worked out, and the replay stops
//! at the first that differs (the full fingerprint still decides at the end). The
//! records take at most [`MAX_BYTES`] in all (the one used least lately is dropped
//! first), and only chains of at least [`MIN_STATES`] states with an ending as late as
//! [`MIN_ROUNDS`] are recorded: smaller or shorter ones cost less to propagate than to
//! fingerprint and keep.

use super::{Chain, Checkpoints, Indexed, Limits, Propagated, propagate_known};
use crate::engine::dist::Dist;
use crate::engine::hash::Quick;
use std::any::{Any, TypeId};
use std::collections::VecDeque;
use std::hash::{BuildHasher, Hash, Hasher, RandomState};
use std::sync::{Arc, Mutex, OnceLock};

/// The most memory the records may take, in bytes (as counted by [`Record::bytes`]).
pub const MAX_BYTES: usize = 2 << 20;

/// Chains of fewer states are not recorded.
pub const MIN_STATES: usize = 100;

/// Chains whose endings all come before this round are not recorded.
pub const MIN_ROUNDS: u32 = 40;

/// A replay compares a digest of what the rounds gave with the record's every this many
/// rounds worked out, and stops at the first that differs: a chain that parts from a
/// record after a few rounds costs those rounds, not a whole enumeration.
pub(super) const CHECK_EVERY: usize = 32;

/// What identifies a chain at a glance: the types of its states and endings, the limits
/// it was propagated under and its start's round. The chains recorded under the same key
/// are then replayed, up to the first checkpoint that differs ([`CHECK_EVERY`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key {
    types: TypeId,
    first_round: u64,
}

/// A chain propagated: how to work its rounds out again, what they gave, and its endings.
struct Record<E: Ord> {
    /// The states whose rounds were worked out, in that order.
    log: Vec<u32>,
    /// The states, next states, endings and moves to endings met, in all.
    lengths: Lengths,
    /// The fingerprint of all the rounds gave ([`fingerprint`]).
    fingerprint: u128,
    /// The digests taken as the rounds were worked out ([`Checkpoints`]).
    checkpoints: Vec<u64>,
    /// The endings at the cap asked for, by state.
    at_cap: Vec<(u32, E)>,
    /// The endings, in order, as a flat list: a `Dist` clone would scatter its tree's
    /// nodes over the heap, and take more than [`Record::bytes`] could count.
    endings: Vec<((E, u32), f64)>,
    /// The rest of the [`Propagated`] it gave.
    tail: f64,
    states: usize,
    capped: bool,
    cut_short: bool,
}

/// The lengths of the lists of an [`Indexed`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Lengths {
    states: usize,
    next: usize,
    ends: usize,
    end_moves: usize,
}

impl Lengths {
    fn of<C: Chain>(known: &Indexed<C>) -> Self {
        Self {
            states: known.states.len(),
            next: known.next_to.len(),
            ends: known.ends.len(),
            end_moves: known.end_to.len(),
        }
    }

    /// Whether no list is longer than in `other`.
    fn within(&self, other: &Self) -> bool {
        self.states <= other.states
            && self.next <= other.next
            && self.ends <= other.ends
            && self.end_moves <= other.end_moves
    }
}

/// The records kept, the newest last, with the bytes each takes.
struct Kept {
    records: VecDeque<(Key, Arc<dyn Any + Send + Sync>, usize)>,
    bytes: usize,
}

static KEPT: Mutex<Kept> = Mutex::new(Kept {
    records: VecDeque::new(),
    bytes: 0,
});

/// Propagates `chain` as [`super::propagate_within`] does, or takes the endings of a
/// chain recorded that is the same chain; whether it did.
pub(super) fn propagate<C: Chain>(
    chain: &C,
    limits: Limits,
    max_states: usize,
) -> (Option<Propagated<C::End>>, bool)
where
    C::State: Send + Sync + 'static,
    C::End: Hash + Send + Sync + 'static,
{
    // The first round works out the start's round (unless it stops at once): the key is
    // read from it, and a chain not met before goes on from there.
    if limits.max_rounds.min(limits.max_propagated) == 0 || limits.tolerance > 1.0 {
        return (super::propagate_within(chain, limits, max_states), false);
    }
    let mut known = Indexed::<C>::new();
    known.checkpoints = Some(Checkpoints::Marks(Vec::new()));
    let start = known.index_of(&chain.start());
    known.ensure_moves(chain, start);
    let key = key(&known, limits, max_states);
    for record in candidates::<C::End>(key) {
        if replays(chain, &record) {
            used(&record);
            return (Some(record.propagated()), true);
        }
    }
    let mut at_cap = Vec::new();
    let out = propagate_known(chain, &mut known, limits, max_states, &mut at_cap);
    if let Some(propagated) = &out
        && known.states.len() >= MIN_STATES
        && worth_recording(propagated)
    {
        let (lengths, fingerprint) = (Lengths::of(&known), fingerprint(&known));
        let log = std::mem::take(&mut known.log);
        let checkpoints = known.digests();
        // The chain's lists freed first, the record copied after: what is kept does not
        // sit above the freed lists and keep the heap from shrinking back.
        drop(known);
        let record = Record {
            lengths,
            fingerprint,
            log: log.as_slice().to_vec(),
            checkpoints: checkpoints.as_slice().to_vec(),
            at_cap: at_cap.as_slice().to_vec(),
            endings: propagated
                .endings
                .iter()
                .map(|(e, p)| (e.clone(), p))
                .collect(),
            tail: propagated.endings.tail(),
            states: propagated.states,
            capped: propagated.capped,
            cut_short: propagated.cut_short,
        };
        drop((log, checkpoints, at_cap));
        keep(key, record);
    }
    (out, false)
}

/// Whether a chain that gave `propagated` is worth recording: one whose endings all came
/// within [`MIN_ROUNDS`] rounds cost little more to propagate than to fingerprint.
fn worth_recording<E: Ord + Clone>(propagated: &Propagated<E>) -> bool {
    propagated
        .endings
        .iter()
        .any(|((_, round), _)| round >= &MIN_ROUNDS)
}

/// The key of a chain whose start's round (and only it) is worked out in `known`.
fn key<C: Chain>(known: &Indexed<C>, limits: Limits, max_states: usize) -> Key
where
    C::State: 'static,
    C::End: Hash + 'static,
{
    let mut h = Quick::default().build_hasher();
    (
        limits.max_rounds,
        limits.tolerance.to_bits(),
        limits.max_propagated,
    )
        .hash(&mut h);
    max_states.hash(&mut h);
    known.states.hash(&mut h);
    known.ends.hash(&mut h);
    (&known.next_to, &known.end_to).hash(&mut h);
    for q in known.next_chance.iter().chain(&known.end_chance) {
        q.to_bits().hash(&mut h);
    }
    Key {
        types: TypeId::of::<(C::State, C::End)>(),
        first_round: h.finish(),
    }
}

/// The records kept under `key`, the newest first.
fn candidates<E>(key: Key) -> Vec<Arc<Record<E>>>
where
    E: Ord + Send + Sync + 'static,
{
    let kept = KEPT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    kept.records
        .iter()
        .rev()
        .filter(|(k, _, _)| *k == key)
        .filter_map(|(_, record, _)| Arc::clone(record).downcast::<Record<E>>().ok())
        .collect()
}

/// Moves `record` to the newest end of the records kept: a chain met again is likely to
/// be met again still (a whole row of a sweep past the value where a parameter stops
/// mattering), and is the last to be dropped.
fn used<E: Ord + Send + Sync + 'static>(record: &Arc<Record<E>>) {
    let mut kept = KEPT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let this = Arc::as_ptr(record).cast::<()>();
    if let Some(at) = kept
        .records
        .iter()
        .position(|(_, r, _)| Arc::as_ptr(r).cast::<()>() == this)
        && let Some(entry) = kept.records.remove(at)
    {
        kept.records.push_back(entry);
    }
}

/// Whether `chain` is the chain of `record`: its rounds, worked out in the record's order,
/// give what the record's fingerprint says, and its endings at the cap are the record's.
fn replays<C: Chain>(chain: &C, record: &Record<C::End>) -> bool
where
    C::End: Hash,
{
    let mut known = Indexed::<C>::new();
    known.checkpoints = Some(Checkpoints::Digests {
        digests: Vec::new(),
        covered: (0, 0, 0),
    });
    known.index_of(&chain.start());
    for &i in &record.log {
        if i as usize >= known.states.len() || !Lengths::of(&known).within(&record.lengths) {
            return false;
        }
        known.ensure_moves(chain, i as usize);
        if let Some(Checkpoints::Digests { digests, .. }) = &known.checkpoints
            && let Some(&digest) = digests.last()
            && record.checkpoints.get(digests.len() - 1) != Some(&digest)
        {
            return false;
        }
    }
    Lengths::of(&known) == record.lengths
        && known.log == record.log
        && fingerprint(&known) == record.fingerprint
        && record
            .at_cap
            .iter()
            .all(|(i, end)| chain.at_cap(&known.states[*i as usize]) == *end)
}

/// A digest of everything the rounds of `known` gave: its states, endings, next states
/// and endings of each round with their chances (to the bit), and the order they were
/// worked out in. Two SipHash digests under keys drawn once for the process.
fn fingerprint<C: Chain>(known: &Indexed<C>) -> u128
where
    C::End: Hash,
{
    static KEYS: OnceLock<[RandomState; 2]> = OnceLock::new();
    let keys = KEYS.get_or_init(|| [RandomState::new(), RandomState::new()]);
    let digest = |key: &RandomState| {
        let mut h = key.build_hasher();
        known.states.hash(&mut h);
        known.ends.hash(&mut h);
        known.next_to.hash(&mut h);
        known.end_to.hash(&mut h);
        for q in known.next_chance.iter().chain(&known.end_chance) {
            q.to_bits().hash(&mut h);
        }
        known.log.hash(&mut h);
        h.finish()
    };
    (u128::from(digest(&keys[0])) << 64) | u128::from(digest(&keys[1]))
}

impl<E: Ord + Clone> Record<E> {
    /// What the recorded chain's propagation gave, to the bit.
    fn propagated(&self) -> Propagated<E> {
        Propagated {
            endings: Dist::with_tail(self.endings.iter().cloned(), self.tail),
            states: self.states,
            capped: self.capped,
            cut_short: self.cut_short,
        }
    }

    /// The memory it takes (each ending counted by its size: the endings of fights are
    /// plain values).
    fn bytes(&self) -> usize {
        std::mem::size_of::<Self>()
            + std::mem::size_of_val(&*self.log)
            + std::mem::size_of_val(&*self.checkpoints)
            + std::mem::size_of_val(&*self.at_cap)
            + std::mem::size_of_val(&*self.endings)
    }
}

/// Keeps `record` under `key`, dropping the oldest records past [`MAX_BYTES`].
fn keep<E>(key: Key, record: Record<E>)
where
    E: Ord + Clone + Send + Sync + 'static,
{
    let bytes = record.bytes();
    if bytes > MAX_BYTES {
        return;
    }
    let mut kept = KEPT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    while kept.bytes + bytes > MAX_BYTES {
        let Some((_, _, dropped)) = kept.records.pop_front() else {
            break;
        };
        kept.bytes -= dropped;
    }
    kept.records.push_back((key, Arc::new(record), bytes));
    kept.bytes += bytes;
}

#[cfg(test)]
#[path = "chain_reuse_tests.rs"]
mod tests;
