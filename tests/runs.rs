//! Runs you can trust: a closed or full standard output, interrupted runs, report
//! replacement, the report page, paired differences by name, the budget, and input that
//! used to be accepted silently or refused with a misleading message.

mod common;

use common::*;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// `text` up to its first chart.
fn no_charts(text: &str) -> String {
    text.split("[[charts]]")
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The first line of the marker alea puts in every folder it writes.
const MARKER: &str = alea::report::marker::FOLDER_HEADER;

fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_alea"));
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null());
    command
}

/// Runs `alea args` with standard output a pipe whose reader is already closed.
fn into_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    command(args)
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("alea runs")
}

/// Runs `alea args` with standard output on `/dev/full`.
fn into_full_disk(args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    command(args)
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .expect("alea runs")
}

const PRINTING: &[&[&str]] = &[
    &["list"],
    &["list", "aube"],
    &["list", "aube.test"],
    &["prob", "aube.test", "ca=12", "--samples", "1000"],
    &["prob", "aube.test", "ca=12", "--exact", "--json"],
    &[
        "difficulty",
        "aube.test",
        "ca=12",
        "--over",
        "nd",
        "--target",
        "0.3",
    ],
    &["sheet", "maitrise"],
    &["--help"],
    &["--version"],
];

#[test]
fn a_closed_pipe_ends_quietly_and_a_full_disk_is_an_error() {
    for args in PRINTING {
        let out = into_closed_pipe(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{args:?}");
        let out = into_full_disk(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains("could not write to 'standard output'") && err.contains("space"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// Every report folder of `out` is whole: its `analysis.json`, tables and the charts it
/// lists; nothing hidden is left; `index.html` lists exactly the report folders.
fn assert_whole(out: &Path) {
    assert_whole_but_staged(out, false)
}

/// [`assert_whole`], allowing (with `staged`) hidden temporary or aside folders
/// (`.NAME.alea-tmp-PID`, `.NAME.alea-old-PID`), which the next run removes.
fn assert_whole_but_staged(out: &Path, staged: bool) {
    let mut reports = Vec::new();
    for name in names_in(out) {
        if staged
            && name.starts_with('.')
            && (name.contains(".alea-old-") || name.contains(".alea-tmp-"))
        {
            continue;
        }
        assert!(!name.starts_with('.'), "left behind in {out:?}: {name}");
        let dir = out.join(&name);
        if !dir.is_dir() {
            continue;
        }
        let meta: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("analysis.json")).unwrap())
                .unwrap();
        for file in meta["tables"].as_array().unwrap() {
            assert!(dir.join(file.as_str().unwrap()).is_file(), "{name}: {file}");
        }
        for chart in meta["charts"].as_array().unwrap() {
            let svg = dir.join(chart.as_str().unwrap());
            assert!(
                svg.is_file() && svg.with_extension("png").is_file(),
                "{name}: {chart}"
            );
        }
        reports.push(name);
    }
    let page = std::fs::read_to_string(out.join("index.html")).expect("index.html");
    assert!(page.trim_end().ends_with("</html>"));
    assert_eq!(page.matches("<section").count(), reports.len(), "{page}");
    for name in reports {
        assert!(page.contains(&format!("<section id=\"{name}\">")), "{name}");
    }
}

#[test]
fn a_run_into_a_closed_pipe_writes_every_report_and_the_page() {
    let dir = temp_dir("pipe-run");
    write_file(&dir, "a.toml", &small_analysis("a", 2000));
    write_file(&dir, "b.toml", &small_analysis("b", 2000));
    let out_dir = dir.join("out");
    let out = into_closed_pipe(&[
        "run",
        dir.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(names_in(&out_dir), ["a", "b", "index.html"]);
    assert_whole(&out_dir);
    let out = into_full_disk(&[
        "run",
        dir.join("a.toml").to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_whole(&out_dir);
    assert_eq!(
        names_in(&dir),
        ["a.toml", "b.toml", "out"],
        "nothing outside --out"
    );
}

fn signal(child: &Child, name: &str) {
    let status = Command::new("kill")
        .args([&format!("-{name}"), &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

fn results(out: &Path, name: &str) -> String {
    std::fs::read_to_string(out.join(name).join("results.csv")).unwrap_or_default()
}

#[test]
fn an_interrupted_run_keeps_the_previous_report_or_the_new_one() {
    let dir = temp_dir("interrupt");
    let names = ["a", "b", "c", "d", "e", "f"];
    for name in names {
        write_file(&dir, &format!("{name}.toml"), &small_analysis(name, 50_000));
    }
    let out_dir = dir.join("out");
    let out = out_dir.to_str().unwrap();
    let started = Instant::now();
    let first = alea(&["run", dir.to_str().unwrap(), "--out", out, "--quiet"]);
    let whole_run = started.elapsed();
    assert!(first.status.success(), "{}", stderr(&first));
    let before: Vec<String> = names.iter().map(|n| results(&out_dir, n)).collect();
    let mut moments = 0;
    // Signals spread over the length of a whole run: while sampling, writing, renaming.
    for (sig, percent) in [
        ("INT", 10),
        ("TERM", 25),
        ("KILL", 40),
        ("INT", 55),
        ("TERM", 70),
        ("KILL", 85),
        ("KILL", 95),
    ] {
        let delay = whole_run * percent / 100;
        let mut child = command(&["run", dir.to_str().unwrap(), "--out", out, "--seed", "9"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(delay);
        let finished = child.try_wait().unwrap().is_some();
        if !finished {
            if sig == "KILL" {
                child.kill().unwrap();
            } else {
                signal(&child, sig);
            }
        }
        let status = child.wait().unwrap();
        eprintln!("{sig} at {delay:?}: finished before {finished}, {status:?}");
        assert_ne!(status.code(), Some(101), "{sig} at {delay:?}");
        moments += usize::from(!finished);
        for (name, old) in names.iter().zip(&before) {
            let now = results(&out_dir, name);
            assert!(!now.is_empty(), "{sig} at {delay:?} lost report {name}");
            assert!(
                now.lines().count() == old.lines().count(),
                "{name} is whole"
            );
        }
        if sig != "KILL" {
            // INT and TERM clean up before the process ends: nothing is left behind.
            assert_whole(&out_dir);
        }
        // The next run cleans what a killed one left.
        let again = alea(&[
            "run",
            dir.join("a.toml").to_str().unwrap(),
            "--out",
            out,
            "-q",
        ]);
        assert!(again.status.success(), "{}", stderr(&again));
        eprintln!("after the next run");
        assert_whole(&out_dir);
    }
    assert!(
        moments >= 4,
        "the signals came too late to interrupt anything"
    );
}

#[test]
fn the_page_is_rewritten_after_each_report() {
    let dir = temp_dir("page");
    write_file(&dir, "a.toml", &small_analysis("a", 2000));
    let slow = small_analysis("b", 1_000_000_000);
    write_file(&dir, "b.toml", &slow);
    let out_dir = dir.join("out");
    let mut child = command(&[
        "run",
        dir.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
    ])
    .stdout(Stdio::null())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    let started = Instant::now();
    let page = out_dir.join("index.html");
    while !std::fs::read_to_string(&page).is_ok_and(|p| p.contains("<section id=\"a\">")) {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the slow run ended early"
        );
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "index.html never listed the first report"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    signal(&child, "TERM");
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        None,
        "ended by the signal: {}",
        stderr(&out)
    );
    assert_eq!(names_in(&out_dir), ["a", "index.html"]);
    assert_whole(&out_dir);
}

#[test]
fn what_a_killed_run_left_is_cleaned_or_put_back() {
    let dir = temp_dir("leftovers");
    let a = write_file(&dir, "a.toml", &small_analysis("a", 2000));
    let b = write_file(&dir, "b.toml", &small_analysis("b", 2000));
    let out_dir = run_quiet("leftovers-out", &[&a, &b]);
    let good = results(&out_dir, "b");
    // SIGKILL between the two renames: the old report aside, the new one not yet in.
    let dead = u32::MAX;
    std::fs::rename(out_dir.join("b"), out_dir.join(format!(".b.old-{dead}"))).unwrap();
    // Leftovers carry alea's marker from the moment they are created.
    let marked = |name: &str| {
        std::fs::create_dir(out_dir.join(name)).unwrap();
        std::fs::write(out_dir.join(name).join(".alea"), format!("{MARKER}\n")).unwrap();
    };
    marked(&format!(".b.alea-tmp-{dead}"));
    std::fs::write(
        out_dir.join(format!(".b.alea-tmp-{dead}/results.csv")),
        "half",
    )
    .unwrap();
    // Killed after the rename in, before the old one was removed; and while writing the page.
    marked(&format!(".a.alea-old-{dead}"));
    std::fs::write(
        out_dir.join(format!(".index.html.alea-tmp-{dead}")),
        "<!DOCTYPE html>\n<!-- written by alea; the next run replaces this file -->\n<html",
    )
    .unwrap();
    let out = alea(&["run", &a, "--out", out_dir.to_str().unwrap(), "-q"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(names_in(&out_dir), ["a", "b", "index.html"]);
    assert_eq!(results(&out_dir, "b"), good, "the previous report is back");
    assert_whole(&out_dir);
}

#[test]
fn a_stray_or_broken_analysis_json_is_noted_not_fatal() {
    let dir = temp_dir("stray");
    let a = write_file(&dir, "a.toml", &small_analysis("a", 2000));
    let out_dir = dir.join("out");
    for (folder, text) in [
        ("broken", "{ not json"),
        ("other", "{\"name\": \"x\"}"),
        (".hidden", "{}"),
    ] {
        std::fs::create_dir_all(out_dir.join(folder)).unwrap();
        std::fs::write(out_dir.join(folder).join("analysis.json"), text).unwrap();
    }
    std::fs::create_dir_all(out_dir.join("deep/er")).unwrap();
    std::fs::write(out_dir.join("deep/er/analysis.json"), "garbage").unwrap();
    let out = alea(&["run", &a, "--out", out_dir.to_str().unwrap(), "-q"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let page = std::fs::read_to_string(out_dir.join("index.html")).unwrap();
    assert_eq!(page.matches("<section").count(), 1, "{page}");
    assert!(page.contains("<code>broken</code>") && page.contains("not a report description"));
    assert!(!page.contains(".hidden"));
}

#[test]
fn paired_differences_match_metrics_by_name() {
    let dir = temp_dir("paired");
    let file = write_file(
        &dir,
        "m.toml",
        r#"
name = "m"
title = "n = 2 against n = 4"
mechanic = "aube.multiple"
samples = 20000
[params]
ca = 14
n = 2
[[variants]]
name = "n2"
[[variants]]
name = "n4"
params = { n = 4 }
"#,
    );
    let out_dir = run_quiet("paired-out", &[&file]);
    let csv = std::fs::read_to_string(out_dir.join("m/results.csv")).unwrap();
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let n4: Vec<&str> = lines.nth(1).unwrap().split(',').collect();
    let cell = |name: &str| n4[header.iter().position(|h| *h == name).unwrap()];
    let number = |name: &str| cell(name).parse::<f64>().unwrap();
    assert_eq!(
        cell("action_3_diff"),
        "",
        "no action_3 in the first variant"
    );
    let base: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    let base_all: f64 = base[header.iter().position(|h| *h == "all_succeed").unwrap()]
        .parse()
        .unwrap();
    // Each number is rounded to the precision its interval carries (a twentieth of the
    // half-width at most): the difference agrees within a tenth of its half-width.
    let half = (number("all_succeed_diff_hi") - number("all_succeed_diff_lo")) / 2.0;
    assert!(
        (number("all_succeed_diff") - (number("all_succeed") - base_all)).abs() < 0.1 * half,
        "all_succeed_diff is all_succeed(n4) - all_succeed(n2)"
    );
    assert!(number("all_succeed_diff") < 0.0);
}

fn assert_quick_error(args: &[&str], needles: &[&str]) {
    let started = Instant::now();
    let out = alea(args);
    assert_user_error(&out, needles);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{args:?} took {:?}",
        started.elapsed()
    );
}

#[test]
fn runs_over_the_budget_are_refused_before_any_sampling() {
    let dir = temp_dir("budget");
    let out_dir = dir.join("out");
    let out = out_dir.to_str().unwrap();
    let grid = write_file(
        &dir,
        "grid.toml",
        &no_charts(&small_analysis("grid", 1000))
            .replace("nd = 5\n", "")
            .replace(
                "ca = \"8..=12\"",
                "ca = \"-200..=200\"\nnd = \"-200..=200\"",
            ),
    );
    assert_quick_error(
        &["run", &grid, "--out", out],
        &[
            "160,801 points",
            "100,000",
            "--allow-large",
            "allow_large = true",
        ],
    );
    let samples = write_file(
        &dir,
        "samples.toml",
        &small_analysis("samples", 9_223_372_036_854_775_807),
    );
    assert_quick_error(
        &["run", &samples, "--out", out],
        &[
            "samples.toml",
            "over the budget of 10,000,000,000",
            "--samples",
        ],
    );
    assert_quick_error(
        &["prob", "aube.test", "ca=12", "--precision", "1e-300"],
        &["half-width of 1e-300", "--allow-large"],
    );
    assert_quick_error(
        &["prob", "aube.test", "ca=12", "--samples", "1e11"],
        &["100,000,000,000", "--allow-large"],
    );
    assert_quick_error(&["run", "/dev/zero", "--out", out], &["not a regular file"]);
    let huge = dir.join("huge.toml");
    std::fs::write(&huge, "#".repeat(3 << 20)).unwrap();
    assert_quick_error(
        &["run", huge.to_str().unwrap(), "--out", out],
        &["larger than 1024 KB"],
    );
    assert!(!out_dir.exists(), "nothing written");
}

/// Peak memory of a running process, in kB (0 once it has ended).
fn peak_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[test]
fn memory_does_not_grow_with_the_grid_before_sampling() {
    let dir = temp_dir("memory");
    let grid = write_file(
        &dir,
        "grid.toml",
        &no_charts(&small_analysis("grid", 1))
            .replace("nd = 5\n", "")
            .replace(
                "ca = \"8..=12\"",
                "ca = \"-200..=200\"\nnd = \"-200..=200\"\nth = \"-3..=3\"",
            ),
    );
    let mut child = command(&[
        "run",
        &grid,
        "--allow-large",
        "--out",
        dir.join("out").to_str().unwrap(),
    ])
    .stdout(Stdio::null())
    .stderr(Stdio::null())
    .spawn()
    .unwrap();
    let mut peak = 0;
    let started = Instant::now();
    while started.elapsed() < Duration::from_millis(2500) && child.try_wait().unwrap().is_none() {
        peak = peak.max(peak_kb(child.id()));
        std::thread::sleep(Duration::from_millis(25));
    }
    assert!(
        child.try_wait().unwrap().is_none(),
        "the run is under way after 2.5 s"
    );
    let _ = child.kill();
    let _ = child.wait();
    assert!(peak > 0, "measured");
    assert!(
        peak < 400_000,
        "a 1,125,607-point grid took {peak} kB in 2.5 s"
    );
}

#[test]
fn misleading_input_gets_a_clear_message() {
    let dir = temp_dir("input");
    let out = dir.join("out");
    let out = out.to_str().unwrap();
    let twice = write_file(
        &dir,
        "twice.toml",
        r#"
name = "twice"
title = "t"
mechanic = "aube.duel"
[params]
"a.ca" = 3
[params.a]
ca = 15
"#,
    );
    assert_quick_error(
        &["run", &twice, "--out", out],
        &["twice.toml", "'a.ca' is given twice in [params]"],
    );
    let wide = write_file(
        &dir,
        "wide.toml",
        &small_analysis("wide", 1000)
            .replace("\"8..=12\"", "\"0..=20000\"")
            .replace("at = { ca = 10 }", ""),
    );
    assert_quick_error(
        &["run", &wide, "--out", out],
        &["20001 values", "limit of 10000 values per range"],
    );
    let inf = write_file(
        &dir,
        "inf.toml",
        r#"
name = "inf"
title = "t"
mechanic = "sccs.spell"
[grid]
p_hit = "0..=1:inf"
"#,
    );
    let err = assert_user_error(
        &alea(&["run", &inf, "--out", out]),
        &["step 'inf' is not a finite number"],
    );
    assert!(!err.contains("NaN"), "{err}");
    let err = assert_user_error(
        &alea(&["prob", "aube.test", "ca=12", "--samples", "-1"]),
        &["'-1' is negative", "like 100000 or 1e6"],
    );
    assert!(!err.contains("-- -"), "{err}");
    assert_user_error(
        &alea(&["prob", "aube.test", "ca=12", "--samples", "1.5e0.5"]),
        &["'1.5e0.5' is not a number", "whole number"],
    );
    assert_user_error(
        &alea(&["prob", "aube.test", "ca=12", "--samples", "2.5"]),
        &["not a whole number"],
    );
    let v = json(&alea(&[
        "prob",
        "aube.test",
        "ca=12",
        "--samples",
        "2e4",
        "--json",
    ]));
    assert_eq!(v["samples"], 20_000);
    let file = write_file(
        &dir,
        "sci.toml",
        &small_analysis("sci", 1).replace("samples = 1", "samples = 2e3"),
    );
    let out_dir = run_quiet("sci-out", &[&file]);
    let csv = std::fs::read_to_string(out_dir.join("sci/results.csv")).unwrap();
    assert!(csv.lines().nth(1).unwrap().contains(",2000,"), "{csv}");
    let bad = write_file(
        &dir,
        "half.toml",
        &small_analysis("half", 1).replace("samples = 1", "samples = 1.5"),
    );
    assert_user_error(
        &alea(&["run", &bad, "--out", out]),
        &["half.toml", "samples", "not a whole number"],
    );
}
