//! Typed parameters of a mechanic: their names, documentation, defaults and valid ranges
//! or choices; parsing from the command line (`ca=12`) and from analysis files (TOML) into
//! [`Value`]s.

use super::value::parse_names;
pub use super::value::{ParamValues, Value};
use crate::error::{Error, Result};
use std::fmt;

/// A closed set of named choices (an enum), declared once: the names accepted on the
/// command line and in files are the names listed here.
pub trait Choice: Copy + PartialEq + 'static {
    /// Every choice with its name.
    const NAMES: &'static [(&'static str, Self)];

    /// The name of this choice.
    fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, c)| *c == self)
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }

    /// What the choice accepts, in words, when its names are too many to list (the hit
    /// dice `4+1`, `1-1` ...); `None`: the names are listed.
    const SUMMARY: Option<&'static str> = None;

    /// The choice called `name`.
    fn from_name(name: &str) -> Option<Self> {
        Self::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, c)| *c)
    }
}

/// The names of `Option<C>` as a choice: `None` under `none`, then each of `names` (for
/// `impl Choice for Option<C>`; `M` is one more than `N`).
pub const fn optional_names<C: Copy, const N: usize, const M: usize>(
    none: &'static str,
    names: [(&'static str, C); N],
) -> [(&'static str, Option<C>); M] {
    assert!(M == N + 1, "one name more than the choices: None's");
    let mut out = [(none, None); M];
    let mut i = 0;
    while i < N {
        out[i + 1] = (names[i].0, Some(names[i].1));
        i += 1;
    }
    out
}

/// Declares a [`Choice`] enum once: its doc, which says what each word means, and each
/// variant beside the word a user types for it, on one line (each variant's rustdoc is
/// its word). It derives `Debug, Clone, Copy, PartialEq, Eq` (add others with a
/// `#[derive(..)]` of their own) and lists the names in [`Choice::NAMES`], in order.
///
/// ```
/// alea::choice! {
///     /// Who acts first.
///     ///
///     /// - `attacker`: the attacker;
///     /// - `defender`: the defender.
///     pub enum Side { Attacker = "attacker", Defender = "defender" }
/// }
/// use alea::engine::params::Choice;
/// assert_eq!(Side::from_name("defender"), Some(Side::Defender));
/// assert_eq!(Side::Attacker.name(), "attacker");
/// ```
#[macro_export]
macro_rules! choice {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        $vis enum $name {
            $(
                #[doc = concat!("The word `", $text, "` (the enum's doc says what it means).")]
                $(#[$vmeta])*
                $variant
            ),+
        }

        impl $crate::engine::params::Choice for $name {
            const NAMES: &'static [(&'static str, Self)] = &[ $( ($text, $name::$variant) ),+ ];
        }
    };
}

/// The type, range and default of a parameter.
#[derive(Debug, Clone, PartialEq)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Int {
        /// Smallest value accepted.
        min: i64,
        /// Largest value accepted.
        max: i64,
        /// Value when not given (`None`: required, or optional if the spec says so).
        default: Option<i64>,
        /// The parameter bounds the rounds (turns, exchanges) one sample may play, its
        /// per-sample work: a run's budget counts samples × this value
        /// ([`ParamSpec::bounding_rounds`]).
        bounds_rounds: bool,
    },
    /// A real number in `min..=max`.
    Float {
        /// Smallest value accepted.
        min: f64,
        /// Largest value accepted.
        max: f64,
        /// Value when not given.
        default: Option<f64>,
    },
    /// A switch.
    Bool {
        /// Value when not given.
        default: bool,
    },
    /// One of a few names.
    Choice {
        /// The names accepted.
        choices: Vec<&'static str>,
        /// What they are, in words, when too many to list ([`Choice::SUMMARY`]).
        summary: Option<&'static str>,
        /// Value when not given.
        default: Option<&'static str>,
    },
    /// A list of whole numbers, each in `min..=max`, of length `min_len..=max_len`.
    IntList {
        /// Smallest element accepted.
        min: i64,
        /// Largest element accepted.
        max: i64,
        /// Shortest list accepted.
        min_len: usize,
        /// Longest list accepted.
        max_len: usize,
        /// Value when not given.
        default: Option<Vec<i64>>,
    },
    /// A roster name that gives every parameter of a group at once (`a=krom` gives
    /// `a.ca`, `a.ba`...); declared by `group(..)`.
    Named,
    /// A side of a group fight: roster names with counts (`fighter1*3,hd1*4`), each
    /// member read with the fields `members`.
    Side {
        /// The fields of one member, unprefixed.
        members: Vec<ParamSpec>,
        /// Fewest members.
        min_len: usize,
        /// Most members.
        max_len: usize,
        /// The parameters this side replaces (`pcs`, `pc`: the group `pc` and its fields
        /// `pc.*`): given together with it, they are an error, not silently ignored.
        instead_of: Vec<String>,
    },
}

/// One parameter of a mechanic.
#[derive(Debug, Clone, PartialEq)]
pub struct ParamSpec {
    /// Name (`ca`, or `a.ca` for a field of fighter A).
    pub name: String,
    /// One-line description, shown by `alea list`.
    pub doc: &'static str,
    /// Type, range and default.
    pub kind: ParamKind,
    /// May be left out even without a default (the mechanic reads it with `opt_*` and
    /// decides, e.g. "give the aspects or the three CAs").
    pub optional: bool,
}

impl Value {
    /// The value as a real number, when it is numeric.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Int(v) => Some(*v as f64),
            Value::Float(v) => Some(*v),
            _ => None,
        }
    }

    /// The value as a whole number, when it is one.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Int(v) => Some(*v),
            _ => None,
        }
    }

    /// The value as a switch, when it is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(v) => Some(*v),
            _ => None,
        }
    }
}

impl ParamSpec {
    /// A whole-number parameter.
    pub fn int(name: &str, doc: &'static str, min: i64, max: i64, default: Option<i64>) -> Self {
        Self {
            name: name.into(),
            doc,
            optional: false,
            kind: ParamKind::Int {
                min,
                max,
                default,
                bounds_rounds: false,
            },
        }
    }

    /// The same whole-number parameter, declared as the bound on the rounds (turns,
    /// exchanges) one sample may play: a fight's `max_rounds`, a melee's `rounds`. The
    /// budget of a run counts samples × the product of such parameters (its worst case),
    /// so a huge cap is refused before any work.
    pub fn bounding_rounds(mut self) -> Self {
        if let ParamKind::Int { bounds_rounds, .. } = &mut self.kind {
            *bounds_rounds = true;
        }
        self
    }

    /// True when the parameter bounds the rounds one sample may play
    /// ([`ParamSpec::bounding_rounds`]).
    pub fn bounds_rounds(&self) -> bool {
        matches!(
            self.kind,
            ParamKind::Int {
                bounds_rounds: true,
                ..
            }
        )
    }

    /// A real-number parameter.
    pub fn float(name: &str, doc: &'static str, min: f64, max: f64, default: Option<f64>) -> Self {
        Self {
            name: name.into(),
            doc,
            optional: false,
            kind: ParamKind::Float { min, max, default },
        }
    }

    /// A switch.
    pub fn bool(name: &str, doc: &'static str, default: bool) -> Self {
        Self {
            name: name.into(),
            doc,
            optional: false,
            kind: ParamKind::Bool { default },
        }
    }

    /// A choice among the names of `C`.
    pub fn choice<C: Choice>(name: &str, doc: &'static str, default: Option<C>) -> Self {
        Self {
            name: name.into(),
            doc,
            optional: false,
            kind: ParamKind::Choice {
                choices: C::NAMES.iter().map(|(n, _)| *n).collect(),
                summary: C::SUMMARY,
                default: default.map(C::name),
            },
        }
    }

    /// A list of whole numbers.
    pub fn int_list(
        name: &str,
        doc: &'static str,
        (min, max): (i64, i64),
        (min_len, max_len): (usize, usize),
        default: Option<Vec<i64>>,
    ) -> Self {
        Self {
            name: name.into(),
            doc,
            optional: false,
            kind: ParamKind::IntList {
                min,
                max,
                min_len,
                max_len,
                default,
            },
        }
    }

    /// The roster name of the group `name` (`a`): it gives every `a.*` at once.
    pub fn named(name: &str, doc: &'static str) -> Self {
        Self {
            name: name.into(),
            doc,
            optional: true,
            kind: ParamKind::Named,
        }
    }

    /// A side of a group fight: `min_len..=max_len` members, each read with `members`.
    pub fn side(
        name: &str,
        doc: &'static str,
        members: Vec<ParamSpec>,
        (min_len, max_len): (usize, usize),
    ) -> Self {
        Self {
            name: name.into(),
            doc,
            optional: false,
            kind: ParamKind::Side {
                members,
                min_len,
                max_len,
                instead_of: Vec::new(),
            },
        }
    }

    /// The same side, replacing the parameters `names` (a name stands for itself and, for
    /// a group, its fields `name.*`): a run that gives one of them with the side is refused.
    pub fn instead_of(mut self, names: &[&str]) -> Self {
        if let ParamKind::Side { instead_of, .. } = &mut self.kind {
            *instead_of = names.iter().map(|n| n.to_string()).collect();
        }
        self
    }

    /// True when the parameter `name` is one this side replaces (itself or a field of a
    /// group it replaces).
    pub fn replaces(&self, name: &str) -> bool {
        let ParamKind::Side { instead_of, .. } = &self.kind else {
            return false;
        };
        instead_of.iter().any(|x| {
            name == x
                || name
                    .strip_prefix(x.as_str())
                    .is_some_and(|rest| rest.starts_with('.'))
        })
    }

    /// The same parameter, which may be left out (it then has no value at all).
    pub fn optional(mut self) -> Self {
        self.optional = true;
        self
    }

    /// The same parameter under `prefix.name` (the fields of fighter `a`).
    pub fn prefixed(mut self, prefix: &str) -> Self {
        self.name = format!("{prefix}.{}", self.name);
        if let ParamKind::Side { instead_of, .. } = &mut self.kind {
            for name in instead_of {
                *name = format!("{prefix}.{name}");
            }
        }
        self
    }

    /// The default value, when the parameter has one.
    pub fn default_value(&self) -> Option<Value> {
        match &self.kind {
            ParamKind::Int { default, .. } => default.map(Value::Int),
            ParamKind::Float { default, .. } => default.map(Value::Float),
            ParamKind::Bool { default } => Some(Value::Bool(*default)),
            ParamKind::Choice { default, .. } => default.map(Value::Choice),
            ParamKind::IntList { default, .. } => default.clone().map(Value::IntList),
            ParamKind::Named | ParamKind::Side { .. } => None,
        }
    }

    /// What the parameter accepts, in words (`an integer in -100..=100`).
    pub fn accepted(&self) -> String {
        match &self.kind {
            ParamKind::Int { min, max, .. } => format!("an integer in {min}..={max}"),
            ParamKind::Float { min, max, .. } => format!("a number in {min}..={max}"),
            ParamKind::Bool { .. } => "true or false".into(),
            ParamKind::Choice {
                summary: Some(summary),
                ..
            } => (*summary).to_string(),
            ParamKind::Choice { choices, .. } => format!("one of {}", choices.join(", ")),
            ParamKind::IntList {
                min,
                max,
                min_len,
                max_len,
                ..
            } => {
                format!("a list of {min_len} to {max_len} integers in {min}..={max}, like [5,5,6]")
            }
            ParamKind::Named => "a roster name (alea roster lists them)".into(),
            ParamKind::Side {
                min_len, max_len, ..
            } => format!(
                "roster names, each with an optional count, like name*3,other ({min_len} to {max_len} in all; alea roster lists them)"
            ),
        }
    }

    /// True for whole-number and real parameters (the ones a grid or a finder can sweep).
    pub fn is_numeric(&self) -> bool {
        matches!(self.kind, ParamKind::Int { .. } | ParamKind::Float { .. })
    }

    fn invalid(&self, given: impl fmt::Display) -> Error {
        Error::value(
            &self.name,
            format!("'{given}' is not accepted; expected {}", self.accepted()),
        )
    }

    /// Parses a value typed on the command line.
    pub fn parse_text(&self, text: &str) -> Result<Value> {
        let text = text.trim();
        let value = match &self.kind {
            ParamKind::Int { .. } => Value::Int(text.parse().map_err(|_| self.invalid(text))?),
            ParamKind::Float { .. } => Value::Float(text.parse().map_err(|_| self.invalid(text))?),
            ParamKind::Bool { .. } => Value::Bool(match text {
                "true" | "on" | "yes" | "1" => true,
                "false" | "off" | "no" | "0" => false,
                _ => return Err(self.invalid(text)),
            }),
            ParamKind::Choice { choices, .. } => Value::Choice(
                choices
                    .iter()
                    .find(|c| **c == text)
                    .copied()
                    .ok_or_else(|| self.invalid(text))?,
            ),
            ParamKind::IntList { .. } => {
                let inner = text.trim_start_matches('[').trim_end_matches(']');
                let items: std::result::Result<Vec<i64>, _> = inner
                    .split(',')
                    .filter(|s| !s.trim().is_empty())
                    .map(|s| s.trim().parse())
                    .collect();
                Value::IntList(items.map_err(|_| self.invalid(text))?)
            }
            ParamKind::Named | ParamKind::Side { .. } => {
                Value::Names(parse_names(text).map_err(|why| Error::value(&self.name, why))?)
            }
        };
        self.check(value)
    }

    /// Converts a value read from an analysis file.
    pub fn from_toml(&self, value: &toml::Value) -> Result<Value> {
        let parsed = match (&self.kind, value) {
            (ParamKind::Int { .. }, toml::Value::Integer(v)) => Value::Int(*v),
            (ParamKind::Float { .. }, toml::Value::Float(v)) => Value::Float(*v),
            (ParamKind::Float { .. }, toml::Value::Integer(v)) => Value::Float(*v as f64),
            (ParamKind::Bool { .. }, toml::Value::Boolean(v)) => Value::Bool(*v),
            (ParamKind::Choice { .. }, toml::Value::String(s)) => return self.parse_text(s),
            (ParamKind::IntList { .. }, toml::Value::Array(items)) => {
                let ints: Option<Vec<i64>> = items.iter().map(|v| v.as_integer()).collect();
                Value::IntList(ints.ok_or_else(|| self.invalid(value))?)
            }
            (ParamKind::Named | ParamKind::Side { .. }, toml::Value::String(s)) => {
                return self.parse_text(s);
            }
            (ParamKind::Side { .. }, toml::Value::Array(items)) => {
                let texts: Option<Vec<&str>> = items.iter().map(|v| v.as_str()).collect();
                return self.parse_text(&texts.ok_or_else(|| self.invalid(value))?.join(","));
            }
            _ => return Err(self.invalid(value)),
        };
        self.check(parsed)
    }

    /// Checks a value's type and range.
    pub fn check(&self, value: Value) -> Result<Value> {
        let ok = match (&self.kind, &value) {
            (ParamKind::Int { min, max, .. }, Value::Int(v)) => (min..=max).contains(&v),
            (ParamKind::Float { min, max, .. }, Value::Float(v)) => {
                v.is_finite() && (min..=max).contains(&v)
            }
            (ParamKind::Bool { .. }, Value::Bool(_)) => true,
            (ParamKind::Choice { choices, .. }, Value::Choice(c)) => choices.contains(c),
            (
                ParamKind::IntList {
                    min,
                    max,
                    min_len,
                    max_len,
                    ..
                },
                Value::IntList(v),
            ) => {
                (min_len..=max_len).contains(&&v.len())
                    && v.iter().all(|x| (min..=max).contains(&x))
            }
            (ParamKind::Named, Value::Names(names)) => {
                if !matches!(names.as_slice(), [(_, 1)]) {
                    return Err(Error::value(
                        &self.name,
                        format!("'{value}' is not one roster name; give one name"),
                    ));
                }
                true
            }
            (ParamKind::Side { .. }, Value::Names(_) | Value::Side(_)) => true,
            _ => false,
        };
        if ok {
            Ok(value)
        } else {
            Err(self.invalid(&value))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::resolve::parse_assignments;
    use crate::engine::roster::Rosters;

    crate::choice! { enum Side { A = "a", B = "b" } }

    #[test]
    fn optional_parameters_may_be_left_out() {
        let specs = vec![ParamSpec::int("ph", "aspect", -50, 50, None).optional()];
        let v = ParamValues::resolve("m", &specs, &[], Rosters::none()).unwrap();
        assert_eq!(v.get("ph"), None);
        assert_eq!(v.iter().count(), 0);
        let v = ParamValues::resolve(
            "m",
            &specs,
            &[("ph".into(), Value::Int(3))],
            Rosters::none(),
        )
        .unwrap();
        assert_eq!(v.get("ph"), Some(&Value::Int(3)));
    }

    fn specs() -> Vec<ParamSpec> {
        vec![
            ParamSpec::int("ca", "target", -50, 50, None),
            ParamSpec::int("nd", "difficulty", -50, 50, Some(0)),
            ParamSpec::choice("side", "who", Some(Side::A)),
            ParamSpec::bool("flag", "switch", false),
            ParamSpec::int_list("list", "scores", (0, 9), (1, 4), Some(vec![5])),
        ]
    }

    #[test]
    fn resolves_defaults_and_parses() {
        let given = parse_assignments(
            "m",
            &specs(),
            &["ca=12".into(), "side=b".into(), "list=[1,2]".into()],
        )
        .unwrap();
        let v = ParamValues::resolve("m", &specs(), &given, Rosters::none()).unwrap();
        assert_eq!(v.get("ca"), Some(&Value::Int(12)));
        assert_eq!(v.get("nd"), Some(&Value::Int(0)));
        assert_eq!(v.get("side"), Some(&Value::Choice("b")));
        assert_eq!(v.get("flag"), Some(&Value::Bool(false)));
        assert_eq!(v.get("list"), Some(&Value::IntList(vec![1, 2])));
    }

    #[test]
    fn errors_say_what_is_accepted() {
        for (given, says) in [
            ("side=c", "one of a, b"),
            ("cb=1", "did you mean 'ca'"),
            ("ca=99", "-50..=50"),
            ("list=[]", "list of 1 to 4"),
        ] {
            let e = parse_assignments("m", &specs(), &[given.into()])
                .unwrap_err()
                .to_string();
            assert!(e.contains(says), "{given}: {e}");
        }
        let e = ParamValues::resolve("m", &specs(), &[], Rosters::none())
            .unwrap_err()
            .to_string();
        assert!(e.contains("needs a value for 'ca'"), "{e}");
    }
}
