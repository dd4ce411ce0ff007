//! Exact analyses (`exact = true`, `alea run --exact`): estimates are the exact values with
//! intervals of zero width, nothing is sampled, and a point without exact values stops the
//! run with a message naming the mechanic, the point and the variant.

mod common;

use common::*;
use std::path::Path;

/// The rows of `results.csv` in `dir/name`, each as (column, cell) pairs.
fn rows(dir: &Path, name: &str) -> Vec<Vec<(String, String)>> {
    let csv = std::fs::read_to_string(dir.join(name).join("results.csv")).unwrap();
    let mut lines = csv.lines();
    let header: Vec<String> = lines
        .next()
        .unwrap()
        .split(',')
        .map(str::to_string)
        .collect();
    lines
        .map(|l| {
            header
                .iter()
                .cloned()
                .zip(l.split(',').map(str::to_string))
                .collect()
        })
        .collect()
}

fn cell<'a>(row: &'a [(String, String)], name: &str) -> &'a str {
    &row.iter().find(|(k, _)| k == name).unwrap().1
}

const TWO_VARIANTS: &str = r#"
name = "t"
title = "Aube test, exactly"
mechanic = "aube.test"
exact = true
[grid]
ca = [5, 12, 19]
nd = [0, 5]
[[variants]]
name = "plain"
[[variants]]
name = "d10"
params = { crit = "d10" }
[[charts]]
kind = "lines"
metric = "beats_nd"
x = "ca"
series = "nd"
[[charts]]
kind = "lines"
metric = "beats_nd_diff"
x = "ca"
series = "nd"
[[charts]]
kind = "bars"
histogram = "degree"
at = { ca = 12, nd = 5 }
"#;

#[test]
fn an_exact_file_reports_exact_values_with_intervals_of_zero_width() {
    let dir = temp_dir("exact-file");
    let file = write_file(&dir, "t.toml", TWO_VARIANTS);
    let out_dir = run_quiet("exact-file-out", &[&file]);
    let rows = rows(&out_dir, "t");
    assert_eq!(rows.len(), 12, "3 x 2 points, 2 variants");
    for row in &rows {
        for metric in ["success", "beats_nd"] {
            let exact = cell(row, &format!("{metric}_exact"));
            assert!(!exact.is_empty());
            assert_eq!(cell(row, metric), exact);
            assert_eq!(cell(row, &format!("{metric}_lo")), exact);
            assert_eq!(cell(row, &format!("{metric}_hi")), exact);
        }
        assert_eq!(cell(row, "samples"), "0");
        assert_eq!(cell(row, "seed"), "", "no seed: nothing was sampled");
        if cell(row, "variant") == "d10" {
            let diff = cell(row, "beats_nd_diff");
            assert_eq!(diff, cell(row, "beats_nd_diff_exact"));
            assert_eq!(diff, cell(row, "beats_nd_diff_lo"));
        }
    }
    // CA 12 against ND 5 without a crit die: 7 faces of 20 (Ex. 2.4).
    let at = rows
        .iter()
        .find(|r| cell(r, "variant") == "plain" && cell(r, "ca") == "12" && cell(r, "nd") == "5")
        .unwrap();
    assert_eq!(cell(at, "beats_nd").parse::<f64>().unwrap(), 0.35);
    let meta = std::fs::read_to_string(out_dir.join("t/analysis.json")).unwrap();
    assert!(meta.contains("\"exact\": true"), "{meta}");
    let page = std::fs::read_to_string(out_dir.join("t/report.html")).unwrap();
    assert!(page.contains("exact values"));
    // The page names the options the study played without giving them: `extremes` at its
    // default, not `crit`, which a variant gives.
    let defaults = page
        .split("switches and choices at their default</td><td>")
        .nth(1)
        .and_then(|rest| rest.split("</td>").next())
        .expect("a row of the options left at their default");
    assert!(defaults.contains("extremes=auto"), "{defaults}");
    assert!(!defaults.contains("crit="), "{defaults}");
    let hist = std::fs::read_to_string(out_dir.join("t/histograms.csv")).unwrap();
    assert!(
        hist.lines().count() > 20,
        "exact probabilities of the degree"
    );
    for chart in [
        "lines_beats_nd_by_ca",
        "lines_beats_nd_diff_by_ca",
        "bars_degree",
    ] {
        assert!(
            out_dir.join(format!("t/{chart}.svg")).is_file(),
            "{chart}: {:?}",
            names_in(&out_dir.join("t"))
        );
    }
}

const DUEL: &str = r#"
name = "d"
title = "Aube duel"
mechanic = "aube.duel"
samples = 20000
[params.a]
ba = 0
bp = 0
bd = 15
enc = 12
be = 3
[params.b]
ca = 12
ba = 0
bp = 0
bd = 15
enc = 12
be = 3
[grid]
"a.ca" = [11, 13]
[[charts]]
kind = "lines"
metric = "a_wins"
x = "a.ca"
"#;

#[test]
fn run_exact_gives_the_exact_column_of_a_sampled_run() {
    let dir = temp_dir("exact-flag");
    let file = write_file(&dir, "d.toml", DUEL);
    let sampled = run_quiet("exact-flag-sampled", &[&file]);
    let exact = run_quiet("exact-flag-exact", &[&file, "--exact"]);
    let (sampled, exact) = (rows(&sampled, "d"), rows(&exact, "d"));
    assert_eq!(sampled.len(), 2);
    for (s, e) in sampled.iter().zip(&exact) {
        for metric in ["a_wins", "b_wins", "draw", "mean_rounds"] {
            let x = cell(s, &format!("{metric}_exact"));
            assert_eq!(cell(e, metric), x, "{metric}");
            assert_eq!(cell(e, &format!("{metric}_exact")), x, "{metric}");
        }
        assert_eq!(cell(s, "samples"), "20000");
        assert_eq!(cell(e, "samples"), "0");
    }
    let a_wins = |r: &[(String, String)]| cell(r, "a_wins").parse::<f64>().unwrap();
    assert!(a_wins(&exact[0]) < 0.5 && a_wins(&exact[1]) > 0.5);
}

#[test]
fn a_point_without_exact_values_is_named() {
    let dir = temp_dir("exact-missing");
    // Every point has a crit die: refused before any report is written.
    let all = write_file(
        &dir,
        "all.toml",
        &DUEL
            .replace("samples = 20000", "exact = true")
            .replace("be = 3\n[params.b]", "be = 3\ncrit = \"d10\"\n[params.b]"),
    );
    let out_dir = temp_dir("exact-missing-out");
    let out = alea(&["run", &all, "--out", out_dir.to_str().unwrap()]);
    assert_user_error(
        &out,
        &[
            "all.toml",
            "aube.duel has no exact values at a.ca=11",
            "variant 'default'",
            "exact = true",
        ],
    );
    assert!(names_in(&out_dir).is_empty(), "nothing written");
    // Only the second point lacks them (a crit die swept): its values are named.
    let second = write_file(
        &dir,
        "second.toml",
        &DUEL
            .replace("samples = 20000", "")
            .replace("\"a.ca\" = [11, 13]", "\"a.crit\" = [\"none\", \"d10\"]\n")
            .replace(
                "ba = 0\nbp = 0\nbd = 15\nenc = 12\nbe = 3\n[params.b]",
                "ca = 12\nba = 0\nbp = 0\nbd = 15\nenc = 12\nbe = 3\n[params.b]",
            )
            .replace("x = \"a.ca\"", "x = \"a.crit\""),
    );
    let out = alea(&[
        "run",
        &second,
        "--exact",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert_user_error(
        &out,
        &["aube.duel has no exact values at a.crit=d10", "--exact"],
    );
    // A mechanic that is Monte Carlo only.
    let out = alea(&[
        "run",
        "analyses/cle_boss.toml",
        "--exact",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert_user_error(&out, &["cle.fight has no exact values"]);
}

#[test]
fn exact_takes_no_sample_size() {
    let dir = temp_dir("exact-size");
    let file = write_file(
        &dir,
        "s.toml",
        &TWO_VARIANTS.replace("exact = true", "exact = true\nsamples = 1000"),
    );
    let out = alea(&["run", &file, "--out", dir.to_str().unwrap()]);
    assert_user_error(&out, &["line 6", "exact = true draws no samples"]);
    let out = alea(&["run", &file, "--exact", "--samples", "1000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--samples"), "{}", stderr(&out));
}
