//! The options of `cle.fight` beyond the attacks (issue 29), asked as a user asks them:
//! finishing off the unconscious and first aid during a fight, surprise and the attacks a
//! defender does not perceive.

mod common;

use common::{alea, answer, assert_user_error, estimate, exact};

/// The metrics of `cle.fight` with `words`, 20,000 fights from seed 7.
fn fight(words: &[&str]) -> serde_json::Value {
    let mut w = vec!["cle.fight"];
    w.extend_from_slice(words);
    answer(&w, &["--samples", "20000", "--seed", "7"])
}

#[test]
fn switches_with_nothing_to_do_draw_the_same_fights() {
    // Against a lone boss the foes have nobody to tend and the PCs nobody to finish off
    // (the boss out, the fight is over): the play with the options draws the same dice as
    // the play without.
    let words = ["pcs=3", "foes=boss_brute"];
    let off = fight(&words)["metrics"].clone();
    let on = fight(&[&words[..], &["first_aid=foes", "finish_off=pcs"]].concat());
    assert_eq!(off, on["metrics"]);
}

#[test]
fn first_aid_saves_the_party_and_finishing_off_kills_it() {
    // Four PCs of Soins 10 against the boss and its lieutenants: tending the dying and the
    // unconscious wins more fights and leaves fewer PCs dead; the foes finishing off
    // the unconscious PCs leave more.
    let words = ["pcs=4", "foes=boss_brute,lieutenants", "pc.soins=10"];
    let plain = fight(&words);
    let aid = fight(&[&words[..], &["first_aid=pcs"]].concat());
    let finish = fight(&[&words[..], &["finish_off=foes"]].concat());
    let (w0, _, w0_high) = estimate(&plain, "pcs_win");
    let (w1, w1_low, _) = estimate(&aid, "pcs_win");
    assert!(w0_high < w1_low, "{w0} against {w1}");
    let (d0, d0_low, d0_high) = estimate(&plain, "pc_deaths");
    let (d1, _, d1_high) = estimate(&aid, "pc_deaths");
    assert!(d1_high < d0_low, "{d0} against {d1}");
    let (d2, d2_low, _) = estimate(&finish, "pc_deaths");
    assert!(d0_high < d2_low, "{d0} against {d2}");
}

#[test]
fn bad_downed_switches_are_refused() {
    assert_user_error(
        &alea(&["prob", "cle.fight", "first_aid=sometimes"]),
        &["first_aid"],
    );
    assert_user_error(
        &alea(&["prob", "cle.fight", "finish_off=everyone"]),
        &["finish_off"],
    );
    assert_user_error(&alea(&["prob", "cle.fight", "pc.soins=41"]), &["soins"]);
}

#[test]
fn an_unperceived_attack_is_a_combat_test() {
    // "il suffit que le joueur de son adversaire réussisse un test de Combat avec une
    // difficulté […] généralement 10": Combat 5 against 10 whatever the Défense, 3d6 >= 5,
    // 212/216; Combat -10 only on three 6, 1/216.
    let hit = |combat: &str| {
        exact(
            &["cle.attack", combat, "defense=30", "unperceived=10"],
            "hit",
        )
    };
    assert!((hit("combat=5") - 212.0 / 216.0).abs() < 1e-9);
    assert!((hit("combat=-10") - 1.0 / 216.0).abs() < 1e-9);
}

#[test]
fn the_side_taken_by_surprise_loses_more_fights() {
    // Three PCs against the boss and its lieutenants: a first round without defence and
    // without action changes the odds both ways.
    let words = ["pcs=3", "foes=boss_brute,lieutenants", "pc.combat=10"];
    let (p, p_low, p_high) = estimate(&fight(&words), "pcs_win");
    let (f, f_low, _) = estimate(
        &fight(&[&words[..], &["surprise=foes"]].concat()),
        "pcs_win",
    );
    let (s, _, s_high) = estimate(&fight(&[&words[..], &["surprise=pcs"]].concat()), "pcs_win");
    assert!(p_high < f_low, "{p} against {f}");
    assert!(s_high < p_low, "{s} against {p}");
    assert_user_error(
        &alea(&["prob", "cle.fight", "surprise=both"]),
        &["surprise"],
    );
    assert_user_error(
        &alea(&["prob", "cle.fight", "unperceived=41"]),
        &["unperceived"],
    );
}
