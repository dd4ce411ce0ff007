//! What a configured mechanic reports: its metrics (proportions and means) and its
//! histograms, each declared once with its name and documentation.
//!
//! Declaring a metric returns a typed handle ([`MetricId`], [`HistId`]) that the mechanic
//! keeps and records with; no index is ever written by hand. A family of metrics (one per
//! round, one per action) is declared at once as a [`MetricFamily`]; `alea list` shows it
//! as one line (`action_<k>`).

/// How a metric is estimated and given its interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MetricKind {
    /// A chance (events over trials); 95% interval by Wilson's score method.
    Proportion,
    /// A mean of an integer value; 95% interval from the standard error.
    Mean,
}

/// The handle of a declared metric: what [`crate::engine::Recorder`] records into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MetricId(pub(crate) usize);

/// The handle of a declared histogram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HistId(pub(crate) usize);

impl MetricId {
    /// The metric's position in its layout (the column order of every table).
    pub fn index(self) -> usize {
        self.0
    }
}

impl HistId {
    /// The histogram's position in its layout.
    pub fn index(self) -> usize {
        self.0
    }
}

/// A family of metrics of one kind declared together, one per label (`impact_by_round_1`,
/// `impact_by_round_2`...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetricFamily {
    first: usize,
    labels: Vec<i64>,
}

impl MetricFamily {
    /// The member for `label`, if the family has one.
    pub fn get(&self, label: i64) -> Option<MetricId> {
        self.labels
            .iter()
            .position(|&l| l == label)
            .map(|i| MetricId(self.first + i))
    }

    /// The members with their labels, in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = (i64, MetricId)> + '_ {
        self.labels
            .iter()
            .enumerate()
            .map(|(i, &l)| (l, MetricId(self.first + i)))
    }

    /// The number of members.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// True when the family has no member.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }
}

/// One reported metric.
#[derive(Debug, Clone, PartialEq)]
pub struct MetricDef {
    /// Name used on the command line, in tables and in JSON (`beats_nd`).
    pub name: String,
    /// Proportion or mean.
    pub kind: MetricKind,
    /// What it measures, for `alea list`.
    pub doc: &'static str,
    /// For a member of a family, the family's name pattern (`action_<k>`).
    pub family: Option<&'static str>,
    /// For a mean, the smallest and largest value it can take, when declared
    /// ([`Layout::bounded`]): its interval stays inside, and stays honest when the sample
    /// shows no spread.
    pub range: Option<(i64, i64)>,
}

/// One reported histogram of an integer outcome.
#[derive(Debug, Clone, PartialEq)]
pub struct HistDef {
    /// Name of the histogram (`degree`).
    pub name: String,
    /// What it counts, for `alea list`.
    pub doc: &'static str,
    /// Smallest and largest value expected (space is reserved for them; values outside
    /// are still counted).
    pub expected_range: (i64, i64),
}

/// The metrics and histograms of one configured mechanic.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Layout {
    /// Metrics, in declaration order.
    pub metrics: Vec<MetricDef>,
    /// Histograms, in declaration order.
    pub histograms: Vec<HistDef>,
}

impl Layout {
    /// An empty layout.
    pub fn new() -> Self {
        Self::default()
    }

    fn metric(&mut self, name: String, kind: MetricKind, doc: &'static str) -> MetricId {
        self.metrics.push(MetricDef {
            name,
            kind,
            doc,
            family: None,
            range: None,
        });
        MetricId(self.metrics.len() - 1)
    }

    /// Declares a proportion metric.
    pub fn proportion(&mut self, name: impl Into<String>, doc: &'static str) -> MetricId {
        self.metric(name.into(), MetricKind::Proportion, doc)
    }

    /// Declares a mean metric.
    pub fn mean(&mut self, name: impl Into<String>, doc: &'static str) -> MetricId {
        self.metric(name.into(), MetricKind::Mean, doc)
    }

    /// Declares that metric `id` (a mean) takes values from `lo` to `hi` only (a count of
    /// wounds from 0 to the track's length): its interval stays inside.
    pub fn bounded(&mut self, id: MetricId, lo: i64, hi: i64) -> MetricId {
        if let Some(m) = self.metrics.get_mut(id.0) {
            m.range = Some((lo.min(hi), hi.max(lo)));
        }
        id
    }

    /// Declares a family of metrics of one `kind`, one per label. `pattern` holds one
    /// placeholder in angle brackets (`action_<k>`), replaced by each label in the names.
    pub fn family(
        &mut self,
        kind: MetricKind,
        pattern: &'static str,
        doc: &'static str,
        labels: impl IntoIterator<Item = i64>,
    ) -> MetricFamily {
        let (head, tail) = split_pattern(pattern);
        let first = self.metrics.len();
        let labels: Vec<i64> = labels.into_iter().collect();
        for label in &labels {
            self.metrics.push(MetricDef {
                name: format!("{head}{label}{tail}"),
                kind,
                doc,
                family: Some(pattern),
                range: None,
            });
        }
        MetricFamily { first, labels }
    }

    /// Declares a histogram; `expected_range` only reserves space.
    pub fn histogram(
        &mut self,
        name: impl Into<String>,
        doc: &'static str,
        expected_range: (i64, i64),
    ) -> HistId {
        self.histograms.push(HistDef {
            name: name.into(),
            doc,
            expected_range,
        });
        HistId(self.histograms.len() - 1)
    }

    /// Lists the metrics from position `first` to the end as one line in `alea list`, under
    /// `name` and `doc` (a group whose names are words, as `none .. fatale`, which a
    /// [`MetricFamily`] of numbered labels cannot describe).
    pub fn list_as_one(&mut self, first: usize, name: &'static str, doc: &'static str) {
        for m in self.metrics.iter_mut().skip(first) {
            m.family = Some(name);
            m.doc = doc;
        }
    }

    /// The number of metrics declared so far (the `first` of [`Layout::list_as_one`]).
    pub fn metric_count(&self) -> usize {
        self.metrics.len()
    }

    /// The handle of a metric by name.
    pub fn metric_id(&self, name: &str) -> Option<MetricId> {
        self.metrics
            .iter()
            .position(|m| m.name == name)
            .map(MetricId)
    }

    /// The index of a metric by name.
    pub fn metric_index(&self, name: &str) -> Option<usize> {
        self.metric_id(name).map(MetricId::index)
    }

    /// The index of a histogram by name.
    pub fn histogram_index(&self, name: &str) -> Option<usize> {
        self.histograms.iter().position(|h| h.name == name)
    }

    /// Every metric and histogram as `(name, doc)`, a family once under its pattern, in
    /// declaration order: what `alea list` prints.
    pub fn docs(&self) -> Vec<(String, &'static str)> {
        let mut docs: Vec<(String, &'static str)> = Vec::new();
        for m in &self.metrics {
            let name = m.family.map_or_else(|| m.name.clone(), str::to_string);
            if m.family.is_none() || !docs.iter().any(|(n, _)| *n == name) {
                docs.push((name, m.doc));
            }
        }
        docs.extend(self.histograms.iter().map(|h| (h.name.clone(), h.doc)));
        docs
    }
}

/// `("action_", "")` for `action_<k>`; a pattern without a placeholder is all head.
fn split_pattern(pattern: &str) -> (&str, &str) {
    match (pattern.find('<'), pattern.find('>')) {
        (Some(open), Some(close)) if open < close => (&pattern[..open], &pattern[close + 1..]),
        _ => (pattern, ""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_follow_declaration_order_and_families_list_once() {
        let mut layout = Layout::new();
        let all = layout.proportion("all", "every action succeeds");
        let actions = layout.family(MetricKind::Proportion, "action_<k>", "action k", 1..=3);
        let mean = layout.mean("mean", "a mean");
        let hist = layout.histogram("h", "a histogram", (0, 3));
        assert_eq!(all.index(), 0);
        assert_eq!(actions.get(2).map(MetricId::index), Some(2));
        assert_eq!(actions.get(4), None);
        assert_eq!(mean.index(), 4);
        assert_eq!(hist.index(), 0);
        assert_eq!(layout.metrics[3].name, "action_3");
        let names: Vec<String> = layout.docs().into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["all", "action_<k>", "mean", "h"]);
    }
}
