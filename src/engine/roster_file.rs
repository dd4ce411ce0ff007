//! Roster files read and checked as strictly as analysis files: unknown tables and fields
//! (with the closest name), wrong types or ranges, missing fields (all at once) and names
//! given twice are errors naming the file and the line.
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

use super::params::{ParamSpec, Value};
use super::roster::{Entry, Kind, Rosters, check_name};
use super::system::System;
use crate::error::{Error, Result, did_you_mean};
use std::path::Path;

/// The rosters of `systems`: every kind of entry they accept, and the entries of their
/// built-in roster files (checked by the systems' unit tests; one that failed would only
/// leave its names unknown).
pub fn builtin(systems: &[System]) -> Rosters {
    let names: Vec<&str> = systems.iter().map(|s| s.name).collect();
    let mut rosters = Rosters::new(systems.iter().flat_map(|s| (s.roster_kinds)()).collect());
    for file in systems.iter().filter_map(|s| s.roster) {
        let _ = add_text(
            &mut rosters,
            &names,
            Path::new(file.path),
            "built-in",
            file.text,
        );
    }
    rosters
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

/// Reads the roster file `text` (from `path`) into `rosters`, its system one of `systems`;
/// its entries' source is `source`.
pub fn add_text(
    rosters: &mut Rosters,
    systems: &[&str],
    path: &Path,
    source: &str,
    text: &str,
) -> Result<()> {
    let table: toml::Table = toml::from_str(text)
        .map_err(|e| file_error(path, None, crate::error::toml_syntax_error(text, &e)))?;
    let system_names = systems;
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
