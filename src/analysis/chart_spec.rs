//! The `[[charts]]` of an analysis file, read into a typed value: what each kind of chart
//! needs is required by its type, so the drawing code never re-reads an option.
//!
//! The file's table is read first as [`RawChart`] (every key optional, unknown keys
//! refused), then turned into a [`ChartSpec`] whose [`ChartKind`] holds exactly the keys of
//! its kind; a missing key, or a key of another kind, is an error that says which.

use serde::Deserialize;

/// One chart: its kind with the keys of that kind, and the options every kind shares.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(try_from = "RawChart")]
pub struct ChartSpec {
    /// What is drawn, over which grid parameters.
    pub kind: ChartKind,
    /// Only the variant of this name (default: every variant).
    pub variant: Option<String>,
    /// Fixes the grid parameters that are on no axis (`at = { nd = 5 }`).
    pub at: toml::Table,
    /// File name stem (a plain name: letters, digits, `_`, `-`, `.`); defaults to the kind
    /// and the metric.
    pub file: Option<String>,
    /// Chart title; defaults to the analysis title and the metric.
    pub title: Option<String>,
}

/// The kinds of chart, each with the keys it needs.
#[derive(Debug, Clone, PartialEq)]
pub enum ChartKind {
    /// A metric over two grid parameters, colour-coded.
    Heatmap {
        /// The metric.
        metric: String,
        /// Horizontal axis: a grid parameter.
        x: String,
        /// Vertical axis: a grid parameter.
        y: String,
    },
    /// A metric over one grid parameter; one line per variant, or per value of `series`.
    Lines {
        /// The metric.
        metric: String,
        /// Horizontal axis: a grid parameter.
        x: String,
        /// A grid parameter giving one line per value (`None`: one line per variant).
        series: Option<String>,
        /// The vertical range `[low, high]`, in the unit drawn (percent for a chance:
        /// `y_range = [0, 20]`); `None` fits the data.
        y_range: Option<[f64; 2]>,
    },
    /// A histogram as bars at one grid point, one group of bars per variant.
    Bars {
        /// The histogram.
        histogram: String,
    },
}

impl ChartKind {
    /// `heatmap`, `lines` or `bars`.
    pub fn name(&self) -> &'static str {
        match self {
            ChartKind::Heatmap { .. } => "heatmap",
            ChartKind::Lines { .. } => "lines",
            ChartKind::Bars { .. } => "bars",
        }
    }
}

/// A `[[charts]]` table as written: every key optional, unknown keys refused.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawChart {
    kind: String,
    #[serde(default)]
    metric: Option<String>,
    #[serde(default)]
    histogram: Option<String>,
    #[serde(default)]
    x: Option<String>,
    #[serde(default)]
    y: Option<String>,
    #[serde(default)]
    series: Option<String>,
    #[serde(default)]
    y_range: Option<[f64; 2]>,
    #[serde(default)]
    variant: Option<String>,
    #[serde(default)]
    at: toml::Table,
    #[serde(default)]
    file: Option<String>,
    #[serde(default)]
    title: Option<String>,
}

/// True for a plain file name stem: no folder, nothing hidden, nothing but letters,
/// digits, `_`, `-` and `.`, and not `..`.
pub fn is_plain_file_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 120
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

impl TryFrom<RawChart> for ChartSpec {
    type Error = String;

    fn try_from(raw: RawChart) -> Result<Self, String> {
        let kind_name = raw.kind.as_str();
        let need = |value: Option<String>, key: &str| {
            value.ok_or_else(|| format!("a {kind_name} chart needs '{key}'"))
        };
        // The keys that say what a chart draws: a kind refuses those it does not take.
        let keys = [
            ("metric", &raw.metric),
            ("histogram", &raw.histogram),
            ("x", &raw.x),
            ("y", &raw.y),
            ("series", &raw.series),
        ];
        let takes_only = |takes: &[&str]| match keys
            .iter()
            .find(|(key, value)| value.is_some() && !takes.contains(key))
        {
            Some((key, _)) => Err(format!("'{key}' is not a key of a {kind_name} chart")),
            None => Ok(()),
        };
        if raw.y_range.is_some() && kind_name != "lines" {
            return Err(format!(
                "'y_range' is not a key of a {kind_name} chart (only lines charts take it)"
            ));
        }
        if let Some([lo, hi]) = raw.y_range
            && !(lo.is_finite() && hi.is_finite() && lo < hi)
        {
            return Err(format!(
                "y_range = [{lo}, {hi}] is not a range; write [low, high] with low < high, in the unit drawn (percent for a chance), like [0, 20]"
            ));
        }
        let kind = match kind_name {
            "heatmap" => {
                takes_only(&["metric", "x", "y"])?;
                ChartKind::Heatmap {
                    metric: need(raw.metric, "metric")?,
                    x: need(raw.x, "x")?,
                    y: need(raw.y, "y")?,
                }
            }
            "lines" => {
                takes_only(&["metric", "x", "series"])?;
                ChartKind::Lines {
                    metric: need(raw.metric, "metric")?,
                    x: need(raw.x, "x")?,
                    series: raw.series.filter(|s| s != "variant"),
                    y_range: raw.y_range,
                }
            }
            "bars" => {
                takes_only(&["histogram"])?;
                ChartKind::Bars {
                    histogram: need(raw.histogram, "histogram")?,
                }
            }
            other => {
                return Err(format!(
                    "unknown chart kind '{other}'; the kinds are heatmap, lines and bars"
                ));
            }
        };
        if let Some(file) = &raw.file
            && !is_plain_file_name(file)
        {
            return Err(format!(
                "chart file '{file}' must be a plain file name (letters, digits, '_', '-', '.'; \
                 no folder, not hidden): charts are written inside the report folder"
            ));
        }
        Ok(ChartSpec {
            kind,
            variant: raw.variant,
            at: raw.at,
            file: raw.file,
            title: raw.title,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<ChartSpec, String> {
        #[derive(Deserialize)]
        struct File {
            charts: Vec<ChartSpec>,
        }
        toml::from_str::<File>(text)
            .map(|f| f.charts[0].clone())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn each_kind_holds_its_keys() {
        let c =
            read("[[charts]]\nkind = \"heatmap\"\nmetric = \"m\"\nx = \"a\"\ny = \"b\"").unwrap();
        assert_eq!(
            c.kind,
            ChartKind::Heatmap {
                metric: "m".into(),
                x: "a".into(),
                y: "b".into()
            }
        );
        let c =
            read("[[charts]]\nkind = \"lines\"\nmetric = \"m\"\nx = \"a\"\nseries = \"variant\"")
                .unwrap();
        assert!(matches!(c.kind, ChartKind::Lines { series: None, .. }));
    }

    #[test]
    fn missing_foreign_and_unknown_keys_are_errors() {
        let e = read("[[charts]]\nkind = \"heatmap\"\nmetric = \"m\"\nx = \"a\"").unwrap_err();
        assert!(e.contains("a heatmap chart needs 'y'"), "{e}");
        let e = read("[[charts]]\nkind = \"bars\"\nhistogram = \"h\"\nmetric = \"m\"").unwrap_err();
        assert!(e.contains("'metric' is not a key of a bars chart"), "{e}");
        let e = read("[[charts]]\nkind = \"pie\"").unwrap_err();
        assert!(e.contains("heatmap, lines and bars"), "{e}");
        let e = read("[[charts]]\nkind = \"bars\"\nhistogram = \"h\"\ncolour = 1").unwrap_err();
        assert!(e.contains("colour"), "{e}");
        let e = read("[[charts]]\nkind = \"lines\"\nmetric = \"m\"\nx = \"a\"\ny_range = [20, 0]")
            .unwrap_err();
        assert!(e.contains("low < high"), "{e}");
        let e =
            read("[[charts]]\nkind = \"bars\"\nhistogram = \"h\"\ny_range = [0, 1]").unwrap_err();
        assert!(e.contains("only lines charts"), "{e}");
        let c = read("[[charts]]\nkind = \"lines\"\nmetric = \"m\"\nx = \"a\"\ny_range = [0, 20]")
            .unwrap();
        assert!(matches!(
            c.kind,
            ChartKind::Lines {
                y_range: Some([0.0, 20.0]),
                ..
            }
        ));
    }

    #[test]
    fn chart_files_stay_in_the_report_folder() {
        for bad in ["../../x", "/dev/null", "a/b", ".hidden", "", "..", "a\\\\b"] {
            let text = format!("[[charts]]\nkind = \"bars\"\nhistogram = \"h\"\nfile = \"{bad}\"");
            let e = read(&text).unwrap_err();
            assert!(e.contains("plain file name"), "{bad}: {e}");
        }
        assert!(is_plain_file_name("bars_degree.v2"));
    }
}
