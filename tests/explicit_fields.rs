//! A field given on the command line is never silently ignored (issue 25): beside a
//! roster name it wins (`pc=bretteur pc.combat=40`), and beside a side that replaces it
//! (`party=bretteur*2 pc.combat=40`) it is an error, exit code 2, naming both.

mod common;

use common::*;

#[test]
fn fields_a_named_party_or_foe_list_replaces_are_refused_naming_both() {
    for (extra, needles) in [
        (
            "pcs=5",
            ["pcs: given with 'party'", "'pcs', 'pc' and 'pc.*'"],
        ),
        (
            "pc.combat=40",
            ["pc.combat: given with 'party'", "would be ignored"],
        ),
        (
            "opponent=figurants",
            [
                "opponent: given with 'foes'",
                "'opponent', 'foe' and 'foe.*'",
            ],
        ),
        (
            "foe.combat=3",
            ["foe.combat: given with 'foes'", "would be ignored"],
        ),
    ] {
        let out = alea(&[
            "prob",
            "cle.fight",
            "party=bretteur*2",
            "foes=boss_brute",
            extra,
        ]);
        assert_user_error(&out, &needles);
    }
    // The command line: refused at its first conflict, nothing sampled.
    let out = alea(&[
        "prob",
        "cle.fight",
        "party=bretteur*2",
        "foes=boss_brute",
        "pcs=5",
        "pc.combat=40",
        "opponent=figurants",
    ]);
    assert_user_error(&out, &["given with 'party'"]);
    assert!(stdout(&out).is_empty());
}

#[test]
fn an_explicit_field_beside_a_roster_name_wins() {
    // Two bretteurs (Combat 10) against the boss, and the same with Combat 40: the
    // explicit field raises their chance to win far beyond both 95% intervals.
    let pcs_win = |extra: &[&str]| {
        let mut args = vec![
            "prob",
            "cle.fight",
            "pc=bretteur",
            "pcs=2",
            "foes=boss_brute",
            "--samples",
            "20000",
            "--json",
        ];
        args.extend(extra);
        let answer = json(&alea(&args));
        let m = answer["metrics"]["pcs_win"].clone();
        let [lo, hi] = [0, 1].map(|i| m["ci95"][i].as_f64().unwrap());
        (answer["params"]["pc.combat"].as_i64().unwrap(), lo, hi)
    };
    let (combat, _, roster_hi) = pcs_win(&[]);
    assert_eq!(combat, 10, "the roster's bretteur");
    let (combat, explicit_lo, _) = pcs_win(&["pc.combat=40"]);
    assert_eq!(combat, 40, "the explicit field");
    assert!(explicit_lo > roster_hi, "{explicit_lo} <= {roster_hi}");
}

#[test]
fn the_header_leaves_out_what_a_side_given_replaces() {
    let out = alea(&[
        "prob",
        "cle.fight",
        "party=bretteur*2",
        "foes=boss_brute",
        "--samples",
        "2000",
    ]);
    assert_clean_exit(&out, "cle.fight party= foes=");
    let header = stdout(&out).lines().next().unwrap_or_default().to_string();
    assert!(
        header.contains("party=bretteur*2") && header.contains("foes=boss_brute"),
        "{header}"
    );
    for unused in ["pcs=", "pc.combat=", "opponent=", "foe.vitality="] {
        assert!(!header.contains(unused), "{unused} in {header}");
    }
    // Without party=, the profile's fields are what played: they are echoed.
    let out = alea(&["prob", "cle.fight", "pcs=2", "--samples", "2000"]);
    assert!(
        stdout(&out)
            .lines()
            .next()
            .unwrap_or_default()
            .contains("pc.combat=")
    );
}

#[test]
fn a_foe_given_as_a_pc_is_named_as_a_foe() {
    assert_user_error(
        &alea(&["prob", "cle.fight", "pc=boss_brute"]),
        &["pc: 'boss_brute' is a foe of the cle roster and does not fit here"],
    );
}
