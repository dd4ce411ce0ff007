//! The `aube.damage` and `aube.depassement` mechanics: one blow read on Tableau 3.1 (seed
//! chapter 3, "l'encaissement"; chapter 2, "le dépassement"; the `aube` page → *Damage*
//! and *Dépassement*). The rule step itself is [`DamageRule`].
//!
//! *Dépassement* (going beyond, e.g. a jump or a fall with a difficulty): a test of `ca`
//! with `nd = diff`; if it beats ND the blow is `dom = eff + diff - D`, else `dom = eff`
//! (`eff`, the effect's damage level; \[choice\]: `D` is the signed degree, `°R` without
//! heroism).

use super::damage::{Armour, DamageOutcome, DamageResult, DamageResults, DamageRule};
use super::nonlethal::{Nonlethal, NonlethalMode};
use super::resolution::{Prepared, TestOptions, TestRule};
use super::tables::AubeTables;
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Roll, Rolled};

crate::config! {
    /// The defender's damage inputs, `enc`, `be`, `fm` and `armour` (of `aube.damage`,
    /// `aube.depassement` and `aube.tir`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct DefenceParams {
        /// encaissement: CA of the resistance test
        enc: i64 = int(-100..=100),
        /// bonus d'encaisse of the armour
        be: i64 = int(-50..=100, default = 0),
        /// facteur de mortalité: subtracted from every encaissement (higher: deadlier)
        fm: i64 = int(-20..=40, default = 0),
        /// [choice] where armour's be acts: dom (subtracted from the damage level, les armures) or enc (added to the resistance test's CA, les dommages)
        armour: Armour = choice(default = Armour::ReducesDom),
        /// the rule tables (Tableau 3.1, the range difficulties...): `alea rules aube`
        tables: AubeTables = rules(),
    }
}

impl DefenceParams {
    /// The damage step against this defence, its resistance test with `options`.
    pub fn rule(self, options: TestOptions) -> DamageRule {
        DamageRule {
            enc: self.enc,
            be: self.be,
            fm: self.fm,
            armour: self.armour,
            test: options,
            table: self.tables.damage,
            effect: self.tables.blow_effect(),
        }
    }
}

/// The docs of the seven damage results of `aube.damage` and `aube.depassement`.
const RESULT_DOCS: [&str; 7] = [
    "no effect (the seven results sum to 1)",
    "étourdi: -1 to the next action",
    "sonné: 1 fatigue point",
    "blessure légère",
    "blessure grave",
    "blessure critique",
    "fatal",
];

/// What `aube.damage` reports, and `aube.depassement` after its `beats_nd`: the seven
/// results and `effective_damage`; for a non-lethal blow also its fatigue points and the
/// GC's wound.
#[derive(Debug, Clone, PartialEq)]
pub struct BlowMetrics {
    results: DamageResults,
    effective: HistId,
    nonlethal: Option<NonlethalMetrics>,
}

/// What a non-lethal blow reports (`aube.damage nonlethal=fatigue` or `wounds`).
#[derive(Debug, Clone, PartialEq)]
struct NonlethalMetrics {
    blow: Nonlethal,
    mean_fatigue: MetricId,
    fatigue: HistId,
    /// With the GC's wounds: the chance of one, and its grade.
    wounds: Option<(MetricId, HistId)>,
}

impl BlowMetrics {
    fn declare_on(layout: &mut Layout) -> Self {
        Self {
            results: DamageResults::declare(layout, &RESULT_DOCS),
            effective: layout.histogram(
                "effective_damage",
                "histogram of the effective damage",
                (-20, 50),
            ),
            nonlethal: None,
        }
    }
}

impl Report<Blow> for BlowMetrics {
    fn declare(blow: &Blow, layout: &mut Layout) -> Self {
        let mut metrics = Self::declare_on(layout);
        metrics.nonlethal = blow.nonlethal.map(|b| {
            let most = DamageResult::ALL
                .iter()
                .map(|&r| b.fatigue.points(r))
                .max()
                .unwrap_or(0);
            let mean = layout.mean(
                "mean_fatigue_points",
                "mean fatigue points the non-lethal blow gives",
            );
            NonlethalMetrics {
                blow: b,
                mean_fatigue: layout.bounded(mean, 0, most),
                fatigue: layout.histogram(
                    "fatigue_points",
                    "histogram of the fatigue points the non-lethal blow gives",
                    (0, most),
                ),
                wounds: b.wounds.then(|| {
                    (
                        layout.proportion(
                            "gc_wound",
                            "chance the GC's wound is imposed (the fatigue passes 10)",
                        ),
                        layout.histogram(
                            "gc_wound_grade",
                            "histogram of the GC's wound: 0 none, 3 légère, 4 grave, 5 critique, 6 fatale",
                            (0, 6),
                        ),
                    )
                }),
            }
        });
        metrics
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, d: &DamageOutcome, rec: &mut R) {
        self.results.record(Some(d.result), rec);
        rec.hist(self.effective, d.effective);
        if let Some(n) = &self.nonlethal {
            let effect = n.blow.effect(d.result);
            rec.value(n.mean_fatigue, effect.fatigue);
            rec.hist(n.fatigue, effect.fatigue);
            if let Some((wound, grade)) = n.wounds {
                rec.event(wound, effect.wound.is_some());
                rec.hist(grade, effect.wound.map_or(0, |w| w.index() as i64));
            }
        }
    }
}

crate::config! {
    /// The parameters of `aube.damage`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct DamageParams {
        /// niveau de dommage of the blow
        dom: i64 = int(-100..=200),
        /// the defence
        defence: DefenceParams = flatten(),
        /// the options of the resistance test
        options: TestOptions = flatten(),
        /// dégâts non mortels (fists, exhaustion, backlash): off (a lethal blow), fatigue
        /// (only its fatigue points count) or wounds (and the GC's wound when the fatigue
        /// passes 10, one grade up per 10 points taken at once above 10)
        nonlethal: NonlethalMode = choice(default = NonlethalMode::Off),
        /// non-lethal: fatigue points held before the blow
        fatigue: i64 = int(0..=200, default = 0),
        /// [choice] non-lethal wounds: only the blow that takes the fatigue past 10 imposes a
        /// wound; default false: every blow that gives fatigue while it is above 10
        nonlethal_wound_once: bool = switch(default = false),
    }
}

/// One blow of level `dom` against a defence (the rule of `aube.damage`).
#[derive(Debug, Clone, PartialEq)]
pub struct Blow {
    rule: DamageRule,
    resistance: Prepared,
    dom: i64,
    /// A non-lethal blow: what its fatigue does (read off the result when recorded).
    nonlethal: Option<Nonlethal>,
}

impl Blow {
    /// A blow of level `dom` against `rule`.
    pub fn new(rule: DamageRule, dom: i64) -> Self {
        Self {
            resistance: Prepared::new(&rule.resistance_test()),
            rule,
            dom,
            nonlethal: None,
        }
    }
}

impl TryFrom<DamageParams> for Blow {
    type Error = crate::error::Error;

    fn try_from(p: DamageParams) -> crate::error::Result<Self> {
        let lethal = p.nonlethal == NonlethalMode::Off;
        if lethal && (p.fatigue != 0 || p.nonlethal_wound_once) {
            let name = if p.fatigue != 0 {
                "fatigue"
            } else {
                "nonlethal_wound_once"
            };
            return Err(crate::error::Error::value(
                name,
                "fatigue and nonlethal_wound_once describe a non-lethal blow; give \
                 nonlethal=fatigue or nonlethal=wounds with them",
            ));
        }
        let mut blow = Self::new(p.defence.rule(p.options), p.dom);
        blow.nonlethal = (!lethal).then_some(Nonlethal {
            wounds: p.nonlethal == NonlethalMode::Wounds,
            held: p.fatigue,
            once: p.nonlethal_wound_once,
            fatigue: p.defence.tables.fatigue,
        });
        Ok(blow)
    }
}

impl Roll for Blow {
    type Outcome = DamageOutcome;

    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> DamageOutcome {
        let test = self.resistance.roll(dice);
        self.rule.resolve(self.dom, &test, dice)
    }
}

/// `aube.damage`: one blow of level `dom`.
pub type DamageModel = Rolled<Blow, BlowMetrics>;

/// The outcome of a dépassement: whether the test beat ND, and the blow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DepassementOutcome {
    /// The test beat `diff`.
    pub beats_nd: bool,
    /// The damage step's outcome.
    pub damage: DamageOutcome,
}

crate::config! {
    /// The parameters of `aube.depassement`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct DepassementParams {
        /// CA of the test
        ca: i64 = int(-200..=200),
        /// difficulty: the test's ND
        diff: i64 = int(-100..=100),
        /// damage level of the effect
        eff: i64 = int(-100..=200),
        /// the defence
        defence: DefenceParams = flatten(),
        /// the options of the test and of the resistance test
        options: TestOptions = flatten(),
    }
}

/// What `aube.depassement` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct DepassementMetrics {
    beats_nd: MetricId,
    blow: BlowMetrics,
}

/// A test against `diff`, then a blow of `eff + diff - D` or `eff` (the rule of
/// `aube.depassement`).
#[derive(Debug, Clone, PartialEq)]
pub struct Depassement {
    test: TestRule,
    prepared: Prepared,
    eff: i64,
    damage: DamageRule,
}

impl Depassement {
    /// A test of `ca` against `diff` (the options of `test`), effect `eff`, then `damage`.
    pub fn new(test: TestOptions, ca: i64, diff: i64, eff: i64, damage: DamageRule) -> Self {
        let test = test.rule(ca, diff);
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
        depassement_level(self.eff, self.test.nd, beats_nd, degree)
    }
}

/// The level of the blow a dépassement deals its maker (Ex. 2.10): `eff + diff - D` when
/// the test of signed degree `D` beat `diff`, else `eff`.
#[inline(always)]
pub(super) fn depassement_level(eff: i64, diff: i64, beats_nd: bool, degree: i64) -> i64 {
    if beats_nd { eff + diff - degree } else { eff }
}

impl From<DepassementParams> for Depassement {
    fn from(p: DepassementParams) -> Self {
        let damage = p.defence.rule(p.options);
        Self::new(p.options, p.ca, p.diff, p.eff, damage)
    }
}

impl Roll for Depassement {
    type Outcome = DepassementOutcome;

    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> DepassementOutcome {
        let t = dice.step(&self.prepared);
        DepassementOutcome {
            beats_nd: t.beats_nd,
            damage: self.damage.roll(self.dom(t.beats_nd, t.degree), dice),
        }
    }
}

impl Report<Depassement> for DepassementMetrics {
    fn declare(_: &Depassement, layout: &mut Layout) -> Self {
        Self {
            beats_nd: layout.proportion(
                "beats_nd",
                "chance the test beats diff (the blow is softened)",
            ),
            blow: BlowMetrics::declare_on(layout),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &DepassementOutcome, rec: &mut R) {
        rec.event(self.beats_nd, o.beats_nd);
        self.blow.record(&o.damage, rec);
    }
}

/// `aube.depassement`: a test against `diff`, then a blow of `eff + diff - D` or `eff`.
pub type DepassementModel = Rolled<Depassement, DepassementMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::replay_one;
    use crate::engine::simulation;
    use crate::systems::aube::damage::DamageResult;
    use crate::systems::aube::resolution::CritDie;
    use crate::systems::aube::{DAMAGE, DEPASSEMENT};
    use crate::systems::test_support::{
        assert_each_agrees, build_with, error_text, exact_values, expect_model,
    };

    #[test]
    fn ex_2_10_depassement() {
        // eff 15, diff 8, ca 17, d 12 → dom 11; enc 14, d 7 → 4: étourdi.
        let model = expect_model(&DEPASSEMENT, "ca=17 diff=8 eff=15 enc=14");
        let (o, tally) = replay_one(&model, &[12, 7]);
        assert!(o.beats_nd);
        assert_eq!(o.damage.effective, 4);
        assert_eq!(o.damage.result, DamageResult::Etourdi);
        assert_eq!(tally.metric(model.m.beats_nd).sum, 1);
        let etourdi = model.m.blow.results.id(DamageResult::Etourdi);
        assert_eq!(tally.metric(etourdi).sum, 1);
        // Not beating ND (d 5 <= 8) takes the whole effect: 15 - 7 = 8, sonné.
        let (o, tally) = replay_one(&model, &[5, 7]);
        assert_eq!((o.beats_nd, o.damage.effective), (false, 8));
        assert_eq!(tally.metric(model.m.beats_nd).sum, 0);
    }

    #[test]
    fn krom_damage_vector_through_the_mechanic() {
        let model = DAMAGE.model_for("dom=28 enc=11 be=4").expect("valid");
        let (o, tally) = replay_one(&model, &[5]);
        assert_eq!((o.effective, o.result), (19, DamageResult::Legere));
        let legere = model.m.results.id(DamageResult::Legere);
        assert_eq!(tally.metric(legere).sum, 1);
    }

    #[test]
    fn monte_carlo_agrees_with_exact_over_a_grid() {
        let crit = DamageRule {
            test: TestOptions {
                crit: CritDie::Die(6),
                ..TestOptions::DEFAULT
            },
            ..DamageRule::new(12, 3, 0)
        };
        let damage_cases = [
            (DamageRule::new(11, 4, 0), 28),
            (DamageRule::new(12, 3, 10), 35),
            (DamageRule::new(15, 0, -5), 12),
            (crit, 30),
        ];
        assert_each_agrees(damage_cases, 5, |(rule, dom)| {
            simulation(DamageModel::new(Blow::new(rule, dom)))
        });
        let heroic = TestOptions {
            heroism_rules: true,
            ..TestOptions::DEFAULT
        };
        let plain = TestOptions::DEFAULT;
        let dep_cases = [
            (plain, 17, 8, 15, DamageRule::new(14, 0, 0)),
            (plain, 10, 2, 30, DamageRule::new(12, 2, 5)),
            (heroic, 31, 25, 40, DamageRule::new(12, 0, 0)),
        ];
        assert_each_agrees(dep_cases, 5, |(t, ca, diff, eff, d)| {
            simulation(DepassementModel::new(Depassement::new(t, ca, diff, eff, d)))
        });
    }

    #[test]
    fn results_sum_to_one() {
        let model = DamageModel::new(Blow::new(DamageRule::new(12, 3, 0), 30));
        let t = exact_values(&model);
        let total: f64 = DamageResult::ALL
            .iter()
            .map(|&r| t.value(model.m.results.id(r)).unwrap_or(0.0))
            .sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn parameters_reach_the_rules() {
        let model = expect_model(&DEPASSEMENT, "ca=17 diff=8 eff=15 enc=14 be=2 fm=3 crit=d8");
        let rule = &model.rule;
        assert_eq!((rule.test.ca, rule.test.nd, rule.eff), (17, 8, 15));
        assert_eq!(
            (rule.damage.enc, rule.damage.be, rule.damage.fm),
            (14, 2, 3)
        );
        // The crit die serves the test and the resistance test.
        assert_eq!(rule.test.crit, CritDie::Die(8));
        assert_eq!(rule.damage.test.crit, CritDie::Die(8));
    }

    /// `fm` is declared twice, here and with `fa` for the fights: the same parameter.
    #[test]
    fn fm_is_the_fights_fm() {
        use crate::engine::config::Config;
        use crate::systems::aube::attack::Factors;
        assert_eq!(DefenceParams::specs("")[2], Factors::specs("")[1]);
    }

    #[test]
    fn bad_input() {
        let e = error_text(build_with(&DAMAGE, &["dom=20"]));
        assert!(e.contains("enc"), "{e}");
        let e = error_text(build_with(&DAMAGE, &["dom=20", "enc=12", "crit=d4"]));
        assert!(e.contains("crit"), "{e}");
    }
}
