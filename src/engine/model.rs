//! The three traits a rule system plugs into.
//!
//! - [`Model`]: one configured mechanic (parameters already validated). It samples an
//!   outcome from dice, records an outcome, and optionally gives the exact distribution
//!   of its outcomes. Generic, so the hot loop is monomorphised: no dynamic dispatch per
//!   roll.
//! - [`Simulation`]: the object-safe face of a model that the runner drives, one chunk of
//!   samples per call. Every `Model` is one through [`simulation`].
//! - [`Mechanic`]: a registry entry: name, parameters, metric documentation, and `build`,
//!   which validates values and returns a `Simulation`.

use super::dice::{Dice, RollDice};
use super::dist::Dist;
use super::layout::Layout;
use super::params::{ParamSpec, ParamValues};
use super::rng::StreamRng;
use super::tally::{ExactTally, Recorder, Repeated, Tally};
use crate::error::Result;

/// A mechanic with its parameters fixed: what it rolls and what it reports.
pub trait Model: Send + Sync + 'static {
    /// Everything `record` needs to know about one sample.
    type Outcome: Ord + Clone;

    /// The metrics and histograms this model reports.
    fn layout(&self) -> Layout;

    /// Rolls one sample.
    fn sample<D: Dice>(&self, dice: &mut D) -> Self::Outcome;

    /// Records one outcome (the same code serves Monte Carlo and exact tallies).
    fn record<R: Recorder>(&self, outcome: &Self::Outcome, rec: &mut R);

    /// The exact distribution of outcomes, when enumeration is cheap.
    fn exact(&self) -> Option<Dist<Self::Outcome>> {
        None
    }

    /// Fast path for a model whose outcome is usually one of a few values known in
    /// advance (at most [`MAX_CLASSES`]): their number, or 0 (the default) when the model
    /// has no such path. When non-zero, the runner calls [`Model::sample_class`] for each
    /// sample, counts the classes in a plain array, and records each class's outcome once
    /// with its count: the hot loop is a roll and an increment. Outcomes outside the
    /// classes are recorded one by one.
    fn classes(&self) -> usize {
        0
    }

    /// One sample: `Ok(class)` with `class` in `0..classes()` when the outcome is that
    /// class's, or `Err(outcome)` for any other outcome (only called when
    /// `classes() > 0`). Must draw exactly the dice [`Model::sample`] draws.
    fn sample_class<D: Dice>(&self, dice: &mut D) -> Result<usize, Self::Outcome> {
        Err(self.sample(dice))
    }

    /// The outcome of class `class` (only called when `classes() > 0`).
    fn class_outcome(&self, _class: usize) -> Option<Self::Outcome> {
        None
    }
}

/// Most classes the fast path of [`Model::classes`] accepts.
pub const MAX_CLASSES: usize = 64;

/// A configured mechanic as the runner sees it.
pub trait Simulation: Send + Sync {
    /// The metrics and histograms reported.
    fn layout(&self) -> &Layout;

    /// Draws `samples` samples with `rng` into `tally`.
    fn run_chunk(&self, rng: StreamRng, samples: u64, tally: &mut Tally);

    /// The exact values of every metric and histogram, when the model has them.
    fn exact(&self) -> Option<ExactTally>;
}

struct ModelSimulation<M: Model> {
    model: M,
    layout: Layout,
}

impl<M: Model> Simulation for ModelSimulation<M> {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn run_chunk(&self, rng: StreamRng, samples: u64, tally: &mut Tally) {
        let mut dice = RollDice::new(rng);
        let classes = self.model.classes();
        if classes > 0 && classes <= MAX_CLASSES {
            let mut counts = [0u64; MAX_CLASSES];
            for _ in 0..samples {
                match self.model.sample_class(&mut dice) {
                    Ok(class) => counts[class % MAX_CLASSES] += 1,
                    Err(outcome) => self.model.record(&outcome, tally),
                }
            }
            for (class, &times) in counts[..classes]
                .iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
            {
                if let Some(outcome) = self.model.class_outcome(class) {
                    self.model.record(&outcome, &mut Repeated { tally, times });
                }
            }
        } else {
            for _ in 0..samples {
                let outcome = self.model.sample(&mut dice);
                self.model.record(&outcome, tally);
            }
        }
        tally.samples += samples;
    }

    fn exact(&self) -> Option<ExactTally> {
        let dist = self.model.exact()?;
        Some(exact_tally(&self.model, &self.layout, &dist))
    }
}

/// Records every outcome of `dist` with its probability.
///
/// Each histogram is then normalised by its own total weight, as the Monte Carlo summary
/// divides counts by the histogram's own total: a histogram a model records only when a
/// condition holds (damage given a hit) is thus exactly the conditional distribution.
pub fn exact_tally<M: Model>(model: &M, layout: &Layout, dist: &Dist<M::Outcome>) -> ExactTally {
    let mut tally = ExactTally::new(layout);
    for (outcome, p) in dist.iter() {
        tally.weight = p;
        model.record(outcome, &mut tally);
    }
    for hist in &mut tally.histograms {
        let total: f64 = hist.values().sum();
        if total > 0.0 {
            for p in hist.values_mut() {
                *p /= total;
            }
        }
    }
    tally.tail = dist.tail();
    tally
}

/// Wraps a model for the runner.
pub fn simulation<M: Model>(model: M) -> Box<dyn Simulation> {
    let layout = model.layout();
    Box::new(ModelSimulation { model, layout })
}

/// A registry entry: one mechanic of one rule system.
pub trait Mechanic: Sync {
    /// Full name, `system.mechanic` (`aube.test`).
    fn name(&self) -> &'static str;

    /// One line saying what it answers.
    fn summary(&self) -> &'static str;

    /// Its parameters, with defaults and ranges.
    fn params(&self) -> Vec<ParamSpec>;

    /// Its metrics and histograms, as `(name, description)`, for `alea list`.
    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)];

    /// The chance the difficulty finder matches by default (`None`: the first chance that
    /// varies with the swept parameter).
    fn primary_metric(&self) -> Option<&'static str> {
        None
    }

    /// Builds the simulation from validated values; checks that involve several
    /// parameters at once happen here.
    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>>;
}

/// Helper for tests: records the outcome of one rigged sample into a tally of `n = 1`.
pub fn record_one<M: Model, D: Dice>(model: &M, dice: &mut D) -> (M::Outcome, Tally) {
    let layout = model.layout();
    let mut tally = Tally::new(&layout);
    let outcome = model.sample(dice);
    model.record(&outcome, &mut tally);
    tally.samples = 1;
    (outcome, tally)
}
