//! One attack of classic combat (seed chapter 3, "le combat classique", "facteur
//! d'attaque", "facteur de mortalité"; `RULES.md` `aube` → *Classic combat*): the attack
//! step shared by `aube.attack` and `aube.duel`, and the `aube.attack` mechanic.
//!
//! The attacker tests `TA = ca + ba` against `nd = TP = ca + bp - fa` of the defender; it
//! hits when the test beats ND; the blow's level is `dom = D + bd` (\[choice\]: `D` is the
//! signed degree, heroism included, which is `°R` without heroism), then the damage step
//! against the defender's `enc - fm` and `be`.

use super::damage::{DamageOutcome, DamageResult, DamageRule};
use super::fighter::Fighter;
use super::resolution::{TestOutcome, TestRule};
use crate::engine::{
    Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation, simulation,
};
use crate::error::Result;

/// The `fa` parameter: facteur d'attaque, default 10.
pub fn fa_spec() -> ParamSpec {
    ParamSpec::int(
        "fa",
        "facteur d'attaque: subtracted from every parry (higher: more hits)",
        -20,
        40,
        Some(10),
    )
}

/// The `fm` parameter: facteur de mortalité, default 0.
pub fn fm_spec() -> ParamSpec {
    ParamSpec::int(
        "fm",
        "facteur de mortalité: subtracted from every encaissement (higher: deadlier)",
        -20,
        40,
        Some(0),
    )
}

/// The global settings of an attack: `fa`, `fm` and the options of every test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttackRule {
    /// Facteur d'attaque.
    pub fa: i64,
    /// Facteur de mortalité.
    pub fm: i64,
    /// Options of the attack and resistance tests (\[choice\]: the same for both; `ca` and
    /// `nd` are set per test).
    pub test: TestRule,
}

/// The result of one attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct AttackOutcome {
    /// Whether the attack hit (beat the parry).
    pub hit: bool,
    /// The damage step's outcome; on a miss, effective damage 0 and no result.
    pub damage: DamageOutcome,
}

impl AttackOutcome {
    /// A miss.
    pub const MISS: AttackOutcome = AttackOutcome {
        hit: false,
        damage: DamageOutcome {
            effective: 0,
            result: DamageResult::None,
        },
    };
}

impl AttackRule {
    /// `fa` and `fm` with default test options.
    pub fn new(fa: i64, fm: i64) -> Self {
        Self {
            fa,
            fm,
            test: TestRule::new(0, 0),
        }
    }

    /// The attack test of a total d'attaque `ta` against a total de parade `tp`.
    #[inline]
    pub fn attack_test(&self, ta: i64, tp: i64) -> TestRule {
        TestRule {
            ca: ta,
            nd: tp,
            ..self.test
        }
    }

    /// The damage step against `enc` (before `fm`) and `be`.
    #[inline]
    pub fn damage_rule(&self, enc: i64, be: i64) -> DamageRule {
        DamageRule {
            enc,
            be,
            fm: self.fm,
            test: self.test,
        }
    }

    /// The level of the blow of a hit with test outcome `t` and bonus de dommage `bd`.
    #[inline]
    pub fn dom(t: &TestOutcome, bd: i64) -> i64 {
        t.degree + bd
    }

    /// Rolls one attack with every total already adjusted: `ta` against `tp`, then, on a
    /// hit, `bd` against `enc` and `be`.
    #[inline]
    pub fn roll<D: Dice>(
        &self,
        (ta, tp, bd): (i64, i64, i64),
        (enc, be): (i64, i64),
        dice: &mut D,
    ) -> AttackOutcome {
        let t = self.attack_test(ta, tp).roll(dice);
        if !t.beats_nd {
            return AttackOutcome::MISS;
        }
        AttackOutcome {
            hit: true,
            damage: self.damage_rule(enc, be).roll(Self::dom(&t, bd), dice),
        }
    }

    /// The exact distribution of [`AttackRule::roll`].
    pub fn exact(
        &self,
        (ta, tp, bd): (i64, i64, i64),
        (enc, be): (i64, i64),
    ) -> Dist<AttackOutcome> {
        let damage = self.damage_rule(enc, be);
        let resistance = damage.resistance_test().exact();
        self.attack_test(ta, tp)
            .exact()
            .map(|t| t.beats_nd.then(|| Self::dom(t, bd)))
            .then(|dom| match dom {
                None => Dist::certain(AttackOutcome::MISS),
                Some(dom) => resistance.map(|r| AttackOutcome {
                    hit: true,
                    damage: damage.resolve(*dom, r),
                }),
            })
    }

    /// `attacker` attacks `defender`, both fresh.
    pub fn fresh(&self, attacker: &Fighter, defender: &Fighter) -> ((i64, i64, i64), (i64, i64)) {
        (
            (attacker.ta(), defender.tp(self.fa), attacker.bd),
            (defender.enc, defender.be),
        )
    }
}

/// Adds the seven damage results (`none` .. `fatale`, proportions) to `layout` (shared by
/// the mechanics that end in a damage step).
pub(crate) fn damage_layout(layout: Layout) -> Layout {
    DamageResult::ALL
        .iter()
        .fold(layout, |l, r| l.with_proportion(r.metric_name()))
}

/// `aube.attack`: one attack of a fresh attacker on a fresh defender.
#[derive(Debug, Clone, PartialEq)]
pub struct AttackModel {
    rule: AttackRule,
    attack: (i64, i64, i64),
    defence: (i64, i64),
}

impl AttackModel {
    /// The attack of `attacker` on `defender` under `rule`.
    pub fn new(rule: AttackRule, attacker: &Fighter, defender: &Fighter) -> Self {
        let (attack, defence) = rule.fresh(attacker, defender);
        Self::from_totals(rule, attack, defence)
    }

    /// An attack of `(ta, tp, bd)` against `(enc, be)` (the shot of `aube.tir` too).
    pub fn from_totals(rule: AttackRule, attack: (i64, i64, i64), defence: (i64, i64)) -> Self {
        Self {
            rule,
            attack,
            defence,
        }
    }
}

const HIT: usize = 0;
const MISS: usize = 1;
const FIRST_RESULT: usize = 2;
const GRAVE_GIVEN_HIT: usize = 9;
const EFFECTIVE: usize = 0;
const RESULT: usize = 1;

impl Model for AttackModel {
    type Outcome = AttackOutcome;

    fn layout(&self) -> Layout {
        damage_layout(Layout::new().with_proportion("hit").with_proportion("miss"))
            .with_proportion("grave_or_worse_given_hit")
            .with_histogram("effective_damage", (-20, 50))
            .with_histogram("result", (-1, 6))
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> AttackOutcome {
        self.rule.roll(self.attack, self.defence, dice)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &AttackOutcome, rec: &mut R) {
        rec.event(HIT, o.hit);
        rec.event(MISS, !o.hit);
        for r in DamageResult::ALL {
            rec.event(FIRST_RESULT + r.index(), o.hit && o.damage.result == r);
        }
        rec.event_given(
            GRAVE_GIVEN_HIT,
            o.hit,
            o.damage.result >= DamageResult::Grave,
        );
        rec.hist(EFFECTIVE, o.damage.effective);
        rec.hist(
            RESULT,
            if o.hit {
                o.damage.result.index() as i64
            } else {
                -1
            },
        );
    }

    fn exact(&self) -> Option<Dist<AttackOutcome>> {
        Some(self.rule.exact(self.attack, self.defence))
    }
}

/// The registry entry of `aube.attack`.
#[derive(Debug, Clone, Copy)]
pub struct AttackMechanic;

/// The attacker's fields.
const ATTACKER: [&str; 3] = ["ca", "ba", "bd"];
/// The defender's fields.
const DEFENDER: [&str; 4] = ["ca", "bp", "enc", "be"];

impl Mechanic for AttackMechanic {
    fn name(&self) -> &'static str {
        "aube.attack"
    }

    fn summary(&self) -> &'static str {
        "one attack of classic combat: hit chance and damage result (FA and FM)"
    }

    fn params(&self) -> Vec<ParamSpec> {
        let mut specs = Fighter::specs("att", &ATTACKER);
        specs.extend(Fighter::specs("def", &DEFENDER));
        specs.push(fa_spec());
        specs.push(fm_spec());
        specs.extend(TestRule::option_specs());
        specs
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("hit", "chance the attack beats the parry"),
            ("miss", "chance it does not"),
            (
                "none",
                "a hit with no effect (none .. fatale and miss sum to 1)",
            ),
            ("etourdi", "a hit that stuns (étourdi)"),
            ("sonne", "a hit that dazes (sonné)"),
            ("legere", "a hit giving a blessure légère"),
            ("grave", "a hit giving a blessure grave"),
            ("critique", "a hit giving a blessure critique"),
            ("fatale", "a fatal hit"),
            (
                "grave_or_worse_given_hit",
                "chance a hit is a blessure grave or worse",
            ),
            (
                "effective_damage",
                "histogram of the effective damage (a miss counts 0)",
            ),
            (
                "result",
                "histogram of the result per attack: -1 miss, 0 none, 1 étourdi, 2 sonné, 3 légère, 4 grave, 5 critique, 6 fatale",
            ),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let rule = AttackRule {
            fa: params.int("fa"),
            fm: params.int("fm"),
            test: TestRule::from_params(params, "", 0, 0),
        };
        let attacker = Fighter::from_params(params, "att");
        let defender = Fighter::from_params(params, "def");
        Ok(simulation(AttackModel::new(rule, &attacker, &defender)))
    }
}

/// Command-line words giving every required parameter of `aube.attack` (for tests).
#[cfg(test)]
pub(crate) const EXAMPLE_WORDS: [&str; 7] = [
    "att.ca=12",
    "att.ba=0",
    "att.bd=15",
    "def.ca=12",
    "def.bp=0",
    "def.enc=12",
    "def.be=3",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RiggedDice;
    use crate::query::Query;
    use crate::systems::aube::resolution::CritDie;
    use crate::systems::test_support::assert_agrees_with_exact;

    fn p_hit(rule: &AttackRule, a: &Fighter, d: &Fighter) -> f64 {
        let (att, def) = rule.fresh(a, d);
        rule.exact(att, def).p_where(|o| o.hit)
    }

    #[test]
    fn krom_and_bjorn_hit_ranges() {
        let rule = AttackRule::new(10, 0);
        // Kröm (TA 10) on Björn (TP 1): hit iff d in 2..=10.
        let t = rule.attack_test(Fighter::KROM.ta(), Fighter::BJORN.tp(10));
        for d in 1..=20 {
            assert_eq!(t.resolve(d, 0).beats_nd, (2..=10).contains(&d), "d {d}");
        }
        // Björn (TA 10) on Kröm (TP -4): hit iff d in 1..=10.
        let t = rule.attack_test(Fighter::BJORN.ta(), Fighter::KROM.tp(10));
        for d in 1..=20 {
            assert_eq!(t.resolve(d, 0).beats_nd, d <= 10, "d {d}");
        }
        assert!((p_hit(&rule, &Fighter::KROM, &Fighter::BJORN) - 9.0 / 20.0).abs() < 1e-12);
        assert!((p_hit(&rule, &Fighter::BJORN, &Fighter::KROM) - 10.0 / 20.0).abs() < 1e-12);
    }

    #[test]
    fn krom_hits_bjorn_for_a_legere() {
        // d 8 hits (°R 8 > TP 1); dom 8 + 20 = 28; be 4 → 24; enc 11, d 5 → 19: légère.
        let rule = AttackRule::new(10, 0);
        let (att, def) = rule.fresh(&Fighter::KROM, &Fighter::BJORN);
        let o = rule.roll(att, def, &mut RiggedDice::new(&[8, 5]));
        assert!(o.hit);
        assert_eq!(o.damage.effective, 19);
        assert_eq!(o.damage.result, DamageResult::Legere);
        let miss = rule.roll(att, def, &mut RiggedDice::new(&[1]));
        assert_eq!(miss, AttackOutcome::MISS);
    }

    #[test]
    fn identical_fighters_hit_each_other_half_the_time() {
        let rule = AttackRule::new(10, 0);
        for ca in 10..=19 {
            let f = Fighter {
                ca,
                ba: 0,
                bp: 0,
                ..Fighter::AVERAGE
            };
            assert!((p_hit(&rule, &f, &f) - 0.5).abs() < 1e-12, "ca {ca}");
        }
    }

    #[test]
    fn fa_raises_hits_and_fm_raises_damage() {
        let f = Fighter::AVERAGE;
        let low = p_hit(&AttackRule::new(5, 0), &f, &f);
        let high = p_hit(&AttackRule::new(15, 0), &f, &f);
        assert!(low < 0.5 && high > 0.5);
        let grave = |fm| {
            let rule = AttackRule::new(10, fm);
            let (a, d) = rule.fresh(&f, &f);
            rule.exact(a, d)
                .p_where(|o| o.damage.result >= DamageResult::Grave)
        };
        assert!(grave(10) > grave(0));
    }

    #[test]
    fn exact_sums_to_one_and_metrics_partition() {
        let model = AttackModel::new(AttackRule::new(10, 3), &Fighter::KROM, &Fighter::BJORN);
        let dist = model.exact().expect("exact");
        let layout = model.layout();
        let t = crate::engine::model::exact_tally(&model, &layout, &dist);
        let total: f64 = (MISS..FIRST_RESULT + 7)
            .map(|i| t.metrics[i].value().unwrap_or(0.0))
            .sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn monte_carlo_agrees_with_exact_over_a_grid() {
        let crit = AttackRule {
            test: TestRule {
                crit: CritDie::Die(10),
                ..TestRule::new(0, 0)
            },
            ..AttackRule::new(10, 0)
        };
        let heroic = AttackRule {
            test: TestRule {
                heroism_rules: true,
                ..TestRule::new(0, 0)
            },
            ..AttackRule::new(0, 5)
        };
        let strong = Fighter {
            ca: 25,
            ..Fighter::AVERAGE
        };
        let cases = [
            (AttackRule::new(10, 0), Fighter::KROM, Fighter::BJORN),
            (AttackRule::new(10, 0), Fighter::BJORN, Fighter::KROM),
            (AttackRule::new(20, 15), Fighter::AVERAGE, Fighter::AVERAGE),
            (AttackRule::new(-5, -5), Fighter::AVERAGE, Fighter::KROM),
            (crit, Fighter::AVERAGE, Fighter::AVERAGE),
            (heroic, strong, Fighter::AVERAGE),
        ];
        for (i, (rule, a, d)) in cases.into_iter().enumerate() {
            let sim = simulation(AttackModel::new(rule, &a, &d));
            assert_agrees_with_exact(
                sim.as_ref(),
                200_000,
                2000 + i as u64,
                10,
                &format!("case {i}"),
            );
        }
    }

    #[test]
    fn bad_input_is_an_error() {
        let base = EXAMPLE_WORDS;
        let with = |extra: &[&str]| {
            let words: Vec<String> = base.iter().chain(extra).map(|s| s.to_string()).collect();
            Query::parse("aube.attack", &words).map(|_| ())
        };
        assert!(with(&[]).is_ok());
        for bad in [&["fa=41"][..], &["fa=-21"], &["crit=d7"], &["def.xx=1"]] {
            let e = with(bad).expect_err("rejected");
            let name = bad[0].split('=').next().unwrap_or_default();
            assert!(e.to_string().contains(name), "{e}");
        }
        let missing: Vec<String> = base[1..].iter().map(|s| s.to_string()).collect();
        let e = Query::parse("aube.attack", &missing)
            .map(|_| ())
            .expect_err("att.ca missing");
        assert!(e.to_string().contains("att.ca"), "{e}");
    }
}
