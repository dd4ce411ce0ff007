//! Cheat sheets: the Markdown of every system against its committed snapshot (exact values
//! do not depend on any seed), and the HTML and file outputs. Set `UPDATE_SNAPSHOTS=1` to
//! rewrite the snapshots after a deliberate change, then review the diff.

mod common;

use common::*;

const SYSTEMS: [&str; 5] = ["aube", "cle", "maitrise", "ose", "sccs"];

#[test]
fn markdown_sheets_match_their_snapshots() {
    for system in SYSTEMS {
        let out = alea(&["sheet", system]);
        assert!(out.status.success(), "{system}: {}", stderr(&out));
        let text = stdout(&out);
        let path = format!("tests/snapshots/sheet_{system}.md");
        if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
            std::fs::write(&path, &text).unwrap();
        }
        let expected = std::fs::read_to_string(&path).expect("a committed snapshot");
        assert!(
            text == expected,
            "{system}: the sheet differs from {path} (UPDATE_SNAPSHOTS=1 rewrites it)"
        );
        // Only whole percentages, <1 and >99 in the cells (of the rows below each table's
        // header and separator).
        let mut in_body = false;
        for line in text.lines() {
            if line.starts_with("|---") {
                in_body = true;
                continue;
            }
            if !line.starts_with("| ") {
                in_body = false;
            }
            if !in_body
                || line.contains('\\')
                || line.contains("crit_")
                || line.contains("p_within")
            {
                continue;
            }
            for cell in line.trim_matches('|').split('|').skip(1) {
                let cell = cell.trim();
                let ok =
                    cell == "<1" || cell == ">99" || cell.parse::<u32>().is_ok_and(|v| v <= 100);
                assert!(ok, "{system}: cell {cell:?} in {line}");
            }
        }
    }
}

#[test]
fn html_sheet_written_to_a_folder() {
    let dir = temp_dir("sheet");
    let out = alea(&[
        "sheet",
        "cle",
        "--format",
        "html",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let html = std::fs::read_to_string(dir.join("sheet_cle.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"));
    // Success by 3d6, by 4d6 and with a reroll; opposition; cooperation.
    assert_eq!(html.matches("<table>").count(), 5);
    assert!(html.contains("<p>Equal totals go to the higher skill"));
    assert_eq!(
        html.matches("<table>").count(),
        html.matches("</table>").count()
    );
    assert!(!html.contains("<script"));
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name())
        .collect();
    assert_eq!(files.len(), 1, "no temporary file left: {files:?}");
}

#[test]
fn bad_sheet_requests() {
    assert_user_error(
        &alea(&["sheet", "dnd"]),
        &["unknown system 'dnd'", "aube, cle, maitrise, ose, sccs"],
    );
    assert_user_error(
        &alea(&["sheet", "aube", "--format", "pdf"]),
        &["--format", "md", "html"],
    );
}
