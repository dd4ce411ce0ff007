//! What every chart kind shares: the embedded font, the canvas size, grid axes and their
//! labels, number formatting, and the note drawn when a chart has nothing to show.

use crate::analysis::{Analysis, PointResult};
use crate::engine::Value;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
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

/// A grid parameter on an axis: its name and values.
pub(super) struct Axis {
    pub(super) name: String,
    pub(super) values: Vec<Value>,
}

impl Axis {
    /// The grid parameter `name` of `analysis` (an empty axis if it has none).
    pub(super) fn of(analysis: &Analysis, name: &str) -> Self {
        Self {
            name: name.to_string(),
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
            .map(|v| v.to_string())
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

/// The finite estimate of `metric` for variant `variant` at `point`.
pub(super) fn metric_value(point: &PointResult, variant: usize, metric: &str) -> Option<f64> {
    point.variants[variant]
        .summary
        .metrics
        .iter()
        .find(|m| m.name == metric)
        .map(|m| m.estimate)
        .filter(|x| x.is_finite())
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
