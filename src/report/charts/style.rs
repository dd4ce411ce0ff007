//! What every chart kind shares: the embedded font, the canvas size, grid axes and their
//! labels, number formatting, and the note drawn when a chart has nothing to show.

use crate::analysis::{Analysis, PointResult};
use crate::engine::{MetricKind, Value};
use plotters::chart::MeshStyle;
use plotters::coord::Shift;
use plotters::coord::ranged1d::ValueFormatter;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::ops::Range;
use std::sync::Once;

const FONT: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// The size of every chart, in pixels.
pub(super) const SIZE: (u32, u32) = (900, 600);

/// Registers the embedded DejaVu Sans as `sans-serif` (once).
pub(super) fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is embedded and known to parse; a failure would only lose the text.
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

/// The result of drawing on a backend: the error as text.
pub(super) type DrawResult = std::result::Result<(), String>;

/// A grid parameter on an axis: its values.
pub(super) struct Axis {
    pub(super) values: Vec<Value>,
}

impl Axis {
    /// The grid parameter `name` of `analysis` (an empty axis if it has none).
    pub(super) fn of(analysis: &Analysis, name: &str) -> Self {
        Self {
            values: analysis.axes[axis_index(analysis, name)].1.clone(),
        }
    }

    /// The label of the value at `position` (a whole index), or nothing between values.
    pub(super) fn label(&self, position: f64) -> String {
        let i = position.round();
        if (position - i).abs() > 1e-6 || i < 0.0 {
            return String::new();
        }
        self.values
            .get(i as usize)
            .map(|v| crate::report::words::plain(&v.to_string()))
            .unwrap_or_default()
    }

    /// The value as a number (its position for a non-numeric value).
    pub(super) fn numeric(&self, value: &Value) -> f64 {
        value
            .as_f64()
            .unwrap_or_else(|| self.values.iter().position(|v| v == value).unwrap_or(0) as f64)
    }
}

/// The position of grid parameter `name` among the analysis's axes.
pub(super) fn axis_index(analysis: &Analysis, name: &str) -> usize {
    analysis
        .axes
        .iter()
        .position(|(k, _)| k == name)
        .unwrap_or(0)
}

/// A metric as a chart shows it: its label (from its doc), whether it is a chance (drawn
/// in percent) and whether it is the paired difference to the first variant.
pub(super) struct Measure {
    /// The metric the values come from (`beats_nd`).
    pub(super) base: String,
    /// The axis or colour-bar label: the metric's doc in words, with its unit.
    pub(super) label: String,
    /// The metric in words, for a title (its doc's first clause, else its name).
    pub(super) words: String,
    /// A chance, drawn in percent.
    pub(super) percent: bool,
    /// The paired difference to the first variant.
    pub(super) diff: bool,
}

impl Measure {
    /// The metric `name` of `analysis` (`X_diff` is the difference of `X`).
    pub(super) fn of(analysis: &Analysis, name: &str) -> Self {
        let layout = analysis.layout();
        let (base, diff) = match name.strip_suffix("_diff") {
            Some(base) if layout.metric_index(name).is_none() => (base, true),
            _ => (name, false),
        };
        let def = layout.metrics.iter().find(|m| m.name == base);
        let percent = def.is_some_and(|m| m.kind == MetricKind::Proportion);
        let words = crate::report::words::metric_words(def, base);
        let mut label = words.clone();
        if diff {
            let first = analysis.variants.first().map_or("", |v| v.name.as_str());
            label = format!("difference to '{first}': {label}");
        }
        if percent {
            label.push_str(if diff { ", points of %" } else { ", %" });
        }
        let words = if diff {
            format!("{words}, difference to the first variant")
        } else {
            words
        };
        Self {
            base: base.to_string(),
            label,
            words,
            percent,
            diff,
        }
    }

    /// The value at `point` for `variant`, in the chart's unit.
    pub(super) fn at(&self, point: &PointResult, variant: usize) -> Option<Band> {
        let v = point.variants.get(variant)?;
        let i = v.summary.metric_index(&self.base)?;
        let m = &v.summary.metrics[i];
        let band = if self.diff {
            let d = v.diffs.get(i)?.as_ref()?;
            let first = point.variants.first()?.summary.metric(&self.base);
            let exact = match (m.exact, first.and_then(|f| f.exact)) {
                (Some(a), Some(b)) => Some(a - b),
                _ => None,
            };
            Band {
                estimate: d.diff,
                lo: d.lo.unwrap_or(d.diff),
                hi: d.hi.unwrap_or(d.diff),
                exact,
            }
        } else {
            // An end that nothing bounds draws no band on that side.
            Band {
                estimate: m.estimate,
                lo: if m.lo.is_finite() { m.lo } else { m.estimate },
                hi: if m.hi.is_finite() { m.hi } else { m.estimate },
                exact: m.exact,
            }
        };
        let scale = if self.percent { 100.0 } else { 1.0 };
        band.estimate.is_finite().then(|| band.scaled(scale))
    }
}

/// An estimate with its 95% interval and its exact value when known.
#[derive(Debug, Clone, Copy)]
pub(super) struct Band {
    pub(super) estimate: f64,
    pub(super) lo: f64,
    pub(super) hi: f64,
    pub(super) exact: Option<f64>,
}

impl Band {
    fn scaled(self, k: f64) -> Self {
        Self {
            estimate: self.estimate * k,
            lo: self.lo * k,
            hi: self.hi * k,
            exact: self.exact.map(|x| x * k),
        }
    }

    /// True when the band is an exact value alone (nothing sampled): no estimate to dot.
    pub(super) fn exact_only(&self) -> bool {
        self.exact == Some(self.estimate) && self.lo == self.hi
    }

    /// The value to draw: the exact one when known.
    pub(super) fn value(&self) -> f64 {
        self.exact.unwrap_or(self.estimate)
    }
}

/// The axis label of grid parameter `name`: its doc's first clause and its name.
pub(super) fn param_label(analysis: &Analysis, name: &str) -> String {
    let specs = analysis.mechanic.params();
    let doc = specs.iter().find(|s| s.name == name).map_or("", |s| s.doc);
    crate::report::words::labelled(name, doc)
}

/// The Okabe–Ito palette: told apart with the common colour-vision deficiencies, and
/// readable on white (its yellow is left out).
const PALETTE: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
];

/// The colour of series `i`.
pub(super) fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// A tick label without floating-point noise (0.15, not 0.15000000000000002).
pub(super) fn tick(v: f64) -> String {
    let text = format!("{v:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".into()
    } else {
        text.to_string()
    }
}

/// Pixels for the labels of a vertical axis holding `values`.
pub(super) fn label_room(values: &[Value]) -> u32 {
    let longest = values
        .iter()
        .map(|v| v.to_string().chars().count())
        .max()
        .unwrap_or(3);
    (longest as u32 * 8 + 30).clamp(55, 220)
}

/// A file-name-safe form of `text`.
pub(super) fn slug(text: &str) -> String {
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

/// The plot of a chart on `area`: `title` above, room for the labels of both axes
/// (`y_label_room` pixels on the left), over the ranges `x` and `y`.
pub(super) fn plot_area<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    title: &str,
    y_label_room: u32,
    x: Range<f64>,
    y: Range<f64>,
) -> Result<ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>, String> {
    // A long title is set smaller rather than cut at the edges (DejaVu Sans averages
    // a little under 0.5 em a character).
    let width = f64::from(area.dim_in_pixel().0);
    let chars = title.chars().count().max(1) as f64;
    let size = (width / (0.5 * chars)).clamp(11.0, 20.0);
    ChartBuilder::on(area)
        .caption(title, ("sans-serif", size))
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(y_label_room)
        .build_cartesian_2d(x, y)
        .map_err(|e| e.to_string())
}

/// Draws the grid and the axes `mesh` describes (descriptions and label formats set by
/// the caller): labels and descriptions in the house sizes, faint lines at the labelled
/// values only.
pub(super) fn draw_grid<X, Y, DB>(mesh: &mut MeshStyle<'_, '_, X, Y, DB>) -> DrawResult
where
    X: Ranged + ValueFormatter<X::ValueType>,
    Y: Ranged + ValueFormatter<Y::ValueType>,
    DB: DrawingBackend,
{
    mesh.label_style(("sans-serif", 13))
        .axis_desc_style(("sans-serif", 14))
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.08))
        .draw()
        .map_err(|e| e.to_string())
}

/// Draws `title` and a note that the chart has no finite value to show (every value
/// undefined, such as a mean over no case): a chart drawn empty rather than an axis
/// computed from nothing.
pub(super) fn draw_empty<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
) -> DrawResult {
    let e = |err: DrawingAreaErrorKind<DB::ErrorType>| err.to_string();
    let centred = Pos::new(HPos::Center, VPos::Center);
    let (w, h) = (SIZE.0 as i32, SIZE.1 as i32);
    root.draw(&Text::new(
        title.to_string(),
        (w / 2, 30),
        ("sans-serif", 22).into_font().color(&BLACK).pos(centred),
    ))
    .map_err(e)?;
    root.draw(&Text::new(
        "no value to draw: the metric is undefined at every point of this chart",
        (w / 2, h / 2),
        ("sans-serif", 16).into_font().color(&BLACK).pos(centred),
    ))
    .map_err(e)
}
