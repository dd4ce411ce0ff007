//! The `alea` command run as a user runs it: answers, reports, listings and every error
//! path (exit code 2, one clear message, no panic, no partial report).

mod common;

use common::*;
use std::path::Path;

#[test]
fn prob_shows_estimate_interval_samples_seed_and_exact() {
    let out = alea(&["prob", "aube.test", "ca=12", "nd=5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for needle in [
        "aube.test",
        "ca=12 nd=5",
        "1,000,000 samples",
        "seed 20261122",
        "95% interval",
        "beats_nd",
        "35.00%",
        "inside",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }
    assert!(!text.contains("OUTSIDE"), "{text}");
}

#[test]
fn prob_json_has_the_documented_shape() {
    let v = json(&alea(&[
        "prob",
        "aube.test",
        "ca=12",
        "nd=5",
        "--samples",
        "200000",
        "--json",
    ]));
    assert_eq!(v["mechanic"], "aube.test");
    assert_eq!(v["params"]["ca"], 12);
    assert_eq!(v["params"]["crit"], "none");
    assert_eq!(v["samples"], 200_000);
    assert_eq!(v["seed"], 20_261_122);
    let beats = &v["metrics"]["beats_nd"];
    assert!(
        (beats["exact"].as_f64().unwrap() - 0.35).abs() < 1e-12,
        "{beats}"
    );
    let (lo, hi) = (
        beats["ci95"][0].as_f64().unwrap(),
        beats["ci95"][1].as_f64().unwrap(),
    );
    let estimate = beats["estimate"].as_f64().unwrap();
    assert!(
        lo <= estimate && estimate <= hi && lo <= 0.35 && 0.35 <= hi,
        "{beats}"
    );
    let stats = &v["histogram_stats"]["degree"];
    assert_eq!(stats["n"], 200_000);
    assert!(stats["se"].as_f64().unwrap() > 0.0);
    assert!(
        stats["quantiles"]["q05"].as_i64().unwrap() <= stats["quantiles"]["q95"].as_i64().unwrap()
    );
    let degree = v["histograms"]["degree"].as_object().unwrap();
    let total: f64 = degree.values().map(|p| p.as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9, "histogram sums to {total}");
    // Histogram values come in numeric order.
    let keys: Vec<i64> = degree.keys().map(|k| k.parse().unwrap()).collect();
    assert!(keys.windows(2).all(|w| w[0] < w[1]), "{keys:?}");
}

#[test]
fn same_seed_same_numbers_whatever_the_thread_count() {
    let run = |seed: &str, threads: &str| {
        stdout(&alea(&[
            "prob",
            "aube.test",
            "ca=9",
            "nd=2",
            "crit=d10",
            "--samples",
            "333333",
            "--seed",
            seed,
            "--json",
            "--threads",
            threads,
        ]))
    };
    let one = run("7", "1");
    assert!(!one.is_empty());
    assert_eq!(one, run("7", "2"));
    assert_eq!(one, run("7", "3"));
    let other_seed = run("8", "2");
    assert_ne!(one, other_seed, "a different seed gives different samples");
}

#[test]
fn analyses_run_together_give_the_numbers_each_gives_alone() {
    // `alea run` runs several studies at once: each report is the one it writes alone.
    let files = [
        "analyses/ose_morale.toml",
        "analyses/sccs_spell.toml",
        "analyses/maitrise_d100.toml",
        "analyses/cle_cooperation.toml",
    ];
    let mut together = vec![];
    together.extend_from_slice(&files);
    together.extend_from_slice(&["--samples", "3000", "--threads", "2"]);
    let together = run_quiet("together", &together);
    for file in files {
        let alone = run_quiet("alone", &[file, "--samples", "3000", "--threads", "1"]);
        let name = Path::new(file).file_stem().unwrap();
        for table in ["results.csv", "histograms.csv"] {
            let read = |dir: &Path| std::fs::read_to_string(dir.join(name).join(table)).ok();
            assert_eq!(read(&together), read(&alone), "{file}: {table}");
        }
    }
}

#[test]
fn exact_only_answers_without_simulating() {
    let v = json(&alea(&[
        "prob",
        "aube.test",
        "ca=12",
        "nd=5",
        "--exact",
        "--json",
    ]));
    assert!((v["metrics"]["beats_nd"]["estimate"].as_f64().unwrap() - 0.35).abs() < 1e-12);
    assert_eq!(v["seed"], serde_json::Value::Null);
    let text = stdout(&alea(&["prob", "aube.test", "ca=12", "--exact"]));
    assert!(
        text.contains("exact values") && text.contains("60.00%"),
        "{text}"
    );
}

#[test]
fn precision_mode_reaches_its_half_width() {
    let v = json(&alea(&[
        "prob",
        "aube.test",
        "ca=12",
        "nd=5",
        "--precision",
        "0.004",
        "--json",
    ]));
    for (name, m) in v["metrics"].as_object().unwrap() {
        if name.starts_with("mean") {
            continue;
        }
        let half = (m["ci95"][1].as_f64().unwrap() - m["ci95"][0].as_f64().unwrap()) / 2.0;
        assert!(half <= 0.004, "{name}: {half}");
    }
    assert!(
        v["samples"].as_u64().unwrap() < 1_000_000,
        "stops early: {}",
        v["samples"]
    );
}

#[test]
fn prob_errors_say_what_is_accepted() {
    assert_user_error(
        &alea(&["prob", "aube.tset", "ca=1"]),
        &[
            "unknown mechanic 'aube.tset'",
            "did you mean 'aube.test'",
            "known mechanics",
        ],
    );
    assert_user_error(
        &alea(&["prob", "aube.test", "ca=12", "cb=3"]),
        &["unknown parameter 'cb'", "accepted:"],
    );
    assert_user_error(
        &alea(&["prob", "aube.test", "ca=12", "crit=d7"]),
        &["crit", "'d7'", "one of none, d6, d8, d10, d12, d20"],
    );
    assert_user_error(
        &alea(&["prob", "aube.test", "ca=twelve"]),
        &["ca", "an integer"],
    );
    assert_user_error(
        &alea(&["prob", "aube.test", "ca=999"]),
        &["ca", "-200..=200"],
    );
    assert_user_error(
        &alea(&["prob", "aube.test", "nd=3"]),
        &["needs a value for 'ca'"],
    );
    assert_user_error(&alea(&["prob", "aube.test", "ca"]), &["name=value"]);
    assert_user_error(
        &alea(&["prob", "aube.test", "ca=12", "--samples", "0"]),
        &["--samples"],
    );
    assert_user_error(
        &alea(&["prob", "aube.test", "ca=12", "--precision", "2"]),
        &["--precision"],
    );
    assert_user_error(
        &alea(&["prob", "aube.test", "ca=12", "--threads", "0"]),
        &["--threads"],
    );
}

#[test]
fn list_shows_systems_mechanics_and_parameters() {
    let all = stdout(&alea(&["list"]));
    assert!(all.contains("aube.test") && all.contains("aube:"), "{all}");
    let one = stdout(&alea(&["list", "aube.test"]));
    for needle in ["ca", "required", "crit", "one of none", "beats_nd"] {
        assert!(one.contains(needle), "missing {needle:?}: {one}");
    }
    assert!(stdout(&alea(&["list", "aube"])).contains("negative_nd_counts_failures"));
    assert_user_error(
        &alea(&["list", "aub"]),
        &["unknown system 'aub'", "did you mean 'aube'"],
    );
    assert_user_error(&alea(&["list", "aube.nothing"]), &["unknown mechanic"]);
}

fn small() -> String {
    small_analysis("small", 20000)
}

#[test]
fn run_writes_tables_and_charts() {
    let dir = temp_dir("run");
    let file = write_file(&dir, "small.toml", &small());
    let out_dir = dir.join("out");
    let out = alea(&["run", &file, "--out", out_dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("wrote"), "{}", stdout(&out));
    let report = out_dir.join("small");
    for f in [
        "results.csv",
        "results.parquet",
        "histograms.csv",
        "lines_beats_nd_by_ca.svg",
        "lines_beats_nd_by_ca.png",
        "bars_degree.svg",
        "bars_degree.png",
    ] {
        assert!(report.join(f).is_file(), "missing {f}");
    }
    let csv = std::fs::read_to_string(report.join("results.csv")).unwrap();
    let header = csv.lines().next().unwrap();
    for col in [
        "variant",
        "ca",
        "beats_nd",
        "beats_nd_lo",
        "beats_nd_hi",
        "beats_nd_exact",
        "beats_nd_diff",
        "beats_nd_diff_lo",
        "samples",
        "seed",
    ] {
        assert!(
            header.split(',').any(|c| c == col),
            "missing column {col}: {header}"
        );
    }
    assert_eq!(
        csv.lines().count(),
        1 + 5 * 2,
        "one row per grid point and variant"
    );
    let png = std::fs::read(report.join("bars_degree.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    assert!(report.join("analysis.json").is_file());
    let mut leftovers: Vec<_> = std::fs::read_dir(&out_dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name())
        .collect();
    leftovers.sort();
    assert_eq!(
        leftovers,
        ["index.html", "small"],
        "only the report folder and the page"
    );
    check_index(&out_dir, 1);
}

#[test]
fn run_rejects_bad_files_and_leaves_no_report() {
    let dir = temp_dir("bad");
    let out_dir = dir.join("out");
    let cases: [(&str, String, &[&str]); 7] = [
        (
            "typo.toml",
            small().replace("samples = 20000", "sampels = 20000"),
            &["typo.toml", "unknown field `sampels`", "line"],
        ),
        (
            "param.toml",
            small().replace("nd = 5", "nf = 5"),
            &[
                "param.toml",
                "line 7",
                "unknown parameter 'nf'",
                "did you mean 'nd'",
            ],
        ),
        (
            "range.toml",
            small().replace("\"8..=12\"", "\"12..=8\""),
            &["range.toml", "not a range"],
        ),
        (
            "empty.toml",
            small().replace("\"8..=12\"", "[]"),
            &["empty.toml", "no value"],
        ),
        (
            "choice.toml",
            small().replace("crit = \"d6\"", "crit = \"d7\""),
            &["choice.toml", "one of none, d6"],
        ),
        (
            "chart.toml",
            small().replace("metric = \"beats_nd\"", "metric = \"beat_nd\""),
            &[
                "chart.toml",
                "unknown metric 'beat_nd'",
                "did you mean 'beats_nd'",
            ],
        ),
        (
            "mech.toml",
            small().replace("aube.test", "aube.tests"),
            &["mech.toml", "unknown mechanic"],
        ),
    ];
    for (name, text, needles) in cases {
        let file = write_file(&dir, name, &text);
        assert_user_error(
            &alea(&["run", &file, "--out", out_dir.to_str().unwrap()]),
            needles,
        );
        assert!(
            !out_dir.join("small").exists(),
            "{name} left a report behind"
        );
    }
    assert_user_error(
        &alea(&["run", dir.join("nothing.toml").to_str().unwrap()]),
        &["does not exist"],
    );
}

/// Files an HTML page refers to (`src="..."` and `href="..."`, anchors left out).
fn referenced_files(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for attr in ["src=\"", "href=\""] {
        for part in html.split(attr).skip(1) {
            let target = part.split('"').next().unwrap_or_default();
            if !target.starts_with('#') {
                found.push(target.to_string());
            }
        }
    }
    found
}

/// The report page lists every report folder and refers only to files that exist.
fn check_index(out_dir: &Path, expected_sections: usize) {
    let html = std::fs::read_to_string(out_dir.join("index.html")).expect("index.html");
    assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"));
    assert_eq!(html.matches("<section").count(), expected_sections);
    assert_eq!(
        html.matches("<section").count(),
        html.matches("</section>").count()
    );
    assert!(!html.contains("<script"), "no script needed");
    let files = referenced_files(&html);
    assert!(
        files.iter().any(|f| f.ends_with(".svg"))
            && files.iter().any(|f| f.ends_with("results.csv"))
    );
    for file in files {
        assert!(!file.contains("://"), "no network: {file}");
        assert!(
            out_dir.join(&file).is_file(),
            "index.html refers to a missing {file}"
        );
    }
}

/// The shipped analysis files: `analyses/*.toml` (the subfolder `rosters/` holds roster
/// files, which `alea run analyses` leaves alone).
fn analysis_files() -> Vec<std::path::PathBuf> {
    std::fs::read_dir("analyses")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "toml"))
        .collect()
}

#[test]
fn every_shipped_analysis_runs() {
    let out_dir = run_quiet("shipped", &["analyses", "--samples", "2000"]);
    // Only the analysis files: the rosters in analyses/rosters/ are not analyses.
    let analyses = analysis_files().len();
    let reports = std::fs::read_dir(&out_dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .count();
    assert_eq!(analyses, reports);
    check_index(&out_dir, analyses);
}

#[test]
fn committed_report_is_reproduced_exactly() {
    let out_dir = run_quiet("reproduce", &["analyses/aube_test_table.toml"]);
    let fresh = std::fs::read_to_string(out_dir.join("aube_test_table/results.csv")).unwrap();
    let committed = std::fs::read_to_string("reports/aube_test_table/results.csv")
        .expect("the committed report");
    assert!(
        fresh == committed,
        "rerun at the default seed differs from reports/aube_test_table/results.csv"
    );
}

#[test]
fn difficulty_finds_the_nd_for_a_target() {
    let text = stdout(&alea(&[
        "difficulty",
        "aube.test",
        "ca=12",
        "--over",
        "nd",
        "--target",
        "0.35",
    ]));
    assert!(
        text.contains("nd = 5 gives 35.0%")
            && text.contains("closest")
            && text.contains("monotone"),
        "{text}"
    );
    let v = json(&alea(&[
        "difficulty",
        "aube.test",
        "ca=12",
        "--over",
        "nd",
        "--target",
        "0.25",
        "--json",
    ]));
    assert_eq!(v["best"]["value"], 7);
    assert_eq!(v["metric"], "beats_nd");
    assert_eq!(v["monotone"], true);
    assert_user_error(
        &alea(&[
            "difficulty",
            "aube.test",
            "ca=12",
            "--over",
            "crit",
            "--target",
            "0.3",
        ]),
        &["not numeric"],
    );
    assert_user_error(
        &alea(&[
            "difficulty",
            "aube.test",
            "ca=12",
            "--over",
            "nd",
            "--target",
            "1.5",
        ]),
        &["[0, 1]"],
    );
    assert_user_error(
        &alea(&[
            "difficulty",
            "aube.test",
            "ca=12",
            "--over",
            "nd",
            "--target",
            "-0.5",
        ]),
        &["[0, 1]"],
    );
}

/// The committed `reports/` holds one report per shipped analysis (named after its file)
/// and a page listing them all: regenerate with `alea run analyses` after a change.
#[test]
fn committed_reports_cover_every_analysis() {
    let mut names = Vec::new();
    for path in analysis_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let value: toml::Value = toml::from_str(&text).unwrap();
        let name = value["name"].as_str().unwrap().to_string();
        assert_eq!(
            Some(name.as_str()),
            path.file_stem().and_then(|s| s.to_str()),
            "name of {}",
            path.display()
        );
        assert!(
            Path::new("reports")
                .join(&name)
                .join("results.csv")
                .is_file(),
            "reports/{name} is missing"
        );
        names.push(name);
    }
    let page = std::fs::read_to_string("reports/index.html").unwrap();
    assert_eq!(
        page.matches("<section").count(),
        names.len(),
        "reports/index.html lists every analysis"
    );
    for name in names {
        assert!(
            page.contains(&format!("<section id=\"{name}\">")),
            "{name} missing from reports/index.html"
        );
    }
    check_index(Path::new("reports"), analysis_files().len());
}
