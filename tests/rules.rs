//! House rules (`alea rules`, `--rules FILE`, `rules` in analysis files) run as a user
//! runs them: the official tables printed and read back change nothing, an edited table
//! changes exactly what it should, and every malformed table is a clear error (exit 2).

mod common;

use common::*;

/// `alea rules <system>` written to a file in `dir`.
fn official(dir: &std::path::Path, system: &str) -> String {
    let out = alea(&["rules", system]);
    assert!(out.status.success(), "{}", stderr(&out));
    write_file(dir, &format!("{system}.toml"), &stdout(&out))
}

/// `alea prob <words> --json`, with `--rules file` when given.
fn prob_json(words: &[&str], rules: Option<&str>) -> Vec<u8> {
    let mut args = vec!["prob"];
    args.extend_from_slice(words);
    args.push("--json");
    if let Some(file) = rules {
        args.extend_from_slice(&["--rules", file]);
    }
    let out = alea(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    out.stdout
}

/// The exact value of `metric` in a `prob --json` answer.
fn exact(answer: &[u8], metric: &str) -> f64 {
    let v: serde_json::Value = serde_json::from_slice(answer).expect("JSON");
    v["metrics"][metric]["exact"]
        .as_f64()
        .unwrap_or_else(|| panic!("{metric}: {v}"))
}

const DUEL: &[&str] = &[
    "aube.duel",
    "a.ca=12",
    "a.ba=0",
    "a.bp=0",
    "a.bd=15",
    "a.enc=12",
    "a.be=3",
    "b.ca=12",
    "b.ba=1",
    "b.bp=0",
    "b.bd=15",
    "b.enc=12",
    "b.be=3",
    "fm=8",
    "--samples",
    "20000",
];

/// One question per system, exact or sampled: each must give the same bytes with the
/// official tables printed by `alea rules` and read back.
const OFFICIAL_QUESTIONS: &[(&str, &[&str])] = &[
    ("aube", DUEL),
    ("aube", &["aube.damage", "dom=20", "enc=10", "--exact"]),
    (
        "aube",
        &[
            "aube.multiple",
            "ca=15",
            "n=3",
            "unplanned=1",
            "--samples",
            "10000",
        ],
    ),
    (
        "sccs",
        &[
            "sccs.melee",
            "attackers=[5,5,6,4]",
            "durability=2",
            "--samples",
            "20000",
        ],
    ),
    (
        "sccs",
        &["sccs.spell", "source=melee", "attack=6", "--exact"],
    ),
    (
        "maitrise",
        &["maitrise.test", "sm=24", "--samples", "20000"],
    ),
    (
        "maitrise",
        &[
            "maitrise.series",
            "skill=0",
            "characteristic=12",
            "n=4",
            "--exact",
        ],
    ),
    (
        "cle",
        &[
            "cle.pursuit",
            "fugitive=5",
            "pursuer=6",
            "pursuer_stop=5",
            "fugitive_stop=5",
            "--samples",
            "20000",
        ],
    ),
    (
        "cle",
        &[
            "cle.fall",
            "height=12",
            "acrobatics=5",
            "resistance=5",
            "volonte=5",
            "jump=true",
            "--exact",
        ],
    ),
    ("ose", &["ose.duel", "monster.hd=3", "--samples", "20000"]),
    (
        "ose",
        &["ose.attack", "hd=3", "ac=5", "range=long", "--exact"],
    ),
];

#[test]
fn the_official_tables_read_back_give_byte_identical_answers() {
    let dir = temp_dir("rules-official");
    for (system, words) in OFFICIAL_QUESTIONS {
        let file = official(&dir, system);
        assert_eq!(
            prob_json(words, None),
            prob_json(words, Some(&file)),
            "{words:?}"
        );
    }
    let file = official(&dir, "aube");
    let out = alea(&["sheet", "aube", "--rules", &file]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(out.stdout, alea(&["sheet", "aube"]).stdout);
}

/// dom 20 against enc 10: the resistance test succeeds on 1..=10 with °R the die, so the
/// effective damage is 20 - d on 1..=10 and 20 on 11..=20. Officially 10 is sonné and
/// 11..=20 légère (19/20). With légère up to 15 and grave up to 25: sonné 1/20, légère on
/// d 5..=9 (5/20), grave on d 1..=4 and on every failure (14/20).
#[test]
fn an_edited_damage_table_changes_exactly_the_results_it_moves() {
    let dir = temp_dir("rules-damage");
    let house = write_file(&dir, "house.toml", "[damage]\nlegere = 15\ngrave = 25\n");
    let words = ["aube.damage", "dom=20", "enc=10", "--exact"];
    let off = prob_json(&words, None);
    let mine = prob_json(&words, Some(&house));
    for (metric, official, edited) in [
        ("sonne", 0.05, 0.05),
        ("legere", 0.95, 0.25),
        ("grave", 0.0, 0.70),
        ("critique", 0.0, 0.0),
    ] {
        assert!((exact(&off, metric) - official).abs() < 1e-12, "{metric}");
        assert!((exact(&mine, metric) - edited).abs() < 1e-12, "{metric}");
    }
    let v: serde_json::Value = serde_json::from_slice(&mine).unwrap();
    assert_eq!(v["rules"]["damage.legere"]["value"], 15);
    assert_eq!(v["rules"]["damage.legere"]["official"], 20);
    let text = stdout(&alea(&[
        "prob",
        "aube.damage",
        "dom=20",
        "enc=10",
        "--exact",
        "--rules",
        &house,
    ]));
    assert!(
        text.contains(
            "house rules: damage.legere = 15 (official 20), damage.grave = 25 (official 30)"
        ),
        "{text}"
    );
    // Multiple actions: steps 2 and 4 instead of 3 and 5 give handicaps 3, 5, 7 and 11:
    // at CA 15 the third action succeeds on 1..=8 (8/20) and the extra on 1..=4.
    let steps = write_file(
        &dir,
        "steps.toml",
        "[multiple]\nplanned = 2\nunplanned = 4\n",
    );
    let multiple = ["aube.multiple", "ca=15", "n=3", "unplanned=1", "--exact"];
    let mine = prob_json(&multiple, Some(&steps));
    assert!((exact(&mine, "action_3") - 0.40).abs() < 1e-12);
    assert!((exact(&mine, "action_4") - 0.20).abs() < 1e-12);
    let off = prob_json(&multiple, None);
    assert!((exact(&off, "action_3") - 0.30).abs() < 1e-12);
}

#[test]
fn difficulty_follows_the_tables() {
    let dir = temp_dir("rules-difficulty");
    let house = write_file(&dir, "house.toml", "[range]\nshort = 0\n");
    let out = alea(&[
        "difficulty",
        "aube.tir",
        "bd=10",
        "enc=12",
        "--over",
        "ca",
        "--target",
        "0.5",
        "--metric",
        "hit",
        "--json",
        "--rules",
        &house,
    ]);
    let v = json(&out);
    // Short range 0: ND 0, so CA 10 hits half the time (beats ND 0 on 1..=10).
    assert_eq!(v["best"]["value"], 10);
    assert_eq!(v["rules"]["range.short"]["value"], 0);
}

#[test]
fn every_malformed_rules_file_is_a_clear_error() {
    let dir = temp_dir("rules-errors");
    for (text, needles) in [
        (
            "[damage]\nsonne = 10\nlegere = 8\n",
            &["line 3", "damage.legere", "below damage.sonne = 10"][..],
        ),
        (
            "[damage]\nlegre = 8\n",
            &["line 2", "damage.legre", "did you mean 'legere'"],
        ),
        (
            "[wound]\nlegere = 3\n",
            &["line 1", "wound", "did you mean 'wounds'"],
        ),
        (
            "[wounds]\ncritique = 9\n",
            &["line 2", "wounds.critique", "0..=3"],
        ),
        (
            "[fatigue]\ngrave = \"five\"\n",
            &["line 2", "fatigue.grave", "an integer, like 5"],
        ),
        (
            "system = \"cle\"\n",
            &["line 1", "for \"cle\"", "system 'aube'"],
        ),
        (
            "[damage\n",
            &["house.toml", "line 1, column 8: not valid TOML"],
        ),
        ("damage = [1, 2]\n", &["line 1", "damage", "a table"]),
    ] {
        let file = write_file(&dir, "house.toml", text);
        let out = alea(&["prob", "aube.damage", "dom=20", "enc=10", "--rules", &file]);
        assert_user_error(&out, needles);
    }
    let out = alea(&[
        "prob",
        "aube.damage",
        "dom=20",
        "enc=10",
        "--rules",
        "/nonexistent.toml",
    ]);
    assert_user_error(&out, &["nonexistent.toml"]);
    assert_user_error(&alea(&["rules", "aub"]), &["did you mean 'aube'"]);
    let file = write_file(&dir, "bad.toml", "[damage]\nlegere = 8\n");
    assert_user_error(
        &alea(&["sheet", "aube", "--rules", &file]),
        &["damage.legere"],
    );
}

const STUDY: &str = r#"
name = "house"
title = "House damage table"
mechanic = "aube.damage"
samples = 2000
[params]
enc = 10
[grid]
dom = [15, 20]
[[variants]]
name = "official"
[[variants]]
name = "house"
rules = { damage = { legere = 15, grave = 25 } }
"#;

#[test]
fn an_analysis_compares_official_and_house_tables_and_records_them() {
    let dir = temp_dir("rules-analysis");
    let file = write_file(&dir, "house.toml", STUDY);
    let out = run_quiet("rules-analysis-out", &[&file]);
    let csv = std::fs::read_to_string(out.join("house/results.csv")).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    // dom 20: the house variant's grave is 0.70 (see above), with a paired difference.
    let house20 = rows
        .iter()
        .find(|r| r[col("variant")] == "house" && r[col("dom")] == "20")
        .unwrap();
    assert!((house20[col("grave_exact")].parse::<f64>().unwrap() - 0.70).abs() < 1e-12);
    assert!(!house20[col("grave_diff")].is_empty());
    let meta = std::fs::read_to_string(out.join("house/analysis.json")).unwrap();
    assert!(meta.contains("damage.legere = 15 (official 20)"), "{meta}");
    let page = std::fs::read_to_string(out.join("house/report.html"))
        .or_else(|_| std::fs::read_to_string(out.join("index.html")))
        .unwrap();
    assert!(page.contains("house rules"), "{page}");

    // --rules takes the place of the file's rules; the variant's still apply over them.
    let grave = write_file(&dir, "grave.toml", "[damage]\ncritique = 35\n");
    let out = run_quiet("rules-analysis-out2", &[&file, "--rules", &grave]);
    let meta = std::fs::read_to_string(out.join("house/analysis.json")).unwrap();
    assert!(
        meta.contains("damage.critique = 35 (official 40)"),
        "{meta}"
    );
    assert!(meta.contains("damage.legere = 15 (official 20)"), "{meta}");
}

#[test]
fn malformed_rules_in_an_analysis_name_the_line() {
    let dir = temp_dir("rules-analysis-errors");
    let bad_variant = STUDY.replace("legere = 15", "legere = 5");
    let file = write_file(&dir, "bad.toml", &bad_variant);
    assert_user_error(
        &alea(&["run", &file, "--quiet", "--out", dir.to_str().unwrap()]),
        &["bad.toml", "line 14", "damage.legere", "below damage.sonne"],
    );
    let top = STUDY.replace("[params]", "[rules.wounds]\nlegre = 3\n[params]");
    let file = write_file(&dir, "top.toml", &top);
    assert_user_error(
        &alea(&["run", &file, "--quiet", "--out", dir.to_str().unwrap()]),
        &[
            "top.toml",
            "line 7",
            "wounds.legre",
            "did you mean 'legere'",
        ],
    );
    let missing = STUDY.replace(
        "rules = { damage = { legere = 15, grave = 25 } }",
        "rules = \"nothing.toml\"",
    );
    let file = write_file(&dir, "missing.toml", &missing);
    assert_user_error(
        &alea(&["run", &file, "--quiet", "--out", dir.to_str().unwrap()]),
        &["missing.toml: line 14: rules = \"nothing.toml\": could not read"],
    );
}

/// `(words, metric, official, edited)`: the exact value of `metric` for `words` with the
/// official tables and with `rules`.
fn assert_edits(dir: &std::path::Path, rules: &str, cases: &[(&[&str], &str, f64, f64)]) {
    let house = write_file(dir, "house.toml", rules);
    for (words, metric, official, edited) in cases {
        let mut exact_words = words.to_vec();
        exact_words.push("--exact");
        let off = exact(&prob_json(&exact_words, None), metric);
        let mine = exact(&prob_json(&exact_words, Some(&house)), metric);
        assert!((off - official).abs() < 1e-12, "{words:?} {metric}: {off}");
        assert!((mine - edited).abs() < 1e-12, "{words:?} {metric}: {mine}");
    }
}

/// sccs. Two attackers at 4 against protection 6 (no armour): the second meets 6 - 1 = 5
/// and is countered; with an erosion step of 2 it meets 4 and ties, so its counter runs
/// and, over 2 rounds, lands on a 1 of the tension die: 1/4 with a d4. A lone tie's
/// exchanges to impact: c + 1, mean 4.5 with a D6, 3.5 with a d4.
#[test]
fn sccs_tables_change_what_they_should() {
    let dir = temp_dir("rules-sccs");
    assert_edits(
        &dir,
        "[erosion]\nstep = 2\n[tension]\ndie = 4\n",
        &[
            (
                &[
                    "sccs.melee",
                    "attackers=[4,4]",
                    "armour_res=0",
                    "durability=0",
                    "rounds=2",
                ],
                "impact_by_round_2",
                0.0,
                0.25,
            ),
            (&["sccs.tension"], "mean_exchanges", 4.5, 3.5),
            (&["sccs.tension"], "p_within_2", 1.0 / 6.0, 0.25),
        ],
    );
}

/// maitrise. At sm 8 the criticals are the 1 (success) and the 10 and 20 (failures): 5%
/// and 10%; with criticals on 1-3 and on 20 only, 15% and 5%. At sm 24 a 20 calls for a
/// second die that fails on 19, 20 or above sm - 10 = 14 (6 faces): 1/20 x 6/20 = 1.5%;
/// with a band of 12, above 12 (8 faces): 2%.
#[test]
fn maitrise_tables_change_what_they_should() {
    let dir = temp_dir("rules-maitrise");
    assert_edits(
        &dir,
        "[critical]\nsuccess = [1, 2, 3]\nfailure = [20]\n[extreme]\nfail_band = 12\n",
        &[
            (&["maitrise.test", "sm=8"], "crit_success", 0.05, 0.15),
            (&["maitrise.test", "sm=8"], "crit_failure", 0.10, 0.05),
            (&["maitrise.test", "sm=24"], "failure", 0.015, 0.02),
        ],
    );
}

/// cle. A fall of 12 m is 4d6 (3 m a die), 3d6 at 4 m a die: with Acrobatie -10 the test
/// passes only on three 6 (automatic, 1/216) and cancels a die, so the mean damage is
/// 14 minus 3.5/216 against 10.5 minus 3.5/216. A pursuit from a lead of 4 with the
/// escape at 5: the fugitive (skill 20: always +3) escapes in the first round.
#[test]
fn cle_tables_change_what_they_should() {
    let dir = temp_dir("rules-cle");
    assert_edits(
        &dir,
        "[fall]\nmetres_per_die = 4\n[pursuit]\nescape = 5\n",
        &[
            (
                &[
                    "cle.fall",
                    "height=12",
                    "acrobatics=-10",
                    "resistance=5",
                    "volonte=5",
                ],
                "mean_damage",
                14.0 - 3.5 / 216.0,
                10.5 - 3.5 / 216.0,
            ),
            (
                &[
                    "cle.pursuit",
                    "fugitive=20",
                    "pursuer=0",
                    "pursuer_stop=0",
                    "fugitive_stop=0",
                    "head_start=4",
                    "max_rounds=1",
                ],
                "escape",
                0.0,
                1.0,
            ),
        ],
    );
    let house = write_file(&dir, "escape.toml", "[pursuit]\nescape = 5\n");
    let out = alea(&[
        "prob",
        "cle.pursuit",
        "fugitive=5",
        "pursuer=5",
        "pursuer_stop=5",
        "fugitive_stop=5",
        "head_start=6",
        "--rules",
        &house,
    ]);
    assert_user_error(&out, &["head_start", "already an escape", "lead of 5"]);
}

/// ose. A 3 HD monster (THAC0 17) needs 12 against AC 5: 9/20; with THAC0 15 for the row
/// "2+ to 3", 10: 11/20. The normal human saves against death on 14: 7/20, on 12: 9/20.
/// A hireling roll of 2d6 + 0 is accepted on 9-11 (9/36); with the bands moved to 3, 6, 8,
/// 12 on 8-11 (14/36).
#[test]
fn ose_tables_change_what_they_should() {
    let dir = temp_dir("rules-ose");
    assert_edits(
        &dir,
        "[thac0]\nby_hd = [19, 18, 15, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5]\n\
         [saves]\nhuman = [12, 15, 16, 17, 18]\n[reaction]\nbands = [3, 6, 8, 12]\n",
        &[
            (&["ose.attack", "hd=3", "ac=5"], "hit", 0.45, 0.55),
            (
                &["ose.save", "hd=human", "category=death"],
                "save",
                0.35,
                0.45,
            ),
            (
                &["ose.reaction", "table=hireling"],
                "accepted",
                9.0 / 36.0,
                14.0 / 36.0,
            ),
        ],
    );
}

#[test]
fn malformed_tables_of_every_system_are_clear_errors() {
    let dir = temp_dir("rules-errors-all");
    for (words, text, needles) in [
        (
            &["sccs.tension"][..],
            "[tension]\ndie = 0\n",
            &["line 2", "tension.die", "1..=20"][..],
        ),
        (
            &["maitrise.test", "sm=10"],
            "[critical]\nsuccess = [1, 21]\n",
            &["line 2", "critical.success", "0..=20"],
        ),
        (
            &["maitrise.test", "sm=10"],
            "[critical]\nfailure = [0, 20]\n",
            &["line 2", "critical.failure", "0 is not a face"],
        ),
        (
            &[
                "cle.pursuit",
                "fugitive=5",
                "pursuer=5",
                "pursuer_stop=5",
                "fugitive_stop=5",
            ],
            "[pursuit]\none = 10\ntwo = 25\n",
            &["line 1", "pursuit.three", "below pursuit.two = 25"],
        ),
        (
            &["ose.attack", "hd=3", "ac=5"],
            "[thac0]\nby_hd = [19, 18]\n",
            &["line 2", "thac0.by_hd", "length 15"],
        ),
        (
            &["ose.attack", "hd=3", "ac=5"],
            "[saves]\nhuman = [14, 15, 16, 17, \"x\"]\n",
            &["line 2", "saves.human[5]", "an integer"],
        ),
        (
            &["ose.attack", "hd=3", "ac=5"],
            "system = \"aube\"\n",
            &["line 1", "system 'ose'"],
        ),
    ] {
        let file = write_file(&dir, "bad.toml", text);
        let mut args = vec!["prob"];
        args.extend_from_slice(words);
        args.extend_from_slice(&["--rules", &file]);
        assert_user_error(&alea(&args), needles);
    }
}

#[test]
fn tables_given_to_a_mechanic_that_reads_none_are_refused() {
    let dir = temp_dir("rules-reads-none");
    let house = write_file(&dir, "house.toml", "[damage]\nlegere = 15\n");
    assert_user_error(
        &alea(&["prob", "aube.test", "ca=12", "--rules", &house]),
        &["aube.test reads none of aube's rule tables", "aube.attack"],
    );
    let listed = stdout(&alea(&["list", "aube.attack"]));
    assert!(
        listed.contains("rule tables: aube's (alea rules aube"),
        "{listed}"
    );
    assert!(!stdout(&alea(&["list", "aube.test"])).contains("rule tables"));
    let study = small_analysis("reads_none", 100)
        .replace("[params]", "[rules.damage]\nlegere = 15\n[params]");
    let file = write_file(&dir, "study.toml", &study);
    assert_user_error(
        &alea(&["run", &file, "--quiet", "--out", dir.to_str().unwrap()]),
        &["study.toml", "reads none"],
    );
    // run --rules applies to the analyses that read the tables of the file's system, and
    // refuses a file that applies to none.
    let plain = write_file(&dir, "plain.toml", &small_analysis("plain", 100));
    let ose = write_file(&dir, "ose.toml", "system = \"ose\"\n[attack]\nshort = 2\n");
    let house_file = write_file(&dir, "house_study.toml", STUDY);
    let out = run_quiet(
        "rules-reads-none-out",
        &[&plain, &house_file, "--rules", &house],
    );
    let meta = std::fs::read_to_string(out.join("plain/analysis.json")).unwrap();
    assert!(!meta.contains("\"rules\""), "{meta}");
    assert_user_error(
        &alea(&[
            "run",
            &plain,
            &house_file,
            "--quiet",
            "--out",
            dir.to_str().unwrap(),
            "--rules",
            &ose,
        ]),
        &[
            "ose.toml",
            "none of the analyses reads these tables (of ose)",
        ],
    );
}
