//! The human answer of `alea prob`: a small table of metric, estimate, 95% interval and
//! exact value, then one line per histogram.

use crate::engine::MetricKind;
use crate::engine::summary::Estimate;
use crate::engine::tables::Change;
use crate::finder::{FinderAnswer, FinderPoint, Goal, Harder, Trend};
use crate::query::Answer;
use crate::sweep::SweepAnswer;
use std::fmt::Write;

/// Formats an estimate or an interval's end as the exact value beside it is: a chance in
/// percent with 2 decimals, a mean with 3.
fn number(kind: MetricKind, x: f64) -> String {
    if !x.is_finite() {
        "-".into()
    } else {
        lead(kind, x)
    }
}

fn interval(e: &Estimate) -> String {
    if e.n == 0 || !e.has_interval() {
        "-".into()
    } else {
        format!("[{}, {}]", number(e.kind, e.lo), number(e.kind, e.hi))
    }
}

/// A value for the answer's lead column: a chance in percent, a mean with 3 decimals.
pub fn lead(kind: MetricKind, x: f64) -> String {
    match kind {
        _ if x.is_nan() => "-".into(),
        MetricKind::Proportion => percent(x),
        MetricKind::Mean => format!("{x:.3}"),
    }
}

/// A chance in percent with 2 decimals, or more when 2 would round a chance that is not
/// certain to `100.00%` or one that is not impossible to `0.00%` (`99.9987%`).
pub fn percent(x: f64) -> String {
    let p = 100.0 * x;
    let mut decimals = 2;
    while decimals < 8 {
        let shown = format!("{p:.decimals$}");
        let rounds_to_end = shown.parse::<f64>().is_ok_and(|r| r == 0.0 || r == 100.0);
        if !(rounds_to_end && x != 0.0 && x != 1.0) {
            break;
        }
        decimals += 1;
    }
    format!("{p:.decimals$}%")
}

/// The line naming the entries of the rule tables that differ from the official ones.
pub fn house_rules(changes: &[Change], out: &mut String) {
    if !changes.is_empty() {
        let changes: Vec<String> = changes.iter().map(|c| c.to_string()).collect();
        let _ = writeln!(out, "house rules: {}", changes.join(", "));
    }
}

/// The header: mechanic, parameters, and how the answer was reached.
fn header(answer: &Answer, out: &mut String) {
    let params: Vec<String> = answer
        .header
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let _ = writeln!(out, "{}  {}", answer.mechanic, params.join(" "));
    house_rules(&answer.rules, out);
    match answer.seed {
        Some(seed) => {
            let _ = writeln!(
                out,
                "{} samples, seed {seed}",
                group_thousands(answer.summary.samples)
            );
        }
        None => {
            let _ = writeln!(out, "exact values (no simulation)");
        }
    }
    if !answer.precision_reached {
        let _ = writeln!(
            out,
            "warning: the precision asked for was not reached within the sample cap"
        );
    }
}

/// Renders `answer` as the table `alea prob` prints: the exact value first when there is
/// one (in percent for a chance), then the estimate and its 95% interval as the check.
pub fn render_answer(answer: &Answer) -> String {
    let mut out = String::new();
    header(answer, &mut out);
    let exact_shown = answer.summary.metrics.iter().any(|m| m.exact.is_some());
    // A fighter given by name is named beside its metrics: `a_wins (Kröm)`.
    let label = |metric: &str| {
        answer
            .names
            .iter()
            .find(|(group, _)| {
                metric
                    .strip_prefix(group.as_str())
                    .is_some_and(|rest| rest.starts_with('_'))
            })
            .map_or(metric.to_string(), |(_, name)| format!("{metric} ({name})"))
    };
    let width = answer
        .summary
        .metrics
        .iter()
        .map(|m| label(&m.name).chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let simulated = answer.seed.is_some();
    let _ = write!(out, "\n{:width$}", "metric");
    if exact_shown {
        let _ = write!(out, "  {:>10}", "exact");
    }
    if simulated {
        let _ = write!(out, "  {:>10}  {:22}", "estimate", "95% interval");
        if exact_shown {
            let _ = write!(out, "  check");
        }
    }
    out.push('\n');
    for m in &answer.summary.metrics {
        let _ = write!(out, "{:width$}", label(&m.name));
        if exact_shown {
            let exact = m.exact.map_or("-".into(), |x| lead(m.kind, x));
            let _ = write!(out, "  {exact:>10}");
        }
        if simulated {
            let _ = write!(
                out,
                "  {:>10}  {:22}",
                number(m.kind, m.estimate),
                interval(m)
            );
            let check = match m.agrees() {
                Some(true) => "inside",
                Some(false) => "OUTSIDE",
                None => "",
            };
            let _ = write!(out, "  {check}");
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    for h in &answer.summary.histograms {
        if h.probs.is_empty() {
            continue;
        }
        let q = |p: f64| {
            h.quantiles
                .iter()
                .find(|(x, _)| *x == p)
                .map_or("-".into(), |(_, v)| v.to_string())
        };
        let (lo, hi) = (
            mass_quantile(&h.probs, 0.0005),
            mass_quantile(&h.probs, 0.9995),
        );
        let _ = writeln!(
            out,
            "\n{}: mean {:.3}, median {}, 90% between {} and {}, 99.9% between {lo} and {hi}",
            h.name,
            h.mean,
            q(0.5),
            q(0.05),
            q(0.95)
        );
    }
    if let Some(tail) = answer.summary.exact_tail.filter(|t| *t > 0.0) {
        let _ = writeln!(
            out,
            "\nexact values neglect a tail of probability {tail:.1e} (rolls or fights with no bound, cut off there)"
        );
    }
    out
}

/// The smallest value at which the cumulative probability of `probs` reaches `q`.
fn mass_quantile(probs: &[(i64, f64)], q: f64) -> i64 {
    let mut total = 0.0;
    for &(v, p) in probs {
        total += p;
        if total >= q - 1e-12 {
            return v;
        }
    }
    probs.last().map_or(0, |(v, _)| *v)
}

/// Each histogram of `answer` as a table of chances, AnyDice-style: the chance of each
/// value, of at least it and of at most it, in percent. Values in the outer 0.05% of the
/// mass on either side are summed into one row each.
pub fn render_tables(answer: &Answer) -> String {
    let mut out = String::new();
    for h in &answer.summary.histograms {
        if h.probs.is_empty() {
            continue;
        }
        let exact = h.exact.is_some();
        let _ = writeln!(
            out,
            "{}{}",
            h.name,
            if exact { " (exact)" } else { " (estimated)" }
        );
        // One row: the value, then its chance, the chance of at least it and of at most it.
        let row = |out: &mut String, value: &str, [p, at_least, at_most]: [f64; 3]| {
            let pct = |p: f64| format!("{:.2}%", 100.0 * p);
            let (p, at_least, at_most) = (pct(p), pct(at_least), pct(at_most));
            let _ = writeln!(out, "{value:>8}  {p:>9}  {at_least:>9}  {at_most:>9}");
        };
        let _ = writeln!(
            out,
            "{:>8}  {:>9}  {:>9}  {:>9}",
            "value", "chance", "at least", "at most"
        );
        let probs = &h.probs;
        let total: f64 = probs.iter().map(|(_, p)| p).sum();
        let (lo, hi) = (mass_quantile(probs, 0.0005), mass_quantile(probs, 0.9995));
        let below: f64 = probs.iter().filter(|(v, _)| *v < lo).map(|(_, p)| p).sum();
        let above: f64 = probs.iter().filter(|(v, _)| *v > hi).map(|(_, p)| p).sum();
        if below > 0.0 {
            row(&mut out, &format!("< {lo}"), [below, total, below]);
        }
        let mut at_most = below;
        for &(v, p) in probs.iter().filter(|(v, _)| (lo..=hi).contains(v)) {
            let at_least = total - at_most;
            at_most += p;
            row(&mut out, &v.to_string(), [p, at_least, at_most]);
        }
        if above > 0.0 {
            row(&mut out, &format!("> {hi}"), [above, above, total]);
        }
        out.push('\n');
    }
    out
}

/// Renders a sweep (`alea prob ... nd=0..=5`) as one table: a row per combination of the
/// swept values, a column per metric with its exact value where it has one, else the
/// estimate and the half-width of its 95% interval; then how many estimates fell inside
/// their interval around the exact value.
pub fn render_sweep(sweep: &SweepAnswer) -> String {
    let mut out = String::new();
    let Some(first) = sweep.rows.first() else {
        return out;
    };
    let fixed: Vec<String> = first
        .header
        .iter()
        .filter(|(k, _)| !sweep.swept.contains(k))
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let _ = writeln!(out, "{}  {}", first.mechanic, fixed.join(" "));
    house_rules(&first.rules, &mut out);
    match first.seed {
        Some(seed) => {
            let _ = writeln!(
                out,
                "{} samples per row, seed {seed} (one random stream per row); exact values where known, else the estimate \u{b1} the half-width of its 95% interval",
                group_thousands(first.summary.samples)
            );
        }
        None => {
            let _ = writeln!(out, "exact values (no simulation)");
        }
    }
    let mut header: Vec<String> = sweep.swept.clone();
    header.extend(first.summary.metrics.iter().map(|m| m.name.clone()));
    let mut rows = vec![header];
    let (mut checked, mut inside) = (0, 0);
    for row in &sweep.rows {
        let mut cells: Vec<String> = sweep
            .swept
            .iter()
            .map(|name| sweep.value(row, name).map_or("-".into(), |v| v.to_string()))
            .collect();
        for m in &row.summary.metrics {
            cells.push(match m.exact {
                Some(x) => lead(m.kind, x),
                None if row.seed.is_some() && m.has_interval() => {
                    format!("{} \u{b1}{}", number(m.kind, m.estimate), half_width(m))
                }
                None if row.seed.is_some() => number(m.kind, m.estimate),
                None => "-".into(),
            });
            if let Some(agrees) = m.agrees() {
                checked += 1;
                inside += usize::from(agrees);
            }
        }
        rows.push(cells);
    }
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    out.push('\n');
    for row in &rows {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, w)| format!("{cell:>w$}"))
            .collect();
        let _ = writeln!(out, "{}", line.join("  "));
    }
    if checked > 0 {
        let _ = writeln!(
            out,
            "\n{inside} of {checked} estimates lie inside their 95% interval around the exact value (about 95% expected)"
        );
    }
    out
}

/// The half-width of an estimate's 95% interval, in the estimate's unit (percentage
/// points for a chance).
fn half_width(e: &Estimate) -> String {
    let half = if e.lo.is_finite() && e.hi.is_finite() {
        (e.hi - e.lo) / 2.0
    } else if e.hi.is_finite() {
        e.hi - e.estimate
    } else {
        e.estimate - e.lo
    };
    match e.kind {
        MetricKind::Proportion => format!("{:.2}", 100.0 * half),
        MetricKind::Mean => format!("{half:.3}"),
    }
}

/// A chance as a percentage with one decimal.
fn short_percent(p: f64) -> String {
    format!("{:.1}%", 100.0 * p)
}

fn finder_point(answer: &FinderAnswer, p: &FinderPoint) -> String {
    if answer.exact {
        format!(
            "{} = {} gives {}",
            answer.over,
            p.value,
            short_percent(p.chance)
        )
    } else {
        format!(
            "{} = {} gives {} [{}, {}]",
            answer.over,
            p.value,
            short_percent(p.chance),
            short_percent(p.lo),
            short_percent(p.hi)
        )
    }
}

/// Renders the difficulty finder's answer: the value, its chance, the values on either
/// side, the readings of the rules assumed, what the goal was taken to mean, and how the
/// chance moves with the swept parameter.
pub fn render_finder(answer: &FinderAnswer, fixed: &[String]) -> String {
    let mut out = String::new();
    let how = match answer.plan {
        None => "exact".to_string(),
        Some(plan) => format!("Monte Carlo, seed {}", plan.seed),
    };
    let _ = writeln!(out, "{}  {}", answer.mechanic, fixed.join(" "));
    house_rules(&answer.rules, &mut out);
    if !answer.assumed.is_empty() {
        let assumed: Vec<String> = answer
            .assumed
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let _ = writeln!(
            out,
            "assuming {} (readings of the rules; give another value to change one)",
            assumed.join(" ")
        );
    }
    let target = short_percent(answer.target);
    let (over, metric) = (&answer.over, &answer.metric);
    let question = match answer.goal {
        Goal::Closest => format!("{over} for a {target} chance of {metric}"),
        Goal::AtLeast => format!(
            "{over} giving {metric} at least {target} (at least: a chance to reach; the answer is the hardest value that still reaches it)"
        ),
        Goal::AtMost => format!(
            "{over} keeping {metric} at or below {target} (at most: a risk to keep low; the answer is the hardest value that stays under it)"
        ),
    };
    let _ = writeln!(out, "{question} ({how}):");
    let _ = writeln!(
        out,
        "  {}   {}",
        finder_point(answer, answer.best_point()),
        finder_verdict(answer)
    );
    let (below, above) = answer.neighbours();
    let around: Vec<String> = below
        .into_iter()
        .chain(above)
        .map(|p| finder_point(answer, p))
        .collect();
    if !around.is_empty() {
        let _ = writeln!(out, "  {}", around.join(";  "));
    }
    let (first, last) = (
        &answer.points[0].value,
        &answer.points[answer.points.len() - 1].value,
    );
    let span = if answer.over_counts() {
        format!("from {first} to {last}")
    } else {
        format!("over {first}..={last}")
    };
    let trend = match answer.trend {
        Trend::Rising => format!("{metric} rises with {over} (monotone {span})"),
        Trend::Falling => format!("{metric} falls as {over} rises (monotone {span})"),
        Trend::Flat => format!("{metric} does not change {span}"),
        Trend::NotMonotone => format!(
            "warning: {metric} is not monotone in {over} {span}: other values may be as close"
        ),
    };
    let _ = writeln!(out, "{trend}");
    if !answer.goal_met() {
        let note = match answer.goal {
            Goal::Closest => format!("no value reaches {target}; the closest is shown"),
            Goal::AtLeast => format!("no value gives at least {target}; the closest is shown"),
            Goal::AtMost => {
                format!("no value keeps {metric} at or below {target}; the closest is shown")
            }
        };
        let _ = writeln!(out, "note: {note}");
    } else if answer.goal != Goal::Closest && !answer.exact {
        let best = answer.best_point();
        if (best.lo..=best.hi).contains(&answer.target) {
            let _ = writeln!(
                out,
                "note: its 95% interval [{}, {}] holds {target}: the estimate meets the bound, more samples would settle it",
                short_percent(best.lo),
                short_percent(best.hi)
            );
        }
    }
    out
}

/// What the answer is: "closest", or for a bound, "the most goblins whose risk stays at
/// or below 10.0%".
fn finder_verdict(answer: &FinderAnswer) -> String {
    if answer.goal == Goal::Closest || !answer.goal_met() {
        return "closest".into();
    }
    let extreme = match (answer.harder(), answer.over_counts()) {
        (Harder::Up, false) => "the highest",
        (Harder::Down, false) => "the lowest",
        (Harder::Up, true) => "the most",
        (Harder::Down, true) => "the fewest",
        (Harder::Unknown, _) => "the closest",
    };
    let target = short_percent(answer.target);
    match answer.goal {
        Goal::AtMost => format!(
            "{extreme} {} whose {} stays at or below {target}",
            answer.over, answer.metric
        ),
        _ => format!(
            "{extreme} {} whose {} is still at least {target}",
            answer.over, answer.metric
        ),
    }
}

/// 1000000 → "1,000,000".
pub fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn thousands() {
        assert_eq!(super::group_thousands(1_000_000), "1,000,000");
        assert_eq!(super::group_thousands(999), "999");
    }

    #[test]
    fn chances_near_the_ends_keep_their_digits() {
        assert_eq!(super::percent(0.35), "35.00%");
        assert_eq!(super::percent(1.0), "100.00%");
        assert_eq!(super::percent(0.0), "0.00%");
        assert_eq!(super::percent(0.999987), "99.999%");
        assert_eq!(super::percent(0.9999999), "99.99999%");
        assert_eq!(super::percent(0.00003), "0.003%");
    }
}
