//! The model of a mechanic that is one rule rolled once per sample, written once.
//!
//! Most single-roll mechanics are a rule (what to roll, built from the parameters) and a
//! report (the metric and histogram handles, and how one outcome is recorded). [`Rolled`]
//! puts the two together as a [`Model`], so a mechanic writes only those two parts:
//!
//! - [`Roll`] on the rule: rolls one outcome, and gives the exact distribution when
//!   enumeration is cheap;
//! - [`Report`] on its metrics: declares them on the layout (seeing the rule, for a
//!   histogram's range) and records an outcome.
//!
//! A mechanic with more state than one rule (a fight, a rule and its tables) implements
//! [`Model`] itself.

use super::dice::Dice;
use super::dist::Dist;
use super::enumerate::{Bounds, enumerate_within};
use super::layout::Layout;
use super::mechanic::FromConfig;
use super::model::Model;
use super::step::StepCache;
use super::tally::Recorder;
use crate::error::{Error, Result};

/// A rule that rolls one outcome per sample.
pub trait Roll: Send + Sync + 'static {
    /// Everything the report needs to know of one roll.
    type Outcome: Ord + Clone;

    /// Rolls one outcome.
    fn roll<D: Dice>(&self, dice: &mut D) -> Self::Outcome;

    /// The exact distribution of outcomes: by default, [`Roll::roll`] itself run over every
    /// path of its dice ([`mod@crate::engine::enumerate`]); `None` past the enumeration's bounds.
    /// A rule overrides it only with a measured fast path, tested equal to the derived one.
    fn exact(&self) -> Option<Dist<Self::Outcome>> {
        enumerate_within(&mut StepCache::new(), self.bounds(), |dice| self.roll(dice)).ok()
    }

    /// Why [`Roll::exact`] gives nothing, when there is more to say (a fight past its
    /// budget).
    fn no_exact_reason(&self) -> Option<String> {
        None
    }

    /// The bounds of the enumeration of [`Roll::exact`]: the engine's by default; a rule
    /// whose rare paths matter (exploding dice whose long runs carry a visible share of a
    /// mean) may cut none.
    fn bounds(&self) -> Bounds {
        Bounds::default()
    }
}

/// What a [`Rolled`] mechanic reports: its handles and how one outcome is recorded.
pub trait Report<R: Roll>: Send + Sync + 'static {
    /// Declares the metrics and histograms on `layout`, once, for `rule`.
    fn declare(rule: &R, layout: &mut Layout) -> Self;

    /// Records one outcome (the same code serves Monte Carlo and exact tallies).
    fn record<Rec: Recorder>(&self, outcome: &R::Outcome, rec: &mut Rec);
}

/// A rule rolled once per sample and reported by `M`.
#[derive(Debug, Clone, PartialEq)]
pub struct Rolled<R, M> {
    /// The rule rolled.
    pub rule: R,
    layout: Layout,
    /// The metric handles (the report).
    pub m: M,
}

impl<R: Roll, M: Report<R>> Rolled<R, M> {
    /// The model of `rule`.
    pub fn new(rule: R) -> Self {
        let mut layout = Layout::new();
        let m = M::declare(&rule, &mut layout);
        Self { rule, layout, m }
    }
}

/// The model of the rule a configuration describes: the rule's `From` or `TryFrom` the
/// configuration holds every check of the mechanic.
impl<C, R, M> FromConfig<C> for Rolled<R, M>
where
    R: Roll + TryFrom<C>,
    M: Report<R>,
    Error: From<<R as TryFrom<C>>::Error>,
{
    fn from_config(config: C) -> Result<Self> {
        Ok(Self::new(R::try_from(config)?))
    }
}

impl<R: Roll, M: Report<R>> Model for Rolled<R, M> {
    type Outcome = R::Outcome;

    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> R::Outcome {
        self.rule.roll(dice)
    }

    #[inline(always)]
    fn record<Rec: Recorder>(&self, outcome: &R::Outcome, rec: &mut Rec) {
        self.m.record(outcome, rec);
    }

    fn exact(&self) -> Option<Dist<R::Outcome>> {
        self.rule.exact()
    }

    fn no_exact_reason(&self) -> Option<String> {
        self.rule.no_exact_reason()
    }
}

/// Implements [`Roll`] for a rule by its inherent `roll`: `alea::rolls!(TestRule =>
/// TestOutcome)`, its exact distribution derived from `roll` by enumeration. With `exact`,
/// by its inherent `exact` instead (a fast path, which returns the distribution itself);
/// with `sampled`, the rule has no exact values (Monte Carlo only).
#[macro_export]
macro_rules! rolls {
    ($rule:ty => $outcome:ty) => {
        $crate::rolls!(@impl $rule => $outcome, |rule: &$rule| {
            $crate::engine::enumerate(|dice| <$rule>::roll(rule, dice)).ok()
        });
    };
    ($rule:ty => $outcome:ty, exact) => {
        $crate::rolls!(@impl $rule => $outcome, |rule: &$rule| Some(<$rule>::exact(rule)));
    };
    ($rule:ty => $outcome:ty, sampled) => {
        $crate::rolls!(@impl $rule => $outcome, |_: &$rule| None);
    };
    (@impl $rule:ty => $outcome:ty, $exact:expr) => {
        impl $crate::engine::Roll for $rule {
            type Outcome = $outcome;

            #[inline(always)]
            fn roll<D: $crate::engine::Dice>(&self, dice: &mut D) -> $outcome {
                <$rule>::roll(self, dice)
            }

            fn exact(&self) -> Option<$crate::engine::Dist<$outcome>> {
                ($exact)(self)
            }
        }
    };
}
