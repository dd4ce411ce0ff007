//! Printable cheat sheets (`alea sheet <system>`): compact tables of exact chances a game
//! master keeps behind the screen, in whole percentages, readable in black and white.
//! Each table is data — a mechanic, the parameter on the rows, the parameter, the settings
//! or the metrics on the columns — evaluated through the registry like any other query,
//! its cells in parallel. Each system's tables are in a file of their own.

mod aube;
mod cle;
mod maitrise;
mod ose;
mod render;
mod sccs;

pub use render::{html, markdown, whole_percent};

use crate::engine::tables::{Change, RuleSet};
use crate::error::{Error, Result};
use crate::query::Query;
use crate::systems::{SYSTEMS, system_names};
use rayon::prelude::*;

/// What the columns of a table are.
#[derive(Debug, Clone, PartialEq)]
pub enum Columns {
    /// Values of a parameter, showing one metric.
    Param {
        /// The parameter.
        name: &'static str,
        /// Its values, one per column.
        values: Vec<String>,
        /// The metric shown in the cells.
        metric: &'static str,
    },
    /// Several metrics, at the row's parameter value.
    Metrics(Vec<&'static str>),
    /// Named settings of several parameters (`FA 5` = `fa=5 fm=0`), showing one metric.
    Settings {
        /// Each column's heading and its `name=value` assignments.
        settings: Vec<(&'static str, Vec<&'static str>)>,
        /// The metric shown in the cells.
        metric: &'static str,
    },
}

/// One table of a sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetTable {
    /// Heading.
    pub title: &'static str,
    /// One sentence under the heading: what is fixed and how to read it (may be empty).
    pub note: &'static str,
    /// The mechanic.
    pub mechanic: &'static str,
    /// Fixed parameters, `name=value`.
    pub fixed: Vec<&'static str>,
    /// The parameter on the rows and its values.
    pub rows: (&'static str, Vec<String>),
    /// The columns.
    pub columns: Columns,
    /// Words shown for identifiers (a parameter, a metric or a row's value: `try_again` →
    /// `try again`, `legere` → `légère`, the hit dice `9` → `8-9`); an identifier not
    /// listed is shown as it is. A column's value is always shown as it is.
    pub words: &'static [(&'static str, &'static str)],
}

impl SheetTable {
    /// A table with no note.
    pub fn new(
        title: &'static str,
        mechanic: &'static str,
        fixed: Vec<&'static str>,
        rows: (&'static str, Vec<String>),
        columns: Columns,
    ) -> Self {
        Self {
            title,
            note: "",
            mechanic,
            fixed,
            rows,
            columns,
            words: &[],
        }
    }

    /// The same table showing `words` for the identifiers they list.
    pub fn with_words(mut self, words: &'static [(&'static str, &'static str)]) -> Self {
        self.words = words;
        self
    }

    /// The words shown for `id`: its entry in [`SheetTable::words`], else `id` itself.
    pub fn word<'a>(&self, id: &'a str) -> &'a str
    where
        'static: 'a,
    {
        self.words
            .iter()
            .find(|(from, _)| *from == id)
            .map_or(id, |(_, to)| to)
    }

    /// The same table with `note` under its heading.
    pub fn with_note(mut self, note: &'static str) -> Self {
        self.note = note;
        self
    }

    /// The column headings.
    fn headings(&self) -> Vec<String> {
        match &self.columns {
            Columns::Param { values, .. } => values.clone(),
            Columns::Metrics(metrics) => metrics.iter().map(|m| self.word(m).to_string()).collect(),
            Columns::Settings { settings, .. } => {
                settings.iter().map(|(h, _)| h.to_string()).collect()
            }
        }
    }

    /// The assignments and the metric of the cell at `row` and column `column`.
    fn cell(&self, row: &str, column: usize) -> (Vec<String>, &'static str) {
        let mut assignments: Vec<String> = self.fixed.iter().map(|s| s.to_string()).collect();
        assignments.push(format!("{}={row}", self.rows.0));
        let metric = match &self.columns {
            Columns::Param {
                name,
                values,
                metric,
            } => {
                assignments.push(format!("{name}={}", values[column]));
                *metric
            }
            Columns::Metrics(metrics) => metrics[column],
            Columns::Settings { settings, metric } => {
                assignments.extend(settings[column].1.iter().map(|s| s.to_string()));
                *metric
            }
        };
        (assignments, metric)
    }
}

/// A table with its cells computed: exact chances, row by row.
#[derive(Debug, Clone, PartialEq)]
pub struct FilledTable {
    /// The table.
    pub table: SheetTable,
    /// Column headings.
    pub headings: Vec<String>,
    /// Exact chances, `[row][column]`.
    pub cells: Vec<Vec<f64>>,
    /// The entries of the rule tables that differ from the official ones.
    pub rules: Vec<Change>,
}

/// Each item's text (`1..=20` → `"1"`, ..., `"20"`).
fn values<T: ToString>(items: impl IntoIterator<Item = T>) -> Vec<String> {
    items.into_iter().map(|v| v.to_string()).collect()
}

/// Tables that differ only in their title and fixed parameters.
fn versions(
    mechanic: &'static str,
    rows: (&'static str, Vec<String>),
    columns: Columns,
    versions: Vec<(&'static str, Vec<&'static str>)>,
) -> Vec<SheetTable> {
    versions
        .into_iter()
        .map(|(title, fixed)| {
            SheetTable::new(title, mechanic, fixed, rows.clone(), columns.clone())
        })
        .collect()
}

/// The tables of `system`'s sheet.
pub fn tables(system: &str) -> Result<Vec<SheetTable>> {
    Ok(match system {
        "aube" => aube::tables(),
        "cle" => cle::tables(),
        "maitrise" => maitrise::tables(),
        "ose" => ose::tables(),
        "sccs" => sccs::tables(),
        other if SYSTEMS.iter().any(|s| s.name == other) => {
            return Err(Error::Invalid(format!(
                "the system '{other}' has no cheat sheet yet"
            )));
        }
        other => {
            return Err(Error::value(
                "system",
                format!(
                    "unknown system '{other}'; known systems: {}",
                    system_names()
                ),
            ));
        }
    })
}

/// The exact value of `metric` for `mechanic` with `assignments` (NaN when its condition
/// never holds).
fn exact_metric(
    mechanic: &str,
    assignments: &[String],
    metric: &str,
    rules: Option<&RuleSet>,
) -> Result<f64> {
    let query = Query::parse_with(
        mechanic,
        assignments,
        crate::roster_sources::builtin(),
        rules.cloned(),
    )?;
    let exact = query.simulation.exact().ok_or_else(|| {
        Error::Invalid(format!(
            "{mechanic} has no exact answer for a sheet ({})",
            assignments.join(" ")
        ))
    })?;
    let index = query
        .simulation
        .layout()
        .metric_index(metric)
        .ok_or_else(|| Error::Invalid(format!("{mechanic} has no metric {metric}")))?;
    Ok(exact.metrics[index].value().unwrap_or(f64::NAN))
}

/// Computes the exact chances of `table`, its cells in parallel.
pub fn fill(table: SheetTable) -> Result<FilledTable> {
    fill_with(table, None)
}

/// [`fill`] under the rule tables `rules` (`None`: the official ones).
pub fn fill_with(table: SheetTable, rules: Option<&RuleSet>) -> Result<FilledTable> {
    let reads = crate::systems::find(table.mechanic)?.reads_rules();
    let rules = rules.filter(|_| reads);
    let headings = table.headings();
    let width = headings.len();
    let flat = (0..table.rows.1.len() * width)
        .into_par_iter()
        .map(|i| {
            let (assignments, metric) = table.cell(&table.rows.1[i / width], i % width);
            exact_metric(table.mechanic, &assignments, metric, rules)
        })
        .collect::<Result<Vec<f64>>>()?;
    let cells = flat.chunks(width.max(1)).map(<[f64]>::to_vec).collect();
    Ok(FilledTable {
        table,
        headings,
        cells,
        rules: rules.map(|r| r.changes().to_vec()).unwrap_or_default(),
    })
}

/// Computes every table of `system`'s sheet, in parallel, under the rule tables `rules`
/// (`None`: the official ones); tables given to a sheet none of whose mechanics reads
/// them are an error (they would change nothing).
pub fn fill_all(system: &str, rules: Option<&RuleSet>) -> Result<Vec<FilledTable>> {
    let filled = tables(system)?
        .into_par_iter()
        .map(|t| fill_with(t, rules))
        .collect::<Result<Vec<_>>>()?;
    let reads = filled
        .iter()
        .any(|t| crate::systems::find(t.table.mechanic).is_ok_and(|m| m.reads_rules()));
    if rules.is_some() && !reads {
        let mechanics: std::collections::BTreeSet<&str> =
            filled.iter().map(|t| t.table.mechanic).collect();
        return Err(Error::value(
            "rules",
            format!(
                "the {system} sheet ({}) reads none of {system}'s rule tables, so they would change nothing",
                mechanics.into_iter().collect::<Vec<_>>().join(", ")
            ),
        ));
    }
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_round_and_mark_the_extremes() {
        assert_eq!(whole_percent(0.35), "35");
        assert_eq!(whole_percent(0.625), "63");
        assert_eq!(whole_percent(0.0), "0");
        assert_eq!(whole_percent(1.0 - 1e-15), "100");
        assert_eq!(whole_percent(1.0 / 216.0), "<1");
        assert_eq!(whole_percent(215.0 / 216.0), ">99");
    }

    /// The cell of the table titled starting with `title` at `row` and `column` (that
    /// cell alone is computed).
    fn cell(system: &str, title: &str, row: &str, column: &str) -> String {
        let table = tables(system)
            .unwrap()
            .into_iter()
            .find(|t| t.title.starts_with(title))
            .unwrap_or_else(|| panic!("{system}: no table '{title}'"));
        assert!(
            table.rows.1.iter().any(|v| v == row),
            "{title}: no row {row}"
        );
        // A metric column is found by its identifier, shown as its words.
        let heading = table.word(column);
        let c = table.headings().iter().position(|h| h == heading).unwrap();
        let (assignments, metric) = table.cell(row, c);
        whole_percent(exact_metric(table.mechanic, &assignments, metric, None).unwrap())
    }

    /// Cells against values known independently (the rules pages' exact values and the
    /// sheets' own figures).
    #[test]
    fn cells_equal_the_known_exact_values() {
        assert_eq!(cell("aube", "Chance to beat ND, no", "12", "5"), "35");
        assert_eq!(cell("aube", "Chance to beat ND, no", "20", "15"), "100");
        assert_eq!(cell("cle", "Chance of success with 3d6", "0", "10"), "63");
        assert_eq!(cell("cle", "Chance of success with 3d6", "0", "25"), "<1");
        let outcomes = "The four outcomes";
        assert_eq!(cell("maitrise", outcomes, "11", "crit_success"), "10");
        assert_eq!(cell("maitrise", outcomes, "20", "success"), "98");
        assert_eq!(cell("maitrise", outcomes, "1", "success"), "3");
        // THAC0 19 (1 HD) against AC 5 needs 14: 7 faces of 20.
        assert_eq!(cell("ose", "Monster's chance to hit", "1", "5"), "35");
        assert_eq!(cell("sccs", "Tension counter", "0", "p_within_3"), "33");
    }

    /// The new tables against values worked out by hand.
    #[test]
    fn more_cells_equal_values_worked_by_hand() {
        // Equal average fighters: each wins half the duels, whatever FA and FM.
        for column in ["FA 5", "FA 10", "FA 10, FM 5"] {
            assert_eq!(cell("aube", "Chance to win a duel", "12", column), "50");
        }
        // THAC0 15 against AC 4 needs 11: 10 faces of 20.
        assert_eq!(cell("ose", "Character's chance to hit", "15", "4"), "50");
        // An ability of 12 with no difficulty: 12 faces of 20.
        assert_eq!(cell("ose", "Ability check", "12", "0"), "60");
        // Morale 7 holds a check on 2d6 <= 7: 21 of 36.
        assert_eq!(cell("ose", "Morale", "7", "holds_first"), "58");
        // A 2-in-6 event at least once in 3 checks: 1 - (4/6)^3 = 19/27.
        assert_eq!(cell("ose", "x-in-6", "2", "3"), "70");
        // Two rolls at sm 10, each 10 of 20: 1/4.
        assert_eq!(cell("maitrise", "Chance that n rolls", "10", "2"), "25");
        // Equal skills: the active side wins ties, so more than half.
        assert_eq!(cell("cle", "Opposition", "5", "3d6 against 3d6"), "55");
    }

    #[test]
    fn unknown_system_is_an_error() {
        assert!(
            tables("dnd")
                .unwrap_err()
                .to_string()
                .contains("known systems")
        );
    }
}
