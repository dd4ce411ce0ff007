//! One roll under a *Score de Maîtrise* (seed: *Règle de base*, *Jets Critiques*, *Règles
//! spécifiques aux Scores de Maîtrise extrêmes*; the `maitrise` page), and the
//! `maitrise.test` mechanic.
//!
//! - `2 <= sm <= 19`: d20 `d <= sm` succeeds, critically on 1 or 11; otherwise it fails,
//!   critically on 10 or 20. Switch `strictly_below` (a \[choice\]): `d < sm` succeeds, as
//!   the text's example reads ("inférieur à 11"), where its rule says "inférieur ou égal".
//! - `sm >= 20`: 1..=19 succeed (critically on 1 or 11); on a 20 the d20 is rolled again
//!   (`r`): 20 is a critical failure, 19 at least a failure; otherwise the action fails iff
//!   `r > sm - 10`, critically iff `r > sm - 4`.
//! - `sm <= 1`: 2..=20 fail (critically on 10 or 20); on a 1 the d20 is rolled again: 1 is
//!   a critical success, 2 at least a success; otherwise it succeeds iff `r <= sm + 10`,
//!   critically iff `r <= sm + 4`.
//!
//! The faces 1/11 and 10/20, the extreme scores 20 and 1 and the bands 10 and 4 are the
//! `[critical]` and `[extreme]` tables of [`MaitriseTables`] (`alea rules maitrise`).
//!
//! A success or failure decided by the second roll is critical only by the rules above
//! (the text does not make a second-roll 11 or 10 critical). `strictly_below` changes the
//! usual range only: the extreme-score rules say "strictement supérieur" and "inférieur ou
//! égal" in so many words, and at `sm >= 20` or `sm <= 1` the first die reads the same
//! either way.

use super::d100::{D100Criticals, Scale};
use super::score::{Score, ScoreParams};
use super::tables::MaitriseTables;
use crate::engine::house_step::{StepInput, StepSignature};
use crate::engine::step::Step;
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Rolled, StepRule};

/// The step a house rule may replace in every roll: its d20 (the first, and the second one
/// the extreme scores call for; `alea rules maitrise --script`).
pub static ROLL_DIE: StepSignature = StepSignature {
    system: "maitrise",
    name: "roll_die",
    doc: "a d20 of a roll against the Score de Maîtrise, read against the score and the critical faces (the first die, and the second one a 20 at a score of 20 or more, or a 1 at 1 or less, calls for)",
    inputs: &[StepInput {
        name: "sm",
        range: -20..=40,
        doc: "the score, modifiers included (brought into -20..=40)",
    }],
    output: "the face read, 1 to 20",
    outputs: 1..=20,
    official: "fn roll_die(sm) {\n    d(20)\n}",
    used_by: "maitrise.test and maitrise.series",
};
use crate::error::{Error, Result};

/// The four results of a roll, from worst to best.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Degree {
    /// *Échec Critique*.
    CritFailure,
    /// *Échec* (normal failure).
    Failure,
    /// *Réussite* (normal success).
    Success,
    /// *Réussite Critique*.
    CritSuccess,
}

impl Degree {
    /// True for a success, critical or not.
    pub fn is_success(self) -> bool {
        matches!(self, Degree::Success | Degree::CritSuccess)
    }

    /// The signed code used by the `outcome` histogram: −2, −1, 1, 2.
    pub fn code(self) -> i64 {
        match self {
            Degree::CritFailure => -2,
            Degree::Failure => -1,
            Degree::Success => 1,
            Degree::CritSuccess => 2,
        }
    }
}

/// What a roll is made against: the score (modifiers included) and how the usual range
/// compares the die with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Target {
    /// The *Score de Maîtrise*, modifiers included.
    pub sm: i64,
    /// Switch `strictly_below`: in the usual range the d20 must be below `sm` (default:
    /// at most `sm`).
    pub strictly_below: bool,
    /// The critical faces and the extreme-score rules in force.
    pub tables: MaitriseTables,
    /// The die: the text's d20, or its d100 variant (switch `d100`).
    pub scale: Scale,
}

impl Target {
    /// The rule's reading: a d20 at most `sm` succeeds.
    pub fn at_most(sm: i64) -> Self {
        Self {
            sm,
            strictly_below: false,
            tables: MaitriseTables::OFFICIAL,
            scale: Scale::D20,
        }
    }

    /// The example's reading: a d20 below `sm` succeeds (usual range).
    pub fn below(sm: i64) -> Self {
        Self {
            sm,
            strictly_below: true,
            tables: MaitriseTables::OFFICIAL,
            scale: Scale::D20,
        }
    }

    /// The same target under `tables`.
    pub fn under(self, tables: MaitriseTables) -> Self {
        Self { tables, ..self }
    }

    /// The same target rolled on the die of `scale` (`sm` read in its points).
    pub fn on(self, scale: Scale) -> Self {
        Self { scale, ..self }
    }

    /// True when `face` counts as one of `faces`, d20 faces the text (or a table) names.
    fn named_in(self, faces: crate::engine::tables::Faces, face: u32) -> bool {
        self.scale.named(face).is_some_and(|k| faces.has(k))
    }

    /// The result of the first die, or `None` when the extreme-score rules call for a
    /// second roll (a 20 at `sm >= 20`, a 1 at `sm <= 1`; on the d100, 96–100 at 100 or
    /// more, 01–05 at 5 or less).
    pub fn read_first(self, d: u32) -> Option<Degree> {
        let (sm, face, d, m) = (self.sm, d, d as i64, self.scale.factor());
        let (critical, extreme) = (&self.tables.critical, &self.tables.extreme);
        let band = self.scale.band(face);
        if (sm >= m * extreme.high && band == 20) || (sm <= m * extreme.low && band == 1) {
            return None;
        }
        // At sm >= 20 (d <= 19) and at sm <= 1 (d >= 2) both readings agree.
        let succeeds = if self.strictly_below { d < sm } else { d <= sm };
        Some(if succeeds {
            if self.named_in(critical.success, face) {
                Degree::CritSuccess
            } else {
                Degree::Success
            }
        } else if self.named_in(critical.failure, face) {
            Degree::CritFailure
        } else {
            Degree::Failure
        })
    }

    /// The result of the second die, showing `face`, rolled after a 20 at `sm >= 20` or a
    /// 1 at `sm <= 1` (on the d100: the faces the switch `d100_criticals` reads as them;
    /// the always-rules: a second 20 is always a critical failure, a second 19
    /// always at least a failure, a second 1 always a critical success, a second 2 always
    /// at least a success).
    pub fn read_second(self, face: u32) -> Degree {
        let (sm, r, m) = (self.sm, face as i64, self.scale.factor());
        let e = &self.tables.extreme;
        let is = |k| self.scale.names(face, k);
        if sm >= m * e.high {
            let fails = is(20) || is(19) || r > sm - m * e.fail_band;
            let critical = is(20) || r > sm - m * e.crit_band;
            match (fails, critical) {
                (true, true) => Degree::CritFailure,
                (true, false) => Degree::Failure,
                _ => Degree::Success,
            }
        } else {
            let succeeds = is(1) || is(2) || r <= sm + m * e.fail_band;
            let critical = is(1) || r <= sm + m * e.crit_band;
            match (succeeds, critical) {
                (true, true) => Degree::CritSuccess,
                (true, false) => Degree::Success,
                _ => Degree::Failure,
            }
        }
    }

    /// The result given both dice (`r` is used only when the first die calls for it).
    pub fn resolve(self, d: u32, r: u32) -> Degree {
        self.read_first(d).unwrap_or_else(|| self.read_second(r))
    }
}

/// The four degrees, by their code (0 to 3) in [`Faces`].
const DEGREES: [Degree; 4] = [
    Degree::CritFailure,
    Degree::Failure,
    Degree::Success,
    Degree::CritSuccess,
];

/// The readings of both dice of a roll at one target, tabulated by face: the d20 packed in
/// two words, the d100 in two arrays. A step (every rule that rolls it again and again, a
/// series, enumerates it once).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Faces {
    /// The text's d20.
    D20(D20Faces),
    /// The d100 variant.
    D100(D100Faces),
}

impl Faces {
    /// Tabulates the readings at `target`.
    fn new(target: Target) -> Self {
        match target.scale {
            Scale::D20 => Faces::D20(D20Faces::new(target)),
            Scale::D100(_) => Faces::D100(D100Faces::new(target)),
        }
    }

    /// Rolls the first die (and the second when the first calls for it).
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> Degree {
        match self {
            Faces::D20(faces) => faces.roll(dice),
            Faces::D100(faces) => faces.roll(dice),
        }
    }
}

/// A roll as a step: its four degrees, enumerated once for every rule that rolls it
/// again and again (a series).
impl Step for Faces {
    type Output = Degree;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> Degree {
        self.roll(dice)
    }
}

/// The code of `degree` in the tables: its place in [`DEGREES`].
fn code(degree: Degree) -> u8 {
    DEGREES.iter().position(|&x| x == degree).unwrap_or(0) as u8
}

/// The readings of both d20 of a roll at one target, packed by face: for the first die 3
/// bits a face (0: roll the second die, else the degree's code + 1), for the second 2 bits
/// a face. Small, so that the rules that roll it again and again (a series, as a step)
/// copy and hash little.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct D20Faces {
    first: u64,
    second: u64,
    /// The d20: official, or a house rule's ([`ROLL_DIE`]).
    die: StepRule,
    /// The score, the input of a house rule's die.
    sm: i64,
}

impl D20Faces {
    /// Tabulates the readings at `target`.
    fn new(target: Target) -> Self {
        let (mut first, mut second) = (0u64, 0u64);
        for face in 1..=20u32 {
            let read = target
                .read_first(face)
                .map_or(0, |d| u64::from(code(d)) + 1);
            first |= read << (3 * face);
            second |= u64::from(code(target.read_second(face))) << (2 * face);
        }
        Self {
            first,
            second,
            die: target.tables.steps.0.rule_of(&ROLL_DIE),
            sm: target.sm,
        }
    }

    /// One d20 of the roll.
    #[inline(always)]
    fn d20<D: Dice>(die: StepRule, sm: i64, dice: &mut D) -> u64 {
        die.roll(dice, &[sm], |d| d.d20() as i64) as u64
    }

    /// Rolls one d20 (and a second one when the first calls for it).
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> Degree {
        match (self.first >> (3 * Self::d20(self.die, self.sm, dice))) & 7 {
            0 => dice.step(&Second(self.second, self.die, self.sm)),
            read => DEGREES[read as usize - 1],
        }
    }
}

/// A d20 roll as a step (a series of d20 rolls steps through it).
impl Step for D20Faces {
    type Output = Degree;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> Degree {
        self.roll(dice)
    }
}

/// The second d20 of a roll, read off its packed faces: a step, so that the exact
/// distribution weighs each degree of the second die once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Second(u64, StepRule, i64);

impl Step for Second {
    type Output = Degree;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> Degree {
        DEGREES[((self.0 >> (2 * D20Faces::d20(self.1, self.2, dice))) & 3) as usize]
    }
}

/// The readings of both d100 of a roll at one target (the d100 variant), by face: for the
/// first die 0 to roll the second, else the degree's code + 1; for the second the code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct D100Faces {
    first: [u8; 101],
    second: SecondD100,
}

impl D100Faces {
    /// Tabulates the readings at `target` (a d100 target).
    fn new(target: Target) -> Self {
        let (mut first, mut second) = ([0u8; 101], [0u8; 101]);
        for face in 1..=100u32 {
            first[face as usize] = target.read_first(face).map_or(0, |d| code(d) + 1);
            second[face as usize] = code(target.read_second(face));
        }
        Self {
            first,
            second: SecondD100(second),
        }
    }

    /// Rolls one d100 (and a second one when the first calls for it).
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> Degree {
        match self.first[dice.die(100) as usize] {
            0 => dice.step(&self.second),
            read => DEGREES[read as usize - 1],
        }
    }
}

/// A d100 roll as a step (a series of d100 rolls steps through it).
impl Step for D100Faces {
    type Output = Degree;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> Degree {
        self.roll(dice)
    }
}

/// The second d100 of a roll, read off its faces: a step, as [`Second`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct SecondD100([u8; 101]);

impl Step for SecondD100 {
    type Output = Degree;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> Degree {
        DEGREES[self.0[dice.die(100) as usize] as usize]
    }
}

/// A roll at a fixed target with both readings tabulated, so the hot loop is one or two
/// lookups: the rule of `maitrise.test`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prepared {
    target: Target,
    faces: Faces,
}

impl Prepared {
    /// Tabulates the roll at `target`.
    pub fn new(target: Target) -> Self {
        Self {
            target,
            faces: Faces::new(target),
        }
    }

    /// The target of the roll.
    pub fn target(&self) -> Target {
        self.target
    }

    /// The tabulated readings of the roll.
    pub fn faces(&self) -> &Faces {
        &self.faces
    }

    /// Rolls one d20 (and a second one when the first calls for it).
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> Degree {
        self.faces.roll(dice)
    }
}

crate::config! {
    /// The parameters of one roll: the score, the reading of the usual range and the die.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct TestParams {
        /// the score rolled against
        score: ScoreParams = flatten(),
        /// [choice] success needs the d20 strictly below the score, as the text's example
        /// reads ("inférieur à 11"); default false: at most the score, as its rule says
        /// (usual range 2..=19 only)
        strictly_below: bool = switch(default = false),
        /// the d100 variant ("multipliant tout par cinq"): a d100 under a score in d100
        /// points, the extreme scores at 100 and 5, the second die's bands 50 and 20, the
        /// automatic malus of a skill of 0 25
        d100: bool = switch(default = false),
        /// [choice] with d100, which d100 faces are the faces the text names (criticals on
        /// 1/11 and 10/20, the second die's 20, 19, 1, 2): bands (1 is 01-05, 11 is 51-55,
        /// 20 is 96-100; the d20's chances) or faces (1 is 05, 11 is 55, 20 is 100)
        d100_criticals: D100Criticals = choice(default = D100Criticals::Bands),
    }
}

impl TestParams {
    /// The die of the roll: the d20, or the d100 with its reading of the named faces.
    fn scale(&self) -> Result<Scale> {
        if !self.d100 {
            if self.d100_criticals != D100Criticals::Bands {
                return Err(Error::value(
                    "d100_criticals",
                    "d100_criticals reads the faces of the d100 variant; give d100=true with it",
                ));
            }
            return Ok(Scale::D20);
        }
        if !self.score.tables.steps.0.rule_of(&ROLL_DIE).is_official() {
            return Err(Error::value(
                "d100",
                "the house rule replaces roll_die, the d20 of the text; the d100 variant rolls \
                 a d100 and cannot play it",
            ));
        }
        Ok(Scale::D100(self.d100_criticals))
    }

    /// The score of `p`, checked, and the targets of the first roll and of later rolls (the
    /// *Chance du Débutant* helps the first only).
    pub fn targets(&self) -> Result<(Target, Target)> {
        let scale = self.scale()?;
        let mut score = Score::from_config(self.score)?;
        score.skill_zero_malus *= scale.factor();
        let target = |sm| Target {
            sm,
            strictly_below: self.strictly_below,
            tables: self.score.tables,
            scale,
        };
        Ok((target(score.first_roll()), target(score.later_rolls())))
    }
}

impl TryFrom<TestParams> for Prepared {
    type Error = Error;

    /// The first roll at the score of `p` (the roll `maitrise.test` makes).
    fn try_from(p: TestParams) -> Result<Self> {
        Ok(Self::new(p.targets()?.0))
    }
}

crate::rolls!(Prepared => Degree);

/// What `maitrise.test` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct TestMetrics {
    crit_success: MetricId,
    success: MetricId,
    failure: MetricId,
    crit_failure: MetricId,
    outcome: HistId,
}

impl Report<Prepared> for TestMetrics {
    fn declare(_: &Prepared, layout: &mut Layout) -> Self {
        Self {
            crit_success: layout.proportion("crit_success", "chance of a Réussite Critique"),
            success: layout.proportion("success", "chance of a success, critical or not"),
            failure: layout.proportion("failure", "chance of a failure, critical or not"),
            crit_failure: layout.proportion("crit_failure", "chance of an Échec Critique"),
            outcome: layout.histogram(
                "outcome",
                "histogram: -2 critical failure, -1 failure, 1 success, 2 critical success",
                (-2, 2),
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &Degree, rec: &mut R) {
        rec.event(self.crit_success, *o == Degree::CritSuccess);
        rec.event(self.success, o.is_success());
        rec.event(self.failure, !o.is_success());
        rec.event(self.crit_failure, *o == Degree::CritFailure);
        rec.hist(self.outcome, o.code());
    }
}

/// `maitrise.test`: one roll under a *Score de Maîtrise*.
pub type TestModel = Rolled<Prepared, TestMetrics>;

#[cfg(test)]
#[path = "resolution_tests.rs"]
mod tests;
