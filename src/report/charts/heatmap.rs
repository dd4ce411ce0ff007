//! Heatmaps: a metric over two grid parameters, colour-coded, one chart per variant.

use super::Scope;
use super::style::{Axis, DrawResult, SIZE, axis_index, label_room, metric_value, slug};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::colors::colormaps::ViridisRGB;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A heatmap's data, ready to draw.
pub(super) struct Heatmap {
    pub(super) title: String,
    x: Axis,
    y: Axis,
    metric: String,
    cells: Vec<(usize, usize, f64)>,
}

impl Heatmap {
    /// True when some cell has a value.
    pub(super) fn has_data(&self) -> bool {
        !self.cells.is_empty()
    }
}

/// The heatmaps of `metric` over `x` and `y`, one per variant drawn, with their stems.
pub(super) fn figures(scope: &Scope, metric: &str, x: &str, y: &str) -> Vec<(String, Heatmap)> {
    let analysis = scope.analysis;
    let (xi, yi) = (axis_index(analysis, x), axis_index(analysis, y));
    scope
        .variants
        .iter()
        .map(|&v| {
            let (xa, ya) = (Axis::of(analysis, x), Axis::of(analysis, y));
            let cells = scope
                .points
                .iter()
                .filter_map(|p| {
                    let cx = xa.values.iter().position(|val| *val == p.values[xi])?;
                    let cy = ya.values.iter().position(|val| *val == p.values[yi])?;
                    Some((cx, cy, metric_value(p, v, metric)?))
                })
                .collect();
            let vname = &analysis.variants[v].name;
            let stem = scope.stem(format!("heatmap_{metric}"));
            let stem = if scope.one_per_variant() {
                format!("{stem}_{}", slug(vname))
            } else {
                stem
            };
            let title = scope.title(format!("{}: {metric}", analysis.file.title));
            let title = if scope.several {
                format!("{title} ({vname})")
            } else {
                title
            };
            let figure = Heatmap {
                title,
                x: xa,
                y: ya,
                metric: metric.to_string(),
                cells,
            };
            (stem, figure)
        })
        .collect()
}

/// A heatmap cell's value: three significant digits at most.
fn cell_text(v: f64) -> String {
    if v.abs() >= 100.0 {
        format!("{v:.0}")
    } else if v.abs() >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.3}")
    }
}

/// Draws `figure` on `root`.
pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    figure: &Heatmap,
) -> DrawResult {
    let e = |err: DrawingAreaErrorKind<DB::ErrorType>| err.to_string();
    let Heatmap {
        title,
        x,
        y,
        metric,
        cells,
    } = figure;
    let (lo, hi) = cells
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), c| {
            (lo.min(c.2), hi.max(c.2))
        });
    let (lo, hi) = if lo.is_finite() {
        (lo, if hi > lo { hi } else { lo + 1e-9 })
    } else {
        (0.0, 1.0)
    };
    let (main, bar) = root.split_horizontally(SIZE.0 - 110);
    let mut chart = ChartBuilder::on(&main)
        .caption(title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(label_room(&y.values))
        .build_cartesian_2d(
            -0.5..x.values.len() as f64 - 0.5,
            -0.5..y.values.len() as f64 - 0.5,
        )
        .map_err(e)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(x.values.len().min(16))
        .y_labels(y.values.len().min(16))
        .x_label_formatter(&|v| x.label(*v))
        .y_label_formatter(&|v| y.label(*v))
        .x_desc(x.name.as_str())
        .y_desc(y.name.as_str())
        .label_style(("sans-serif", 13))
        .draw()
        .map_err(e)?;
    chart
        .draw_series(cells.iter().map(|&(cx, cy, v)| {
            let colour = ViridisRGB.get_color_normalized(v, lo, hi);
            Rectangle::new(
                [
                    (cx as f64 - 0.5, cy as f64 - 0.5),
                    (cx as f64 + 0.5, cy as f64 + 0.5),
                ],
                colour.filled(),
            )
        }))
        .map_err(e)?;
    // Small grids get their values written in the cells, readable in print.
    if x.values.len() <= 12 && y.values.len() <= 12 {
        let centred = Pos::new(HPos::Center, VPos::Center);
        chart
            .draw_series(cells.iter().map(|&(cx, cy, v)| {
                let ink = if (v - lo) / (hi - lo) < 0.55 {
                    WHITE
                } else {
                    BLACK
                };
                let style = ("sans-serif", 14).into_font().color(&ink).pos(centred);
                Text::new(cell_text(v), (cx as f64, cy as f64), style)
            }))
            .map_err(e)?;
    }
    let mut scale = ChartBuilder::on(&bar)
        .margin_top(50)
        .margin_bottom(57)
        .margin_right(10)
        .y_label_area_size(60)
        .caption(metric, ("sans-serif", 13))
        .build_cartesian_2d(0.0..1.0, lo..hi)
        .map_err(e)?;
    scale
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_labels(6)
        .label_style(("sans-serif", 12))
        .draw()
        .map_err(e)?;
    let steps = 100;
    scale
        .draw_series((0..steps).map(|i| {
            let a = lo + (hi - lo) * i as f64 / steps as f64;
            let b = lo + (hi - lo) * (i + 1) as f64 / steps as f64;
            Rectangle::new(
                [(0.0, a), (1.0, b)],
                ViridisRGB
                    .get_color_normalized((a + b) / 2.0, lo, hi)
                    .filled(),
            )
        }))
        .map_err(e)?;
    Ok(())
}
