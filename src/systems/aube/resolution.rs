//! The simple test, *résolution d'action simple* (seed chapter 2, "la cible à atteindre",
//! "Degré de réussite", "les niveaux de difficulté", "le dé critique"; heroism from
//! chapter 5; the `aube` page → *Test*), and the `aube.test` mechanic.
//!
//! Every other `aube` mechanic that makes a test builds a [`TestRule`] and rolls it, as a
//! [`Step`] when the test is part of a larger rule (an attack, a confrontation): its exact
//! distribution is [`TestRule::roll`] enumerated, once per distinct test.

use crate::engine::house_step::{StepInput, StepRule, StepSignature, TableRef};
use crate::engine::step::Step;
use crate::engine::{
    Choice, ClassModel, Dice, Dist, FromConfig, HistId, Layout, MetricId, Model, Recorder,
    enumerate,
};
use crate::error::Result;

/// The *dé critique*: rolled with the d20; its 1 adds an open-ended d20 to the degree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CritDie {
    /// No crit die (the default).
    None,
    /// d6, d8, d10, d12, d20: the die's size.
    Die(u32),
}

impl Choice for CritDie {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("none", CritDie::None),
        ("d6", CritDie::Die(6)),
        ("d8", CritDie::Die(8)),
        ("d10", CritDie::Die(10)),
        ("d12", CritDie::Die(12)),
        ("d20", CritDie::Die(20)),
    ];
}

crate::choice! {
    /// What to do with `ca <= 1` and `ca >= 20` when there is no crit die.
    ///
    /// - `auto`: automatic failure at `ca <= 1`, automatic success at `ca >= 20`, no roll
    ///   (default).
    /// - `roll`: roll anyway (the GM's option in the text).
    #[derive(Hash)]
    pub enum Extremes { Auto = "auto", Roll = "roll" }
}

/// The step a house rule may replace in every test: the d20 the test reads (`alea rules
/// aube --script` prints it). Every `aube` mechanic that makes a test plays it, and so its
/// exact values follow a replacement.
pub static TEST_DIE: StepSignature = StepSignature {
    system: "aube",
    name: "test_die",
    doc: "the d20 of a test, read against the CA (1: success with °R = min(1, CA); 20: failure; else success when at most the CA); not rolled when the result is automatic",
    inputs: &[StepInput {
        name: "ca",
        range: -20..=40,
        doc: "the test's CA after the heroism fold (brought into -20..=40)",
    }],
    output: "the face read, 1 to 20",
    outputs: 1..=20,
    official: "fn test_die(ca) {\n    d(20)\n}",
    used_by: "every aube mechanic that makes a test: aube.test, aube.attack, aube.duel, aube.melee, aube.gauntlet, aube.confrontation, aube.encaissement, aube.multiple, aube.tir",
};

crate::choice! {
    /// The degree of an automatic success (a CA of 20 or more without a roll).
    ///
    /// - `ca`: the CA itself (default): equal fighters at CA 20 always hit, 95% of the time
    ///   grave or worse.
    /// - `rolled`: the success is automatic but its degree is read on a d20 (the face
    ///   itself: 1 to 20), as a roll at CA 19 would read a success.
    #[derive(Hash)]
    pub enum AutoDegree { Ca = "ca", Rolled = "rolled" }
}

crate::config! {
    /// The options every test takes, besides `ca` and `nd` (which each mechanic names
    /// itself): the parameters `crit`, `extremes`, `th`, `heroism_rules`,
    /// `heroism_auto_extremes`, `fold_low_ca` and `negative_nd_counts_failures`, and the
    /// test's d20 as the rules in force play it ([`TEST_DIE`]).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct TestOptions {
        /// dé critique: none, d6, d8, d10, d12, d20
        crit: CritDie = choice(default = CritDie::None),
        /// auto: CA <= 1 fails and CA >= 20 succeeds without a roll (with heroism_rules only if heroism_auto_extremes); roll: always roll
        extremes: Extremes = choice(default = Extremes::Auto),
        /// total d'héroïsme (each point adds 20 to the signed degree)
        th: i64 = int(-10..=10, default = 0),
        /// fold CA above 20 and ND above 20 into th (chapter 5)
        heroism_rules: bool = switch(default = false),
        /// [choice] with heroism_rules, still make CA <= 1 and CA >= 20 (after the fold) automatic as extremes says: the literal reading, where CA 21 folds to an automatic failure; off: every test is rolled once heroism is on, so the chance never falls as CA rises
        heroism_auto_extremes: bool = switch(default = false),
        /// with heroism_rules, also fold a CA of 0 or less: +20 to CA, -1 to th (chapter 5, "il peut")
        fold_low_ca: bool = switch(default = false),
        /// with ND < 0, a failure whose -°É exceeds ND beats it
        negative_nd_counts_failures: bool = switch(default = false),
        /// [choice] the degree of an automatic success at CA 20 or more: ca (the CA, the default) or rolled (read on a d20, 1 to 20)
        auto_degree: AutoDegree = choice(default = AutoDegree::Ca),
        /// the d20 of the test: official, or a house rule's script (`test_die`)
        die: StepRule = house_step(&TEST_DIE),
    }
}

impl TestOptions {
    /// Every option at its default (as the parameters' defaults).
    pub const DEFAULT: TestOptions = TestOptions {
        crit: CritDie::None,
        extremes: Extremes::Auto,
        th: 0,
        heroism_rules: false,
        heroism_auto_extremes: false,
        fold_low_ca: false,
        negative_nd_counts_failures: false,
        auto_degree: AutoDegree::Ca,
        die: StepRule::OFFICIAL,
    };

    /// The test of `ca` against `nd` with these options.
    pub fn rule(self, ca: i64, nd: i64) -> TestRule {
        TestRule {
            ca,
            nd,
            crit: self.crit,
            extremes: self.extremes,
            th: self.th,
            heroism_rules: self.heroism_rules,
            heroism_auto_extremes: self.heroism_auto_extremes,
            fold_low_ca: self.fold_low_ca,
            negative_nd_counts_failures: self.negative_nd_counts_failures,
            auto_degree: self.auto_degree,
            die: self.die,
        }
    }
}

impl Default for TestOptions {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// One test's inputs, as given (before the heroism normalisation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TestRule {
    /// Cible à atteindre.
    pub ca: i64,
    /// Niveau de difficulté.
    pub nd: i64,
    /// The crit die.
    pub crit: CritDie,
    /// Automatic results at the extremes, or a roll.
    pub extremes: Extremes,
    /// Total d'héroïsme.
    pub th: i64,
    /// Switch `heroism_rules`: CA above 20 and ND above 20 are folded into `th`.
    pub heroism_rules: bool,
    /// Switch `heroism_auto_extremes` (\[choice\]): with the heroism rules, the automatic
    /// results of `extremes` still apply after the fold (off: once heroism is on, every
    /// test is rolled).
    pub heroism_auto_extremes: bool,
    /// Switch `fold_low_ca`: with the heroism rules, a CA of 0 or less is raised by 20
    /// for each point of `th` given up.
    pub fold_low_ca: bool,
    /// Switch `negative_nd_counts_failures`: with `nd < 0`, a failure with `-°É > nd`
    /// beats ND.
    pub negative_nd_counts_failures: bool,
    /// Switch `auto_degree` (\[choice\]): the degree of an automatic success, the CA or
    /// read on a d20.
    pub auto_degree: AutoDegree,
    /// The d20 read: official, or a house rule's ([`TEST_DIE`]).
    pub die: StepRule,
}

/// The result of one test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct TestOutcome {
    /// Success (réussite) or failure (échec).
    pub success: bool,
    /// Whether the action beats ND.
    pub beats_nd: bool,
    /// Signed degree `D`: `°R` on a success, `-°É` on a failure, plus `20 × th`.
    pub degree: i64,
    /// `°R` on a success, `-°É` on a failure, without the heroism shift.
    pub raw_degree: i64,
}

/// Effective inputs after the heroism normalisation, and what is fixed before the roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Normalised {
    ca: i64,
    nd: i64,
    th: i64,
    /// A failure can beat ND (heroism in play, or the negative-ND switch).
    failures_count: bool,
    /// The automatic result, when no die is rolled.
    automatic: Option<(bool, i64)>,
    /// An automatic success whose degree is read on a d20 (`auto_degree=rolled`).
    rolled_success: bool,
}

impl TestRule {
    /// A test of `ca` against `nd` with every option at its default.
    pub fn new(ca: i64, nd: i64) -> Self {
        TestOptions::DEFAULT.rule(ca, nd)
    }

    /// Steps 1 and 2: heroism normalisation and automatic results.
    #[inline(always)]
    fn normalise(&self) -> Normalised {
        let (mut ca, mut nd, mut th) = (self.ca, self.nd, self.th);
        if self.heroism_rules {
            while ca > 20 {
                ca -= 20;
                th += 1;
            }
            // The optional fold of chapter 5: "si sa CA est inférieure ou égale à 0, il
            // peut augmenter son CA de 20 en diminuant son TH de 1".
            while self.fold_low_ca && ca <= 0 {
                ca += 20;
                th -= 1;
            }
            while nd > 20 {
                nd -= 20;
                th -= 1;
            }
        }
        // [choice] once heroism is on, no automatic result unless `heroism_auto_extremes`
        // asks for it: CA 21 folds to CA 1 with th 1, which the automatic failure would
        // make worse than CA 20.
        let auto = self.extremes == Extremes::Auto
            && self.crit == CritDie::None
            && (!self.heroism_rules || self.heroism_auto_extremes);
        // [choice] `auto_degree=rolled`: the success at CA 20 or more is automatic, its
        // degree read on a d20.
        let rolled_success = auto && ca >= 20 && self.auto_degree == AutoDegree::Rolled;
        let automatic = match auto {
            // [choice] of this program: an automatic failure has °É = 20 - CA, as if a 20
            // had been rolled. The degree histogram shows it, and with th != 0 it decides
            // `beats_nd` too (D = -(20 - CA) + 20 th is compared with ND).
            true if ca <= 1 => Some((false, -(20 - ca))),
            true if ca >= 20 && !rolled_success => Some((true, ca)),
            _ => None,
        };
        let failures_count = th != 0 || (self.negative_nd_counts_failures && nd < 0);
        Normalised {
            ca,
            nd,
            th,
            failures_count,
            automatic,
            rolled_success,
        }
    }

    /// Step 3 for the normalised test `n`: the signed degree read off the d20 (`°R` or
    /// `-°É`); an automatic success read on the d20 has the face as its degree.
    #[inline(always)]
    fn read(n: &Normalised, d: i64) -> (bool, i64) {
        if n.rolled_success {
            (true, d)
        } else {
            Self::read_d20(n.ca, d)
        }
    }

    /// Step 3: the signed degree read off the d20 (`°R` or `-°É`).
    fn read_d20(ca: i64, d: i64) -> (bool, i64) {
        if d == 1 {
            (true, ca.min(1))
        } else if d == 20 {
            (false, -(20 - ca))
        } else if d <= ca {
            (true, d)
        } else {
            (false, -(d - ca))
        }
    }

    /// Steps 4 to 6 from the d20 reading and the crit bonus `x` (0 when the crit die did
    /// not show 1).
    fn finish(n: &Normalised, success: bool, signed: i64, x: i64) -> TestOutcome {
        let raw_degree = if success { signed + x } else { signed - x };
        let degree = raw_degree + 20 * n.th;
        let beats_nd = degree > n.nd && (success || n.failures_count);
        TestOutcome {
            success,
            beats_nd,
            degree,
            raw_degree,
        }
    }

    /// The outcome for a given d20 `d` and crit bonus `x` (the rule steps, for tests and
    /// for the exact distribution).
    pub fn resolve(&self, d: u32, x: u32) -> TestOutcome {
        let n = self.normalise();
        let (success, signed) = n.automatic.unwrap_or_else(|| Self::read(&n, d as i64));
        Self::finish(&n, success, signed, x as i64)
    }

    /// Rolls the test: no die on an automatic result, else a d20, then the crit die
    /// (if any) and, on its 1, an open-ended d20.
    /// Cheap enough for a hot loop where the CA changes from roll to roll (a duel); use
    /// [`Prepared`] when the same test is rolled again and again.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> TestOutcome {
        let n = self.normalise();
        let (success, signed) = match n.automatic {
            Some(auto) => return Self::finish(&n, auto.0, auto.1, 0),
            None => Self::read(&n, self.die.roll(dice, &[n.ca], |d| d.d20() as i64)),
        };
        let x = match self.crit {
            CritDie::Die(sides) if dice.die(sides) == 1 => dice.open_ended_d20() as i64,
            _ => 0,
        };
        Self::finish(&n, success, signed, x)
    }

    /// Whether some roll of the dice beats ND (always, with a crit die: its open-ended
    /// d20 has no ceiling).
    pub fn can_beat_nd(&self) -> bool {
        if self.crit != CritDie::None {
            return true;
        }
        let n = self.normalise();
        if let Some((success, signed)) = n.automatic {
            return Self::finish(&n, success, signed, 0).beats_nd;
        }
        if n.failures_count || n.rolled_success {
            return (1..=20).any(|d| self.resolve(d, 0).beats_nd);
        }
        // Only successes count and th is 0: the best °R is the highest face at most CA
        // among 2..=19, or the natural 1's min(1, CA).
        let best = if n.ca >= 2 { n.ca.min(19) } else { n.ca.min(1) };
        best > n.nd
    }

    #[cfg(test)]
    /// The exact distribution of the outcome, [`TestRule::roll`] enumerated (the
    /// open-ended d20 truncated; see [`Dist::tail`]; for the tests).
    pub fn exact(&self) -> Dist<TestOutcome> {
        enumerate(|dice| self.roll(dice)).expect("a test has a few thousand paths at most")
    }
}

/// A test is a step of the rules that make one (an attack, a resistance test, a
/// confrontation): enumerated once per distinct test.
impl Step for TestRule {
    type Output = TestOutcome;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> TestOutcome {
        self.roll(dice)
    }
}

/// A test with everything that does not depend on the dice worked out in advance: the
/// outcome of each d20 face without crit bonus, so the hot loop is one lookup.
///
/// A prepared test is a [`Step`] as its rule is: equal rules, equal steps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prepared {
    rule: TestRule,
    normalised: Normalised,
    crit_sides: u32,
    /// The house rule's table of the d20 at this test's CA, if the die is replaced.
    house_die: Option<TableRef>,
    by_face: [TestOutcome; 21],
    by_face_read: [(bool, i64); 21],
}

impl Prepared {
    /// Prepares `rule` for rolling.
    pub fn new(rule: &TestRule) -> Self {
        let n = rule.normalise();
        let mut by_face = [TestOutcome {
            success: false,
            beats_nd: false,
            degree: 0,
            raw_degree: 0,
        }; 21];
        let mut by_face_read = [(false, 0); 21];
        for d in 1..=20 {
            let (success, signed) = n.automatic.unwrap_or_else(|| TestRule::read(&n, d));
            by_face_read[d as usize] = (success, signed);
            by_face[d as usize] = TestRule::finish(&n, success, signed, 0);
        }
        let crit_sides = match rule.crit {
            CritDie::None => 0,
            CritDie::Die(s) => s,
        };
        Self {
            rule: *rule,
            normalised: n,
            crit_sides,
            house_die: rule.die.table_for(&[n.ca]),
            by_face,
            by_face_read,
        }
    }

    /// The d20 face the test reads: the official die, or a draw from the house rule's
    /// table for the test's CA (a face 1..=20 either way, read off the same tables).
    #[inline(always)]
    fn face<D: Dice>(&self, dice: &mut D) -> usize {
        match self.house_die {
            None => dice.d20() as usize,
            Some(table) => table.draw(dice) as usize,
        }
    }

    /// Rolls the prepared test as a class of [`TestModel`]'s fast path: `Ok(face)` when
    /// the outcome is the d20 face's without crit bonus (`Ok(0)`: automatic), else the
    /// outcome. Draws the same dice as [`Prepared::roll`].
    #[inline(always)]
    pub fn roll_class<D: Dice>(&self, dice: &mut D) -> Result<usize, TestOutcome> {
        if self.normalised.automatic.is_some() {
            return Ok(0);
        }
        let d = self.face(dice);
        if self.crit_sides == 0 || dice.die(self.crit_sides) != 1 {
            return Ok(d);
        }
        let x = dice.open_ended_d20() as i64;
        let (success, signed) = self.by_face_read[d];
        Err(TestRule::finish(&self.normalised, success, signed, x))
    }

    /// Rolls the prepared test.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> TestOutcome {
        if let Some((success, signed)) = self.normalised.automatic {
            return TestRule::finish(&self.normalised, success, signed, 0);
        }
        let d = self.face(dice);
        if self.crit_sides == 0 {
            return self.by_face[d];
        }
        let x = if dice.die(self.crit_sides) == 1 {
            dice.open_ended_d20() as i64
        } else {
            0
        };
        let (success, signed) = self.by_face_read[d];
        TestRule::finish(&self.normalised, success, signed, x)
    }
}

impl std::hash::Hash for Prepared {
    /// The rule alone: everything else is worked out from it.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.rule.hash(state);
    }
}

impl Step for Prepared {
    type Output = TestOutcome;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> TestOutcome {
        self.roll(dice)
    }
}

crate::config! {
    /// The parameters of `aube.test`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct TestParams {
        /// cible à atteindre: roll this or less on a d20
        ca: i64 = int(-200..=200),
        /// niveau de difficulté: the degree of success must exceed it
        nd: i64 = int(-200..=200, default = 0),
        /// the options of the test
        options: TestOptions = flatten(),
    }
}

/// What `aube.test` reports.
#[derive(Debug, Clone, PartialEq)]
struct TestMetrics {
    success: MetricId,
    beats_nd: MetricId,
    mean_degree: MetricId,
    degree: HistId,
}

/// `aube.test`: one simple test.
#[derive(Debug, Clone, PartialEq)]
pub struct TestModel {
    rule: TestRule,
    prepared: Prepared,
    layout: Layout,
    m: TestMetrics,
}

impl TestModel {
    /// The model of `rule`.
    pub fn new(rule: TestRule) -> Self {
        let mut layout = Layout::new();
        let m = TestMetrics {
            success: layout.proportion(
                "success",
                "chance of a réussite read on the d20, before th counts (with heroism, beats_nd says whether the action succeeds)",
            ),
            beats_nd: layout.proportion("beats_nd", "chance the action beats ND"),
            mean_degree: layout.mean(
                "mean_degree_given_success",
                "mean °R of a réussite (th not added)",
            ),
            degree: layout.histogram(
                "degree",
                "histogram of the signed degree (°R, or -°É, plus 20 × th)",
                (-40, 40),
            ),
        };
        Self {
            rule,
            prepared: Prepared::new(&rule),
            layout,
            m,
        }
    }
}

impl FromConfig<TestParams> for TestModel {
    fn from_config(p: TestParams) -> Result<Self> {
        Ok(Self::new(p.options.rule(p.ca, p.nd)))
    }
}

impl Model for TestModel {
    type Outcome = TestOutcome;

    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> TestOutcome {
        self.prepared.roll(dice)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &TestOutcome, rec: &mut R) {
        rec.event(self.m.success, o.success);
        rec.event(self.m.beats_nd, o.beats_nd);
        rec.value_given(self.m.mean_degree, o.success, o.raw_degree);
        rec.hist(self.m.degree, o.degree);
    }

    fn exact(&self) -> Option<Dist<TestOutcome>> {
        enumerate(|dice| self.sample(dice)).ok()
    }
}

impl ClassModel for TestModel {
    /// The outcome is fixed by the d20 face (class 1..=20) unless the crit die shows 1,
    /// or by no roll at all (class 0, the automatic result).
    fn classes(&self) -> usize {
        21
    }

    #[inline(always)]
    fn sample_class<D: Dice>(&self, dice: &mut D) -> Result<usize, TestOutcome> {
        self.prepared.roll_class(dice)
    }

    fn class_outcome(&self, class: usize) -> Option<TestOutcome> {
        match (class, self.prepared.normalised.automatic) {
            (0, Some((success, signed))) => Some(TestRule::finish(
                &self.prepared.normalised,
                success,
                signed,
                0,
            )),
            (1..=20, None) => Some(self.prepared.by_face[class]),
            _ => None,
        }
    }
}

#[cfg(test)]
#[path = "resolution_tests.rs"]
mod tests;
