//! A mechanic written as a script, run through the `alea` binary as a user runs it: exact
//! and sampled answers, listing, analyses, the difficulty finder, and bad scripts refused
//! clearly and quickly.

mod common;

use common::{alea, assert_user_error, json, stderr, stdout, temp_dir};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const FOUR_D6: &str = "analyses/scripts/four_d6_drop_lowest.rhai";

fn metric<'a>(answer: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    &answer["metrics"][name]
}

#[test]
fn four_d6_drop_lowest_is_exact() {
    let answer = json(&alea(&["prob", FOUR_D6, "--exact", "--json"]));
    let success = metric(&answer, "success")["exact"].as_f64().unwrap();
    let mean = metric(&answer, "mean_score")["exact"].as_f64().unwrap();
    assert!((success - 25.0 / 108.0).abs() < 1e-12, "{success}");
    assert!((mean - 15869.0 / 1296.0).abs() < 1e-12, "{mean}");
    assert_eq!(answer["mechanic"], FOUR_D6);
    assert_eq!(answer["params"]["target"], 15);
}

/// A million samples (the default, seeded): every estimate's 95% interval holds the exact
/// value, and the same seed gives the same numbers on one thread and on two.
#[test]
fn four_d6_sampled_estimates_hold_the_exact_values() {
    let one = alea(&["prob", FOUR_D6, "--json", "--threads", "1"]);
    let two = alea(&["prob", FOUR_D6, "--json", "--threads", "2"]);
    assert_eq!(
        stdout(&one),
        stdout(&two),
        "the same numbers on 1 and 2 threads"
    );
    let answer = json(&one);
    assert_eq!(answer["samples"], 1_000_000);
    for name in ["success", "mean_score"] {
        let m = metric(&answer, name);
        let exact = m["exact"].as_f64().unwrap();
        let (lo, hi) = (
            m["ci95"][0].as_f64().unwrap(),
            m["ci95"][1].as_f64().unwrap(),
        );
        assert!(lo <= exact && exact <= hi, "{name}: {m}");
    }
    let text = stdout(&alea(&["prob", FOUR_D6, "target=12", "--samples", "1e5"]));
    assert!(text.contains("target=12"), "{text}");
    assert!(text.contains("inside"), "{text}");
}

#[test]
fn list_shows_the_declarations() {
    let out = alea(&["list", FOUR_D6]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    for needle in [
        "4d6, drop the lowest",
        "target",
        "the score wanted",
        "3..=18",
        "success",
        "mean_score",
        "score",
    ] {
        assert!(text.contains(needle), "{needle}: {text}");
    }
}

/// The shipped analysis (a grid, two variants, a lines and a bars chart), sampled and
/// exact, written to a temporary folder.
#[test]
fn an_analysis_runs_a_script() {
    let out_dir = temp_dir("script-analysis");
    let out = out_dir.to_str().unwrap();
    let file = "analyses/scripts/four_d6_drop_lowest.toml";
    let sampled = alea(&["run", file, "--samples", "2000", "--quiet", "--out", out]);
    assert!(sampled.status.success(), "{}", stderr(&sampled));
    let csv = std::fs::read_to_string(out_dir.join("four_d6_drop_lowest/results.csv")).unwrap();
    assert!(
        csv.lines().next().unwrap().contains("success_diff"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 1 + 16 * 2);
    let exact = alea(&["run", file, "--exact", "--quiet", "--out", out]);
    assert!(exact.status.success(), "{}", stderr(&exact));
    let csv = std::fs::read_to_string(out_dir.join("four_d6_drop_lowest/results.csv")).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let col = header.iter().position(|h| *h == "success_exact").unwrap();
    let at_15 = csv
        .lines()
        .find(|l| l.starts_with("4d6 keep 3,15,"))
        .unwrap();
    let p: f64 = at_15.split(',').nth(col).unwrap().parse().unwrap();
    assert!((p - 25.0 / 108.0).abs() < 1e-12, "{p}");
    let _ = std::fs::remove_dir_all(&out_dir);
}

#[test]
fn difficulty_sweeps_a_script_parameter() {
    let out = alea(&[
        "difficulty",
        FOUR_D6,
        "--over",
        "target",
        "--target",
        "0.25",
        "--metric",
        "success",
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("target = 15 gives 23.1%"), "{text}");
}

/// Writes a script into a fresh folder.
fn script(label: &str, text: &str) -> (PathBuf, String) {
    let dir = temp_dir(label);
    let path = dir.join(format!("{label}.rhai"));
    std::fs::write(&path, text).unwrap();
    let name = path.to_str().unwrap().to_string();
    (dir, name)
}

/// Runs `alea args`, expecting a user error naming `needles`, within 2 seconds.
fn refused_quickly(args: &[&str], needles: &[&str]) {
    let started = Instant::now();
    let out = alea(args);
    let took = started.elapsed();
    assert_user_error(&out, needles);
    assert!(took < Duration::from_secs(2), "{args:?} took {took:?}");
}

const RESULTS: &str = "fn results() {[ result(\"hit\", \"a hit\") ]}\n";

#[test]
fn bad_scripts_are_refused_clearly_and_quickly() {
    let cases = [
        (
            "syntax",
            format!("{RESULTS}fn roll(p) {{\n    let x = ;\n}}\n"),
            vec!["syntax.rhai:3:", "syntax error"],
        ),
        (
            "endless",
            format!("{RESULTS}fn roll(p) {{\n    loop {{ }}\n}}\n"),
            vec!["endless.rhai", "roll()", "operations"],
        ),
        (
            "reads_file",
            format!("{RESULTS}fn roll(p) {{\n    #{{ hit: open(\"/etc/passwd\") == \"\" }}\n}}\n"),
            vec!["reads_file.rhai:3", "no file"],
        ),
        (
            "imports",
            format!(
                "import \"/etc/passwd\" as secrets;\n{RESULTS}fn roll(p) {{ #{{ hit: true }} }}\n"
            ),
            vec!["imports.rhai:1"],
        ),
    ];
    for (label, text, needles) in cases {
        let (dir, path) = script(label, &text);
        refused_quickly(&["prob", &path, "--samples", "1000"], &needles);
        refused_quickly(&["list", &path], &needles);
        let _ = std::fs::remove_dir_all(dir);
    }
    refused_quickly(
        &["prob", FOUR_D6, "targte=12"],
        &["unknown parameter 'targte'", "did you mean 'target'"],
    );
    refused_quickly(&["prob", FOUR_D6, "target=19"], &["target", "3..=18"]);
    refused_quickly(
        &["prob", "no_such_rule.rhai"],
        &["no script 'no_such_rule.rhai'"],
    );
}

/// Past the enumeration's bound, `--exact` is refused with the reason, and sampling runs the
/// script itself.
#[test]
fn a_script_past_the_enumeration_bound_is_sampled() {
    let text = format!(
        "{RESULTS}fn roll(p) {{\n    let t = 0;\n    for i in 0..10 {{ t += d(6); }}\n    #{{ hit: t >= 40 }}\n}}\n"
    );
    let (dir, path) = script("many_paths", &text);
    refused_quickly(
        &["prob", &path, "--exact"],
        &["has no exact answer", "paths of dice", "drop --exact"],
    );
    let out = alea(&["prob", &path, "--samples", "20000", "--json"]);
    let answer = json(&out);
    assert!(answer["metrics"]["hit"]["exact"].is_null());
    assert_eq!(answer["samples"], 20_000);
    let _ = std::fs::remove_dir_all(dir);
}

/// `mechanic = "x.rhai"` in an analysis file is read relative to that file, and a missing
/// script names the path tried.
#[test]
fn analysis_scripts_are_relative_to_the_file() {
    let dir = temp_dir("script-relative");
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::copy(FOUR_D6, dir.join("rules/mine.rhai")).unwrap();
    let file = dir.join("study.toml");
    std::fs::write(
        &file,
        "name = \"study\"\ntitle = \"t\"\nmechanic = \"rules/mine.rhai\"\nexact = true\n[grid]\ntarget = [14, 15]\n",
    )
    .unwrap();
    let out_dir = dir.join("out");
    let out = alea(&[
        "run",
        file.to_str().unwrap(),
        "--quiet",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(Path::new(&out_dir.join("study/results.csv")).is_file());
    std::fs::write(
        &file,
        "name = \"study\"\ntitle = \"t\"\nmechanic = \"rules/other.rhai\"\nexact = true\n",
    )
    .unwrap();
    assert_user_error(
        &alea(&[
            "run",
            file.to_str().unwrap(),
            "--out",
            out_dir.to_str().unwrap(),
        ]),
        &["line 3", "rules/other.rhai"],
    );
    let _ = std::fs::remove_dir_all(dir);
}
