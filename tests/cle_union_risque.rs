//! "L'union fait la force" and the pénalité *Risque* in `cle.fight` (issue 29), asked as a
//! user asks them: the PCs attacking a boss together by the rule of cooperation, and the
//! incident a missed attack brings.

mod common;

use common::{alea, answer, assert_user_error, estimate};

/// The metrics of `cle.fight` with `words`, 20,000 fights from seed 7.
fn fight(words: &[&str]) -> serde_json::Value {
    let mut w = vec!["cle.fight"];
    w.extend_from_slice(words);
    answer(&w, &["--samples", "20000", "--seed", "7"])
}

/// Four PCs against a boss of `boss_brute`'s profile with Défense `defense`.
fn boss(defense: &str) -> Vec<String> {
    [
        "pcs=4",
        "opponent=boss",
        "foe.combat=12",
        "foe.damage=3d6",
        "foe.bonus=2",
        "foe.protection=3",
        "foe.resistance=10",
        "foe.volonte=10",
    ]
    .iter()
    .map(|w| w.to_string())
    .chain([format!("foe.defense={defense}")])
    .collect()
}

fn with<'a>(base: &'a [String], more: &[&'a str]) -> Vec<&'a str> {
    base.iter()
        .map(String::as_str)
        .chain(more.iter().copied())
        .collect()
}

#[test]
fn together_the_pcs_beat_a_boss_they_cannot_touch_alone() {
    // Défense 18: four lone attacks of Combat 8 rarely land; one joint attack, its best
    // throw raised by the others' results of 15 or more, lands far more often.
    let hard = boss("18");
    let (alone, _, alone_high) = estimate(&fight(&with(&hard, &[])), "pcs_win");
    let (together, together_low, _) = estimate(&fight(&with(&hard, &["union=boss"])), "pcs_win");
    assert!(alone_high < together_low, "{alone} against {together}");
    // Défense 10: one attack a round instead of four makes the fight last longer.
    let easy = boss("10");
    let (alone, _, alone_high) = estimate(&fight(&with(&easy, &[])), "mean_rounds");
    let (together, together_low, _) = estimate(&fight(&with(&easy, &["union=all"])), "mean_rounds");
    assert!(alone_high < together_low, "{alone} against {together}");
}

#[test]
fn union_against_no_boss_draws_the_same_fights() {
    // `union=boss` against seconds couteaux only: nobody to attack together, the play with
    // the options draws the same dice as the play without.
    let words = ["pcs=3", "foes=lieutenants"];
    let off = fight(&words)["metrics"].clone();
    let on = fight(&[&words[..], &["union=boss"]].concat());
    assert_eq!(off, on["metrics"]);
}

#[test]
fn a_lost_action_costs_more_than_a_fall() {
    // Efficacité paid with a Risque: losing the next turn on a miss wins fewer fights than
    // a Danger on the next defence, and fewer than a fall (the next attack at -2).
    let words = ["pcs=4", "foes=boss_brute,lieutenants"];
    let risque = fight(&[&words[..], &["pc_trade=efficacite_risque"]].concat());
    let danger = fight(&[&words[..], &["pc_trade=efficacite_danger"]].concat());
    let fall = fight(&[&words[..], &["pc_trade=efficacite_risque", "risque=fall"]].concat());
    let (r, _, r_high) = estimate(&risque, "pcs_win");
    let (d, d_low, _) = estimate(&danger, "pcs_win");
    let (f, f_low, _) = estimate(&fall, "pcs_win");
    assert!(r_high < d_low, "{r} against {d}");
    assert!(r_high < f_low, "{r} against {f}");
}

#[test]
fn bad_union_and_risque_switches_are_refused() {
    assert_user_error(&alea(&["prob", "cle.fight", "union=everyone"]), &["union"]);
    assert_user_error(&alea(&["prob", "cle.fight", "risque=explode"]), &["risque"]);
    assert_user_error(
        &alea(&["prob", "cle.fight", "pc_trade=efficacite_peril"]),
        &["pc_trade"],
    );
}

#[test]
fn a_boss_slow_to_interrupt_loses_its_turns() {
    // Four PCs against a boss of Défense 16 and Réflexes 0 that tries to interrupt every
    // PC's attack (interrupt=foes): against the first PC's Réflexes 6 it mostly loses the
    // opposition and with it its turn, so the PCs win more fights and fewer of them die.
    let hard = boss("16");
    let plain = fight(&with(&hard, &["foe.reflexes=0"]));
    let slow = fight(&with(&hard, &["foe.reflexes=0", "interrupt=foes"]));
    let (p, _, p_high) = estimate(&plain, "pcs_win");
    let (s, s_low, _) = estimate(&slow, "pcs_win");
    assert!(p_high < s_low, "{p} against {s}");
    let (p, p_low, _) = estimate(&plain, "pc_deaths");
    let (s, _, s_high) = estimate(&slow, "pc_deaths");
    assert!(s_high < p_low, "{p} against {s}");
    assert_user_error(
        &alea(&["prob", "cle.fight", "interrupt=often"]),
        &["interrupt"],
    );
    assert_user_error(
        &alea(&["prob", "cle.fight", "interrupt_penalty=risque"]),
        &["interrupt_penalty"],
    );
}
