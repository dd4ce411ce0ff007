//! Heatmaps: a metric over two grid parameters, colour-coded, one chart per variant (for a
//! difference `X_diff`, per variant after the first). The colour scale spans the bulk of
//! the values: when a few cells lie far outside it (a capped or degenerate corner of the
//! grid), they take the end colour and are outlined, so they cannot swamp the rest.

use super::Scope;
use super::style::{
    Axis, DrawResult, Measure, SIZE, axis_index, label_room, param_label, plot_area, slug,
};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::colors::colormaps::ViridisRGB;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A heatmap's data, ready to draw.
pub(super) struct Heatmap {
    pub(super) title: String,
    x: Axis,
    y: Axis,
    x_label: String,
    y_label: String,
    measure: Measure,
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
    let skip = usize::from(Measure::of(analysis, metric).diff);
    scope
        .variants
        .iter()
        .filter(|&&v| v >= skip)
        .map(|&v| {
            let measure = Measure::of(analysis, metric);
            let (xa, ya) = (Axis::of(analysis, x), Axis::of(analysis, y));
            let cells = scope
                .points
                .iter()
                .filter_map(|p| {
                    let cx = xa.values.iter().position(|val| *val == p.values[xi])?;
                    let cy = ya.values.iter().position(|val| *val == p.values[yi])?;
                    Some((cx, cy, measure.at(p, v)?.value()))
                })
                .collect();
            let vname = &analysis.variants[v].name;
            let stem = scope.stem(format!("heatmap_{metric}"));
            let stem = if scope.one_per_variant() {
                format!("{stem}_{}", slug(vname))
            } else {
                stem
            };
            let title = scope.title(format!("{}: {}", analysis.file.title, measure.words));
            let title = if scope.several {
                format!("{title} ({vname})")
            } else {
                title
            };
            let figure = Heatmap {
                title,
                x: xa,
                y: ya,
                x_label: param_label(analysis, x),
                y_label: param_label(analysis, y),
                measure,
                cells,
            };
            (stem, figure)
        })
        .collect()
}

/// A heatmap cell's value: a whole percent for a chance, else three significant digits
/// at most.
fn cell_text(v: f64, percent: bool) -> String {
    if percent {
        format!("{v:.0}%")
    } else if v.abs() >= 100.0 {
        format!("{v:.0}")
    } else if v.abs() >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.3}")
    }
}

/// The colour scale: the whole range of the values, except that a side where a few cells
/// (beyond the 5th or 95th percentile) stretch the range more than twice the central
/// range's width is cut at that percentile; the cells beyond are then outlined. A central
/// range of one value (every cell but a few is equal) has nothing to show: the whole
/// range is kept.
fn colour_range(cells: &[(usize, usize, f64)], percent: bool) -> (f64, f64) {
    let mut values: Vec<f64> = cells.iter().map(|c| c.2).collect();
    values.sort_by(f64::total_cmp);
    let (Some(&min), Some(&max)) = (values.first(), values.last()) else {
        return (0.0, 1.0);
    };
    let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    let (q05, q95) = (at(0.05), at(0.95));
    let central = q95 - q05;
    let robust = values.len() >= 20 && central > 1e-9 * max.abs().max(1.0);
    let lo = if robust && q05 - min > 2.0 * central {
        q05
    } else {
        min
    };
    let hi = if robust && max - q95 > 2.0 * central {
        q95
    } else {
        max
    };
    let (lo, hi) = if percent && lo == min && hi == max && min >= 0.0 && max <= 100.0 {
        (0.0, 100.0)
    } else {
        (lo, hi)
    };
    (lo, if hi > lo { hi } else { lo + 1e-9 })
}

/// A colour-bar label: three significant digits.
fn scale_text(v: f64, percent: bool) -> String {
    let digits = if v.abs() >= 100.0 || (percent && v.abs() >= 10.0) {
        0
    } else if v.abs() >= 10.0 {
        1
    } else {
        2
    };
    let text = format!("{v:.digits$}");
    if percent { format!("{text}%") } else { text }
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
        x_label,
        y_label,
        measure,
        cells,
    } = figure;
    let (lo, hi) = colour_range(cells, measure.percent);
    let (main, bar) = root.split_horizontally(SIZE.0 - 120);
    let mut chart = plot_area(
        &main,
        title,
        label_room(&y.values),
        -0.5..x.values.len() as f64 - 0.5,
        -0.5..y.values.len() as f64 - 0.5,
    )?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(x.values.len().min(16))
        .y_labels(y.values.len().min(16))
        .x_label_formatter(&|v| x.label(*v))
        .y_label_formatter(&|v| y.label(*v))
        .x_desc(x_label.as_str())
        .y_desc(y_label.as_str())
        .label_style(("sans-serif", 13))
        .axis_desc_style(("sans-serif", 14))
        .draw()
        .map_err(e)?;
    let square = |cx: usize, cy: usize| {
        [
            (cx as f64 - 0.5, cy as f64 - 0.5),
            (cx as f64 + 0.5, cy as f64 + 0.5),
        ]
    };
    chart
        .draw_series(cells.iter().map(|&(cx, cy, v)| {
            let colour = ViridisRGB.get_color_normalized(v.clamp(lo, hi), lo, hi);
            Rectangle::new(square(cx, cy), colour.filled())
        }))
        .map_err(e)?;
    // Cells beyond the colour scale are outlined in red.
    chart
        .draw_series(
            cells
                .iter()
                .filter(|c| c.2 < lo || c.2 > hi)
                .map(|&(cx, cy, _)| Rectangle::new(square(cx, cy), RED.stroke_width(2))),
        )
        .map_err(e)?;
    // Small grids get their values written in the cells, readable in print.
    if x.values.len() <= 12 && y.values.len() <= 12 {
        let centred = Pos::new(HPos::Center, VPos::Center);
        chart
            .draw_series(cells.iter().map(|&(cx, cy, v)| {
                let ink = if (v.clamp(lo, hi) - lo) / (hi - lo) < 0.55 {
                    WHITE
                } else {
                    BLACK
                };
                let style = ("sans-serif", 14).into_font().color(&ink).pos(centred);
                Text::new(cell_text(v, measure.percent), (cx as f64, cy as f64), style)
            }))
            .map_err(e)?;
    }
    let (bar, side) = bar.split_horizontally(90);
    let mut scale = ChartBuilder::on(&bar)
        .margin_top(50)
        .margin_bottom(57)
        .margin_left(8)
        .right_y_label_area_size(58)
        .build_cartesian_2d(0.0..1.0, lo..hi)
        .map_err(e)?;
    let unit = |v: &f64| scale_text(*v, measure.percent);
    scale
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_labels(6)
        .y_label_formatter(&unit)
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
    // The colour bar's label, read upwards beside it, whole however long.
    let (_, h) = side.dim_in_pixel();
    let style = ("sans-serif", 13)
        .into_font()
        .transform(FontTransform::Rotate270)
        .color(&BLACK)
        .pos(Pos::new(HPos::Center, VPos::Center));
    let label: String = measure.label.chars().take(70).collect();
    side.draw(&Text::new(label, (12, h as i32 / 2), style))
        .map_err(e)?;
    Ok(())
}
