//! Tests of [`super`]: a chain met again takes the endings of the first to the bit, and
//! chains that differ anywhere the propagation reads are told apart.

use super::super::{Chain, Limits, Next, Propagated, Round, propagate_within};
use super::{CHECK_EVERY, MIN_STATES, propagate};
use std::cell::Cell;

/// A walk on `0..=length` from `start`, a step up with chance `up` (`up_far` from `far`
/// on), ending at 0 (-1) or at `length` (1), or `at_cap` at the round cap. `tag` keeps
/// the chains of one test apart from the other tests' (they run at once, and share what
/// is kept).
#[derive(Debug, Clone, Copy)]
struct Walk {
    tag: u8,
    length: u32,
    start: u32,
    up: f64,
    up_far: f64,
    far: u32,
    at_cap: i8,
}

impl Walk {
    fn new(tag: u8, length: u32) -> Self {
        Self {
            tag,
            length,
            start: length / 2,
            up: 0.45,
            up_far: 0.45,
            far: length,
            at_cap: 0,
        }
    }
}

impl Chain for Walk {
    type State = (u8, u32);
    type End = i8;

    fn start(&self) -> (u8, u32) {
        (self.tag, self.start)
    }

    fn round(&self, &(tag, x): &(u8, u32)) -> Round<(u8, u32), i8> {
        let step = |x: u32| match x {
            0 => Next::End(-1),
            x if x == self.length => Next::End(1),
            x => Next::Round((tag, x)),
        };
        let up = if x >= self.far { self.up_far } else { self.up };
        vec![(step(x + 1), up), (step(x - 1), 1.0 - up)]
    }

    fn at_cap(&self, _: &(u8, u32)) -> i8 {
        self.at_cap
    }
}

/// A cap the walks below reach with mass still in play, so their endings at the cap count.
const LIMITS: Limits = Limits {
    max_rounds: 300,
    tolerance: 1e-12,
    max_propagated: 300,
};

fn assert_same(a: &Propagated<i8>, b: &Propagated<i8>) {
    assert_eq!(a.endings, b.endings);
    assert_eq!(
        (a.states, a.capped, a.cut_short),
        (b.states, b.capped, b.cut_short)
    );
}

/// Two walks on `0..=150` (tagged `tag`) alike below `far` only: above, one steps up with
/// chance 0.45, the other 0.5.
fn parting(tag: u8, far: u32) -> (Walk, Walk) {
    let near = Walk {
        far,
        ..Walk::new(tag, 150)
    };
    (
        near,
        Walk {
            up_far: 0.5,
            ..near
        },
    )
}

/// `walk` is not taken from a record: it gives what it gives alone.
fn assert_propagated_anew(walk: &Walk, limits: Limits) {
    let (out, reused) = propagate(walk, limits, usize::MAX);
    assert!(!reused);
    assert_same(
        &out.unwrap(),
        &propagate_within(walk, limits, usize::MAX).unwrap(),
    );
}

#[test]
fn a_chain_met_again_takes_the_endings_of_the_first_to_the_bit() {
    let walk = Walk::new(1, 150);
    let plain = propagate_within(&walk, LIMITS, usize::MAX).unwrap();
    assert!(
        plain.capped,
        "the cap is reached: its endings are compared too"
    );
    let (first, reused) = propagate(&walk, LIMITS, usize::MAX);
    assert!(!reused);
    assert_same(&first.unwrap(), &plain);
    let (again, reused) = propagate(&walk, LIMITS, usize::MAX);
    assert!(reused, "the same chain, met again");
    assert_same(&again.unwrap(), &plain);
}

#[test]
fn chains_alike_in_their_first_rounds_only_are_told_apart() {
    let (near, far) = parting(2, 140);
    let (kept, _) = propagate(&near, LIMITS, usize::MAX);
    let (other, reused) = propagate(&far, LIMITS, usize::MAX);
    assert!(!reused, "the walks part 65 steps from the start");
    let (other, kept) = (other.unwrap(), kept.unwrap());
    assert_same(&other, &propagate_within(&far, LIMITS, usize::MAX).unwrap());
    assert_ne!(other.endings, kept.endings);
}

#[test]
fn chains_alike_but_for_their_endings_at_the_cap_are_told_apart() {
    let walk = Walk::new(3, 150);
    let other = Walk { at_cap: 2, ..walk };
    propagate(&walk, LIMITS, usize::MAX);
    assert_propagated_anew(&other, LIMITS);
}

#[test]
fn chains_under_other_limits_are_told_apart() {
    let walk = Walk::new(4, 150);
    propagate(&walk, LIMITS, usize::MAX);
    let longer = Limits::new(400, 1e-12);
    assert_propagated_anew(&walk, longer);
}

#[test]
fn small_chains_are_not_kept() {
    let walk = Walk::new(5, MIN_STATES as u32 / 2);
    propagate(&walk, LIMITS, usize::MAX);
    assert_propagated_anew(&walk, LIMITS);
}

/// A chain that counts the rounds worked out.
struct Counted {
    walk: Walk,
    rounds: Cell<usize>,
}

impl Chain for Counted {
    type State = (u8, u32);
    type End = i8;

    fn start(&self) -> (u8, u32) {
        self.walk.start()
    }

    fn round(&self, state: &(u8, u32)) -> Round<(u8, u32), i8> {
        self.rounds.set(self.rounds.get() + 1);
        self.walk.round(state)
    }

    fn at_cap(&self, state: &(u8, u32)) -> i8 {
        self.walk.at_cap(state)
    }
}

#[test]
fn a_replay_stops_soon_after_the_chains_part() {
    // The walks part five steps up from the start, some ten rounds into the 150 states.
    let (near, far) = parting(6, 80);
    let count = |run: &dyn Fn(&Counted)| {
        let counted = Counted {
            walk: far,
            rounds: Cell::new(0),
        };
        run(&counted);
        counted.rounds.get()
    };
    let alone = count(&|c| {
        propagate_within(c, LIMITS, usize::MAX);
    });
    propagate(&near, LIMITS, usize::MAX);
    let after_a_record = count(&|c| {
        assert!(!propagate(c, LIMITS, usize::MAX).1);
    });
    let replayed = after_a_record - alone;
    assert!(
        replayed <= 2 * CHECK_EVERY,
        "{replayed} rounds replayed, of the record's {alone}"
    );
}
