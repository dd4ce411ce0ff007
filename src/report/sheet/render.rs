//! Rendering a filled sheet: Markdown, or a standalone HTML page in black and white.

use super::{Columns, FilledTable, SheetTable};
use std::fmt::Write;

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
        Columns::Param { name, .. } => format!("{} \\ {}", t.word(t.rows.0), t.word(name)),
        Columns::Metrics(_) | Columns::Settings { .. } => t.word(t.rows.0).to_string(),
    }
}

const LEGEND: &str = "Exact chances in whole percent. 0 and 100 are certain; <1 and >99 are possible but round to them.";

/// "House rules: ..." when the tables some table reads are not the official ones, else
/// nothing.
fn house_rules(tables: &[FilledTable]) -> Option<String> {
    let changes = &tables.iter().find(|t| !t.rules.is_empty())?.rules;
    let list: Vec<String> = changes.iter().map(|c| c.to_string()).collect();
    Some(format!("House rules: {}.", list.join(", ")))
}

/// The sheet of `system` as Markdown.
pub fn markdown(system: &str, tables: &[FilledTable]) -> String {
    let about = crate::systems::system(system).map_or("", |s| s.about);
    let mut out = format!("# Cheat sheet: {system}\n\n{about}.\n\n{LEGEND}\n");
    if let Some(house) = house_rules(tables) {
        let _ = writeln!(out, "\n{house}");
    }
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
        if !t.table.note.is_empty() {
            let _ = writeln!(out, "{}\n", t.table.note);
        }
        let _ = writeln!(out, "| {} | {} |", corner(&t.table), t.headings.join(" | "));
        let _ = writeln!(out, "|---:|{}", "---:|".repeat(t.headings.len()));
        for (row, cells) in t.table.rows.1.iter().zip(&t.cells) {
            let cells: Vec<String> = cells.iter().map(|p| whole_percent(*p)).collect();
            let _ = writeln!(out, "| {} | {} |", t.table.word(row), cells.join(" | "));
        }
    }
    out
}

/// The sheet of `system` as a standalone HTML page (black and white, prints on A4).
pub fn html(system: &str, tables: &[FilledTable]) -> String {
    use crate::report::index::escape;
    let about = crate::systems::system(system).map_or("", |s| s.about);
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
    if let Some(house) = house_rules(tables) {
        let _ = writeln!(out, "<p>{}</p>", escape(&house));
    }
    for t in tables {
        let _ = writeln!(out, "<section>\n<h2>{}</h2>", escape(t.table.title));
        if !t.table.note.is_empty() {
            let _ = writeln!(out, "<p>{}</p>", escape(t.table.note));
        }
        let _ = writeln!(out, "<table>\n<tr><th>{}</th>", escape(&corner(&t.table)));
        for h in &t.headings {
            let _ = write!(out, "<th>{}</th>", escape(h));
        }
        out.push_str("</tr>\n");
        for (row, cells) in t.table.rows.1.iter().zip(&t.cells) {
            let _ = write!(out, "<tr><th>{}</th>", escape(t.table.word(row)));
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
