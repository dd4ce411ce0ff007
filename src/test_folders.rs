//! Folders for the files of the unit tests, in the build folder (`target/tmp/unit`), named
//! after what they hold: a later run reuses them instead of leaving more folders behind in
//! the system's temporary folder.

use std::path::PathBuf;

/// The folder `name` for a unit test's files, created if need be (tests that share it
/// write files of different names).
pub(crate) fn test_folder(name: &str) -> PathBuf {
    // The test binary lives in `target/<profile>/deps`.
    let build = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.parent()?.to_path_buf()))
        .unwrap_or_else(std::env::temp_dir);
    let dir = build.join("tmp").join("unit").join(name);
    std::fs::create_dir_all(&dir).expect("a folder for the test's files");
    dir
}

/// The folder `name`, emptied first.
pub(crate) fn fresh_test_folder(name: &str) -> PathBuf {
    let _ = std::fs::remove_dir_all(test_folder(name));
    test_folder(name)
}
