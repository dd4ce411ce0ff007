//! One roll under a *Score de Maîtrise* (seed: *Règle de base*, *Boni et Mali*, *Jets
//! Critiques*, *La Chance du Débutant*, *Règles spécifiques aux Scores de Maîtrise
//! extrêmes*; `RULES.md` `maitrise`), and the `maitrise.test` mechanic.
//!
//! - `2 <= sm <= 19`: d20 `d <= sm` succeeds, critically on 1 or 11; otherwise it fails,
//!   critically on 10 or 20.
//! - `sm >= 20`: 1..=19 succeed (critically on 1 or 11); on a 20 the d20 is rolled again
//!   (`r`): 20 is a critical failure, 19 at least a failure; otherwise the action fails iff
//!   `r > sm - 10`, critically iff `r > sm - 4`.
//! - `sm <= 1`: 2..=20 fail (critically on 10 or 20); on a 1 the d20 is rolled again: 1 is
//!   a critical success, 2 at least a success; otherwise it succeeds iff `r <= sm + 10`,
//!   critically iff `r <= sm + 4`.
//!
//! A success or failure decided by the second roll is critical only by the rules above
//! (the text does not make a second-roll 11 or 10 critical).

use crate::engine::{Dice, Dist, HistId, Layout, MetricId, Model, Recorder, Registered};
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

/// The result of the first d20, or `None` when the extreme-score rules call for a
/// second roll (a 20 at `sm >= 20`, a 1 at `sm <= 1`).
pub fn read_first(sm: i64, d: u32) -> Option<Degree> {
    let d = d as i64;
    if (sm >= 20 && d == 20) || (sm <= 1 && d == 1) {
        return None;
    }
    Some(if d <= sm {
        if d == 1 || d == 11 {
            Degree::CritSuccess
        } else {
            Degree::Success
        }
    } else if d == 10 || d == 20 {
        Degree::CritFailure
    } else {
        Degree::Failure
    })
}

/// The result of the second d20 `r`, rolled after a 20 at `sm >= 20` or a 1 at
/// `sm <= 1` (the always-rules: a second 20 is always a critical failure, a second 19
/// always at least a failure, a second 1 always a critical success, a second 2 always at
/// least a success).
pub fn read_second(sm: i64, r: u32) -> Degree {
    let r = r as i64;
    if sm >= 20 {
        let fails = r == 20 || r == 19 || r > sm - 10;
        let critical = r == 20 || r > sm - 4;
        match (fails, critical) {
            (true, true) => Degree::CritFailure,
            (true, false) => Degree::Failure,
            _ => Degree::Success,
        }
    } else {
        let succeeds = r == 1 || r == 2 || r <= sm + 10;
        let critical = r == 1 || r <= sm + 4;
        match (succeeds, critical) {
            (true, true) => Degree::CritSuccess,
            (true, false) => Degree::Success,
            _ => Degree::Failure,
        }
    }
}

/// The result of a roll at `sm` given both dice (`r` is used only when the first die
/// calls for it).
pub fn resolve(sm: i64, d: u32, r: u32) -> Degree {
    read_first(sm, d).unwrap_or_else(|| read_second(sm, r))
}

/// The exact distribution of the result at `sm` (a chain: the second d20 only after the
/// face that calls for it).
pub fn exact(sm: i64) -> Dist<Degree> {
    Dist::die(20).then(|&d| match read_first(sm, d as u32) {
        Some(degree) => Dist::certain(degree),
        None => Dist::die(20).map(|&r| read_second(sm, r as u32)),
    })
}

/// A roll at a fixed score with both readings tabulated, so the hot loop is one or two
/// lookups.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prepared {
    first: [Option<Degree>; 21],
    second: [Degree; 21],
}

impl Prepared {
    /// Tabulates the roll at `sm`.
    pub fn new(sm: i64) -> Self {
        let mut first = [None; 21];
        let mut second = [Degree::Failure; 21];
        for face in 1..=20u32 {
            first[face as usize] = read_first(sm, face);
            second[face as usize] = read_second(sm, face);
        }
        Self { first, second }
    }

    /// Rolls one d20 (and a second one when the first calls for it).
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> Degree {
        match self.first[dice.d20() as usize] {
            Some(degree) => degree,
            None => self.second[dice.d20() as usize],
        }
    }
}

/// How the *Score de Maîtrise* is made up: a base (given as `sm`, or as skill +
/// characteristic + speciality), the automatic −5 of a skill of 0, and the net boni and
/// mali (`modifiers`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Score {
    /// `sm`, or skill + characteristic + speciality.
    pub base: i64,
    /// The skill is 0: automatic malus of 5.
    pub skill_zero: bool,
    /// The *Chance du Débutant*: first use of a skill of 0, no other (net) malus applies.
    pub first_use: bool,
    /// Net boni and mali.
    pub modifiers: i64,
}

impl Score {
    /// A plain score with no modifier.
    pub fn plain(sm: i64) -> Self {
        Self {
            base: sm,
            skill_zero: false,
            first_use: false,
            modifiers: 0,
        }
    }

    /// The score of the first roll (where the *Chance du Débutant* applies).
    pub fn first_roll(&self) -> i64 {
        let auto = if self.skill_zero { -5 } else { 0 };
        let mods = if self.first_use {
            self.modifiers.max(0)
        } else {
            self.modifiers
        };
        self.base + auto + mods
    }

    /// The score of every later roll of a series (the skill has been used: no more
    /// *Chance du Débutant*).
    pub fn later_rolls(&self) -> i64 {
        Score {
            first_use: false,
            ..*self
        }
        .first_roll()
    }
}

crate::config! {
    /// The parameters that make up a score, as given.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct ScoreParams {
        /// Score de Maîtrise before modifiers (or give skill, characteristic, speciality)
        sm: i64 = int(-100..=100, default = 0),
        /// Niveau de Compétence (part of sm; leave sm at 0)
        skill: i64 = int(0..=40, default = 0),
        /// Caractéristique (part of sm; leave sm at 0)
        characteristic: i64 = int(0..=40, default = 0),
        /// Niveau de Spécialité, when the action falls in it (part of sm)
        speciality: i64 = int(0..=40, default = 0),
        /// net boni and mali added to the score
        modifiers: i64 = int(-50..=50, default = 0),
        /// the skill is 0: automatic malus of 5 (with skill=0 or sm)
        skill_zero: bool = switch(default = false),
        /// Chance du Débutant: first use of a skill of 0, a net malus is not applied (needs
        /// skill_zero)
        first_use: bool = switch(default = false),
    }
}

impl Score {
    /// The score of `p`, checked: `sm` or its parts, not both; `skill_zero` with a skill
    /// of 0; `first_use` with `skill_zero`.
    pub fn from_config(p: ScoreParams) -> Result<Self> {
        let parts = p.skill + p.characteristic + p.speciality;
        if p.sm != 0 && parts != 0 {
            return Err(Error::value(
                "sm",
                "give the score either as sm or as skill + characteristic + speciality, not both",
            ));
        }
        if p.skill_zero && p.skill != 0 {
            return Err(Error::value(
                "skill_zero",
                "skill_zero means a skill of 0; it cannot go with skill > 0",
            ));
        }
        if p.first_use && !p.skill_zero {
            return Err(Error::value(
                "first_use",
                "the Chance du Débutant applies to a skill of 0 only; set skill_zero=true too",
            ));
        }
        Ok(Self {
            base: p.sm + parts,
            skill_zero: p.skill_zero,
            first_use: p.first_use,
            modifiers: p.modifiers,
        })
    }
}

/// `maitrise.test`: one roll under a *Score de Maîtrise*.
#[derive(Debug, Clone, PartialEq)]
pub struct TestModel {
    sm: i64,
    prepared: Prepared,
    layout: Layout,
    m: TestMetrics,
}

/// What `maitrise.test` reports.
#[derive(Debug, Clone, PartialEq)]
struct TestMetrics {
    crit_success: MetricId,
    success: MetricId,
    failure: MetricId,
    crit_failure: MetricId,
    outcome: HistId,
}

impl TestModel {
    /// The model of one roll at score `sm` (modifiers included).
    pub fn new(sm: i64) -> Self {
        let mut layout = Layout::new();
        let m = TestMetrics {
            crit_success: layout.proportion("crit_success", "chance of a Réussite Critique"),
            success: layout.proportion("success", "chance of a success, critical or not"),
            failure: layout.proportion("failure", "chance of a failure, critical or not"),
            crit_failure: layout.proportion("crit_failure", "chance of an Échec Critique"),
            outcome: layout.histogram(
                "outcome",
                "histogram: -2 critical failure, -1 failure, 1 success, 2 critical success",
                (-2, 2),
            ),
        };
        Self {
            sm,
            prepared: Prepared::new(sm),
            layout,
            m,
        }
    }

    fn from_config(p: ScoreParams) -> Result<Self> {
        Ok(Self::new(Score::from_config(p)?.first_roll()))
    }
}

impl Model for TestModel {
    type Outcome = Degree;

    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> Degree {
        self.prepared.roll(dice)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &Degree, rec: &mut R) {
        rec.event(self.m.crit_success, *o == Degree::CritSuccess);
        rec.event(self.m.success, o.is_success());
        rec.event(self.m.failure, !o.is_success());
        rec.event(self.m.crit_failure, *o == Degree::CritFailure);
        rec.hist(self.m.outcome, o.code());
    }

    fn exact(&self) -> Option<Dist<Degree>> {
        Some(exact(self.sm))
    }
}

/// The registry entry of `maitrise.test`.
pub static TEST: Registered<ScoreParams, TestModel> = Registered::new(
    "maitrise.test",
    "one d20 roll under a Score de Maîtrise: critical success, success, failure, critical failure",
    "sm=12",
    TestModel::from_config,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::config::{Config, read_config};
    use crate::engine::{Value, replay, simulation};
    use crate::systems::test_support::{
        AGREEMENT_SAMPLES, AGREEMENT_SEED, assert_agrees_with_exact,
    };

    fn roll(sm: i64, dice: &[u32]) -> Degree {
        replay(dice, |d| Prepared::new(sm).roll(d))
    }

    fn score(words: &[&str]) -> Result<Score> {
        Score::from_config(read_config(&TEST.values(&words.join(" "))?)?)
    }

    fn p(sm: i64, degree: Degree) -> f64 {
        exact(sm).p(&degree)
    }

    fn p_success(sm: i64) -> f64 {
        exact(sm).p_where(|d| d.is_success())
    }

    #[test]
    fn rules_exact_sm_11() {
        assert!((p_success(11) - 11.0 / 20.0).abs() < 1e-12);
        assert!((p(11, Degree::CritSuccess) - 2.0 / 20.0).abs() < 1e-12);
        assert!((p(11, Degree::CritFailure) - 1.0 / 20.0).abs() < 1e-12);
    }

    #[test]
    fn rules_exact_sm_20() {
        assert!((p_success(20) - 0.975).abs() < 1e-12);
        assert!((p(20, Degree::CritFailure) - 0.01).abs() < 1e-12);
    }

    #[test]
    fn rules_exact_sm_1() {
        assert!((p_success(1) - 0.0275).abs() < 1e-12);
        assert!((p(1, Degree::CritSuccess) - 0.0125).abs() < 1e-12);
    }

    #[test]
    fn red_swims_at_11() {
        let red = score(&["characteristic=7", "skill=8", "modifiers=-4"]).unwrap();
        assert_eq!(red.first_roll(), 11);
        assert_eq!(roll(11, &[10]), Degree::Success);
        assert_eq!(roll(11, &[11]), Degree::CritSuccess);
        assert_eq!(roll(11, &[12]), Degree::Failure);
    }

    #[test]
    fn red_shipwreck_starts_at_12() {
        let red = score(&["characteristic=4", "skill=8"]).unwrap();
        assert_eq!(red.first_roll(), 12);
        assert_eq!(red.later_rolls(), 12);
    }

    #[test]
    fn red_at_poker_scores_1_and_fails_on_19() {
        let red = score(&["characteristic=9", "skill_zero=true", "modifiers=-3"]).unwrap();
        assert_eq!(red.first_roll(), 1);
        assert_eq!(roll(1, &[19]), Degree::Failure);
        // Had it been his first game, the Chance du Débutant would drop the malus of 3.
        let first = score(&[
            "characteristic=9",
            "skill_zero=true",
            "first_use=true",
            "modifiers=-3",
        ])
        .unwrap();
        assert_eq!(first.first_roll(), 4);
        assert_eq!(first.later_rolls(), 1);
        // A net bonus still applies.
        let bonus = Score {
            modifiers: 2,
            ..first
        };
        assert_eq!(bonus.first_roll(), 6);
    }

    #[test]
    fn criticals_of_the_usual_range() {
        assert_eq!(roll(5, &[10]), Degree::CritFailure);
        assert_eq!(roll(5, &[11]), Degree::Failure);
        assert_eq!(roll(15, &[10]), Degree::Success);
        assert_eq!(roll(15, &[11]), Degree::CritSuccess);
        assert_eq!(roll(19, &[1]), Degree::CritSuccess);
        assert_eq!(roll(19, &[20]), Degree::CritFailure);
        assert_eq!(roll(2, &[1]), Degree::CritSuccess);
        assert_eq!(roll(2, &[2]), Degree::Success);
    }

    #[test]
    fn high_scores_roll_again_on_20() {
        assert_eq!(roll(25, &[19]), Degree::Success);
        assert_eq!(roll(25, &[11]), Degree::CritSuccess);
        // sm 25: the second roll fails above 15, critically above 21.
        assert_eq!(roll(25, &[20, 15]), Degree::Success);
        assert_eq!(roll(25, &[20, 16]), Degree::Failure);
        assert_eq!(roll(25, &[20, 1]), Degree::Success);
        // sm 20: fails above 10, critically above 16.
        assert_eq!(roll(20, &[20, 17]), Degree::CritFailure);
    }

    #[test]
    fn low_scores_roll_again_on_1() {
        assert_eq!(roll(-3, &[2]), Degree::Failure);
        assert_eq!(roll(-3, &[10]), Degree::CritFailure);
        // sm -3: the second roll succeeds up to 7, critically up to 1.
        assert_eq!(roll(-3, &[1, 7]), Degree::Success);
        assert_eq!(roll(-3, &[1, 8]), Degree::Failure);
        assert_eq!(roll(-3, &[1, 20]), Degree::Failure);
        // sm 1: critical up to 5.
        assert_eq!(roll(1, &[1, 5]), Degree::CritSuccess);
    }

    #[test]
    fn always_rules_at_extreme_scores() {
        // sm 40: r > 30 would never fail, but a second 20 and 19 still do.
        assert_eq!(roll(40, &[20, 20]), Degree::CritFailure);
        assert_eq!(roll(40, &[20, 19]), Degree::Failure);
        assert_eq!(roll(40, &[20, 18]), Degree::Success);
        // sm 21: a second 19 is a critical failure (19 > 17), 20 too.
        assert_eq!(roll(21, &[20, 19]), Degree::CritFailure);
        // sm -20: r <= -10 would never succeed, but a second 1 and 2 still do.
        assert_eq!(roll(-20, &[1, 1]), Degree::CritSuccess);
        assert_eq!(roll(-20, &[1, 2]), Degree::Success);
        assert_eq!(roll(-20, &[1, 3]), Degree::Failure);
        // sm -2: a second 2 is critical (2 <= 2).
        assert_eq!(roll(-2, &[1, 2]), Degree::CritSuccess);
        // Chances at the extremes: 1/400 of a crit failure at sm 40, 2/400 of a success
        // (one critical) at sm -20.
        assert!((p(40, Degree::CritFailure) - 1.0 / 400.0).abs() < 1e-12);
        assert!((p(40, Degree::Failure) - 1.0 / 400.0).abs() < 1e-12);
        assert!((p_success(-20) - 2.0 / 400.0).abs() < 1e-12);
        assert!((p(-20, Degree::CritSuccess) - 1.0 / 400.0).abs() < 1e-12);
    }

    #[test]
    fn closed_forms_of_the_usual_range() {
        for sm in 2..=19 {
            let crit_s = if sm >= 11 { 2.0 } else { 1.0 } / 20.0;
            let crit_f = if sm >= 10 { 1.0 } else { 2.0 } / 20.0;
            assert!((p_success(sm) - sm as f64 / 20.0).abs() < 1e-12, "sm {sm}");
            assert!(
                (p(sm, Degree::CritSuccess) - crit_s).abs() < 1e-12,
                "sm {sm}"
            );
            assert!(
                (p(sm, Degree::CritFailure) - crit_f).abs() < 1e-12,
                "sm {sm}"
            );
        }
    }

    #[test]
    fn success_never_drops_as_the_score_rises() {
        let mut last = 0.0;
        for sm in -30..=45 {
            let dist = exact(sm);
            let total: f64 = dist.iter().map(|(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-12);
            let s = p_success(sm);
            assert!(s >= last - 1e-15, "sm {sm}");
            last = s;
        }
        // Beyond the reach of the second roll, only the always-rules remain.
        assert!((p_success(-14) - p_success(-30)).abs() < 1e-15);
        assert!((p_success(30) - p_success(45)).abs() < 1e-15);
    }

    #[test]
    fn bad_score_input_is_an_error() {
        assert!(score(&["sm=11", "skill=3"]).is_err());
        assert!(score(&["skill=2", "skill_zero=true"]).is_err());
        assert!(score(&["sm=9", "first_use=true"]).is_err());
        assert!(score(&["sm=101"]).is_err());
        assert!(score(&["skill=-1"]).is_err());
        let spec = &ScoreParams::specs("")[0];
        assert!(spec.check(Value::Int(-101)).is_err());
        assert!(score(&["sm=9", "skill_zero=true", "first_use=true"]).is_ok());
    }

    #[test]
    fn monte_carlo_agrees_with_exact_over_a_grid() {
        for (i, sm) in [-20i64, -3, 1, 2, 11, 19, 20, 23, 40]
            .into_iter()
            .enumerate()
        {
            let sim = simulation(TestModel::new(sm));
            assert_agrees_with_exact(
                sim.as_ref(),
                AGREEMENT_SAMPLES,
                AGREEMENT_SEED + i as u64,
                5,
                &format!("sm {sm}"),
            );
        }
    }
}
