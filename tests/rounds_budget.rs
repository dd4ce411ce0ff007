//! Rounds count in the budget (issue 25): every parameter a mechanic declares as the
//! bound on one sample's rounds (`max_rounds`, `rounds`, `max_turns`) counts, so a huge
//! cap times the samples is refused before any work with exit code 2, in `prob`, in a
//! sweep, in `difficulty` and in an analysis file; `--allow-large` lets it run.

mod common;

use common::*;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A skirmish of a knight against three militia (Monte Carlo only).
const SKIRMISH: [&str; 4] = ["prob", "sccs.skirmish", "side_a=knight", "side_b=militia*3"];

/// Runs `alea args`, asserts a refusal for the rounds budget naming `rounds` (the size,
/// the parameter, the way on) within a few seconds, and returns stderr.
fn refused_for_rounds(args: &[&str], rounds: &str, param: &str) -> String {
    let started = Instant::now();
    let out = alea(args);
    let err = assert_user_error(
        &out,
        &[
            &format!("{rounds} rounds ("),
            &format!("x {param} = "),
            &format!("a lower {param} also bounds it"),
            "allow",
        ],
    );
    assert!(started.elapsed() < Duration::from_secs(5), "{args:?}");
    err
}

#[test]
fn every_cap_on_a_samples_rounds_counts_in_the_budget() {
    // `rounds` of a melee and of a fire, `max_turns` of a spell: under the samples budget
    // (10,000,000,000) but over the rounds budget once multiplied by the cap.
    let cases: [(&[&str], &str, &str); 4] = [
        (
            &[
                "prob",
                "sccs.melee",
                "n_attackers=2",
                "attack=5",
                "rounds=50",
                "--samples",
                "1e9",
            ],
            "50,000,000,000",
            "rounds",
        ),
        (
            &["prob", "sccs.spell", "max_turns=100", "--samples", "2e8"],
            "20,000,000,000",
            "max_turns",
        ),
        (
            &[
                "prob",
                "cle.fire",
                "resistance=3",
                "volonte=3",
                "rounds=30",
                "--samples",
                "1e9",
            ],
            "30,000,000,000",
            "rounds",
        ),
        (
            &[
                "prob",
                "cle.asphyxia",
                "resistance=3",
                "volonte=3",
                "--samples",
                "1e9",
            ],
            // The default: 30 rounds without air.
            "30,000,000,000",
            "rounds",
        ),
    ];
    for (args, rounds, param) in cases {
        refused_for_rounds(args, rounds, param);
    }
    // The same cap with fewer samples is within the budget and runs.
    let out = alea(&[
        "prob",
        "sccs.spell",
        "max_turns=100",
        "--samples",
        "2000",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_sweep_and_the_difficulty_finder_count_the_largest_cap() {
    let mut sweep = SKIRMISH.to_vec();
    sweep.extend(["rounds=40..=50", "--samples", "2e8"]);
    refused_for_rounds(&sweep, "110,000,000,000", "rounds");
    let mut finder = vec!["difficulty"];
    finder.extend(&SKIRMISH[1..]);
    finder.extend([
        "--over",
        "rounds",
        "--target",
        "0.5",
        "--metric",
        "a_wins",
        "--samples",
        "1e8",
    ]);
    let err = refused_for_rounds(&finder, "250,000,000,000", "rounds");
    assert!(err.contains("--allow-large"), "{err}");
}

#[test]
fn an_analysis_counts_the_cap_a_variant_raises() {
    let dir = temp_dir("rounds-analysis");
    let file = write_file(
        &dir,
        "long_skirmish.toml",
        r#"
name = "long_skirmish"
title = "A skirmish whose second variant follows 50 rounds"
mechanic = "sccs.skirmish"
samples = 500000000
[params]
side_a = "knight"
side_b = "militia*3"
rounds = 10
[[variants]]
name = "ten rounds"
[[variants]]
name = "fifty rounds"
params = { rounds = 50 }
"#,
    );
    let out_dir = dir.join("out");
    let out = alea(&["run", &file, "--quiet", "--out", out_dir.to_str().unwrap()]);
    let err = assert_user_error(&out, &["50,000,000,000 rounds (", "x rounds = 50"]);
    assert!(err.contains("allow_large"), "{err}");
    assert!(
        !out_dir.join("long_skirmish").exists(),
        "refused before any work"
    );
}

#[test]
fn allow_large_lets_a_run_over_the_rounds_budget_start() {
    let mut args = SKIRMISH.to_vec();
    args.extend(["rounds=50", "--samples", "1e9"]);
    refused_for_rounds(&args, "50,000,000,000", "rounds");
    args.push("--allow-large");
    let mut child = Command::new(env!("CARGO_BIN_EXE_alea"))
        .args(&args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the alea binary starts");
    // Refused, it would have ended at once with code 2; allowed, it is still sampling.
    std::thread::sleep(Duration::from_secs(2));
    let still_running = child.try_wait().expect("the child's status").is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert!(still_running, "--allow-large runs past the rounds budget");
}

#[test]
fn a_duel_where_no_blow_wounds_under_house_tables_is_refused() {
    // Issue 25: a house damage table where nothing wounds plays every round of every
    // sample, like fighters who cannot hurt each other.
    let rules = write_file(
        &temp_dir("no-wound"),
        "no_wound.toml",
        "system = \"aube\"\n[damage]\netourdi = 996\nsonne = 997\nlegere = 998\ngrave = 999\ncritique = 1000\n",
    );
    refused_for_rounds(
        &[
            "prob",
            "aube.duel",
            "a=average",
            "b=average",
            "max_rounds=100000",
            "--rules",
            &rules,
        ],
        "100,000,000,000",
        "max_rounds",
    );
}
