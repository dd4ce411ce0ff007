//! A bounded fuzz test of the analysis-file reader and the `name=value` parser: shipped
//! analyses mutated by a seeded generator (the same inputs on every run), and random
//! assignments to every mechanic's parameters.
//!
//! In the library: every input is either accepted or refused with a message naming the
//! file (or the parameter), never a panic, and each takes little time. Through the binary,
//! on a sample of them: exit code 0 or 2, a bounded time, and nothing written outside
//! `--out`. Roster files, rules files and the contents of `--out` are mutated too, through
//! the binary: nothing alea did not write is ever changed or removed (issue 25).
//! `cargo test --release --test fuzz -- --nocapture` prints the counts.

mod common;

use alea::analysis::{Analysis, RunOptions};
use alea::engine::runner::SampleSize;
use common::*;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The generator: splitmix64, seeded, so every run tries the same inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Values that have broken parsers before.
const VALUES: &[&str] = &[
    "-1",
    "0",
    "1",
    "1e308",
    "-1e308",
    "9223372036854775807",
    "-9223372036854775808",
    "nan",
    "inf",
    "-inf",
    "1.5",
    "1e6",
    "\"0..=1:inf\"",
    "\"0..=20000\"",
    "\"-5..=5:0\"",
    "\"5..=-5\"",
    "\"0..=1:1e-300\"",
    "\"-9223372036854775808..=9223372036854775807\"",
    "\"-200..=200\"",
    "\"d10\"",
    "\"krom\"",
    "\"fighter1*3,hd1*30\"",
    "\"hd6*100,krom\"",
    "\"krom*0\"",
    "[\"hd1*2\", \"fighter1\"]",
    "\"\"",
    "\"é\"",
    "[]",
    "[1, 2, 3]",
    "[\"a\"]",
    "{}",
    "{ n = 4 }",
    "true",
    "false",
    "1979-05-27",
];

/// Lines inserted as they are.
const LINES: &[&str] = &[
    "\"a.ca\" = 3",
    "[params.a]",
    "ca = 15",
    "samples = 0",
    "samples = 1e6",
    "samples = 9223372036854775807",
    "precision = 1e-300",
    "precision = 0.01",
    "allow_large = true",
    "seed = -1",
    "[grid]",
    "[params]",
    "[[variants]]",
    "name = \"x\"",
    "histograms = \"all\"",
    "nd = \"0..=9999\"",
    "[[charts]]",
    "kind = \"lines\"",
    "kind = \"bars\"",
    "metric = \"nope\"",
    "x = \"ca\"",
    "at = { ca = 1 }",
    "=",
    "[",
    "\"",
    "\u{0}",
];

/// One mutation of `text`.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let n = lines.len().max(1);
    match rng.below(8) {
        0 => {
            // A value replaced.
            let i = rng.below(n);
            if let Some(line) = lines.get_mut(i)
                && let Some((key, _)) = line.split_once('=')
            {
                *line = format!("{key}= {}", rng.pick(VALUES));
            }
        }
        1 => {
            if !lines.is_empty() {
                lines.remove(rng.below(n));
            }
        }
        2 => {
            let i = rng.below(n);
            if let Some(line) = lines.get(i).cloned() {
                lines.insert(i, line);
            }
        }
        3 => {
            let (i, j) = (rng.below(n), rng.below(n));
            if i < lines.len() && j < lines.len() {
                lines.swap(i, j);
            }
        }
        4 => lines.insert(rng.below(n), rng.pick(LINES).to_string()),
        5 => {
            // A key misspelt.
            let i = rng.below(n);
            if let Some(line) = lines.get_mut(i)
                && let Some(pos) = line.find(|c: char| c.is_ascii_lowercase())
            {
                line.insert(pos, 'x');
            }
        }
        6 => {
            let mut bytes: Vec<char> = lines.join("\n").chars().collect();
            bytes.truncate(rng.below(bytes.len() + 1));
            return bytes.into_iter().collect();
        }
        _ => {
            let mut chars: Vec<char> = lines.join("\n").chars().collect();
            let at = rng.below(chars.len() + 1);
            let inserted = *rng.pick(&['"', '[', ']', '{', '=', '.', '#', '\n', 'é', '\u{feff}']);
            chars.insert(at.min(chars.len()), inserted);
            return chars.into_iter().collect();
        }
    }
    lines.join("\n")
}

#[derive(Debug, Default)]
struct Counts {
    inputs: usize,
    accepted: usize,
    clear_errors: usize,
    panics: usize,
    slow: usize,
}

/// Reads, checks the plan of and builds every point of `text`, as `alea run` does before
/// sampling; counts the outcome.
fn read_analysis(path: &Path, text: &str, counts: &mut Counts) {
    counts.inputs += 1;
    let started = Instant::now();
    let outcome = std::panic::catch_unwind(|| {
        let options = RunOptions {
            size: Some(SampleSize::Samples(100)),
            ..RunOptions::default()
        };
        Analysis::parse(path, text).and_then(|a| {
            a.check_plan(&options)?;
            a.check_points()
        })
    });
    if started.elapsed() > Duration::from_secs(2) {
        counts.slow += 1;
        eprintln!("slow ({:?}):\n{text}", started.elapsed());
    }
    match outcome {
        Ok(Ok(())) => counts.accepted += 1,
        Ok(Err(e)) => {
            let message = e.to_string();
            assert!(
                message.contains(&*path.to_string_lossy()) && message.len() < 4000,
                "unclear message for\n{text}\n---\n{message}"
            );
            counts.clear_errors += 1;
        }
        Err(_) => {
            counts.panics += 1;
            eprintln!("panic on:\n{text}");
        }
    }
}

fn shipped() -> Vec<String> {
    let mut files: Vec<_> = std::fs::read_dir("analyses")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect()
}

/// `text` without its charts (drawing is checked by the chart tests).
fn without_charts(text: &str) -> String {
    text.split("[[charts]]")
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn mutated_analyses_are_read_or_refused_clearly() {
    let sources = shipped();
    let mut rng = Rng(20_261_122);
    let mut counts = Counts::default();
    let path = Path::new("fuzz/mutated.toml");
    let started = Instant::now();
    let mut samples = Vec::new();
    while counts.inputs < 3000 && started.elapsed() < Duration::from_secs(4) {
        let mut text = rng.pick(&sources).clone();
        for _ in 0..=rng.below(3) {
            text = mutate(&mut rng, &text);
        }
        read_analysis(path, &text, &mut counts);
        // Run through the binary below with 200 samples: a file of exact values only
        // (`exact = true`) ignores the sample count and may take seconds, so it is read
        // here but not run.
        if counts.inputs % 60 == 0 && !text.contains("exact = true") {
            samples.push(without_charts(&text));
        }
    }
    eprintln!("analysis files in the library: {counts:?}");
    assert_eq!(counts.panics, 0);
    assert_eq!(counts.slow, 0);
    assert!(counts.inputs >= 300, "{counts:?}");
    assert!(counts.accepted > 0 && counts.clear_errors > 0, "{counts:?}");

    // A sample through the binary: exit 0 or 2, bounded time, nothing outside --out.
    let dir = temp_dir("fuzz-run");
    let out_dir = dir.join("out");
    let (mut ok, mut refused) = (0, 0);
    for (i, text) in samples.iter().take(12).enumerate() {
        let file = write_file(&dir, &format!("m{i}.toml"), text);
        let started = Instant::now();
        let out = alea(&[
            "run",
            &file,
            "--samples",
            "200",
            "--out",
            out_dir.to_str().unwrap(),
            "-q",
        ]);
        assert!(started.elapsed() < Duration::from_secs(20), "{text}");
        assert_clean_exit(&out, text);
        if out.status.success() {
            ok += 1;
        } else {
            refused += 1;
        }
    }
    eprintln!("analysis files through the binary: {ok} run, {refused} refused");
    let outside: Vec<String> = names_in(&dir)
        .into_iter()
        .filter(|n| n != "out" && !(n.starts_with('m') && n.ends_with(".toml")))
        .collect();
    assert!(outside.is_empty(), "written outside --out: {outside:?}");
    assert!(names_in(&out_dir).iter().all(|n| !n.starts_with('.')));
}

#[test]
fn random_assignments_are_parsed_or_refused_clearly() {
    let mechanics = alea::systems::of_system(None).unwrap();
    let mut rng = Rng(7);
    let (mut inputs, mut accepted, mut clear, mut panics) = (0, 0, 0, 0);
    let mut samples = Vec::new();
    let started = Instant::now();
    while inputs < 20_000 && started.elapsed() < Duration::from_secs(2) {
        let mechanic = *rng.pick(&mechanics);
        let specs = mechanic.params();
        let words: Vec<String> = (0..rng.below(5))
            .map(|_| {
                let name = match rng.below(6) {
                    0 => "nope".to_string(),
                    1 => String::new(),
                    _ => rng.pick(&specs).name.clone(),
                };
                let value = rng.pick(VALUES).trim_matches('"').to_string();
                match rng.below(8) {
                    0 => name,
                    1 => format!("{name}=={value}"),
                    _ => format!("{name}={value}"),
                }
            })
            .collect();
        inputs += 1;
        let name = mechanic.name();
        let outcome =
            std::panic::catch_unwind(|| alea::query::Query::parse(name, &words).map(|_| ()));
        match outcome {
            Ok(Ok(())) => accepted += 1,
            Ok(Err(e)) => {
                assert!(!e.to_string().is_empty());
                clear += 1;
            }
            Err(_) => {
                panics += 1;
                eprintln!("panic on {} {words:?}", mechanic.name());
            }
        }
        if inputs % 500 == 0 {
            samples.push((mechanic.name(), words));
        }
    }
    eprintln!(
        "assignments in the library: {inputs} inputs, {accepted} accepted, {clear} clear errors, {panics} panics"
    );
    assert_eq!(panics, 0);
    assert!(inputs >= 1000);
    for (mechanic, words) in samples.iter().take(8) {
        let mut args = vec!["prob", mechanic, "--samples", "2000"];
        args.extend(words.iter().map(String::as_str));
        let started = Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_alea"))
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(started.elapsed() < Duration::from_secs(20), "{args:?}");
        assert_clean_exit(&out, &format!("{args:?}"));
    }
}

/// The shipped roster files, mutated: every input is read or refused with a message naming
/// the file, never a panic.
#[test]
fn mutated_rosters_are_read_or_refused_clearly() {
    let mut rng = Rng(17);
    let (mut inputs, mut accepted, mut panics) = (0, 0, 0);
    let started = Instant::now();
    let path = Path::new("mutated_roster.toml");
    let builtin: Vec<_> = alea::roster_sources::builtin_files().collect();
    while inputs < 3_000 && started.elapsed() < Duration::from_secs(2) {
        let text = rng.pick(&builtin).text;
        let mut text = text.to_string();
        for _ in 0..=rng.below(3) {
            text = mutate(&mut rng, &text);
        }
        inputs += 1;
        let outcome = std::panic::catch_unwind(|| {
            let mut rosters = alea::roster_sources::empty();
            alea::roster_sources::add_text(&mut rosters, path, "fuzz", &text)
        });
        match outcome {
            Ok(Ok(())) => accepted += 1,
            Ok(Err(e)) => {
                let message = e.to_string();
                assert!(
                    message.contains("mutated_roster.toml") && message.len() < 4000,
                    "unclear message for\n{text}\n---\n{message}"
                );
            }
            Err(_) => {
                panics += 1;
                eprintln!("panic on:\n{text}");
            }
        }
    }
    eprintln!("rosters: {inputs} inputs, {accepted} accepted, {panics} panics");
    assert_eq!(panics, 0);
    assert!(inputs > 100 && accepted > 0 && accepted < inputs);
}

/// What a user may have in an output folder before alea runs there: folders and files
/// named like alea's reports, pages, sheets and leftovers, and their own.
const USER_ENTRIES: &[&str] = &[
    "t/",
    "t",
    "index.html",
    "index.html/",
    "sheet_aube.md",
    "sheet_aube.md/",
    ".t.tmp-3999990/",
    ".t.old-3999991/",
    ".t.old-3999992",
    ".index.html.tmp-3999993",
    ".thesis.tmp-3999994/",
    ".photos.old-3999995/",
    ".bashrc.tmp-3999996",
    "notes.txt",
    "t2/",
];

/// Every file and folder under `dir`, with the content of the files.
fn tree(dir: &Path) -> Vec<(String, Option<String>)> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let name = path
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if path.is_dir() {
                found.push((name, None));
                stack.push(path);
            } else {
                found.push((
                    name,
                    Some(std::fs::read_to_string(&path).unwrap_or_default()),
                ));
            }
        }
    }
    found.sort();
    found
}

/// Fills `out` with a seeded choice of [`USER_ENTRIES`], each with content of the user's or
/// (one in four) empty.
fn fill_with_user_entries(rng: &mut Rng, out: &Path) {
    std::fs::create_dir_all(out).unwrap();
    for _ in 0..rng.below(4) {
        let entry = *rng.pick(USER_ENTRIES);
        let path = out.join(entry.trim_end_matches('/'));
        if path.exists() {
            continue;
        }
        let empty = rng.below(4) == 0;
        let data = if empty {
            String::new()
        } else {
            format!("user data {}", rng.next())
        };
        if entry.ends_with('/') {
            std::fs::create_dir_all(&path).unwrap();
            if !empty {
                std::fs::write(path.join("mine.txt"), data).unwrap();
            }
        } else {
            std::fs::write(&path, data).unwrap();
        }
    }
}

/// Roster files, rules files and the contents of `--out` mutated: whatever alea does with
/// them (run, refuse), it exits with 0 or 2 and never changes nor removes a file or folder
/// it did not write — the input files and every entry the user had in `--out`.
#[test]
fn mutated_rosters_rules_and_out_contents_keep_the_users_files() {
    let mut rng = Rng(25);
    let rules_text = alea::house_rules::render("aube", "").unwrap();
    let roster_text = alea::roster_sources::builtin_files()
        .find(|file| file.path.contains("aube"))
        .map(|file| file.text.to_string())
        .unwrap();
    let dir = temp_dir("fuzz-own");
    let analysis = write_file(&dir, "t.toml", &small_analysis("t", 200));
    let (mut ran, mut refused) = (0, 0);
    for case in 0..16 {
        let out = dir.join(format!("out{case}"));
        fill_with_user_entries(&mut rng, &out);
        // Each input mutated one time in three, so that many runs get as far as writing.
        let mut roster = roster_text.clone();
        let mut rules = rules_text.clone();
        if rng.below(3) == 0 {
            roster = mutate(&mut rng, &roster);
        }
        if rng.below(3) == 0 {
            rules = mutate(&mut rng, &rules);
        }
        let roster_file = write_file(&dir, &format!("roster{case}.toml"), &roster);
        let rules_file = write_file(&dir, &format!("rules{case}.toml"), &rules);
        let inputs = tree(&dir)
            .into_iter()
            .filter(|(n, _)| n.starts_with("roster") || n.starts_with("rules") || n == "t.toml")
            .collect::<Vec<_>>();
        let before = tree(&out);
        let out_text = out.to_str().unwrap();
        let args: Vec<&str> = match rng.below(3) {
            0 => vec![
                "run",
                &analysis,
                "--samples",
                "200",
                "-q",
                "--out",
                out_text,
            ],
            1 => vec!["sheet", "aube", "--rules", &rules_file, "--out", out_text],
            _ => vec![
                "run",
                &analysis,
                "--rules",
                &rules_file,
                "-q",
                "--out",
                out_text,
            ],
        };
        let mut args = args;
        args.extend(["--roster", &roster_file]);
        let started = Instant::now();
        // Twice: the second run replaces what the first wrote, and only that.
        let result = alea(&args);
        assert_clean_exit(&result, &format!("{args:?}"));
        let result = alea(&args);
        assert!(started.elapsed() < Duration::from_secs(20), "{args:?}");
        assert_clean_exit(&result, &format!("{args:?}"));
        if result.status.success() {
            ran += 1;
        } else {
            refused += 1;
        }
        let after = tree(&out);
        for entry in &before {
            assert!(
                after.contains(entry),
                "{args:?} changed or removed {entry:?}; stderr: {}",
                stderr(&result)
            );
        }
        let inputs_after = tree(&dir)
            .into_iter()
            .filter(|(n, _)| inputs.iter().any(|(i, _)| i == n))
            .collect::<Vec<_>>();
        assert_eq!(inputs_after, inputs, "{args:?} changed an input file");
    }
    eprintln!("rosters, rules and --out contents: {ran} ran, {refused} refused");
    assert!(ran > 0 && refused > 0, "{ran} ran, {refused} refused");
}

/// Tokens a mutated script may gain: loops, calls that do not exist, wrong returns.
const SCRIPT_LINES: &[&str] = &[
    "loop { }",
    "while true { let x = 1; }",
    "open(\"/etc/passwd\")",
    "import \"x\" as y;",
    "eval(\"1\")",
    "return 1.5;",
    "return true;",
    "return 99;",
    "return d(0);",
    "return dice(1000, 6);",
    "fn test_dice(ca) { d(20) }",
    "fn attack_die(x) { d(20) }",
    "fn _helper() { explode(1, 5) }",
    "let x = keep_highest(4, 6, 9);",
    "}",
    "{",
];

/// The shipped scripts (house steps and a mechanic) mutated, each loaded as alea loads it:
/// accepted, or refused with a message naming the file; never a panic, and each within a
/// bounded time (the operations limits stop loops).
#[test]
fn mutated_scripts_are_loaded_or_refused_clearly() {
    let shipped = [
        ("analyses/house/aube_advantage.rhai", Some("aube")),
        ("analyses/house/ose_3d6.rhai", Some("ose")),
        ("analyses/house/maitrise_2d10.rhai", Some("maitrise")),
        ("analyses/scripts/four_d6_drop_lowest.rhai", None),
    ];
    let dir = temp_dir("fuzz_scripts");
    let mut rng = Rng(29);
    let (mut inputs, mut accepted, mut slowest) = (0, 0, Duration::ZERO);
    let started = Instant::now();
    while inputs < 300 && started.elapsed() < Duration::from_secs(20) {
        let (file, system) = *rng.pick(&shipped);
        let mut text = std::fs::read_to_string(file).unwrap();
        for _ in 0..=rng.below(3) {
            text = if rng.below(2) == 0 {
                mutate(&mut rng, &text)
            } else {
                let mut lines: Vec<&str> = text.lines().collect();
                let at = rng.below(lines.len() + 1);
                lines.insert(at, *rng.pick(SCRIPT_LINES));
                lines.join("\n")
            };
        }
        inputs += 1;
        let path = dir.join(format!("mutated_{inputs}.rhai"));
        std::fs::write(&path, &text).unwrap();
        let one = Instant::now();
        let outcome = std::panic::catch_unwind(|| match system {
            Some(system) => {
                alea::script::steps::house_steps(&path, system, alea::house_rules::steps_of(system))
                    .map(|_| ())
            }
            None => alea::script::find_checked(path.to_str().unwrap()).map(|_| ()),
        });
        slowest = slowest.max(one.elapsed());
        match outcome {
            Ok(Ok(())) => accepted += 1,
            Ok(Err(e)) => {
                let message = e.to_string();
                assert!(
                    message.contains(&format!("mutated_{inputs}.rhai")) && message.len() < 4000,
                    "unclear message for\n{text}\n---\n{message}"
                );
            }
            Err(_) => panic!("panic on:\n{text}"),
        }
    }
    eprintln!("scripts: {inputs} inputs, {accepted} accepted, slowest {slowest:?}");
    assert!(inputs > 50 && accepted > 0 && accepted < inputs);
    assert!(
        slowest < Duration::from_secs(5),
        "a script ran {slowest:?}: a bound failed"
    );
}
