//! Steps a house rule may replace: each system names the steps of its rules a designer is
//! likely to change (the d20 of an `aube` test, the 3d6 of a `cle` test...), each with its
//! inputs and the whole number it gives ([`StepSignature`]). A house rule replaces one with
//! the table of its outcomes for every input ([`HouseStep`], built before any roll by
//! whatever computes it: the script module enumerates a script); the rule code then plays
//! the step through a [`StepRule`], which runs the official dice or draws from that table.
//!
//! A replaced step costs no script call per roll: the sampler draws from the table with one
//! die ([`crate::engine::Dice::drawn`]), and the enumerator branches over it, so exact
//! values and Markov chains of the mechanics that use the step come as for the official
//! step. The sampler's draw reads a die of 2^30 faces against the table's cumulative
//! chances (resolution 2^-30, as [`crate::engine::Dice::bernoulli`]); the enumerator uses
//! the exact chances.

use super::dice::{BERNOULLI_SIDES, Dice};
use super::step::Table;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;

/// Most steps one system declares (the size of [`HouseSteps`]).
pub const MAX_STEPS: usize = 8;

/// Most inputs of one step's domain (the product of its inputs' ranges): the tables of a
/// replaced step are all computed before the run.
pub const MAX_STEP_INPUTS: usize = 20_000;

/// One input of a step: its name in scripts, the values it takes, what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepInput {
    /// Its name (an argument of the script's function).
    pub name: &'static str,
    /// Its values: a rule that would give another value gives the nearest in range.
    pub range: RangeInclusive<i64>,
    /// What it is.
    pub doc: &'static str,
}

/// A step a house rule may replace: its name (the script function that replaces it), its
/// inputs, the whole number it gives and the official procedure written as a script.
#[derive(Debug, PartialEq, Eq)]
pub struct StepSignature {
    /// The system (`aube`).
    pub system: &'static str,
    /// The step's name (`test_die`): the function a script defines to replace it.
    pub name: &'static str,
    /// What the step is and where the rules play it.
    pub doc: &'static str,
    /// Its inputs, in the order of the function's arguments.
    pub inputs: &'static [StepInput],
    /// What the number it returns means.
    pub output: &'static str,
    /// The numbers it may return.
    pub outputs: RangeInclusive<i64>,
    /// The official procedure as a script function (`fn test_die(ca) { d(20) }`).
    pub official: &'static str,
    /// The mechanics that play the step.
    pub used_by: &'static str,
}

impl StepSignature {
    /// How many inputs the step's domain holds (the product of the ranges).
    pub fn domain_size(&self) -> usize {
        self.inputs
            .iter()
            .map(|i| (i.range.end() - i.range.start() + 1).max(0) as usize)
            .product()
    }

    /// The inputs of the domain in order (the last input changing fastest), each as its
    /// values: the index of an input in this order is [`StepSignature::index_of`].
    pub fn domain(&self) -> impl Iterator<Item = Vec<i64>> + '_ {
        (0..self.domain_size()).map(|mut index| {
            let mut values = vec![0; self.inputs.len()];
            for (k, input) in self.inputs.iter().enumerate().rev() {
                let width = (input.range.end() - input.range.start() + 1) as usize;
                values[k] = input.range.start() + (index % width) as i64;
                index /= width;
            }
            values
        })
    }

    /// The index in [`StepSignature::domain`] of `inputs`, each brought into its range.
    #[inline]
    pub fn index_of(&self, inputs: &[i64]) -> usize {
        let mut index = 0usize;
        for (input, &value) in self.inputs.iter().zip(inputs) {
            let (lo, hi) = (*input.range.start(), *input.range.end());
            index = index * (hi - lo + 1) as usize + (value.clamp(lo, hi) - lo) as usize;
        }
        index
    }

    /// `name(a, b)`: the function a script defines.
    pub fn call_shape(&self) -> String {
        let args: Vec<&str> = self.inputs.iter().map(|i| i.name).collect();
        format!("{}({})", self.name, args.join(", "))
    }
}

/// The outcomes of a replaced step for one input, ready to draw from: each value with its
/// chance, and the thresholds of a die of 2^30 faces for the sampler.
#[derive(Debug, Clone, PartialEq)]
pub struct DrawTable {
    /// The exact outcomes (what the enumerator branches over) and the mass cut off.
    pub exact: Table<i64>,
    /// `thresholds[i]`: the highest face of the 2^30-face die that gives outcome `i`.
    thresholds: Box<[u32]>,
    /// `guide[b]`: the first outcome a face of bucket `b` (faces `b × 2^20 + 1 ..=
    /// (b + 1) × 2^20`) may give, so a draw starts there and rarely moves on (a guide
    /// table: constant time, no binary search).
    guide: Box<[u32]>,
}

/// Buckets of a [`DrawTable`]'s guide (2^10, each 2^20 faces of the 2^30-face die).
const GUIDE_BUCKETS: u32 = 1 << 10;

/// log2 of the faces in one bucket of the guide.
const BUCKET_SHIFT: u32 = 20;

impl DrawTable {
    /// The table of `exact` (at least one outcome of positive chance).
    pub fn new(exact: Table<i64>) -> Self {
        let total: f64 = exact.outcomes.iter().map(|(_, p)| p).sum();
        let mut cumulative = 0.0;
        let mut thresholds: Vec<u32> = exact
            .outcomes
            .iter()
            .map(|(_, p)| {
                cumulative += p / total;
                (cumulative * BERNOULLI_SIDES as f64).round() as u32
            })
            .collect();
        if let Some(last) = thresholds.last_mut() {
            *last = BERNOULLI_SIDES;
        }
        let guide = (0..GUIDE_BUCKETS)
            .map(|b| {
                let first_face = (b << BUCKET_SHIFT) + 1;
                thresholds.partition_point(|&t| t < first_face) as u32
            })
            .collect();
        Self {
            exact,
            thresholds: thresholds.into_boxed_slice(),
            guide,
        }
    }

    /// The outcome a face `1..=2^30` of the sampler's die gives.
    #[inline]
    pub fn outcome_of_face(&self, face: u32) -> i64 {
        let mut i = self.guide[((face - 1) >> BUCKET_SHIFT) as usize] as usize;
        // The last threshold is the die's last face: the scan stops by then.
        while self.thresholds[i] < face {
            i += 1;
        }
        self.exact.outcomes[i].0
    }
}

/// A replaced step: its signature, where the replacement comes from (a script file, for
/// the messages) and the table of every input of its domain.
#[derive(Debug)]
pub struct HouseStep {
    signature: &'static StepSignature,
    source: String,
    tables: Box<[DrawTable]>,
}

impl HouseStep {
    /// A replacement of `signature` from `source` with one table per input of its
    /// domain, in the order of [`StepSignature::domain`].
    pub fn new(signature: &'static StepSignature, source: String, tables: Vec<DrawTable>) -> Self {
        assert_eq!(
            tables.len(),
            signature.domain_size(),
            "a replaced step has one table per input"
        );
        Self {
            signature,
            source,
            tables: tables.into_boxed_slice(),
        }
    }

    /// The step it replaces.
    pub fn signature(&self) -> &'static StepSignature {
        self.signature
    }

    /// Where the replacement comes from.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The table for `inputs` (each brought into its range).
    #[inline]
    pub fn table(&self, inputs: &[i64]) -> &DrawTable {
        &self.tables[self.signature.index_of(inputs)]
    }
}

/// How a rule plays one step: the official dice, or a house rule's tables. Copied into
/// the rule values that use it (a test, an attack), compared and hashed by identity.
///
/// A house step is kept for the whole run (leaked, as a loaded script is): a run loads a
/// few, once each, and the rules hold plain references to them.
#[derive(Clone, Copy, Default)]
pub struct StepRule(Option<&'static HouseStep>);

impl StepRule {
    /// The official step.
    pub const OFFICIAL: StepRule = StepRule(None);

    /// The replacement `step`.
    pub fn house(step: &'static HouseStep) -> Self {
        Self(Some(step))
    }

    /// The replacement, if the step is replaced.
    pub fn replacement(self) -> Option<&'static HouseStep> {
        self.0
    }

    /// True when the official step is played.
    #[inline(always)]
    pub fn is_official(self) -> bool {
        self.0.is_none()
    }

    /// Plays the step for `inputs`: `official` with `dice`, or a draw from the house table.
    #[inline(always)]
    pub fn roll<D: Dice>(
        self,
        dice: &mut D,
        inputs: &[i64],
        official: impl FnOnce(&mut D) -> i64,
    ) -> i64 {
        match self.0 {
            None => official(dice),
            Some(step) => draw_house(step, dice, inputs),
        }
    }
}

#[cfg(test)]
impl StepRule {
    /// For the tests of a system's rules: a house `signature` that gives, for every input
    /// of its domain, the one value `value(inputs)` (no dice, no script).
    pub fn certain_for_tests(
        signature: &'static StepSignature,
        value: impl Fn(&[i64]) -> i64,
    ) -> Self {
        let tables = signature
            .domain()
            .map(|inputs| {
                DrawTable::new(Table {
                    outcomes: vec![(value(&inputs), 1.0)],
                    tail: 0.0,
                })
            })
            .collect();
        StepRule::house(Box::leak(Box::new(HouseStep::new(
            signature,
            "for tests".into(),
            tables,
        ))))
    }
}

/// A draw from a house step's table, kept out of line so that the official path of every
/// rule that may play a house step stays as small as before (measured: inlined, it slowed
/// the official `ose.duel` sampling by a third).
#[inline(never)]
fn draw_house<D: Dice>(step: &'static HouseStep, dice: &mut D, inputs: &[i64]) -> i64 {
    dice.drawn(step.table(inputs))
}

impl StepRule {
    /// The largest value the step gives for `inputs`: `official` for the official step,
    /// else the largest outcome of the house table.
    #[inline]
    pub fn most(self, inputs: &[i64], official: i64) -> i64 {
        self.0
            .and_then(|step| step.table(inputs).exact.outcomes.iter().map(|o| o.0).max())
            .unwrap_or(official)
    }

    /// True when the step gives one value only for `inputs` (never for the official step,
    /// whose dice the rules know): a rule that rolls it again until two rolls differ
    /// would never stop.
    pub fn is_constant(self, inputs: &[i64]) -> bool {
        self.0
            .is_some_and(|step| step.table(inputs).exact.outcomes.len() == 1)
    }

    /// The house table for `inputs`, looked up once (for a rule that plays the same input
    /// again and again); `None` for the official step.
    pub fn table_for(self, inputs: &[i64]) -> Option<TableRef> {
        self.0.map(|step| TableRef(step.table(inputs)))
    }
}

/// A house table kept by a prepared rule, compared by identity.
#[derive(Debug, Clone, Copy)]
pub struct TableRef(&'static DrawTable);

impl TableRef {
    /// Draws an outcome (see [`Dice::drawn`]).
    #[inline(always)]
    pub fn draw<D: Dice>(self, dice: &mut D) -> i64 {
        dice.drawn(self.0)
    }
}

impl PartialEq for TableRef {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for TableRef {}

impl PartialEq for StepRule {
    fn eq(&self, other: &Self) -> bool {
        match (self.0, other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => std::ptr::eq(a, b),
            _ => false,
        }
    }
}

impl Eq for StepRule {}

impl Hash for StepRule {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.map(|s| s as *const HouseStep).hash(state);
    }
}

impl fmt::Debug for StepRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            None => f.write_str("official"),
            Some(step) => write!(f, "{} from {}", step.signature.name, step.source),
        }
    }
}

/// The steps of one system a set of house rules replaces: a [`StepRule`] per declared step,
/// in the order of the system's signatures. Copy, so rule tables holding it stay plain data.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct HouseSteps([StepRule; MAX_STEPS]);

impl HouseSteps {
    /// Every step official.
    pub const OFFICIAL: HouseSteps = HouseSteps([StepRule::OFFICIAL; MAX_STEPS]);

    /// With `step` replacing the step of its signature (a step replaced twice keeps the
    /// last replacement); `None` when [`MAX_STEPS`] steps are replaced already.
    pub fn with(mut self, step: &'static HouseStep) -> Option<Self> {
        let slot = self
            .0
            .iter()
            .position(|r| {
                r.0.is_some_and(|s| std::ptr::eq(s.signature, step.signature))
            })
            .or_else(|| self.0.iter().position(|r| r.is_official()))?;
        self.0[slot] = StepRule::house(step);
        Some(self)
    }

    /// How the step `signature` is played.
    pub fn rule_of(&self, signature: &'static StepSignature) -> StepRule {
        self.0
            .iter()
            .copied()
            .find(|r| r.0.is_some_and(|s| std::ptr::eq(s.signature, signature)))
            .unwrap_or(StepRule::OFFICIAL)
    }

    /// The replaced steps.
    pub fn replaced(&self) -> impl Iterator<Item = &'static HouseStep> + '_ {
        self.0.iter().filter_map(|r| r.replacement())
    }

    /// True when no step is replaced.
    pub fn is_official(&self) -> bool {
        self.0.iter().all(|r| r.is_official())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{enumerate, replay};

    static COIN: StepSignature = StepSignature {
        system: "demo",
        name: "coin",
        doc: "a coin",
        inputs: &[
            StepInput {
                name: "a",
                range: 0..=2,
                doc: "a",
            },
            StepInput {
                name: "b",
                range: -1..=1,
                doc: "b",
            },
        ],
        output: "heads (1) or tails (0)",
        outputs: 0..=1,
        official: "fn coin(a, b) { d(2) - 1 }",
        used_by: "demo.flip",
    };

    fn table(outcomes: &[(i64, f64)]) -> DrawTable {
        DrawTable::new(Table {
            outcomes: outcomes.to_vec(),
            tail: 0.0,
        })
    }

    #[test]
    fn the_domain_is_indexed_in_order_and_clamped() {
        assert_eq!(COIN.domain_size(), 9);
        let all: Vec<Vec<i64>> = COIN.domain().collect();
        assert_eq!(all[0], vec![0, -1]);
        assert_eq!(all[5], vec![1, 1]);
        for (i, inputs) in all.iter().enumerate() {
            assert_eq!(COIN.index_of(inputs), i);
        }
        assert_eq!(COIN.index_of(&[7, -9]), COIN.index_of(&[2, -1]));
        assert_eq!(COIN.call_shape(), "coin(a, b)");
    }

    #[test]
    fn a_draw_table_samples_by_thresholds_and_enumerates_exactly() {
        let t = table(&[(3, 0.25), (5, 0.75)]);
        assert_eq!(t.outcome_of_face(1), 3);
        assert_eq!(t.outcome_of_face(BERNOULLI_SIDES / 4), 3);
        assert_eq!(t.outcome_of_face(BERNOULLI_SIDES / 4 + 1), 5);
        assert_eq!(t.outcome_of_face(BERNOULLI_SIDES), 5);
        // Every face gives the outcome a binary search over the thresholds gives.
        let many = table(&(0..37).map(|i| (i, 1.0 / 37.0)).collect::<Vec<_>>());
        for face in (1..=BERNOULLI_SIDES)
            .step_by(9_973)
            .chain([BERNOULLI_SIDES])
        {
            let i = many.thresholds.partition_point(|&t| t < face);
            assert_eq!(
                many.outcome_of_face(face),
                many.exact.outcomes[i].0,
                "{face}"
            );
        }
        assert_eq!(replay(&[BERNOULLI_SIDES / 4], |d| d.drawn(&t)), 3);
        let dist = enumerate(|d| d.drawn(&t)).unwrap();
        assert_eq!(dist.p(&3), 0.25);
        assert_eq!(dist.p(&5), 0.75);
    }

    #[test]
    fn a_step_rule_plays_the_official_dice_or_its_table() {
        let tables = (0..9).map(|i| table(&[(i, 1.0)])).collect();
        let step: &'static HouseStep =
            Box::leak(Box::new(HouseStep::new(&COIN, "t".into(), tables)));
        let house = StepRule::house(step);
        assert_eq!(
            replay(&[2], |d| StepRule::OFFICIAL
                .roll(d, &[0, 0], |d| d.die(2) as i64)),
            2
        );
        assert_eq!(
            replay(&[1], |d| house.roll(d, &[1, 1], |d| d.die(2) as i64)),
            5
        );
        assert_ne!(house, StepRule::OFFICIAL);
        let steps = HouseSteps::OFFICIAL.with(step).unwrap();
        assert_eq!(steps.rule_of(&COIN), house);
        assert!(!steps.is_official() && HouseSteps::OFFICIAL.is_official());
    }
}
