//! What issue 25 asks alea to refuse, or to say honestly: files that are not TOML quoted
//! nowhere, heatmaps over one parameter, control characters in variant names, fractional
//! ends of a whole-number sweep, a difficulty sweep over the sample budget, a fight whose
//! rounds would pass the budget, and intervals that are never `inf` in a table and never
//! missing for a paired difference.

mod common;

use common::*;

const SECRET: &str = "ALEA_TEST_SECRET=hunter2-do-not-print";

#[test]
fn a_rules_or_roster_file_that_is_not_toml_is_not_quoted() {
    let dir = temp_dir("not-toml");
    let file = write_file(&dir, "environ", &format!("PATH=/usr/bin\n{SECRET}\n"));
    for args in [
        vec!["prob", "aube.damage", "dom=20", "enc=10", "--rules", &file],
        vec!["roster", "--roster", &file],
    ] {
        let err = assert_user_error(
            &alea(&args),
            &["environ", "line 1, column", "not valid TOML"],
        );
        assert!(
            !err.contains("hunter2") && !err.contains("/usr/bin"),
            "{err}"
        );
    }
}

#[test]
fn a_heatmap_over_one_parameter_and_a_control_character_are_refused() {
    let dir = temp_dir("refused-analysis");
    let heatmap = format!(
        "{}[[charts]]\nkind = \"heatmap\"\nmetric = \"beats_nd\"\nx = \"ca\"\ny = \"ca\"\n",
        small_analysis("h", 2000)
    );
    let file = write_file(&dir, "h.toml", &heatmap);
    assert_user_error(
        &alea(&["run", &file, "--out", dir.join("o").to_str().unwrap()]),
        &["x and y are both 'ca'"],
    );
    let bell = small_analysis("b", 2000).replace("name = \"d6\"", "name = \"d\\u0007six\"");
    let file = write_file(&dir, "b.toml", &bell);
    assert_user_error(
        &alea(&["run", &file, "--out", dir.join("o").to_str().unwrap()]),
        &["control character"],
    );
    assert!(
        !dir.join("o").exists(),
        "refused before anything is written"
    );
}

#[test]
fn difficulty_refuses_fractions_and_runs_over_the_budget() {
    let out = alea(&[
        "difficulty",
        "aube.test",
        "ca=12",
        "--over",
        "nd",
        "--target",
        "0.3",
        "--from",
        "1.5",
    ]);
    assert_user_error(&out, &["--from/--to", "1.5 is not a whole number"]);
    let out = alea(&[
        "difficulty",
        "aube.duel",
        "a=krom",
        "b=bjorn",
        "a.crit=d10",
        "--over",
        "a.ca",
        "--target",
        "0.3",
        "--from",
        "0",
        "--to",
        "29",
        "--samples",
        "1e12",
    ]);
    let err = assert_user_error(&out, &["over the budget", "--allow-large"]);
    assert!(err.contains("30 grid points"), "{err}");
}

#[test]
fn tables_never_write_inf_and_small_runs_have_paired_intervals() {
    let dir = temp_dir("no-inf");
    let file = write_file(&dir, "s.toml", &small_analysis("s", 1));
    let out = run_quiet("no-inf-out", &[&file]);
    let csv = std::fs::read_to_string(out.join("s/results.csv")).unwrap();
    assert!(!csv.contains("inf"), "{csv}");
    let file = write_file(&dir, "p.toml", &small_analysis("p", 2000));
    let out = run_quiet("paired-out", &[&file]);
    let csv = std::fs::read_to_string(out.join("p/results.csv")).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let lo = header
        .iter()
        .position(|h| *h == "beats_nd_diff_lo")
        .unwrap();
    let hi = header
        .iter()
        .position(|h| *h == "beats_nd_diff_hi")
        .unwrap();
    for row in csv.lines().skip(1) {
        let cells: Vec<&str> = row.split(',').collect();
        if cells[0] == "d6" {
            assert!(!cells[lo].is_empty() && !cells[hi].is_empty(), "{row}");
        }
    }
}

/// `cle.fire` with a blaze of 9d6 against 10 vitality: one character in 6^9 (about 1e-7)
/// keeps 1 vitality. A million samples show no spread (all 0), yet the interval holds the
/// exact mean, and never goes below 0.
#[test]
fn a_rare_mean_with_no_spread_keeps_an_honest_interval() {
    let out = alea(&[
        "prob",
        "cle.fire",
        "fire=blaze",
        "rounds=3",
        "vitality=10",
        "resistance=10",
        "volonte=10",
        "--json",
    ]);
    let answer = json(&out);
    let metric = &answer["metrics"]["mean_vitality_left"];
    let exact = metric["exact"].as_f64().unwrap();
    let lo = metric["ci95"][0].as_f64().unwrap();
    let hi = metric["ci95"][1].as_f64().unwrap();
    assert!(exact > 0.0 && exact < 1e-6, "{metric}");
    assert!(lo == 0.0 && lo <= exact && exact <= hi, "{metric}");
}

/// `alea list >&-`: standard output closed from the start is an error (exit code 2), not a
/// silent success; with nothing to print (`run -q`) there is nothing to fail.
#[test]
fn a_closed_standard_output_exits_2() {
    let closed = |args: &str| {
        std::process::Command::new("sh")
            .args([
                "-c",
                &format!("\"$0\" {args} >&-"),
                env!("CARGO_BIN_EXE_alea"),
            ])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("sh runs")
    };
    let out = closed("list");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("standard output"), "{}", stderr(&out));
    assert!(stderr(&out).contains("closed"), "{}", stderr(&out));
    let to_null = std::process::Command::new("sh")
        .args(["-c", "\"$0\" list > /dev/null", env!("CARGO_BIN_EXE_alea")])
        .output()
        .expect("sh runs");
    assert!(to_null.status.success(), "> /dev/null is no error");
    let dir = temp_dir("closed-quiet");
    let file = write_file(&dir, "q.toml", &small_analysis("q", 200));
    let out = closed(&format!("run {file} -q --out {}", dir.join("o").display()));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// A foe's name among the PCs of `cle.fight`: the error says what the name is and where
/// to look, not only that a list is not a number.
#[test]
fn a_foe_among_the_pcs_gets_a_hint() {
    let out = alea(&["prob", "cle.fight", "party=bretteur,boss_brute", "foes=mob"]);
    assert_user_error(&out, &["'boss_brute' (a foe)", "is it on the right side?"]);
}

/// A duel where nobody can hurt anybody, capped at 100,000 rounds.
const NOBODY_CAN_HURT: [&str; 7] = [
    "prob",
    "aube.duel",
    "a=average",
    "b=average",
    "a.bd=-100",
    "b.bd=-100",
    "max_rounds=100000",
];

#[test]
fn a_fight_that_may_never_end_is_bounded_by_its_rounds() {
    // Nobody can hurt anybody: each sample would play all its 100,000 rounds.
    let started = std::time::Instant::now();
    let out = alea(&NOBODY_CAN_HURT);
    assert_user_error(
        &out,
        &["rounds (", "x max_rounds = 100,000", "--allow-large"],
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}

#[test]
fn a_fight_nobody_can_win_is_solved_exactly_as_a_draw_at_its_cap() {
    // Nobody can hurt anybody: the fight's state can no longer change after its first
    // round, so the exact solve ends it at its cap at once instead of playing 100,000
    // rounds (or refusing for want of rounds propagated).
    let out = alea(&[&NOBODY_CAN_HURT[..], &["--exact", "--json"]].concat());
    assert_clean_exit(&out, "a duel nobody can win, --exact");
    let j = json(&out);
    assert_eq!(j["metrics"]["draw"]["exact"].as_f64(), Some(1.0));
    assert_eq!(
        j["metrics"]["mean_rounds"]["exact"].as_f64(),
        Some(100000.0)
    );
}

#[test]
fn a_fight_past_its_budget_of_states_says_so() {
    let out = alea(&[
        "prob",
        "aube.gauntlet",
        "a=average",
        "b=average",
        "fm=-5",
        "--exact",
    ]);
    assert_user_error(
        &out,
        &["has no exact answer", "more than", "states", "drop --exact"],
    );
}
