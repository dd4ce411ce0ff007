//! Issue 25, "work without a bound": the whole-duel game of surclassement between
//! fighters who hardly hurt each other (the mechanics' own example, with `bd = 0`) passed
//! the check on its positions and then ran for minutes. Its solution is now held to a
//! budget of work (position updates), and past it alea stops with a clear error and exit
//! code 2, for the optimal mixes of the whole duel as for a duel played with them.

mod common;

use common::*;

/// The example of `alea list aube.surclassement.optimal` and `aube.surclassement.duel`.
const EXAMPLE: [&str; 8] = [
    "a.ca_mp=9",
    "a.ca_ma=9",
    "a.ca_md=9",
    "a.enc=11",
    "b.ca_mp=9",
    "b.ca_ma=9",
    "b.ca_md=9",
    "b.enc=11",
];

const NEEDLES: [&str; 3] = ["whole-duel game", "position updates to solve", "raise bd"];

#[test]
fn a_whole_duel_game_past_its_work_budget_is_refused() {
    let mut optimal = vec!["prob", "aube.surclassement.optimal"];
    optimal.extend(EXAMPLE);
    optimal.extend(["horizon=duel", "--exact"]);
    assert_user_error(&alea(&optimal), &NEEDLES);
    let mut duel = vec!["prob", "aube.surclassement.duel"];
    duel.extend(EXAMPLE);
    duel.extend(["a.strategy=optimal_duel", "--samples", "1000"]);
    assert_user_error(&alea(&duel), &NEEDLES);
}

#[test]
fn a_whole_duel_game_within_its_budget_is_solved() {
    let mut optimal = vec!["prob", "aube.surclassement.optimal"];
    optimal.extend(EXAMPLE);
    optimal.extend([
        "a.bd=15",
        "b.bd=15",
        "horizon=duel",
        "out_at=grave",
        "--exact",
    ]);
    let out = alea(&optimal);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("duel_a_wins"), "{}", stdout(&out));
}
