//! The engine: dice, random streams, exact distributions, tallies, statistics and the
//! parallel runner. It knows nothing of any rule system; systems plug in through the
//! [`Model`] and [`Mechanic`] traits.

pub mod check;
pub mod dice;
pub mod dist;
pub mod layout;
pub mod model;
pub mod paired;
pub mod params;
pub mod rng;
pub mod runner;
pub mod stats;
pub mod summary;
pub mod tally;

pub use dice::{Dice, RiggedDice, RollDice};
pub use dist::Dist;
pub use layout::{Layout, MetricKind};
pub use model::{Mechanic, Model, Simulation, simulation};
pub use params::{Choice, ParamSpec, ParamValues, Value};
pub use runner::{RunPlan, SampleSize, run_point};
pub use summary::{Estimate, Summary, summarize};
pub use tally::{ExactTally, Recorder, Tally};
