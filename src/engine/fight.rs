//! The vocabulary of fights, written once for every system: the two sides, an ending that
//! is a side or a draw, the common fight metrics, and a fight as its state, its round and
//! its end.
//!
//! A fight is written once, as [`Fight::round`] over [`Dice`]: [`play`] samples it round
//! after round with random dice, and [`solve`] enumerates each round from every state the
//! fight can reach ([`mod@crate::engine::enumerate`]), merges equal states and propagates the
//! probability round by round as a Markov chain ([`crate::engine::chain`]). The steps a
//! round calls ([`Dice::step`]) are enumerated once per distinct input for the whole
//! fight, not once per state.

use super::chain::{Chain, Limits, Next, Propagated, Round, propagate_reusing};
use super::dice::Dice;
use super::enumerate::{Bounds, NoExact, for_each_path};
use super::layout::{Layout, MetricId};
use super::step::StepCache;
use super::tally::Recorder;
use std::cell::{Cell, RefCell};
use std::hash::Hash;

/// One of the two sides of a fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// The first side named (fighter `a`, the party, the fighter against a monster).
    A,
    /// The second side named.
    B,
}

impl Side {
    /// Both sides, A first.
    pub const BOTH: [Side; 2] = [Side::A, Side::B];

    /// The other side.
    #[inline(always)]
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// 0 for A, 1 for B (the index of a side in a pair).
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side at `index` of a pair (0 is A, anything else B).
    #[inline(always)]
    pub fn at(index: usize) -> Side {
        if index == 0 { Side::A } else { Side::B }
    }
}

/// How a fight ended: a side won, or nobody did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Winner {
    /// Side A won.
    A,
    /// Side B won.
    B,
    /// Nobody won: the round cap, both sides down at once, or a fight that cannot change
    /// any more (each fight's doc says which).
    Draw,
}

impl Winner {
    /// The side that won, if one did.
    #[inline(always)]
    pub fn side(self) -> Option<Side> {
        match self {
            Winner::A => Some(Side::A),
            Winner::B => Some(Side::B),
            Winner::Draw => None,
        }
    }
}

impl From<Side> for Winner {
    #[inline(always)]
    fn from(side: Side) -> Self {
        match side {
            Side::A => Winner::A,
            Side::B => Winner::B,
        }
    }
}

impl From<Option<Side>> for Winner {
    #[inline(always)]
    fn from(side: Option<Side>) -> Self {
        side.map_or(Winner::Draw, Winner::from)
    }
}

/// The metrics every fight reports: who won and how long it took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FightMetrics {
    /// Side A won.
    pub a_wins: MetricId,
    /// Side B won.
    pub b_wins: MetricId,
    /// Nobody won.
    pub draw: MetricId,
    /// The rounds fought.
    pub mean_rounds: MetricId,
}

impl FightMetrics {
    /// Declares `a_wins` and `b_wins` (documented by `a_doc` and `b_doc`), `draw`
    /// (documented by `draw_doc`) and `mean_rounds` (documented by `rounds_doc`).
    pub fn declare(
        layout: &mut Layout,
        [a_doc, b_doc]: [&'static str; 2],
        draw_doc: &'static str,
        rounds_doc: &'static str,
    ) -> Self {
        Self {
            a_wins: layout.proportion("a_wins", a_doc),
            b_wins: layout.proportion("b_wins", b_doc),
            draw: layout.proportion("draw", draw_doc),
            mean_rounds: layout.mean("mean_rounds", rounds_doc),
        }
    }

    /// Records a fight that ended with `winner` after `rounds` rounds.
    #[inline(always)]
    pub fn record<R: Recorder>(&self, rec: &mut R, winner: Winner, rounds: u32) {
        rec.event(self.a_wins, winner == Winner::A);
        rec.event(self.b_wins, winner == Winner::B);
        rec.event(self.draw, winner == Winner::Draw);
        rec.value(self.mean_rounds, rounds as i64);
    }
}

/// A fight: where it starts, what one round does, and how it ends at the round cap.
pub trait Fight {
    /// Everything that matters for the rest of the fight (merged when equal).
    type State: Clone + Eq + Hash + Send + Sync + 'static;
    /// How a fight can end.
    type End: Clone + Ord + Send + Sync + 'static;

    /// The state before the first round.
    fn start(&self) -> Self::State;

    /// One round from `state`, played with `dice`: the next state, or the end.
    fn round<D: Dice>(&self, state: &Self::State, dice: &mut D) -> Next<Self::State, Self::End>;

    /// The ending of a fight still going after the round cap.
    fn at_cap(&self, state: &Self::State) -> Self::End;
}

/// Plays `fight` with `dice` for at most `max_rounds` rounds: its ending and the rounds
/// fought (`max_rounds` when it ended at the cap).
#[inline(always)]
pub fn play<F: Fight, D: Dice>(fight: &F, dice: &mut D, max_rounds: u32) -> (F::End, u32) {
    let mut state = fight.start();
    for round in 1..=max_rounds {
        match fight.round(&state, dice) {
            Next::Round(next) => state = next,
            Next::End(end) => return (end, round),
        }
    }
    (fight.at_cap(&state), max_rounds)
}

/// A fight seen as a Markov chain: each state's round enumerated from [`Fight::round`].
pub struct Enumerated<'f, F: Fight> {
    fight: &'f F,
    cache: RefCell<StepCache>,
    failed: Cell<Option<NoExact>>,
}

impl<'f, F: Fight> Enumerated<'f, F> {
    /// The chain of `fight`.
    pub fn new(fight: &'f F) -> Self {
        Self {
            fight,
            cache: RefCell::new(StepCache::new()),
            failed: Cell::new(None),
        }
    }
}

impl<F: Fight> Chain for Enumerated<'_, F>
where
    F::End: Hash + Eq,
{
    type State = F::State;
    type End = F::End;

    fn start(&self) -> F::State {
        self.fight.start()
    }

    fn round(&self, state: &F::State) -> Round<F::State, F::End> {
        let mut merged: super::chain::FixedMap<Next<F::State, F::End>, f64> = Default::default();
        let cache = &mut self.cache.borrow_mut();
        let paths = for_each_path(
            cache,
            Bounds::default(),
            |d| self.fight.round(state, d),
            |next, p| *merged.entry(next).or_insert(0.0) += p,
        );
        match paths {
            Ok(_) => merged.into_iter().collect(),
            Err(why) => {
                self.failed.set(Some(why));
                Vec::new()
            }
        }
    }

    fn at_cap(&self, state: &F::State) -> F::End {
        self.fight.at_cap(state)
    }
}

/// The mass still in play at which the exact propagation of a fight stops (reported as the
/// tail of its exact values).
pub const EXACT_TOLERANCE: f64 = 1e-9;

/// Most distinct states a fight may reach for exact values.
pub const STATE_BUDGET: usize = 30_000;

/// Most rounds propagated for exact values: a fight whose cap is later and that still has
/// mass in play then has no exact values.
pub const ROUND_BUDGET: u32 = 500;

/// Why a fight has no exact values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Unsolved {
    /// A round has no exact distribution.
    #[error(transparent)]
    Round(#[from] NoExact),
    /// The fight reaches more states than its budget.
    #[error("no exact answer: the fight reaches more than {0} states")]
    TooManyStates(usize),
    /// The fight is still going, with more than the tolerance in play, after this many
    /// rounds, and its own cap is later.
    #[error("no exact answer: the fight is still going after {0} rounds")]
    TooManyRounds(u32),
}

/// The exact endings of `fight` with the round each came at, propagated under `limits`,
/// within `max_states` distinct states.
///
/// The rounds' tails (the mass an unbounded roll leaves out) are not carried: a fight that
/// rolls open-ended dice loses that mass from play, and it ends up in the tail of the
/// endings with the mass left below the tolerance.
///
/// A fight whose chain is, round for round, that of a fight solved a moment before (a
/// sweep past the value where its parameter stops mattering) takes that fight's endings
/// rather than being propagated again ([`propagate_reusing`]): the same numbers.
pub fn solve<F: Fight>(
    fight: &F,
    limits: Limits,
    max_states: usize,
) -> Result<Propagated<F::End>, Unsolved>
where
    F::End: Hash + Eq,
{
    let chain = Enumerated::new(fight);
    let out = propagate_reusing(&chain, limits, max_states);
    if let Some(why) = chain.failed.get() {
        return Err(why.into());
    }
    out.ok_or(Unsolved::TooManyStates(max_states))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::RollDice;
    use crate::engine::rng::chunk_rng;

    /// Two fighters of 3 hit points; each round A then B hits the other on a d6 of 4+
    /// (A) or 5+ (B), for one point.
    struct Toy;

    impl Fight for Toy {
        type State = [u8; 2];
        type End = Winner;

        fn start(&self) -> [u8; 2] {
            [3, 3]
        }

        fn round<D: Dice>(&self, &[a, b]: &[u8; 2], dice: &mut D) -> Next<[u8; 2], Winner> {
            let b = b - u8::from(dice.d6() >= 4);
            if b == 0 {
                return Next::End(Winner::A);
            }
            let a = a - u8::from(dice.d6() >= 5);
            if a == 0 {
                return Next::End(Winner::B);
            }
            Next::Round([a, b])
        }

        fn at_cap(&self, _: &[u8; 2]) -> Winner {
            Winner::Draw
        }
    }

    #[test]
    #[allow(clippy::needless_range_loop)] // v is indexed by points left, 1 to 3
    fn a_fight_written_once_is_sampled_and_solved() {
        let exact = solve(&Toy, Limits::default(), 100).unwrap();
        let a_wins = exact.endings.p_where(|(w, _)| *w == Winner::A);
        // Independently, by value iteration over (A's points, B's points): A's blow lands
        // with 1/2, then B's (if B stands) with 1/3.
        let (ha, hb) = (0.5, 1.0 / 3.0);
        let mut v = [[0.0f64; 4]; 4];
        for _ in 0..2000 {
            let old = v;
            let after_b = |a: usize, b: usize| {
                let hit = if a == 1 { 0.0 } else { old[a - 1][b] };
                hb * hit + (1.0 - hb) * old[a][b]
            };
            for a in 1..4 {
                for b in 1..4 {
                    let landed = if b == 1 { 1.0 } else { after_b(a, b - 1) };
                    v[a][b] = ha * landed + (1.0 - ha) * after_b(a, b);
                }
            }
        }
        assert!(
            (a_wins - v[3][3]).abs() < 1e-12,
            "{a_wins} against {}",
            v[3][3]
        );
        let mut dice = RollDice::new(chunk_rng(1, 0, 0));
        let n = 200_000;
        let wins = (0..n)
            .filter(|_| play(&Toy, &mut dice, 1000).0 == Winner::A)
            .count() as f64
            / n as f64;
        let sd = (a_wins * (1.0 - a_wins) / n as f64).sqrt();
        assert!((wins - a_wins).abs() < 4.0 * sd, "{wins} against {a_wins}");
        assert!(exact.endings.tail() < 1e-12);
        assert_eq!(exact.states, 9);
    }

    #[test]
    fn side_and_winner() {
        assert_eq!(Side::A.other(), Side::B);
        assert_eq!(Side::at(1), Side::B);
        assert_eq!(Winner::from(Some(Side::B)), Winner::B);
        assert_eq!(Winner::from(None), Winner::Draw);
        assert_eq!(Winner::Draw.side(), None);
    }
}
