//! Official against house rules for one question (`alea prob ... --rules FILE --compare`):
//! both answers and their difference, exact when both are exact, otherwise sampled on
//! common random numbers (the same streams for both), the difference with its paired 95%
//! interval ([`crate::engine::paired`]).

use crate::engine::runner::{RunPlan, run_point};
use crate::engine::summary::{exact_summary, summarize};
use crate::engine::tables::Change;
use crate::engine::{MetricKind, Value};
use crate::error::{Error, Result};
use crate::query::{Query, why_no_exact};

/// One metric under both rules.
#[derive(Debug, Clone, PartialEq)]
pub struct ComparedMetric {
    /// The metric's name.
    pub name: String,
    /// A chance or a mean.
    pub kind: MetricKind,
    /// Its value under the official rules (exact, or the estimate).
    pub official: f64,
    /// Its value under the house rules.
    pub house: f64,
    /// House minus official.
    pub difference: f64,
    /// The 95% interval of the difference (`None` when exact or unbounded).
    pub interval: Option<(f64, f64)>,
}

/// The official and the house answer to one question.
#[derive(Debug, Clone)]
pub struct Comparison {
    /// The mechanic.
    pub mechanic: String,
    /// Every parameter (as the answer of `alea prob` echoes them).
    pub params: Vec<(String, Value)>,
    /// The parameters the header shows (those given, fighters by name).
    pub header: Vec<(String, Value)>,
    /// What the house rules change.
    pub changes: Vec<Change>,
    /// Samples of each side, and the seed (`None`: exact values).
    pub sampled: Option<(u64, u64)>,
    /// Every metric both answers have, in the house answer's order.
    pub metrics: Vec<ComparedMetric>,
}

/// Compares the answers of `official` and `house` (the same question under two sets of
/// rules): exactly when `plan` is `None` or both have exact values, else sampled with
/// `plan` on common random numbers.
pub fn compare(
    official: &Query,
    house: &Query,
    plan: Option<&RunPlan>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Comparison> {
    let exact = (official.simulation.exact(), house.simulation.exact());
    let mut sampled = None;
    let metrics = match (exact, plan) {
        ((Some(o), Some(h)), _) => {
            let (o, h) = (
                exact_summary(official.simulation.layout(), &o),
                exact_summary(house.simulation.layout(), &h),
            );
            h.metrics
                .iter()
                .filter_map(|hm| {
                    let om = &o.metrics[o.metric_index(&hm.name)?];
                    let (ov, hv) = (om.exact?, hm.exact?);
                    Some(ComparedMetric {
                        name: hm.name.clone(),
                        kind: hm.kind,
                        official: ov,
                        house: hv,
                        difference: hv - ov,
                        interval: None,
                    })
                })
                .collect()
        }
        (_, None) => {
            let which = if official.simulation.exact().is_none() {
                official
            } else {
                house
            };
            return Err(Error::NoExact {
                mechanic: which.mechanic.name().to_string(),
                why: why_no_exact(which.simulation.as_ref()),
            });
        }
        (_, Some(plan)) => {
            let sims = [official.simulation.as_ref(), house.simulation.as_ref()];
            let run = run_point(&sims, 0, plan, progress);
            for (query, sim) in [official, house].iter().zip(sims) {
                crate::query::check_sampled(query.mechanic.name(), sim)?;
            }
            let o = summarize(sims[0].layout(), &run.tallies[0], None);
            let h = summarize(sims[1].layout(), &run.tallies[1], None);
            sampled = Some((h.samples, plan.seed));
            h.metrics
                .iter()
                .enumerate()
                .filter_map(|(i, hm)| {
                    let om = &o.metrics[o.metric_index(&hm.name)?];
                    let d = run.paired.diff(1, i)?;
                    Some(ComparedMetric {
                        name: hm.name.clone(),
                        kind: hm.kind,
                        official: om.estimate,
                        house: hm.estimate,
                        difference: d.diff,
                        interval: d.lo.zip(d.hi),
                    })
                })
                .collect()
        }
    };
    let params = crate::query::echoed_params(house.mechanic, &house.params);
    Ok(Comparison {
        mechanic: house.mechanic.name().to_string(),
        header: crate::query::header_params(&params, house.given.as_deref()),
        params,
        changes: house
            .params
            .rules()
            .map(|r| r.changes().to_vec())
            .unwrap_or_default(),
        sampled,
        metrics,
    })
}
