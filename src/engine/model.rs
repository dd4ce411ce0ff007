//! The traits a mechanic implements and the runner drives.
//!
//! - [`Model`]: one configured mechanic (parameters already validated). It samples an
//!   outcome from dice, records an outcome, and optionally gives the exact distribution
//!   of its outcomes. Generic, so the hot loop is monomorphised: no dynamic dispatch per
//!   roll.
//! - [`Simulation`]: the object-safe face of a model that the runner drives, one chunk of
//!   samples per call. Every `Model` is one through [`simulation`].
//! - [`ClassModel`]: the optional fast path of a model whose outcomes fall mostly into a
//!   few classes.

use super::dice::{Dice, RollDice, replay};
use super::dist::Dist;
use super::layout::Layout;
use super::rng::StreamRng;
use super::tally::{ExactTally, Recorder, Repeated, Tally};

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

    /// Why [`Model::exact`] gives nothing, when there is more to say than that the
    /// mechanic has no exact values (a fight past its budget of states).
    fn no_exact_reason(&self) -> Option<String> {
        None
    }

    /// The error that made what this model sampled or worked out meaningless (a solver
    /// that stopped at its bound while the first sample was drawn), once it has happened.
    fn failure(&self) -> Option<String> {
        None
    }
}

/// The fast path of a model whose outcome is usually one of a few values known in
/// advance (at most [`MAX_CLASSES`]), such as the 21 usual outcomes of an `aube` test (a
/// d20 face, or no roll). [`class_simulation`] calls [`ClassModel::sample_class`] for each
/// sample, counts the classes in a plain array and records each class's outcome once with
/// its count: the hot loop is a roll and an increment. Outcomes outside the classes are
/// recorded one by one.
pub trait ClassModel: Model {
    /// The number of classes, at most [`MAX_CLASSES`].
    fn classes(&self) -> usize;

    /// One sample: `Ok(class)` with `class` in `0..classes()` when the outcome is that
    /// class's, or `Err(outcome)` for any other outcome. Must draw exactly the dice
    /// [`Model::sample`] draws.
    fn sample_class<D: Dice>(&self, dice: &mut D) -> Result<usize, Self::Outcome>;

    /// The outcome of class `class` (`None`: the class never occurs).
    fn class_outcome(&self, class: usize) -> Option<Self::Outcome>;
}

/// Most classes the fast path of [`ClassModel::classes`] accepts.
pub const MAX_CLASSES: usize = 64;

/// A configured mechanic as the runner sees it.
pub trait Simulation: Send + Sync {
    /// The metrics and histograms reported.
    fn layout(&self) -> &Layout;

    /// Draws `samples` samples with `rng` into `tally`.
    fn run_chunk(&self, rng: StreamRng, samples: u64, tally: &mut Tally);

    /// The exact values of every metric and histogram, when the model has them.
    fn exact(&self) -> Option<ExactTally>;

    /// Why [`Simulation::exact`] gives none, when there is more to say than that the
    /// mechanic has none (a script past the enumeration's bound).
    fn no_exact_reason(&self) -> Option<String> {
        None
    }

    /// The error that stopped sampling early (a script's error met on a path only a
    /// sample reached): the tallies are then incomplete and must not be reported.
    fn failure(&self) -> Option<String> {
        None
    }
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
        for _ in 0..samples {
            let outcome = self.model.sample(&mut dice);
            self.model.record(&outcome, tally);
        }
        tally.samples += samples;
    }

    fn exact(&self) -> Option<ExactTally> {
        let dist = self.model.exact()?;
        Some(exact_tally(&self.model, &self.layout, &dist))
    }

    fn no_exact_reason(&self) -> Option<String> {
        self.model
            .failure()
            .or_else(|| self.model.no_exact_reason())
    }

    fn failure(&self) -> Option<String> {
        self.model.failure()
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

/// A model run through its class fast path.
struct ClassSimulation<M: ClassModel> {
    inner: ModelSimulation<M>,
}

impl<M: ClassModel> Simulation for ClassSimulation<M> {
    fn layout(&self) -> &Layout {
        &self.inner.layout
    }

    fn run_chunk(&self, rng: StreamRng, samples: u64, tally: &mut Tally) {
        let model = &self.inner.model;
        let mut dice = RollDice::new(rng);
        let mut array = [0u64; MAX_CLASSES];
        // A class outside 0..classes() is a bug of the model: the slice's bounds check
        // panics rather than counting it anywhere.
        let counts = &mut array[..model.classes()];
        for _ in 0..samples {
            match model.sample_class(&mut dice) {
                Ok(class) => counts[class] += 1,
                Err(outcome) => model.record(&outcome, tally),
            }
        }
        for (class, &times) in counts.iter().enumerate().filter(|(_, n)| **n > 0) {
            let outcome = model
                .class_outcome(class)
                .unwrap_or_else(|| panic!("class {class} was drawn but has no outcome"));
            model.record(&outcome, &mut Repeated { tally, times });
        }
        tally.samples += samples;
    }

    fn exact(&self) -> Option<ExactTally> {
        self.inner.exact()
    }

    fn no_exact_reason(&self) -> Option<String> {
        self.inner.no_exact_reason()
    }

    fn failure(&self) -> Option<String> {
        self.inner.failure()
    }
}

/// Wraps a model for the runner, sampled through its class fast path.
pub fn class_simulation<M: ClassModel>(model: M) -> Box<dyn Simulation> {
    assert!(
        model.classes() <= MAX_CLASSES,
        "a class model has at most {MAX_CLASSES} classes"
    );
    let layout = model.layout();
    Box::new(ClassSimulation {
        inner: ModelSimulation { model, layout },
    })
}

/// Helper for tests: replays `rolls` (every one must be used, see [`replay`]) as one
/// sample and records its outcome into a tally of `n = 1`.
pub fn replay_one<M: Model>(model: &M, rolls: &[u32]) -> (M::Outcome, Tally) {
    let layout = model.layout();
    let mut tally = Tally::new(&layout);
    let outcome = replay(rolls, |dice| model.sample(dice));
    model.record(&outcome, &mut tally);
    tally.samples = 1;
    (outcome, tally)
}
