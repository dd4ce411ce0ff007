//! Printable cheat sheets (`alea sheet <system>`): compact tables of exact chances a game
//! master keeps behind the screen, in whole percentages, readable in black and white.
//! Each table is data — a mechanic, the parameter on the rows, the parameter (or the
//! metrics) on the columns — evaluated through the registry like any other query.

use crate::error::{Error, Result};
use crate::query::Query;
use crate::systems::{SYSTEMS, system_names};
use std::fmt::Write;

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
}

/// One table of a sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetTable {
    /// Heading.
    pub title: &'static str,
    /// The mechanic.
    pub mechanic: &'static str,
    /// Fixed parameters, `name=value`.
    pub fixed: Vec<&'static str>,
    /// The parameter on the rows and its values.
    pub rows: (&'static str, Vec<String>),
    /// The columns.
    pub columns: Columns,
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
}

fn values<T: ToString>(items: impl IntoIterator<Item = T>) -> Vec<String> {
    items.into_iter().map(|v| v.to_string()).collect()
}

/// The tables of `system`'s sheet.
pub fn tables(system: &str) -> Result<Vec<SheetTable>> {
    // Two tables that differ only in their title and fixed parameters.
    let pair = |mechanic,
                rows: (&'static str, Vec<String>),
                columns: Columns,
                versions: [(&'static str, Vec<&'static str>); 2]| {
        versions
            .into_iter()
            .map(|(title, fixed)| SheetTable {
                title,
                mechanic,
                fixed,
                rows: rows.clone(),
                columns: columns.clone(),
            })
            .collect::<Vec<_>>()
    };
    let within = vec![
        "p_within_1",
        "p_within_2",
        "p_within_3",
        "p_within_4",
        "p_within_5",
        "p_within_6",
    ];
    let tables = match system {
        "aube" => {
            let mut tables = pair(
                "aube.test",
                ("ca", values(1..=20)),
                Columns::Param {
                    name: "nd",
                    values: values(0..=20),
                    metric: "beats_nd",
                },
                [
                    (
                        "Chance to beat ND, no crit die (rows: CA, columns: ND)",
                        vec![],
                    ),
                    (
                        "Chance to beat ND with the d10 crit die (rows: CA, columns: ND)",
                        vec!["crit=d10"],
                    ),
                ],
            );
            tables.push(SheetTable {
                title: "Chance an attack hits, FA 10 (rows: attacker's CA + ba, columns: defender's CA + bp)",
                mechanic: "aube.attack",
                fixed: vec![
                    "att.ba=0", "att.bd=15", "def.bp=0", "def.enc=12", "def.be=3", "fa=10",
                ],
                rows: ("att.ca", values(4..=20)),
                columns: Columns::Param {
                    name: "def.ca",
                    values: values(4..=20),
                    metric: "hit",
                },
            });
            for (title, fixed) in [
                (
                    "Damage result of a blow (Tableau 3.1) against encaissement 12, no armour (rows: niveau de dommage)",
                    vec!["enc=12"],
                ),
                (
                    "Damage result of a blow against encaissement 12 and armour be 3 (rows: niveau de dommage)",
                    vec!["enc=12", "be=3"],
                ),
            ] {
                tables.push(SheetTable {
                    title,
                    mechanic: "aube.damage",
                    fixed,
                    rows: ("dom", values((0..=60).step_by(5))),
                    columns: Columns::Metrics(vec![
                        "none", "etourdi", "sonne", "legere", "grave", "critique", "fatale",
                    ]),
                });
            }
            tables
        }
        "cle" => pair(
            "cle.test",
            ("skill", values(0..=15)),
            Columns::Param {
                name: "difficulty",
                values: values([5, 10, 15, 20, 25, 30]),
                metric: "success",
            },
            [
                (
                    "Chance of success with 3d6 (rows: skill, columns: difficulty)",
                    vec!["dice=3"],
                ),
                (
                    "Chance of success with a hero die, 4d6 (rows: skill, columns: difficulty)",
                    vec!["dice=4"],
                ),
            ],
        ),
        "maitrise" => vec![SheetTable {
            title: "The four outcomes by Score de Maîtrise (rows: sm)",
            mechanic: "maitrise.test",
            fixed: vec![],
            rows: (
                "sm",
                values(
                    [-10, -5, -1, 0, 1]
                        .into_iter()
                        .chain(2..=19)
                        .chain([20, 21, 22, 25, 30, 35]),
                ),
            ),
            columns: Columns::Metrics(vec!["crit_success", "success", "failure", "crit_failure"]),
        }],
        "ose" => vec![SheetTable {
            title: "Monster's chance to hit, by hit dice (rows) and AC (columns)",
            mechanic: "ose.attack",
            fixed: vec![],
            rows: (
                "hd",
                values([
                    "human", "1", "2", "3", "4", "5", "6", "7", "9", "11", "13", "15", "17", "19",
                    "21+",
                ]),
            ),
            columns: Columns::Param {
                name: "ac",
                values: values(-3..=9),
                metric: "hit",
            },
        }],
        "sccs" => pair(
            "sccs.tension",
            ("change_every", values([0, 2, 3, 4, 6])),
            Columns::Metrics(within),
            [
                (
                    "Tension counter: chance the impact has come within r exchanges (rows: change type/cible every n exchanges, 0 = persevere)",
                    vec![],
                ),
                (
                    "The same, counting the tying exchange as the first (tension_counts_tie)",
                    vec!["tension_counts_tie=true"],
                ),
            ],
        ),
        other if SYSTEMS.iter().any(|(s, _)| *s == other) => {
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
    };
    Ok(tables)
}

/// Computes the exact chances of `table`.
pub fn fill(table: SheetTable) -> Result<FilledTable> {
    let headings = match &table.columns {
        Columns::Param { values, .. } => values.clone(),
        Columns::Metrics(metrics) => metrics.iter().map(|m| m.to_string()).collect(),
    };
    let mut cells = Vec::with_capacity(table.rows.1.len());
    for row in &table.rows.1 {
        let mut line = Vec::with_capacity(headings.len());
        let mut base: Vec<String> = table.fixed.iter().map(|s| s.to_string()).collect();
        base.push(format!("{}={row}", table.rows.0));
        let exact_metric = |assignments: &[String], metric: &str| -> Result<f64> {
            let query = Query::parse(table.mechanic, assignments)?;
            let exact = query.simulation.exact().ok_or_else(|| {
                Error::Invalid(format!(
                    "{} has no exact answer for a sheet",
                    table.mechanic
                ))
            })?;
            let index = query
                .simulation
                .layout()
                .metric_index(metric)
                .ok_or_else(|| {
                    Error::Invalid(format!("{} has no metric {metric}", table.mechanic))
                })?;
            Ok(exact.metrics[index].value().unwrap_or(f64::NAN))
        };
        match &table.columns {
            Columns::Param {
                name,
                values,
                metric,
            } => {
                for value in values {
                    let mut assignments = base.clone();
                    assignments.push(format!("{name}={value}"));
                    line.push(exact_metric(&assignments, metric)?);
                }
            }
            Columns::Metrics(metrics) => {
                for metric in metrics {
                    line.push(exact_metric(&base, metric)?);
                }
            }
        }
        cells.push(line);
    }
    Ok(FilledTable {
        table,
        headings,
        cells,
    })
}

/// A chance as a whole percentage: `0` and `100` only when exact, `<1` and `>99` for
/// chances that round to them without being them.
pub fn whole_percent(p: f64) -> String {
    const EPS: f64 = 1e-9;
    if p.is_nan() {
        "-".into()
    } else if p <= EPS {
        "0".into()
    } else if p >= 1.0 - EPS {
        "100".into()
    } else if p < 0.005 {
        "<1".into()
    } else if p > 0.995 {
        ">99".into()
    } else {
        format!("{}", (p * 100.0).round())
    }
}

fn corner(t: &SheetTable) -> String {
    match &t.columns {
        Columns::Param { name, .. } => format!("{} \\ {name}", t.rows.0),
        Columns::Metrics(_) => t.rows.0.to_string(),
    }
}

const LEGEND: &str = "Exact chances in whole percent. 0 and 100 are certain; <1 and >99 are possible but round to them.";

/// The sheet of `system` as Markdown.
pub fn markdown(system: &str, tables: &[FilledTable]) -> String {
    let about = SYSTEMS
        .iter()
        .find(|(s, _)| *s == system)
        .map_or("", |(_, a)| a);
    let mut out = format!("# Cheat sheet: {system}\n\n{about}.\n\n{LEGEND}\n");
    for t in tables {
        let fixed = if t.table.fixed.is_empty() {
            String::new()
        } else {
            format!(" ({})", t.table.fixed.join(" "))
        };
        let _ = writeln!(
            out,
            "\n## {}\n\n`{}`{fixed}\n",
            t.table.title, t.table.mechanic
        );
        let _ = writeln!(out, "| {} | {} |", corner(&t.table), t.headings.join(" | "));
        let _ = writeln!(out, "|---:|{}", "---:|".repeat(t.headings.len()));
        for (row, cells) in t.table.rows.1.iter().zip(&t.cells) {
            let cells: Vec<String> = cells.iter().map(|p| whole_percent(*p)).collect();
            let _ = writeln!(out, "| {row} | {} |", cells.join(" | "));
        }
    }
    out
}

/// The sheet of `system` as a standalone HTML page (black and white, prints on A4).
pub fn html(system: &str, tables: &[FilledTable]) -> String {
    use super::index::escape;
    let about = SYSTEMS
        .iter()
        .find(|(s, _)| *s == system)
        .map_or("", |(_, a)| a);
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Cheat sheet: {0}</title>\n<style>\
body{{font-family:sans-serif;color:#000;background:#fff;margin:1.5em}}table{{border-collapse:collapse;margin:.5em 0 1.5em}}\
td,th{{border:1px solid #000;padding:.15em .45em;text-align:right;font-variant-numeric:tabular-nums}}\
th{{background:#fff;font-weight:bold}}tr:nth-child(even) td{{background:#eee}}h2{{font-size:1.05em}}\
@media print{{body{{margin:0}}section{{page-break-inside:avoid}}}}</style>\n</head>\n<body>\n<h1>Cheat sheet: {0}</h1>\n<p>{1}.</p>\n<p>{2}</p>\n",
        escape(system),
        escape(about),
        escape(LEGEND)
    );
    for t in tables {
        let _ = writeln!(
            out,
            "<section>\n<h2>{}</h2>\n<table>\n<tr><th>{}</th>",
            escape(t.table.title),
            escape(&corner(&t.table))
        );
        for h in &t.headings {
            let _ = write!(out, "<th>{}</th>", escape(h));
        }
        out.push_str("</tr>\n");
        for (row, cells) in t.table.rows.1.iter().zip(&t.cells) {
            let _ = write!(out, "<tr><th>{}</th>", escape(row));
            for p in cells {
                let _ = write!(out, "<td>{}</td>", escape(&whole_percent(*p)));
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</table>\n</section>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
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

    fn cell(system: &str, table: usize, row: &str, column: &str) -> String {
        let t = fill(tables(system).unwrap().remove(table)).unwrap();
        let r = t.table.rows.1.iter().position(|v| v == row).unwrap();
        let c = t.headings.iter().position(|h| h == column).unwrap();
        whole_percent(t.cells[r][c])
    }

    /// Cells against values known independently (RULES.md and the sheets' own figures).
    #[test]
    fn cells_equal_the_known_exact_values() {
        assert_eq!(cell("aube", 0, "12", "5"), "35");
        assert_eq!(cell("aube", 0, "20", "15"), "100");
        assert_eq!(cell("cle", 0, "0", "10"), "63");
        assert_eq!(cell("cle", 0, "0", "25"), "<1");
        assert_eq!(cell("maitrise", 0, "11", "crit_success"), "10");
        assert_eq!(cell("maitrise", 0, "20", "success"), "98");
        assert_eq!(cell("maitrise", 0, "1", "success"), "3");
        // THAC0 19 (1 HD) against AC 5 needs 14: 7 faces of 20.
        assert_eq!(cell("ose", 0, "1", "5"), "35");
        assert_eq!(cell("sccs", 0, "0", "p_within_3"), "33");
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
