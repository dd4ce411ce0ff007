//! Running several analyses at once: a study whose grid points cannot keep every core
//! busy (one exact solve, a few points, its report being written) leaves the others to
//! the next studies. Each study's numbers are those it gives alone (every point draws
//! from its own streams), whatever runs beside it.

use super::{Analysis, AnalysisResult, RunOptions};
use crate::error::{Error, Result};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Runs every analysis of `analyses`, several at once on the current rayon pool, and
/// hands each result to `done` as soon as it is ready (in the order they finish, not the
/// order given), with the time the analysis took; `progress` receives sample counts as
/// they are drawn.
///
/// `done` runs on a thread of its own, one result at a time, while the pool goes on
/// with the next analyses: a report is written beside the work, and whatever `done` calls
/// (polars' own pool, a lock held while a report is written) never waits on a task of
/// the pool that called it. Once a failure is known (of a run or of `done`), no further
/// analysis starts; the error returned is that of the first failed analysis in the order
/// given.
pub fn run_many(
    analyses: &[Analysis],
    options: &RunOptions,
    progress: &(dyn Fn(u64) + Sync),
    done: &(dyn Fn(&Analysis, AnalysisResult, Duration) -> Result<()> + Sync),
) -> Result<()> {
    let failed = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<(usize, Result<AnalysisResult>, Duration)>();
    let errors = std::thread::scope(|scope| {
        let writer = scope.spawn(|| {
            let mut errors: Vec<(usize, Error)> = Vec::new();
            for (i, result, took) in receive {
                if let Err(e) = result.and_then(|r| done(&analyses[i], r, took)) {
                    failed.store(true, Ordering::Relaxed);
                    errors.push((i, e));
                }
            }
            errors
        });
        analyses
            .par_iter()
            .enumerate()
            // One analysis per task: a costly study is not split from the cheap ones.
            .with_max_len(1)
            .for_each_with(send, |send, (i, analysis)| {
                if failed.load(Ordering::Relaxed) {
                    return;
                }
                let started = Instant::now();
                let result = analysis.run(options, progress);
                if result.is_err() {
                    failed.store(true, Ordering::Relaxed);
                }
                // The writer only stops once every sender is gone: it is there to receive.
                let _ = send.send((i, result, started.elapsed()));
            });
        writer
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    });
    match errors.into_iter().min_by_key(|(i, _)| *i) {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use std::sync::Mutex;

    /// A small analysis of `aube.test` named `name`.
    fn small(name: &str) -> Analysis {
        let text = format!(
            "name = \"{name}\"\ntitle = \"{name}\"\nmechanic = \"aube.test\"\nsamples = 500\n\
             [params]\nnd = 5\n[grid]\nca = \"8..=10\"\n"
        );
        Analysis::parse(Path::new("small.toml"), &text).expect("a valid analysis")
    }

    fn on_threads<T: Send>(threads: usize, job: impl FnOnce() -> T + Send) -> T {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
        pool.expect("a pool").install(job)
    }

    #[test]
    fn every_analysis_is_handed_over_once_with_the_numbers_it_gives_alone() {
        let analyses: Vec<Analysis> = ["a", "b", "c", "d"].map(small).into();
        let options = RunOptions::default();
        let seen = Mutex::new(Vec::new());
        on_threads(2, || {
            run_many(&analyses, &options, &|_| {}, &|a, result, _| {
                let alone = a.run(&options, &|_| {}).expect("runs alone");
                assert_eq!(format!("{result:?}"), format!("{alone:?}"));
                seen.lock().unwrap().push(a.file.name.clone());
                Ok(())
            })
        })
        .expect("no failure");
        let mut seen = seen.into_inner().unwrap();
        seen.sort();
        assert_eq!(seen, ["a", "b", "c", "d"]);
    }

    #[test]
    fn the_error_told_is_that_of_the_first_failed_in_the_order_given() {
        let analyses: Vec<Analysis> = ["a", "b", "c"].map(small).into();
        let options = RunOptions::default();
        let seen = Mutex::new(Vec::new());
        // On one thread the analyses run in the order given: "a" is handed over first
        // and fails (the next may have started by the time its failure is known).
        let error = on_threads(1, || {
            run_many(&analyses, &options, &|_| {}, &|a, _, _| {
                seen.lock().unwrap().push(a.file.name.clone());
                Err(Error::Invalid(format!("{} failed", a.file.name)))
            })
        });
        assert_eq!(error.unwrap_err().to_string(), "a failed");
        assert_eq!(seen.into_inner().unwrap()[0], "a");
        // However many fail, and in whatever order they finish, the first given is told.
        let failed = Mutex::new(Vec::new());
        let error = on_threads(2, || {
            run_many(&analyses, &options, &|_| {}, &|a, _, _| {
                failed.lock().unwrap().push(a.file.name.clone());
                Err(Error::Invalid(format!("{} failed", a.file.name)))
            })
        });
        let first = failed
            .into_inner()
            .unwrap()
            .into_iter()
            .min()
            .expect("one failed");
        assert_eq!(error.unwrap_err().to_string(), format!("{first} failed"));
    }
}
