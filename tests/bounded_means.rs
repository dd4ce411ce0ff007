//! Means that cannot leave a range keep their intervals inside it (issue 25): never below
//! 0 for a quantity that cannot be negative, never of zero width when the sample shows no
//! spread, and holding the exact mean of a rare event.

mod common;

use common::*;

/// The estimate, interval and exact value of `metric` in a `--json` answer.
fn interval(answer: &serde_json::Value, metric: &str) -> (f64, f64, f64, Option<f64>) {
    let m = &answer["metrics"][metric];
    let end = |i: usize| {
        m["ci95"][i]
            .as_f64()
            .unwrap_or_else(|| panic!("{metric} has both ends: {m}"))
    };
    (
        m["estimate"].as_f64().unwrap(),
        end(0),
        end(1),
        m["exact"].as_f64(),
    )
}

#[test]
fn a_rare_fire_wound_keeps_an_honest_interval_above_zero() {
    // 3d6 for one round on 4 vitality: 1 left only on three 1s (1/216); none in 100.
    let answer = json(&alea(&[
        "prob",
        "cle.fire",
        "fire=blaze",
        "rounds=1",
        "vitality=4",
        "resistance=5",
        "volonte=5",
        "--samples",
        "100",
        "--seed",
        "1",
        "--json",
    ]));
    let (estimate, lo, hi, exact) = interval(&answer, "mean_vitality_left");
    let exact = exact.expect("cle.fire has exact values");
    assert_eq!(estimate, 0.0, "no spread in the sample");
    assert!(lo == 0.0 && lo < hi, "[{lo}, {hi}]");
    assert!(lo <= exact && exact <= hi, "{exact} outside [{lo}, {hi}]");
}

#[test]
fn group_fights_without_exact_values_keep_their_means_in_range() {
    // Four level-3 fighters against one normal human: no PC dies in 200 encounters, and
    // the human always does; Monte Carlo only, so the declared ranges alone bound them.
    let answer = json(&alea(&[
        "prob",
        "ose.encounter",
        "party=fighter3*4",
        "monsters=human",
        "--samples",
        "200",
        "--seed",
        "1",
        "--json",
    ]));
    let (pc_deaths, lo, hi, exact) = interval(&answer, "mean_pc_deaths");
    assert_eq!((pc_deaths, exact), (0.0, None));
    assert!(lo == 0.0 && lo < hi && hi <= 4.0, "[{lo}, {hi}]");
    let (monster_deaths, lo, hi, _) = interval(&answer, "mean_monster_deaths");
    assert_eq!(monster_deaths, 1.0);
    assert!(0.0 <= lo && lo < hi && hi == 1.0, "[{lo}, {hi}]");
    // Kröm and Björn against one average fighter: the fighters standing stay within the
    // sides' sizes (2 and 1).
    let answer = json(&alea(&[
        "prob",
        "aube.melee",
        "side_a=krom,bjorn",
        "side_b=average",
        "--samples",
        "100",
        "--seed",
        "1",
        "--json",
    ]));
    for (metric, size) in [("a_standing", 2.0), ("b_standing", 1.0)] {
        let (_, lo, hi, _) = interval(&answer, metric);
        assert!(0.0 <= lo && lo < hi && hi <= size, "{metric}: [{lo}, {hi}]");
    }
}
