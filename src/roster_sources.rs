//! The rosters alea knows: the built-in ones (each system's roster file, compiled in:
//! `analyses/rosters/*.toml`) and the roster files a user adds (`--roster FILE`), read and
//! checked by [`crate::engine::roster_file`].

use crate::engine::roster::Rosters;
use crate::engine::roster_file;
use crate::engine::system::RosterFile;
use crate::error::Result;
use crate::files::{MAX_ANALYSIS_BYTES, read_small_text};
use crate::systems::{self, SYSTEMS};
use std::path::{Path, PathBuf};

/// The built-in roster files, as shipped in `analyses/rosters/`, one a system that has
/// one.
pub fn builtin_files() -> impl Iterator<Item = RosterFile> {
    SYSTEMS.iter().filter_map(|s| s.roster)
}

/// The kinds of entry every system accepts, without entries.
pub fn empty() -> Rosters {
    Rosters::new(systems::roster_kinds())
}

/// The built-in rosters of every system.
pub fn builtin() -> &'static Rosters {
    systems::builtin_rosters()
}

/// The built-in rosters with the entries of `files` added (an entry of a file replaces a
/// built-in one of the same system and name).
pub fn with_files(files: &[PathBuf]) -> Result<Rosters> {
    let mut rosters = builtin().clone();
    for path in files {
        let text = read_small_text(path, MAX_ANALYSIS_BYTES)?;
        add_text(&mut rosters, path, &path.display().to_string(), &text)?;
    }
    Ok(rosters)
}

/// Reads the roster file `text` (from `path`), of one of alea's systems, into `rosters`;
/// its entries' source is `source`.
pub fn add_text(rosters: &mut Rosters, path: &Path, source: &str, text: &str) -> Result<()> {
    let names: Vec<&str> = SYSTEMS.iter().map(|s| s.name).collect();
    roster_file::add_text(rosters, &names, path, source, text)
}

#[cfg(test)]
#[path = "roster_sources_tests.rs"]
mod tests;
