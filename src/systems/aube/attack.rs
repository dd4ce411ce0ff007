//! One attack of classic combat (seed chapter 3, "le combat classique", "facteur
//! d'attaque", "facteur de mortalité"; the `aube` page → *Classic combat*): the attack
//! step shared by `aube.attack` and `aube.duel`, and the `aube.attack` mechanic.
//!
//! The attacker tests `TA = ca + ba` against `nd = TP = ca + bp - fa` of the defender; it
//! hits when the test beats ND; the blow's level is `dom = D + bd` (\[choice\]: `D` is the
//! signed degree, heroism included, which is `°R` without heroism), then the damage step
//! against the defender's `enc - fm` and `be`. The attack test takes the attacker's
//! options (`att.crit`, `att.th`...), the resistance test the defender's (`def.crit`...).

use super::damage::{Armour, DamageOutcome, DamageResult, DamageResults, DamageRule};
use super::fighter::{Attacker, Defender};
use super::resolution::{TestOptions, TestOutcome, TestRule};
use super::tables::AubeTables;
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Roll, Rolled};

crate::config! {
    /// The global settings of classic combat, `fa`, `fm` and `armour` (of `aube.attack`,
    /// `aube.duel` and `aube.gauntlet`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Factors {
        /// facteur d'attaque: subtracted from every parry (higher: more hits)
        fa: i64 = int(-20..=40, default = 10),
        /// facteur de mortalité: subtracted from every encaissement (higher: deadlier)
        fm: i64 = int(-20..=40, default = 0),
        /// [choice] where armour's be acts: dom (subtracted from the damage level, les armures) or enc (added to the resistance test's CA, les dommages)
        armour: Armour = choice(default = Armour::ReducesDom),
        /// the rule tables (Tableau 3.1, the wound track...): `alea rules aube`
        tables: AubeTables = rules(),
    }
}

/// The global settings of an attack: `fa`, `fm`, where armour acts and the tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AttackRule {
    /// Facteur d'attaque.
    pub fa: i64,
    /// Facteur de mortalité.
    pub fm: i64,
    /// Where the defender's `be` acts.
    pub armour: Armour,
    /// The rule tables in force (Tableau 3.1 for the damage step; the fights read the
    /// wound track and the fatigue points here too).
    pub tables: AubeTables,
}

/// One attack's figures, every total already adjusted (fatigue, étourdi), with the
/// options of each side's test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Swing {
    /// The attacker's total d'attaque: the attack test's CA.
    pub ta: i64,
    /// The defender's total de parade: the attack test's ND.
    pub tp: i64,
    /// The attacker's bonus de dommage.
    pub bd: i64,
    /// The defender's encaissement (before `fm`).
    pub enc: i64,
    /// The defender's bonus d'encaisse.
    pub be: i64,
    /// The options of the attack test (the attacker's).
    pub att: TestOptions,
    /// The options of the resistance test (the defender's).
    pub def: TestOptions,
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
    /// `fa` and `fm`, armour reducing the damage level.
    pub fn new(fa: i64, fm: i64) -> Self {
        Self::from_factors(Factors {
            fa,
            fm,
            armour: Armour::ReducesDom,
            tables: AubeTables::OFFICIAL,
        })
    }

    /// The rule of the parameters `fa`, `fm`, `armour` and the tables.
    pub fn from_factors(factors: Factors) -> Self {
        Self {
            fa: factors.fa,
            fm: factors.fm,
            armour: factors.armour,
            tables: factors.tables,
        }
    }

    /// The attack test of `swing`: its TA against its TP, with the attacker's options.
    #[inline]
    pub fn attack_test(&self, swing: &Swing) -> TestRule {
        swing.att.rule(swing.ta, swing.tp)
    }

    /// The damage step of `swing`: against its `enc` (before `fm`) and `be`, with the
    /// defender's options.
    #[inline]
    pub fn damage_rule(&self, swing: &Swing) -> DamageRule {
        DamageRule {
            enc: swing.enc,
            be: swing.be,
            fm: self.fm,
            armour: self.armour,
            test: swing.def,
            table: self.tables.damage,
            effect: self.tables.blow_effect(),
        }
    }

    /// The level of the blow of a hit with test outcome `t` and bonus de dommage `bd`.
    #[inline]
    pub fn dom(t: &TestOutcome, bd: i64) -> i64 {
        t.degree + bd
    }

    /// Rolls one attack: the attack test and, on a hit, the damage step (each test a
    /// step, enumerated once per distinct test for the exact values).
    #[inline(always)]
    pub fn roll<D: Dice>(&self, swing: &Swing, dice: &mut D) -> AttackOutcome {
        let t = dice.step(&self.attack_test(swing));
        if !t.beats_nd {
            return AttackOutcome::MISS;
        }
        AttackOutcome {
            hit: true,
            damage: self.damage_rule(swing).roll(Self::dom(&t, swing.bd), dice),
        }
    }

    /// `attacker` attacks `defender`, both fresh.
    pub fn fresh(&self, attacker: &Attacker, defender: &Defender) -> Swing {
        Swing {
            ta: attacker.ta(),
            tp: defender.tp(self.fa),
            bd: attacker.bd,
            enc: defender.enc,
            be: defender.be,
            att: attacker.options,
            def: defender.options,
        }
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
pub struct AttackMetrics {
    hit: MetricId,
    miss: MetricId,
    results: DamageResults,
    grave_given_hit: MetricId,
    effective: HistId,
    result: HistId,
}

impl Report<Strike> for AttackMetrics {
    fn declare(strike: &Strike, layout: &mut Layout) -> Self {
        let docs = strike.docs;
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

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &AttackOutcome, rec: &mut R) {
        rec.event(self.hit, o.hit);
        rec.event(self.miss, !o.hit);
        self.results.record(o.hit.then_some(o.damage.result), rec);
        rec.event_given(
            self.grave_given_hit,
            o.hit,
            o.damage.result >= DamageResult::Grave,
        );
        rec.hist(self.effective, o.damage.effective);
        rec.hist(
            self.result,
            if o.hit {
                o.damage.result.index() as i64
            } else {
                -1
            },
        );
    }
}

/// One attack with its totals (the rule of `aube.attack` and `aube.tir`), its metrics
/// documented by `docs`.
#[derive(Debug, Clone, PartialEq)]
pub struct Strike {
    /// The attack rule (`fa`, `fm`, armour, tables).
    pub rule: AttackRule,
    /// The attack's totals and the fighters' options.
    pub swing: Swing,
    docs: &'static AttackDocs,
}

impl Strike {
    /// The attack of `attacker` on `defender` under `rule`, both fresh.
    pub fn new(rule: AttackRule, attacker: &Attacker, defender: &Defender) -> Self {
        Self::from_swing(rule, rule.fresh(attacker, defender))
    }

    /// The attack of `swing`.
    pub fn from_swing(rule: AttackRule, swing: Swing) -> Self {
        Self::documented(rule, swing, &ATTACK_DOCS)
    }

    /// The same, its metrics documented by `docs` (the shot of `aube.tir`).
    pub(crate) fn documented(rule: AttackRule, swing: Swing, docs: &'static AttackDocs) -> Self {
        Self { rule, swing, docs }
    }
}

impl From<AttackParams> for Strike {
    fn from(p: AttackParams) -> Self {
        Self::new(AttackRule::from_factors(p.factors), &p.att, &p.def)
    }
}

impl Roll for Strike {
    type Outcome = AttackOutcome;

    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> AttackOutcome {
        self.rule.roll(&self.swing, dice)
    }
}

/// `aube.attack`: one attack of a fresh attacker on a fresh defender (and `aube.tir`: one
/// shot).
pub type AttackModel = Rolled<Strike, AttackMetrics>;

crate::config! {
    /// The parameters of `aube.attack`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct AttackParams {
        /// the attacker, with the options of the attack test
        att: Attacker = fighter("att"),
        /// the defender, with the options of the resistance test
        def: Defender = fighter("def"),
        /// `fa`, `fm` and `armour`
        factors: Factors = flatten(),
    }
}

#[cfg(test)]
#[path = "attack_tests.rs"]
mod tests;
