//! *Attaques multiples*, *Zone* weapons and each PC's own hero policy in `cle.fight` (the
//! issue "the rules still missing"), asked as a user asks them.

mod common;

use common::{alea, answer, assert_user_error, estimate, exact};

/// The metrics of `cle.fight` with `words`, 20,000 fights from seed 7.
fn fight(words: &[&str]) -> serde_json::Value {
    let mut w = vec!["cle.fight"];
    w.extend_from_slice(words);
    answer(&w, &["--samples", "20000", "--seed", "7"])
}

fn with<'a>(base: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    [base, more].concat()
}

#[test]
fn options_with_nothing_to_do_draw_the_same_fights() {
    // The fight-wide switches without a fighter aiming at several; and a fighter aiming at
    // two against a lone boss (one adversary: a plain attack): the same dice, the same
    // fights.
    let words = ["pcs=3", "foes=boss_brute"];
    let off = fight(&words)["metrics"].clone();
    let switches = [
        "multiple_defence=first",
        "multiple_penalty=difficulte",
        "targets_pick=weakest",
        "zone_catches=5",
    ];
    assert_eq!(off, fight(&with(&words, &switches))["metrics"]);
    assert_eq!(off, fight(&with(&words, &["pc.targets=2"]))["metrics"]);
    // Each PC following the fight's policy is the fight as it was.
    assert_eq!(
        off,
        fight(&with(&words, &["pc.hero_policy=fight"]))["metrics"]
    );
}

#[test]
fn attacking_several_figurants_at_once_ends_the_fight_sooner() {
    // Four PCs against twelve figurants: a figurant falls at its first wound, so halving
    // the damage costs nothing and two targets a throw clear the crowd faster; a grenade
    // catching three of them faster still.
    let words = ["pcs=4", "opponent=figurants", "foe.count=[6,8,12,14]"];
    let (one, _, one_high) = estimate(&fight(&words), "mean_rounds");
    let two = fight(&with(&words, &["pc.targets=2"]));
    let (two, two_low, two_high) = estimate(&two, "mean_rounds");
    assert!(two_high < one_high && two_high < one, "{one} against {two}");
    let (zone, _, zone_high) = estimate(
        &fight(&with(&words, &["pc.zone=true", "pc.six_plus=true"])),
        "mean_rounds",
    );
    assert!(zone_high < two_low, "{two} against {zone}");
}

#[test]
fn two_targets_a_throw_thin_the_bosss_guard() {
    // The boss and its four lieutenants: focus fire strikes the boss (40 vitality) while
    // the lieutenants strike back; two targets a throw also strike a lieutenant (12
    // vitality), whose halved wounds fell it sooner, and the PCs win more fights, for all
    // the Danger paid on every attack.
    let words = ["pcs=4", "foes=boss_brute,lieutenants"];
    let (one, _, one_high) = estimate(&fight(&words), "pcs_win");
    let (two, two_low, _) = estimate(&fight(&with(&words, &["pc.targets=2"])), "pcs_win");
    assert!(one_high < two_low, "{one} against {two}");
}

#[test]
fn each_pc_spends_by_its_own_policy() {
    // The fight spends nothing; the roster's medecin spends on its defence.
    let words = ["party=bretteur*3,medecin", "foes=boss_brute,lieutenants"];
    let none = fight(&with(&words, &["hero_policy=none"]));
    let (spent, low, _) = estimate(&none, "hero_points_spent");
    assert!(low > 0.5, "{spent}");
    // Every PC on its own `none`, whatever the fight's: nothing spent.
    let none = fight(&["pcs=4", "hero_policy=both", "pc.hero_policy=none"]);
    assert_eq!(estimate(&none, "hero_points_spent").0, 0.0);
}

#[test]
fn the_halving_of_attaques_multiples_is_cle_attacks() {
    // The damage of one target of an Attaques multiples: cle.attack's `multiple`, exact.
    // The red die alone (1d6), bonus 1, protection 0: a hit's die d gives (d + 1)/2
    // rounded up, 1, 2, 2, 3, 3, 4 for d = 1..6; the damage read off a hit is not the
    // plain die, but the plain damage is: a mean of 15/6 = 2.5.
    let plain = exact(
        &[
            "cle.attack",
            "combat=8",
            "defense=6",
            "bonus=1",
            "multiple=true",
        ],
        "mean_damage_plain",
    );
    assert!((plain - 2.5).abs() < 1e-12, "{plain}");
}

#[test]
fn bad_multiple_and_zone_fields_are_refused() {
    assert_user_error(
        &alea(&["prob", "cle.fight", "pc.targets=3"]),
        &["pc.targets", "cibles_multiples"],
    );
    assert_user_error(
        &alea(&["prob", "cle.fight", "pc.zone=true", "pc.targets=2"]),
        &["pc.targets", "Zone"],
    );
    assert_user_error(
        &alea(&[
            "prob",
            "cle.fight",
            "opponent=seconds",
            "foe.targets=5",
            "foe.cibles_multiples=4",
        ]),
        &["foe.targets"],
    );
    assert_user_error(
        &alea(&["prob", "cle.fight", "multiple_defence=all"]),
        &["multiple_defence"],
    );
    assert_user_error(
        &alea(&["prob", "cle.fight", "zone_catches=0"]),
        &["zone_catches"],
    );
    assert_user_error(
        &alea(&["prob", "cle.fight", "pc.hero_policy=sometimes"]),
        &["hero_policy"],
    );
    assert_user_error(
        &alea(&["prob", "cle.fight", "foe.hero_policy=attack"]),
        &["foe.hero_policy", "hero points"],
    );
}
