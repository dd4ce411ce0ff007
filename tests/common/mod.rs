//! Helpers for running the `alea` binary as a user would.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU32, Ordering};

/// Runs `alea` with `args` from the crate's root folder.
pub fn alea(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_alea"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the alea binary runs")
}

/// Standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts a user error: exit code 2, nothing on stdout, a message on stderr containing
/// every one of `needles`. Returns stderr.
pub fn assert_user_error(out: &Output, needles: &[&str]) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "exit code; stderr: {err}");
    assert!(
        out.stdout.is_empty(),
        "nothing on stdout, got: {}",
        stdout(out)
    );
    for needle in needles {
        assert!(
            err.contains(needle),
            "stderr should contain {needle:?}: {err}"
        );
    }
    assert!(!err.contains("panicked"), "no panic: {err}");
    err
}

/// A fresh, empty temporary folder.
pub fn temp_dir(label: &str) -> PathBuf {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("alea-test-{label}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Parses the JSON printed by `alea prob --json`.
pub fn json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "stderr: {}", stderr(out));
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

/// Runs `alea run <args> --quiet --out <fresh temp folder>`, asserts it succeeded and
/// printed nothing, and returns the folder.
pub fn run_quiet(label: &str, args: &[&str]) -> PathBuf {
    let out_dir = temp_dir(label);
    let mut full = vec!["run"];
    full.extend_from_slice(args);
    full.extend_from_slice(&[
        "--quiet",
        "--out",
        out_dir.to_str().expect("a UTF-8 temp path"),
    ]);
    let out = alea(&full);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).is_empty(), "--quiet prints nothing");
    out_dir
}
