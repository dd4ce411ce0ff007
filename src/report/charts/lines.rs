//! Lines: a metric over one grid parameter, one line per variant or per value of a
//! second grid parameter (`series`).

use super::Scope;
use super::style::{Axis, DrawResult, axis_index, metric_value, slug, tick};
use crate::analysis::PointResult;
use plotters::coord::Shift;
use plotters::prelude::*;

/// A lines chart's data, ready to draw.
pub(super) struct Lines {
    pub(super) title: String,
    x: Axis,
    metric: String,
    lines: Vec<(String, Vec<(f64, f64)>)>,
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
    let xa = Axis::of(analysis, x);
    let xi = axis_index(analysis, x);
    let line = |v: usize, keep: &dyn Fn(&PointResult) -> bool| -> Vec<(f64, f64)> {
        scope
            .points
            .iter()
            .filter(|p| keep(p))
            .filter_map(|p| Some((xa.numeric(&p.values[xi]), metric_value(p, v, metric)?)))
            .collect()
    };
    let mut lines: Vec<(String, Vec<(f64, f64)>)> = Vec::new();
    for &v in &scope.variants {
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
        title: scope.title(format!("{}: {metric}", analysis.file.title)),
        x: xa,
        metric: metric.to_string(),
        lines,
    };
    (stem, figure)
}

/// Draws `figure` on `root` (it has data: see [`Lines::has_data`]).
pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    figure: &Lines,
) -> DrawResult {
    let e = |err: DrawingAreaErrorKind<DB::ErrorType>| err.to_string();
    let Lines {
        title,
        x,
        metric,
        lines,
    } = figure;
    let all = lines.iter().flat_map(|(_, pts)| pts.iter());
    let (x0, x1, y0, y1) = all.fold(
        (
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ),
        |(a, b, c, d), (px, py)| (a.min(*px), b.max(*px), c.min(*py), d.max(*py)),
    );
    // A little room on both sides, so the first and last labels are not clipped.
    let (x0, x1) = if x0.is_finite() && x1 > x0 {
        let room = (x1 - x0) * 0.03;
        (x0 - room, x1 + room)
    } else if x0.is_finite() {
        (x0 - 0.5, x0 + 0.5)
    } else {
        (-0.5, 0.5)
    };
    let (y0, y1) = if y0.is_finite() && y1 > y0 {
        (y0, y1)
    } else if y0.is_finite() {
        (y0.min(0.0), y0.max(0.0) + 1.0)
    } else {
        (0.0, 1.0)
    };
    let pad = (y1 - y0) * 0.05;
    let numeric = x.values.first().and_then(|v| v.as_f64()).is_some();
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d(x0..x1, (y0 - pad)..(y1 + pad))
        .map_err(e)?;
    let formatter = |v: &f64| if numeric { tick(*v) } else { x.label(*v) };
    chart
        .configure_mesh()
        .x_desc(x.name.as_str())
        .y_desc(metric.as_str())
        .x_label_formatter(&formatter)
        .label_style(("sans-serif", 13))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(e)?;
    for (i, (label, pts)) in lines.iter().enumerate() {
        let colour = Palette99::pick(i).to_rgba();
        chart
            .draw_series(LineSeries::new(pts.iter().copied(), colour.stroke_width(2)))
            .map_err(e)?
            .label(label)
            .legend(move |(lx, ly)| {
                PathElement::new(vec![(lx, ly), (lx + 20, ly)], colour.stroke_width(2))
            });
        chart
            .draw_series(pts.iter().map(|p| Circle::new(*p, 2, colour.filled())))
            .map_err(e)?;
    }
    if lines.len() > 1 {
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("sans-serif", 13))
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(e)?;
    }
    Ok(())
}
