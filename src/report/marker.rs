//! How alea knows what it wrote, so that it never replaces nor removes anything else.
//!
//! - A report folder (and the temporary folder it is written in) holds a file
//!   [`FOLDER_MARKER`] whose first line is [`FOLDER_HEADER`] and whose other lines name
//!   every file alea wrote in it. A folder is alea's to replace only when it carries the
//!   marker and holds nothing the marker does not name.
//! - A page or sheet alea writes (`index.html`, `report.html`, `sheet_<system>.md`) holds
//!   [`FILE_MARKER`] near its start.
//! - Reports and pages written before the marker existed are recognised by what only alea
//!   wrote: an `analysis.json` that describes the folder it is in (with nothing else in the
//!   folder than the files it lists), or the exact first lines of alea's pages.

use super::meta::ReportMeta;
use crate::error::{Error, Result};
use std::io::Read;
use std::path::Path;

/// The file inside every folder alea writes.
pub const FOLDER_MARKER: &str = ".alea";

/// The first line of [`FOLDER_MARKER`].
pub const FOLDER_HEADER: &str =
    "written by alea: the next alea run replaces this folder, which holds only the files below";

/// The mark of a page or sheet alea wrote: an HTML comment, valid in HTML and Markdown.
pub const FILE_MARKER: &str = "<!-- written by alea; the next run replaces this file -->";

/// The first bytes of the pages older versions of alea wrote, before the marker.
const LEGACY_STARTS: [&str; 3] = [
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>alea reports</title>",
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Cheat sheet: ",
    "# Cheat sheet: ",
];

/// How many bytes of a file are read to find its marker.
const MARKER_WINDOW: u64 = 4096;

/// Largest folder marker read (one line per file of a report).
const MAX_MARKER_BYTES: u64 = 1 << 20;

/// Whether a path may be replaced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Owner {
    /// Nothing is there.
    Nothing,
    /// Something alea wrote.
    Alea,
    /// Something alea did not write, with what it is.
    Other(String),
}

/// Where the marker is written before it is renamed over [`FOLDER_MARKER`], so that a
/// folder's marker is always whole, even in a run killed while writing it.
pub const FOLDER_MARKER_NEW: &str = ".alea.new";

/// Writes the marker of folder `dir`, naming `files` (the folder's files, the marker
/// aside), whole: into [`FOLDER_MARKER_NEW`], then renamed over the marker.
pub fn mark_folder(dir: &Path, files: &[String]) -> Result<()> {
    let mut text = format!("{FOLDER_HEADER}\n");
    for file in files
        .iter()
        .filter(|f| *f != FOLDER_MARKER && *f != FOLDER_MARKER_NEW)
    {
        text.push_str(file);
        text.push('\n');
    }
    let new = dir.join(FOLDER_MARKER_NEW);
    std::fs::write(&new, text).map_err(|e| Error::io("write", &new, e))?;
    let path = dir.join(FOLDER_MARKER);
    std::fs::rename(&new, &path).map_err(|e| Error::io("rename into", &path, e))
}

/// Marks folder `dir` with every file it holds now.
pub fn mark_folder_with_contents(dir: &Path) -> Result<()> {
    let files = entries(dir).map_err(|e| Error::io("read folder", dir, e))?;
    mark_folder(dir, &files)
}

/// The names in folder `dir`, sorted.
fn entries(dir: &Path) -> std::io::Result<Vec<String>> {
    let mut names = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect::<std::io::Result<Vec<_>>>()?;
    names.sort();
    Ok(names)
}

/// The beginning of file `path` (at most [`MARKER_WINDOW`] bytes), as text.
fn start_of(path: &Path) -> Option<String> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(MARKER_WINDOW)
        .read_to_end(&mut bytes)
        .ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// The files named by the marker of `dir`, when `dir` carries one.
fn marked_files(dir: &Path) -> Option<Vec<String>> {
    let path = dir.join(FOLDER_MARKER);
    if !std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
        return None;
    }
    let mut bytes = Vec::new();
    std::fs::File::open(&path)
        .ok()?
        .take(MAX_MARKER_BYTES)
        .read_to_end(&mut bytes)
        .ok()?;
    let text = String::from_utf8(bytes).ok()?;
    let mut lines = text.lines();
    (lines.next() == Some(FOLDER_HEADER)).then(|| lines.map(str::to_string).collect())
}

/// True when folder `dir` carries alea's marker (a temporary or aside folder of a run).
pub fn folder_is_marked(dir: &Path) -> bool {
    marked_files(dir).is_some()
}

/// True when file `path` is a page or sheet alea wrote.
pub fn file_is_alea(path: &Path) -> bool {
    if !std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file()) {
        return false;
    }
    start_of(path).is_some_and(|start| {
        start.contains(FILE_MARKER) || LEGACY_STARTS.iter().any(|s| start.starts_with(s))
    })
}

/// What is at `path`, as a thing alea may replace with a report folder: nothing, a report
/// folder alea wrote and nothing else, or something else.
pub fn report_folder_owner(path: &Path) -> Owner {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Owner::Nothing,
        Err(e) => return Owner::Other(format!("cannot be read ({e})")),
    };
    if meta.file_type().is_symlink() {
        return Owner::Other("is a symbolic link".into());
    }
    if !meta.is_dir() {
        return Owner::Other("is a file alea did not write".into());
    }
    let Ok(present) = entries(path) else {
        return Owner::Other("is a folder that cannot be read".into());
    };
    let listed = match marked_files(path) {
        Some(files) => files,
        None => match legacy_report_files(path) {
            Some(files) => files,
            None => {
                return Owner::Other(
                    "is a folder alea did not write (it has no alea marker)".into(),
                );
            }
        },
    };
    let foreign: Vec<&String> = present
        .iter()
        .filter(|name| {
            *name != FOLDER_MARKER && *name != FOLDER_MARKER_NEW && !listed.contains(name)
        })
        .collect();
    if foreign.is_empty() {
        Owner::Alea
    } else {
        let names: Vec<String> = foreign.iter().take(5).map(|n| format!("'{n}'")).collect();
        let more = foreign.len().saturating_sub(5);
        let more = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        Owner::Other(format!(
            "holds files alea did not write: {}{more}",
            names.join(", ")
        ))
    }
}

/// The files of a report folder written before the marker: those its `analysis.json`
/// lists, when it describes this very folder.
fn legacy_report_files(dir: &Path) -> Option<Vec<String>> {
    let meta = ReportMeta::read(dir).ok()?;
    let folder = dir.file_name()?.to_string_lossy();
    if meta.name != folder {
        return None;
    }
    let mut files = vec!["analysis.json".to_string(), "report.html".to_string()];
    files.extend(meta.tables.iter().cloned());
    for chart in &meta.charts {
        files.push(chart.clone());
        if let Some(stem) = chart.strip_suffix(".svg") {
            files.push(format!("{stem}.png"));
        }
    }
    Some(files)
}

/// What is at `path`, as a thing alea may replace with a page or sheet: nothing, a file
/// alea wrote, or something else.
pub fn file_owner(path: &Path) -> Owner {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Owner::Nothing,
        Err(e) => Owner::Other(format!("cannot be read ({e})")),
        Ok(meta) if meta.file_type().is_symlink() => Owner::Other("is a symbolic link".into()),
        Ok(meta) if meta.is_dir() => Owner::Other("is a folder alea did not write".into()),
        Ok(_) if file_is_alea(path) => Owner::Alea,
        Ok(_) => Owner::Other("is a file alea did not write".into()),
    }
}

/// Ok when alea may write at `path` (nothing there, or something it wrote), else the
/// error that says what is in the way.
pub fn check_free(path: &Path, owner: Owner) -> Result<()> {
    match owner {
        Owner::Nothing | Owner::Alea => Ok(()),
        Owner::Other(what) => Err(Error::Invalid(format!(
            "'{}' {what}; alea replaces only what it wrote: move it away, or write elsewhere",
            path.display()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(label: &str) -> std::path::PathBuf {
        crate::test_folders::fresh_test_folder(&format!("marker-{label}"))
    }

    #[test]
    fn a_marked_folder_is_alea_only_while_it_holds_nothing_else() {
        let dir = scratch("folder");
        let report = dir.join("r");
        assert_eq!(report_folder_owner(&report), Owner::Nothing);
        std::fs::create_dir(&report).unwrap();
        std::fs::write(report.join("results.csv"), "x").unwrap();
        assert!(matches!(report_folder_owner(&report), Owner::Other(_)));
        mark_folder_with_contents(&report).unwrap();
        assert_eq!(report_folder_owner(&report), Owner::Alea);
        std::fs::write(report.join("notes.txt"), "mine").unwrap();
        let Owner::Other(why) = report_folder_owner(&report) else {
            panic!("a user's file inside")
        };
        assert!(why.contains("'notes.txt'"), "{why}");
        let file = dir.join("f");
        std::fs::write(&file, "x").unwrap();
        assert!(matches!(report_folder_owner(&file), Owner::Other(_)));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn pages_are_known_by_their_marker() {
        let dir = scratch("file");
        let page = dir.join("index.html");
        assert_eq!(file_owner(&page), Owner::Nothing);
        std::fs::write(&page, "<h1>my own page</h1>").unwrap();
        assert!(matches!(file_owner(&page), Owner::Other(_)));
        std::fs::write(&page, format!("<!DOCTYPE html>\n{FILE_MARKER}\n")).unwrap();
        assert_eq!(file_owner(&page), Owner::Alea);
        std::fs::write(&page, format!("{}\n</head>", LEGACY_STARTS[0])).unwrap();
        assert_eq!(file_owner(&page), Owner::Alea);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
