//! The confrontation (seed chapter 2, "les confrontations"; `RULES.md` `aube` →
//! *Confrontation*): both sides make a test; the `aube.confrontation` mechanic.
//!
//! Both fail: nobody wins. One succeeds: it wins. Both succeed: the higher degree wins
//! (the signed degree `D`, which is `°R` without heroism); equal degrees are a draw
//! (\[choice\] of `RULES.md`; switch `tie`: `higher_ca` gives the tie to the side with the
//! higher CA, still a draw when the CAs are equal).

use super::resolution::{Prepared, TestOptions, TestOutcome, TestRule};
use crate::engine::{Choice, Dice, Dist, Layout, MetricId, Model, Recorder, Registered};
use crate::error::Result;

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

/// How equal degrees are settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tie {
    /// A draw (the default).
    Draw,
    /// The side with the higher CA wins; a draw when the CAs are equal.
    HigherCa,
}

impl Choice for Tie {
    const NAMES: &'static [(&'static str, Self)] =
        &[("draw", Tie::Draw), ("higher_ca", Tie::HigherCa)];
}

impl Confrontation {
    /// The result of two tests, a tie settled as a draw.
    pub fn of(a: &TestOutcome, b: &TestOutcome) -> Self {
        match (a.success, b.success) {
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
    }
}

/// What `aube.confrontation` reports.
#[derive(Debug, Clone, PartialEq)]
struct ConfrontationMetrics {
    a_wins: MetricId,
    b_wins: MetricId,
    nobody: MetricId,
    draw: MetricId,
}

/// `aube.confrontation`: side A's test against side B's.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfrontationModel {
    rules: [TestRule; 2],
    prepared: [Prepared; 2],
    /// What a draw becomes (a draw, or a win of the higher CA).
    tie_goes_to: Confrontation,
    layout: Layout,
    m: ConfrontationMetrics,
}

impl ConfrontationModel {
    /// The confrontation of two tests (their `nd` is not used), ties a draw.
    pub fn new(a: TestRule, b: TestRule) -> Self {
        Self::with_tie(a, b, Tie::Draw)
    }

    /// The confrontation of two tests with ties settled by `tie`.
    pub fn with_tie(a: TestRule, b: TestRule, tie: Tie) -> Self {
        let tie_goes_to = match (tie, a.ca.cmp(&b.ca)) {
            (Tie::HigherCa, std::cmp::Ordering::Greater) => Confrontation::AWins,
            (Tie::HigherCa, std::cmp::Ordering::Less) => Confrontation::BWins,
            _ => Confrontation::Draw,
        };
        let mut layout = Layout::new();
        let m = ConfrontationMetrics {
            a_wins: layout.proportion("a_wins", "chance side A wins"),
            b_wins: layout.proportion("b_wins", "chance side B wins"),
            nobody: layout.proportion("nobody", "chance both fail"),
            draw: layout.proportion("draw", "chance both succeed with equal degrees"),
        };
        Self {
            rules: [a, b],
            prepared: [Prepared::new(&a), Prepared::new(&b)],
            tie_goes_to,
            layout,
            m,
        }
    }

    fn from_config(p: ConfrontationParams) -> Result<Self> {
        let rule = |side: Side| side.options.rule(side.ca, 0);
        Ok(Self::with_tie(rule(p.a), rule(p.b), p.tie))
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

impl Model for ConfrontationModel {
    type Outcome = Confrontation;

    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> Confrontation {
        let a = self.prepared[0].roll(dice);
        let b = self.prepared[1].roll(dice);
        self.settle(Confrontation::of(&a, &b))
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &Confrontation, rec: &mut R) {
        rec.event(self.m.a_wins, *o == Confrontation::AWins);
        rec.event(self.m.b_wins, *o == Confrontation::BWins);
        rec.event(self.m.nobody, *o == Confrontation::Nobody);
        rec.event(self.m.draw, *o == Confrontation::Draw);
    }

    fn exact(&self) -> Option<Dist<Confrontation>> {
        let reduce = |r: &TestRule| {
            r.exact().map(|t| TestOutcome {
                beats_nd: false,
                raw_degree: 0,
                ..*t
            })
        };
        Some(
            reduce(&self.rules[0]).combine(&reduce(&self.rules[1]), |a, b| {
                self.settle(Confrontation::of(a, b))
            }),
        )
    }
}

/// The registry entry of `aube.confrontation`.
pub static CONFRONTATION: Registered<ConfrontationParams, ConfrontationModel> = Registered::new(
    "aube.confrontation",
    "two opposed tests: who wins, nobody, or a draw",
    "a.ca=12 b.ca=10",
    ConfrontationModel::from_config,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::{exact_tally, replay_one};
    use crate::engine::simulation;
    use crate::systems::aube::resolution::CritDie;
    use crate::systems::test_support::{
        AGREEMENT_SAMPLES, AGREEMENT_SEED, assert_agrees_with_exact, build_with, error_text,
    };

    fn rigged(a: i64, b: i64, dice: &[u32]) -> Confrontation {
        let model = ConfrontationModel::new(TestRule::new(a, 0), TestRule::new(b, 0));
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
        let higher = CONFRONTATION
            .model_for("a.ca=12 b.ca=10 tie=higher_ca")
            .expect("valid");
        assert_eq!(replay_one(&draw, &[7, 7]).0, Confrontation::Draw);
        let (o, tally) = replay_one(&higher, &[7, 7]);
        assert_eq!(o, Confrontation::AWins);
        assert_eq!(tally.metric(higher.m.a_wins).sum, 1);
        // The ties (10 equal successes in 400) all go to A, the higher CA.
        let value = |model: &ConfrontationModel, id: MetricId| {
            let dist = model.exact().expect("exact");
            exact_tally(model, &model.layout(), &dist)
                .value(id)
                .unwrap_or(f64::NAN)
        };
        assert!((value(&draw, draw.m.draw) - 10.0 / 400.0).abs() < 1e-12);
        assert_eq!(value(&higher, higher.m.draw), 0.0);
        let gained = value(&higher, higher.m.a_wins) - value(&draw, draw.m.a_wins);
        assert!((gained - 10.0 / 400.0).abs() < 1e-12);
        let sim = simulation(higher);
        assert_agrees_with_exact(sim.as_ref(), AGREEMENT_SAMPLES, AGREEMENT_SEED, 1, &"");
    }

    #[test]
    fn closed_form_equal_sides() {
        // ca 12 both: P(both succeed, same d) = 12/400; P(nobody) = (8/20)^2.
        let model = ConfrontationModel::new(TestRule::new(12, 0), TestRule::new(12, 0));
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
        ];
        for (i, (a, b)) in cases.into_iter().enumerate() {
            let sim = simulation(ConfrontationModel::new(a, b));
            assert_agrees_with_exact(
                sim.as_ref(),
                AGREEMENT_SAMPLES,
                AGREEMENT_SEED + i as u64,
                3,
                &format!("case {i}"),
            );
        }
    }

    #[test]
    fn params_per_side() {
        let model = CONFRONTATION
            .model_for("a.ca=12 b.ca=9 b.crit=d10")
            .expect("valid");
        assert_eq!(model.rules[0], TestRule::new(12, 0));
        assert_eq!(
            model.rules[1],
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
