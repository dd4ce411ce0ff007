//! Registry entries. A mechanic is a model type, a config type (the model builds itself
//! from it: [`FromConfig`]), a name, a one-line summary and an example: [`Registered`]
//! holds exactly that, and the one generic implementation of [`Mechanic`] does the rest
//! (parameter specs from the config, metric docs from the layout, parsing and building).

use super::config::{Config, read_config};
use super::layout::Layout;
use super::model::{ClassModel, Model, Simulation, class_simulation, simulation};
use super::params::ParamSpec;
use super::resolve::parse_assignments;
use super::roster::Rosters;
use super::value::ParamValues;
use crate::error::Result;

/// A registry entry as the rest of the program sees it: one mechanic of one rule system.
pub trait Mechanic: Sync {
    /// Full name, `system.mechanic` (`aube.test`).
    fn name(&self) -> &'static str;

    /// One line saying what it answers.
    fn summary(&self) -> &'static str;

    /// Its parameters, with defaults and ranges.
    fn params(&self) -> Vec<ParamSpec>;

    /// Its metrics and histograms as `(name, doc)`, a family once (`action_<k>`), for
    /// `alea list`.
    fn metric_docs(&self) -> Vec<(String, &'static str)>;

    /// The chance the difficulty finder matches by default (`None`: the first chance that
    /// varies with the swept parameter).
    fn primary_metric(&self) -> Option<&'static str> {
        None
    }

    /// Parameters that make a valid example (`ca=12 nd=5`), as `alea list` shows it.
    fn example(&self) -> &'static str {
        ""
    }

    /// True when the models read the system's rules (`alea rules <system>`): its tables,
    /// or steps a house rule's script may replace.
    fn reads_rules(&self) -> bool {
        false
    }

    /// True when the models read the rule tables themselves (not only replaceable steps).
    fn reads_tables(&self) -> bool {
        self.reads_rules()
    }

    /// Builds the simulation from values checked against [`Mechanic::params`].
    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>>;
}

/// Declares a mechanic's registry entry, a [`Registered`] static. Its doc comment is the
/// mechanic's one-line summary (what `alea list` shows, so the two cannot differ), then
/// come the config and model types, the name (`system.mechanic`) and an example of its
/// required parameters, and any of [`Registered`]'s builder calls:
///
/// ```ignore
/// alea::mechanic! {
///     /// one 3d6 (or 4d6) + skill test against a difficulty, with the automatic triples
///     pub static TEST: Registered<TestParams, TestModel> = ("cle.test", "skill=5");
/// }
/// ```
#[macro_export]
macro_rules! mechanic {
    (
        $(#[doc = $doc:literal])+
        $vis:vis static $id:ident: Registered<$config:ty, $model:ty> = ($name:literal, $example:literal $(,)?)
            $(.$method:ident($($arg:expr),*))*;
    ) => {
        $(#[doc = $doc])+
        $vis static $id: $crate::engine::Registered<$config, $model> =
            $crate::engine::Registered::new($name, concat!($($doc),+).trim_ascii(), $example)
                $(.$method($($arg),*))*;
    };
}

/// Declares a system's mechanics in one table: each entry is a [`mechanic!`] (its doc
/// comment is the summary, then the static's name, the config and model types, the name
/// `system.mechanic`, an example and any builder calls), and the table also makes the
/// system's `MECHANICS`, in the order `alea list` shows them. A system's `mod.rs` holds
/// its table, so every mechanic of a system is named, summed up and listed in one place.
///
/// ```ignore
/// alea::mechanics! {
///     /// one 3d6 (or 4d6) + skill test against a difficulty, with the automatic triples
///     TEST: test::TestParams => test::TestModel = ("cle.test", "skill=5");
/// }
/// ```
#[macro_export]
macro_rules! mechanics {
    ($(
        $(#[doc = $doc:literal])+
        $id:ident: $config:ty => $model:ty = ($name:literal, $example:literal)
            $(.$method:ident($($arg:expr),*))*;
    )+) => {
        $(
            $crate::mechanic! {
                $(#[doc = $doc])+
                pub static $id: Registered<$config, $model> = ($name, $example)
                    $(.$method($($arg),*))*;
            }
        )+

        /// The mechanics of this system, in the order `alea list` shows them.
        pub static MECHANICS: &[&dyn $crate::engine::Mechanic] = &[$(&$id),+];
    };
}

/// How a model is built from its configuration `C`: the one place where every check
/// across the mechanic's parameters lives.
pub trait FromConfig<C>: Sized {
    /// The model `config` describes, or the error that names the parameter at fault.
    fn from_config(config: C) -> Result<Self>;
}

/// A mechanic declared once: its config type `C` and its model type `M`, which builds
/// itself from it ([`FromConfig`]).
pub struct Registered<C, M> {
    name: &'static str,
    summary: &'static str,
    example: &'static str,
    listed: &'static [&'static str],
    primary: Option<&'static str>,
    build: fn(C) -> Result<M>,
    wrap: fn(M) -> Box<dyn Simulation>,
    rosters: fn() -> &'static Rosters,
}

impl<C: Config, M: Model> Registered<C, M> {
    /// The mechanic `name` (`system.mechanic`): `summary` says what it answers in one
    /// line, `example` gives its required parameters (`ca=12`).
    pub const fn new(name: &'static str, summary: &'static str, example: &'static str) -> Self
    where
        M: FromConfig<C>,
    {
        Self {
            name,
            summary,
            example,
            listed: &[],
            primary: None,
            build: M::from_config,
            wrap: simulation::<M>,
            rosters: Rosters::none,
        }
    }

    /// The same, with its example and [`Registered::values`] reading roster names from
    /// `rosters` (the built-in ones): for a mechanic whose example names fighters.
    pub const fn with_rosters(mut self, rosters: fn() -> &'static Rosters) -> Self {
        self.rosters = rosters;
        self
    }

    /// The same, with `metric` as the chance the difficulty finder matches by default.
    pub const fn primary(mut self, metric: &'static str) -> Self {
        self.primary = Some(metric);
        self
    }

    /// The same, with `alea list` also showing the metrics of these parameter lists (each
    /// a complete one, like the example), after the example's: for a mechanic whose
    /// metrics depend on a choice (one table's lines or another's).
    pub const fn also_listed(mut self, words: &'static [&'static str]) -> Self {
        self.listed = words;
        self
    }
}

impl<C: Config, M: ClassModel> Registered<C, M> {
    /// The same, sampled through the model's class fast path.
    pub const fn with_classes(mut self) -> Self {
        self.wrap = class_simulation::<M>;
        self
    }
}

impl<C: Config, M: Model> Registered<C, M> {
    /// Builds the model itself (for tests and for other mechanics that reuse it).
    pub fn model(&self, params: &ParamValues) -> Result<M> {
        (self.build)(read_config(params)?)
    }

    /// Resolves `name=value` words (`ca=12 nd=5`) against this mechanic's parameters,
    /// roster names against the rosters it was registered with.
    pub fn values(&self, words: &str) -> Result<ParamValues> {
        let specs = self.params();
        let words: Vec<String> = words.split_whitespace().map(str::to_string).collect();
        let given = parse_assignments(self.name, &specs, &words)?;
        ParamValues::resolve(self.name, &specs, &given, (self.rosters)())
    }

    /// The model for `name=value` words (unit tests use it).
    pub fn model_for(&self, words: &str) -> Result<M> {
        self.model(&self.values(words)?)
    }
}

impl<C: Config, M: Model> Mechanic for Registered<C, M> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn summary(&self) -> &'static str {
        self.summary
    }

    fn params(&self) -> Vec<ParamSpec> {
        C::specs("")
    }

    fn metric_docs(&self) -> Vec<(String, &'static str)> {
        let mut all = Layout::new();
        for words in std::iter::once(self.example).chain(self.listed.iter().copied()) {
            let Ok(sim) = self.values(words).and_then(|values| self.build(&values)) else {
                continue;
            };
            let layout = sim.layout();
            for m in &layout.metrics {
                if !all.metrics.iter().any(|a| a.name == m.name) {
                    all.metrics.push(m.clone());
                }
            }
            for h in &layout.histograms {
                if !all.histograms.iter().any(|a| a.name == h.name) {
                    all.histograms.push(h.clone());
                }
            }
        }
        all.docs()
    }

    fn primary_metric(&self) -> Option<&'static str> {
        self.primary
    }

    fn example(&self) -> &'static str {
        self.example
    }

    fn reads_rules(&self) -> bool {
        C::reads_rules()
    }

    fn reads_tables(&self) -> bool {
        C::reads_tables()
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        Ok((self.wrap)(self.model(params)?))
    }
}
