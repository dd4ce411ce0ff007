//! The JSON answer of `alea prob --json`:
//! `{"mechanic", "params": {...}, "samples", "seed", "metrics": {"<name>": {"estimate",
//! "ci95": [lo, hi], "exact", "n"}}, "histograms": {"<name>": {"<value>": p}},
//! "histogram_stats": {"<name>": {"n", "mean", "se", "quantiles": {"q05", ..., "q95"},
//! "at_least": {"<value>": p}, "at_most": {"<value>": p}}}}`.

use crate::engine::Value;
use crate::engine::summary::HistogramSummary;
use crate::query::Answer;
use serde_json::{Map, json};

/// A parameter value as JSON (numbers stay numbers).
pub fn value_json(value: &Value) -> serde_json::Value {
    match value {
        Value::Int(v) => json!(v),
        Value::Float(v) => json!(v),
        Value::Bool(v) => json!(v),
        Value::Choice(v) => json!(v),
        Value::IntList(v) => json!(v),
        Value::Names(_) | Value::Side(_) => json!(value.to_string()),
    }
}

/// `answer` as one JSON object.
pub fn answer_json(answer: &Answer) -> serde_json::Value {
    let params: Map<String, serde_json::Value> = answer
        .params
        .iter()
        .map(|(k, v)| (k.clone(), value_json(v)))
        .collect();
    let metrics: Map<String, serde_json::Value> = answer
        .summary
        .metrics
        .iter()
        .map(|m| {
            let body = json!({
                "estimate": m.estimate,
                "ci95": [m.lo, m.hi],
                "exact": m.exact,
                "n": m.n,
            });
            (m.name.clone(), body)
        })
        .collect();
    let mut histograms = Map::new();
    let mut histogram_stats = Map::new();
    for h in &answer.summary.histograms {
        let probs = h.probs.iter().map(|(v, p)| (v.to_string(), json!(p)));
        histograms.insert(h.name.clone(), probs.collect());
        histogram_stats.insert(h.name.clone(), stats_json(h));
    }
    let mut object = json!({
        "mechanic": answer.mechanic,
        "params": params,
        "samples": answer.summary.samples,
        "seed": answer.seed,
        "metrics": metrics,
        "histograms": histograms,
        "histogram_stats": histogram_stats,
        "exact_tail": answer.summary.exact_tail,
        "precision_reached": answer.precision_reached,
    });
    with_rules(&mut object, &answer.rules);
    object
}

/// A histogram's count, mean, standard error, quantiles, and the chance of at least and
/// of at most each value.
fn stats_json(h: &HistogramSummary) -> serde_json::Value {
    let quantiles: Map<String, serde_json::Value> = h
        .quantiles
        .iter()
        .map(|(q, v)| (format!("q{:02}", (q * 100.0).round()), json!(v)))
        .collect();
    let total: f64 = h.probs.iter().map(|(_, p)| p).sum();
    let mut at_most = Map::new();
    let mut at_least = Map::new();
    let mut below = 0.0;
    for (v, p) in &h.probs {
        at_least.insert(v.to_string(), json!(total - below));
        below += p;
        at_most.insert(v.to_string(), json!(below));
    }
    json!({"n": h.n, "mean": h.mean, "se": h.se, "quantiles": quantiles,
           "at_least": at_least, "at_most": at_most})
}

/// Adds `"rules"` ([`rules_json`]) to `object` when the tables are not the official ones.
fn with_rules(object: &mut serde_json::Value, changes: &[crate::engine::tables::Change]) {
    if let (false, Some(map)) = (changes.is_empty(), object.as_object_mut()) {
        map.insert("rules".into(), rules_json(changes));
    }
}

/// The entries of the rule tables that differ from the official ones, as `{"damage.legere":
/// {"value": 15, "official": 20}}` (empty: the official tables).
pub fn rules_json(changes: &[crate::engine::tables::Change]) -> serde_json::Value {
    let entries: Map<String, serde_json::Value> = changes
        .iter()
        .map(|c| {
            let value = |v: &toml::Value| serde_json::to_value(v).unwrap_or_default();
            (
                c.key.clone(),
                json!({"value": value(&c.value), "official": value(&c.official)}),
            )
        })
        .collect();
    serde_json::Value::Object(entries)
}

/// The difficulty finder's answer as one JSON object.
pub fn finder_json(answer: &crate::finder::FinderAnswer) -> serde_json::Value {
    let point = |p: &crate::finder::FinderPoint| json!({"value": value_json(&p.value), "chance": p.chance, "ci95": [p.lo, p.hi]});
    let (below, above) = answer.neighbours();
    let mut object = json!({
        "mechanic": answer.mechanic,
        "over": answer.over,
        "metric": answer.metric,
        "target": answer.target,
        "goal": answer.goal.option(),
        "goal_met": answer.goal_met(),
        "exact": answer.exact,
        "best": point(answer.best_point()),
        "below": below.map(point),
        "above": above.map(point),
        "monotone": !matches!(answer.trend, crate::finder::Trend::NotMonotone),
        "trend": format!("{:?}", answer.trend).to_lowercase(),
        "target_in_reach": answer.target_in_reach(),
        "seed": answer.plan.map(|p| p.seed),
        "points": answer.points.iter().map(point).collect::<Vec<_>>(),
        "assumed": answer
            .assumed
            .iter()
            .map(|(k, v)| (k.clone(), value_json(v)))
            .collect::<Map<String, serde_json::Value>>(),
    });
    with_rules(&mut object, &answer.rules);
    object
}

/// A sweep as one JSON object: the swept parameters and one answer per row, each as
/// [`answer_json`] writes it.
pub fn sweep_json(sweep: &crate::sweep::SweepAnswer) -> serde_json::Value {
    json!({
        "swept": sweep.swept,
        "rows": sweep.rows.iter().map(answer_json).collect::<Vec<_>>(),
    })
}
