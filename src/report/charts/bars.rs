//! Bars: a histogram at one grid point, one group of bars per variant, in percent. Each
//! bar carries its 95% interval (Wilson) as an error bar, and the exact probability, when
//! known, as a black tick. A long-tailed histogram is drawn over the range that holds
//! 99.9% of its mass, and the chart says how much lies beyond.

use super::Scope;
use super::style::{DrawResult, SIZE, colour, draw_grid, plot_area, tick};
use crate::engine::stats::{Z95, wilson};
use plotters::coord::Shift;
use plotters::prelude::*;

/// One variant's bars: its name, `(value, percent, lo, hi)` per value, and the exact
/// percents when known.
struct Group {
    name: String,
    bars: Vec<(i64, f64, f64, f64)>,
    exact: Option<Vec<(i64, f64)>>,
}

/// A bars chart's data, ready to draw.
pub(super) struct Bars {
    pub(super) title: String,
    x_label: String,
    groups: Vec<Group>,
}

impl Bars {
    /// True when some group has a bar.
    pub(super) fn has_data(&self) -> bool {
        self.groups.iter().any(|g| !g.bars.is_empty())
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
            let h = p.variants[v].summary.histogram(histogram)?;
            let n = h.n as f64;
            let bars = h
                .probs
                .iter()
                .map(|&(value, p)| {
                    let (lo, hi) = if n > 0.0 {
                        wilson(p * n, n, Z95)
                    } else {
                        (p, p)
                    };
                    (value, 100.0 * p, 100.0 * lo, 100.0 * hi)
                })
                .collect();
            let exact = h
                .exact
                .as_ref()
                .map(|e| e.iter().map(|&(v, p)| (v, 100.0 * p)).collect());
            Some(Group {
                name: analysis.variants[v].name.clone(),
                bars,
                exact,
            })
        })
        .collect();
    let at: Vec<String> = scope
        .chart
        .at
        .iter()
        .map(|(k, v)| match v {
            toml::Value::String(text) => format!("{k}={text}"),
            other => format!("{k}={other}"),
        })
        .collect();
    let doc = analysis
        .layout()
        .histograms
        .iter()
        .find(|h| h.name == histogram)
        .map_or("", |h| h.doc);
    let doc = doc.strip_prefix("histogram of ").unwrap_or(doc);
    let words = if doc.is_empty() { histogram } else { doc };
    let words: String = words.chars().take(60).collect();
    let default_title = if at.is_empty() {
        format!("{}: {words}", analysis.file.title)
    } else {
        format!("{}: {words} at {}", analysis.file.title, at.join(", "))
    };
    // The whole doc: what 0 stands for ("0 = not out") matters on this axis.
    let x_label = crate::report::words::plain(if doc.is_empty() {
        histogram
    } else {
        &doc[..doc.char_indices().nth(80).map_or(doc.len(), |(i, _)| i)]
    });
    let figure = Bars {
        title: scope.title(default_title),
        x_label,
        groups,
    };
    (scope.stem(format!("bars_{histogram}")), figure)
}

/// The values shown: all of them, or, when they span more than 40 values, the range that
/// leaves at most 0.05% of the mass out on each side. Returns `(first, last, percent left
/// out)`.
fn shown_range(groups: &[Group]) -> (i64, i64, f64) {
    let values = || groups.iter().flat_map(|g| g.bars.iter());
    let (min, max) = values().fold((i64::MAX, i64::MIN), |(a, b), bar| {
        (a.min(bar.0), b.max(bar.0))
    });
    if min > max {
        return (0, 1, 0.0);
    }
    if max - min <= 40 {
        return (min, max, 0.0);
    }
    let cut = 0.05;
    let (mut lo, mut hi) = (max, min);
    for g in groups {
        let mut below = 0.0;
        for bar in &g.bars {
            below += bar.1;
            if below > cut {
                lo = lo.min(bar.0);
                break;
            }
        }
        let mut above = 0.0;
        for bar in g.bars.iter().rev() {
            above += bar.1;
            if above > cut {
                hi = hi.max(bar.0);
                break;
            }
        }
    }
    let left_out = groups
        .iter()
        .map(|g| {
            g.bars
                .iter()
                .filter(|b| b.0 < lo || b.0 > hi)
                .map(|b| b.1)
                .sum::<f64>()
        })
        .fold(0.0, f64::max);
    (lo, hi.max(lo), left_out)
}

/// Draws `figure` on `root` (it has data: see [`Bars::has_data`]).
pub(super) fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, figure: &Bars) -> DrawResult {
    let e = |err: DrawingAreaErrorKind<DB::ErrorType>| err.to_string();
    let Bars {
        title,
        x_label,
        groups,
    } = figure;
    let (x0, x1, left_out) = shown_range(groups);
    let shown = |v: i64| (x0..=x1).contains(&v);
    let top = groups
        .iter()
        .flat_map(|g| g.bars.iter().filter(|b| shown(b.0)).map(|b| b.3))
        .fold(0.0f64, f64::max);
    // Always a legend: it names the groups when there are several, and says what the
    // bar, the black mark and the whisker are in every chart.
    let legend_width = 190;
    let (plot, legend) = root.split_horizontally(SIZE.0 - legend_width);
    let x_desc = if left_out > 0.0 {
        format!("{x_label}; {x0}..{x1} shown, {left_out:.2}% of the mass beyond")
    } else {
        x_label.clone()
    };
    let x_range = x0 as f64 - 0.6..x1 as f64 + 0.6;
    let mut chart = plot_area(&plot, title, 60, x_range, 0.0..top * 1.08 + 1e-9)?;
    let whole = |v: &f64| {
        if (v - v.round()).abs() > 1e-9 {
            String::new()
        } else {
            tick(*v)
        }
    };
    draw_grid(
        chart
            .configure_mesh()
            .x_desc(x_desc.as_str())
            .y_desc("chance, %")
            .x_labels(((x1 - x0 + 1) as usize).clamp(2, 20))
            .x_label_formatter(&whole)
            .y_label_formatter(&|v| format!("{}%", tick(*v))),
    )?;
    let width = 0.8 / groups.len().max(1) as f64;
    for (g, group) in groups.iter().enumerate() {
        let c = colour(g);
        let left = -0.4 + width * g as f64;
        let bars = group.bars.iter().filter(|b| shown(b.0));
        chart
            .draw_series(bars.clone().map(|&(v, p, _, _)| {
                Rectangle::new(
                    [(v as f64 + left, 0.0), (v as f64 + left + width, p)],
                    c.mix(0.85).filled(),
                )
            }))
            .map_err(e)?;
        chart
            .draw_series(bars.map(|&(v, _, lo, hi)| {
                let mid = v as f64 + left + width / 2.0;
                PathElement::new(vec![(mid, lo), (mid, hi)], BLACK.mix(0.6).stroke_width(1))
            }))
            .map_err(e)?;
        if let Some(exact) = &group.exact {
            chart
                .draw_series(exact.iter().filter(|(v, _)| shown(*v)).map(|&(v, p)| {
                    let (a, b) = (v as f64 + left, v as f64 + left + width);
                    PathElement::new(vec![(a, p), (b, p)], BLACK.stroke_width(2))
                }))
                .map_err(e)?;
        }
    }
    let mut y = 60;
    if groups.len() > 1 {
        for (g, group) in groups.iter().enumerate() {
            y = 60 + 22 * g as i32;
            legend
                .draw(&Rectangle::new(
                    [(4, y - 6), (22, y + 6)],
                    colour(g).filled(),
                ))
                .map_err(e)?;
            let name = super::legend_label(&group.name, 22);
            legend
                .draw(&Text::new(
                    name,
                    (28, y - 7),
                    ("sans-serif", 13).into_font(),
                ))
                .map_err(e)?;
        }
        y += 36;
    }
    // What the marks are: the bar, the black mark and the whisker.
    let grey = RGBColor(90, 90, 90);
    let exact = groups.iter().any(|g| g.exact.is_some());
    let sampled = groups
        .iter()
        .any(|g| g.bars.iter().any(|&(_, _, lo, hi)| lo < hi));
    let key = match (sampled, exact) {
        (false, _) => vec!["bar: exact value"],
        (true, true) => vec![
            "bar: Monte Carlo estimate",
            "black mark: exact value",
            "whisker: 95% interval",
        ],
        (true, false) => vec!["bar: Monte Carlo estimate", "whisker: 95% interval"],
    };
    for text in key {
        legend
            .draw(&Text::new(
                text,
                (4, y - 7),
                ("sans-serif", 13).into_font().color(&grey),
            ))
            .map_err(e)?;
        y += 22;
    }
    Ok(())
}
