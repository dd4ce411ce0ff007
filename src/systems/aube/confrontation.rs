//! The confrontation (seed chapter 2, "les confrontations"; `RULES.md` `aube` →
//! *Confrontation*): both sides make a test; the `aube.confrontation` mechanic.
//!
//! Both fail: nobody wins. One succeeds: it wins. Both succeed: the higher degree wins
//! (the signed degree `D`, which is `°R` without heroism); equal degrees are a draw
//! (\[choice\] of `RULES.md`; switch `tie`: `higher_ca` gives the tie to the side with the
//! higher CA, still a draw when the CAs are equal).

use super::resolution::{Prepared, TestOutcome, TestRule};
use crate::engine::{
    Choice, Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation,
    simulation,
};
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

/// `aube.confrontation`: side A's test against side B's.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfrontationModel {
    rules: [TestRule; 2],
    prepared: [Prepared; 2],
    /// What a draw becomes (a draw, or a win of the higher CA).
    tie_goes_to: Confrontation,
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
        Self {
            rules: [a, b],
            prepared: [Prepared::new(&a), Prepared::new(&b)],
            tie_goes_to,
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

impl Model for ConfrontationModel {
    type Outcome = Confrontation;

    fn layout(&self) -> Layout {
        Layout::new()
            .with_proportion("a_wins")
            .with_proportion("b_wins")
            .with_proportion("nobody")
            .with_proportion("draw")
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> Confrontation {
        let a = self.prepared[0].roll(dice);
        let b = self.prepared[1].roll(dice);
        self.settle(Confrontation::of(&a, &b))
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &Confrontation, rec: &mut R) {
        rec.event(0, *o == Confrontation::AWins);
        rec.event(1, *o == Confrontation::BWins);
        rec.event(2, *o == Confrontation::Nobody);
        rec.event(3, *o == Confrontation::Draw);
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
#[derive(Debug, Clone, Copy)]
pub struct ConfrontationMechanic;

impl Mechanic for ConfrontationMechanic {
    fn name(&self) -> &'static str {
        "aube.confrontation"
    }

    fn summary(&self) -> &'static str {
        "two opposed tests: who wins, nobody, or a draw"
    }

    fn params(&self) -> Vec<ParamSpec> {
        let mut specs: Vec<ParamSpec> = ["a", "b"]
            .iter()
            .flat_map(|side| {
                std::iter::once(ParamSpec::int("ca", "this side's CA", -200, 200, None))
                    .chain(TestRule::option_specs())
                    .map(move |s| s.prefixed(side))
            })
            .collect();
        specs.push(ParamSpec::choice(
            "tie",
            "equal degrees: draw, or higher_ca (the higher CA wins)",
            Some(Tie::Draw),
        ));
        specs
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("a_wins", "chance side A wins"),
            ("b_wins", "chance side B wins"),
            ("nobody", "chance both fail"),
            ("draw", "chance both succeed with equal degrees"),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let side = |p: &str| TestRule::from_params(params, p, params.int(&format!("{p}.ca")), 0);
        Ok(simulation(ConfrontationModel::with_tie(
            side("a"),
            side("b"),
            params.choice("tie"),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RiggedDice;
    use crate::engine::model::record_one;
    use crate::query::Query;
    use crate::systems::aube::resolution::CritDie;
    use crate::systems::test_support::assert_agrees_with_exact;

    fn rigged(a: i64, b: i64, dice: &[u32]) -> Confrontation {
        let model = ConfrontationModel::new(TestRule::new(a, 0), TestRule::new(b, 0));
        record_one(&model, &mut RiggedDice::new(dice)).0
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
        let model =
            ConfrontationModel::with_tie(TestRule::new(12, 0), TestRule::new(10, 0), Tie::HigherCa);
        let (o, _) = record_one(&model, &mut RiggedDice::new(&[7, 7]));
        assert_eq!(o, Confrontation::AWins);
        let d = model.exact().expect("exact");
        assert_eq!(d.p(&Confrontation::Draw), 0.0);
        let sim = simulation(model);
        assert_agrees_with_exact(sim.as_ref(), 200_000, 3100, 1, &"");
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
                200_000,
                3000 + i as u64,
                3,
                &format!("case {i}"),
            );
        }
    }

    #[test]
    fn params_per_side() {
        let q = Query::parse(
            "aube.confrontation",
            &["a.ca=12".into(), "b.ca=9".into(), "b.crit=d10".into()],
        );
        assert!(q.is_ok());
        let e = Query::parse(
            "aube.confrontation",
            &["a.ca=12".into(), "b.ca=9".into(), "a.crit=d3".into()],
        )
        .map(|_| ())
        .expect_err("bad crit");
        assert!(e.to_string().contains("a.crit"), "{e}");
    }
}
