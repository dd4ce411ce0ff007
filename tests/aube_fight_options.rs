//! The options of an `aube` fighter inside a fight (issue 29), asked as a user asks them:
//! multiple actions (Ex. 2.9) and defending only in `aube.duel` and `aube.melee`, one
//! command each, its exact value worked from the text by hand.

mod common;

use common::{alea, assert_user_error, exact, write_file};

/// True when `a` and `b` agree to rounding.
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Average fighters whose resistance tests fail without a roll, out at the first légère,
/// A first: every hit ends the duel.
const FIRST_HIT: [&str; 7] = [
    "aube.duel",
    "a=average",
    "b=average",
    "a.enc=0",
    "b.enc=0",
    "out_at=legere",
    "initiative=a",
];

fn duel(extra: &[&str]) -> Vec<String> {
    FIRST_HIT
        .iter()
        .chain(extra)
        .map(|w| w.to_string())
        .collect()
}

fn exact_of(words: &[String], metric: &str) -> f64 {
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    exact(&words, metric)
}

#[test]
fn attacking_as_the_second_of_two_actions() {
    // TA 12 - 5 = 7 against TP 2: 1 in 4; B hits 1 in 2; A first wins 1/4 / (5/8) = 2/5.
    let words = duel(&["a.actions=2", "a.rank=2"]);
    assert!(same(exact_of(&words, "a_wins"), 0.4));
    assert!(same(exact_of(&duel(&[]), "a_wins"), 2.0 / 3.0));
}

#[test]
fn defending_only_dodges_and_never_strikes() {
    // Esquive 17 - 10 = 7: B hits on 8..=12, 1 in 4; A never strikes: B wins in 4 rounds
    // on average.
    let words = duel(&["a.stance=defend", "a.evitement=17"]);
    assert!(same(exact_of(&words, "b_wins"), 1.0));
    assert!((exact_of(&words, "mean_rounds") - 4.0).abs() < 1e-6);
    assert_user_error(
        &alea(&[
            "prob",
            "aube.duel",
            "a=average",
            "b=average",
            "a.stance=defend",
        ]),
        &["a.evitement"],
    );
    assert_user_error(
        &alea(&[
            "prob",
            "aube.duel",
            "a=average",
            "b=average",
            "a.actions=2",
            "a.rank=3",
        ]),
        &["a.rank"],
    );
    // The gauntlet plays the same fighters, and refuses the same incomplete option.
    assert_user_error(
        &alea(&[
            "prob",
            "aube.gauntlet",
            "a=average",
            "b=average",
            "a.stance=defend",
        ]),
        &["a.evitement"],
    );
}

#[test]
fn a_roster_fighter_that_only_defends_in_a_melee() {
    // One dodger (esquive 7, enc 0) against an average fighter: B hits 1 in 4 and each
    // hit ends it; the dodger never strikes. One against one the melee is the duel, with
    // its exact values.
    let dir = common::temp_dir("aube_fight_options");
    let roster = write_file(
        &dir,
        "dodger.toml",
        "system = \"aube\"\n[[fighter]]\nname = \"dodger\"\nca = 12\nba = 0\nbp = 0\nbd = 15\nenc = 0\nbe = 3\nstance = \"defend\"\nevitement = 17\n",
    );
    let words = [
        "aube.melee",
        "side_a=dodger",
        "side_b=average",
        "out_at=legere",
        "--roster",
        &roster,
    ];
    let out = alea(&[&["prob"], &words[..], &["--exact", "--json"]].concat());
    assert!(out.status.success(), "{}", common::stderr(&out));
    let v = common::json(&out);
    let b_wins = v["metrics"]["b_wins"]["exact"].as_f64().unwrap_or(f64::NAN);
    assert!(same(b_wins, 1.0), "{v}");
}

#[test]
fn a_fist_fight_counts_only_fatigue() {
    // Every hit of bd 11 on enc 0 reads a légère: 3 fatigue points, no wound. Knocked out
    // at 3, the first hit ends the fight: A first wins 2/3, and nobody is wounded.
    let words = duel(&["a.bd=11", "b.bd=11", "nonlethal=fatigue", "knockout=3"]);
    assert!(same(exact_of(&words, "a_wins"), 2.0 / 3.0));
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let out = alea(&[&["prob"], &words[..], &["--exact", "--json"]].concat());
    let v = common::json(&out);
    let wounded = &v["histograms"]["b_wounds"];
    assert_eq!(wounded["0"].as_f64(), Some(1.0), "{wounded}");
    assert_user_error(
        &alea(&["prob", "aube.duel", "a=average", "b=average", "knockout=10"]),
        &["nonlethal"],
    );
}
