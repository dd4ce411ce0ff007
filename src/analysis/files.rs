//! Finding analysis files, and reading small text files without trusting them: a
//! device, a pipe or a huge file is refused at once instead of being read forever.

use crate::error::{Error, Result};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Largest analysis file read (the shipped ones are about 2 KB).
pub const MAX_ANALYSIS_BYTES: u64 = 1 << 20;

/// Reads the regular file `path` as UTF-8 text of at most `limit` bytes.
pub fn read_small_text(path: &Path, limit: u64) -> Result<String> {
    let meta = std::fs::metadata(path).map_err(|e| Error::io("read", path, e))?;
    if !meta.is_file() {
        return Err(Error::Invalid(format!(
            "'{}' is not a regular file; give a text file",
            path.display()
        )));
    }
    let too_large = || {
        Error::Invalid(format!(
            "'{}' is larger than {} KB; this is not the small text file expected",
            path.display(),
            limit / 1024
        ))
    };
    if meta.len() > limit {
        return Err(too_large());
    }
    let file = std::fs::File::open(path).map_err(|e| Error::io("read", path, e))?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io("read", path, e))?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|e| {
        Error::Invalid(format!(
            "'{}' is not UTF-8 text (invalid byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        ))
    })
}

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
