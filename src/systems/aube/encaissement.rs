//! The `aube.damage` and `aube.depassement` mechanics: one blow read on Tableau 3.1 (seed
//! chapter 3, "l'encaissement"; chapter 2, "le dépassement"; `RULES.md` `aube` → *Damage*
//! and *Dépassement*). The rule step itself is [`DamageRule`].
//!
//! *Dépassement* (going beyond, e.g. a jump or a fall with a difficulty): a test of `ca`
//! with `nd = diff`; if it beats ND the blow is `dom = eff + diff - D`, else `dom = eff`
//! (`eff`, the effect's damage level; \[choice\]: `D` is the signed degree, `°R` without
//! heroism).

use super::attack::damage_layout;
use super::damage::{DamageOutcome, DamageResult, DamageRule};
use super::resolution::{Prepared, TestRule};
use crate::engine::{
    Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation, simulation,
};
use crate::error::Result;

/// The defender's damage inputs (`enc`, `be`, `fm`).
pub fn defence_specs() -> Vec<ParamSpec> {
    vec![
        ParamSpec::int(
            "enc",
            "encaissement: CA of the resistance test",
            -100,
            100,
            None,
        ),
        ParamSpec::int("be", "bonus d'encaisse of the armour", -50, 100, Some(0)),
        super::attack::fm_spec(),
    ]
}

/// The damage step read from [`defence_specs`] and the test options.
pub fn damage_rule(params: &ParamValues) -> DamageRule {
    DamageRule {
        enc: params.int("enc"),
        be: params.int("be"),
        fm: params.int("fm"),
        test: TestRule::from_params(params, "", 0, 0),
    }
}

/// Records the seven results from metric `first`, and `effective_damage` (histogram 0).
#[inline(always)]
fn record_damage<R: Recorder>(rec: &mut R, first: usize, d: &DamageOutcome) {
    for r in DamageResult::ALL {
        rec.event(first + r.index(), d.result == r);
    }
    rec.hist(0, d.effective);
}

/// The metrics of `aube.depassement`: `beats_nd`, then those of `aube.damage` (the seven
/// results and `effective_damage`).
static DEPASSEMENT_DOC: [(&str, &str); 9] = [
    (
        "beats_nd",
        "chance the test beats diff (the blow is softened)",
    ),
    ("none", "no effect (the seven results sum to 1)"),
    ("etourdi", "étourdi: -1 to the next action"),
    ("sonne", "sonné: 1 fatigue point"),
    ("legere", "blessure légère"),
    ("grave", "blessure grave"),
    ("critique", "blessure critique"),
    ("fatale", "fatal"),
    ("effective_damage", "histogram of the effective damage"),
];

/// `aube.damage`: one blow of level `dom`.
#[derive(Debug, Clone, PartialEq)]
pub struct DamageModel {
    rule: DamageRule,
    resistance: Prepared,
    dom: i64,
}

impl DamageModel {
    /// A blow of level `dom` against `rule`.
    pub fn new(rule: DamageRule, dom: i64) -> Self {
        Self {
            resistance: Prepared::new(&rule.resistance_test()),
            rule,
            dom,
        }
    }
}

impl Model for DamageModel {
    type Outcome = DamageOutcome;

    fn layout(&self) -> Layout {
        damage_layout(Layout::new()).with_histogram("effective_damage", (-20, 50))
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> DamageOutcome {
        self.rule.resolve(self.dom, &self.resistance.roll(dice))
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &DamageOutcome, rec: &mut R) {
        record_damage(rec, 0, o);
    }

    fn exact(&self) -> Option<Dist<DamageOutcome>> {
        Some(self.rule.exact(self.dom))
    }
}

/// The registry entry of `aube.damage`.
#[derive(Debug, Clone, Copy)]
pub struct DamageMechanic;

impl Mechanic for DamageMechanic {
    fn name(&self) -> &'static str {
        "aube.damage"
    }

    fn summary(&self) -> &'static str {
        "one blow of level dom against encaissement and armour, read on Tableau 3.1"
    }

    fn params(&self) -> Vec<ParamSpec> {
        let mut specs = vec![ParamSpec::int(
            "dom",
            "niveau de dommage of the blow",
            -100,
            200,
            None,
        )];
        specs.extend(defence_specs());
        specs.extend(TestRule::option_specs());
        specs
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &DEPASSEMENT_DOC[1..]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        Ok(simulation(DamageModel::new(
            damage_rule(params),
            params.int("dom"),
        )))
    }
}

/// The outcome of a dépassement: whether the test beat ND, and the blow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DepassementOutcome {
    /// The test beat `diff`.
    pub beats_nd: bool,
    /// The damage step's outcome.
    pub damage: DamageOutcome,
}

/// `aube.depassement`: a test against `diff`, then a blow of `eff + diff - D` or `eff`.
#[derive(Debug, Clone, PartialEq)]
pub struct DepassementModel {
    test: TestRule,
    prepared: Prepared,
    eff: i64,
    damage: DamageRule,
}

impl DepassementModel {
    /// A test of `ca` against `diff` (the options of `test`), effect `eff`, then `damage`.
    pub fn new(test: TestRule, ca: i64, diff: i64, eff: i64, damage: DamageRule) -> Self {
        let test = TestRule {
            ca,
            nd: diff,
            ..test
        };
        Self {
            prepared: Prepared::new(&test),
            test,
            eff,
            damage,
        }
    }

    /// The blow's level after the test.
    #[inline(always)]
    fn dom(&self, beats_nd: bool, degree: i64) -> i64 {
        if beats_nd {
            self.eff + self.test.nd - degree
        } else {
            self.eff
        }
    }
}

impl Model for DepassementModel {
    type Outcome = DepassementOutcome;

    fn layout(&self) -> Layout {
        damage_layout(Layout::new().with_proportion("beats_nd"))
            .with_histogram("effective_damage", (-20, 50))
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> DepassementOutcome {
        let t = self.prepared.roll(dice);
        DepassementOutcome {
            beats_nd: t.beats_nd,
            damage: self.damage.roll(self.dom(t.beats_nd, t.degree), dice),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &DepassementOutcome, rec: &mut R) {
        rec.event(0, o.beats_nd);
        record_damage(rec, 1, &o.damage);
    }

    fn exact(&self) -> Option<Dist<DepassementOutcome>> {
        let resistance = self.damage.resistance_test().exact();
        Some(
            self.test
                .exact()
                .map(|t| (t.beats_nd, self.dom(t.beats_nd, t.degree)))
                .then(|&(beats_nd, dom)| {
                    resistance.map(|r| DepassementOutcome {
                        beats_nd,
                        damage: self.damage.resolve(dom, r),
                    })
                }),
        )
    }
}

/// The registry entry of `aube.depassement`.
#[derive(Debug, Clone, Copy)]
pub struct DepassementMechanic;

impl Mechanic for DepassementMechanic {
    fn name(&self) -> &'static str {
        "aube.depassement"
    }

    fn summary(&self) -> &'static str {
        "a test against a difficulty that softens a blow (eff + diff - °R), then Tableau 3.1"
    }

    fn params(&self) -> Vec<ParamSpec> {
        let mut specs = vec![
            ParamSpec::int("ca", "CA of the test", -200, 200, None),
            ParamSpec::int("diff", "difficulty: the test's ND", -100, 100, None),
            ParamSpec::int("eff", "damage level of the effect", -100, 200, None),
        ];
        specs.extend(defence_specs());
        specs.extend(TestRule::option_specs());
        specs
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &DEPASSEMENT_DOC
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        Ok(simulation(DepassementModel::new(
            TestRule::from_params(params, "", 0, 0),
            params.int("ca"),
            params.int("diff"),
            params.int("eff"),
            damage_rule(params),
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

    #[test]
    fn ex_2_10_depassement() {
        // eff 15, diff 8, ca 17, d 12 → dom 11; enc 14, d 7 → 4: étourdi.
        let model =
            DepassementModel::new(TestRule::new(0, 0), 17, 8, 15, DamageRule::new(14, 0, 0));
        let mut dice = RiggedDice::new(&[12, 7]);
        let (o, _) = record_one(&model, &mut dice);
        assert_eq!(dice.remaining(), 0);
        assert!(o.beats_nd);
        assert_eq!(o.damage.effective, 4);
        assert_eq!(o.damage.result, DamageResult::Etourdi);
        // Not beating ND (d 5 <= 8) takes the whole effect: 15 - 7 = 8, sonné.
        let (o, _) = record_one(&model, &mut RiggedDice::new(&[5, 7]));
        assert_eq!((o.beats_nd, o.damage.effective), (false, 8));
    }

    #[test]
    fn krom_damage_vector_through_the_mechanic() {
        let model = DamageModel::new(DamageRule::new(11, 4, 0), 28);
        let (o, _) = record_one(&model, &mut RiggedDice::new(&[5]));
        assert_eq!((o.effective, o.result), (19, DamageResult::Legere));
    }

    #[test]
    fn monte_carlo_agrees_with_exact_over_a_grid() {
        let crit = DamageRule {
            test: TestRule {
                crit: CritDie::Die(6),
                ..TestRule::new(0, 0)
            },
            ..DamageRule::new(12, 3, 0)
        };
        let damage_cases = [
            (DamageRule::new(11, 4, 0), 28),
            (DamageRule::new(12, 3, 10), 35),
            (DamageRule::new(15, 0, -5), 12),
            (crit, 30),
        ];
        for (i, (rule, dom)) in damage_cases.into_iter().enumerate() {
            let sim = simulation(DamageModel::new(rule, dom));
            assert_agrees_with_exact(
                sim.as_ref(),
                200_000,
                5000 + i as u64,
                5,
                &format!("damage case {i}"),
            );
        }
        let heroic = TestRule {
            heroism_rules: true,
            ..TestRule::new(0, 0)
        };
        let dep_cases = [
            (TestRule::new(0, 0), 17, 8, 15, DamageRule::new(14, 0, 0)),
            (TestRule::new(0, 0), 10, 2, 30, DamageRule::new(12, 2, 5)),
            (heroic, 31, 25, 40, DamageRule::new(12, 0, 0)),
        ];
        for (i, (t, ca, diff, eff, d)) in dep_cases.into_iter().enumerate() {
            let sim = simulation(DepassementModel::new(t, ca, diff, eff, d));
            assert_agrees_with_exact(
                sim.as_ref(),
                200_000,
                5100 + i as u64,
                5,
                &format!("dépassement case {i}"),
            );
        }
    }

    #[test]
    fn results_sum_to_one() {
        let model = DamageModel::new(DamageRule::new(12, 3, 0), 30);
        let dist = model.exact().expect("exact");
        let t = crate::engine::model::exact_tally(&model, &model.layout(), &dist);
        let total: f64 = (0..7).map(|i| t.metrics[i].value().unwrap_or(0.0)).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn bad_input() {
        let e = Query::parse("aube.damage", &["dom=20".into()])
            .map(|_| ())
            .expect_err("enc missing");
        assert!(e.to_string().contains("enc"), "{e}");
        let e = Query::parse(
            "aube.damage",
            &["dom=20".into(), "enc=12".into(), "crit=d4".into()],
        )
        .map(|_| ())
        .expect_err("bad crit");
        assert!(e.to_string().contains("crit"), "{e}");
    }
}
