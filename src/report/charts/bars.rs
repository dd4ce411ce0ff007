//! Bars: a histogram at one grid point, one group of bars per variant.

use super::Scope;
use super::style::{DrawResult, tick};
use plotters::coord::Shift;
use plotters::prelude::*;

/// A bars chart's data, ready to draw.
pub(super) struct Bars {
    pub(super) title: String,
    histogram: String,
    groups: Vec<(String, Vec<(i64, f64)>)>,
}

impl Bars {
    /// True when some group has a bar.
    pub(super) fn has_data(&self) -> bool {
        self.groups.iter().any(|(_, h)| !h.is_empty())
    }
}

/// The chart of `histogram` at the first grid point the chart's `at` selects.
pub(super) fn figure(scope: &Scope, histogram: &str) -> (String, Bars) {
    let analysis = scope.analysis;
    let groups = scope
        .variants
        .iter()
        .filter_map(|&v| {
            let p = scope.points.first()?;
            let h = p.variants[v]
                .summary
                .histograms
                .iter()
                .find(|h| h.name == histogram)?;
            Some((analysis.variants[v].name.clone(), h.probs.clone()))
        })
        .collect();
    let at: Vec<String> = scope
        .chart
        .at
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let default_title = if at.is_empty() {
        format!("{}: {histogram}", analysis.file.title)
    } else {
        format!("{}: {histogram} at {}", analysis.file.title, at.join(", "))
    };
    let figure = Bars {
        title: scope.title(default_title),
        histogram: histogram.to_string(),
        groups,
    };
    (scope.stem(format!("bars_{histogram}")), figure)
}

/// Draws `figure` on `root` (it has data: see [`Bars::has_data`]).
pub(super) fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, figure: &Bars) -> DrawResult {
    let e = |err: DrawingAreaErrorKind<DB::ErrorType>| err.to_string();
    let Bars {
        title,
        histogram,
        groups,
    } = figure;
    let values = groups.iter().flat_map(|(_, h)| h.iter());
    let (x0, x1, top) = values.fold((i64::MAX, i64::MIN, 0.0f64), |(a, b, t), (v, p)| {
        (a.min(*v), b.max(*v), t.max(*p))
    });
    let (x0, x1) = if x0 <= x1 { (x0, x1) } else { (0, 1) };
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d(x0 as f64 - 0.6..x1 as f64 + 0.6, 0.0..top * 1.08 + 1e-9)
        .map_err(e)?;
    chart
        .configure_mesh()
        .x_desc(histogram.as_str())
        .y_desc("probability")
        .x_label_formatter(&|v| tick(*v))
        .y_label_formatter(&|v| tick(*v))
        .label_style(("sans-serif", 13))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(e)?;
    let width = 0.8 / groups.len().max(1) as f64;
    for (g, (label, hist)) in groups.iter().enumerate() {
        let colour = Palette99::pick(g).to_rgba();
        let left = -0.4 + width * g as f64;
        chart
            .draw_series(hist.iter().map(|(v, p)| {
                Rectangle::new(
                    [(*v as f64 + left, 0.0), (*v as f64 + left + width, *p)],
                    colour.filled(),
                )
            }))
            .map_err(e)?
            .label(label)
            .legend(move |(lx, ly)| {
                Rectangle::new([(lx, ly - 5), (lx + 15, ly + 5)], colour.filled())
            });
    }
    if groups.len() > 1 {
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("sans-serif", 13))
            .draw()
            .map_err(e)?;
    }
    Ok(())
}
