//! What users read: the text and JSON answers of `alea prob`, and the report folder of
//! an analysis (CSV and Parquet tables written with polars, charts drawn with plotters).
//!
//! `index.html` ([`index::write_index`]) lists every report folder of an output folder.
//!
//! A report folder is written whole into a temporary folder beside its destination, then
//! renamed into place, so an interrupted run never leaves a half-written report.

pub mod charts;
pub mod index;
pub mod json;
pub mod listing;
pub mod meta;
pub mod sheet;
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
    let name = &analysis.file.name;
    let target = out.join(name);
    let temp = out.join(format!(".{name}.tmp-{}", std::process::id()));
    if temp.exists() {
        std::fs::remove_dir_all(&temp).map_err(|e| Error::io("remove", &temp, e))?;
    }
    std::fs::create_dir_all(&temp).map_err(|e| Error::io("create folder", &temp, e))?;
    let written = fill_report(analysis, result, &temp);
    if let Err(e) = written {
        let _ = std::fs::remove_dir_all(&temp);
        return Err(e);
    }
    if target.exists() {
        std::fs::remove_dir_all(&target).map_err(|e| Error::io("replace", &target, e))?;
    }
    std::fs::rename(&temp, &target).map_err(|e| Error::io("rename into", &target, e))?;
    Ok(target)
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
    let chart_names = charts
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    meta::ReportMeta::new(analysis, result, tables, chart_names).write(dir)
}
