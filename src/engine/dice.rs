//! Dice primitives shared by every rule system: a die of any size, sums, the open-ended
//! d20, the exploding die, x-in-6 and real-valued chances. They are written once, as default
//! methods of the [`Dice`] trait, over a single required method: [`Dice::die`].
//!
//! Three interpreters implement it: [`RollDice`] (an unbiased roll from a random generator,
//! used by the Monte Carlo engine), [`crate::engine::enumerate::Enumerator`] (every face of
//! every die in turn, each path with its probability: the exact distribution) and
//! [`RiggedDice`] (a fixed sequence, used by unit tests to replay the worked examples of the
//! rule texts).

use super::house_step::DrawTable;
use super::step::Step;
use rand::Rng;
use std::collections::VecDeque;

/// Faces of the die behind [`Dice::bernoulli`] (2^30).
pub const BERNOULLI_SIDES: u32 = 1 << 30;

/// The rigged roll that makes [`Dice::bernoulli`] false for any `p < 1`.
pub const BERNOULLI_NO: u32 = BERNOULLI_SIDES;

/// A source of die rolls. Mechanics are generic over it, so the same rule code runs on
/// random dice in the simulation and on rigged dice in tests, with no dynamic dispatch.
pub trait Dice {
    /// One roll of a die with `sides` faces, uniform in `1..=sides` (`sides >= 1`).
    fn die(&mut self, sides: u32) -> u32;

    /// A d20.
    #[inline]
    fn d20(&mut self) -> u32 {
        self.die(20)
    }

    /// A d6.
    #[inline]
    fn d6(&mut self) -> u32 {
        self.die(6)
    }

    /// The sum of `count` dice with `sides` faces.
    #[inline]
    fn sum(&mut self, count: u32, sides: u32) -> u32 {
        (0..count).map(|_| self.die(sides)).sum()
    }

    /// An open-ended die: roll it and add; while the roll shows the highest face, roll
    /// again and add (the `aube` open-ended d20: 20 + 20 + 3 = 43).
    #[inline]
    fn open_ended(&mut self, sides: u32) -> u32 {
        let mut total = 0;
        loop {
            let roll = self.die(sides);
            total += roll;
            if roll != sides {
                return total;
            }
        }
    }

    /// The open-ended d20 of *Les Clefs de l'Aube*.
    #[inline]
    fn open_ended_d20(&mut self) -> u32 {
        self.open_ended(20)
    }

    /// An exploding die (the `6+` weapons of *Clé en main*): the same as
    /// [`Dice::open_ended`], named for what the texts call it.
    #[inline]
    fn exploding(&mut self, sides: u32) -> u32 {
        self.open_ended(sides)
    }

    /// An "x in 6" chance (true with probability `x / 6`).
    #[inline]
    fn in_six(&mut self, x: u32) -> bool {
        self.d6() <= x
    }

    /// True with a real probability `p` (clamped to `0..=1`), from one die of 2^30 faces:
    /// true when the roll is at most `floor(p × 2^30)`, so `p` is honoured to a resolution
    /// of 2^-30 (exactly for 0, 1 and multiples of 2^-30 such as 0.5 or 0.25).
    ///
    /// On [`RiggedDice`], rig `1` for true (any `p >= 2^-30`) and [`BERNOULLI_NO`] for
    /// false (any `p < 1`).
    #[inline]
    fn bernoulli(&mut self, p: f64) -> bool {
        let threshold = (p.clamp(0.0, 1.0) * BERNOULLI_SIDES as f64) as u32;
        self.die(BERNOULLI_SIDES) <= threshold
    }

    /// A real number uniform in `[0, 1)` on the grid of multiples of 2^-53, from two dice
    /// (a d2^26 for the high bits, then a d2^27 for the low bits). For choices made with
    /// real-valued probabilities; rigged tests give those two rolls.
    #[inline]
    fn unit_real(&mut self) -> f64 {
        let hi = (self.die(1 << 26) - 1) as u64;
        let lo = (self.die(1 << 27) - 1) as u64;
        ((hi << 27) | lo) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// An index `i` drawn with probability `weights[i] / sum(weights)` (weights
    /// non-negative, not all zero), by one [`Dice::unit_real`]. Its exact counterpart is
    /// [`crate::engine::Dist::from_weights`] over the indices.
    #[inline]
    fn weighted(&mut self, weights: &[f64]) -> usize {
        let total: f64 = weights.iter().sum();
        let mut u = self.unit_real() * total;
        let mut last = 0;
        for (i, &w) in weights.iter().enumerate() {
            if w > 0.0 {
                if u < w {
                    return i;
                }
                u -= w;
                last = i;
            }
        }
        // Rounding left u at or above the last positive weight: that weight's index.
        last
    }

    /// An outcome of a house rule's step (see [`crate::engine::house_step`]): the sampler
    /// reads one die of 2^30 faces against the table's cumulative chances; the enumerator
    /// branches over its exact chances.
    #[inline]
    fn drawn(&mut self, table: &DrawTable) -> i64 {
        table.outcome_of_face(self.die(BERNOULLI_SIDES))
    }

    /// Plays a step of a rule (see [`crate::engine::step`]): the sampler runs it, the
    /// enumerator draws from its table, enumerated once per distinct input.
    #[inline(always)]
    fn step<S: Step>(&mut self, step: &S) -> S::Output
    where
        Self: Sized,
    {
        step.run(self)
    }
}

/// Unbiased dice from a random generator (Lemire's multiply-and-reject method on 64 bits).
#[derive(Debug, Clone)]
pub struct RollDice<R> {
    rng: R,
}

impl<R: Rng> RollDice<R> {
    /// Wraps a generator.
    pub fn new(rng: R) -> Self {
        Self { rng }
    }
}

impl<R: Rng> Dice for RollDice<R> {
    #[inline(always)]
    fn die(&mut self, sides: u32) -> u32 {
        debug_assert!(sides >= 1);
        let s = sides as u64;
        let mut m = (self.rng.next_u64() as u128) * (s as u128);
        if (m as u64) < s {
            // Rejection zone: 2^64 mod s values of the low word would favour some faces.
            let threshold = s.wrapping_neg() % s;
            while (m as u64) < threshold {
                m = (self.rng.next_u64() as u128) * (s as u128);
            }
        }
        (m >> 64) as u32 + 1
    }
}

/// Dice that show a fixed sequence, for replaying worked examples in tests.
///
/// Panics when asked for more rolls than it holds, or when a roll does not fit the die:
/// both are mistakes in the test that rigs it.
#[derive(Debug, Clone, Default)]
pub struct RiggedDice {
    rolls: VecDeque<u32>,
}

impl RiggedDice {
    /// Dice that will show `rolls`, in order.
    pub fn new(rolls: &[u32]) -> Self {
        Self {
            rolls: rolls.iter().copied().collect(),
        }
    }

    /// How many rigged rolls are left unused.
    pub fn remaining(&self) -> usize {
        self.rolls.len()
    }
}

/// Replays `rolls` through `play` and asserts that every rigged roll was used: the one
/// way tests replay a worked example, so a test cannot pass on rolls it never read.
pub fn replay<T>(rolls: &[u32], play: impl FnOnce(&mut RiggedDice) -> T) -> T {
    let mut dice = RiggedDice::new(rolls);
    let result = play(&mut dice);
    assert_eq!(
        dice.remaining(),
        0,
        "{} of the rigged rolls {rolls:?} were not used",
        dice.remaining()
    );
    result
}

impl Dice for RiggedDice {
    fn die(&mut self, sides: u32) -> u32 {
        let roll = self
            .rolls
            .pop_front()
            .unwrap_or_else(|| panic!("rigged dice ran out (asked for a d{sides})"));
        assert!(
            (1..=sides).contains(&roll),
            "rigged roll {roll} does not fit a d{sides}"
        );
        roll
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::chunk_rng;

    #[test]
    fn open_ended_adds_while_highest_face() {
        let mut dice = RiggedDice::new(&[20, 20, 3]);
        assert_eq!(dice.open_ended_d20(), 43);
        assert_eq!(dice.remaining(), 0);
    }

    #[test]
    fn exploding_d6() {
        assert_eq!(RiggedDice::new(&[6, 6, 1]).exploding(6), 13);
        assert_eq!(RiggedDice::new(&[5]).exploding(6), 5);
    }

    #[test]
    fn sums() {
        assert_eq!(RiggedDice::new(&[1, 2, 3]).sum(3, 6), 6);
    }

    #[test]
    fn bernoulli_extremes_and_rigging() {
        let mut dice = RollDice::new(chunk_rng(3, 0, 0));
        assert!((0..1000).all(|_| dice.bernoulli(1.0)));
        assert!((0..1000).all(|_| !dice.bernoulli(0.0)));
        assert!(RiggedDice::new(&[1]).bernoulli(0.01));
        assert!(!RiggedDice::new(&[BERNOULLI_NO]).bernoulli(0.99));
        assert!(RiggedDice::new(&[BERNOULLI_SIDES / 2]).bernoulli(0.5));
        assert!(!RiggedDice::new(&[BERNOULLI_SIDES / 2 + 1]).bernoulli(0.5));
    }

    #[test]
    fn unit_real_and_weighted() {
        assert_eq!(RiggedDice::new(&[1, 1]).unit_real(), 0.0);
        // Half way: high bits 2^25, low bits 0.
        assert_eq!(RiggedDice::new(&[(1 << 25) + 1, 1]).unit_real(), 0.5);
        assert!(RiggedDice::new(&[1 << 26, 1 << 27]).unit_real() < 1.0);
        // Weights 1:0:3: [0, 0.25) gives 0, [0.25, 1) gives 2, never 1.
        let w = [1.0, 0.0, 3.0];
        assert_eq!(RiggedDice::new(&[1, 1]).weighted(&w), 0);
        assert_eq!(RiggedDice::new(&[1 << 24, 1 << 27]).weighted(&w), 0);
        assert_eq!(RiggedDice::new(&[(1 << 24) + 1, 1]).weighted(&w), 2);
        assert_eq!(RiggedDice::new(&[1 << 26, 1 << 27]).weighted(&w), 2);
        let mut dice = RollDice::new(chunk_rng(7, 0, 0));
        assert!((0..10_000).all(|_| dice.weighted(&w) != 1));
    }

    #[test]
    #[should_panic(expected = "does not fit")]
    fn rigged_roll_must_fit() {
        RiggedDice::new(&[7]).d6();
    }

    /// Pins the first d20s of the default seed's first stream: a change in the dice
    /// method or the stream derivation would silently change every committed report.
    #[test]
    fn d20_value_stability() {
        let mut dice = RollDice::new(chunk_rng(20261122, 0, 0));
        let rolls: Vec<u32> = (0..12).map(|_| dice.d20()).collect();
        assert_eq!(rolls, [7, 14, 15, 15, 17, 10, 13, 1, 11, 14, 3, 14]);
    }

    #[test]
    fn rolls_stay_on_the_die_and_cover_it() {
        let mut dice = RollDice::new(chunk_rng(7, 0, 0));
        let mut seen = [0u32; 21];
        for _ in 0..20_000 {
            seen[dice.d20() as usize] += 1;
        }
        assert_eq!(seen[0], 0);
        assert!(seen[1..].iter().all(|&c| c > 0));
        for sides in [1, 2, 3, 7, 1000] {
            let r = dice.die(sides);
            assert!((1..=sides).contains(&r));
        }
    }
}
