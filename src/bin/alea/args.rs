//! The command line, declared with clap: the accepted values and their help are one
//! definition.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// Exact answers and honest Monte Carlo for tabletop role-playing rules.
#[derive(Debug, Parser)]
#[command(name = "alea", version, about, long_about = None, after_help = "Examples:\n  alea prob aube.test ca=12 nd=5\n  alea prob aube.duel a=krom b=bjorn\n  alea run analyses\n  alea list aube\n  alea roster ose")]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// A roster file of your own named fighters, added to the built-in ones (repeat for
    /// several; alea roster shows them)
    #[arg(long, global = true, value_name = "FILE")]
    pub roster: Vec<PathBuf>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Answer one question: a mechanic's chances, by simulation with 95% intervals, beside
    /// the exact values.
    #[command(
        after_help = "Examples:\n  alea prob aube.test ca=12 nd=5 crit=d10\n  alea prob aube.test ca=12 nd=0..=5   (one row per ND)\nSee the parameters with: alea list <mechanic>"
    )]
    Prob(ProbArgs),
    /// Run analysis files (TOML) and write their reports: CSV, Parquet and charts.
    #[command(
        after_help = "Several studies run at once, each report written as soon as its study is done; every study's numbers are those it gives alone.\n\nExample: alea run analyses --samples 100000 --out /tmp/reports"
    )]
    Run(RunArgs),
    /// Find the value of a parameter whose chance is closest to a target, or the hardest
    /// one that keeps a chance above or a risk below it (the GM's inverse question: which
    /// difficulty gives my players about 60%? how many goblins for at most a 10% risk?).
    #[command(
        after_help = "Examples:\n  alea difficulty aube.test ca=12 --over nd --target 0.25\n  alea difficulty cle.test skill=4 --over difficulty --at-least 0.6\n  alea difficulty ose.encounter party=fighter1*2,cleric1,thief1 monsters=goblin*1..=8 --metric any_pc_dies --at-most 0.5"
    )]
    Difficulty(DifficultyArgs),
    /// Print a cheat sheet for a system: tables of exact chances to keep behind the screen.
    #[command(
        after_help = "Examples:\n  alea sheet aube\n  alea sheet cle --format html --out sheets"
    )]
    Sheet(SheetArgs),
    /// List the systems and mechanics, or one system's or mechanic's parameters and metrics.
    List(ListArgs),
    /// List the named fighters and monsters (built-in rosters, and --roster files), for
    /// parameters such as a=krom or party=fighter1*3.
    #[command(
        after_help = "Examples:\n  alea roster ose\n  alea roster aube --roster my_fighters.toml\n  alea prob aube.duel a=krom b=bjorn"
    )]
    Roster(RosterArgs),
    /// Print a system's rule tables (damage thresholds, wound track, critical faces...) as
    /// commented TOML, with their official values: copy, edit, and pass with --rules FILE;
    /// with --script, the steps a script may replace.
    #[command(
        after_help = "Examples:\n  alea rules aube > house.toml   (edit it, keep what you change)\n  alea prob aube.attack ... --rules house.toml\n  alea rules aube --script > house.rhai   (then script = \"house.rhai\" in house.toml)"
    )]
    Rules(RulesArgs),
}

/// `alea roster`.
#[derive(Debug, Args)]
pub struct RosterArgs {
    /// A system (aube, cle, ose...) [default: every system]
    pub system: Option<String>,
}

/// `alea rules`.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// The system
    pub system: String,
    /// Print the steps a script may replace, as the official procedures written as a
    /// script to copy, instead of the tables
    #[arg(long)]
    pub script: bool,
}

/// The option that reads house rules.
#[derive(Debug, Args)]
pub struct RulesOption {
    /// Rule tables to use instead of the official ones (a TOML file; see alea rules <system>)
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
}

/// The formats of a cheat sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SheetFormat {
    /// Markdown tables.
    Md,
    /// A standalone HTML page, black and white, for printing.
    Html,
}

/// `alea sheet`.
#[derive(Debug, Args)]
pub struct SheetArgs {
    /// The system: aube, cle, maitrise, ose or sccs
    pub system: String,
    /// Write sheet_<system>.<md|html> into this folder instead of printing it
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Output format
    #[arg(long, value_enum, default_value_t = SheetFormat::Md)]
    pub format: SheetFormat,
    #[command(flatten)]
    pub rules: RulesOption,
}

/// `alea difficulty`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("goal").required(true).multiple(false)))]
pub struct DifficultyArgs {
    /// The mechanic, system.mechanic (see alea list), or a script file (my_rule.rhai)
    pub mechanic: String,
    /// Fixed parameters as name=value
    #[arg(value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// The numeric parameter to sweep [default: the parameter given a range, like nd=0..=10 or monsters=goblin*1..=8]
    #[arg(long, value_name = "PARAM")]
    pub over: Option<String>,
    /// The chance wanted, in [0, 1]: the value whose chance is closest to it (the hardest among equals)
    #[arg(long, value_name = "P", allow_negative_numbers = true, group = "goal")]
    pub target: Option<f64>,
    /// A chance to reach: the hardest value whose chance is still at least P
    #[arg(long, value_name = "P", allow_negative_numbers = true, group = "goal")]
    pub at_least: Option<f64>,
    /// A risk to keep low: the hardest value (the most monsters, the highest difficulty) whose chance stays at or below P
    #[arg(long, value_name = "P", allow_negative_numbers = true, group = "goal")]
    pub at_most: Option<f64>,
    /// The chance to match [default: the first chance that varies with the parameter]
    #[arg(long)]
    pub metric: Option<String>,
    /// Lowest value swept [default: the parameter's minimum]
    #[arg(long, allow_negative_numbers = true)]
    pub from: Option<f64>,
    /// Highest value swept [default: the parameter's maximum]
    #[arg(long, allow_negative_numbers = true)]
    pub to: Option<f64>,
    /// Samples per value, for mechanics without exact answers (200000 or 2e5)
    #[arg(long, default_value_t = 200_000, value_parser = parse_count, allow_negative_numbers = true)]
    pub samples: u64,
    /// Seed, for mechanics without exact answers
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Run past the budget (10,000,000,000 samples in all over the sweep)
    #[arg(long)]
    pub allow_large: bool,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: RulesOption,
}

/// Sample size, seed and threads, shared by the commands that simulate.
#[derive(Debug, Args)]
pub struct SamplingArgs {
    /// Samples to draw, like 100000 or 1e5 [default: 1000000, or the analysis file's]
    #[arg(long, value_parser = parse_count, allow_negative_numbers = true, conflicts_with = "precision")]
    pub samples: Option<u64>,
    /// Instead of --samples: draw until every chance's 95% half-width is at most E
    #[arg(long, value_name = "E", value_parser = parse_precision, allow_negative_numbers = true)]
    pub precision: Option<f64>,
    /// Seed of the random streams; the same seed gives the same numbers on any thread count
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Worker threads [default: all cores]
    #[arg(long, value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: Option<u64>,
    /// Run past the budget (10,000,000,000 samples in all, 100,000 grid points)
    #[arg(long)]
    pub allow_large: bool,
}

/// `alea prob`.
#[derive(Debug, Args)]
pub struct ProbArgs {
    /// The mechanic, system.mechanic (see alea list), or a script file (my_rule.rhai)
    pub mechanic: String,
    /// Parameters as name=value (ca=12 nd=5 crit=d10); a range sweeps a parameter, one
    /// row per value (nd=0..=5, p=0..=1:0.1)
    #[arg(value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    #[command(flatten)]
    pub sampling: SamplingArgs,
    /// Exact values only, no simulation (for mechanics that have them)
    #[arg(long, conflicts_with_all = ["samples", "precision", "seed"])]
    pub exact: bool,
    /// Print one JSON object instead of a table
    #[arg(long)]
    pub json: bool,
    /// Also print each histogram's distribution: the chance of each value, of at least it
    /// and of at most it
    #[arg(long, conflicts_with = "json")]
    pub table: bool,
    /// With --rules: print the official answer, the house answer and their difference
    /// (exact when both are exact, else sampled on the same dice with a paired 95% interval)
    #[arg(long, conflicts_with_all = ["json", "table"])]
    pub compare: bool,
    /// Show every parameter in the header: also the fields a roster name gave (a=krom's
    /// a.ca ...) and the defaults of fighters' options, which it leaves out otherwise
    #[arg(long)]
    pub all_params: bool,
    #[command(flatten)]
    pub rules: RulesOption,
}

/// `alea run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Analysis files, or folders of them
    #[arg(required = true, value_name = "FILE|DIR")]
    pub paths: Vec<PathBuf>,
    /// Folder the reports go to (one subfolder per analysis)
    #[arg(long, default_value = "reports", value_name = "DIR")]
    pub out: PathBuf,
    #[command(flatten)]
    pub sampling: SamplingArgs,
    /// Exact values instead of sampling, as exact = true in every file: fails, naming the
    /// point, where a mechanic has no exact values
    #[arg(long, conflicts_with_all = ["samples", "precision", "seed"])]
    pub exact: bool,
    /// No progress bar and no summary lines
    #[arg(long, short)]
    pub quiet: bool,
    /// Rule tables in place of each analysis's [rules] (a TOML file; see alea rules <system>);
    /// the variants' own rules still apply over them
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
}

/// `alea list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// A system (aube, cle, maitrise, ose, sccs), a mechanic (aube.test) or a script (my_rule.rhai)
    pub name: Option<String>,
}

fn parse_count(text: &str) -> Result<u64, String> {
    alea::budget::parse_count(text)
}

fn parse_threads(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if (1..=1024).contains(&n) => Ok(n),
        _ => Err(format!("'{text}' is not a thread count in 1..=1024")),
    }
}

fn parse_precision(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    if value > 0.0 && value < 0.5 {
        Ok(value)
    } else {
        Err(format!(
            "{value} is not a half-width in (0, 0.5), like 0.001"
        ))
    }
}
