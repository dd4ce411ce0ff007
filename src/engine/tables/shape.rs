//! Reading given tables against the official ones, whatever the system: the shape check
//! (every key known, every value of the official value's type), the key of a value a
//! table's own type refuses, and the entries that differ from the official tables.

use super::{Change, RuleTables, TableError};
use crate::error::did_you_mean;

fn join(prefix: &str, key: &str) -> String {
    if prefix.is_empty() {
        key.to_string()
    } else {
        format!("{prefix}.{key}")
    }
}

/// "an integer, like 20", for a message saying what `official` expects.
fn expected(official: &toml::Value) -> String {
    match official {
        toml::Value::Table(_) => "a table".into(),
        toml::Value::Array(_) => format!("a list, like {official}"),
        toml::Value::Integer(_) => format!("an integer, like {official}"),
        toml::Value::Float(_) => format!("a number, like {official}"),
        toml::Value::Boolean(_) => "true or false".into(),
        other => format!("a {}, like {other}", other.type_str()),
    }
}

/// Checks `value` (at `key`) against the shape of `official`, and writes a whole number
/// given for a real one as a real.
fn check_value(
    value: &mut toml::Value,
    official: &toml::Value,
    key: &str,
) -> std::result::Result<(), TableError> {
    use toml::Value as V;
    match (official, &mut *value) {
        (V::Table(o), V::Table(v)) => check_shape(v, o, key),
        (V::Array(o), V::Array(v)) => {
            // Lengths are the system's to check (a list of critical faces may shrink or
            // grow; a matrix may not): each entry has the shape of the official one at
            // its place, or of the first.
            for (i, item) in v.iter_mut().enumerate() {
                if let Some(off) = o.get(i).or(o.first()) {
                    check_value(item, off, &format!("{key}[{}]", i + 1))?;
                }
            }
            Ok(())
        }
        (V::Float(_), V::Integer(n)) => {
            let real = *n as f64;
            *value = V::Float(real);
            Ok(())
        }
        (V::Integer(_), V::Integer(_))
        | (V::Float(_), V::Float(_))
        | (V::Boolean(_), V::Boolean(_))
        | (V::String(_), V::String(_)) => Ok(()),
        (_, v) => Err(TableError::new(
            key,
            format!("'{v}' is not accepted; expected {}", expected(official)),
        )),
    }
}

/// Checks every entry of `given` (under `prefix`) against the official tables.
pub(super) fn check_shape(
    given: &mut toml::Table,
    official: &toml::Table,
    prefix: &str,
) -> std::result::Result<(), TableError> {
    for (name, value) in given.iter_mut() {
        let key = join(prefix, name);
        let Some(off) = official.get(name) else {
            let what = if prefix.is_empty() {
                "table".to_string()
            } else {
                format!("entry of [{prefix}]")
            };
            return Err(TableError::new(
                &key,
                format!(
                    "unknown {what}{}; known: {}",
                    did_you_mean(name, official.keys().map(String::as_str)),
                    official.keys().cloned().collect::<Vec<_>>().join(", ")
                ),
            ));
        };
        check_value(value, off, &key)?;
    }
    Ok(())
}

/// Why `table`, of the shape of the official tables, does not read as a `T` (a value a
/// table's own type refuses, like a face off the die), with the key: the table is written
/// out as TOML and read again, so the error's position names the line, hence the key.
pub(super) fn read_error<T: RuleTables>(table: &toml::Table) -> TableError {
    let text = toml::to_string(table).unwrap_or_default();
    let Err(e) = toml::from_str::<T>(&text) else {
        return TableError::new(T::SYSTEM, "the tables do not read back");
    };
    let key = e
        .span()
        .and_then(|span| key_at(&text, span.start))
        .unwrap_or_else(|| T::SYSTEM.to_string());
    TableError::new(key, e.message().to_string())
}

/// The dotted key assigned on the line of `offset` in `text` (TOML as `toml` writes it:
/// `[table]` headers, then `key = value` lines).
fn key_at(text: &str, offset: usize) -> Option<String> {
    let before = &text[..offset.min(text.len())];
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].lines().next()?;
    let (key, _) = line.split_once('=')?;
    let table = before[..start]
        .lines()
        .rev()
        .find_map(|l| l.trim().strip_prefix('[')?.strip_suffix(']'));
    Some(match table {
        Some(t) => format!("{t}.{}", key.trim()),
        None => key.trim().to_string(),
    })
}

/// Every leaf of `now` that differs from `official`, under `prefix`, into `out`.
pub(super) fn diff(now: &toml::Table, official: &toml::Table, prefix: &str, out: &mut Vec<Change>) {
    for (name, value) in now {
        let key = join(prefix, name);
        match (value, official.get(name)) {
            (toml::Value::Table(v), Some(toml::Value::Table(o))) => diff(v, o, &key, out),
            (v, Some(o)) if v == o => {}
            (v, o) => out.push(Change {
                key,
                official: o
                    .cloned()
                    .unwrap_or_else(|| toml::Value::String("-".into())),
                value: v.clone(),
            }),
        }
    }
}
