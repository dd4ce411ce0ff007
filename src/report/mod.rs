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
pub mod index;
pub mod json;
pub mod listing;
pub mod meta;
pub mod sheet;
pub mod staging;
pub mod table;
pub mod text;

use crate::analysis::{Analysis, AnalysisResult};
use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

/// Writes the report of `analysis` into `out/<name>/`: `results.csv`,
/// `results.parquet`, `histograms.csv` (when the mechanic has histograms) and the charts.
/// Returns the report folder.
pub fn write_report(analysis: &Analysis, result: &AnalysisResult, out: &Path) -> Result<PathBuf> {
    std::fs::create_dir_all(out).map_err(|e| Error::io("create folder", out, e))?;
    let target = out.join(&analysis.file.name);
    staging::write_whole(&target, |temp| {
        std::fs::create_dir(temp).map_err(|e| Error::io("create folder", temp, e))?;
        fill_report(analysis, result, temp)
    })?;
    Ok(target)
}

/// Writes `text` to the file `path` through a temporary file beside it, so the file is
/// either the old one or the new one, whole.
pub fn write_file(path: &Path, text: &str) -> Result<()> {
    staging::write_whole(path, |temp| {
        std::fs::write(temp, text).map_err(|e| Error::io("write", temp, e))
    })
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
