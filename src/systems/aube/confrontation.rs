//! The confrontation (seed chapter 2, "les confrontations"; the `aube` page →
//! *Confrontation*): both sides make a test; the `aube.confrontation` mechanic.
//!
//! Both fail: nobody wins. One succeeds: it wins. Both succeed: the higher degree wins
//! (the signed degree `D`, which is `°R` without heroism); equal degrees are a draw
//! (\[choice\] of the system's page; switch `tie`: `higher_ca` gives the tie to the side with the
//! higher CA, still a draw when the CAs are equal).
//!
//! \[choice\] With heroism in play (a side's `th` is not 0 after the fold), that side
//! succeeds when its signed degree `D` is positive: Ex. 5.3's failure by 2 with `th` 1 is
//! "un degré de réussite de 18", and a success lowered below 0 by a negative `th` is a
//! failure. Switch `heroic_degrees=false`: the raw success flag decides, as without
//! heroism.
//!
//! One meaning of *success* across the mechanics: a test's `success` (in `aube.test` and
//! every test's metrics) is the réussite read on the d20, before `th` counts; what heroism
//! changes is the signed degree and `beats_nd`. A side of a confrontation does not ask for
//! a réussite but whether its test carries: with heroism in play (and `heroic_degrees`)
//! that is `aube.test`'s `beats_nd` at ND 0, a signed degree above 0. So `aube.test ca=21
//! heroism_rules=true` has `success` 5% and `beats_nd` 100%, and the same side wins every
//! confrontation against a side that never succeeds.

use super::resolution::{Prepared, TestOptions, TestOutcome, TestRule};
use crate::engine::{Dice, Layout, MetricId, Recorder, Report, Roll, Rolled};

/// How a confrontation ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Confrontation {
    /// A succeeded and B did not, or both did and A's degree is higher.
    AWins,
    /// The mirror image.
    BWins,
    /// Both failed.
    Nobody,
    /// Both succeeded with the same degree.
    Draw,
}

crate::choice! {
    /// How equal degrees are settled.
    ///
    /// - `draw`: a draw (the default).
    /// - `higher_ca`: the side with the higher CA wins; a draw when the CAs are equal.
    pub enum Tie { Draw = "draw", HigherCa = "higher_ca" }
}

/// Whether a test counts as a success in a confrontation: by its signed degree when
/// heroism is in play and `heroic_degrees` is on, else by its raw success flag.
#[inline(always)]
pub fn succeeds(t: &TestOutcome, heroic_degrees: bool) -> bool {
    if heroic_degrees && t.degree != t.raw_degree {
        t.degree > 0
    } else {
        t.success
    }
}

impl Confrontation {
    /// The result of two tests, a tie settled as a draw, heroic degrees counted.
    pub fn of(a: &TestOutcome, b: &TestOutcome) -> Self {
        Self::with(a, b, true)
    }

    /// The result of two tests, a tie settled as a draw; `heroic_degrees` as the switch.
    pub fn with(a: &TestOutcome, b: &TestOutcome, heroic_degrees: bool) -> Self {
        match (succeeds(a, heroic_degrees), succeeds(b, heroic_degrees)) {
            (false, false) => Confrontation::Nobody,
            (true, false) => Confrontation::AWins,
            (false, true) => Confrontation::BWins,
            (true, true) => match a.degree.cmp(&b.degree) {
                std::cmp::Ordering::Greater => Confrontation::AWins,
                std::cmp::Ordering::Less => Confrontation::BWins,
                std::cmp::Ordering::Equal => Confrontation::Draw,
            },
        }
    }
}

crate::config! {
    /// One side of a confrontation (the parameters `a.ca`, `a.crit`...).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Side {
        /// this side's CA
        ca: i64 = int(-200..=200),
        /// the options of this side's test
        options: TestOptions = flatten(),
    }
}

crate::config! {
    /// The parameters of `aube.confrontation`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct ConfrontationParams {
        /// side A
        a: Side = group("a"),
        /// side B
        b: Side = group("b"),
        /// equal degrees: draw, or higher_ca (the higher CA wins)
        tie: Tie = choice(default = Tie::Draw),
        /// [choice] with heroism in play (th not 0 after the fold), a side succeeds when its signed degree D is positive (Ex. 5.3: a failure with D 18 is a success of 18); false: the raw success flag decides
        heroic_degrees: bool = switch(default = true),
    }
}

/// What `aube.confrontation` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfrontationMetrics {
    a_wins: MetricId,
    b_wins: MetricId,
    nobody: MetricId,
    draw: MetricId,
}

/// Side A's test against side B's, ties settled.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfrontationRule {
    rules: [TestRule; 2],
    prepared: [Prepared; 2],
    /// What a draw becomes (a draw, or a win of the higher CA).
    tie_goes_to: Confrontation,
    /// Switch `heroic_degrees`.
    heroic_degrees: bool,
}

impl ConfrontationRule {
    /// The confrontation of two tests (their `nd` is not used), ties a draw, heroic
    /// degrees counted.
    pub fn new(a: TestRule, b: TestRule) -> Self {
        Self::with_tie(a, b, Tie::Draw)
    }

    /// The confrontation of two tests with ties settled by `tie`.
    pub fn with_tie(a: TestRule, b: TestRule, tie: Tie) -> Self {
        Self::with_rules(a, b, tie, true)
    }

    /// The confrontation of two tests with ties settled by `tie` and the switch
    /// `heroic_degrees`.
    pub fn with_rules(a: TestRule, b: TestRule, tie: Tie, heroic_degrees: bool) -> Self {
        let tie_goes_to = match (tie, a.ca.cmp(&b.ca)) {
            (Tie::HigherCa, std::cmp::Ordering::Greater) => Confrontation::AWins,
            (Tie::HigherCa, std::cmp::Ordering::Less) => Confrontation::BWins,
            _ => Confrontation::Draw,
        };
        Self {
            rules: [a, b],
            prepared: [Prepared::new(&a), Prepared::new(&b)],
            tie_goes_to,
            heroic_degrees,
        }
    }

    /// Settles a draw by the tie rule.
    #[inline(always)]
    fn settle(&self, c: Confrontation) -> Confrontation {
        if c == Confrontation::Draw {
            self.tie_goes_to
        } else {
            c
        }
    }
}

impl From<ConfrontationParams> for ConfrontationRule {
    fn from(p: ConfrontationParams) -> Self {
        let rule = |side: Side| side.options.rule(side.ca, 0);
        Self::with_rules(rule(p.a), rule(p.b), p.tie, p.heroic_degrees)
    }
}

impl Roll for ConfrontationRule {
    type Outcome = Confrontation;

    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> Confrontation {
        let a = dice.step(&self.prepared[0]);
        let b = dice.step(&self.prepared[1]);
        self.settle(Confrontation::with(&a, &b, self.heroic_degrees))
    }
}

impl Report<ConfrontationRule> for ConfrontationMetrics {
    fn declare(_: &ConfrontationRule, layout: &mut Layout) -> Self {
        Self {
            a_wins: layout.proportion(
                "a_wins",
                "chance side A wins (a side carries on a réussite, or with heroism in play on a signed degree above 0: aube.test's beats_nd at ND 0)",
            ),
            b_wins: layout.proportion("b_wins", "chance side B wins"),
            nobody: layout.proportion(
                "nobody",
                "chance neither side carries (both fail, a heroic side by a signed degree of 0 or less)",
            ),
            draw: layout.proportion(
                "draw",
                "chance both carry with equal signed degrees",
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &Confrontation, rec: &mut R) {
        rec.event(self.a_wins, *o == Confrontation::AWins);
        rec.event(self.b_wins, *o == Confrontation::BWins);
        rec.event(self.nobody, *o == Confrontation::Nobody);
        rec.event(self.draw, *o == Confrontation::Draw);
    }
}

/// `aube.confrontation`: side A's test against side B's.
pub type ConfrontationModel = Rolled<ConfrontationRule, ConfrontationMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Model;
    use crate::engine::model::replay_one;
    use crate::engine::simulation;
    use crate::systems::aube::CONFRONTATION;
    use crate::systems::aube::resolution::CritDie;
    use crate::systems::test_support::{
        AGREEMENT_SAMPLES, AGREEMENT_SEED, assert_agrees_with_exact, assert_each_agrees,
        build_with, error_text, exact_value, expect_model,
    };

    fn rigged(a: i64, b: i64, dice: &[u32]) -> Confrontation {
        let model = ConfrontationModel::new(ConfrontationRule::new(
            TestRule::new(a, 0),
            TestRule::new(b, 0),
        ));
        replay_one(&model, dice).0
    }

    #[test]
    fn each_case() {
        assert_eq!(rigged(12, 12, &[15, 14]), Confrontation::Nobody);
        assert_eq!(rigged(12, 12, &[5, 14]), Confrontation::AWins);
        assert_eq!(rigged(12, 12, &[15, 4]), Confrontation::BWins);
        assert_eq!(rigged(12, 12, &[5, 9]), Confrontation::BWins);
        assert_eq!(rigged(12, 10, &[7, 7]), Confrontation::Draw);
    }

    #[test]
    fn tie_switch() {
        let draw = CONFRONTATION.model_for("a.ca=12 b.ca=10").expect("valid");
        let higher = expect_model(&CONFRONTATION, "a.ca=12 b.ca=10 tie=higher_ca");
        assert_eq!(replay_one(&draw, &[7, 7]).0, Confrontation::Draw);
        let (o, tally) = replay_one(&higher, &[7, 7]);
        assert_eq!(o, Confrontation::AWins);
        assert_eq!(tally.metric(higher.m.a_wins).sum, 1);
        // The ties (10 equal successes in 400) all go to A, the higher CA.
        assert!((exact_value(&draw, draw.m.draw) - 10.0 / 400.0).abs() < 1e-12);
        assert_eq!(exact_value(&higher, higher.m.draw), 0.0);
        let gained = exact_value(&higher, higher.m.a_wins) - exact_value(&draw, draw.m.a_wins);
        assert!((gained - 10.0 / 400.0).abs() < 1e-12);
        let sim = simulation(higher);
        assert_agrees_with_exact(sim.as_ref(), AGREEMENT_SAMPLES, AGREEMENT_SEED, 1, &"");
    }

    #[test]
    fn closed_form_equal_sides() {
        // ca 12 both: P(both succeed, same d) = 12/400; P(nobody) = (8/20)^2.
        let model = ConfrontationModel::new(ConfrontationRule::new(
            TestRule::new(12, 0),
            TestRule::new(12, 0),
        ));
        let d = model.exact().expect("exact");
        assert!((d.p(&Confrontation::Draw) - 12.0 / 400.0).abs() < 1e-12);
        assert!((d.p(&Confrontation::Nobody) - 0.16).abs() < 1e-12);
        assert!((d.p(&Confrontation::AWins) - d.p(&Confrontation::BWins)).abs() < 1e-12);
    }

    #[test]
    fn monte_carlo_agrees_with_exact_over_a_grid() {
        let crit = |ca| TestRule {
            crit: CritDie::Die(8),
            ..TestRule::new(ca, 0)
        };
        let heroic = TestRule {
            heroism_rules: true,
            ..TestRule::new(27, 0)
        };
        let cases = [
            (TestRule::new(12, 0), TestRule::new(12, 0)),
            (TestRule::new(5, 0), TestRule::new(17, 0)),
            (crit(10), crit(-3)),
            (heroic, TestRule::new(19, 0)),
            (
                TestRule {
                    heroism_rules: true,
                    ..TestRule::new(23, 0)
                },
                TestRule {
                    th: -1,
                    ..TestRule::new(30, 0)
                },
            ),
        ];
        assert_each_agrees(cases, 3, |(a, b)| {
            simulation(ConfrontationModel::new(ConfrontationRule::new(a, b)))
        });
    }

    /// The case: A has CA 23 with the heroism rules (CA 3, th 1), B has CA 12.
    /// A's signed degree is 3..=23 on every face, always positive: A wins unless B's °R
    /// matches it (10 ties in 400) or beats it (45 in 400).
    #[test]
    fn heroic_failure_is_a_success_of_its_degree() {
        let words = "a.ca=23 a.heroism_rules=true b.ca=12";
        let heroic = CONFRONTATION.model_for(words).expect("valid");
        assert!((exact_value(&heroic, heroic.m.a_wins) - 345.0 / 400.0).abs() < 1e-12);
        assert!((exact_value(&heroic, heroic.m.b_wins) - 45.0 / 400.0).abs() < 1e-12);
        assert!((exact_value(&heroic, heroic.m.draw) - 10.0 / 400.0).abs() < 1e-12);
        assert_eq!(exact_value(&heroic, heroic.m.nobody), 0.0);
        // Ex. 5.3's roll: A's 5 fails by 2, D 18; B's 15 fails: A wins.
        assert_eq!(replay_one(&heroic, &[5, 15]).0, Confrontation::AWins);
        // B's 12 is a success of 12 < 18: A still wins. A's 20: D 3 < B's 4.
        assert_eq!(replay_one(&heroic, &[5, 12]).0, Confrontation::AWins);
        assert_eq!(replay_one(&heroic, &[20, 4]).0, Confrontation::BWins);
        // The raw flag: A succeeds only on 1..=3 (then D 21..=23 beats any °R of B).
        let raw = CONFRONTATION
            .model_for(&format!("{words} heroic_degrees=false"))
            .expect("valid");
        assert_eq!(replay_one(&raw, &[5, 12]).0, Confrontation::BWins);
        let a_raw = 3.0 / 20.0;
        assert!((exact_value(&raw, raw.m.a_wins) - a_raw).abs() < 1e-12);
        assert!(exact_value(&raw, raw.m.a_wins) < exact_value(&heroic, heroic.m.a_wins));
        // A negative th turns a success below 0 into a failure.
        let low = expect_model(&CONFRONTATION, "a.ca=12 a.th=-1 b.ca=1 b.extremes=roll");
        assert_eq!(replay_one(&low, &[5, 2]).0, Confrontation::Nobody);
        assert_eq!(replay_one(&low, &[5, 1]).0, Confrontation::BWins);
    }

    /// The case: `aube.test ca=21 heroism_rules=true` has `success` 1/20 (the
    /// natural 1 of CA 1) but `beats_nd` 1 (th 1: every signed degree is above 0). A side
    /// of a confrontation carries when `beats_nd` at ND 0 does: it beats a side that never
    /// succeeds every time; with `heroic_degrees=false`, when `success` does: 1/20.
    #[test]
    fn a_side_carries_when_its_test_beats_nd_zero() {
        let rule = TestRule {
            heroism_rules: true,
            ..TestRule::new(21, 0)
        };
        let test = crate::engine::enumerate(|d| Prepared::new(&rule).roll(d)).expect("exact");
        assert!((test.p_where(|o| o.success) - 1.0 / 20.0).abs() < 1e-12);
        assert!((test.p_where(|o| o.beats_nd) - 1.0).abs() < 1e-12);
        let words = "a.ca=21 a.heroism_rules=true b.ca=-5";
        let heroic = expect_model(&CONFRONTATION, words);
        assert!((exact_value(&heroic, heroic.m.a_wins) - 1.0).abs() < 1e-12);
        let raw = expect_model(&CONFRONTATION, &format!("{words} heroic_degrees=false"));
        assert!((exact_value(&raw, raw.m.a_wins) - 1.0 / 20.0).abs() < 1e-12);
    }

    #[test]
    fn params_per_side() {
        let model = expect_model(&CONFRONTATION, "a.ca=12 b.ca=9 b.crit=d10");
        assert_eq!(model.rule.rules[0], TestRule::new(12, 0));
        assert_eq!(
            model.rule.rules[1],
            TestRule {
                crit: CritDie::Die(10),
                ..TestRule::new(9, 0)
            }
        );
        let e = error_text(build_with(
            &CONFRONTATION,
            &["a.ca=12", "b.ca=9", "a.crit=d3"],
        ));
        assert!(e.contains("a.crit"), "{e}");
    }
}
