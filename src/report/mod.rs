//! What users read: the text and JSON answers of `alea prob`, and the report folder of
//! an analysis (CSV and Parquet tables written with polars, charts drawn with plotters).
//!
//! `index.html` ([`index::write_index`]) lists every report folder of an output folder.
//!
//! A report folder is written whole into a temporary folder beside its destination, then
//! renamed into place ([`staging`]), so an interrupted run never leaves a half-written
//! report nor loses the previous one.

mod answer;
pub mod charts;
pub mod comparison;
pub mod index;
pub mod json;
pub mod listing;
pub mod marker;
pub mod meta;
pub mod sheet;
pub mod staging;
pub mod table;
pub mod text;
pub mod words;

use crate::analysis::{Analysis, AnalysisResult};
use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

/// Writes the report of `analysis` into `out/<name>/`: `results.csv`,
/// `results.parquet`, `histograms.csv` (when the mechanic has histograms) and the charts.
/// Returns the report folder.
///
/// The folder carries alea's marker ([`marker`]), which names every file in it; a folder
/// in the way that alea did not write (or that holds a file it did not write) is an
/// error, and is left as it is.
pub fn write_report(analysis: &Analysis, result: &AnalysisResult, out: &Path) -> Result<PathBuf> {
    std::fs::create_dir_all(out).map_err(|e| Error::io("create folder", out, e))?;
    let target = out.join(&analysis.file.name);
    staging::write_whole(&target, marker::report_folder_owner, |temp| {
        std::fs::create_dir(temp).map_err(|e| Error::io("create folder", temp, e))?;
        marker::mark_folder(temp, &[])?;
        fill_report(analysis, result, temp)?;
        marker::mark_folder_with_contents(temp)
    })?;
    Ok(target)
}

/// Checks, before any work, that the report folder of `name` in `out` can be written:
/// nothing is there, or a report alea wrote.
pub fn check_report_target(out: &Path, name: &str) -> Result<()> {
    let target = out.join(name);
    marker::check_free(&target, marker::report_folder_owner(&target))
}

/// Writes `text` to the file `path` through a temporary file beside it, so the file is
/// either the old one or the new one, whole. `text` carries alea's marker
/// ([`marker::FILE_MARKER`]); a file in the way that alea did not write (or a folder) is
/// an error, and is left as it is.
pub fn write_file(path: &Path, text: &str) -> Result<()> {
    debug_assert!(text.contains(marker::FILE_MARKER));
    staging::write_whole(path, marker::file_owner, |temp| {
        std::fs::write(temp, text).map_err(|e| Error::io("write", temp, e))
    })
}

/// `text` with alea's marker: after the first line of an HTML page (its doctype), at
/// the start of anything else.
pub fn with_marker(text: &str) -> String {
    if text.contains(marker::FILE_MARKER) {
        return text.to_string();
    }
    match text.split_once('\n') {
        Some((doctype, rest)) if doctype.starts_with("<!DOCTYPE") => {
            format!("{doctype}\n{}\n{rest}", marker::FILE_MARKER)
        }
        _ => format!("{}\n{text}", marker::FILE_MARKER),
    }
}

fn fill_report(analysis: &Analysis, result: &AnalysisResult, dir: &Path) -> Result<()> {
    let mut results = table::results_frame(analysis, result)?;
    table::write_csv(&mut results, &dir.join("results.csv"))?;
    table::write_parquet(&mut results, &dir.join("results.parquet"))?;
    let mut tables = vec!["results.csv".to_string(), "results.parquet".to_string()];
    if let Some(mut hist) = table::histograms_frame(analysis, result)? {
        table::write_csv(&mut hist, &dir.join("histograms.csv"))?;
        tables.push("histograms.csv".into());
    }
    let charts = charts::draw_charts(analysis, result, dir)?;
    let (chart_names, chart_titles) = charts
        .into_iter()
        .filter_map(|(p, title)| Some((p.file_name()?.to_string_lossy().into_owned(), title)))
        .unzip();
    let meta = meta::ReportMeta::new(analysis, result, tables, chart_names, chart_titles);
    meta.write(dir)?;
    let page = dir.join("report.html");
    std::fs::write(&page, index::study_page(&meta)).map_err(|e| Error::io("write", &page, e))
}
