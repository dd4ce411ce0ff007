//! One function per subcommand: turn arguments into library calls and print the result.

use crate::args::{
    Cli, Command, DifficultyArgs, ListArgs, ProbArgs, RunArgs, SamplingArgs, SheetArgs, SheetFormat,
};
use alea::analysis::{Analysis, RunOptions, collect_files};
use alea::engine::runner::{DEFAULT_SAMPLES, RunPlan, SampleSize};
use alea::error::{Error, Result};
use alea::finder::{FinderRequest, find};
use alea::query::{Query, answer};
use alea::report;
use alea::systems;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Runs the subcommand of `cli`.
pub fn dispatch(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Prob(args) => with_threads(args.sampling.threads, || prob(&args)),
        Command::Run(args) => with_threads(args.sampling.threads, || run(&args)),
        Command::Difficulty(args) => difficulty(&args),
        Command::Sheet(args) => sheet(&args),
        Command::List(args) => list(&args),
    }
}

fn with_threads(threads: Option<u64>, job: impl FnOnce() -> Result<()> + Send) -> Result<()> {
    match threads {
        None => job(),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n as usize)
            .build()
            .map_err(|e| Error::Invalid(format!("could not start {n} threads: {e}")))?
            .install(job),
    }
}

fn size(sampling: &SamplingArgs) -> Option<SampleSize> {
    match (sampling.samples, sampling.precision) {
        (_, Some(p)) => Some(SampleSize::Precision(p)),
        (Some(n), None) => Some(SampleSize::Samples(n)),
        (None, None) => None,
    }
}

fn prob(args: &ProbArgs) -> Result<()> {
    let query = Query::parse(&args.mechanic, &args.params)?;
    let plan = (!args.exact).then(|| RunPlan {
        seed: args.sampling.seed.unwrap_or(alea::analysis::DEFAULT_SEED),
        size: size(&args.sampling).unwrap_or(SampleSize::Samples(DEFAULT_SAMPLES)),
    });
    let answer = answer(&query, plan.as_ref())?;
    if args.json {
        println!("{}", report::json::answer_json(&answer));
    } else {
        print!("{}", report::text::render_answer(&answer));
        if args.table {
            print!("\n{}", report::text::render_tables(&answer));
        }
    }
    Ok(())
}

/// A progress bar on stderr that appears only once a run has lasted a second, and never
/// when stderr is not a terminal or with --quiet.
struct Progress {
    bar: ProgressBar,
    start: Instant,
    shown: AtomicBool,
    enabled: bool,
}

impl Progress {
    fn new(total: Option<u64>, quiet: bool) -> Self {
        let bar = match total {
            Some(t) => ProgressBar::with_draw_target(Some(t), ProgressDrawTarget::hidden()),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
        };
        let template = if total.is_some() {
            "{elapsed_precise} [{bar:40}] {percent}% {msg} (eta {eta})"
        } else {
            "{elapsed_precise} {spinner} {human_pos} samples {msg}"
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        Self {
            bar,
            start: Instant::now(),
            shown: AtomicBool::new(false),
            enabled: !quiet && std::io::stderr().is_terminal(),
        }
    }

    fn add(&self, samples: u64) {
        self.bar.inc(samples);
        if self.enabled
            && !self.shown.load(Ordering::Relaxed)
            && self.start.elapsed() > Duration::from_secs(1)
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }
}

fn run(args: &RunArgs) -> Result<()> {
    let files = collect_files(&args.paths)?;
    let analyses = files
        .iter()
        .map(|f| Analysis::load(f))
        .collect::<Result<Vec<_>>>()?;
    let mut names = std::collections::BTreeMap::new();
    for a in &analyses {
        if let Some(other) = names.insert(a.file.name.clone(), a.path.clone()) {
            return Err(Error::Invalid(format!(
                "'{}' and '{}' both name their report '{}'; give them different names",
                other.display(),
                a.path.display(),
                a.file.name
            )));
        }
    }
    let options = RunOptions {
        size: size(&args.sampling),
        seed: args.sampling.seed,
    };
    let total: Option<u64> = analyses
        .iter()
        .map(|a| a.total_samples(&a.plan(&options)))
        .sum();
    let progress = Progress::new(total, args.quiet);
    for analysis in &analyses {
        progress.bar.set_message(analysis.file.name.clone());
        let started = Instant::now();
        let result = analysis.run(&options, &|n| progress.add(n));
        let dir = report::write_report(analysis, &result, &args.out)?;
        if !args.quiet {
            progress.bar.suspend(|| {
                let samples = result
                    .points
                    .first()
                    .and_then(|p| p.variants.first())
                    .map_or(0, |v| v.summary.samples);
                println!(
                    "wrote {}  ({} x {}, {} samples each, seed {}, {:.1} s)",
                    dir.display(),
                    plural(analysis.points.len(), "grid point"),
                    plural(analysis.variants.len(), "variant"),
                    report::text::group_thousands(samples),
                    result.seed,
                    started.elapsed().as_secs_f64()
                );
            });
        }
    }
    progress.bar.finish_and_clear();
    report::index::write_index(&args.out)?;
    if !args.quiet {
        println!("wrote {}", args.out.join("index.html").display());
    }
    Ok(())
}

fn difficulty(args: &DifficultyArgs) -> Result<()> {
    let request = FinderRequest {
        mechanic: args.mechanic.clone(),
        assignments: args.params.clone(),
        over: args.over.clone(),
        target: args.target,
        metric: args.metric.clone(),
        from: args.from,
        to: args.to,
        plan: RunPlan {
            seed: args.seed.unwrap_or(alea::analysis::DEFAULT_SEED),
            size: SampleSize::Samples(args.samples),
        },
    };
    let answer = find(&request)?;
    if args.json {
        println!("{}", report::json::finder_json(&answer));
    } else {
        print!("{}", report::text::render_finder(&answer, &args.params));
    }
    Ok(())
}

fn sheet(args: &SheetArgs) -> Result<()> {
    let tables = report::sheet::tables(&args.system)?
        .into_iter()
        .map(report::sheet::fill)
        .collect::<Result<Vec<_>>>()?;
    let (text, extension) = match args.format {
        SheetFormat::Md => (report::sheet::markdown(&args.system, &tables), "md"),
        SheetFormat::Html => (report::sheet::html(&args.system, &tables), "html"),
    };
    match &args.out {
        None => print!("{text}"),
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| Error::io("create folder", dir, e))?;
            let path = dir.join(format!("sheet_{}.{extension}", args.system));
            let temp = dir.join(format!(
                ".sheet_{}.{extension}.tmp-{}",
                args.system,
                std::process::id()
            ));
            std::fs::write(&temp, text).map_err(|e| Error::io("write", &temp, e))?;
            std::fs::rename(&temp, &path).map_err(|e| Error::io("rename into", &path, e))?;
            println!("wrote {}", path.display());
        }
    }
    Ok(())
}

/// "1 variant", "3 variants".
fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn list(args: &ListArgs) -> Result<()> {
    match args.name.as_deref() {
        None => print!(
            "{}",
            report::listing::render_overview(&systems::of_system(None)?)
        ),
        Some(name) if name.contains('.') => {
            print!("{}", report::listing::render_mechanic(systems::find(name)?))
        }
        Some(system) => {
            let mechanics = systems::of_system(Some(system))?;
            if mechanics.is_empty() {
                return Err(Error::Invalid(format!(
                    "the system '{system}' has no mechanic yet"
                )));
            }
            for m in mechanics {
                println!("{}", report::listing::render_mechanic(m));
            }
        }
    }
    Ok(())
}
