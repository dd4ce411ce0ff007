//! Charts drawn with plotters, each written as SVG and PNG: one file per kind of chart
//! (`heatmap`, `lines`, `bars`) and the parts they share (`style`). Text is drawn
//! with the embedded DejaVu Sans (see `fonts/LICENSE-DejaVu.txt`), so PNG output needs no
//! system font. A chart with no value to draw (a metric undefined everywhere it looks) is
//! drawn empty, with a note.

mod bars;
mod heatmap;
mod lines;
mod style;

use crate::analysis::chart_spec::{ChartKind, ChartSpec};
use crate::analysis::{Analysis, AnalysisResult, PointResult};
use crate::error::{Error, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use style::{DrawResult, SIZE};

/// What the figures of one chart spec are drawn from: the analysis, the grid points its
/// `at` selects and the variants it draws.
struct Scope<'a> {
    analysis: &'a Analysis,
    chart: &'a ChartSpec,
    points: Vec<&'a PointResult>,
    variants: Vec<usize>,
    /// The analysis has several variants.
    several: bool,
}

impl<'a> Scope<'a> {
    fn new(analysis: &'a Analysis, result: &'a AnalysisResult, chart: &'a ChartSpec) -> Self {
        let variants = match &chart.variant {
            Some(name) => analysis
                .variants
                .iter()
                .position(|v| v.name == *name)
                .into_iter()
                .collect(),
            None => (0..analysis.variants.len()).collect(),
        };
        Self {
            analysis,
            chart,
            points: result
                .points
                .iter()
                .filter(|p| analysis.point_matches(&p.values, &chart.at))
                .collect(),
            variants,
            several: analysis.variants.len() > 1,
        }
    }

    /// Each variant gets its own figure or line, named after it.
    fn one_per_variant(&self) -> bool {
        self.several && self.chart.variant.is_none()
    }

    /// The chart's title, or `default`, identifiers read as words.
    fn title(&self, default: String) -> String {
        crate::report::words::plain(&self.chart.title.clone().unwrap_or(default))
    }

    /// The chart's file stem, or `default`.
    fn stem(&self, default: String) -> String {
        self.chart.file.clone().unwrap_or(default)
    }
}

/// A chart's data, ready to draw on any backend.
enum Figure {
    Heatmap(heatmap::Heatmap),
    Lines(lines::Lines),
    Bars(bars::Bars),
}

impl Figure {
    fn title(&self) -> &str {
        match self {
            Figure::Heatmap(f) => &f.title,
            Figure::Lines(f) => &f.title,
            Figure::Bars(f) => &f.title,
        }
    }

    fn has_data(&self) -> bool {
        match self {
            Figure::Heatmap(f) => f.has_data(),
            Figure::Lines(f) => f.has_data(),
            Figure::Bars(f) => f.has_data(),
        }
    }

    fn draw<DB: DrawingBackend>(&self, root: DrawingArea<DB, Shift>) -> DrawResult {
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        match self {
            _ if !self.has_data() => style::draw_empty(&root, self.title())?,
            Figure::Heatmap(f) => heatmap::draw(&root, f)?,
            Figure::Lines(f) => lines::draw(&root, f)?,
            Figure::Bars(f) => bars::draw(&root, f)?,
        }
        root.present().map_err(|e| e.to_string())
    }
}

/// The figures `chart` asks for, with their file stems.
fn figures(
    analysis: &Analysis,
    result: &AnalysisResult,
    chart: &ChartSpec,
) -> Vec<(String, Figure)> {
    let scope = Scope::new(analysis, result, chart);
    match &chart.kind {
        ChartKind::Heatmap { metric, x, y } => heatmap::figures(&scope, metric, x, y)
            .into_iter()
            .map(|(stem, f)| (stem, Figure::Heatmap(f)))
            .collect(),
        ChartKind::Lines {
            metric,
            x,
            series,
            y_range,
        } => {
            let (stem, f) = lines::figure(&scope, metric, x, series.as_deref(), *y_range);
            vec![(stem, Figure::Lines(f))]
        }
        ChartKind::Bars { histogram } => {
            let (stem, f) = bars::figure(&scope, histogram);
            vec![(stem, Figure::Bars(f))]
        }
    }
}

/// `stem`, or `stem_2`, `stem_3`... the first not yet `used` (two charts with the same
/// default name do not overwrite each other).
/// `label` cut to `width` characters for a legend, an ellipsis saying it was cut.
pub(crate) fn legend_label(label: &str, width: usize) -> String {
    let label = crate::report::words::plain(label);
    if label.chars().count() <= width {
        label
    } else {
        let kept: String = label.chars().take(width.saturating_sub(1)).collect();
        format!("{}…", kept.trim_end())
    }
}

fn unique_stem(stem: String, used: &mut HashSet<String>) -> String {
    let mut candidate = stem.clone();
    let mut i = 1;
    while !used.insert(candidate.clone()) {
        i += 1;
        candidate = format!("{stem}_{i}");
    }
    candidate
}

/// Draws every chart of `analysis` into `dir`, as `<stem>.svg` and `<stem>.png`; returns
/// the SVG paths with each chart's title (the alt text of the report page).
pub fn draw_charts(
    analysis: &Analysis,
    result: &AnalysisResult,
    dir: &Path,
) -> Result<Vec<(PathBuf, String)>> {
    style::register_font();
    let mut written = Vec::new();
    let mut used = HashSet::new();
    for chart in &analysis.file.charts {
        for (stem, figure) in figures(analysis, result, chart) {
            let stem = unique_stem(stem, &mut used);
            let svg = dir.join(format!("{stem}.svg"));
            let png = dir.join(format!("{stem}.png"));
            let fail = |path: &Path, message: String| Error::Report {
                what: format!("chart {}", path.display()),
                message,
            };
            figure
                .draw(SVGBackend::new(&svg, SIZE).into_drawing_area())
                .map_err(|m| fail(&svg, m))?;
            figure
                .draw(BitMapBackend::new(&png, SIZE).into_drawing_area())
                .map_err(|m| fail(&png, m))?;
            written.push((svg, figure.title().to_string()));
        }
    }
    Ok(written)
}

#[cfg(test)]
mod legend_tests {
    #[test]
    fn a_long_legend_label_says_it_was_cut() {
        assert_eq!(super::legend_label("official", 24), "official");
        assert_eq!(
            super::legend_label("the band spreads its blows", 24),
            "the band spreads its bl…"
        );
        assert_eq!(
            super::legend_label("the band spreads its blows", 24)
                .chars()
                .count(),
            24
        );
    }
}
