//! Helpers for running the `alea` binary as a user would.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU32, Ordering};

/// Runs `alea` with `args` from the crate's root folder.
pub fn alea(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_alea"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the alea binary runs")
}

/// Standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts a user error: exit code 2, nothing on stdout, a message on stderr containing
/// every one of `needles`. Returns stderr.
pub fn assert_user_error(out: &Output, needles: &[&str]) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "exit code; stderr: {err}");
    assert!(
        out.stdout.is_empty(),
        "nothing on stdout, got: {}",
        stdout(out)
    );
    for needle in needles {
        assert!(
            err.contains(needle),
            "stderr should contain {needle:?}: {err}"
        );
    }
    assert!(!err.contains("panicked"), "no panic: {err}");
    err
}

/// A fresh, empty temporary folder, in the build folder's own folder for the tests'
/// files (`target/tmp`): named after the test file, `label` and a count, so a later run
/// of the same tests empties and reuses it rather than leaving one more folder behind.
pub fn temp_dir(label: &str) -> PathBuf {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let test_file = env!("CARGO_CRATE_NAME");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{test_file}-{label}-{n}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Parses the JSON printed by `alea prob --json`.
pub fn json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "stderr: {}", stderr(out));
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

/// Runs `alea run <args> --quiet --out <fresh temp folder>`, asserts it succeeded and
/// printed nothing, and returns the folder.
pub fn run_quiet(label: &str, args: &[&str]) -> PathBuf {
    let out_dir = temp_dir(label);
    let mut full = vec!["run"];
    full.extend_from_slice(args);
    full.extend_from_slice(&[
        "--quiet",
        "--out",
        out_dir.to_str().expect("a UTF-8 temp path"),
    ]);
    let out = alea(&full);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).is_empty(), "--quiet prints nothing");
    out_dir
}

/// Writes `text` to `dir/name` and returns the path as text.
pub fn write_file(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write a test file");
    path.to_string_lossy().into_owned()
}

/// The names in folder `dir`, sorted.
pub fn names_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Asserts the binary ended by itself with code 0 or 2 (never a panic's 101 nor an
/// abort's 134) and said nothing about a panic.
pub fn assert_clean_exit(out: &Output, what: &str) {
    let code = out.status.code();
    assert!(
        matches!(code, Some(0) | Some(2)),
        "{what}: exit {code:?}; stderr: {}",
        stderr(out)
    );
    assert!(!stderr(out).contains("panicked"), "{what}: {}", stderr(out));
}

/// A small `aube.test` analysis named `name`: 5 grid points, two variants, a lines and
/// a bars chart.
pub fn small_analysis(name: &str, samples: u64) -> String {
    format!(
        r#"
name = "{name}"
title = "Small {name}"
mechanic = "aube.test"
samples = {samples}
[params]
nd = 5
[grid]
ca = "8..=12"
[[variants]]
name = "none"
[[variants]]
name = "d6"
params = {{ crit = "d6" }}
[[charts]]
kind = "lines"
metric = "beats_nd"
x = "ca"
[[charts]]
kind = "bars"
histogram = "degree"
at = {{ ca = 10 }}
"#
    )
}

/// `alea prob <words> --json`, with `extra` arguments after.
pub fn answer(words: &[&str], extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["prob"];
    args.extend_from_slice(words);
    args.push("--json");
    args.extend_from_slice(extra);
    json(&alea(&args))
}

/// A metric's (estimate, interval low, interval high) in an [`answer`].
pub fn estimate(v: &serde_json::Value, metric: &str) -> (f64, f64, f64) {
    let m = &v["metrics"][metric];
    let f = |x: &serde_json::Value| x.as_f64().unwrap_or_else(|| panic!("{metric}: {v}"));
    (f(&m["estimate"]), f(&m["ci95"][0]), f(&m["ci95"][1]))
}

/// The exact value of `metric` in the JSON answer of `alea prob <args> --exact --json`.
pub fn exact(args: &[&str], metric: &str) -> f64 {
    let mut all = vec!["prob"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--exact", "--json"]);
    let v = json(&alea(&all));
    v["metrics"][metric]["exact"]
        .as_f64()
        .unwrap_or_else(|| panic!("no exact {metric} of {args:?}: {v}"))
}

/// `alea prob sccs.skirmish side_a=<side_a> side_b=militia <extra>` with the roster `text`
/// written to `dir/file` and given with `--roster`.
pub fn skirmish_with_roster(
    dir: &std::path::Path,
    (file, text): (&str, &str),
    side_a: &str,
    extra: &[&str],
) -> Output {
    let roster = write_file(dir, file, text);
    let side_a = format!("side_a={side_a}");
    let mut args = vec!["prob", "sccs.skirmish", &side_a, "side_b=militia"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--roster", &roster]);
    alea(&args)
}
