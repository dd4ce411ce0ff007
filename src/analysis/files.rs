//! Finding analysis files: files as given, folders searched for `*.toml`.

use crate::error::{Error, Result};
pub use crate::files::{MAX_ANALYSIS_BYTES, read_small_text};
use std::path::PathBuf;

/// The analysis files named by `paths`: files as given, folders searched for `*.toml`
/// (sorted by name).
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| Error::io("read folder", path, e))?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "toml"))
                .collect();
            found.sort();
            if found.is_empty() {
                return Err(Error::Invalid(format!(
                    "'{}' holds no analysis file (*.toml)",
                    path.display()
                )));
            }
            files.extend(found);
        } else if path.exists() {
            files.push(path.clone());
        } else {
            return Err(Error::Invalid(format!(
                "'{}' does not exist; give analysis files (*.toml) or folders of them",
                path.display()
            )));
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// A folder's analyses are its own `*.toml` files: the roster files of a subfolder
    /// (`analyses/rosters/`) are not run.
    #[test]
    fn folders_give_their_own_toml_files_only() {
        let files = collect_files(&[PathBuf::from("analyses")]).expect("the shipped analyses");
        assert!(files.len() > 10);
        assert!(
            files
                .iter()
                .all(|f| f.parent() == Some(Path::new("analyses")))
        );
        assert!(Path::new("analyses/rosters/aube.toml").is_file());
    }
}
