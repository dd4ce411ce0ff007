//! Lines: a metric over one grid parameter, one line per variant or per value of a
//! second grid parameter (`series`). Each line carries its 95% interval as a band; where
//! the exact value is known it is the line, and the estimates are the dots (none when
//! the analysis is exact and nothing was sampled). A difference
//! (`X_diff`) is drawn for each variant against the first, with a zero line.

use super::Scope;
use super::style::{
    Axis, Band, DrawResult, Measure, SIZE, axis_index, colour, draw_grid, param_label, plot_area,
    slug, tick,
};
use crate::analysis::PointResult;
use plotters::coord::Shift;
use plotters::prelude::*;

/// One line: its legend and its points `(x, band)`.
type Line = (String, Vec<(f64, Band)>);

/// A lines chart's data, ready to draw.
pub(super) struct Lines {
    pub(super) title: String,
    x: Axis,
    x_label: String,
    measure: Measure,
    lines: Vec<Line>,
}

impl Lines {
    /// True when some line has a point.
    pub(super) fn has_data(&self) -> bool {
        self.lines.iter().any(|(_, pts)| !pts.is_empty())
    }
}

/// The chart of `metric` over `x`, with one line per variant or per value of `series`.
pub(super) fn figure(
    scope: &Scope,
    metric: &str,
    x: &str,
    series: Option<&str>,
) -> (String, Lines) {
    let analysis = scope.analysis;
    let measure = Measure::of(analysis, metric);
    let xa = Axis::of(analysis, x);
    let xi = axis_index(analysis, x);
    let line = |v: usize, keep: &dyn Fn(&PointResult) -> bool| -> Vec<(f64, Band)> {
        scope
            .points
            .iter()
            .filter(|p| keep(p))
            .filter_map(|p| Some((xa.numeric(&p.values[xi]), measure.at(p, v)?)))
            .collect()
    };
    let mut lines: Vec<Line> = Vec::new();
    // A difference has nothing to show for the first variant.
    let skip = usize::from(measure.diff);
    for &v in scope.variants.iter().filter(|&&v| v >= skip) {
        let vname = &analysis.variants[v].name;
        match series {
            None => lines.push((vname.clone(), line(v, &|_| true))),
            Some(s) => {
                let si = axis_index(analysis, s);
                for sv in &analysis.axes[si].1 {
                    let label = if scope.one_per_variant() {
                        format!("{s}={sv} ({vname})")
                    } else {
                        format!("{s}={sv}")
                    };
                    lines.push((label, line(v, &|p| p.values[si] == *sv)));
                }
            }
        }
    }
    let stem = scope.stem(format!("lines_{metric}_by_{}", slug(x)));
    let figure = Lines {
        title: scope.title(format!("{}: {}", analysis.file.title, measure.name)),
        x_label: param_label(analysis, x),
        x: xa,
        measure,
        lines,
    };
    (stem, figure)
}

/// The vertical range: chances from 0 to 100%, other values from 0 when they are all of
/// one sign (a change of 0.3 rounds does not fill the chart), differences around 0.
fn y_range(measure: &Measure, lines: &[Line]) -> (f64, f64) {
    let values = lines
        .iter()
        .flat_map(|(_, pts)| pts.iter())
        .flat_map(|(_, b)| [b.lo, b.hi, b.value()])
        .filter(|v| v.is_finite());
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
        (a.min(v), b.max(v))
    });
    if measure.percent && !measure.diff {
        return (0.0, 100.0);
    }
    let (lo, hi) = (lo.min(0.0), hi.max(0.0));
    let pad = ((hi - lo) * 0.05).max(1e-9);
    (lo - pad, hi + pad)
}

/// Draws `figure` on `root` (it has data: see [`Lines::has_data`]), the legend in a
/// column of its own on the right, outside the data.
pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    figure: &Lines,
) -> DrawResult {
    let e = |err: DrawingAreaErrorKind<DB::ErrorType>| err.to_string();
    let Lines {
        title,
        x,
        x_label,
        measure,
        lines,
    } = figure;
    let xs = lines
        .iter()
        .flat_map(|(_, pts)| pts.iter().map(|(px, _)| *px));
    let (x0, x1) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
        (a.min(v), b.max(v))
    });
    // A little room on both sides, so the first and last labels are not clipped.
    let room = if x1 > x0 { (x1 - x0) * 0.03 } else { 0.5 };
    let (x0, x1) = (x0 - room, x1 + room);
    let (y0, y1) = y_range(measure, lines);
    let legend_width = if lines.len() > 1 { 210 } else { 0 };
    let (plot, legend) = root.split_horizontally(SIZE.0 - legend_width);
    let numeric = x.values.first().and_then(|v| v.as_f64()).is_some();
    let integers = x
        .values
        .iter()
        .all(|v| v.as_f64().is_some_and(|f| f.fract() == 0.0));
    let mut chart = plot_area(&plot, title, 70, x0..x1, y0..y1)?;
    let x_format = |v: &f64| {
        if !numeric {
            x.label(*v)
        } else if integers && (v - v.round()).abs() > 1e-9 {
            String::new()
        } else {
            tick(*v)
        }
    };
    let y_format = |v: &f64| {
        if measure.percent {
            format!("{}%", tick(*v))
        } else {
            tick(*v)
        }
    };
    draw_grid(
        chart
            .configure_mesh()
            .x_desc(x_label.as_str())
            .y_desc(measure.label.as_str())
            .x_labels(x.values.len().clamp(2, 12))
            .x_label_formatter(&x_format)
            .y_label_formatter(&y_format),
    )?;
    if measure.diff {
        chart
            .draw_series(LineSeries::new(
                [(x0, 0.0), (x1, 0.0)],
                BLACK.stroke_width(1),
            ))
            .map_err(e)?;
    }
    for (i, (_, pts)) in lines.iter().enumerate() {
        let c = colour(i);
        // The 95% interval as a band.
        let band: Vec<(f64, f64)> = pts
            .iter()
            .map(|(px, b)| (*px, b.hi))
            .chain(pts.iter().rev().map(|(px, b)| (*px, b.lo)))
            .collect();
        chart
            .draw_series(std::iter::once(Polygon::new(band, c.mix(0.18).filled())))
            .map_err(e)?;
        chart
            .draw_series(LineSeries::new(
                pts.iter().map(|(px, b)| (*px, b.value())),
                c.stroke_width(2),
            ))
            .map_err(e)?;
        chart
            .draw_series(
                pts.iter()
                    .filter(|(_, b)| !b.exact_only())
                    .map(|(px, b)| Circle::new((*px, b.estimate), 2, c.filled())),
            )
            .map_err(e)?;
    }
    if lines.len() > 1 {
        draw_legend(&legend, lines, e)?;
    }
    Ok(())
}

/// The legend: one row per line, in the line's colour.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    lines: &[Line],
    e: impl Fn(DrawingAreaErrorKind<DB::ErrorType>) -> String,
) -> DrawResult {
    let rows = lines.len().min(24);
    for (i, (label, _)) in lines.iter().take(rows).enumerate() {
        let y = 60 + 22 * i as i32;
        let c = colour(i);
        area.draw(&PathElement::new(vec![(4, y), (28, y)], c.stroke_width(3)))
            .map_err(&e)?;
        let text: String = label.chars().take(24).collect();
        area.draw(&Text::new(
            text,
            (34, y - 7),
            ("sans-serif", 13).into_font(),
        ))
        .map_err(&e)?;
    }
    if lines.len() > rows {
        let y = 60 + 22 * rows as i32;
        let more = format!("and {} more", lines.len() - rows);
        area.draw(&Text::new(
            more,
            (34, y - 7),
            ("sans-serif", 13).into_font(),
        ))
        .map_err(&e)?;
    }
    Ok(())
}
