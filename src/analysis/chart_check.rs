//! Checks a chart against its analysis: its metric or histogram is reported by the
//! mechanic (`X_diff`, the paired difference of `X` to the first variant, too), its axes are grid parameters, its variant exists, and every grid parameter
//! on no axis is fixed by `at`.

use super::Analysis;
use super::chart_spec::{ChartKind, ChartSpec};
use crate::error::did_you_mean;

/// The 1-based line of the `index`-th `[[charts]]` header of `text`.
pub(super) fn chart_line(text: &str, index: usize) -> Option<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| line.trim_start().starts_with("[[charts]]"))
        .nth(index)
        .map(|(i, _)| i + 1)
}

impl Analysis {
    fn check_axis(&self, what: &str, name: &str) -> Result<(), String> {
        if self.axes.iter().any(|(k, _)| k == name) {
            return Ok(());
        }
        let grid: Vec<&str> = self.axes.iter().map(|(k, _)| k.as_str()).collect();
        Err(format!(
            "chart {what} '{name}' is not a grid parameter{}; the grid has: {}",
            did_you_mean(name, grid.iter().copied()),
            grid.join(", ")
        ))
    }

    /// "unknown metric 'x'" (`what` is "metric"), the closest of `names` when one is close,
    /// and `names`: what the mechanic reports.
    fn unknown(&self, what: &str, name: &str, names: Vec<&str>) -> String {
        format!(
            "unknown {what} '{name}'{}; {} reports: {}",
            did_you_mean(name, names.iter().copied()),
            self.mechanic.name(),
            names.join(", ")
        )
    }

    fn check_metric(&self, metric: &str) -> Result<(), String> {
        let layout = self.layout();
        if layout.metric_index(metric).is_some() {
            return Ok(());
        }
        if let Some(base) = metric.strip_suffix("_diff")
            && layout.metric_index(base).is_some()
        {
            return if self.variants.len() > 1 {
                Ok(())
            } else {
                Err(format!(
                    "'{metric}' is the difference of '{base}' to the first variant; \
                     it needs at least two variants"
                ))
            };
        }
        let names = layout.metrics.iter().map(|m| m.name.as_str()).collect();
        Err(self.unknown("metric", metric, names))
    }

    fn check_histogram(&self, hist: &str) -> Result<(), String> {
        let layout = self.layout();
        if layout.histogram_index(hist).is_some() {
            return Ok(());
        }
        let names = layout.histograms.iter().map(|h| h.name.as_str()).collect();
        Err(self.unknown("histogram", hist, names))
    }

    /// Checks `chart` against this analysis; the message says what is wrong.
    pub(super) fn check_chart(&self, chart: &ChartSpec) -> Result<(), String> {
        let on_axes: Vec<(&str, &str)> = match &chart.kind {
            ChartKind::Heatmap { metric, x, y } => {
                self.check_metric(metric)?;
                if x == y {
                    return Err(format!(
                        "a heatmap needs two different grid parameters; x and y are both '{x}'"
                    ));
                }
                vec![("x", x), ("y", y)]
            }
            ChartKind::Lines {
                metric, x, series, ..
            } => {
                self.check_metric(metric)?;
                let mut axes = vec![("x", x.as_str())];
                axes.extend(series.as_deref().map(|s| ("series", s)));
                axes
            }
            ChartKind::Bars { histogram } => {
                self.check_histogram(histogram)?;
                Vec::new()
            }
        };
        for (what, name) in &on_axes {
            self.check_axis(what, name)?;
        }
        if let Some(v) = &chart.variant
            && !self.variants.iter().any(|known| known.name == *v)
        {
            let names: Vec<&str> = self.variants.iter().map(|v| v.name.as_str()).collect();
            return Err(format!(
                "chart variant '{v}' is not a variant of this analysis; its variants: {}",
                names.join(", ")
            ));
        }
        let specs = self.mechanic.params();
        for (key, raw) in &chart.at {
            let (_, values) = self.axes.iter().find(|(k, _)| k == key).ok_or_else(|| {
                format!("chart 'at' names '{key}', which is not a grid parameter")
            })?;
            let spec = specs
                .iter()
                .find(|s| s.name == *key)
                .ok_or("unknown parameter")?;
            let value = spec.from_toml(raw).map_err(|e| e.to_string())?;
            if !values.contains(&value) {
                return Err(format!(
                    "chart 'at' {key} = {value} is not among the grid's values"
                ));
            }
        }
        for (key, values) in &self.axes {
            let fixed = on_axes.iter().any(|(_, n)| n == key) || chart.at.contains_key(key);
            if !fixed && values.len() > 1 {
                return Err(format!(
                    "grid parameter '{key}' is on no axis of this chart: fix it with at = {{ {key} = ... }}"
                ));
            }
        }
        Ok(())
    }
}
