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
