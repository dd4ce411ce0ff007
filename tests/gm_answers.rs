//! A game master's answers in one command (issue 27): a header that shows what matters
//! (fighters by name, the fields given beside them, `--all-params` for everything), a
//! sweep over the count of a roster monster, and `alea difficulty` over that count naming
//! the readings it assumed (whom the monsters attack).

mod common;

use common::*;

/// The party of the encounter.
const PARTY: &str = "party=fighter1*2,cleric1,thief1";

fn first_line(args: &[&str]) -> String {
    let out = alea(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out).lines().next().unwrap_or_default().to_string()
}

#[test]
fn a_named_duels_header_is_short_and_all_params_shows_everything() {
    let header = first_line(&["prob", "aube.duel", "a=krom", "b=bjorn", "--exact"]);
    assert!(
        header.chars().count() < 200,
        "{} chars: {header}",
        header.len()
    );
    assert!(
        header.contains(" a=krom ") && header.contains(" b=bjorn "),
        "{header}"
    );
    // The fields the roster names gave, and the fighters' options at their defaults, are
    // left out; the rest of the duel (its factors, readings and cap) is shown.
    for hidden in ["a.ca=", "b.bd=", "a.crit=", "b.heroism_rules="] {
        assert!(!header.contains(hidden), "{hidden} in {header}");
    }
    for shown in ["fa=10", "fm=0", "out_at=fatale", "max_rounds=1000"] {
        assert!(header.contains(shown), "{shown} not in {header}");
    }
    // A field given beside the name is shown beside it.
    let header = first_line(&[
        "prob",
        "aube.duel",
        "a=krom",
        "a.ca=11",
        "b=bjorn",
        "--exact",
    ]);
    assert!(header.contains("a=krom a.ca=11 b=bjorn"), "{header}");
    // --all-params shows every one, as --json always does.
    let header = first_line(&[
        "prob",
        "aube.duel",
        "a=krom",
        "b=bjorn",
        "--exact",
        "--all-params",
    ]);
    for shown in ["a.ca=9", "b.bd=15", "a.crit=none", "b.heroism_rules=false"] {
        assert!(header.contains(shown), "{shown} not in {header}");
    }
    let answer = json(&alea(&[
        "prob",
        "aube.duel",
        "a=krom",
        "b=bjorn",
        "--exact",
        "--json",
    ]));
    assert_eq!(answer["params"]["a.ca"], 9);
}

#[test]
fn fighters_given_by_name_are_named_beside_their_metrics() {
    let out = alea(&["prob", "aube.duel", "a=krom", "b=bjorn", "--exact"]);
    let text = stdout(&out);
    assert!(text.contains("a_wins (Kröm)"), "{text}");
    assert!(text.contains("b_wins (Björn)"), "{text}");
    // A roster entry whose description does not open with its name keeps the name typed.
    let out = alea(&["prob", "aube.duel", "a=krom", "b=average", "--exact"]);
    assert!(
        stdout(&out).contains("b_wins (average)"),
        "{}",
        stdout(&out)
    );
    // Fighters given by their fields have no name: A and B.
    let out = alea(&[
        "prob",
        "aube.duel",
        "a=krom",
        "b.ca=12",
        "b.ba=0",
        "b.bp=0",
        "b.be=3",
        "b.bd=15",
        "b.enc=12",
        "--exact",
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("a_wins (Kröm)") && !text.contains("b_wins ("),
        "{text}"
    );
}

#[test]
fn an_encounter_sweeps_the_count_of_a_roster_monster() {
    let args = [
        "prob",
        "ose.encounter",
        PARTY,
        "monsters=goblin*1..=8",
        "--samples",
        "2000",
    ];
    let out = alea(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("goblin"))
        .collect();
    assert_eq!(rows.len(), 8, "{text}");
    assert!(rows[7].trim_start().starts_with("goblin*8"), "{text}");
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let answer = json(&alea(&with_json));
    assert_eq!(answer["swept"][0], "monsters");
    let rows = answer["rows"].as_array().unwrap();
    let sides: Vec<&str> = rows
        .iter()
        .map(|r| r["params"]["monsters"].as_str().unwrap())
        .collect();
    assert_eq!(
        sides,
        [
            "goblin", "goblin*2", "goblin*3", "goblin*4", "goblin*5", "goblin*6", "goblin*7",
            "goblin*8"
        ]
    );
    // More goblins, more risk: eight are beyond doubt riskier than one.
    let risk = |row: &serde_json::Value| row["metrics"]["any_pc_dies"]["ci95"].clone();
    assert!(risk(&rows[7])[0].as_f64() > risk(&rows[0])[1].as_f64());
    // A range of counts needs exactly one member with a count range.
    let out = alea(&["prob", "ose.encounter", PARTY, "monsters=goblin..=8"]);
    assert_user_error(&out, &["not a range of counts", "goblin*1..=8"]);
}

#[test]
fn difficulty_over_the_count_names_the_count_the_chance_and_the_targeting() {
    let finder = |extra: &[&str], json_out: bool| {
        let mut args = vec!["difficulty", "ose.encounter", PARTY, "monsters=goblin"];
        args.extend(extra);
        args.extend([
            "--over",
            "count",
            "--target",
            "0.1",
            "--metric",
            "any_pc_dies",
            "--to",
            "8",
            "--samples",
            "2000",
        ]);
        if json_out {
            args.push("--json");
        }
        alea(&args)
    };
    let out = finder(&[], false);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for needle in [
        "count for a 10.0% chance of any_pc_dies",
        "count = 1 gives",
        "monsters_target=focus",
        "no value reaches 10.0%",
    ] {
        assert!(text.contains(needle), "{needle:?} not in {text}");
    }
    let answer = json(&finder(&["monsters_target=random"], true));
    assert_eq!(answer["assumed"]["monsters_target"], "random");
    assert_eq!(answer["best"]["value"], 1);
    assert!(answer["best"]["chance"].as_f64().unwrap() > 0.0);
}

/// The GM's question on a risk that rises with the count: the most goblins the party meets
/// with at most a 50% risk that a character dies. `--at-most` marks the metric as a risk
/// to keep low, so the finder answers the largest count that stays under the bound, not
/// the smallest one, and says so; a bound nothing meets gives the closest and a note.
#[test]
fn at_most_a_risk_gives_the_most_monsters_that_stay_under_it() {
    let finder = |bound: &str, json_out: bool| {
        let mut args = vec![
            "difficulty",
            "ose.encounter",
            PARTY,
            "monsters=goblin*1..=8",
            "--metric",
            "any_pc_dies",
            "--at-most",
            bound,
            "--samples",
            "2000",
        ];
        if json_out {
            args.push("--json");
        }
        alea(&args)
    };
    let answer = json(&finder("0.5", true));
    assert_eq!(answer["goal"], "at-most");
    assert_eq!(answer["goal_met"], true, "{answer}");
    assert_eq!(answer["trend"], "rising", "{answer}");
    assert_eq!(answer["assumed"]["monsters_target"], "focus");
    // The answer stays under the bound and the next count is over it: the largest count.
    let points = answer["points"].as_array().unwrap();
    let best = points
        .iter()
        .position(|p| p["value"] == answer["best"]["value"])
        .unwrap();
    assert!(best >= 1, "more than one goblin stays under 50%: {answer}");
    assert!(
        points[..=best]
            .iter()
            .all(|p| p["chance"].as_f64() <= Some(0.5))
    );
    assert!(points[best + 1]["chance"].as_f64() > Some(0.5), "{answer}");

    let out = finder("0.5", false);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for needle in [
        "monsters keeping any_pc_dies at or below 50.0% (at most: a risk to keep low",
        &format!(
            "monsters = {} gives",
            answer["best"]["value"].as_str().unwrap()
        ),
        "the most monsters whose any_pc_dies stays at or below 50.0%",
        "monsters_target=focus",
    ] {
        assert!(text.contains(needle), "{needle:?} not in {text}");
    }
    // One goblin already kills a character more than 10% of the time.
    let text = stdout(&finder("0.1", false));
    assert!(
        text.contains("monsters = goblin gives")
            && text.contains("no value keeps any_pc_dies at or below 10.0%"),
        "{text}"
    );
    // One goal at a time.
    let out = alea(&[
        "difficulty",
        "aube.test",
        "ca=12",
        "nd=0..=5",
        "--at-most",
        "0.4",
        "--target",
        "0.4",
    ]);
    assert_eq!(out.status.code(), Some(2));
}
