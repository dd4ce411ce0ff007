//! Charts drawn with plotters, each written as SVG and PNG: a heatmap of a metric over
//! two grid parameters, lines of a metric over one parameter, and bars of a histogram.
//! Text is drawn with the embedded DejaVu Sans (see `fonts/LICENSE-DejaVu.txt`), so PNG
//! output needs no system font.

use crate::analysis::spec::{ChartKind, ChartSpec};
use crate::analysis::{Analysis, AnalysisResult, PointResult};
use crate::engine::Value;
use crate::error::{Error, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::colors::colormaps::ViridisRGB;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::{Path, PathBuf};
use std::sync::Once;

const FONT: &[u8] = include_bytes!("fonts/DejaVuSans.ttf");
const SIZE: (u32, u32) = (900, 600);

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is embedded and known to parse; a failure would only lose the text.
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

type DrawResult = std::result::Result<(), String>;

/// A chart's data, ready to draw on any backend.
enum Figure {
    Heatmap {
        title: String,
        x: Axis,
        y: Axis,
        metric: String,
        cells: Vec<(usize, usize, f64)>,
    },
    Lines {
        title: String,
        x: Axis,
        metric: String,
        lines: Vec<(String, Vec<(f64, f64)>)>,
    },
    Bars {
        title: String,
        histogram: String,
        groups: Vec<(String, Vec<(i64, f64)>)>,
    },
}

/// A grid parameter on an axis: its name and values.
struct Axis {
    name: String,
    values: Vec<Value>,
}

impl Axis {
    fn label(&self, position: f64) -> String {
        let i = position.round();
        if (position - i).abs() > 1e-6 || i < 0.0 {
            return String::new();
        }
        self.values
            .get(i as usize)
            .map(|v| v.to_string())
            .unwrap_or_default()
    }

    fn numeric(&self, value: &Value) -> f64 {
        value
            .as_f64()
            .unwrap_or_else(|| self.values.iter().position(|v| v == value).unwrap_or(0) as f64)
    }
}

/// A tick label without floating-point noise (0.15, not 0.15000000000000002).
fn tick(v: f64) -> String {
    let text = format!("{v:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.to_string()
    }
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

/// Pixels for the labels of a vertical axis holding `values`.
fn label_room(values: &[Value]) -> u32 {
    let longest = values
        .iter()
        .map(|v| v.to_string().chars().count())
        .max()
        .unwrap_or(3);
    (longest as u32 * 8 + 30).clamp(55, 220)
}

fn slug(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}

fn axis_index(analysis: &Analysis, name: &str) -> usize {
    analysis
        .axes
        .iter()
        .position(|(k, _)| k == name)
        .unwrap_or(0)
}

fn metric_value(point: &PointResult, variant: usize, metric: &str) -> Option<f64> {
    point.variants[variant]
        .summary
        .metrics
        .iter()
        .find(|m| m.name == metric)
        .map(|m| m.estimate)
        .filter(|x| !x.is_nan())
}

/// The figures a chart spec asks for, with their file stems.
fn figures(
    analysis: &Analysis,
    result: &AnalysisResult,
    chart: &ChartSpec,
) -> Vec<(String, Figure)> {
    let title = |default: String| chart.title.clone().unwrap_or(default);
    let variants: Vec<usize> = match &chart.variant {
        Some(name) => analysis
            .variants
            .iter()
            .position(|v| v.name == *name)
            .into_iter()
            .collect(),
        None => (0..analysis.variants.len()).collect(),
    };
    let several = analysis.variants.len() > 1;
    let points: Vec<&PointResult> = result
        .points
        .iter()
        .filter(|p| analysis.point_matches(&p.values, &chart.at))
        .collect();
    let axis = |name: &str| Axis {
        name: name.to_string(),
        values: analysis.axes[axis_index(analysis, name)].1.clone(),
    };
    match chart.kind {
        ChartKind::Heatmap => {
            let (xn, yn, metric) = (
                chart.x.clone().unwrap_or_default(),
                chart.y.clone().unwrap_or_default(),
                chart.metric.clone().unwrap_or_default(),
            );
            let (xi, yi) = (axis_index(analysis, &xn), axis_index(analysis, &yn));
            variants
                .into_iter()
                .map(|v| {
                    let (x, y) = (axis(&xn), axis(&yn));
                    let cells = points
                        .iter()
                        .filter_map(|p| {
                            let cx = x.values.iter().position(|val| *val == p.values[xi])?;
                            let cy = y.values.iter().position(|val| *val == p.values[yi])?;
                            Some((cx, cy, metric_value(p, v, &metric)?))
                        })
                        .collect();
                    let vname = &analysis.variants[v].name;
                    let stem = chart
                        .file
                        .clone()
                        .unwrap_or_else(|| format!("heatmap_{metric}"));
                    let stem = if several && chart.variant.is_none() {
                        format!("{stem}_{}", slug(vname))
                    } else {
                        stem
                    };
                    let t = if several {
                        format!(
                            "{} ({vname})",
                            title(format!("{}: {metric}", analysis.file.title))
                        )
                    } else {
                        title(format!("{}: {metric}", analysis.file.title))
                    };
                    (
                        stem,
                        Figure::Heatmap {
                            title: t,
                            x,
                            y,
                            metric: metric.clone(),
                            cells,
                        },
                    )
                })
                .collect()
        }
        ChartKind::Lines => {
            let (xn, metric) = (
                chart.x.clone().unwrap_or_default(),
                chart.metric.clone().unwrap_or_default(),
            );
            let x = axis(&xn);
            let xi = axis_index(analysis, &xn);
            let series = chart.series.clone().filter(|s| s != "variant");
            let mut lines: Vec<(String, Vec<(f64, f64)>)> = Vec::new();
            for v in variants {
                let vname = &analysis.variants[v].name;
                match &series {
                    None => {
                        let pts = points
                            .iter()
                            .filter_map(|p| {
                                Some((x.numeric(&p.values[xi]), metric_value(p, v, &metric)?))
                            })
                            .collect();
                        lines.push((vname.clone(), pts));
                    }
                    Some(s) => {
                        let si = axis_index(analysis, s);
                        for sv in &analysis.axes[si].1 {
                            let pts = points
                                .iter()
                                .filter(|p| p.values[si] == *sv)
                                .filter_map(|p| {
                                    Some((x.numeric(&p.values[xi]), metric_value(p, v, &metric)?))
                                })
                                .collect();
                            let label = if several && chart.variant.is_none() {
                                format!("{s}={sv} ({vname})")
                            } else {
                                format!("{s}={sv}")
                            };
                            lines.push((label, pts));
                        }
                    }
                }
            }
            let stem = chart
                .file
                .clone()
                .unwrap_or_else(|| format!("lines_{metric}_by_{}", slug(&xn)));
            vec![(
                stem,
                Figure::Lines {
                    title: title(format!("{}: {metric}", analysis.file.title)),
                    x,
                    metric,
                    lines,
                },
            )]
        }
        ChartKind::Bars => {
            let hist = chart.histogram.clone().unwrap_or_default();
            let groups = variants
                .into_iter()
                .filter_map(|v| {
                    let p = points.first()?;
                    let h = p.variants[v]
                        .summary
                        .histograms
                        .iter()
                        .find(|h| h.name == hist)?;
                    Some((analysis.variants[v].name.clone(), h.probs.clone()))
                })
                .collect();
            let at: Vec<String> = chart.at.iter().map(|(k, v)| format!("{k}={v}")).collect();
            let default_title = if at.is_empty() {
                format!("{}: {hist}", analysis.file.title)
            } else {
                format!("{}: {hist} at {}", analysis.file.title, at.join(", "))
            };
            let stem = chart.file.clone().unwrap_or_else(|| format!("bars_{hist}"));
            vec![(
                stem,
                Figure::Bars {
                    title: title(default_title),
                    histogram: hist,
                    groups,
                },
            )]
        }
    }
}

fn draw<DB: DrawingBackend>(root: DrawingArea<DB, Shift>, figure: &Figure) -> DrawResult {
    let e = |err: DrawingAreaErrorKind<DB::ErrorType>| err.to_string();
    root.fill(&WHITE).map_err(e)?;
    match figure {
        Figure::Heatmap {
            title,
            x,
            y,
            metric,
            cells,
        } => {
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
        }
        Figure::Lines {
            title,
            x,
            metric,
            lines,
        } => {
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
            } else {
                (-0.5, 0.5)
            };
            let (y0, y1) = if y0.is_finite() && y1 > y0 {
                (y0, y1)
            } else {
                (y0.min(0.0), y0.max(0.0) + 1.0)
            };
            let pad = (y1 - y0) * 0.05;
            let numeric = x.values.first().and_then(|v| v.as_f64()).is_some();
            let mut chart = ChartBuilder::on(&root)
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
        }
        Figure::Bars {
            title,
            histogram,
            groups,
        } => {
            let values = groups.iter().flat_map(|(_, h)| h.iter());
            let (x0, x1, top) = values.fold((i64::MAX, i64::MIN, 0.0f64), |(a, b, t), (v, p)| {
                (a.min(*v), b.max(*v), t.max(*p))
            });
            let (x0, x1) = if x0 <= x1 { (x0, x1) } else { (0, 1) };
            let mut chart = ChartBuilder::on(&root)
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
        }
    }
    root.present().map_err(e)
}

/// Draws every chart of `analysis` into `dir`, as `<stem>.svg` and `<stem>.png`; returns
/// the SVG paths.
pub fn draw_charts(
    analysis: &Analysis,
    result: &AnalysisResult,
    dir: &Path,
) -> Result<Vec<PathBuf>> {
    register_font();
    let mut written = Vec::new();
    let mut used = std::collections::HashSet::new();
    for chart in &analysis.file.charts {
        for (stem, figure) in figures(analysis, result, chart) {
            // Two charts with the same default name get _2, _3... rather than overwrite.
            let stem = (1..)
                .map(|i| {
                    if i == 1 {
                        stem.clone()
                    } else {
                        format!("{stem}_{i}")
                    }
                })
                .find(|s| used.insert(s.clone()))
                .unwrap_or(stem);
            let svg = dir.join(format!("{stem}.svg"));
            let png = dir.join(format!("{stem}.png"));
            let fail = |path: &Path, message: String| Error::Report {
                what: format!("chart {}", path.display()),
                message,
            };
            draw(SVGBackend::new(&svg, SIZE).into_drawing_area(), &figure)
                .map_err(|m| fail(&svg, m))?;
            draw(BitMapBackend::new(&png, SIZE).into_drawing_area(), &figure)
                .map_err(|m| fail(&png, m))?;
            written.push(svg);
        }
    }
    Ok(written)
}
