//! One function per subcommand: turn arguments into library calls and print the result.

use crate::args::{
    Cli, Command, DifficultyArgs, ListArgs, ProbArgs, RosterArgs, RunArgs, SamplingArgs, SheetArgs,
    SheetFormat,
};
use crate::output::{Printer, clean_up_on_signals, print, print_note};
use crate::progress::Progress;
use alea::analysis::{Analysis, AnalysisResult, RunOptions, collect_files};
use alea::budget::Work;
use alea::engine::Rosters;
use alea::engine::runner::{DEFAULT_SAMPLES, RunPlan, SampleSize};
use alea::engine::tables::RuleSet;
use alea::error::{Error, Result};
use alea::finder::{FinderRequest, Goal, find_with};
use alea::query::{Query, answer};
use alea::report;
use alea::systems;
use std::path::Path;
use std::time::Duration;

/// Runs the subcommand of `cli`.
pub fn dispatch(cli: Cli) -> Result<()> {
    let rosters = alea::roster_sources::with_files(&cli.roster)?;
    let rosters = &rosters;
    match cli.command {
        Command::Prob(args) => with_threads(args.sampling.threads, || prob(&args, rosters)),
        Command::Run(args) => with_threads(args.sampling.threads, || run(&args, rosters)),
        Command::Difficulty(args) => difficulty(&args, rosters),
        Command::Sheet(args) => sheet(&args),
        Command::List(args) => list(&args),
        Command::Roster(args) => roster(&args, rosters),
        Command::Rules(args) if args.script => {
            print(&alea::house_rules::render_script(&args.system)?)
        }
        Command::Rules(args) => print(&alea::house_rules::render(&args.system, RULES_USAGE)?),
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

/// Says how to go past the budget with this command's flags.
fn with_flags(e: Error, remedy: &str) -> Error {
    match e {
        Error::OverBudget { what, .. } => Error::OverBudget {
            what,
            remedy: remedy.into(),
        },
        other => other,
    }
}

/// The rule tables of `--rules FILE` for `mechanic`, if given.
fn house_rules(mechanic: &str, file: Option<&Path>) -> Result<Option<RuleSet>> {
    file.map(|f| alea::house_rules::load_for(mechanic, f))
        .transpose()
}

fn prob(args: &ProbArgs, rosters: &Rosters) -> Result<()> {
    let rules = house_rules(&args.mechanic, args.rules.rules.as_deref())?;
    if args.compare {
        return prob_compare(args, rosters, rules);
    }
    if args.params.iter().any(|a| alea::sweep::is_swept(a)) {
        return prob_sweep(args, rosters, rules);
    }
    let query = Query::parse_with(&args.mechanic, &args.params, rosters, rules)?;
    let (plan, progress) = one_question_plan(args, &query, 1)?;
    let mut answer = answer(&query, plan.as_ref(), &|n| progress.add(n))?;
    progress.bar.finish_and_clear();
    if args.all_params {
        answer.header = answer.params.clone();
    }
    if args.json {
        print(&format!("{}\n", report::json::answer_json(&answer)))
    } else {
        let mut text = report::text::render_answer(&answer);
        if args.table {
            text.push('\n');
            text.push_str(&report::text::render_tables(&answer));
        }
        print(&text)
    }
}

/// `alea prob` with a range among its parameters (`nd=0..=5`): one row per value.
/// The sampling plan of one question asked of `variants` models (`None` with `--exact`),
/// checked against the budget, and the progress bar over all their samples.
fn one_question_plan(
    args: &ProbArgs,
    query: &Query,
    variants: u64,
) -> Result<(Option<RunPlan>, Progress)> {
    let plan = (!args.exact).then(|| RunPlan {
        seed: args.sampling.seed.unwrap_or(alea::analysis::DEFAULT_SEED),
        size: size(&args.sampling).unwrap_or(SampleSize::Samples(DEFAULT_SAMPLES)),
    });
    if let Some(size) = plan.map(|p| p.size)
        && !args.sampling.allow_large
    {
        let work = Work {
            points: 1,
            variants,
            size,
            rounds: query.rounds_per_sample(),
        };
        work.check("").map_err(|e| {
            with_flags(
                e,
                "lower --samples or --precision, or pass --allow-large to run it anyway",
            )
        })?;
    }
    let total = match plan.map(|p| p.size) {
        Some(SampleSize::Samples(n)) => Some(variants * n),
        _ => None,
    };
    Ok((plan, Progress::new(total, false)))
}

/// `alea prob ... --rules FILE --compare`: the official and the house answer side by side.
fn prob_compare(args: &ProbArgs, rosters: &Rosters, rules: Option<RuleSet>) -> Result<()> {
    let Some(rules) = rules else {
        return Err(Error::option(
            "compare",
            "compares the official rules with house rules: give the house rules with --rules FILE",
        ));
    };
    if args.params.iter().any(|a| alea::sweep::is_swept(a)) {
        return Err(Error::option(
            "compare",
            "compares one question: give one value to each parameter, not a range",
        ));
    }
    let official = Query::parse_with(&args.mechanic, &args.params, rosters, None)?;
    let house = Query::parse_with(&args.mechanic, &args.params, rosters, Some(rules))?;
    let (plan, progress) = one_question_plan(args, &house, 2)?;
    let mut comparison =
        alea::compare::compare(&official, &house, plan.as_ref(), &|n| progress.add(n))?;
    progress.bar.finish_and_clear();
    if args.all_params {
        comparison.header = comparison.params.clone();
    }
    print(&report::comparison::render_comparison(&comparison))
}

fn prob_sweep(args: &ProbArgs, rosters: &Rosters, rules: Option<RuleSet>) -> Result<()> {
    if args.table {
        return Err(Error::option(
            "table",
            "a sweep prints one row per value, without each histogram's table; drop --table, or ask one value at a time",
        ));
    }
    let plan = (!args.exact).then(|| RunPlan {
        seed: args.sampling.seed.unwrap_or(alea::analysis::DEFAULT_SEED),
        size: size(&args.sampling).unwrap_or(SampleSize::Samples(DEFAULT_SAMPLES)),
    });
    let progress = Progress::new(None, false);
    let answer = alea::sweep::sweep(
        &args.mechanic,
        &args.params,
        rosters,
        rules,
        plan.as_ref(),
        args.sampling.allow_large,
        &|n| progress.add(n),
    )
    .map_err(|e| {
        with_flags(
            e,
            "lower --samples or --precision, narrow the ranges, or pass --allow-large to run it anyway",
        )
    })?;
    progress.bar.finish_and_clear();
    let mut answer = answer;
    if args.all_params {
        for row in &mut answer.rows {
            row.header = row.params.clone();
        }
    }
    if args.json {
        print(&format!("{}\n", report::json::sweep_json(&answer)))
    } else {
        print(&report::text::render_sweep(&answer))
    }
}

fn run(args: &RunArgs, rosters: &Rosters) -> Result<()> {
    let files = collect_files(&args.paths)?;
    let mut analyses = files
        .iter()
        .map(|f| Analysis::load_with(f, rosters))
        .collect::<Result<Vec<_>>>()?;
    if let Some(file) = &args.rules {
        alea::analysis::apply_rules(&mut analyses, file)?;
    }
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
        exact: args.exact,
        size: size(&args.sampling),
        seed: args.sampling.seed,
        allow_large: args.sampling.allow_large,
    };
    for a in &analyses {
        a.check_plan(&options).map_err(|e| {
            with_flags(
                e,
                "lower --samples, --precision or the grid, or pass --allow-large (or set allow_large = true in the file) to run it anyway",
            )
        })?;
    }
    for a in &analyses {
        a.check_points()?;
        a.check_exact(&options)?;
    }
    let out = &args.out;
    for a in &analyses {
        report::check_report_target(out, &a.file.name)?;
    }
    std::fs::create_dir_all(out).map_err(|e| Error::io("create folder", out, e))?;
    clean_up_on_signals();
    let mut index = IndexNotes::default();
    if report::staging::clean_stale(out)? {
        index.write(out)?;
    }
    let total: Option<u64> = analyses.iter().map(|a| a.total_samples(&options)).sum();
    let progress = Progress::new(total, args.quiet);
    let count = analyses.len();
    // The index, the lines said and the reports written so far (`done` is called for one
    // report at a time, beside the studies still running).
    let written = std::sync::Mutex::new((index, Printer::default(), 0usize));
    progress
        .bar
        .set_message(format!("0 of {count} reports written"));
    let done = |analysis: &Analysis, result: AnalysisResult, took: Duration| -> Result<()> {
        let dir = report::write_report(analysis, &result, out)?;
        let mut written = written.lock().unwrap_or_else(|e| e.into_inner());
        let (index, printer, n) = &mut *written;
        index.write(out)?;
        *n += 1;
        progress
            .bar
            .set_message(format!("{n} of {count} reports written"));
        if !args.quiet {
            let samples = result
                .points
                .first()
                .and_then(|p| p.variants.first())
                .map_or(0, |v| v.summary.samples);
            let how = if result.exact {
                "exact values".to_string()
            } else {
                format!(
                    "{} samples each, seed {}",
                    report::text::group_thousands(samples),
                    result.seed
                )
            };
            let line = format!(
                "wrote {}  ({} x {}, {how}, {:.1} s)\n",
                dir.display(),
                plural(analysis.point_count(), "grid point"),
                plural(analysis.variants.len() as u64, "variant"),
                took.as_secs_f64()
            );
            progress.bar.suspend(|| printer.print(&line))?;
        }
        Ok(())
    };
    alea::analysis::run_many(&analyses, &options, &|n| progress.add(n), &done)?;
    let (index, mut printer, _) = written.into_inner().unwrap_or_else(|e| e.into_inner());
    progress.bar.finish_and_clear();
    if !args.quiet && !index.left_alone {
        printer.print(&format!("wrote {}\n", out.join("index.html").display()))?;
    }
    Ok(())
}

/// Writes `index.html` after each report, and says once on standard error when it is left
/// alone (alea did not write the `index.html` in the way).
#[derive(Debug, Default)]
struct IndexNotes {
    left_alone: bool,
}

impl IndexNotes {
    fn write(&mut self, out: &Path) -> Result<()> {
        match report::index::write_index(out)? {
            report::index::IndexWritten::Written => {}
            report::index::IndexWritten::LeftAlone(why) => {
                if !self.left_alone {
                    print_note(&why);
                }
                self.left_alone = true;
            }
        }
        Ok(())
    }
}

fn difficulty(args: &DifficultyArgs, rosters: &Rosters) -> Result<()> {
    let (goal, target) = match (args.target, args.at_least, args.at_most) {
        (_, Some(p), _) => (Goal::AtLeast, p),
        (_, _, Some(p)) => (Goal::AtMost, p),
        (p, _, _) => (Goal::Closest, p.unwrap_or_default()),
    };
    let request = FinderRequest {
        mechanic: args.mechanic.clone(),
        assignments: args.params.clone(),
        over: args.over.clone().unwrap_or_default(),
        target,
        goal,
        metric: args.metric.clone(),
        from: args.from,
        to: args.to,
        plan: RunPlan {
            seed: args.seed.unwrap_or(alea::analysis::DEFAULT_SEED),
            size: SampleSize::Samples(args.samples),
        },
        rules: house_rules(&args.mechanic, args.rules.rules.as_deref())?,
        allow_large: args.allow_large,
    };
    let answer = find_with(&request, rosters).map_err(|e| {
        with_flags(
            e,
            "lower --samples or narrow the sweep with --from and --to, or pass --allow-large to run it anyway",
        )
    })?;
    if args.json {
        print(&format!("{}\n", report::json::finder_json(&answer)))
    } else {
        print(&report::text::render_finder(&answer, &args.params))
    }
}

fn sheet(args: &SheetArgs) -> Result<()> {
    let rules = match &args.rules.rules {
        Some(file) => Some(alea::house_rules::load_file(file, &args.system, None)?),
        None => None,
    };
    let tables = report::sheet::fill_all(&args.system, rules.as_ref())?;
    let (text, extension) = match args.format {
        SheetFormat::Md => (report::sheet::markdown(&args.system, &tables), "md"),
        SheetFormat::Html => (report::sheet::html(&args.system, &tables), "html"),
    };
    match &args.out {
        None => print(&text),
        Some(dir) => {
            let path = dir.join(format!("sheet_{}.{extension}", args.system));
            report::marker::check_free(&path, report::marker::file_owner(&path))?;
            std::fs::create_dir_all(dir).map_err(|e| Error::io("create folder", dir, e))?;
            clean_up_on_signals();
            report::staging::clean_stale(dir)?;
            report::write_file(&path, &report::with_marker(&text))?;
            print(&format!("wrote {}\n", path.display()))
        }
    }
}

/// "1 variant", "3 variants".
fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn list(args: &ListArgs) -> Result<()> {
    let text = match args.name.as_deref() {
        None => report::listing::render_overview(&systems::of_system(None)?),
        Some(name) if name.contains('.') => {
            report::listing::render_mechanic(alea::script::find_checked(name)?, &rules_hint)
        }
        Some(system) => {
            let mechanics = systems::of_system(Some(system))?;
            if mechanics.is_empty() {
                return Err(Error::Invalid(format!(
                    "the system '{system}' has no mechanic yet"
                )));
            }
            let mut text: String = mechanics
                .into_iter()
                .map(|m| format!("{}\n", report::listing::render_mechanic(m, &rules_hint)))
                .collect();
            text.push_str(&report::listing::render_names(
                systems::builtin_rosters(),
                system,
            ));
            text.push_str(&format!(
                "The rules of {system} as alea implements them, each [choice] with its switch: src/systems/{system}/README.md\n"
            ));
            text
        }
    };
    print(&text)
}

fn roster(args: &RosterArgs, rosters: &Rosters) -> Result<()> {
    if let Some(system) = &args.system {
        systems::of_system(Some(system))?;
    }
    let mut text = report::listing::render_rosters(rosters, args.system.as_deref());
    text.push_str(
        "Your own: a roster file like analyses/rosters/<system>.toml, passed with --roster FILE.\n",
    );
    print(&text)
}

/// How `alea list` tells a user to see and change `system`'s rule tables.
fn rules_hint(system: &str) -> String {
    format!("alea rules {system}; change them with --rules FILE")
}

/// How a rule-tables file is used, as `alea rules` says above the tables.
const RULES_USAGE: &str =
    "# Keep the tables and entries you change (a file needs only those) and pass the file
# with --rules FILE to prob, run, difficulty or sheet, or give it as `rules` in an
# analysis file (a [rules] table, or rules = \"FILE\" in a variant). `alea rules SYSTEM
# --script` prints the steps a script may replace, as the official procedure to copy.
";
