//! alea replaces and removes only what it wrote (issue 25): a report folder, a page, a
//! sheet or a leftover of a killed run carries alea's marker, and anything else in the
//! way is left as it is — with a clear error (exit code 2) when it stops the run, a note
//! on standard error when only `index.html` is left alone.

mod common;

use common::*;
use std::path::Path;

/// Every file under `dir` with its content (folders end with '/'), sorted.
fn snapshot(dir: &Path) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            let name = path
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if path.is_dir() {
                found.push((format!("{name}/"), String::new()));
                stack.push(path);
            } else {
                found.push((name, std::fs::read_to_string(&path).unwrap_or_default()));
            }
        }
    }
    found.sort();
    found
}

fn run_into(file: &str, out: &Path) -> std::process::Output {
    alea(&[
        "run",
        file,
        "--samples",
        "2000",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ])
}

#[test]
fn a_users_folder_named_like_a_report_is_never_replaced() {
    let dir = temp_dir("own-folder");
    let t1 = write_file(&dir, "t1.toml", &small_analysis("t1", 2000));
    let out = dir.join("out");
    std::fs::create_dir_all(out.join("t1")).unwrap();
    std::fs::write(out.join("t1/thesis.txt"), "my own work").unwrap();
    std::fs::write(out.join("index.html"), "<h1>my own page</h1>").unwrap();
    let before = snapshot(&out);
    let err = assert_user_error(&run_into(&t1, &out), &["t1", "alea did not write"]);
    assert!(err.contains("move it away, or write elsewhere"), "{err}");
    assert_eq!(snapshot(&out), before, "nothing changed");

    // A file of the user's in the report's place: the same.
    std::fs::remove_dir_all(out.join("t1")).unwrap();
    std::fs::write(out.join("t1"), "a file").unwrap();
    let before = snapshot(&out);
    assert_user_error(&run_into(&t1, &out), &["alea did not write"]);
    assert_eq!(snapshot(&out), before);
}

#[test]
fn an_index_alea_did_not_write_is_left_alone_and_the_run_says_so() {
    let dir = temp_dir("own-index");
    let t1 = write_file(&dir, "t1.toml", &small_analysis("t1", 2000));
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("index.html"), "<h1>my own page</h1>").unwrap();
    let run = run_into(&t1, &out);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(
        stderr(&run).contains("index.html' is a file alea did not write: left as it is"),
        "{}",
        stderr(&run)
    );
    assert_eq!(
        std::fs::read_to_string(out.join("index.html")).unwrap(),
        "<h1>my own page</h1>"
    );
    assert!(
        out.join("t1/results.csv").is_file(),
        "the report is written"
    );
    // The report alea wrote is alea's to replace.
    let again = run_into(&t1, &out);
    assert!(again.status.success(), "{}", stderr(&again));
}

#[test]
fn a_file_of_the_users_inside_a_report_stops_its_replacement() {
    let dir = temp_dir("own-inside");
    let t1 = write_file(&dir, "t1.toml", &small_analysis("t1", 2000));
    let out = dir.join("out");
    assert!(run_into(&t1, &out).status.success());
    std::fs::write(out.join("t1/notes.txt"), "mine").unwrap();
    let before = snapshot(&out);
    assert_user_error(
        &run_into(&t1, &out),
        &["holds files alea did not write: 'notes.txt'"],
    );
    assert_eq!(snapshot(&out), before);
}

#[test]
fn hidden_names_that_look_like_leftovers_are_not_alea_s() {
    let dir = temp_dir("own-hidden");
    let t1 = write_file(&dir, "t1.toml", &small_analysis("t1", 2000));
    let out = dir.join("out");
    std::fs::create_dir_all(out.join(".thesis.tmp-3999998")).unwrap();
    std::fs::write(out.join(".thesis.tmp-3999998/chapter1.txt"), "chapter").unwrap();
    std::fs::write(out.join(".bashrc.tmp-3999996"), "alias ll='ls -l'").unwrap();
    std::fs::create_dir_all(out.join(".photos.old-3999997")).unwrap();
    std::fs::write(out.join(".photos.old-3999997/cat.jpg"), "meow").unwrap();
    // Empty ones too: only the names `.NAME.alea-tmp-N` and `.NAME.alea-old-N` are alea's.
    std::fs::write(out.join(".profile.tmp-3999995"), "").unwrap();
    std::fs::create_dir_all(out.join(".drafts.old-3999994")).unwrap();
    std::fs::create_dir_all(out.join(".later.tmp-3999993")).unwrap();
    let before = snapshot(&out);
    let run = run_into(&t1, &out);
    assert!(run.status.success(), "{}", stderr(&run));
    let after = snapshot(&out);
    for entry in &before {
        assert!(after.contains(entry), "{entry:?} changed or removed");
    }
    assert!(!out.join("photos").exists(), "no user folder 'put back'");
    // The same through alea sheet --out.
    let sheet = alea(&["sheet", "ose", "--out", out.to_str().unwrap()]);
    assert!(sheet.status.success(), "{}", stderr(&sheet));
    let after = snapshot(&out);
    for entry in &before {
        assert!(
            after.contains(entry),
            "{entry:?} changed or removed by sheet"
        );
    }
}

#[test]
fn sheet_out_never_removes_a_users_file_or_folder() {
    let dir = temp_dir("own-sheet");
    let out = dir.join("out");
    std::fs::create_dir_all(out.join("sheet_ose.md")).unwrap();
    std::fs::write(out.join("sheet_ose.md/photo.txt"), "mine").unwrap();
    let before = snapshot(&out);
    let sheet = |format: &str| {
        alea(&[
            "sheet",
            "ose",
            "--format",
            format,
            "--out",
            out.to_str().unwrap(),
        ])
    };
    assert_user_error(
        &sheet("md"),
        &["sheet_ose.md' is a folder", "alea did not write"],
    );
    assert_eq!(snapshot(&out), before);
    std::fs::write(out.join("sheet_ose.html"), "my notes").unwrap();
    let before = snapshot(&out);
    assert_user_error(
        &sheet("html"),
        &["sheet_ose.html' is a file alea did not write"],
    );
    assert_eq!(snapshot(&out), before);
    // A sheet alea wrote is replaced.
    std::fs::remove_file(out.join("sheet_ose.html")).unwrap();
    for _ in 0..2 {
        let written = sheet("html");
        assert!(written.status.success(), "{}", stderr(&written));
    }
    let page = std::fs::read_to_string(out.join("sheet_ose.html")).unwrap();
    assert!(
        page.starts_with("<!DOCTYPE html>\n<!-- written by alea"),
        "{page}"
    );
}
