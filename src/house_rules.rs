//! House rules from files: `alea rules <system>` prints a system's official tables as
//! commented TOML ([`render`]), and `--rules FILE` or an analysis's `[rules]` reads edited
//! ones ([`load_file`], [`load_value`]). The tables themselves, their checks and how they
//! reach the models: [`crate::engine::tables`].
//!
//! A rules file holds the tables it changes and, optionally, `system = "aube"` (checked
//! against the mechanic's system). Errors name the file, the line and the dotted key.

use crate::engine::house_step::{HouseSteps, StepSignature};
use crate::engine::tables::{RuleSchema, RuleSet, TableError, merged};
use crate::error::{Error, Result};
use crate::files::read_small_text;
use crate::systems;
use std::path::{Path, PathBuf};

/// Largest rules file read.
pub const MAX_RULES_BYTES: u64 = 1 << 20;

/// One step of a path into a TOML document: a key, or a position in an array (0-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seg {
    /// A key of a table.
    Key(String),
    /// An element of an array (an array of tables: `[[variants]]`).
    Index(usize),
}

/// The path `prefix` followed by the dotted `key` (`damage.legere`, `thac0.rows[2]`:
/// positions in lists are dropped, the line is the key's).
fn path_of(prefix: &[Seg], key: &str) -> Vec<Seg> {
    let mut path = prefix.to_vec();
    path.extend(
        key.split('.')
            .map(|k| Seg::Key(k.split('[').next().unwrap_or(k).to_string())),
    );
    path
}

/// The 1-based line of the deepest key of `path` found in the TOML document `text`.
pub fn line_of_path(text: &str, path: &[Seg]) -> Option<usize> {
    let doc = toml::de::DeTable::parse(text).ok()?;
    let line = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
    let mut table = doc.get_ref();
    let mut value: Option<&toml::de::DeValue> = None;
    let mut found = None;
    for seg in path {
        match seg {
            Seg::Key(k) => {
                let t = match value {
                    None => table,
                    Some(toml::de::DeValue::Table(t)) => t,
                    _ => break,
                };
                let Some((key, v)) = t.iter().find(|(key, _)| key.get_ref().as_ref() == k) else {
                    break;
                };
                found = Some(line(key.span().start));
                table = t;
                value = Some(v.get_ref());
            }
            Seg::Index(i) => match value {
                Some(toml::de::DeValue::Array(items)) if *i < items.len() => {
                    found = Some(line(items[*i].span().start));
                    value = Some(items[*i].get_ref());
                }
                _ => break,
            },
        }
    }
    found
}

/// The systems that have rule tables, in the order of [`systems::SYSTEMS`].
pub fn systems_with_tables() -> Vec<&'static str> {
    systems::SYSTEMS
        .iter()
        .filter(|s| s.tables.is_some())
        .map(|s| s.name)
        .collect()
}

/// The schema of `system`'s tables, or an error naming the systems that have some.
pub fn schema(system: &str) -> Result<&'static dyn RuleSchema> {
    systems::rule_tables(system).ok_or_else(|| {
        let known = systems_with_tables();
        Error::value(
            "system",
            format!(
                "'{system}' has no rule tables{}; systems with tables: {}",
                crate::error::did_you_mean(system, known.iter().copied()),
                known.join(", ")
            ),
        )
    })
}

/// Where rule tables come from, for the errors: a file and the path of the tables in it.
#[derive(Debug, Clone)]
pub struct Source<'a> {
    /// The file (a rules file, or the analysis file holding `[rules]`).
    pub path: &'a Path,
    /// Its text, to find lines.
    pub text: &'a str,
    /// Where the tables are in it (empty for a rules file, `rules` for an analysis).
    pub at: Vec<Seg>,
}

impl Source<'_> {
    /// The error of `problem`, with the file, the line and the key.
    fn error(&self, problem: TableError) -> Error {
        let line = line_of_path(self.text, &path_of(&self.at, &problem.key))
            .map(|l| format!("line {l}: "))
            .unwrap_or_default();
        let message = if problem.key.is_empty() {
            format!("{line}{}", problem.message)
        } else {
            format!("{line}{problem}")
        };
        Error::RulesFile {
            path: self.path.to_path_buf(),
            message,
        }
    }
}

/// Reads the rule tables of `system` from `table` (found at `source`), over the layer
/// `base` when given (a variant's rules over its analysis's). A `system` entry must
/// name `system`.
pub fn load_table(
    table: &toml::Table,
    system: &str,
    base: Option<&RuleSet>,
    source: &Source,
) -> Result<RuleSet> {
    let mut table = table.clone();
    match table.remove("system") {
        None => {}
        Some(toml::Value::String(s)) if s == system => {}
        Some(other) => {
            return Err(source.error(TableError::new(
                "system",
                format!("these tables are for {other}, but the mechanic is of system '{system}'"),
            )));
        }
    }
    let script = table.remove("script");
    let given = match base {
        Some(base) => merged(base.given(), &table),
        None => table,
    };
    let set = schema(system)?
        .load(&given)
        .map_err(|problem| source.error(problem))?;
    let steps = match script {
        None => base.map_or(HouseSteps::OFFICIAL, |b| *b.steps()),
        Some(toml::Value::String(file)) => {
            let dir = source.path.parent().unwrap_or(Path::new(""));
            crate::script::steps::house_steps(&dir.join(&file), system, steps_of(system))?
        }
        Some(_) => {
            return Err(source.error(TableError::new(
                "script",
                "give the script's file name (script = \"advantage.rhai\"), relative to this file",
            )));
        }
    };
    Ok(set.with_steps(steps))
}

/// The steps of `system` a script may replace.
pub fn steps_of(system: &str) -> &'static [&'static StepSignature] {
    systems::SYSTEMS
        .iter()
        .find(|s| s.name == system)
        .map_or(&[], |s| s.steps)
}

/// The steps of `system` a script may replace, as a script to copy: each official
/// procedure with its signature and inputs in comments (`alea rules <system> --script`).
pub fn render_script(system: &str) -> Result<String> {
    schema(system)?;
    let steps = steps_of(system);
    let mut out = format!(
        "//! House rules for {system}: each function named after a step replaces it in every\n\
         //! mechanic that plays it. Keep the steps you change, delete the others, and name\n\
         //! this file in a rules file (script = \"house.rhai\") given with --rules.\n"
    );
    if steps.is_empty() {
        out.push_str(&format!(
            "\n// {system} has no step a script may replace yet.\n"
        ));
    }
    for step in steps {
        out.push('\n');
        for line in wrap(&format!("{}: {}.", step.name, step.doc), 86) {
            out.push_str(&format!("// {line}\n"));
        }
        for input in step.inputs {
            out.push_str(&format!(
                "// - {} ({}..={}): {}\n",
                input.name,
                input.range.start(),
                input.range.end(),
                input.doc
            ));
        }
        let returns = format!(
            "Returns {} ({}..={}). Played by {}.",
            step.output,
            step.outputs.start(),
            step.outputs.end(),
            step.used_by
        );
        for line in wrap(&returns, 86) {
            out.push_str(&format!("// {line}\n"));
        }
        out.push_str(step.official);
        out.push('\n');
    }
    Ok(out)
}

/// The text of the rules file at `path` and its TOML, or an error naming the file.
fn read_rules_file(path: &Path) -> Result<(String, toml::Table)> {
    let text = read_small_text(path, MAX_RULES_BYTES)?;
    let table = toml::from_str(&text).map_err(|e: toml::de::Error| Error::RulesFile {
        path: path.to_path_buf(),
        message: crate::error::toml_syntax_error(&text, &e),
    })?;
    Ok((text, table))
}

/// Reads a rules file for `system` (`base`: a layer below it, as for [`load_table`]).
pub fn load_file(path: &Path, system: &str, base: Option<&RuleSet>) -> Result<RuleSet> {
    let (text, table) = read_rules_file(path)?;
    let source = Source {
        path,
        text: &text,
        at: Vec::new(),
    };
    load_table(&table, system, base, &source)
}

/// Reads a rules file for the system of the mechanic called `mechanic` (`--rules FILE`);
/// a mechanic that reads no table is an error (the file would change nothing).
pub fn load_for(mechanic: &str, path: &Path) -> Result<RuleSet> {
    let mechanic = crate::script::find(mechanic)?;
    let system = systems::system_of(mechanic.name());
    if !mechanic.reads_rules() {
        return Err(reads_none(mechanic.name()));
    }
    let rules = load_file(path, system, None)?;
    check_tables_read(mechanic, &rules)?;
    Ok(rules)
}

/// Refuses tables changed for a mechanic that reads none of them (only steps a script may
/// replace): the change would do nothing.
pub fn check_tables_read(mechanic: &dyn crate::engine::Mechanic, rules: &RuleSet) -> Result<()> {
    let changes_tables = rules
        .changes()
        .iter()
        .any(|c| !c.key.starts_with("script."));
    if changes_tables && !mechanic.reads_tables() {
        return Err(reads_none(mechanic.name()));
    }
    Ok(())
}

/// The error for rule tables given to a mechanic that reads none.
pub fn reads_none(mechanic: &str) -> Error {
    if crate::script::is_script(mechanic) {
        return Error::value(
            "rules",
            format!(
                "{mechanic} is a script: it reads no system's rule tables, so they would change nothing"
            ),
        );
    }
    let system = systems::system_of(mechanic);
    let readers: Vec<&str> = systems::of_system(Some(system))
        .unwrap_or_default()
        .into_iter()
        .filter(|m| m.reads_tables())
        .map(|m| m.name())
        .collect();
    Error::value(
        "rules",
        format!(
            "{mechanic} reads none of {system}'s rule tables, so they would change nothing; the mechanics that read them: {}",
            readers.join(", ")
        ),
    )
}

/// The system a rules file names (`system = "aube"`), if it names one.
pub fn declared_system(path: &Path) -> Result<Option<String>> {
    let (_, table) = read_rules_file(path)?;
    Ok(table
        .get("system")
        .and_then(|s| s.as_str())
        .map(str::to_string))
}

/// Reads the rules `value` of an analysis file (at `source`): an inline table, or the path
/// of a rules file, relative to the analysis file's folder.
pub fn load_value(
    value: &toml::Value,
    system: &str,
    base: Option<&RuleSet>,
    source: &Source,
) -> Result<RuleSet> {
    match value {
        toml::Value::Table(t) => load_table(t, system, base, source),
        toml::Value::String(file) => {
            let dir = source.path.parent().unwrap_or(Path::new(""));
            let path: PathBuf = dir.join(file);
            load_file(&path, system, base).map_err(|e| match e {
                // An error in the rules file names that file and its line.
                Error::RulesFile { .. } => e,
                other => source.error(TableError::new("", format!("rules = \"{file}\": {other}"))),
            })
        }
        other => Err(source.error(TableError::new(
            "",
            format!(
                "'{other}' is not rule tables; give a table (rules = {{ damage = {{ legere = 15 }} }}) or a file name"
            ),
        ))),
    }
}

/// The rule tables of `system`, official values, as TOML (with the steps a script may
/// replace listed in its head comment) with a comment on every table
/// and entry: what `alea rules <system>` prints, ready to copy and edit. `usage` (comment
/// lines, each starting with `# `) says how to use the file; it follows the first line.
pub fn render(system: &str, usage: &str) -> Result<String> {
    let schema = schema(system)?;
    let docs = schema.docs();
    let doc = |key: &str| docs.iter().find(|(k, _)| *k == key).map_or("", |(_, d)| *d);
    let mut out = format!(
        "# The rule tables of {system} with their official values (alea rules {system}).\n\
         {usage}"
    );
    let steps = steps_of(system);
    if !steps.is_empty() {
        out.push_str(
            "#\n# A script may replace steps of the rules: script = \"house.rhai\" (relative to this\n\
             # file), each function named after a step replacing it. The steps:\n",
        );
        for step in steps {
            out.push_str(&format!("#   {} -> {}\n", step.call_shape(), step.output));
        }
    }
    out.push_str(&format!("system = \"{system}\"\n"));
    for (table, entries) in schema.official() {
        out.push('\n');
        for line in wrap(doc(&table), 88) {
            out.push_str(&format!("# {line}\n"));
        }
        out.push_str(&format!("[{table}]\n"));
        let toml::Value::Table(entries) = entries else {
            continue;
        };
        for (name, value) in entries {
            let assignment = format!("{name} = {}", render_value(&value));
            let comment = doc(&format!("{table}.{name}"));
            let inline = format!("{assignment:<22} # {comment}");
            if assignment.contains('\n') || inline.chars().count() > 90 {
                for line in wrap(comment, 88) {
                    out.push_str(&format!("# {line}\n"));
                }
                out.push_str(&format!("{assignment}\n"));
            } else {
                out.push_str(&format!("{inline}\n"));
            }
        }
    }
    Ok(out)
}

/// A value as TOML; a list of lists one row a line.
fn render_value(value: &toml::Value) -> String {
    match value {
        toml::Value::Array(rows) if rows.iter().any(|r| r.is_array()) => {
            let lines: Vec<String> = rows.iter().map(|r| format!("  {r},")).collect();
            format!("[\n{}\n]", lines.join("\n"))
        }
        other => other.to_string(),
    }
}

/// `text` cut into lines of at most `width` characters, at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

#[cfg(test)]
#[path = "house_rules_tests.rs"]
mod tests;
