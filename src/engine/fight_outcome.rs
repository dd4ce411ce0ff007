//! A mechanic that reports a fight, declared once: the fight its exact values solve, the
//! budget of that solve, and how an ending and its length become the mechanic's outcome
//! ([`FightOutcome`]). Its exact distribution then comes from [`solve`] with no `exact`
//! written by hand:
//!
//! - a rule that *is* its fight and samples it with [`play`] (`cle.pursuit`, `cle.fire`)
//!   implements [`FightOutcome`] with `Fight = Self` and is a [`Roll`] through it (its
//!   `roll` is [`play`], its `exact` the solved fight), so it is reported by
//!   [`crate::engine::Rolled`];
//! - a model with its own sampling loop and layout (`aube.duel`, whose loop also tells an
//!   observer every attack) implements [`FightOutcome`] and [`FightModel`] (its layout,
//!   sampling and recording) and is a [`Model`] through them.
//!
//! [`Fought`] is the plainest of these: a fight whose outcome is its ending and its length.
//!
//! A fight that is another mechanic's one against one (`aube.melee` of two fighters is
//! `aube.duel`) declares that fight, and `None` when it is not one.

use super::chain::Limits;
use super::dice::Dice;
use super::dist::Dist;
use super::fight::{EXACT_TOLERANCE, Fight, ROUND_BUDGET, STATE_BUDGET, Unsolved, play, solve};
use super::layout::Layout;
use super::model::Model;
use super::rolled::Roll;
use super::tally::Recorder;
use std::borrow::Cow;
use std::hash::Hash;

/// How far the exact values of a fight are propagated.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExactBudget {
    /// The fight's own round cap: its mass still in play then ends by [`Fight::at_cap`].
    pub max_rounds: u32,
    /// Propagation stops once the mass in play is below this (reported as the tail).
    pub tolerance: f64,
    /// Most distinct states: past them, no exact values.
    pub max_states: usize,
    /// Most rounds propagated: a fight whose cap is later and that still has mass in play
    /// after them has no exact values.
    pub max_propagated: u32,
}

impl ExactBudget {
    /// A fight capped at `max_rounds` under the engine's budgets: [`EXACT_TOLERANCE`],
    /// [`STATE_BUDGET`] and [`ROUND_BUDGET`].
    pub fn capped_at(max_rounds: u32) -> Self {
        Self {
            max_rounds,
            tolerance: EXACT_TOLERANCE,
            max_states: STATE_BUDGET,
            max_propagated: ROUND_BUDGET,
        }
    }

    /// A fight of at most `max_rounds` rounds propagated to its end with nothing cut off
    /// and no bound on its states (a fight known to be small).
    pub fn whole(max_rounds: u32) -> Self {
        Self {
            max_rounds,
            tolerance: 0.0,
            max_states: usize::MAX,
            max_propagated: max_rounds,
        }
    }

    /// The same with `tolerance`.
    pub fn tolerance(self, tolerance: f64) -> Self {
        Self { tolerance, ..self }
    }

    /// The same with at most `max_states` states.
    pub fn states(self, max_states: usize) -> Self {
        Self { max_states, ..self }
    }

    /// The endings of `fight` with their rounds under this budget.
    pub fn solve<F: Fight>(&self, fight: &F) -> Result<Dist<(F::End, u32)>, Unsolved>
    where
        F::End: Hash + Eq,
    {
        let limits = Limits::new(self.max_rounds, self.tolerance).propagating(self.max_propagated);
        let out = solve(fight, limits, self.max_states)?;
        if out.cut_short {
            return Err(Unsolved::TooManyRounds(self.max_propagated));
        }
        Ok(out.endings)
    }
}

/// A mechanic whose outcome is a fight's ending and length: the fight, its budget and the
/// reading of an ending, declared once; [`FightOutcome::solved`] gives the exact
/// distribution of the outcomes.
pub trait FightOutcome {
    /// The fight solved for exact values.
    type Fight: Fight<End: Hash + Eq> + Clone;
    /// What the mechanic records of one fight.
    type Outcome: Ord + Clone;

    /// The fight to solve, or `None` when the mechanic has no exact values here (a group
    /// fight that is not one against one, a fight known to be too large).
    fn exact_fight(&self) -> Option<Cow<'_, Self::Fight>>;

    /// The budget of the solve (and the round cap [`play`] samples with).
    fn exact_budget(&self) -> ExactBudget;

    /// The outcome of a fight that ended with `end` after `rounds` rounds.
    fn outcome_of(&self, end: &<Self::Fight as Fight>::End, rounds: u32) -> Self::Outcome;

    /// The exact distribution of the outcomes: the fight solved within its budget, each
    /// ending read by [`FightOutcome::outcome_of`]; `None` without a fight or past the
    /// budget.
    fn solved(&self) -> Option<Dist<Self::Outcome>> {
        let fight = self.exact_fight()?;
        let endings = self.exact_budget().solve(fight.as_ref()).ok()?;
        Some(endings.map(|(end, rounds)| self.outcome_of(end, *rounds)))
    }

    /// Why [`FightOutcome::solved`] gives nothing, when the fight was tried and went past
    /// its budget (solving it again: asked only once a run has no exact values).
    fn unsolved_reason(&self) -> Option<String> {
        let fight = self.exact_fight()?;
        let error = self.exact_budget().solve(fight.as_ref()).err()?;
        Some(
            error
                .to_string()
                .trim_start_matches("no exact answer: ")
                .to_string(),
        )
    }
}

/// A rule that is its own fight, sampled by [`play`] up to its budget's round cap, is a
/// [`Roll`] whose exact distribution is the solved fight.
impl<F> Roll for F
where
    F: Fight + FightOutcome<Fight = F> + Send + Sync + 'static,
{
    type Outcome = <F as FightOutcome>::Outcome;

    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> Self::Outcome {
        let (end, rounds) = play(self, dice, self.exact_budget().max_rounds);
        self.outcome_of(&end, rounds)
    }

    fn exact(&self) -> Option<Dist<Self::Outcome>> {
        self.solved()
    }

    fn no_exact_reason(&self) -> Option<String> {
        self.unsolved_reason()
    }
}

/// The sampling side of a fight mechanic with its own loop: its layout, one sampled
/// fight, and how an outcome is recorded. With [`FightOutcome`] it is a [`Model`] (same
/// methods), whose exact distribution is [`FightOutcome::solved`].
pub trait FightModel: FightOutcome + Send + Sync + 'static {
    /// The metrics and histograms reported.
    fn layout(&self) -> Layout;

    /// Samples one fight.
    fn sample<D: Dice>(&self, dice: &mut D) -> Self::Outcome;

    /// Records one outcome (the same code serves Monte Carlo and exact tallies).
    fn record<R: Recorder>(&self, outcome: &Self::Outcome, rec: &mut R);
}

impl<M: FightModel> Model for M {
    type Outcome = <M as FightOutcome>::Outcome;

    fn layout(&self) -> Layout {
        FightModel::layout(self)
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> Self::Outcome {
        FightModel::sample(self, dice)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, outcome: &Self::Outcome, rec: &mut R) {
        FightModel::record(self, outcome, rec)
    }

    fn exact(&self) -> Option<Dist<Self::Outcome>> {
        self.solved()
    }

    fn no_exact_reason(&self) -> Option<String> {
        self.unsolved_reason()
    }
}

/// A fight as a rule rolled once per sample: one sample is a whole fight, its outcome the
/// ending and the rounds fought, so a fight is reported as any [`Roll`] is (through
/// [`crate::engine::Rolled`]) and its exact values come from [`solve`].
#[derive(Debug, Clone, PartialEq)]
pub struct Fought<F> {
    /// The fight.
    pub fight: F,
    /// Rounds before the fight ends by [`Fight::at_cap`].
    pub max_rounds: u32,
}

impl<F> Roll for Fought<F>
where
    F: Fight + Send + Sync + 'static,
    F::End: Hash + Eq,
{
    type Outcome = (F::End, u32);

    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> (F::End, u32) {
        play(&self.fight, dice, self.max_rounds)
    }

    fn exact(&self) -> Option<Dist<(F::End, u32)>> {
        self.solve().ok()
    }
}

impl<F> Fought<F>
where
    F: Fight,
    F::End: Hash + Eq,
{
    /// The exact endings with their rounds (tolerance [`EXACT_TOLERANCE`], at most
    /// [`STATE_BUDGET`] states and [`ROUND_BUDGET`] rounds).
    pub fn solve(&self) -> Result<Dist<(F::End, u32)>, Unsolved> {
        ExactBudget::capped_at(self.max_rounds).solve(&self.fight)
    }
}
