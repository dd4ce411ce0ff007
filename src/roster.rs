//! The rosters alea knows: the built-in ones (`analyses/rosters/*.toml`, compiled in)
//! and the roster files a user adds (`--roster FILE`), read and checked as strictly as
//! analysis files: unknown tables and fields (with the closest name), wrong types or
//! ranges, missing fields (all at once) and names given twice are errors naming the file
//! and the line.
//!
//! ```toml
//! system = "aube"
//!
//! [[fighter]]          # a kind of entry the system accepts (alea roster aube)
//! name = "krom"        # letters, digits, '_' and '-'
//! about = "Kröm, the seed's two-handed axe"
//! ca = 9               # the kind's fields
//! ba = 1
//! ```

use crate::analysis::files::{MAX_ANALYSIS_BYTES, read_small_text};
use crate::engine::roster::{Entry, Kind, Rosters, check_name};
use crate::engine::{ParamSpec, Value};
use crate::error::{Error, Result, did_you_mean};
use crate::systems;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The built-in roster files, as shipped in `analyses/rosters/`: (path, text).
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "analyses/rosters/aube.toml",
        include_str!("../analyses/rosters/aube.toml"),
    ),
    (
        "analyses/rosters/ose.toml",
        include_str!("../analyses/rosters/ose.toml"),
    ),
    (
        "analyses/rosters/cle.toml",
        include_str!("../analyses/rosters/cle.toml"),
    ),
    (
        "analyses/rosters/sccs.toml",
        include_str!("../analyses/rosters/sccs.toml"),
    ),
];

/// The kinds of entry every system accepts, without entries.
pub fn empty() -> Rosters {
    Rosters::new(systems::roster_kinds())
}

/// The built-in rosters (read once; a unit test checks that every one of them reads).
pub fn builtin() -> &'static Rosters {
    static BUILT: OnceLock<Rosters> = OnceLock::new();
    BUILT.get_or_init(|| {
        let mut rosters = empty();
        for (path, text) in BUILTIN {
            // The shipped files are checked by the unit tests; one that failed would only
            // leave its names unknown.
            let _ = add_text(&mut rosters, Path::new(path), "built-in", text);
        }
        rosters
    })
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

fn file_error(path: &Path, line: Option<usize>, message: impl Into<String>) -> Error {
    let at = line.map(|l| format!("line {l}: ")).unwrap_or_default();
    Error::AnalysisFile {
        path: path.to_path_buf(),
        message: format!("{at}{}", message.into()),
    }
}

/// The 1-based line of the `index`-th `[[table]]` header of `text`, and of its `key`
/// (after that header) when `key` is given and found.
fn line_in(text: &str, table: &str, index: usize, key: Option<&str>) -> Option<usize> {
    let header = format!("[[{table}]]");
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.trim() == header)
        .nth(index)
        .map(|(i, _)| i)?;
    let Some(key) = key else {
        return Some(start + 1);
    };
    let found = lines[start + 1..]
        .iter()
        .take_while(|l| !l.trim_start().starts_with('['))
        .position(|l| {
            let t = l.trim_start().trim_start_matches('"');
            t.starts_with(key)
                && t[key.len()..]
                    .trim_start_matches('"')
                    .trim_start()
                    .starts_with('=')
        });
    Some(found.map_or(start + 1, |i| start + 2 + i))
}

/// Reads the roster file `text` (from `path`) into `rosters`; its entries' source is
/// `source`.
pub fn add_text(rosters: &mut Rosters, path: &Path, source: &str, text: &str) -> Result<()> {
    let table: toml::Table = toml::from_str(text)
        .map_err(|e| file_error(path, None, crate::error::toml_syntax_error(text, &e)))?;
    let system_names: Vec<&str> = systems::SYSTEMS.iter().map(|(n, _)| *n).collect();
    let system = match table.get("system") {
        Some(toml::Value::String(s)) => system_names
            .iter()
            .find(|n| **n == s.as_str())
            .copied()
            .ok_or_else(|| {
                file_error(
                    path,
                    None,
                    format!(
                        "unknown system '{s}'{}; known systems: {}",
                        did_you_mean(s, system_names.iter().copied()),
                        system_names.join(", ")
                    ),
                )
            })?,
        _ => {
            return Err(file_error(
                path,
                None,
                format!(
                    "a roster file starts with system = \"...\" (one of {})",
                    system_names.join(", ")
                ),
            ));
        }
    };
    let tables: Vec<&str> = rosters.kinds_of(system).map(|k| k.table).collect();
    let mut entries: Vec<Entry> = Vec::new();
    for (key, value) in &table {
        if key == "system" {
            continue;
        }
        let Some(kind) = rosters.kind(system, key) else {
            let accepted = if tables.is_empty() {
                format!("{system} has no roster entries yet")
            } else {
                format!("{system} rosters hold [[{}]]", tables.join("]], [["))
            };
            return Err(file_error(
                path,
                None,
                format!(
                    "unknown key '{key}'{}; {accepted}",
                    did_you_mean(key, tables.iter().copied())
                ),
            ));
        };
        let Some(items) = value.as_array() else {
            return Err(file_error(
                path,
                None,
                format!("'{key}' must be tables written [[{key}]]"),
            ));
        };
        for (index, item) in items.iter().enumerate() {
            let entry = read_entry(kind, item, source).map_err(|(field, message)| {
                file_error(path, line_in(text, key, index, field.as_deref()), message)
            })?;
            if entries.iter().any(|e| e.name == entry.name) {
                return Err(file_error(
                    path,
                    line_in(text, key, index, Some("name")),
                    format!("the name '{}' is given twice in this file", entry.name),
                ));
            }
            entries.push(entry);
        }
    }
    for entry in entries {
        rosters.add(entry);
    }
    Ok(())
}

/// One `[[table]]` of kind `kind`; an error gives the field it concerns.
fn read_entry(
    kind: &Kind,
    item: &toml::Value,
    source: &str,
) -> std::result::Result<Entry, (Option<String>, String)> {
    let fail = |field: &str, message: String| (Some(field.to_string()), message);
    let Some(table) = item.as_table() else {
        return Err((None, format!("a {} must be a table", kind.table)));
    };
    let name = match table.get("name") {
        Some(toml::Value::String(n)) => n.clone(),
        _ => {
            return Err((
                None,
                format!("every [[{}]] needs name = \"...\"", kind.table),
            ));
        }
    };
    check_name(&name).map_err(|why| fail("name", why))?;
    let about = match table.get("about") {
        None => String::new(),
        Some(toml::Value::String(a)) => a.clone(),
        Some(_) => return Err(fail("about", "about must be text".into())),
    };
    let mut fields: Vec<(String, Value)> = Vec::new();
    for (key, raw) in table {
        if key == "name" || key == "about" {
            continue;
        }
        let spec: &ParamSpec = kind.specs.iter().find(|s| s.name == *key).ok_or_else(|| {
            let known: Vec<&str> = kind.specs.iter().map(|s| s.name.as_str()).collect();
            fail(
                key,
                format!(
                    "'{name}': unknown field '{key}'{}; a {} {} has: name, about, {}",
                    did_you_mean(key, known.iter().copied()),
                    kind.system,
                    kind.table,
                    known.join(", ")
                ),
            )
        })?;
        let value = spec
            .from_toml(raw)
            .map_err(|e| fail(key, format!("'{name}': {e}")))?;
        fields.push((key.clone(), value));
    }
    let missing: Vec<&str> = kind
        .specs
        .iter()
        .filter(|s| s.default_value().is_none() && !s.optional)
        .filter(|s| !fields.iter().any(|(f, _)| *f == s.name))
        .map(|s| s.name.as_str())
        .collect();
    if !missing.is_empty() {
        return Err(fail(
            "name",
            format!("'{name}' needs a value for {}", missing.join(", ")),
        ));
    }
    Ok(Entry {
        system: kind.system,
        table: kind.table,
        name,
        about,
        fields,
        source: source.to_string(),
    })
}

#[cfg(test)]
#[path = "roster_tests.rs"]
mod tests;
