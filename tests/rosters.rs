//! Named fighters on the command line: `alea roster`, `--roster FILE`, names in `prob`,
//! in analysis files and in grids, and the errors a user meets.

mod common;

use common::{alea, assert_user_error, json, run_quiet, stdout, temp_dir};

#[test]
fn roster_lists_the_names_of_a_system() {
    let out = alea(&["roster", "aube"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for needle in [
        "krom",
        "bjorn",
        "average",
        "ca=9 ba=1 bp=-3 bd=20 enc=13 be=3",
    ] {
        assert!(text.contains(needle), "{needle}: {text}");
    }
    let text = stdout(&alea(&["roster"]));
    assert!(text.contains("fighter1") && text.contains("hd1") && text.contains("bretteur"));
    assert!(text.contains("knight") && text.contains("militia"));
    let text = stdout(&alea(&["roster", "sccs"]));
    assert!(text.contains("attack=6 defense=3 resistance=4 armour_res=3 durability=4 priority=5"));
    assert_user_error(&alea(&["roster", "aub"]), &["did you mean 'aube'"]);
}

#[test]
fn names_give_fighters_and_explicit_fields_win() {
    let named = json(&alea(&[
        "prob",
        "aube.duel",
        "a=krom",
        "b=bjorn",
        "--exact",
        "--json",
    ]));
    let raw = json(&alea(&[
        "prob",
        "aube.duel",
        "a.ca=9",
        "a.ba=1",
        "a.bp=-3",
        "a.bd=20",
        "a.enc=13",
        "a.be=3",
        "b.ca=9",
        "b.ba=1",
        "b.bp=2",
        "b.bd=15",
        "b.enc=11",
        "b.be=4",
        "--exact",
        "--json",
    ]));
    assert_eq!(named["metrics"], raw["metrics"]);
    assert_eq!(named["params"]["a"], "krom");
    let changed = json(&alea(&[
        "prob",
        "aube.duel",
        "a=krom",
        "a.ca=11",
        "b=bjorn",
        "--exact",
        "--json",
    ]));
    assert_eq!(changed["params"]["a.ca"], 11);
    // Krom's CA 11 instead of his 9: he wins more often.
    let a_wins = |v: &serde_json::Value| v["metrics"]["a_wins"]["exact"].as_f64().unwrap();
    assert!(
        a_wins(&changed) > a_wins(&named),
        "{} against {}",
        a_wins(&changed),
        a_wins(&named)
    );
}

#[test]
fn missing_fields_and_wrong_names_are_clear() {
    assert_user_error(
        &alea(&["prob", "aube.duel", "a=krom"]),
        &[
            "needs values for 'b.ca', 'b.ba', 'b.bp', 'b.bd', 'b.enc', 'b.be'",
            "b=NAME gives every b.* at once; names: krom, bjorn, average",
        ],
    );
    assert_user_error(
        &alea(&["prob", "aube.duel", "a=krm", "b=bjorn"]),
        &["no aube roster has 'krm'", "did you mean 'krom'"],
    );
    assert_user_error(
        &alea(&["prob", "ose.duel", "fighter=hd1"]),
        &["'hd1' is a monster", "names that fit: fighter1"],
    );
    assert_user_error(
        &alea(&["prob", "ose.encounter", "party=fighter1*40", "monsters=hd1"]),
        &["makes 40 fighters", "1 to 30"],
    );
}

#[test]
fn a_users_roster_adds_names_and_a_bad_one_is_refused() {
    let dir = temp_dir("roster");
    let mine = dir.join("mine.toml");
    std::fs::write(
        &mine,
        "system = \"aube\"\n[[fighter]]\nname = \"hero\"\nca = 15\nba = 1\nbp = 1\nbd = 18\nenc = 14\nbe = 5\n",
    )
    .unwrap();
    let roster = mine.to_str().unwrap();
    let out = alea(&[
        "prob",
        "aube.duel",
        "a=hero",
        "b=krom",
        "--exact",
        "--roster",
        roster,
    ]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let text = stdout(&alea(&["roster", "aube", "--roster", roster]));
    assert!(
        text.contains("hero") && text.contains("mine.toml"),
        "{text}"
    );
    // Without the file, the name is unknown.
    assert_user_error(
        &alea(&["prob", "aube.duel", "a=hero", "b=krom"]),
        &["'hero'"],
    );
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        "system = \"aube\"\n[[fighter]]\nname = \"x\"\nca = 15\nbp = \"no\"\n",
    )
    .unwrap();
    assert_user_error(
        &alea(&["roster", "--roster", bad.to_str().unwrap()]),
        &["bad.toml: line 5", "bp"],
    );
    // An sccs combatant whose armour gives more than its résistance: refused by the fight.
    let armour = dir.join("armour.toml");
    std::fs::write(
        &armour,
        "system = \"sccs\"\n[[fighter]]\nname = \"tin\"\nattack = 5\ndefense = 3\nresistance = 1\narmour_res = 2\n",
    )
    .unwrap();
    assert_user_error(
        &alea(&[
            "prob",
            "sccs.skirmish",
            "side_a=tin",
            "side_b=militia",
            "--roster",
            armour.to_str().unwrap(),
        ]),
        &["side_a", "'tin'", "cannot exceed the résistance"],
    );
}

#[test]
fn analysis_files_take_names_and_sweep_them() {
    let dir = temp_dir("named-analysis");
    let file = dir.join("named.toml");
    std::fs::write(
        &file,
        "name = \"named\"\ntitle = \"t\"\nmechanic = \"aube.duel\"\nsamples = 500\n\n[params]\na = \"krom\"\n\"a.ca\" = 10\n\n[grid]\nb = [\"krom\", \"bjorn\", \"average\"]\n",
    )
    .unwrap();
    let out = run_quiet("named-run", &[file.to_str().unwrap()]);
    let csv = std::fs::read_to_string(out.join("named/results.csv")).unwrap();
    for name in ["krom", "bjorn", "average"] {
        assert!(csv.contains(name), "{csv}");
    }
    std::fs::write(
        &file,
        "name = \"named\"\ntitle = \"t\"\nmechanic = \"aube.duel\"\n[params]\na = \"krom\"\n[grid]\nb = [\"krom\", \"bjron\"]\n",
    )
    .unwrap();
    assert_user_error(
        &alea(&[
            "run",
            file.to_str().unwrap(),
            "--out",
            dir.join("o").to_str().unwrap(),
        ]),
        &["named.toml", "'bjron'", "did you mean 'bjorn'"],
    );
}

/// The GM's inverse question on a group: how many monsters make a 10% risk of losing a
/// character? `count` replaces the count of the last monster listed.
#[test]
fn difficulty_sweeps_the_number_of_monsters() {
    let v = json(&alea(&[
        "difficulty",
        "ose.encounter",
        "party=fighter3*2,cleric3,thief3",
        "monsters=hd1",
        "--over",
        "count",
        "--to",
        "6",
        "--target",
        "0.1",
        "--metric",
        "any_pc_dies",
        "--samples",
        "20000",
        "--json",
    ]));
    assert_eq!(v["metric"], "any_pc_dies");
    assert_eq!(v["monotone"], true, "{v}");
    let best = v["best"]["value"].as_i64().unwrap();
    assert!((1..=3).contains(&best), "{v}");
}
