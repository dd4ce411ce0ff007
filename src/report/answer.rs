//! The answer a study's page opens with, in words, read off its numbers: where its main
//! metrics (the charted ones, else the first reported) are lowest and highest over the
//! grid, then a sentence per variant against the first: what it changes (its parameters,
//! the house-rule entries it edits) and how much it raises or lowers each metric, on
//! average over the grid and at its extremes ("'harsher table' (damage.legere 15 instead of
//! 20, …) lowers the mean rounds fought by 7.43 on average … and raises the chance Kröm
//! puts Björn out by 1.61 points on average …"). Exact values are used where known.
//! Fighters given by a roster name are named in place of A and B.

use crate::analysis::chart_spec::ChartKind;
use crate::analysis::{Analysis, AnalysisResult};
use crate::engine::MetricKind;

/// Most metrics the answer describes.
const MAX_METRICS: usize = 2;
/// Most variants beside the first the answer describes.
const MAX_VARIANTS: usize = 3;
/// Most house-rule entries named per variant.
const MAX_CHANGES: usize = 3;

/// A metric the answer describes: its name, its words and whether it is a chance.
struct Described {
    name: String,
    /// What it measures, inside a sentence ("the chance Kröm puts Björn out").
    words: String,
    percent: bool,
}

/// The metrics to describe: the charted ones in chart order (a `_diff` chart counts as its
/// metric), at most [`MAX_METRICS`]; else the first metric of the layout.
fn main_metrics(analysis: &Analysis) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for chart in &analysis.file.charts {
        if let ChartKind::Heatmap { metric, .. } | ChartKind::Lines { metric, .. } = &chart.kind {
            let base = metric.strip_suffix("_diff").unwrap_or(metric);
            let base = if analysis.layout().metric_index(base).is_some() {
                base
            } else {
                metric.as_str()
            };
            if !names.iter().any(|n| n == base) && names.len() < MAX_METRICS {
                names.push(base.to_string());
            }
        }
    }
    if names.is_empty() {
        names.extend(analysis.layout().metrics.first().map(|m| m.name.clone()));
    }
    names
}

/// The words of metric `name` ([`super::words::metric_words`]), with roster names in
/// place of the single-letter sides (`A`, `B`) they play and an article in front of a
/// chance or a mean ("the chance …").
fn describe(analysis: &Analysis, name: &str, names: &[(String, String)]) -> Described {
    let def = analysis.layout().metrics.iter().find(|m| m.name == name);
    let percent = def.is_some_and(|m| m.kind == MetricKind::Proportion);
    // Lower case first, then the names put in: "Kröm" keeps its capital.
    let words = with_names(&lower_first(&super::words::metric_words(def, name)), names);
    let words = if ["chance ", "mean "].iter().any(|w| words.starts_with(w)) {
        format!("the {words}")
    } else {
        words
    };
    Described {
        name: name.to_string(),
        words,
        percent,
    }
}

/// `names` (a side's group and the name it is shown by), where two sides share a name
/// each keeping its letter: "A (average) puts B (average) out", not "average puts average
/// out".
fn letters_for_twins(mut names: Vec<(String, String)>) -> Vec<(String, String)> {
    let shown: Vec<String> = names.iter().map(|(_, name)| name.clone()).collect();
    for (group, name) in &mut names {
        if shown.iter().filter(|other| *other == name).count() > 1 {
            *name = format!("{} ({name})", group.to_uppercase());
        }
    }
    names
}

/// `text` with each standalone capital letter naming a side (`A` for the group `a`)
/// replaced by the fighter's name.
fn with_names(text: &str, names: &[(String, String)]) -> String {
    super::words::replace_words(text, |word| {
        names
            .iter()
            .find(|(group, _)| group.len() == 1 && group.to_uppercase() == word)
            .map_or(word, |(_, name)| name.as_str())
    })
}

/// "Chance of …" inside a sentence; a word in capitals ("ND …") or the side A stays as it
/// is.
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) if chars.clone().next().is_some_and(|n| !n.is_uppercase()) && c != 'A' => {
            c.to_lowercase().chain(chars).collect()
        }
        _ => text.to_string(),
    }
}

fn upper_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A value as a reader wants it: a chance in percent, a mean with 3 significant digits.
fn shown(x: f64, percent: bool) -> String {
    if percent {
        format!("{:.1}%", 100.0 * x)
    } else {
        significant(x)
    }
}

/// `x` with about 3 significant digits (20.0, 7.43, 0.0710).
fn significant(x: f64) -> String {
    // -0.0001 shows as 0.000, not -0.000.
    let x = if x.abs() < 5e-4 { 0.0 } else { x };
    let a = x.abs();
    if a >= 100.0 {
        format!("{x:.0}")
    } else if a >= 10.0 {
        format!("{x:.1}")
    } else if a >= 1.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.3}")
    }
}

/// The size of a change, unsigned: "1.6 points" for a chance, "7.43" for a mean.
fn amount(x: f64, percent: bool) -> String {
    if percent {
        format!("{:.1} points", 100.0 * x.abs())
    } else {
        significant(x.abs())
    }
}

/// A signed change: "+1.6 points", "-7.43".
fn signed(x: f64, percent: bool) -> String {
    if x == 0.0 {
        amount(0.0, percent)
    } else if percent {
        format!("{:+.1} points", 100.0 * x)
    } else if x >= 0.0 {
        format!("+{}", significant(x))
    } else {
        significant(x)
    }
}

/// True when `x` shows as zero.
fn negligible(x: f64, percent: bool) -> bool {
    if percent {
        (100.0 * x).abs() < 0.05
    } else {
        x.abs() < 5e-4
    }
}

/// The value of `metric` for variant `v` at point `p` (exact where known).
fn value_at(result: &AnalysisResult, p: usize, v: usize, metric: &str) -> Option<f64> {
    let m = result.points[p].variants.get(v)?.summary.metric(metric)?;
    let x = m.exact.unwrap_or(m.estimate);
    x.is_finite().then_some(x)
}

/// " (fa=5, fm=0)", or nothing without a grid.
fn at(label: &str) -> String {
    if label.is_empty() {
        String::new()
    } else {
        format!(" ({label})")
    }
}

/// "goes from 10.0% (ca=2) to 95.0% (ca=19)", or "is 50.0%" when it does not change.
fn range(values: &[(f64, String)], percent: bool) -> Option<String> {
    let lo = values.iter().min_by(|a, b| a.0.total_cmp(&b.0))?;
    let hi = values.iter().max_by(|a, b| a.0.total_cmp(&b.0))?;
    Some(if values.len() == 1 || negligible(hi.0 - lo.0, percent) {
        format!("is {}", shown(hi.0, percent))
    } else {
        format!(
            "goes from {}{} to {}{}",
            shown(lo.0, percent),
            at(&lo.1),
            shown(hi.0, percent),
            at(&hi.1)
        )
    })
}

/// How variant `v` moves metric `m` against the first: "raises the chance … by 1.6
/// points on average (0.4 at fm=-5 to 3.2 at fm=6)", "leaves … unchanged".
fn effect(moves: &[(f64, String)], m: &Described) -> Option<String> {
    let lo = moves.iter().min_by(|a, b| a.0.total_cmp(&b.0))?;
    let hi = moves.iter().max_by(|a, b| a.0.total_cmp(&b.0))?;
    let mean = moves.iter().map(|x| x.0).sum::<f64>() / moves.len() as f64;
    let (p, what) = (m.percent, &m.words);
    if negligible(lo.0, p) && negligible(hi.0, p) {
        return Some(format!("leaves {what} unchanged"));
    }
    let several = moves.len() > 1 && !negligible(hi.0 - lo.0, p);
    let on_average = match (moves.len() > 1, several) {
        (true, true) => " on average",
        (true, false) => " throughout",
        _ => "",
    };
    let one_way = lo.0 > 0.0 || negligible(lo.0, p) || hi.0 < 0.0 || negligible(hi.0, p);
    Some(if one_way {
        let verb = if mean > 0.0 { "raises" } else { "lowers" };
        let (near, far) = if mean > 0.0 { (lo, hi) } else { (hi, lo) };
        let spread = if several {
            format!(
                " ({}{} to {}{})",
                amount(near.0, p).trim_end_matches(" points"),
                at_word(&near.1),
                amount(far.0, p),
                at_word(&far.1)
            )
        } else {
            String::new()
        };
        format!("{verb} {what} by {}{on_average}{spread}", amount(mean, p))
    } else {
        let mean = if negligible(mean, p) { 0.0 } else { mean };
        format!(
            "moves {what} by {}{on_average} ({}{} to {}{})",
            signed(mean, p),
            signed(lo.0, p).trim_end_matches(" points"),
            at_word(&lo.1),
            signed(hi.0, p),
            at_word(&hi.1)
        )
    })
}

/// " at fm=6", or nothing without a grid.
fn at_word(label: &str) -> String {
    if label.is_empty() {
        String::new()
    } else {
        format!(" at {label}")
    }
}

/// What variant `v` changes, in words: its parameters (`crit=d10`) and the house-rule
/// entries it edits (`damage.legere 15 instead of 20`), the first few of them.
fn changes(analysis: &Analysis, v: usize) -> String {
    let mut parts: Vec<String> = analysis.variants[v]
        .overrides
        .iter()
        .map(|(k, value)| format!("{k}={value}"))
        .collect();
    let edits = analysis.variants[v]
        .rules
        .as_ref()
        .map(|r| r.changes().to_vec())
        .unwrap_or_default();
    for change in edits.iter().take(MAX_CHANGES) {
        parts.push(match change.key.strip_prefix("script.") {
            Some(_) => change.to_string(),
            None => format!(
                "{} {} instead of {}",
                change.key, change.value, change.official
            ),
        });
    }
    if edits.len() > MAX_CHANGES {
        parts.push(format!("{} more house rules", edits.len() - MAX_CHANGES));
    }
    parts.join(", ")
}

/// The sentences, none when the study has no value to describe. With one variant: where
/// each main metric is lowest and highest over the grid. With several: those ranges under
/// the first variant, then a sentence for each other variant (three at most) saying what it
/// changes and how it moves each metric.
pub(super) fn sentences(analysis: &Analysis, result: &AnalysisResult) -> Vec<String> {
    let names = crate::query::named_fighters(
        analysis.mechanic,
        |param| {
            let fixed = analysis.fixed.iter().find(|(k, _)| k == param);
            let first = analysis.variants[0]
                .overrides
                .iter()
                .find(|(k, _)| k == param);
            first.or(fixed).map(|(_, v)| v.clone())
        },
        &analysis.rosters,
    );
    let names = letters_for_twins(names);
    let metrics: Vec<Described> = main_metrics(analysis)
        .iter()
        .map(|name| describe(analysis, name, &names))
        .collect();
    let label = |p: usize| analysis.point_label(&result.points[p].values).join(", ");
    // (value, grid label) of variant `v` at every point where it is known.
    let values_of = |v: usize, metric: &str| -> Vec<(f64, String)> {
        (0..result.points.len())
            .filter_map(|p| value_at(result, p, v, metric).map(|x| (x, label(p))))
            .collect()
    };
    let ranges: Vec<String> = metrics
        .iter()
        .filter_map(|m| {
            range(&values_of(0, &m.name), m.percent).map(|r| format!("{} {r}", m.words))
        })
        .collect();
    if ranges.is_empty() {
        return Vec::new();
    }
    let mut out = vec![if analysis.variants.len() == 1 {
        format!("{}.", upper_first(&ranges.join("; ")))
    } else {
        format!(
            "Under '{}', {}.",
            analysis.variants[0].name,
            ranges.join("; ")
        )
    }];
    for v in 1..analysis.variants.len().min(MAX_VARIANTS + 1) {
        let effects: Vec<String> = metrics
            .iter()
            .filter_map(|m| {
                let moves: Vec<(f64, String)> = (0..result.points.len())
                    .filter_map(|p| {
                        let change =
                            value_at(result, p, v, &m.name)? - value_at(result, p, 0, &m.name)?;
                        Some((change, label(p)))
                    })
                    .collect();
                effect(&moves, m)
            })
            .collect();
        if effects.is_empty() {
            continue;
        }
        let name = &analysis.variants[v].name;
        let changed = changes(analysis, v);
        let who = if changed.is_empty() {
            format!("'{name}'")
        } else {
            format!("'{name}' ({changed})")
        };
        out.push(upper_first(&format!("{who} {}.", effects.join(" and "))));
    }
    let estimated = metrics.iter().any(|m| {
        result.points.iter().any(|p| {
            p.variants.iter().any(|v| {
                v.summary
                    .metric(&m.name)
                    .is_some_and(|x| x.exact.is_none() && x.estimate.is_finite())
            })
        })
    });
    if estimated {
        out[0].push_str(" Monte Carlo estimates where no exact value is known: their 95% intervals are in the tables.");
    }
    match analysis.variants.len().saturating_sub(MAX_VARIANTS + 1) {
        0 => {}
        1 => out.push("One more variant is in the tables.".into()),
        more => out.push(format!("{more} more variants are in the tables.")),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn described(words: &str, percent: bool) -> Described {
        Described {
            name: "m".into(),
            words: words.into(),
            percent,
        }
    }

    #[test]
    fn sides_are_named_and_words_start_lower_case() {
        let names = [
            ("a".to_string(), "Kröm".to_string()),
            ("b".into(), "Björn".into()),
        ];
        assert_eq!(
            with_names("chance A puts B out, A's turn", &names),
            "chance Kröm puts Björn out, Kröm's turn"
        );
        assert_eq!(with_names("A and B", &[]), "A and B");
        let twins = letters_for_twins(vec![
            ("a".to_string(), "average".to_string()),
            ("b".into(), "average".into()),
        ]);
        assert_eq!(
            with_names("chance A puts B out", &twins),
            "chance A (average) puts B (average) out"
        );
        assert_eq!(lower_first("Chance of a hit"), "chance of a hit");
        assert_eq!(lower_first("ND beaten"), "ND beaten");
        assert_eq!(lower_first("A's turn"), "A's turn");
    }

    #[test]
    fn an_effect_says_which_way_and_how_far() {
        let at = |x: f64, l: &str| (x, l.to_string());
        let chance = described("the chance Kröm wins", true);
        let up = [at(0.004, "fm=-5"), at(0.032, "fm=6")];
        assert_eq!(
            effect(&up, &chance).unwrap(),
            "raises the chance Kröm wins by 1.8 points on average (0.4 at fm=-5 to 3.2 points at fm=6)"
        );
        let rounds = described("the mean rounds fought", false);
        let down = [at(-7.869, "fm=10"), at(-6.93, "fm=-5")];
        assert_eq!(
            effect(&down, &rounds).unwrap(),
            "lowers the mean rounds fought by 7.40 on average (6.93 at fm=-5 to 7.87 at fm=10)"
        );
        let both = [at(-0.05, "ca=2"), at(0.1, "ca=3")];
        assert_eq!(
            effect(&both, &chance).unwrap(),
            "moves the chance Kröm wins by +2.5 points on average (-5.0 at ca=2 to +10.0 points at ca=3)"
        );
        let none = [at(0.0, "ca=2"), at(1e-12, "ca=3")];
        assert_eq!(
            effect(&none, &chance).unwrap(),
            "leaves the chance Kröm wins unchanged"
        );
        assert_eq!(
            effect(&[at(0.02, "")], &chance).unwrap(),
            "raises the chance Kröm wins by 2.0 points"
        );
    }
}
