//! Answers as a game master reads them: the exact value first, and a histogram as a table
//! of chances with at-least and at-most columns.

mod common;

use common::{alea, json, stdout};

#[test]
fn the_exact_value_leads_the_answer() {
    let text = stdout(&alea(&[
        "prob",
        "aube.test",
        "ca=12",
        "nd=5",
        "--samples",
        "20000",
    ]));
    let header = text
        .lines()
        .find(|l| l.starts_with("metric"))
        .unwrap_or_default();
    let exact = header.find("exact").unwrap_or(usize::MAX);
    let estimate = header.find("estimate").unwrap_or(0);
    assert!(exact < estimate, "exact before the estimate: {header}");
    let row = text
        .lines()
        .find(|l| l.starts_with("beats_nd"))
        .unwrap_or_default();
    assert!(row.contains("35.00%"), "{row}");
}

#[test]
fn table_gives_at_least_and_at_most() {
    let out = alea(&["prob", "maitrise.test", "sm=12", "--exact", "--table"]);
    let text = stdout(&out);
    // sm 12: critical failure on 20 (a 10 succeeds), failure on 13..19, success on 2..12
    // but 11, critical success on 1 or 11.
    for row in [
        "      -2      5.00%    100.00%      5.00%",
        "      -1     35.00%     95.00%     40.00%",
        "       1     50.00%     60.00%     90.00%",
        "       2     10.00%     10.00%    100.00%",
    ] {
        assert!(text.contains(row), "missing {row:?} in:\n{text}");
    }
}

#[test]
fn long_tails_are_summarised_by_their_mass() {
    let text = stdout(&alea(&[
        "prob",
        "aube.test",
        "ca=19",
        "crit=d10",
        "--exact",
    ]));
    assert!(text.contains("99.9% between -20 and 52"), "{text}");
    assert!(!text.contains("-200"), "{text}");
}

#[test]
fn json_has_cumulative_views() {
    let v = json(&alea(&[
        "prob",
        "maitrise.test",
        "sm=12",
        "--exact",
        "--json",
    ]));
    let stats = &v["histogram_stats"]["outcome"];
    assert!((stats["at_least"]["1"].as_f64().unwrap_or(0.0) - 0.6).abs() < 1e-12);
    assert!((stats["at_most"]["-1"].as_f64().unwrap_or(0.0) - 0.4).abs() < 1e-12);
}

#[test]
fn a_range_sweeps_a_parameter_row_by_row() {
    let out = alea(&["prob", "aube.test", "ca=12", "nd=0..=5", "--exact"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let header = text
        .lines()
        .find(|l| l.trim_start().starts_with("nd"))
        .unwrap();
    assert!(header.contains("beats_nd"), "{text}");
    // Each point of ND above 0 takes 5% off 60% at CA 12.
    for (nd, chance) in [(0, "60.00%"), (3, "45.00%"), (5, "35.00%")] {
        let row = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(&nd.to_string()))
            .unwrap_or_default();
        assert!(row.split_whitespace().nth(2) == Some(chance), "{row}");
    }
    let sampled = json(&alea(&[
        "prob",
        "aube.test",
        "ca=12",
        "nd=4..=5",
        "--samples",
        "20000",
        "--json",
    ]));
    assert_eq!(sampled["swept"][0], "nd");
    assert_eq!(sampled["rows"].as_array().unwrap().len(), 2);
    let exact = sampled["rows"][1]["metrics"]["beats_nd"]["exact"]
        .as_f64()
        .unwrap();
    assert!((exact - 0.35).abs() < 1e-12, "{exact}");
    // Bounded before any work.
    let refused = alea(&["prob", "aube.test", "ca=-100..=100", "nd=-200..=200"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(common::stderr(&refused).contains("more than 1001"));
}

#[test]
fn a_fall_and_a_convalescence_answer_exactly() {
    let exact = |args: &[&str], metric: &str| {
        let mut all = vec!["prob"];
        all.extend(args);
        all.extend(["--exact", "--json"]);
        json(&alea(&all))["metrics"][metric]["exact"]
            .as_f64()
            .unwrap_or(f64::NAN)
    };
    // 6 m is 2d6: 10 or more kills a character of 10 hit points, 6 in 36.
    let dies = exact(&["ose.fall", "metres=6", "hp=10"], "dies");
    assert!((dies - 1.0 / 6.0).abs() < 1e-12, "{dies}");
    // 5 m is 1d6 (whole 3 m), 2d6 with the switch per_started: mean 3.5 or 7.
    let whole = exact(&["ose.fall", "metres=5"], "mean_damage");
    let begun = exact(&["ose.fall", "metres=5", "per_started=true"], "mean_damage");
    assert!((whole - 3.5).abs() < 1e-12 && (begun - 7.0).abs() < 1e-12);
    // 3 hit points at 1d3 a day: healed within a day on a 3 only.
    let one_day = exact(&["ose.healing", "wounds=3", "within=1"], "p_within");
    assert!((one_day - 1.0 / 3.0).abs() < 1e-12, "{one_day}");
}
