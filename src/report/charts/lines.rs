//! Lines: a metric over one grid parameter, one line per variant or per value of a
//! second grid parameter (`series`). Each line carries its 95% interval as a band; where
//! the exact value is known it is the line, and the estimates are the dots (none when
//! the analysis is exact and nothing was sampled). A difference
//! (`X_diff`) is drawn for each variant against the first, with a zero line.
//!
//! Over a parameter of whole numbers the line is a staircase, level around each value:
//! nothing lies between 10 and 11, and a jump from one to the next is drawn as a jump,
//! not a slope. The vertical range fits the data (a chance of 0 to 10% is not drawn on
//! 0 to 100%) unless the chart sets `y_range`. The legend column says what the line, the
//! dots and the band are.

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
    /// The vertical range the chart asks for, in the chart's unit.
    y_range: Option<(f64, f64)>,
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
    y_range: Option<[f64; 2]>,
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
        title: scope.title(format!("{}: {}", analysis.file.title, measure.words)),
        x_label: param_label(analysis, x),
        x: xa,
        measure,
        lines,
        y_range: y_range.map(|[lo, hi]| (lo, hi)),
    };
    (stem, figure)
}

/// The vertical range: the range the chart asks for; else, for chances, from 0 (or from
/// just below the lowest value when all lie high) to just above the highest, on round
/// steps, within 0 to 100%; other values from 0 when they are all of one sign (a change of
/// 0.3 rounds does not fill the chart), differences around 0.
fn y_range(measure: &Measure, lines: &[Line], asked: Option<(f64, f64)>) -> (f64, f64) {
    if let Some(range) = asked {
        return range;
    }
    let values = lines
        .iter()
        .flat_map(|(_, pts)| pts.iter())
        .flat_map(|(_, b)| [b.lo, b.hi, b.value()])
        .filter(|v| v.is_finite());
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
        (a.min(v), b.max(v))
    });
    if measure.percent && !measure.diff {
        return chance_range(lo, hi);
    }
    let (lo, hi) = (lo.min(0.0), hi.max(0.0));
    let pad = ((hi - lo) * 0.05).max(1e-9);
    (lo - pad, hi + pad)
}

/// A range of percentages holding `lo..=hi`, on round steps within 0..=100: from 0 unless
/// every value lies in the upper part of the range.
fn chance_range(lo: f64, hi: f64) -> (f64, f64) {
    if !(lo.is_finite() && hi.is_finite()) {
        return (0.0, 100.0);
    }
    let span = (hi - lo).max(hi.abs() * 0.1).max(0.5);
    let step = round_step(span / 5.0);
    let top = ((hi + span * 0.04) / step).ceil() * step;
    let bottom = if lo < 0.4 * top {
        0.0
    } else {
        ((lo - span * 0.04) / step).floor() * step
    };
    (bottom.max(0.0), top.min(100.0))
}

/// A round step (1, 2 or 5 times a power of ten) near `x`: the smallest not below 2/3
/// of it.
fn round_step(x: f64) -> f64 {
    let x = x / 1.5;
    let power = 10f64.powf(x.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&s| s >= x)
        .unwrap_or(10.0 * power)
}

/// The points of a staircase through `pts` (sorted by x): level from halfway to the
/// previous value to halfway to the next, the first and last levels as wide as their
/// neighbours' half-gaps.
fn staircase(pts: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut out = Vec::with_capacity(2 * pts.len());
    for (i, &(x, y)) in pts.iter().enumerate() {
        let before = if i > 0 {
            x - pts[i - 1].0
        } else {
            pts.get(1).map_or(1.0, |n| n.0 - x)
        };
        let after = pts.get(i + 1).map_or(before, |n| n.0 - x);
        out.push((x - before / 2.0, y));
        out.push((x + after / 2.0, y));
    }
    out
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
        y_range: asked,
    } = figure;
    let xs = lines
        .iter()
        .flat_map(|(_, pts)| pts.iter().map(|(px, _)| *px));
    let (x0, x1) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
        (a.min(v), b.max(v))
    });
    let numeric = x.values.first().and_then(|v| v.as_f64()).is_some();
    let integers = numeric
        && x.values
            .iter()
            .all(|v| v.as_f64().is_some_and(|f| f.fract() == 0.0));
    // A little room on both sides, so the first and last labels (and the staircase's
    // outer half-steps) are not clipped.
    let room = if integers {
        0.5 * min_gap(lines).unwrap_or(1.0) + (x1 - x0) * 0.01
    } else if x1 > x0 {
        (x1 - x0) * 0.03
    } else {
        0.5
    };
    let (x0, x1) = (x0 - room, x1 + room);
    let (y0, y1) = y_range(measure, lines, *asked);
    let (plot, legend) = root.split_horizontally(SIZE.0 - LEGEND_WIDTH);
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
    let shape = |points: Vec<(f64, f64)>| {
        if integers { staircase(&points) } else { points }
    };
    for (i, (_, pts)) in lines.iter().enumerate() {
        let c = colour(i);
        // The 95% interval as a band.
        let upper = shape(pts.iter().map(|(px, b)| (*px, b.hi)).collect());
        let lower = shape(pts.iter().map(|(px, b)| (*px, b.lo)).collect());
        let band: Vec<(f64, f64)> = upper.into_iter().chain(lower.into_iter().rev()).collect();
        chart
            .draw_series(std::iter::once(Polygon::new(band, c.mix(0.18).filled())))
            .map_err(e)?;
        chart
            .draw_series(LineSeries::new(
                shape(pts.iter().map(|(px, b)| (*px, b.value())).collect()),
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
    draw_legend(&legend, lines, e)?;
    Ok(())
}

/// Width of the legend column, on the right of the plot.
const LEGEND_WIDTH: u32 = 210;

/// The smallest gap between two x values of a line (`None` with fewer than two).
fn min_gap(lines: &[Line]) -> Option<f64> {
    lines
        .iter()
        .flat_map(|(_, pts)| pts.windows(2).map(|w| w[1].0 - w[0].0))
        .filter(|gap| *gap > 0.0)
        .min_by(f64::total_cmp)
}

/// What the legend says the marks are: the line, the dots and the band, as far as the
/// chart has them.
fn key_rows(lines: &[Line]) -> Vec<(Mark, &'static str)> {
    let bands = lines.iter().flat_map(|(_, pts)| pts.iter().map(|(_, b)| b));
    let (mut exact, mut all_exact, mut sampled, mut spread) = (false, true, false, false);
    for b in bands {
        exact |= b.exact.is_some();
        all_exact &= b.exact.is_some();
        sampled |= !b.exact_only();
        spread |= b.hi > b.lo;
    }
    let mut rows = Vec::new();
    match (exact, all_exact) {
        (true, true) => rows.push((Mark::Line, "line: exact value")),
        // Some points have only an estimate (past an exact solver's budget, say): the line
        // goes through their estimates.
        (true, false) => rows.push((Mark::Line, "line: exact, else estimate")),
        (false, _) => rows.push((Mark::Line, "line: Monte Carlo estimate")),
    }
    if exact && sampled {
        rows.push((Mark::Dot, "dots: Monte Carlo estimates"));
    }
    if spread {
        rows.push((Mark::Band, "band: 95% interval"));
    }
    rows
}

/// A mark of the chart, drawn in the legend's key.
#[derive(Clone, Copy)]
enum Mark {
    Line,
    Dot,
    Band,
}

/// The legend: one row per line, in the line's colour (when there are several), then
/// what the line, the dots and the band are, in grey.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    lines: &[Line],
    e: impl Fn(DrawingAreaErrorKind<DB::ErrorType>) -> String,
) -> DrawResult {
    let font = || ("sans-serif", 13).into_font();
    let mut y = 60;
    if lines.len() > 1 {
        let rows = lines.len().min(20);
        for (i, (label, _)) in lines.iter().take(rows).enumerate() {
            let c = colour(i);
            area.draw(&PathElement::new(vec![(4, y), (28, y)], c.stroke_width(3)))
                .map_err(&e)?;
            let text = super::legend_label(label, 24);
            area.draw(&Text::new(text, (34, y - 7), font()))
                .map_err(&e)?;
            y += 22;
        }
        if lines.len() > rows {
            let more = format!("and {} more", lines.len() - rows);
            area.draw(&Text::new(more, (34, y - 7), font()))
                .map_err(&e)?;
            y += 22;
        }
        y += 14;
    }
    let grey = RGBColor(90, 90, 90);
    for (mark, text) in key_rows(lines) {
        match mark {
            Mark::Line => area
                .draw(&PathElement::new(
                    vec![(4, y), (28, y)],
                    grey.stroke_width(2),
                ))
                .map_err(&e)?,
            Mark::Dot => area
                .draw(&Circle::new((16, y), 3, grey.filled()))
                .map_err(&e)?,
            Mark::Band => area
                .draw(&Rectangle::new(
                    [(4, y - 6), (28, y + 6)],
                    grey.mix(0.25).filled(),
                ))
                .map_err(&e)?,
        }
        area.draw(&Text::new(text, (34, y - 7), font()))
            .map_err(&e)?;
        y += 22;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chance_ranges_fit_the_data_on_round_steps() {
        // Criticals between 0 and 10%: not drawn on 0 to 100%.
        let (lo, hi) = chance_range(0.0, 10.0);
        assert_eq!(lo, 0.0);
        assert!((10.0..=15.0).contains(&hi), "{hi}");
        // 0 to 100% stays whole.
        assert_eq!(chance_range(0.0, 100.0), (0.0, 100.0));
        // Everything high: the range starts below the lowest value, not at 0.
        let (lo, hi) = chance_range(80.0, 95.0);
        assert!(
            lo > 0.0 && lo <= 80.0 && (95.0..=100.0).contains(&hi),
            "{lo} {hi}"
        );
    }

    #[test]
    fn a_staircase_levels_around_each_value() {
        let s = staircase(&[(10.0, 5.0), (11.0, 10.0), (12.0, 10.0)]);
        assert_eq!(
            s,
            [
                (9.5, 5.0),
                (10.5, 5.0),
                (10.5, 10.0),
                (11.5, 10.0),
                (11.5, 10.0),
                (12.5, 10.0)
            ]
        );
    }
}
