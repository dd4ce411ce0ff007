//! Every fight states its round cap as a parameter, `max_rounds`, with a `draw` metric
//! (issue 25): an `ose` fight nobody can end is refused before it starts when its rounds
//! would pass the budget, and with a small cap it ends as a draw lasting the cap.

mod common;

use common::*;

/// A roster whose fighter and monster hit only on a natural 20, for 1 or 2 damage, with
/// hundreds of hit points: nobody can fall within a few hundred rounds.
const STALEMATE: &str = r#"system = "ose"

[[fighter]]
name = "feeble"
about = "hits only on a natural 20, for 1; 200 HP"
thac0 = 30
ac = -10
hp = 200
damage = 2
str = -3

[[monster]]
name = "wall"
about = "hits only on a natural 20, for 1 or 2; 500 HP; never flees"
hd = "1"
ac = -10
hp = 500
damage = 2
morale = 12
"#;

fn stalemate_roster(label: &str) -> String {
    write_file(&temp_dir(label), "stalemate.toml", STALEMATE)
}

#[test]
fn an_encounter_nobody_can_end_is_refused_by_the_rounds_budget() {
    let roster = stalemate_roster("cap-refused");
    for mechanic in [
        vec!["ose.encounter", "party=feeble*2", "monsters=wall*2"],
        vec!["ose.duel", "fighter=feeble", "monster=wall"],
    ] {
        let mut args = vec!["prob"];
        args.extend(mechanic);
        args.extend(["max_rounds=100000", "--roster", &roster]);
        assert_user_error(
            &alea(&args),
            &[
                "100,000,000,000 rounds (1,000,000 samples x max_rounds",
                "max_rounds",
                "--allow-large",
            ],
        );
    }
}

#[test]
fn an_encounter_at_a_small_cap_is_a_draw_lasting_the_cap() {
    let roster = stalemate_roster("cap-draw");
    for mechanic in [
        vec!["ose.encounter", "party=feeble*2", "monsters=wall*2"],
        vec!["ose.duel", "fighter=feeble", "monster=wall"],
    ] {
        let mut args = vec!["prob"];
        args.extend(mechanic.iter().copied());
        args.extend([
            "max_rounds=20",
            "--roster",
            &roster,
            "--samples",
            "2000",
            "--json",
        ]);
        let answer = json(&alea(&args));
        let metrics = &answer["metrics"];
        assert_eq!(answer["params"]["max_rounds"], 20, "{mechanic:?}");
        assert_eq!(metrics["draw"]["estimate"], 1.0, "{mechanic:?}");
        assert_eq!(metrics["mean_rounds"]["estimate"], 20.0, "{mechanic:?}");
        assert_eq!(answer["histograms"]["rounds"]["20"], 1.0, "{mechanic:?}");
    }
}

#[test]
fn the_cap_is_listed_with_what_happens_there() {
    for mechanic in ["ose.duel", "ose.encounter"] {
        let listing = stdout(&alea(&["list", mechanic]));
        let cap = listing
            .lines()
            .find(|l| l.trim_start().starts_with("max_rounds"))
            .unwrap_or_else(|| panic!("{mechanic} lists max_rounds: {listing}"));
        assert!(
            cap.contains("1000") && cap.contains("1..=100000") && cap.contains("draw"),
            "{cap}"
        );
        let draw = listing
            .lines()
            .find(|l| l.trim_start().starts_with("draw "))
            .unwrap_or_else(|| panic!("{mechanic} reports draw: {listing}"));
        assert!(draw.contains("max_rounds"), "{draw}");
    }
}

#[test]
fn a_cle_fight_at_its_cap_is_a_draw() {
    // One round cannot put four PCs or the boss out often: most fights are draws, and the
    // three endings are all there is.
    let answer = json(&alea(&[
        "prob",
        "cle.fight",
        "max_rounds=1",
        "--samples",
        "2000",
        "--json",
    ]));
    let m = &answer["metrics"];
    let chance = |name: &str| m[name]["estimate"].as_f64().unwrap();
    assert!(chance("draw") > 0.5, "{m}");
    let all = chance("draw") + chance("pcs_win") + chance("foes_win");
    assert!((all - 1.0).abs() < 1e-12, "{all}");
    assert_eq!(chance("mean_rounds"), 1.0);
}
