//! Replacing report folders and files without ever losing the previous good one, and
//! cleaning what an interrupted run left behind.
//!
//! A report is written whole into `.NAME.alea-tmp-PID` beside its destination. To replace
//! the destination, the old one is renamed aside to `.NAME.alea-old-PID`, the new one
//! renamed in, then the old one removed: at every moment the previous report or the new
//! one is complete, under its name or aside.
//!
//! Temporary paths are registered while they exist. Writers hold the [`lock`] from the
//! moment they create a temporary path until it is renamed into place or removed, so a
//! signal handler that calls [`abandon`] waits for a replacement under way to finish,
//! then removes every temporary path left. A run killed outright (SIGKILL, power loss)
//! leaves them behind: [`clean_stale`], at the start of the next run, removes them and
//! puts back a report left aside.
//!
//! Only paths alea wrote are ever removed, renamed or replaced ([`super::marker`]): a
//! temporary or aside folder carries alea's marker file from the moment it is created,
//! and a temporary file starts with alea's marker. Two short windows have no marker yet
//! (or no more): a path just created and not yet marked, and a folder whose marker was
//! removed just before the folder itself. A run killed inside one leaves an empty path,
//! which is known as alea's by its name alone: the `alea-tmp` and `alea-old` names are
//! alea's (the README says so). Anything else is left alone: a hidden `.NAME.tmp-N` or
//! `.NAME.old-N` (the names older versions of alea used) is removed or put back only when
//! it carries the marker, and never because it is empty.

use super::marker;
use crate::error::{Error, Result};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

static REGISTERED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The registry of temporary paths, locked: no signal handler cleans while it is held.
pub struct Registry {
    guard: MutexGuard<'static, Vec<PathBuf>>,
}

/// Locks the registry of temporary paths.
pub fn lock() -> Registry {
    Registry {
        guard: REGISTERED.lock().unwrap_or_else(|e| e.into_inner()),
    }
}

/// `dir/.NAME.alea-tmp-PID`: where `NAME` is written before it is renamed into place.
pub fn temp_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!(".{name}.{TEMP}-{}", std::process::id()))
}

/// The kind of a temporary path, in its name.
const TEMP: &str = "alea-tmp";

/// The kind of a report renamed aside, in its name.
const ASIDE: &str = "alea-old";

/// The kinds older versions of alea named their temporary and aside paths with: a path so
/// named is alea's only when it carries the marker.
const LEGACY_TEMP: &str = "tmp";
const LEGACY_ASIDE: &str = "old";

/// The folder and the name of `path`.
fn dir_and_name(path: &Path) -> Result<(&Path, std::borrow::Cow<'_, str>)> {
    match (path.parent(), path.file_name()) {
        (Some(dir), Some(name)) => Ok((dir, name.to_string_lossy())),
        _ => Err(Error::Invalid(format!(
            "'{}' is not a file name",
            path.display()
        ))),
    }
}

/// Writes `target` whole through a temporary path beside it: `write` fills the temporary
/// path (a file that starts with alea's marker, or a folder it creates and marks), which
/// then replaces `target`. `owner` says what is at `target` (see [`super::marker`]):
/// something alea did not write is never replaced, and is an error, checked before
/// writing and again before the replacement. On an error the temporary path is removed
/// and `target` is left as it was.
pub fn write_whole(
    target: &Path,
    owner: impl Fn(&Path) -> marker::Owner,
    write: impl FnOnce(&Path) -> Result<()>,
) -> Result<()> {
    marker::check_free(target, owner(target))?;
    let (dir, name) = dir_and_name(target)?;
    let temp = temp_path(dir, &name);
    let mut registry = lock();
    remove_if_alea(&temp)?;
    registry.add(&temp);
    let written = write(&temp).and_then(|()| marker::check_free(target, owner(target)));
    match written {
        Ok(()) => registry.replace(&temp, target),
        Err(e) => {
            registry.discard(&temp);
            Err(e)
        }
    }
}

fn aside_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!(".{name}.{ASIDE}-{}", std::process::id()))
}

/// True when `path` is a folder carrying alea's marker or a file alea wrote (never a
/// symbolic link).
fn written_by_alea(path: &Path) -> bool {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => marker::folder_is_marked(path),
        Ok(meta) if meta.is_file() => marker::file_is_alea(path),
        _ => false,
    }
}

/// Removes `path` when alea wrote it; a missing path is no error, anything else in the
/// way is one.
fn remove_if_alea(path: &Path) -> Result<()> {
    if std::fs::symlink_metadata(path).is_err() {
        return Ok(());
    }
    if !written_by_alea(path) {
        return Err(Error::Invalid(format!(
            "'{}' is in the way and alea did not write it; move it away",
            path.display()
        )));
    }
    remove(path).map_err(|e| Error::io("remove", path, e))
}

/// Removes a file or a folder with everything in it; a missing path is no error. A
/// folder's marker goes last, just before the empty folder itself, so a removal cut short
/// (SIGKILL) leaves either a folder the next run still knows as alea's or an empty one,
/// which [`clean_stale`] removes too.
fn remove(path: &Path) -> std::io::Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => {
            for entry in std::fs::read_dir(path)? {
                let entry = entry?;
                if entry.file_name() == marker::FOLDER_MARKER {
                    continue;
                }
                if entry.file_type()?.is_dir() {
                    std::fs::remove_dir_all(entry.path())?;
                } else {
                    std::fs::remove_file(entry.path())?;
                }
            }
            match std::fs::remove_file(path.join(marker::FOLDER_MARKER)) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
            std::fs::remove_dir(path)
        }
        Ok(_) => std::fs::remove_file(path),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// True when `path` is an empty file or a folder holding nothing but alea's marker files
/// (never a symbolic link): what a run killed between creating a temporary path and
/// marking it leaves, and what holds nothing to lose.
fn is_empty(path: &Path) -> bool {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => std::fs::read_dir(path).is_ok_and(|entries| {
            entries.into_iter().all(|entry| {
                entry.is_ok_and(|entry| {
                    let name = entry.file_name();
                    name == marker::FOLDER_MARKER || name == marker::FOLDER_MARKER_NEW
                })
            })
        }),
        Ok(meta) if meta.is_file() => meta.len() == 0,
        _ => false,
    }
}

impl Registry {
    /// Registers `path`, about to be created, for removal on a signal.
    pub fn add(&mut self, path: &Path) {
        self.guard.push(path.to_path_buf());
    }

    /// Removes `path` (written in part, after an error) and forgets it.
    pub fn discard(&mut self, path: &Path) {
        let _ = remove(path);
        self.guard.retain(|p| p != path);
    }

    /// Renames the registered `temp` to `target`. An existing `target` folder is renamed
    /// aside first and removed once the new one is in place (put back if the rename
    /// fails); a file is replaced in one step.
    pub fn replace(&mut self, temp: &Path, target: &Path) -> Result<()> {
        let result = replace(temp, target);
        if result.is_err() {
            let _ = remove(temp);
        }
        self.guard.retain(|p| p != temp);
        result
    }
}

fn replace(temp: &Path, target: &Path) -> Result<()> {
    // A rename over a file replaces it in one step; a folder must be moved aside first.
    if !std::fs::symlink_metadata(target).is_ok_and(|m| m.is_dir()) {
        return std::fs::rename(temp, target).map_err(|e| Error::io("rename into", target, e));
    }
    let (dir, name) = dir_and_name(target)?;
    let aside = aside_path(dir, &name);
    remove_if_alea(&aside)?;
    std::fs::rename(target, &aside).map_err(|e| Error::io("move aside", target, e))?;
    if let Err(e) = std::fs::rename(temp, target) {
        let _ = std::fs::rename(&aside, target);
        return Err(Error::io("rename into", target, e));
    }
    // A failure here leaves only a hidden folder, which the next run removes.
    let _ = remove(&aside);
    Ok(())
}

/// For a signal handler: waits for any replacement under way, removes every registered
/// temporary path and keeps the registry locked, so nothing new starts before the
/// process ends.
pub fn abandon() {
    let mut registry = lock();
    for path in registry.guard.drain(..) {
        // A writer may still be adding files: try a few times.
        for _ in 0..5 {
            if remove(&path).is_ok() {
                break;
            }
        }
    }
    std::mem::forget(registry);
}

/// A hidden entry named like a temporary or aside path.
#[derive(Debug, PartialEq, Eq)]
struct Staged<'a> {
    /// The name of the destination.
    name: &'a str,
    /// A report renamed aside (else a temporary path).
    aside: bool,
    /// The process that named it.
    pid: u32,
    /// Named the way only alea names paths (`alea-tmp`, `alea-old`); else the older,
    /// common-looking names.
    reserved: bool,
}

/// The parts of a hidden `.NAME.KIND-PID` entry, KIND being one of alea's.
fn parse_staged(file_name: &str) -> Option<Staged<'_>> {
    let rest = file_name.strip_prefix('.')?;
    [
        (TEMP, false, true),
        (ASIDE, true, true),
        (LEGACY_TEMP, false, false),
        (LEGACY_ASIDE, true, false),
    ]
    .into_iter()
    .find_map(|(kind, aside, reserved)| {
        let (name, pid) = rest.rsplit_once(&format!(".{kind}-"))?;
        let pid = pid.parse().ok()?;
        (!name.is_empty()).then_some(Staged {
            name,
            aside,
            pid,
            reserved,
        })
    })
}

/// True when process `pid` may still be writing its temporary paths (another process
/// alive on Linux; elsewhere, where this cannot be known cheaply, never).
fn alive(pid: u32) -> bool {
    pid != std::process::id()
        && Path::new("/proc/self").exists()
        && Path::new("/proc").join(pid.to_string()).exists()
}

/// True for the hidden names of temporary and aside paths (never a report).
pub fn is_staged(file_name: &str) -> bool {
    parse_staged(file_name).is_some()
}

/// Removes the temporary paths that dead runs left in `dir` and puts back a report that
/// was renamed aside but not replaced. Only paths carrying alea's marker are put back or
/// removed, and empty paths under alea's own names (a run killed between creating a path
/// and marking it leaves one; it holds nothing to lose): a hidden name of the user's that
/// looks like a leftover is left alone, empty or not. Holds the [`lock`], so a signal
/// waits for it to finish. Returns true when something changed.
pub fn clean_stale(dir: &Path) -> Result<bool> {
    let _registry = lock();
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(Error::io("read folder", dir, e)),
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut changed = false;
    let mut aside = Vec::new();
    for file_name in &names {
        let Some(staged) = parse_staged(file_name) else {
            continue;
        };
        let path = dir.join(file_name);
        if alive(staged.pid) {
            continue;
        }
        if staged.aside && written_by_alea(&path) {
            aside.push((path, dir.join(staged.name)));
        } else if written_by_alea(&path) || (staged.reserved && is_empty(&path)) {
            remove(&path).map_err(|e| Error::io("remove", &path, e))?;
            changed = true;
        }
    }
    for (path, target) in aside {
        if std::fs::symlink_metadata(&target).is_err() {
            std::fs::rename(&path, &target).map_err(|e| Error::io("put back", &target, e))?;
        } else {
            remove(&path).map_err(|e| Error::io("remove", &path, e))?;
        }
        changed = true;
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(label: &str) -> PathBuf {
        crate::test_folders::fresh_test_folder(&format!("staging-{label}"))
    }

    #[test]
    fn names_of_staged_paths() {
        let staged = |name, aside, pid, reserved| {
            Some(Staged {
                name,
                aside,
                pid,
                reserved,
            })
        };
        assert_eq!(
            parse_staged(".a_b.alea-tmp-12"),
            staged("a_b", false, 12, true)
        );
        assert_eq!(
            parse_staged(".index.html.alea-tmp-7"),
            staged("index.html", false, 7, true)
        );
        assert_eq!(parse_staged(".r.alea-old-99"), staged("r", true, 99, true));
        assert_eq!(parse_staged(".a_b.tmp-12"), staged("a_b", false, 12, false));
        assert_eq!(parse_staged(".r.old-99"), staged("r", true, 99, false));
        assert_eq!(parse_staged("r.alea-tmp-1"), None);
        assert_eq!(parse_staged(".r.alea-tmp-x"), None);
        assert_eq!(parse_staged(".alea-tmp-1"), None);
        assert_eq!(parse_staged(".tmp-1"), None);
    }

    /// A folder `dir/name` carrying alea's marker.
    fn marked_folder(dir: &Path, name: &str) {
        std::fs::create_dir_all(dir.join(name)).unwrap();
        marker::mark_folder(&dir.join(name), &[]).unwrap();
    }

    #[test]
    fn replace_keeps_one_complete_report() {
        let dir = scratch("replace");
        let target = dir.join("r");
        for round in 0..2 {
            let temp = temp_path(&dir, "r");
            let mut registry = lock();
            registry.add(&temp);
            std::fs::create_dir_all(&temp).unwrap();
            std::fs::write(temp.join("f"), format!("{round}")).unwrap();
            marker::mark_folder_with_contents(&temp).unwrap();
            registry.replace(&temp, &target).unwrap();
            drop(registry);
            assert_eq!(
                std::fs::read_to_string(target.join("f")).unwrap(),
                round.to_string()
            );
            assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no leftover");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn stale_paths_are_cleaned_and_reports_put_back() {
        let dir = scratch("stale");
        let dead = u32::MAX;
        for name in [
            format!(".a.alea-tmp-{dead}"),
            format!(".a.alea-old-{dead}"),
            // A marked leftover of an older alea, named the old way.
            format!(".b.old-{dead}"),
            "b".to_string(),
        ] {
            marked_folder(&dir, &name);
        }
        std::fs::write(
            dir.join(format!(".index.html.alea-tmp-{dead}")),
            marker::FILE_MARKER,
        )
        .unwrap();
        assert!(clean_stale(&dir).unwrap());
        let mut left: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["a", "b"]);
        assert!(!clean_stale(&dir).unwrap());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn hidden_names_of_the_user_are_left_alone() {
        let dir = scratch("user");
        let dead = u32::MAX;
        std::fs::create_dir_all(dir.join(format!(".thesis.tmp-{dead}"))).unwrap();
        std::fs::write(
            dir.join(format!(".thesis.tmp-{dead}")).join("chapter1.txt"),
            "mine",
        )
        .unwrap();
        std::fs::write(dir.join(format!(".bashrc.tmp-{dead}")), "mine").unwrap();
        std::fs::create_dir_all(dir.join(format!(".photos.old-{dead}"))).unwrap();
        std::fs::write(
            dir.join(format!(".photos.old-{dead}")).join("beach.jpg"),
            "mine",
        )
        .unwrap();
        // Empty, under the names older versions of alea used: still the user's.
        std::fs::write(dir.join(format!(".empty.tmp-{dead}")), "").unwrap();
        std::fs::create_dir_all(dir.join(format!(".empty_folder.old-{dead}"))).unwrap();
        assert!(!clean_stale(&dir).unwrap());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 5);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn empty_leftovers_of_a_killed_run_are_removed_never_put_back() {
        let dir = scratch("empty");
        let dead = u32::MAX;
        // Killed between creating a temporary path and marking it, or between removing an
        // aside folder's marker and the folder itself.
        std::fs::create_dir_all(dir.join(format!(".a.alea-tmp-{dead}"))).unwrap();
        std::fs::create_dir_all(dir.join(format!(".b.alea-old-{dead}"))).unwrap();
        std::fs::create_dir_all(dir.join(format!(".c.alea-tmp-{dead}"))).unwrap();
        std::fs::write(
            dir.join(format!(".c.alea-tmp-{dead}"))
                .join(marker::FOLDER_MARKER_NEW),
            "writ",
        )
        .unwrap();
        std::fs::write(dir.join(format!(".index.html.alea-tmp-{dead}")), "").unwrap();
        assert!(clean_stale(&dir).unwrap());
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            0,
            "nothing left, nothing put back"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
