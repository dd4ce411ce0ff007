//! What a configured mechanic reports: its metrics (proportions and means) and its
//! histograms, by name, in a fixed order. Metric `i` is recorded with index `i`.

/// How a metric is estimated and given its interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MetricKind {
    /// A chance (events over trials); 95% interval by Wilson's score method.
    Proportion,
    /// A mean of an integer value; 95% interval from the standard error.
    Mean,
}

/// One reported metric.
#[derive(Debug, Clone, PartialEq)]
pub struct MetricDef {
    /// Name used on the command line, in tables and in JSON (`beats_nd`).
    pub name: String,
    /// Proportion or mean.
    pub kind: MetricKind,
}

/// One reported histogram of an integer outcome.
#[derive(Debug, Clone, PartialEq)]
pub struct HistDef {
    /// Name of the histogram (`degree`).
    pub name: String,
    /// Smallest and largest value expected (space is reserved for them; values outside
    /// are still counted).
    pub expected_range: (i64, i64),
}

/// The metrics and histograms of one configured mechanic.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Layout {
    /// Metrics, in recording order.
    pub metrics: Vec<MetricDef>,
    /// Histograms, in recording order.
    pub histograms: Vec<HistDef>,
}

impl Layout {
    /// An empty layout.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a proportion metric; returns its index.
    pub fn proportion(&mut self, name: impl Into<String>) -> usize {
        self.metrics.push(MetricDef {
            name: name.into(),
            kind: MetricKind::Proportion,
        });
        self.metrics.len() - 1
    }

    /// Adds a mean metric; returns its index.
    pub fn mean(&mut self, name: impl Into<String>) -> usize {
        self.metrics.push(MetricDef {
            name: name.into(),
            kind: MetricKind::Mean,
        });
        self.metrics.len() - 1
    }

    /// Adds a histogram; returns its index.
    pub fn histogram(&mut self, name: impl Into<String>, expected_range: (i64, i64)) -> usize {
        self.histograms.push(HistDef {
            name: name.into(),
            expected_range,
        });
        self.histograms.len() - 1
    }

    /// Builder form of [`Layout::proportion`].
    pub fn with_proportion(mut self, name: impl Into<String>) -> Self {
        self.proportion(name);
        self
    }

    /// Builder form of [`Layout::mean`].
    pub fn with_mean(mut self, name: impl Into<String>) -> Self {
        self.mean(name);
        self
    }

    /// Builder form of [`Layout::histogram`].
    pub fn with_histogram(mut self, name: impl Into<String>, expected_range: (i64, i64)) -> Self {
        self.histogram(name, expected_range);
        self
    }

    /// The index of a metric by name.
    pub fn metric_index(&self, name: &str) -> Option<usize> {
        self.metrics.iter().position(|m| m.name == name)
    }

    /// The index of a histogram by name.
    pub fn histogram_index(&self, name: &str) -> Option<usize> {
        self.histograms.iter().position(|h| h.name == name)
    }
}
