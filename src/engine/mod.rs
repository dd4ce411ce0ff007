//! The engine: dice, random streams, exact distributions, tallies, statistics and the
//! parallel runner. It knows nothing of any rule system; systems plug in through the
//! [`Model`] and [`Mechanic`] traits.

pub mod chain;
pub mod check;
pub mod config;
pub mod dice;
pub mod dist;
pub mod enumerate;
pub mod fight;
pub mod fight_outcome;
pub mod hash;
pub mod house_step;
pub mod layout;
pub mod mechanic;
pub mod model;
pub mod paired;
pub mod params;
pub mod resolve;
pub mod rng;
pub mod rolled;
pub mod roster;
pub mod roster_file;
pub mod runner;
pub mod stats;
pub mod step;
pub mod summary;
pub mod system;
pub mod tables;
pub mod tally;
pub mod value;

pub use config::Config;
pub use dice::{Dice, RiggedDice, RollDice, replay};
pub use dist::Dist;
pub use enumerate::{NoExact, enumerate};
pub use house_step::{HouseStep, HouseSteps, StepRule, StepSignature};
pub use layout::{HistId, Layout, MetricFamily, MetricId, MetricKind};
pub use mechanic::{FromConfig, Mechanic, Registered};
pub use model::{ClassModel, Model, Simulation, class_simulation, simulation};
pub use params::{Choice, ParamSpec};
pub use rolled::{Report, Roll, Rolled};
pub use roster::{Party, Rosters};
pub use runner::{RunPlan, SampleSize, run_point};
pub use step::{Step, StepCache};
pub use summary::{Estimate, Summary, summarize};
pub use tally::{ExactTally, Recorder, Tally};
pub use value::{ParamValues, Value};
