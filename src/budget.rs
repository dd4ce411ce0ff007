//! How much work a run asks for, checked before any sampling against a stated budget,
//! and sample counts as people write them (`1000000`, `1_000_000`, `1e6`).
//!
//! Two budgets: samples ([`MAX_SAMPLES`]) and rounds ([`MAX_ROUNDS`]). A sample of a
//! mechanic that plays rounds (a fight, a melee, a spell's turns) may play up to the
//! value of the parameters declared as its bound
//! ([`ParamSpec::bounding_rounds`](crate::engine::ParamSpec::bounding_rounds): `max_rounds`,
//! `rounds`, `max_turns`; a fight nobody can win plays them all), so its run counts
//! samples × that bound, its worst case. A run over a budget is refused with its size and
//! how to go on; it runs only when allowed explicitly (`allow_large = true` in an analysis
//! file, `--allow-large`).

use crate::engine::ParamSpec;
use crate::engine::params::{ParamValues, Value};
use crate::engine::runner::SampleSize;
use crate::engine::stats::Z95;
use crate::error::{Error, Result};
use crate::report::text::group_thousands;

/// Most samples a run may draw (grid points × variants × samples) without being allowed
/// explicitly: seconds to minutes for most mechanics, more for long fights.
pub const MAX_SAMPLES: u64 = 10_000_000_000;
/// Most grid points an analysis may have without being allowed explicitly (each is a
/// row of `results.csv` per variant).
pub const MAX_POINTS: u64 = 100_000;
/// Most rounds a run may play at worst (samples × each sample's bound on its rounds)
/// without being allowed explicitly: minutes of work. Every shipped study is below a
/// tenth of it.
pub const MAX_ROUNDS: u64 = 10_000_000_000;

/// The size of a run.
#[derive(Debug, Clone, PartialEq)]
pub struct Work {
    /// Grid points.
    pub points: u64,
    /// Variants at each point.
    pub variants: u64,
    /// Samples per point and variant.
    pub size: SampleSize,
    /// Most rounds one sample may play, and the parameters that bound them.
    pub rounds: RoundsPerSample,
}

/// Most rounds one sample may play: the product of the parameters declared as bounding
/// them ([`ParamSpec::bounds_rounds`]), 1 for a mechanic without any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundsPerSample {
    /// Rounds of one sample at most (at least 1).
    pub most: u64,
    /// The parameters that bound them (`max_rounds`, `rounds`, ...), empty for none.
    pub bounded_by: Vec<String>,
}

impl RoundsPerSample {
    /// One "round" a sample: a mechanic that plays no rounds.
    pub fn one() -> Self {
        Self {
            most: 1,
            bounded_by: Vec::new(),
        }
    }

    /// The rounds of a sample of the mechanic with parameters `specs` and values `values`
    /// (the defaults filled in): the product of its bounding parameters' values.
    pub fn of(specs: &[ParamSpec], values: &ParamValues) -> Self {
        Self::bounded(specs, |name| {
            values.get(name).cloned().into_iter().collect::<Vec<_>>()
        })
    }

    /// The worst case over several values of each bounding parameter: `values_of(name)`
    /// gives every value the parameter `name` may take (swept, given, overridden; empty:
    /// its default), and each factor is its largest.
    pub fn bounded(specs: &[ParamSpec], values_of: impl Fn(&str) -> Vec<Value>) -> Self {
        let mut rounds = Self::one();
        for spec in specs.iter().filter(|s| s.bounds_rounds()) {
            let mut values = values_of(&spec.name);
            if values.is_empty() {
                values.extend(spec.default_value());
            }
            let most = values
                .iter()
                .filter_map(Value::as_i64)
                .max()
                .map_or(1, |n| n.max(1) as u64);
            rounds.most = rounds.most.saturating_mul(most);
            rounds.bounded_by.push(spec.name.clone());
        }
        rounds
    }

    /// The larger of two bounds (the worst case over the points of a sweep).
    pub fn max(self, other: Self) -> Self {
        if other.most > self.most { other } else { self }
    }

    /// The parameters in words: `max_rounds`, `fights x max_rounds`.
    fn names(&self) -> String {
        self.bounded_by.join(" x ")
    }
}

/// Samples per point and variant that `size` draws at most: the count itself, or for a
/// precision the samples a chance of 1/2 needs (the worst case).
pub fn samples_per_run(size: SampleSize) -> f64 {
    match size {
        SampleSize::Samples(n) => n as f64,
        SampleSize::Precision(e) => (Z95 * Z95 * 0.25 / (e * e)).ceil(),
    }
}

/// A count in words: grouped digits, or `1.6e20` when it is too large for that.
fn count(x: f64) -> String {
    if x < 1e18 {
        group_thousands(x as u64)
    } else if x.is_infinite() {
        "more than 1e308".into()
    } else {
        format!("{x:.1e}")
    }
}

fn plural(n: u64, word: &str) -> String {
    format!(
        "{} {word}{}",
        group_thousands(n),
        if n == 1 { "" } else { "s" }
    )
}

impl Work {
    /// Samples the whole run draws at most.
    pub fn total_samples(&self) -> f64 {
        self.points as f64 * self.variants as f64 * samples_per_run(self.size)
    }

    /// Refuses a run beyond [`MAX_POINTS`] or [`MAX_SAMPLES`], saying its size; `remedy`
    /// says how to go on.
    pub fn check(&self, remedy: &str) -> Result<()> {
        let over = |what: String| {
            Err(Error::OverBudget {
                what,
                remedy: remedy.to_string(),
            })
        };
        if self.points > MAX_POINTS {
            return over(format!(
                "the grid has {}, over the budget of {}",
                plural(self.points, "point"),
                group_thousands(MAX_POINTS)
            ));
        }
        let total = self.total_samples();
        if total > MAX_SAMPLES as f64 {
            let per = match self.size {
                SampleSize::Samples(n) => plural(n, "sample"),
                SampleSize::Precision(e) => format!(
                    "up to {} samples (a 95% half-width of {e:?} on a chance of 1/2)",
                    count(samples_per_run(self.size))
                ),
            };
            return over(format!(
                "this run would draw {} samples ({} x {} x {per}), over the budget of {}",
                count(total),
                plural(self.points, "grid point"),
                plural(self.variants, "variant"),
                group_thousands(MAX_SAMPLES)
            ));
        }
        let rounds = total * self.rounds.most as f64;
        if self.rounds.most > 1 && rounds > MAX_ROUNDS as f64 {
            let names = self.rounds.names();
            return over(format!(
                "this run may play up to {} rounds ({} samples x {names} = {}), over the budget of {}; a lower {names} also bounds it",
                count(rounds),
                count(total),
                group_thousands(self.rounds.most),
                group_thousands(MAX_ROUNDS)
            ));
        }
        Ok(())
    }
}

/// Parses a sample count: `1000000`, `1_000_000`, `1e6` or `2.5e6`; a whole number of at
/// least 1. The error says what is accepted.
pub fn parse_count(text: &str) -> std::result::Result<u64, String> {
    let bad = |why: &str| {
        Err(format!(
            "'{text}' {why}; write a whole number of at least 1, like 100000 or 1e6"
        ))
    };
    let clean: String = text.trim().chars().filter(|c| *c != '_').collect();
    let (mantissa, exponent) = match clean.split_once(['e', 'E']) {
        Some((m, e)) => (m, e),
        None => (clean.as_str(), "0"),
    };
    let Ok(exponent) = exponent
        .strip_prefix('+')
        .unwrap_or(exponent)
        .parse::<i32>()
    else {
        return bad("is not a number");
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if whole.is_empty() && fraction.is_empty()
        || !(whole.chars().chain(fraction.chars())).all(|c| c.is_ascii_digit())
    {
        return if mantissa.starts_with('-') {
            bad("is negative")
        } else {
            bad("is not a number")
        };
    }
    let digits = format!("{whole}{fraction}");
    let digits = digits.trim_start_matches('0');
    let shift = exponent - fraction.len() as i32;
    let (kept, dropped) = if shift >= 0 {
        (digits.to_string(), "")
    } else {
        let cut = digits.len().saturating_sub(shift.unsigned_abs() as usize);
        (digits[..cut].to_string(), &digits[cut..])
    };
    if dropped.chars().any(|c| c != '0') {
        return bad("is not a whole number");
    }
    let zeros = shift.max(0) as usize;
    if kept.len() + zeros > 20 {
        return bad("is too large");
    }
    let value = format!("{kept}{}", "0".repeat(zeros));
    match value.parse::<u64>() {
        Ok(0) => bad("is zero"),
        Ok(n) => Ok(n),
        Err(_) if kept.is_empty() => bad("is zero"),
        Err(_) => bad("is too large"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_of_fights_count_in_the_budget() {
        let work = |samples, most| Work {
            points: 1,
            variants: 1,
            size: SampleSize::Samples(samples),
            rounds: RoundsPerSample {
                most,
                bounded_by: vec!["max_rounds".into()],
            },
        };
        // A duel nobody can win plays every one of its rounds: refused before it starts.
        let e = work(1_000_000, 100_000).check("").unwrap_err().to_string();
        assert!(
            e.contains("100,000,000,000 rounds") && e.contains("a lower max_rounds"),
            "{e}"
        );
        // The default duel: a million samples of up to 1,000 rounds.
        assert!(work(1_000_000, 1000).check("").is_ok());
        // Anything that is not a fight counts samples alone.
        assert!(work(5_000_000_000, 1).check("").is_ok());
    }

    #[test]
    fn the_parameters_declared_as_bounds_give_the_rounds_of_a_sample() {
        let specs = vec![
            ParamSpec::int("ca", "", 0, 20, Some(10)),
            ParamSpec::int("fights", "", 1, 20, Some(5)).bounding_rounds(),
            ParamSpec::int("rounds", "", 1, 50, Some(10)).bounding_rounds(),
        ];
        // The defaults, then every value a sweep may give: each factor at its largest.
        let defaults = RoundsPerSample::bounded(&specs, |_| Vec::new());
        assert_eq!(defaults.most, 50);
        assert_eq!(defaults.names(), "fights x rounds");
        let swept = RoundsPerSample::bounded(&specs, |name| match name {
            "rounds" => vec![Value::Int(3), Value::Int(40)],
            "ca" => vec![Value::Int(1000)],
            _ => Vec::new(),
        });
        assert_eq!(swept.most, 200);
        // A mechanic without such a parameter plays one "round" a sample.
        assert_eq!(
            RoundsPerSample::bounded(&specs[..1], |_| Vec::new()),
            RoundsPerSample::one()
        );
    }

    #[test]
    fn counts_as_people_write_them() {
        for (text, n) in [
            ("1000000", 1_000_000),
            ("1_000_000", 1_000_000),
            ("1e6", 1_000_000),
            ("1E6", 1_000_000),
            ("2.5e6", 2_500_000),
            ("1e+3", 1000),
            ("120e-1", 12),
            ("0.5e1", 5),
            ("18446744073709551615", u64::MAX),
        ] {
            assert_eq!(parse_count(text), Ok(n), "{text}");
        }
        for (text, why) in [
            ("-1", "negative"),
            ("0", "zero"),
            ("0e5", "zero"),
            ("1.5", "not a whole number"),
            ("1.5e0.5", "not a number"),
            ("1e20", "too large"),
            ("1e999999", "too large"),
            ("1e99999999999", "not a number"),
            ("abc", "not a number"),
            ("", "not a number"),
            ("nan", "not a number"),
            ("inf", "not a number"),
        ] {
            let e = parse_count(text).unwrap_err();
            assert!(
                e.contains(why) && e.contains("like 100000 or 1e6"),
                "{text}: {e}"
            );
        }
    }

    #[test]
    fn budget_says_the_size() {
        let work = |points, size| Work {
            points,
            variants: 2,
            size,
            rounds: RoundsPerSample::one(),
        };
        assert!(
            work(2460, SampleSize::Samples(1_000_000))
                .check("x")
                .is_ok()
        );
        let e = work(160_801, SampleSize::Samples(1_000_000))
            .check("go on")
            .unwrap_err()
            .to_string();
        assert!(e.contains("160,801 points") && e.contains("go on"), "{e}");
        let e = work(1, SampleSize::Samples(u64::MAX / 2))
            .check("")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("1.8e19 samples") && e.contains("10,000,000,000"),
            "{e}"
        );
        let e = work(1, SampleSize::Precision(1e-300))
            .check("")
            .unwrap_err()
            .to_string();
        assert!(e.contains("half-width of 1e-300"), "{e}");
        assert!(work(10, SampleSize::Precision(0.001)).check("").is_ok());
    }
}
