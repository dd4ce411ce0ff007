//! One attack of classic combat (seed chapter 3, "le combat classique", "facteur
//! d'attaque", "facteur de mortalité"; `RULES.md` `aube` → *Classic combat*): the attack
//! step shared by `aube.attack` and `aube.duel`, and the `aube.attack` mechanic.
//!
//! The attacker tests `TA = ca + ba` against `nd = TP = ca + bp - fa` of the defender; it
//! hits when the test beats ND; the blow's level is `dom = D + bd` (\[choice\]: `D` is the
//! signed degree, heroism included, which is `°R` without heroism), then the damage step
//! against the defender's `enc - fm` and `be`.

use super::damage::{DamageOutcome, DamageResult, DamageResults, DamageRule};
use super::fighter::{Attacker, Defender};
use super::resolution::{TestOptions, TestOutcome, TestRule};
use crate::engine::{Dice, Dist, HistId, Layout, MetricId, Model, Recorder, Registered};
use crate::error::Result;

crate::config! {
    /// The global factors of classic combat, `fa` and `fm` (of `aube.attack` and
    /// `aube.duel`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Factors {
        /// facteur d'attaque: subtracted from every parry (higher: more hits)
        fa: i64 = int(-20..=40, default = 10),
        /// facteur de mortalité: subtracted from every encaissement (higher: deadlier)
        fm: i64 = int(-20..=40, default = 0),
    }
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
    pub test: TestOptions,
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
        Self::with_options(Factors { fa, fm }, TestOptions::DEFAULT)
    }

    /// The factors with the options `test` of every test.
    pub fn with_options(factors: Factors, test: TestOptions) -> Self {
        Self {
            fa: factors.fa,
            fm: factors.fm,
            test,
        }
    }

    /// The attack test of a total d'attaque `ta` against a total de parade `tp`.
    #[inline]
    pub fn attack_test(&self, ta: i64, tp: i64) -> TestRule {
        self.test.rule(ta, tp)
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
    pub fn fresh(&self, attacker: &Attacker, defender: &Defender) -> ((i64, i64, i64), (i64, i64)) {
        (
            (attacker.ta(), defender.tp(self.fa), attacker.bd),
            (defender.enc, defender.be),
        )
    }
}

/// What `aube.attack` and `aube.tir` document: the two mechanics report the same
/// metrics of an attack, the one about a blow, the other about a shot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct AttackDocs {
    /// The doc of `hit`.
    pub hit: &'static str,
    /// The docs of the seven damage results.
    pub results: ResultDocs,
    /// The doc of the histogram `result`.
    pub result: &'static str,
}

/// How the seven damage results of an attack are documented.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ResultDocs {
    /// One line each.
    Each([&'static str; 7]),
    /// One line for all seven: its label (`none .. fatale`) and doc.
    AsOne(&'static str, &'static str),
}

/// The docs of `aube.attack`.
const ATTACK_DOCS: AttackDocs = AttackDocs {
    hit: "chance the attack beats the parry",
    results: ResultDocs::Each([
        "a hit with no effect (none .. fatale and miss sum to 1)",
        "a hit that stuns (étourdi)",
        "a hit that dazes (sonné)",
        "a hit giving a blessure légère",
        "a hit giving a blessure grave",
        "a hit giving a blessure critique",
        "a fatal hit",
    ]),
    result: "histogram of the result per attack: -1 miss, 0 none, 1 étourdi, 2 sonné, 3 légère, 4 grave, 5 critique, 6 fatale",
};

/// What an attack reports.
#[derive(Debug, Clone, PartialEq)]
struct AttackMetrics {
    hit: MetricId,
    miss: MetricId,
    results: DamageResults,
    grave_given_hit: MetricId,
    effective: HistId,
    result: HistId,
}

impl AttackMetrics {
    fn declare(layout: &mut Layout, docs: &AttackDocs) -> Self {
        Self {
            hit: layout.proportion("hit", docs.hit),
            miss: layout.proportion("miss", "chance it does not"),
            results: match docs.results {
                ResultDocs::Each(each) => DamageResults::declare(layout, &each),
                ResultDocs::AsOne(label, doc) => DamageResults::declare_as_one(layout, label, doc),
            },
            grave_given_hit: layout.proportion(
                "grave_or_worse_given_hit",
                "chance a hit is a blessure grave or worse",
            ),
            effective: layout.histogram(
                "effective_damage",
                "histogram of the effective damage (a miss counts 0)",
                (-20, 50),
            ),
            result: layout.histogram("result", docs.result, (-1, 6)),
        }
    }
}

/// `aube.attack`: one attack of a fresh attacker on a fresh defender (and `aube.tir`: one
/// shot).
#[derive(Debug, Clone, PartialEq)]
pub struct AttackModel {
    rule: AttackRule,
    attack: (i64, i64, i64),
    defence: (i64, i64),
    layout: Layout,
    m: AttackMetrics,
}

impl AttackModel {
    /// The attack of `attacker` on `defender` under `rule`.
    pub fn new(rule: AttackRule, attacker: &Attacker, defender: &Defender) -> Self {
        let (attack, defence) = rule.fresh(attacker, defender);
        Self::from_totals(rule, attack, defence)
    }

    /// An attack of `(ta, tp, bd)` against `(enc, be)`.
    pub fn from_totals(rule: AttackRule, attack: (i64, i64, i64), defence: (i64, i64)) -> Self {
        Self::documented(rule, attack, defence, &ATTACK_DOCS)
    }

    /// The same, its metrics documented by `docs` (the shot of `aube.tir`).
    pub(crate) fn documented(
        rule: AttackRule,
        attack: (i64, i64, i64),
        defence: (i64, i64),
        docs: &AttackDocs,
    ) -> Self {
        let mut layout = Layout::new();
        let m = AttackMetrics::declare(&mut layout, docs);
        Self {
            rule,
            attack,
            defence,
            layout,
            m,
        }
    }

    fn from_config(p: AttackParams) -> Result<Self> {
        let rule = AttackRule::with_options(p.factors, p.options);
        Ok(Self::new(rule, &p.att, &p.def))
    }
}

impl Model for AttackModel {
    type Outcome = AttackOutcome;

    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> AttackOutcome {
        self.rule.roll(self.attack, self.defence, dice)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &AttackOutcome, rec: &mut R) {
        rec.event(self.m.hit, o.hit);
        rec.event(self.m.miss, !o.hit);
        self.m.results.record(o.hit.then_some(o.damage.result), rec);
        rec.event_given(
            self.m.grave_given_hit,
            o.hit,
            o.damage.result >= DamageResult::Grave,
        );
        rec.hist(self.m.effective, o.damage.effective);
        rec.hist(
            self.m.result,
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

crate::config! {
    /// The parameters of `aube.attack`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct AttackParams {
        /// the attacker
        att: Attacker = group("att"),
        /// the defender
        def: Defender = group("def"),
        /// `fa` and `fm`
        factors: Factors = flatten(),
        /// the options of the attack and resistance tests
        options: TestOptions = flatten(),
    }
}

/// The registry entry of `aube.attack`.
pub static ATTACK: Registered<AttackParams, AttackModel> = Registered::new(
    "aube.attack",
    "one attack of classic combat: hit chance and damage result (FA and FM)",
    "att.ca=12 att.ba=0 att.bd=15 def.ca=12 def.bp=0 def.enc=12 def.be=3",
    AttackModel::from_config,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::{exact_tally, replay_one};
    use crate::engine::{Mechanic, replay, simulation};
    use crate::systems::aube::fighter::Fighter;
    use crate::systems::aube::resolution::CritDie;
    use crate::systems::test_support::{
        AGREEMENT_SAMPLES, AGREEMENT_SEED, assert_agrees_with_exact, build_with, error_text,
    };

    fn p_hit(rule: &AttackRule, a: &Fighter, d: &Fighter) -> f64 {
        let (att, def) = rule.fresh(&a.attacker(), &d.defender());
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
        let model = ATTACK
            .model_for("att.ca=9 att.ba=1 att.bd=20 def.ca=9 def.bp=2 def.enc=11 def.be=4")
            .expect("Kröm on Björn");
        let (o, tally) = replay_one(&model, &[8, 5]);
        assert!(o.hit);
        assert_eq!(o.damage.effective, 19);
        assert_eq!(o.damage.result, DamageResult::Legere);
        assert_eq!(tally.metric(model.m.hit).sum, 1);
        let (miss, tally) = replay_one(&model, &[1]);
        assert_eq!(miss, AttackOutcome::MISS);
        assert_eq!(tally.metric(model.m.miss).sum, 1);
        // The rule alone rolls the same.
        let (att, def) = model
            .rule
            .fresh(&Fighter::KROM.attacker(), &Fighter::BJORN.defender());
        assert_eq!(replay(&[8, 5], |d| model.rule.roll(att, def, d)), o);
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
            let (a, d) = rule.fresh(&f.attacker(), &f.defender());
            rule.exact(a, d)
                .p_where(|o| o.damage.result >= DamageResult::Grave)
        };
        assert!(grave(10) > grave(0));
    }

    #[test]
    fn exact_sums_to_one_and_metrics_partition() {
        let model = AttackModel::new(
            AttackRule::new(10, 3),
            &Fighter::KROM.attacker(),
            &Fighter::BJORN.defender(),
        );
        let dist = model.exact().expect("exact");
        let t = exact_tally(&model, &model.layout(), &dist);
        let results: f64 = DamageResult::ALL
            .iter()
            .map(|&r| t.value(model.m.results.id(r)).unwrap_or(0.0))
            .sum();
        let miss = t.value(model.m.miss).unwrap_or(0.0);
        assert!((results + miss - 1.0).abs() < 1e-12);
        assert!((t.value(model.m.hit).unwrap_or(0.0) + miss - 1.0).abs() < 1e-12);
    }

    #[test]
    fn monte_carlo_agrees_with_exact_over_a_grid() {
        let crit = AttackRule {
            test: TestOptions {
                crit: CritDie::Die(10),
                ..TestOptions::DEFAULT
            },
            ..AttackRule::new(10, 0)
        };
        let heroic = AttackRule {
            test: TestOptions {
                heroism_rules: true,
                ..TestOptions::DEFAULT
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
            let sim = simulation(AttackModel::new(rule, &a.attacker(), &d.defender()));
            assert_agrees_with_exact(
                sim.as_ref(),
                AGREEMENT_SAMPLES,
                AGREEMENT_SEED + i as u64,
                10,
                &format!("case {i}"),
            );
        }
    }

    #[test]
    fn bad_input_is_an_error() {
        let base: Vec<&str> = ATTACK.example().split_whitespace().collect();
        let with = |extra: &[&str]| build_with(&ATTACK, &[&base[..], extra].concat());
        assert!(with(&[]).is_ok());
        for bad in [&["fa=41"][..], &["fa=-21"], &["crit=d7"], &["def.xx=1"]] {
            let e = error_text(with(bad));
            let name = bad[0].split('=').next().unwrap_or_default();
            assert!(e.contains(name), "{e}");
        }
        // Every field of each side is required: none is read as 0 when left out.
        for missing in 0..base.len() {
            let mut words = base.clone();
            let name = words.remove(missing).split('=').next().unwrap_or_default();
            let e = error_text(build_with(&ATTACK, &words));
            assert!(e.contains(&format!("needs a value for '{name}'")), "{e}");
        }
    }

    #[test]
    fn parameters_build_the_totals() {
        let model = ATTACK
            .model_for(
                "att.ca=9 att.ba=1 att.bd=20 def.ca=9 def.bp=2 def.enc=11 def.be=4 fa=7 fm=3",
            )
            .expect("valid");
        // TA 9 + 1, TP 9 + 2 - 7, bd 20; enc 11 and be 4 (fm is the rule's).
        assert_eq!((model.attack, model.defence), ((10, 4, 20), (11, 4)));
        assert_eq!((model.rule.fa, model.rule.fm), (7, 3));
        assert_eq!(model.rule.test, TestOptions::DEFAULT);
    }
}
