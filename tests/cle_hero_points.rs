//! The hero points of `cle` spent as the text spends them (issue 29), asked as a user asks
//! them: the rolls again of `cle.attack` with their exact values worked from the dice, and
//! the switches of `cle.fight`.

mod common;

use common::{alea, answer, assert_user_error, estimate, exact};

#[test]
fn an_attack_rolled_again_meets_the_same_defence() {
    // Combat 5 against Défense 5: 4249/7776; a miss rolled again against the same defence
    // 1792481/2519424; a failed defence rolled again against the same attack 960871/2519424
    // (the sums over the 3d6 of each side, the README's figures).
    let hit = |extra: &str| {
        let mut args = vec!["cle.attack", "combat=5", "defense=5"];
        if !extra.is_empty() {
            args.push(extra);
        }
        exact(&args, "hit")
    };
    assert!((hit("") - 4249.0 / 7776.0).abs() < 1e-9);
    assert!((hit("attacker_reroll=true") - 1792481.0 / 2519424.0).abs() < 1e-9);
    assert!((hit("defender_reroll=true") - 960871.0 / 2519424.0).abs() < 1e-9);
}

#[test]
fn a_fight_without_hero_points_spends_none_whatever_the_switches() {
    // hero_points=0: every switch is idle, and the fight draws the same dice as with the
    // switches off (same seed, same estimates).
    let words = ["cle.fight", "pcs=3", "foes=boss_brute,lieutenants"];
    let run = |extra: &[&str]| {
        let mut w = words.to_vec();
        w.extend_from_slice(extra);
        answer(&w, &["--samples", "20000", "--seed", "5"])["metrics"].clone()
    };
    let off = run(&["hero_points=0"]);
    let on = run(&[
        "hero_points=0",
        "hero_reroll=both",
        "hero_cancel=any",
        "hero_cover=true",
        "hero_limit=turn",
    ]);
    assert_eq!(off, on);
}

#[test]
fn cancelling_wounds_wins_fights_the_fourth_die_alone_would_lose() {
    // Four PCs without the fourth die against the boss and its lieutenants: almost never
    // a win (about 0.2%); cancelling the wounds that bring the mal en point tests, about
    // 27%. Every point is spent on it, two at a time.
    let words = |extra: &'static str| {
        [
            "cle.fight",
            "pcs=4",
            "foes=boss_brute,lieutenants",
            "hero_policy=none",
            extra,
        ]
    };
    let extra = ["--samples", "20000", "--seed", "9"];
    let plain = answer(&words("hero_cancel=none"), &extra);
    let cancel = answer(&words("hero_cancel=mal_en_point"), &extra);
    let (p0, _, high0) = estimate(&plain, "pcs_win");
    let (p1, low1, _) = estimate(&cancel, "pcs_win");
    assert!(high0 < low1, "{p0} against {p1}");
    let (spent, _, _) = estimate(&cancel, "hero_points_spent");
    assert!(spent > 0.0 && spent <= 24.0, "{spent}");
}

#[test]
fn bad_hero_switches_are_refused() {
    assert_user_error(
        &alea(&["prob", "cle.fight", "hero_cancel=sometimes"]),
        &["hero_cancel"],
    );
    assert_user_error(
        &alea(&["prob", "cle.fight", "hero_points=31"]),
        &["hero_points"],
    );
    assert_user_error(
        &alea(&["prob", "cle.fight", "hero_limit=scene"]),
        &["hero_limit"],
    );
}

#[test]
fn primes_and_penalites_are_fighter_options() {
    // The foes taking Efficacité and Danger on every attack: the fight changes (other
    // estimates from the same seed); a trade of the text's list only.
    let run = |trade: &'static str| {
        let words = ["cle.fight", "pcs=3", "foes=boss_brute", trade];
        answer(&words, &["--samples", "20000", "--seed", "3"])["metrics"].clone()
    };
    let none = run("foe_trade=none");
    assert_ne!(none, run("foe_trade=efficacite_danger"));
    assert_ne!(none, run("pc_trade=prudence_difficulte"));
    assert_user_error(
        &alea(&["prob", "cle.fight", "pc_trade=risque"]),
        &["pc_trade"],
    );
}
