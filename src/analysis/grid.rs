//! Grid values: lists, or ranges written `"lo..=hi"` (whole numbers) and `"lo..=hi:step"`
//! (whole or real numbers), expanded into the cartesian product of grid points. A side of
//! roster names takes a range on one member's count (`"goblin*1..=8"`,
//! `"orc,goblin*2..=8:2"`): one side per count, the other members as written.

use crate::engine::Value;
use crate::engine::params::{ParamKind, ParamSpec};
use crate::error::{Error, Result};

/// Largest number of values one range may expand to.
const MAX_RANGE_VALUES: usize = 10_000;

/// The values of one swept parameter.
pub fn axis_values(spec: &ParamSpec, raw: &toml::Value) -> Result<Vec<Value>> {
    let values = match raw {
        toml::Value::Array(items) => items
            .iter()
            .map(|item| spec.from_toml(item))
            .collect::<Result<Vec<_>>>()?,
        toml::Value::String(text) if text.contains("..=") => expand_range(spec, text)?,
        single => vec![spec.from_toml(single)?],
    };
    if values.is_empty() {
        return Err(Error::value(
            &spec.name,
            "the grid gives it no value; write a non-empty list or a range like \"0..=10\"",
        ));
    }
    Ok(values)
}

fn expand_range(spec: &ParamSpec, text: &str) -> Result<Vec<Value>> {
    if matches!(spec.kind, ParamKind::Side { .. }) {
        return expand_counts(spec, text);
    }
    let fail = |why: String| Error::value(&spec.name, format!("range '{text}': {why}"));
    let bad = || {
        Error::value(
            &spec.name,
            format!(
                "'{text}' is not a range; write \"lo..=hi\" or \"lo..=hi:step\" with lo <= hi and step > 0, like \"0..=10\" or \"0..=1:0.1\""
            ),
        )
    };
    let too_many = |count: String| {
        fail(format!(
            "{count} values, over the limit of {MAX_RANGE_VALUES} values per range; use a larger step"
        ))
    };
    let (bounds, step) = match text.split_once(':') {
        Some((b, s)) => (b, Some(s.trim())),
        None => (text, None),
    };
    let (lo, hi) = bounds.split_once("..=").ok_or_else(bad)?;
    let (lo, hi) = (lo.trim(), hi.trim());
    match spec.kind {
        ParamKind::Int { .. } => {
            let whole = |t: &str, what: &str| {
                t.parse::<i64>()
                    .map_err(|_| fail(format!("{what} '{t}' is not a whole number")))
            };
            let (lo, hi) = (whole(lo, "lo")?, whole(hi, "hi")?);
            let step = step.map_or(Ok(1), |s| whole(s, "step"))?;
            if lo > hi || step <= 0 {
                return Err(bad());
            }
            let count = (i128::from(hi) - i128::from(lo)) / i128::from(step) + 1;
            if count > MAX_RANGE_VALUES as i128 {
                return Err(too_many(count.to_string()));
            }
            // Each value lies in lo..=hi, so it fits in an i64 once computed.
            (0..count)
                .map(|i| spec.check(Value::Int((i128::from(lo) + i * i128::from(step)) as i64)))
                .collect()
        }
        ParamKind::Float { .. } => {
            let real = |t: &str, what: &str| match t.parse::<f64>() {
                Ok(x) if x.is_finite() => Ok(x),
                _ => Err(fail(format!("{what} '{t}' is not a finite number"))),
            };
            let (lo, hi) = (real(lo, "lo")?, real(hi, "hi")?);
            let step = real(
                step.ok_or_else(|| {
                    fail("a range of real numbers needs a step, like \"0..=1:0.1\"".into())
                })?,
                "step",
            )?;
            if !(lo <= hi && step > 0.0) {
                return Err(bad());
            }
            let span = (hi - lo) / step;
            if !span.is_finite() || span + 1.0 > MAX_RANGE_VALUES as f64 {
                return Err(too_many(format!("{:.0}", span.floor() + 1.0)));
            }
            let count = (span + 1e-9).floor() as usize + 1;
            // Rounded to 12 digits so 0.1 steps print as 0.3, not 0.30000000000000004.
            (0..count)
                .map(|i| spec.check(Value::Float(((lo + step * i as f64) * 1e12).round() / 1e12)))
                .collect()
        }
        _ => Err(Error::value(
            &spec.name,
            format!(
                "a range needs a numeric parameter; list the values instead ({})",
                spec.accepted()
            ),
        )),
    }
}

/// The sides of a range on one member's count, `NAME*lo..=hi` or `NAME*lo..=hi:step`
/// among the members of `text` (`orc,goblin*1..=8`): one side per count, each checked as
/// a side typed whole (`orc,goblin*3`).
fn expand_counts(spec: &ParamSpec, text: &str) -> Result<Vec<Value>> {
    let members: Vec<&str> = text.split(',').map(str::trim).collect();
    let ranged: Vec<usize> = (0..members.len())
        .filter(|&i| members[i].contains("..="))
        .collect();
    let bad = || {
        Error::value(
            &spec.name,
            format!(
                "'{text}' is not a range of counts; write one member's count as a range, like goblin*1..=8 or orc,goblin*2..=8:2"
            ),
        )
    };
    let [at] = ranged[..] else {
        return Err(bad());
    };
    let (name, range) = members[at].split_once('*').ok_or_else(bad)?;
    let counts = ParamSpec::int(&spec.name, "", 1, MAX_RANGE_VALUES as i64, None);
    let counts = expand_range(&counts, range.trim()).map_err(|_| bad())?;
    counts
        .iter()
        .map(|count| {
            let mut side = members.clone();
            let member = format!("{}*{count}", name.trim());
            side[at] = &member;
            spec.parse_text(&side.join(","))
        })
        .collect()
}

/// Every combination of axis values, the first axis varying slowest.
pub fn cartesian(axes: &[Vec<Value>]) -> Vec<Vec<Value>> {
    axes.iter().fold(vec![Vec::new()], |points, axis| {
        points
            .iter()
            .flat_map(|p| {
                axis.iter()
                    .map(move |v| [p.clone(), vec![v.clone()]].concat())
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_lists_and_products() {
        let ca = ParamSpec::int("ca", "", -50, 50, None);
        let v = axis_values(&ca, &toml::Value::String("-2..=2".into())).unwrap();
        assert_eq!(v.len(), 5);
        let v = axis_values(&ca, &toml::Value::String("0..=30:10".into())).unwrap();
        assert_eq!(
            v,
            vec![
                Value::Int(0),
                Value::Int(10),
                Value::Int(20),
                Value::Int(30)
            ]
        );
        let p = ParamSpec::float("p", "", 0.0, 1.0, None);
        let v = axis_values(&p, &toml::Value::String("0..=0.5:0.1".into())).unwrap();
        assert_eq!(v.len(), 6);
        assert_eq!(v[3], Value::Float(0.3));
        assert!(axis_values(&ca, &toml::Value::Array(vec![])).is_err());
        assert!(axis_values(&ca, &toml::Value::String("5..=1".into())).is_err());
        assert!(axis_values(&ca, &toml::Value::String("0..=99".into())).is_err());
        let range = |spec: &ParamSpec, text: &str| {
            axis_values(spec, &toml::Value::String(text.into()))
                .unwrap_err()
                .to_string()
        };
        let wide = ParamSpec::int("n", "", i64::MIN, i64::MAX, None);
        let e = range(&wide, "0..=20000");
        assert!(
            e.contains("20001 values") && e.contains("limit of 10000"),
            "{e}"
        );
        let e = range(&wide, "-9223372036854775808..=9223372036854775807");
        assert!(e.contains("limit of 10000"), "{e}");
        assert_eq!(
            axis_values(&wide, &toml::Value::String("0..=9999".into()))
                .map(|v| v.len())
                .ok(),
            Some(10_000)
        );
        let e = range(&p, "0..=1:inf");
        assert!(e.contains("step 'inf' is not a finite number"), "{e}");
        let e = range(&p, "0..=1:1e-9");
        assert!(e.contains("limit of 10000"), "{e}");
        let e = range(&p, "nan..=1:0.1");
        assert!(e.contains("lo 'nan'"), "{e}");
        let points = cartesian(&[
            vec![Value::Int(1), Value::Int(2)],
            vec![Value::Int(3), Value::Int(4), Value::Int(5)],
        ]);
        assert_eq!(points.len(), 6);
        assert_eq!(points[1], vec![Value::Int(1), Value::Int(4)]);
    }
}
