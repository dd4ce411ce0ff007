//! A script with its parameters fixed, as the runner drives it: sampled from its exact
//! table (one uniform draw and a search of the cumulative probabilities per sample, the
//! script never called), or, when the enumeration went past its bound, by running the
//! script on random dice each sample.

use super::dice::with_dice;
use super::mechanic::{Code, Prepared};
use super::outcome::{Kind, Outcome, Val};
use crate::engine::layout::{HistId, Layout, MetricId};
use crate::engine::rng::StreamRng;
use crate::engine::tally::{ExactTally, Recorder, Repeated, Tally};
use crate::engine::{RollDice, Simulation};
use rand::Rng;
use rhai::Map;
use std::sync::{Arc, Mutex};

/// The handles of one result.
enum Handle {
    Chance(MetricId),
    Number(MetricId, HistId),
}

/// A script with its parameters fixed.
pub struct ScriptSimulation {
    code: Arc<Code>,
    args: Map,
    prepared: Arc<Prepared>,
    layout: Layout,
    handles: Vec<Handle>,
    /// The cumulative probability up to each outcome of the exact table (renormalised
    /// over the listed outcomes), when exact.
    cumulative: Vec<f64>,
    /// The first error of a script run while sampling (the fallback only).
    failure: Mutex<Option<String>>,
}

impl ScriptSimulation {
    /// The simulation of `code` with the parameters `args`, its distribution `prepared`.
    pub fn new(code: Arc<Code>, args: Map, prepared: Arc<Prepared>) -> Self {
        let mut layout = Layout::new();
        let exact = prepared.exact.is_ok();
        let mut handles = Vec::new();
        for (i, decl) in code.results().iter().enumerate() {
            handles.push(match prepared.kinds[i] {
                Kind::Chance => Handle::Chance(layout.proportion(decl.name.clone(), decl.doc)),
                Kind::Number => {
                    let (lo, hi) = prepared.ranges[i];
                    let mean = layout.mean(format!("mean_{}", decl.name), decl.doc);
                    if exact {
                        layout.bounded(mean, lo, hi);
                    }
                    Handle::Number(
                        mean,
                        layout.histogram(decl.name.clone(), decl.doc, (lo, hi)),
                    )
                }
            });
        }
        let cumulative = match &prepared.exact {
            Ok((outcomes, _)) => {
                let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
                let mut acc = 0.0;
                outcomes
                    .iter()
                    .map(|(_, p)| {
                        acc += p / total;
                        acc
                    })
                    .collect()
            }
            Err(_) => Vec::new(),
        };
        Self {
            code,
            args,
            prepared,
            layout,
            handles,
            cumulative,
            failure: Mutex::new(None),
        }
    }

    fn record<R: Recorder>(&self, outcome: &[Val], rec: &mut R) {
        for (handle, value) in self.handles.iter().zip(outcome) {
            match (handle, *value) {
                (Handle::Chance(m), Val::Bool(b)) => rec.event(*m, b),
                (Handle::Number(m, h), Val::Int(v)) => {
                    rec.value(*m, v);
                    rec.hist(*h, v);
                }
                // Checked before recording: the kinds are those of the first outcome.
                _ => {}
            }
        }
    }

    fn fail(&self, message: String) {
        let mut slot = self.failure.lock().unwrap_or_else(|e| e.into_inner());
        slot.get_or_insert(message);
    }

    fn failed(&self) -> bool {
        self.failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }

    /// One sampled run of the script on `dice`, its kinds checked.
    fn run_script(&self, dice: &mut RollDice<StreamRng>) -> Result<Outcome, String> {
        let outcome = with_dice(dice, || self.code.roll(&self.args)).map_err(|e| e.to_string())?;
        for (i, v) in outcome.iter().enumerate() {
            if v.kind() != self.prepared.kinds[i] {
                return Err(self.code.kind_error(i).to_string());
            }
        }
        Ok(outcome)
    }
}

impl Simulation for ScriptSimulation {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn run_chunk(&self, mut rng: StreamRng, samples: u64, tally: &mut Tally) {
        match &self.prepared.exact {
            Ok((outcomes, _)) => {
                let mut counts = vec![0u64; outcomes.len()];
                let last = outcomes.len().saturating_sub(1);
                for _ in 0..samples {
                    // A uniform real in [0, 1) on the grid of 2^-53.
                    let u = (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
                    let i = self.cumulative.partition_point(|&c| c <= u).min(last);
                    counts[i] += 1;
                }
                for ((outcome, _), &times) in outcomes.iter().zip(&counts) {
                    if times > 0 {
                        self.record(outcome, &mut Repeated { tally, times });
                    }
                }
            }
            Err(_) => {
                let mut dice = RollDice::new(rng);
                for _ in 0..samples {
                    match self.run_script(&mut dice) {
                        Ok(outcome) => self.record(&outcome, tally),
                        Err(message) => {
                            self.fail(message);
                            return;
                        }
                    }
                    if self.failed() {
                        return;
                    }
                }
            }
        }
        tally.samples += samples;
    }

    fn exact(&self) -> Option<ExactTally> {
        let (outcomes, tail) = self.prepared.exact.as_ref().ok()?;
        let mut tally = ExactTally::new(&self.layout);
        for (outcome, p) in outcomes {
            tally.weight = *p;
            self.record(outcome, &mut tally);
        }
        for hist in &mut tally.histograms {
            let total: f64 = hist.values().sum();
            if total > 0.0 {
                hist.values_mut().for_each(|p| *p /= total);
            }
        }
        tally.tail = *tail;
        Some(tally)
    }

    fn no_exact_reason(&self) -> Option<String> {
        self.prepared.exact.as_ref().err().cloned()
    }

    fn failure(&self) -> Option<String> {
        self.failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}
