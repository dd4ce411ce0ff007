//! Typed configurations: a mechanic's parameters declared once, as a struct.
//!
//! The [`config!`](crate::config) macro writes a struct whose every field is a parameter:
//! its name is the field's, its doc is the field's doc comment, and its kind says what it
//! accepts and its default. From that one declaration the macro derives the parameter
//! specs (`alea list`, parsing, validation) and the reading of validated values into the
//! struct, so a mechanic never looks a parameter up by a string and a typo is a compile
//! error. A `macro_rules!` macro rather than a derive: it needs no proc-macro crate (no
//! second compile unit, no `syn` in the build), and the field kinds are few.
//!
//! ```
//! alea::config! {
//!     /// The parameters of a small test.
//!     #[derive(Debug, Clone, PartialEq)]
//!     pub struct SmallTest {
//!         /// cible à atteindre
//!         ca: i64 = int(-50..=50),
//!         /// niveau de difficulté
//!         nd: i64 = int(-50..=50, default = 0),
//!         /// roll even at the extremes
//!         always_roll: bool = switch(default = false),
//!     }
//! }
//! ```
//!
//! Field kinds:
//! - `int(RANGE)`, `int(RANGE, default = D)`, `int(RANGE, optional)` (an `Option`);
//!   `int(RANGE, default = D, bounds_rounds)`: the cap on the rounds (turns, exchanges)
//!   one sample may play, counted in the run's budget
//!   ([`ParamSpec::bounding_rounds`](super::params::ParamSpec::bounding_rounds));
//! - `float(RANGE)`, `float(RANGE, default = D)`;
//! - `switch(default = B)`;
//! - `choice()`, `choice(default = C)` for a type implementing [`Choice`];
//! - `list(RANGE, len = LENGTHS)`, `list(RANGE, len = LENGTHS, default = [..])` (a `Vec<i64>`);
//! - `flatten()`: another config's parameters under the same prefix (the options every
//!   test takes);
//! - `group("a")`: another config's parameters under `a.` (`a.ca`, `a.bd`);
//! - `fighter("a")`: the same for a fighter, and `a` itself, a roster name that gives
//!   them all at once (`a=krom`; see [`roster`](super::roster));
//! - `side(len = RANGE)`: a side of a group fight, a [`Party<T>`](super::roster::Party) of
//!   roster names with counts (`fighter1*3,hd1*4`), `RANGE` members in all;
//!   `side(len = RANGE, optional)`, an `Option<Party<T>>`; `side(len = RANGE, optional,
//!   instead_of = ["pcs", "pc"])` one that replaces those parameters (a group's name
//!   standing for its fields too), so that giving both is an error naming them.
//! - `group("a")`: another config's parameters under `a.` (a fighter: `a.ca`, `a.bd`);
//! - `rules()`: the system's rule tables (a type implementing
//!   [`RuleTables`]), not a parameter: the official
//!   tables, or those the values carry ([`ParamValues::with_rules`]).
//! - `house_step(&SIGNATURE)`: how a step a house rule may replace is played (a
//!   [`StepRule`]), not a parameter: the official step, or the replacement the rules the
//!   values carry hold ([`crate::engine::house_step`]).
//!
//! Checks that involve several parameters live in the mechanic's `build` function, the
//! one place a model is made from its config.

use super::house_step::{StepRule, StepSignature};
use super::params::{Choice, ParamSpec};
use super::tables::RuleTables;
use super::value::{ParamValues, Value};
use crate::error::{Error, Result};

/// A set of parameters read as one typed value.
pub trait Config: Sized {
    /// The parameters, named under `prefix` (`""`, or `a` for `a.ca`).
    fn specs(prefix: &str) -> Vec<ParamSpec>;

    /// Reads the values of [`Config::specs`] under `prefix` from values already checked
    /// against those specs.
    fn read(values: &ParamValues, prefix: &str) -> Result<Self>;

    /// True when the config holds the system's rule tables (a field of kind `rules()`,
    /// here or in a config it flattens or groups).
    fn reads_rules() -> bool {
        false
    }

    /// True when the config holds the rule tables themselves (a field of kind `rules()`),
    /// not only steps a house rule may replace (`house_step`).
    fn reads_tables() -> bool {
        false
    }
}

/// A mechanic without parameters.
impl Config for () {
    fn specs(_: &str) -> Vec<ParamSpec> {
        Vec::new()
    }

    fn read(_: &ParamValues, _: &str) -> Result<Self> {
        Ok(())
    }
}

/// `name`, or `prefix.name`; a raw identifier's `r#` is dropped.
pub fn key(prefix: &str, name: &str) -> String {
    let name = name.trim_start_matches("r#");
    if prefix.is_empty() {
        name.to_string()
    } else {
        format!("{prefix}.{name}")
    }
}

/// A Rust type a parameter's [`Value`] converts to.
pub trait FromValue: Sized {
    /// The value of parameter `key` (`None`: left out).
    fn from_value(value: Option<&Value>, key: &str) -> Result<Self>;
}

/// A declared parameter read with the wrong type or missing: a bug in a declaration,
/// reported as an error rather than a panic.
#[cold]
fn mismatch(key: &str, value: Option<&Value>, wanted: &str) -> Error {
    Error::value(
        key,
        format!("internal error: the value {value:?} is not {wanted}"),
    )
}

macro_rules! from_int_value {
    ($($t:ty),*) => {$(
        impl FromValue for $t {
            fn from_value(value: Option<&Value>, key: &str) -> Result<Self> {
                match value {
                    Some(Value::Int(v)) => <$t>::try_from(*v).map_err(|_| mismatch(key, value, stringify!($t))),
                    _ => Err(mismatch(key, value, stringify!($t))),
                }
            }
        }
    )*};
}
from_int_value!(i64, i32, u32, u64, usize);

impl FromValue for f64 {
    fn from_value(value: Option<&Value>, key: &str) -> Result<Self> {
        match value {
            Some(v) => v.as_f64().ok_or_else(|| mismatch(key, value, "a number")),
            None => Err(mismatch(key, value, "a number")),
        }
    }
}

impl FromValue for bool {
    fn from_value(value: Option<&Value>, key: &str) -> Result<Self> {
        match value {
            Some(Value::Bool(b)) => Ok(*b),
            _ => Err(mismatch(key, value, "true or false")),
        }
    }
}

impl FromValue for Vec<i64> {
    fn from_value(value: Option<&Value>, key: &str) -> Result<Self> {
        match value {
            Some(Value::IntList(v)) => Ok(v.clone()),
            _ => Err(mismatch(key, value, "a list")),
        }
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(value: Option<&Value>, key: &str) -> Result<Self> {
        value.map(|v| T::from_value(Some(v), key)).transpose()
    }
}

/// Reads parameter `key` as a `T`.
pub fn read<T: FromValue>(values: &ParamValues, key: &str) -> Result<T> {
    T::from_value(values.get(key), key)
}

/// Reads the choice `key`.
pub fn read_choice<C: Choice>(values: &ParamValues, key: &str) -> Result<C> {
    match values.get(key) {
        Some(Value::Choice(name)) => {
            C::from_name(name).ok_or_else(|| mismatch(key, values.get(key), "a choice"))
        }
        other => Err(mismatch(key, other, "a choice")),
    }
}

/// Reads a whole config of type `C` from values resolved against `C::specs("")`.
pub fn read_config<C: Config>(values: &ParamValues) -> Result<C> {
    C::read(values, "")
}

/// Declares a typed configuration; see the [module documentation](crate::engine::config).
#[macro_export]
macro_rules! config {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[doc = $doc:literal])+
                $field:ident : $ty:ty = $kind:ident ( $($arg:tt)* )
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis struct $name {
            $(
                $(#[doc = $doc])+
                // A field's doc is the text `alea list` prints: its brackets (`[choice]`,
                // `[5,5,6,4]`) are text, not links.
                #[allow(rustdoc::broken_intra_doc_links)]
                pub $field: $ty,
            )*
        }

        impl $crate::engine::config::Config for $name {
            fn specs(prefix: &str) -> ::std::vec::Vec<$crate::engine::ParamSpec> {
                let mut specs = ::std::vec::Vec::new();
                $(
                    let key = $crate::engine::config::key(prefix, stringify!($field));
                    let doc: &'static str = concat!($($doc),+).trim();
                    let _ = (&key, doc);
                    specs.extend($crate::config!(@spec key, prefix, doc, $ty, $kind($($arg)*)));
                )*
                specs
            }

            fn reads_rules() -> bool {
                false $(|| $crate::config!(@rules $ty, $kind($($arg)*)))*
            }

            fn reads_tables() -> bool {
                false $(|| $crate::config!(@tables $ty, $kind($($arg)*)))*
            }

            fn read(
                values: &$crate::engine::ParamValues,
                prefix: &str,
            ) -> $crate::error::Result<Self> {
                Ok(Self {
                    $(
                        $field: {
                            let key = $crate::engine::config::key(prefix, stringify!($field));
                            let _ = &key;
                            $crate::config!(@read values, key, prefix, $ty, $kind($($arg)*))?
                        },
                    )*
                })
            }
        }
    };

    // Specs, one arm per kind.
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, int($range:expr, default = $d:expr, bounds_rounds)) => {
        [$crate::engine::ParamSpec::int(&$key, $doc, *($range).start(), *($range).end(), Some($d)).bounding_rounds()]
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, int($range:expr, default = $d:expr)) => {
        [$crate::engine::ParamSpec::int(&$key, $doc, *($range).start(), *($range).end(), Some($d))]
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, int($range:expr, optional)) => {
        [$crate::engine::ParamSpec::int(&$key, $doc, *($range).start(), *($range).end(), None).optional()]
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, int($range:expr)) => {
        [$crate::engine::ParamSpec::int(&$key, $doc, *($range).start(), *($range).end(), None)]
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, float($range:expr, default = $d:expr)) => {
        [$crate::engine::ParamSpec::float(&$key, $doc, *($range).start(), *($range).end(), Some($d))]
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, float($range:expr)) => {
        [$crate::engine::ParamSpec::float(&$key, $doc, *($range).start(), *($range).end(), None)]
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, switch(default = $d:expr)) => {
        [$crate::engine::ParamSpec::bool(&$key, $doc, $d)]
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, choice(default = $d:expr)) => {
        [$crate::engine::ParamSpec::choice::<$ty>(&$key, $doc, Some($d))]
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, choice()) => {
        [$crate::engine::ParamSpec::choice::<$ty>(&$key, $doc, None)]
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, list($range:expr, len = $len:expr, default = $d:expr)) => {
        [$crate::engine::ParamSpec::int_list(
            &$key, $doc, (*($range).start(), *($range).end()), (*($len).start(), *($len).end()), Some($d),
        )]
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, list($range:expr, len = $len:expr)) => {
        [$crate::engine::ParamSpec::int_list(
            &$key, $doc, (*($range).start(), *($range).end()), (*($len).start(), *($len).end()), None,
        )]
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, rules()) => {
        ::std::iter::empty::<$crate::engine::ParamSpec>()
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, house_step($sig:expr)) => {
        ::std::iter::empty::<$crate::engine::ParamSpec>()
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, flatten()) => {
        <$ty as $crate::engine::config::Config>::specs($prefix)
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, group($group:expr)) => {
        <$ty as $crate::engine::config::Config>::specs(&$crate::engine::config::key($prefix, $group))
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, fighter($group:expr)) => {{
        let group = $crate::engine::config::key($prefix, $group);
        let mut specs = ::std::vec![$crate::engine::ParamSpec::named(&group, $doc)];
        specs.extend(<$ty as $crate::engine::config::Config>::specs(&group));
        specs
    }};
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, side(len = $len:expr, optional, instead_of = [$($replaced:literal),+ $(,)?])) => {
        [$crate::engine::ParamSpec::side(
            &$key,
            $doc,
            <$ty as $crate::engine::roster::PartyType>::member_specs(),
            (*($len).start(), *($len).end()),
        ).optional().instead_of(&[$($replaced),+])]
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, side(len = $len:expr, optional)) => {
        [$crate::engine::ParamSpec::side(
            &$key,
            $doc,
            <$ty as $crate::engine::roster::PartyType>::member_specs(),
            (*($len).start(), *($len).end()),
        ).optional()]
    };
    (@spec $key:ident, $prefix:ident, $doc:ident, $ty:ty, side(len = $len:expr)) => {
        [$crate::engine::ParamSpec::side(
            &$key,
            $doc,
            <$ty as $crate::engine::roster::PartyType>::member_specs(),
            (*($len).start(), *($len).end()),
        )]
    };

    // Whether a field holds the rule tables.
    (@rules $ty:ty, rules()) => { true };
    (@rules $ty:ty, house_step($sig:expr)) => { true };
    (@rules $ty:ty, flatten()) => { <$ty as $crate::engine::config::Config>::reads_rules() };
    (@rules $ty:ty, group($group:expr)) => {
        <$ty as $crate::engine::config::Config>::reads_rules()
    };
    (@rules $ty:ty, $kind:ident($($arg:tt)*)) => { false };

    // Whether a field holds the rule tables themselves.
    (@tables $ty:ty, rules()) => { true };
    (@tables $ty:ty, flatten()) => { <$ty as $crate::engine::config::Config>::reads_tables() };
    (@tables $ty:ty, group($group:expr)) => {
        <$ty as $crate::engine::config::Config>::reads_tables()
    };
    (@tables $ty:ty, fighter($group:expr)) => {
        <$ty as $crate::engine::config::Config>::reads_tables()
    };
    (@tables $ty:ty, $kind:ident($($arg:tt)*)) => { false };

    // Reading, one arm per kind.
    (@read $values:ident, $key:ident, $prefix:ident, $ty:ty, choice($($arg:tt)*)) => {
        $crate::engine::config::read_choice::<$ty>($values, &$key)
    };
    (@read $values:ident, $key:ident, $prefix:ident, $ty:ty, rules()) => {
        $crate::engine::config::read_tables::<$ty>($values)
    };
    (@read $values:ident, $key:ident, $prefix:ident, $ty:ty, house_step($sig:expr)) => {
        $crate::engine::config::read_house_step($values, $sig)
    };
    (@read $values:ident, $key:ident, $prefix:ident, $ty:ty, flatten()) => {
        <$ty as $crate::engine::config::Config>::read($values, $prefix)
    };
    (@read $values:ident, $key:ident, $prefix:ident, $ty:ty, group($group:expr)) => {
        <$ty as $crate::engine::config::Config>::read(
            $values,
            &$crate::engine::config::key($prefix, $group),
        )
    };
    (@read $values:ident, $key:ident, $prefix:ident, $ty:ty, fighter($group:expr)) => {
        <$ty as $crate::engine::config::Config>::read(
            $values,
            &$crate::engine::config::key($prefix, $group),
        )
    };
    (@read $values:ident, $key:ident, $prefix:ident, $ty:ty, $kind:ident($($arg:tt)*)) => {
        $crate::engine::config::read::<$ty>($values, &$key)
    };
}

/// The tables a model is built with: those carried by `values`, or the official ones (a
/// config field of kind `rules()` reads them).
pub fn read_tables<T: RuleTables>(values: &ParamValues) -> Result<T> {
    match values.rules() {
        None => Ok(T::default()),
        Some(rules) => rules
            .tables::<T>()
            .map(|t| t.clone().with_steps(rules.steps()))
            .ok_or_else(|| {
                Error::value(
                    "rules",
                    format!(
                        "the rule tables given are {}'s; this mechanic reads {}'s",
                        rules.system(),
                        T::SYSTEM
                    ),
                )
            }),
    }
}

/// How the step `signature` is played under the rules `values` carry: a house rule's
/// replacement, or the official step (a config field of kind `house_step(&SIGNATURE)`).
pub fn read_house_step(
    values: &ParamValues,
    signature: &'static StepSignature,
) -> Result<StepRule> {
    match values.rules() {
        None => Ok(StepRule::OFFICIAL),
        Some(rules) if rules.system() == signature.system => Ok(rules.steps().rule_of(signature)),
        Some(rules) => Err(Error::value(
            "rules",
            format!(
                "the rules given are {}'s; this mechanic plays {}'s",
                rules.system(),
                signature.system
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::resolve::parse_assignments;
    use crate::engine::roster::Rosters;

    crate::choice! { enum Side { A = "a", B = "b" } }

    crate::config! {
        /// A fighter.
        #[derive(Debug, Clone, PartialEq)]
        struct Fighter {
            /// skill
            ca: i64 = int(-50..=50),
            /// bonus, read
            /// over two lines
            bd: u32 = int(0..=40, default = 3),
        }
    }

    crate::config! {
        /// Options shared by tests.
        #[derive(Debug, Clone, PartialEq)]
        struct Options {
            /// the side
            side: Side = choice(default = Side::A),
            /// a switch
            flag: bool = switch(default = false),
        }
    }

    crate::config! {
        /// Everything.
        #[derive(Debug, Clone, PartialEq)]
        struct Everything {
            /// fighter a
            a: Fighter = fighter("a"),
            /// options
            options: Options = flatten(),
            /// chance
            p: f64 = float(0.0..=1.0, default = 0.5),
            /// scores
            list: Vec<i64> = list(0..=9, len = 1..=4, default = vec![5]),
            /// an optional aspect
            ph: Option<i64> = int(-5..=5, optional),
        }
    }

    fn read_words(words: &[&str]) -> Result<Everything> {
        let specs = Everything::specs("");
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        let given = parse_assignments("m", &specs, &words)?;
        let values = ParamValues::resolve("m", &specs, &given, Rosters::none())?;
        read_config(&values)
    }

    #[test]
    fn specs_carry_names_docs_and_prefixes() {
        let specs = Everything::specs("");
        let names: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            ["a", "a.ca", "a.bd", "side", "flag", "p", "list", "ph"]
        );
        assert_eq!(specs[2].doc, "bonus, read over two lines");
        assert!(specs[0].optional && specs[7].optional);
    }

    #[test]
    fn reads_typed_values_with_defaults() {
        let e = read_words(&["a.ca=12", "side=b", "ph=-2"]).unwrap();
        assert_eq!(
            e,
            Everything {
                a: Fighter { ca: 12, bd: 3 },
                options: Options {
                    side: Side::B,
                    flag: false
                },
                p: 0.5,
                list: vec![5],
                ph: Some(-2),
            }
        );
        assert_eq!(read_words(&["a.ca=1"]).unwrap().ph, None);
    }

    #[test]
    fn missing_and_unknown_parameters_are_errors() {
        let e = read_words(&[]).unwrap_err().to_string();
        assert!(e.contains("needs a value for 'a.ca'"), "{e}");
        let e = read_words(&["a.ca=1", "a.cb=2"]).unwrap_err().to_string();
        assert!(e.contains("did you mean 'a.ca'"), "{e}");
    }
}
