//! Charts as a user meets them: a chart file name cannot leave the report folder, and a
//! chart with nothing to draw is drawn empty instead of hanging the run.

mod common;

use common::{alea, assert_user_error, temp_dir};
use std::path::Path;
use std::time::{Duration, Instant};

/// Writes an analysis of `aube.test` over `ca = [0, 1]` with `chart` appended, in `dir`.
fn analysis_with_chart(dir: &Path, chart: &str) -> String {
    let path = dir.join("a.toml");
    let text = format!(
        "name = \"chart_case\"\ntitle = \"t\"\nmechanic = \"aube.test\"\nsamples = 2000\n\
         [grid]\nca = [0, 1]\n[[charts]]\n{chart}\n"
    );
    std::fs::write(&path, text).expect("write analysis");
    path.to_string_lossy().into_owned()
}

#[test]
fn chart_files_cannot_leave_the_report_folder() {
    let dir = temp_dir("chart-file");
    let out = dir.join("out");
    for file in ["../../escape", "/tmp/alea-escape", "a/b", ".hidden", ".."] {
        let path = analysis_with_chart(
            &dir,
            &format!(
                "kind = \"bars\"\nhistogram = \"degree\"\nat = {{ ca = 0 }}\nfile = \"{file}\""
            ),
        );
        let result = alea(&["run", &path, "--out", out.to_str().unwrap_or_default()]);
        assert_user_error(&result, &["plain file name", "line 7"]);
        assert!(!out.exists(), "{file}: nothing written");
    }
    assert!(!Path::new("/tmp/alea-escape.svg").exists());
    assert!(!dir.join("escape.svg").exists() && !dir.join("../escape.svg").exists());
}

#[test]
fn a_chart_with_no_finite_value_is_drawn_empty_without_hanging() {
    let dir = temp_dir("chart-empty");
    let out = dir.join("out");
    let path = analysis_with_chart(
        &dir,
        "kind = \"lines\"\nmetric = \"mean_degree_given_success\"\nx = \"ca\"",
    );
    let start = Instant::now();
    let result = alea(&[
        "run",
        &path,
        "--quiet",
        "--out",
        out.to_str().unwrap_or_default(),
    ]);
    assert!(result.status.success(), "{}", common::stderr(&result));
    assert!(start.elapsed() < Duration::from_secs(20));
    let svg =
        std::fs::read_to_string(out.join("chart_case/lines_mean_degree_given_success_by_ca.svg"))
            .expect("the chart is written");
    assert!(svg.contains("no value to draw"), "the empty chart says why");
}

#[test]
fn chart_errors_point_at_the_faulty_chart() {
    let dir = temp_dir("chart-line");
    let path = dir.join("a.toml");
    let text = "name = \"c\"\ntitle = \"t\"\nmechanic = \"aube.test\"\n[grid]\nca = [0, 1]\n\
                [[charts]]\nkind = \"lines\"\nmetric = \"beats_nd\"\nx = \"ca\"\n\
                [[charts]]\nkind = \"lines\"\nmetric = \"beats_nb\"\nx = \"ca\"\n";
    std::fs::write(&path, text).expect("write analysis");
    let result = alea(&[
        "run",
        path.to_str().unwrap_or_default(),
        "--out",
        dir.to_str().unwrap_or_default(),
    ]);
    assert_user_error(
        &result,
        &[
            "line 10",
            "unknown metric 'beats_nb'",
            "did you mean 'beats_nd'",
        ],
    );
}

#[test]
fn a_report_opens_with_what_each_variant_changes_and_by_how_much() {
    let dir = temp_dir("answer");
    std::fs::write(dir.join("a.toml"), common::small_analysis("a", 2000)).unwrap();
    let out = dir.join("out");
    let run = alea(&[
        "run",
        dir.join("a.toml").to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    assert!(run.status.success(), "{}", common::stderr(&run));
    let meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("a/analysis.json")).unwrap())
            .unwrap();
    let answer = meta["answer"].as_str().unwrap();
    // The reference variant's range over the grid, in words, then what the other variant
    // changes: a d6 crit die adds chances to beat ND 5 at CA 8 to 12 (exact values).
    assert!(
        answer.starts_with("Under 'none', the chance the action beats ND goes from"),
        "{answer}"
    );
    assert!(
        answer.contains("(ca=8)") && answer.contains("(ca=12)"),
        "{answer}"
    );
    assert!(
        answer.contains("'d6' (crit=d6) raises the chance the action beats ND by "),
        "{answer}"
    );
    // A d6 crit die adds the same at every CA of 8 to 12.
    assert!(answer.contains(" points throughout."), "{answer}");
    assert!(!answer.contains("beats_nd"), "no identifier: {answer}");
    // The page opens with the answer, before the question's description.
    let page = std::fs::read_to_string(out.join("a/report.html")).unwrap();
    let opens = page.find("class=\"answer\"").expect("an answer paragraph");
    assert!(opens < page.find("<table").unwrap(), "{page}");
}
