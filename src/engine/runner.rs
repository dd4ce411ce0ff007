//! The parallel Monte Carlo runner.
//!
//! Samples are drawn in chunks of [`CHUNK_SAMPLES`]; chunk `c` of grid point `p` always
//! uses the generator [`chunk_rng`]`(seed, p, c)`, whatever thread runs it. Chunks run in
//! parallel batches (rayon's current pool) and are merged in chunk order, so the result is
//! bit-identical for any thread count. Memory holds one batch of chunk tallies at a time.
//!
//! Variants of one grid point are drawn from the same chunk streams (common random
//! numbers) and their paired differences are accumulated as they go.

use super::layout::MetricKind;
use super::model::Simulation;
use super::paired::Paired;
use super::rng::chunk_rng;
use super::stats::{Z95, wilson};
use super::tally::Tally;
use rayon::prelude::*;

/// Samples per chunk (the unit of parallel work and of random streams).
pub const CHUNK_SAMPLES: u64 = 10_000;
/// Largest number of chunks run as one parallel batch.
const BATCH_CHUNKS: u64 = 128;
/// First round of the precision mode, in chunks.
const FIRST_PRECISION_ROUND: u64 = 16;
/// Default sample count.
pub const DEFAULT_SAMPLES: u64 = 1_000_000;
/// The precision mode stops here even when the target is not reached.
pub const MAX_PRECISION_SAMPLES: u64 = 2_000_000_000;

/// How many samples to draw.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SampleSize {
    /// Exactly this many samples (at least one).
    Samples(u64),
    /// Rounds of chunks until every proportion's 95% half-width is at most this.
    Precision(f64),
}

impl Default for SampleSize {
    fn default() -> Self {
        SampleSize::Samples(DEFAULT_SAMPLES)
    }
}

/// Seed and sample size of a run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunPlan {
    /// The seed every chunk stream derives from.
    pub seed: u64,
    /// How many samples.
    pub size: SampleSize,
}

/// The tallies of one grid point, one per variant, and their paired differences.
#[derive(Debug, Clone)]
pub struct PointRun {
    /// Merged tally of each variant.
    pub tallies: Vec<Tally>,
    /// Differences of each variant to the first.
    pub paired: Paired,
    /// False when the precision mode hit [`MAX_PRECISION_SAMPLES`] first.
    pub precision_reached: bool,
}

/// Runs every variant of grid point `point` with `plan`. `progress` is told how many
/// samples each batch added (per variant).
pub fn run_point(
    sims: &[&dyn Simulation],
    point: u64,
    plan: &RunPlan,
    progress: &(dyn Fn(u64) + Sync),
) -> PointRun {
    let layouts: Vec<&super::layout::Layout> = sims.iter().map(|s| s.layout()).collect();
    let mut run = PointRun {
        tallies: sims.iter().map(|s| Tally::new(s.layout())).collect(),
        paired: Paired::new(&layouts),
        precision_reached: true,
    };
    let mut next_chunk = 0u64;
    match plan.size {
        SampleSize::Samples(total) => {
            let chunks = total.div_ceil(CHUNK_SAMPLES);
            while next_chunk < chunks {
                let end = (next_chunk + BATCH_CHUNKS).min(chunks);
                run_batch(
                    sims,
                    point,
                    plan.seed,
                    next_chunk..end,
                    total,
                    &mut run,
                    progress,
                );
                next_chunk = end;
                if failed(sims) {
                    break;
                }
            }
        }
        SampleSize::Precision(half_width) => {
            let mut round = FIRST_PRECISION_ROUND;
            loop {
                let end = next_chunk + round;
                run_batch(
                    sims,
                    point,
                    plan.seed,
                    next_chunk..end,
                    u64::MAX,
                    &mut run,
                    progress,
                );
                next_chunk = end;
                if failed(sims) || precise_enough(&run.tallies, sims, half_width) {
                    break;
                }
                if next_chunk * CHUNK_SAMPLES >= MAX_PRECISION_SAMPLES {
                    run.precision_reached = false;
                    break;
                }
                round = next_chunk.clamp(FIRST_PRECISION_ROUND, BATCH_CHUNKS);
            }
        }
    }
    run
}

fn run_batch(
    sims: &[&dyn Simulation],
    point: u64,
    seed: u64,
    chunks: std::ops::Range<u64>,
    total: u64,
    run: &mut PointRun,
    progress: &(dyn Fn(u64) + Sync),
) {
    let results: Vec<Vec<Tally>> = chunks
        .into_par_iter()
        .map(|c| {
            let n = CHUNK_SAMPLES.min(total - c * CHUNK_SAMPLES);
            // Past a failure nothing sampled is reported: the chunks left are skipped.
            let skip = failed(sims);
            let tallies = sims
                .iter()
                .map(|sim| {
                    let mut tally = Tally::new(sim.layout());
                    if !skip {
                        sim.run_chunk(chunk_rng(seed, point, c), n, &mut tally);
                    }
                    tally
                })
                .collect();
            progress(n);
            tallies
        })
        .collect();
    for per_variant in &results {
        run.paired.add_chunk(per_variant);
        for (total, chunk) in run.tallies.iter_mut().zip(per_variant) {
            total.merge(chunk);
        }
    }
}

/// True once a simulation has failed ([`Simulation::failure`]: a solver stopped at its
/// bound while a sample was drawn): what is sampled after it would not be reported, so the
/// run stops at once and its caller reports the failure.
fn failed(sims: &[&dyn Simulation]) -> bool {
    sims.iter().any(|sim| sim.failure().is_some())
}

fn precise_enough(tallies: &[Tally], sims: &[&dyn Simulation], half_width: f64) -> bool {
    tallies.iter().zip(sims).all(|(tally, sim)| {
        sim.layout()
            .metrics
            .iter()
            .zip(&tally.metrics)
            .all(|(def, acc)| {
                if def.kind != MetricKind::Proportion || acc.n == 0 {
                    return true;
                }
                let (lo, hi) = wilson(acc.sum as f64, acc.n as f64, Z95);
                (hi - lo) / 2.0 <= half_width
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::layout::Layout;
    use crate::engine::rng::StreamRng;
    use crate::engine::tally::ExactTally;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// A simulation that fails (as a solver past its bound) once it has sampled
    /// `fails_after` chunks, counting the chunks it is asked to sample.
    struct FailsAfter {
        layout: Layout,
        fails_after: u64,
        chunks: AtomicU64,
    }

    impl Simulation for FailsAfter {
        fn layout(&self) -> &Layout {
            &self.layout
        }

        fn run_chunk(&self, _: StreamRng, samples: u64, tally: &mut Tally) {
            self.chunks.fetch_add(1, Ordering::SeqCst);
            tally.metrics[0].n += samples;
        }

        fn exact(&self) -> Option<ExactTally> {
            None
        }

        fn failure(&self) -> Option<String> {
            (self.chunks.load(Ordering::SeqCst) >= self.fails_after).then(|| "stopped".into())
        }
    }

    #[test]
    fn a_failure_stops_the_sampling_at_once() {
        let mut layout = Layout::new();
        layout.proportion("p", "a chance");
        for size in [
            SampleSize::Samples(100_000_000),
            SampleSize::Precision(1e-6),
        ] {
            let sim = FailsAfter {
                layout: layout.clone(),
                fails_after: 1,
                chunks: AtomicU64::new(0),
            };
            let plan = RunPlan { seed: 1, size };
            run_point(&[&sim], 0, &plan, &|_| {});
            // 10,000 chunks asked for; one batch at most is sampled, most of it skipped.
            let sampled = sim.chunks.load(Ordering::SeqCst);
            assert!(
                sampled <= BATCH_CHUNKS,
                "{size:?}: {sampled} chunks sampled"
            );
        }
    }
}
