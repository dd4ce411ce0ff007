//! Tests of [`super`]: chains with closed forms, caps, tolerances and settled cycles.

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
    let capped = propagate(&ruin, Limits::new(3, 0.0));
    // Nobody can be ruined in 3 rounds from 5 of 10: everything ends at the cap.
    assert!((capped.endings.p(&(false, 3)) - 1.0).abs() < 1e-12);
    assert_eq!(capped.endings.tail(), 0.0);
}

#[test]
fn the_tolerance_leaves_a_reported_tail() {
    let ruin = Ruin::new(5, 10, 0.5);
    let loose = propagate(&ruin, Limits::new(10_000, 1e-3));
    let tail = loose.endings.tail();
    assert!(tail > 0.0 && tail < 1e-3, "{tail}");
    let total: f64 = loose.endings.iter().map(|(_, p)| p).sum();
    assert!((total + tail - 1.0).abs() < 1e-12);
}

/// From 1 coin of 3, a bet once a round with a 0.5 chance; at 2 coins the gambler
/// stops betting and keeps his 2 coins for ever (a settled state).
struct Quits;

impl Chain for Quits {
    type State = u32;
    type End = u32;

    fn start(&self) -> u32 {
        1
    }

    fn round(&self, &a: &u32) -> Vec<(Next<u32, u32>, f64)> {
        match a {
            2 => vec![(Next::Round(2), 1.0)],
            _ => vec![(Next::Round(a + 1), 0.5), (Next::End(0), 0.5)],
        }
    }

    fn at_cap(&self, &a: &u32) -> u32 {
        a
    }
}

#[test]
fn a_settled_state_ends_at_the_cap_at_once() {
    // Propagating 5 rounds of a fight capped at 1000 is enough: from round 2 the mass
    // left in play can no longer change.
    let out = propagate(&Quits, Limits::new(1000, 0.0).propagating(5));
    assert!(!out.cut_short);
    assert!(out.capped);
    assert_eq!(out.endings.p(&(0, 1)), 0.5);
    assert_eq!(out.endings.p(&(2, 1000)), 0.5);
    assert_eq!(out.endings.tail(), 0.0);
    // Without settled states, the same bound cuts the propagation short.
    let ruin = propagate(
        &Ruin::new(5, 10, 0.5),
        Limits::new(1000, 1e-9).propagating(5),
    );
    assert!(ruin.cut_short);
}

/// A light that blinks for ever once it is on: on, off, on, ... (a cycle of two
/// certain moves); from the start, it comes on with a 0.5 chance each round.
struct Blinks;

impl Chain for Blinks {
    type State = u8;
    type End = u8;

    fn start(&self) -> u8 {
        0
    }

    fn round(&self, &s: &u8) -> Vec<(Next<u8, u8>, f64)> {
        match s {
            0 => vec![(Next::Round(1), 0.5), (Next::End(9), 0.5)],
            1 => vec![(Next::Round(2), 1.0)],
            _ => vec![(Next::Round(1), 1.0)],
        }
    }

    fn at_cap(&self, &s: &u8) -> u8 {
        s
    }
}

#[test]
fn a_cycle_of_certain_moves_ends_at_the_cap_where_it_has_turned_to() {
    // On after round 1: on (1) after every odd round, off (2) after every even one.
    for cap in [10, 11] {
        let out = propagate(&Blinks, Limits::new(cap, 0.0).propagating(4));
        assert!(!out.cut_short);
        let at_cap = if cap % 2 == 1 { 1 } else { 2 };
        assert_eq!(out.endings.p(&(at_cap, cap)), 0.5, "cap {cap}");
        assert_eq!(out.endings.p(&(9, 1)), 0.5);
    }
}
