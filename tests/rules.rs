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

#[test]
fn the_official_tables_read_back_give_byte_identical_answers() {
    let dir = temp_dir("rules-official");
    let file = official(&dir, "aube");
    for words in [
        DUEL,
        &["aube.damage", "dom=20", "enc=10", "--exact"][..],
        &[
            "aube.multiple",
            "ca=15",
            "n=3",
            "unplanned=1",
            "--samples",
            "10000",
        ][..],
    ] {
        assert_eq!(
            prob_json(words, None),
            prob_json(words, Some(&file)),
            "{words:?}"
        );
    }
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
        ("[damage\n", &["house.toml", "TOML parse error"]),
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
        &["nothing.toml"],
    );
}
