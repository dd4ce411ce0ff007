//! Options and rules of the source texts that alea plays as switches of existing mechanics
//! (issue 29), asked as a user asks them: one command each, its exact value worked from the
//! text by hand.

mod common;

use common::{alea, assert_user_error, exact};

/// True when `a` and `b` agree to rounding.
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn maitrise_d100_multiplies_everything_by_five() {
    // sm 53 on the d100: 53% success; critical successes 01-05 and 51-53 with the bands
    // reading (8%), 05 only with the faces reading (1%: 55 fails).
    let bands = ["maitrise.test", "sm=53", "d100=true"];
    assert!(same(exact(&bands, "success"), 0.53));
    assert!(same(exact(&bands, "crit_success"), 0.08));
    assert!(same(exact(&bands, "crit_failure"), 0.05));
    let faces = [
        "maitrise.test",
        "sm=53",
        "d100=true",
        "d100_criticals=faces",
    ];
    assert!(same(exact(&faces, "crit_success"), 0.01));
    assert!(same(exact(&faces, "crit_failure"), 0.01));
    // At a multiple of five the bands reading is the d20 game: sm 100 is sm 20.
    let high = ["maitrise.test", "sm=100", "d100=true"];
    assert!(same(exact(&high, "success"), 0.975));
    assert!(same(exact(&high, "crit_failure"), 0.01));
    // A series: three rolls at 60, 0.6^3.
    let series = ["maitrise.series", "sm=60", "n=3", "d100=true"];
    assert!(same(exact(&series, "all_succeed"), 0.216));
}

#[test]
fn maitrise_d100_refuses_what_it_cannot_play() {
    assert_user_error(
        &alea(&["prob", "maitrise.test", "sm=50", "d100_criticals=faces"]),
        &["d100_criticals", "d100=true"],
    );
    assert_user_error(
        &alea(&[
            "prob",
            "maitrise.test",
            "sm=50",
            "d100=true",
            "--rules",
            "analyses/house/maitrise_2d10.toml",
        ]),
        &["roll_die", "d100"],
    );
}

#[test]
fn ose_hiring_over_several_offers() {
    // One offer: 9 or more on 2d6, 10/36. Two: (360 + 250 + 6) / 1296 (a second offer
    // after 3-8, at -1 after animosity); one candidate asked again on 6-8 only: 520/1296.
    assert!(same(
        exact(&["ose.hiring", "offers=1"], "hired"),
        10.0 / 36.0
    ));
    assert!(same(
        exact(&["ose.hiring", "offers=2"], "hired"),
        616.0 / 1296.0
    ));
    let single = ["ose.hiring", "offers=2", "single_candidate=true"];
    assert!(same(exact(&single, "hired"), 520.0 / 1296.0));
    let once = [
        "ose.hiring",
        "cha_mod=-1",
        "offers=3",
        "animosity_once=true",
    ];
    assert!(same(exact(&once, "hired"), 18846.0 / 46656.0));
    assert_user_error(&alea(&["prob", "ose.hiring", "offers=0"]), &["offers"]);
}

#[test]
fn aube_non_lethal_damage_counts_only_fatigue() {
    // dom 30 against enc 10: a légère (3 points) 1 time in 20, a grave (5) 19 times.
    let fists = ["aube.damage", "dom=30", "enc=10", "nonlethal=fatigue"];
    assert!(same(exact(&fists, "mean_fatigue_points"), 4.9));
    // The GC's wound: from 6 points held only the grave passes 10; from 12 held, every
    // blow by default, none with nonlethal_wound_once (the count was already past 10).
    let gc = [
        "aube.damage",
        "dom=30",
        "enc=10",
        "nonlethal=wounds",
        "fatigue=6",
    ];
    assert!(same(exact(&gc, "gc_wound"), 0.95));
    let tired = [
        "aube.damage",
        "dom=30",
        "enc=10",
        "nonlethal=wounds",
        "fatigue=12",
    ];
    assert!(same(exact(&tired, "gc_wound"), 1.0));
    let once = [
        "aube.damage",
        "dom=30",
        "enc=10",
        "nonlethal=wounds",
        "fatigue=12",
        "nonlethal_wound_once=true",
    ];
    assert!(same(exact(&once, "gc_wound"), 0.0));
    assert_user_error(
        &alea(&["prob", "aube.damage", "dom=30", "enc=10", "fatigue=3"]),
        &["fatigue", "nonlethal"],
    );
}
