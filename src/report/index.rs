//! `index.html`: one self-contained page over every report folder of an output folder —
//! title, mechanic, parameters, variants, seed and samples, the charts, a preview of the
//! results with exact values and their agreement, and links to the tables. Plain HTML
//! and CSS: no script and no network needed to read it.

use super::meta::ReportMeta;
use crate::error::{Error, Result};
use std::fmt::Write;
use std::path::Path;

/// Escapes text for HTML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The report folders of an output folder, and the folders skipped with the reason.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Reports {
    /// Report folders (those holding a readable `analysis.json`), sorted by name.
    pub reports: Vec<ReportMeta>,
    /// Folders holding an `analysis.json` that could not be used: name and reason.
    pub skipped: Vec<(String, String)>,
}

/// The report folders of `out`, sorted by name. Hidden folders (temporary ones among
/// them) are left out; a folder whose `analysis.json` is unreadable, or describes another
/// folder, is listed in [`Reports::skipped`]. Only files present in a folder are kept in
/// its tables and charts, so the page never links to a missing file.
pub fn collect(out: &Path) -> Result<Reports> {
    let entries = std::fs::read_dir(out).map_err(|e| Error::io("read folder", out, e))?;
    let mut dirs: Vec<(String, std::path::PathBuf)> = entries
        .filter_map(|e| e.ok())
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .filter(|(name, path)| !name.starts_with('.') && path.join("analysis.json").exists())
        .collect();
    dirs.sort();
    let mut found = Reports::default();
    for (folder, dir) in dirs {
        match ReportMeta::read(&dir) {
            Ok(meta) if meta.name == folder => found.reports.push(present_files(meta, &dir)),
            Ok(meta) => found.skipped.push((
                folder,
                format!("its analysis.json describes the report '{}'", meta.name),
            )),
            Err(e) => found.skipped.push((folder, e.to_string())),
        }
    }
    Ok(found)
}

/// `meta` with only the tables and charts that are plain file names present in `dir`.
fn present_files(mut meta: ReportMeta, dir: &Path) -> ReportMeta {
    let present = |name: &String| {
        !name.is_empty() && !name.contains(['/', '\\']) && name != ".." && dir.join(name).is_file()
    };
    meta.tables.retain(present);
    meta.charts.retain(present);
    meta
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#111}\
h1{font-size:1.6em}h2{margin-top:2.5em;border-bottom:1px solid #999}table{border-collapse:collapse;margin:.8em 0;font-size:.9em}\
td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}\
img{max-width:100%;border:1px solid #ddd;margin:.3em 0}.meta td:first-child{font-weight:bold}nav li{margin:.2em 0}\
.out{color:#a00;font-weight:bold}@media print{h2{page-break-before:always}}";

fn number(x: Option<f64>) -> String {
    x.map_or("-".into(), |x| format!("{x:.4}"))
}

/// The alt text of chart `i` of `m`: its title, else its file name.
fn alt(m: &ReportMeta, i: usize) -> String {
    m.chart_titles
        .get(i)
        .cloned()
        .unwrap_or_else(|| m.charts[i].clone())
}

/// A study on the index: its question, its answer read off the numbers, its first chart,
/// and the link to its own page.
fn section(out: &mut String, m: &ReportMeta) {
    let name = escape(&m.name);
    let _ = writeln!(
        out,
        "<section id=\"{name}\">\n<h2><a href=\"{name}/report.html\">{}</a></h2>",
        escape(&m.title)
    );
    answer(out, m);
    if let Some(d) = &m.description {
        let _ = writeln!(out, "<p>{}</p>", escape(d));
    }
    let _ = writeln!(
        out,
        "<p><code>{}</code>, {} grid points, {} charts. <a href=\"{name}/report.html\">The whole report</a> · <a href=\"{name}/results.csv\">results.csv</a></p>",
        escape(&m.mechanic),
        m.points,
        m.charts.len()
    );
    if let Some(first) = m.charts.first() {
        let _ = writeln!(
            out,
            "<figure><a href=\"{name}/report.html\"><img src=\"{name}/{}\" alt=\"{}\" width=\"450\"></a></figure>",
            escape(first),
            escape(&alt(m, 0))
        );
    }
    let _ = writeln!(out, "</section>");
}

/// The study's answer in words: its first sentence (the ranges under the first variant),
/// then a sentence per other variant, one to a line. A description read back from an older
/// `analysis.json` has the answer in one piece.
fn answer(out: &mut String, m: &ReportMeta) {
    let sentences = match &m.answer_sentences[..] {
        [] if m.answer.is_empty() => return,
        [] => std::slice::from_ref(&m.answer),
        all => all,
    };
    let _ = writeln!(
        out,
        "<div class=\"answer\"><p><strong>{}</strong></p>",
        escape(&sentences[0])
    );
    if sentences.len() > 1 {
        let _ = writeln!(out, "<ul>");
        for sentence in &sentences[1..] {
            let _ = writeln!(out, "<li>{}</li>", escape(sentence));
        }
        let _ = writeln!(out, "</ul>");
    }
    let _ = writeln!(out, "</div>");
}

/// The start of a page titled `title`, up to its opened `<body>`.
fn page_start(title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n{}\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        super::marker::FILE_MARKER,
        escape(title)
    )
}

/// A study's own page (`<name>/report.html`): question, answer, parameters, charts, tables
/// and a preview of the results, with a link back to the index.
pub fn study_page(m: &ReportMeta) -> String {
    let mut out = page_start(&m.title);
    let _ = writeln!(
        out,
        "<p><a href=\"../index.html\">← all reports</a></p>\n<section id=\"{}\">\n<h1>{}</h1>",
        escape(&m.name),
        escape(&m.title)
    );
    // The answer first, in words; then the question as the analysis file asks it.
    answer(&mut out, m);
    if let Some(d) = &m.description {
        let _ = writeln!(out, "<p>{}</p>", escape(d));
    }
    study_body(&mut out, m);
    let _ = writeln!(
        out,
        "<p><a href=\"../index.html\">← all reports</a></p>\n</body>\n</html>"
    );
    out
}

fn study_body(out: &mut String, m: &ReportMeta) {
    let grid: Vec<String> = m
        .grid
        .iter()
        .map(|(k, v)| format!("{k}: {}", summarize_values(v)))
        .collect();
    let variants: Vec<String> = m
        .variants
        .iter()
        .map(|(n, o)| {
            if o.is_empty() {
                n.clone()
            } else {
                format!("{n} ({})", o.join(", "))
            }
        })
        .collect();
    let samples = match m.precision {
        _ if m.exact => {
            "none: exact values (exact = true), each estimate is its exact value".into()
        }
        Some(p) => format!(
            "until every 95% half-width &lt;= {p} (first point: {})",
            m.samples
        ),
        None => format!(
            "{} per grid point and variant",
            super::text::group_thousands(m.samples)
        ),
    };
    let house: Vec<String> = m
        .rules
        .iter()
        .map(|(n, changes)| format!("{n}: {}", changes.join(", ")))
        .collect();
    let _ = writeln!(out, "<table class=\"meta\">");
    for (k, v) in [
        ("mechanic", escape(&m.mechanic)),
        (
            "fixed parameters",
            escape(&if m.params.is_empty() {
                "(defaults)".into()
            } else {
                m.params.join(" ")
            }),
        ),
        ("grid", escape(&grid.join("; "))),
        ("variants", escape(&variants.join("; "))),
        (
            "switches and choices at their default",
            escape(&m.defaults.join(" ")),
        ),
        ("house rules", escape(&house.join("; "))),
        (
            "seed",
            if m.exact {
                "-".into()
            } else {
                m.seed.to_string()
            },
        ),
        ("samples", samples),
        ("grid points", m.points.to_string()),
        ("analysis file", escape(&m.source)),
    ] {
        if matches!(k, "house rules" | "switches and choices at their default") && v.is_empty() {
            continue;
        }
        let _ = writeln!(out, "<tr><td>{k}</td><td>{v}</td></tr>");
    }
    let _ = writeln!(out, "</table>");
    let links: Vec<String> = m
        .tables
        .iter()
        .map(|t| format!("<a href=\"{0}\">{0}</a>", escape(t)))
        .collect();
    let _ = writeln!(out, "<p>Tables: {}</p>", links.join(" · "));
    for (i, chart) in m.charts.iter().enumerate() {
        let _ = writeln!(
            out,
            "<figure><img src=\"{}\" alt=\"{}\"><figcaption>{}</figcaption></figure>",
            escape(chart),
            escape(&alt(m, i)),
            escape(&alt(m, i))
        );
    }
    if m.exact_compared > 0 {
        let _ = writeln!(
            out,
            "<p>Exact values are known for {} estimates; {} lie inside their 95% interval ({:.1}%, about 95% expected).</p>",
            m.exact_compared,
            m.exact_inside,
            100.0 * m.exact_inside as f64 / m.exact_compared as f64
        );
    }
    let _ = writeln!(
        out,
        "<table>\n<tr><th>at</th><th>metric</th><th>estimate</th><th>95% interval</th><th>exact</th><th>agrees</th><th>difference to the first variant</th></tr>"
    );
    for r in &m.preview {
        // Inside up to rounding: an interval that touches the exact value agrees with it.
        let inside = |x: f64| {
            r.lo.zip(r.hi)
                .is_some_and(|(lo, hi)| x >= lo - 1e-9 && x <= hi + 1e-9)
        };
        let (exact, agrees) = match r.exact {
            // Nothing was sampled: the estimate is the exact value, nothing to check.
            Some(x) if m.exact => (number(Some(x)), String::new()),
            Some(x) if inside(x) => (number(Some(x)), "yes".to_string()),
            Some(x) => (number(Some(x)), "<span class=\"out\">no</span>".to_string()),
            None => ("-".into(), String::new()),
        };
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">[{}, {}]</td><td class=\"n\">{exact}</td><td>{agrees}</td><td class=\"n\">{}</td></tr>",
            escape(&r.at),
            escape(&r.metric),
            number(r.estimate),
            number(r.lo),
            number(r.hi),
            r.diff.map_or(String::new(), |d| format!("{d:+.4}"))
        );
    }
    let _ = writeln!(
        out,
        "</table>\n<p>First rows only; every row is in <a href=\"results.csv\">results.csv</a>.</p>"
    );
}

fn summarize_values(values: &[String]) -> String {
    match values {
        [] => String::new(),
        [one] => one.clone(),
        v if v.len() > 6 => format!("{} .. {} ({} values)", v[0], v[v.len() - 1], v.len()),
        v => v.join(", "),
    }
}

/// The page for `found`.
pub fn render(found: &Reports) -> String {
    let metas = &found.reports;
    let mut out = page_start("alea reports");
    let _ = writeln!(
        out,
        "<h1>alea reports</h1>\n<p>{} analyses. Monte Carlo estimates with 95% intervals (Wilson for chances), exact values where the mechanic has them.</p>\n<nav><ul>",
        metas.len()
    );
    for m in metas {
        let _ = writeln!(
            out,
            "<li><a href=\"#{}\">{}</a> — <code>{}</code></li>",
            escape(&m.name),
            escape(&m.title),
            escape(&m.mechanic)
        );
    }
    let _ = writeln!(out, "</ul></nav>");
    if !found.skipped.is_empty() {
        let _ = writeln!(out, "<p>Folders left out:</p>\n<ul>");
        for (folder, why) in &found.skipped {
            let _ = writeln!(
                out,
                "<li><code>{}</code>: {}</li>",
                escape(folder),
                escape(why)
            );
        }
        let _ = writeln!(out, "</ul>");
    }
    for m in metas {
        section(&mut out, m);
    }
    let _ = writeln!(out, "</body>\n</html>");
    out
}

/// What became of `index.html`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IndexWritten {
    /// Written (or rewritten).
    Written,
    /// Left as it was, because alea did not write what is there: why.
    LeftAlone(String),
}

/// Writes `out/index.html` over every report folder in `out` (through a temporary file).
/// An `index.html` that alea did not write (a page of the user's, a folder) is left as it
/// is, and the answer says so.
pub fn write_index(out: &Path) -> Result<IndexWritten> {
    let path = out.join("index.html");
    if let super::marker::Owner::Other(what) = super::marker::file_owner(&path) {
        return Ok(IndexWritten::LeftAlone(format!(
            "'{}' {what}: left as it is, and not updated",
            path.display()
        )));
    }
    super::write_file(&path, &render(&collect(out)?))?;
    Ok(IndexWritten::Written)
}
