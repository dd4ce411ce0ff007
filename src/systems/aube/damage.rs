//! The damage step, *encaissement* and *Tableau 3.1* (seed chapter 3, "les dommages",
//! "l'encaissement"; the `aube` page → *Damage (encaissement) and the damage table*).
//!
//! Terms: `dom`, *niveau de dommage* (the damage level of a blow); `enc`, *encaissement*
//! (the CA of the resistance test: aspect + Résistance); `be`, *bonus d'encaisse* (armour,
//! subtracted from `dom`); `fm`, *facteur de mortalité* (a global setting subtracted from
//! `enc`: higher is deadlier).
//!
//! The step: `dom' = dom - be`; the resistance test of `ca = enc - fm`, `nd = 0`, gives a
//! signed degree `D` (heroism included: a heroic failure of `D = 18` is a degree of
//! success of 18, Ex. 5.3); the effective damage is `dom' - D` when `D` is positive, else
//! `dom'`. Without heroism `D > 0` only on a success, where it is `°R`.
//!
//! \[choice\] The text says both that armour's `be` is "retiré au niveau de dommage avant
//! le jet d'encaissement" (les armures) and that the resistance test is "éventuellement
//! augmenté d'un bonus dû à son armure" (les dommages). [`Armour::ReducesDom`] (the
//! default) follows the first; [`Armour::RaisesEnc`] (switch `armour=enc`) adds `be` to
//! the resistance test's CA instead.

use super::blow_effect;
use super::resolution::{TestOptions, TestOutcome, TestRule};
use super::tables::{AubeTables, DamageTable};
use crate::engine::house_step::StepRule;
use crate::engine::{Choice, Dice, Layout, MetricId, Recorder};

crate::choice! {
    /// A result of Tableau 3.1, from no effect to fatal, in increasing order.
    ///
    /// - `none`: effective damage 0 or less: no effect.
    /// - `etourdi`: 1–5, *étourdi* (stunned): −1 to that aspect for the next action.
    /// - `sonne`: 6–10, *sonné* (dazed): 1 fatigue point.
    /// - `legere`: 11–20, *blessure légère* (light wound): 3 fatigue points.
    /// - `grave`: 21–30, *blessure grave* (serious wound): 5 fatigue points.
    /// - `critique`: 31–40, *blessure critique* (critical wound): 10 fatigue points.
    /// - `fatale`: 41 and more, *fatale*: 20 fatigue points; the character is out.
    #[derive(PartialOrd, Ord, Hash)]
    pub enum DamageResult {
        None = "none", Etourdi = "etourdi", Sonne = "sonne", Legere = "legere", Grave = "grave",
        Critique = "critique", Fatale = "fatale",
    }
}

impl DamageResult {
    /// Every result, in table order (also the order of the seven damage metrics).
    pub const ALL: [DamageResult; 7] = [
        DamageResult::None,
        DamageResult::Etourdi,
        DamageResult::Sonne,
        DamageResult::Legere,
        DamageResult::Grave,
        DamageResult::Critique,
        DamageResult::Fatale,
    ];

    /// The row of the official Tableau 3.1 for an effective damage (the tables in
    /// force: [`DamageTable::result`]).
    pub fn from_effective(damage: i64) -> Self {
        AubeTables::OFFICIAL.damage.result(damage)
    }

    /// Position in [`DamageResult::ALL`] (0 = none .. 6 = fatale).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The metric name (`none`, `etourdi`, ..., `fatale`).
    pub fn metric_name(self) -> &'static str {
        self.name()
    }
}

crate::choice! {
    /// Where armour's bonus d'encaisse acts (see the module's \[choice\]).
    ///
    /// - `dom`: `be` is subtracted from the damage level before the resistance test (the
    ///   default).
    /// - `enc`: `be` is added to the resistance test's CA.
    #[derive(Hash)]
    pub enum Armour { ReducesDom = "dom", RaisesEnc = "enc" }
}

/// The defender's side of the damage step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DamageRule {
    /// Encaissement: the CA of the resistance test, before `fm`.
    pub enc: i64,
    /// Bonus d'encaisse of the armour.
    pub be: i64,
    /// Facteur de mortalité.
    pub fm: i64,
    /// Where `be` acts.
    pub armour: Armour,
    /// Options of the resistance test (crit die, heroism...); its `ca` and `nd` are set
    /// by the step itself.
    pub test: TestOptions,
    /// Tableau 3.1 in force.
    pub table: DamageTable,
    /// How the effective damage is read: the text's, or a house rule's
    /// ([`super::blow_effect::BLOW_EFFECT`]).
    pub effect: StepRule,
}

/// The outcome of the damage step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DamageOutcome {
    /// Effective damage (`dom - be`, less the resistance test's signed degree when it is
    /// positive).
    pub effective: i64,
    /// Its row of Tableau 3.1.
    pub result: DamageResult,
}

impl DamageRule {
    /// A damage step against `enc` and `be` with `fm`, the resistance test otherwise at
    /// its defaults.
    pub fn new(enc: i64, be: i64, fm: i64) -> Self {
        Self {
            enc,
            be,
            fm,
            armour: Armour::ReducesDom,
            test: TestOptions::DEFAULT,
            table: AubeTables::OFFICIAL.damage,
            effect: StepRule::OFFICIAL,
        }
    }

    /// The same step read on the Tableau 3.1 of `tables`, with their blow effect.
    pub fn under(mut self, tables: &AubeTables) -> Self {
        self.table = tables.damage;
        self.effect = tables.blow_effect();
        self
    }

    /// The resistance test: `ca = enc - fm` (`+ be` when armour raises it), `nd = 0`.
    pub fn resistance_test(&self) -> TestRule {
        let armour = match self.armour {
            Armour::ReducesDom => 0,
            Armour::RaisesEnc => self.be,
        };
        self.test.rule(self.enc - self.fm + armour, 0)
    }

    /// Effective damage of a blow of level `dom` once the resistance test gave `test`: the
    /// signed degree `D` (heroism included) is subtracted when positive (or a house rule's
    /// [`super::blow_effect::BLOW_EFFECT`] reads it, with `dice`).
    #[inline(always)]
    pub fn resolve<D: Dice>(&self, dom: i64, test: &TestOutcome, dice: &mut D) -> DamageOutcome {
        let reduced = match self.armour {
            Armour::ReducesDom => dom - self.be,
            Armour::RaisesEnc => dom,
        };
        let effective = blow_effect::effective(self.effect, dice, reduced, test.degree);
        DamageOutcome {
            effective,
            result: self.table.result(effective),
        }
    }

    /// Rolls the resistance test against a blow of level `dom`.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dom: i64, dice: &mut D) -> DamageOutcome {
        let test = dice.step(&self.resistance_test());
        self.resolve(dom, &test, dice)
    }

    #[cfg(test)]
    /// The exact distribution of the outcome of a blow of level `dom`: [`DamageRule::roll`]
    /// enumerated (for the tests).
    pub fn exact(&self, dom: i64) -> crate::engine::Dist<DamageOutcome> {
        crate::engine::enumerate(|dice| self.roll(dom, dice))
            .expect("a damage step has a few thousand paths")
    }
}

/// The seven damage results as proportions, `none` .. `fatale` in table order: metrics
/// shared by the mechanics that end in a damage step (`aube.attack`, `aube.tir`,
/// `aube.damage`, `aube.depassement`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DamageResults {
    ids: [MetricId; 7],
}

impl DamageResults {
    /// Declares the seven metrics, `docs[k]` documenting result `k` of
    /// [`DamageResult::ALL`].
    pub fn declare(layout: &mut Layout, docs: &[&'static str; 7]) -> Self {
        Self {
            ids: DamageResult::ALL.map(|r| layout.proportion(r.metric_name(), docs[r.index()])),
        }
    }

    /// Declares the seven metrics under one documentation line, `label` (`none ..
    /// fatale`) with `doc`, as `alea list` shows a family.
    pub fn declare_as_one(layout: &mut Layout, label: &'static str, doc: &'static str) -> Self {
        let first = layout.metric_count();
        let results = Self::declare(layout, &[doc; 7]);
        layout.list_as_one(first, label, doc);
        results
    }

    /// The metric of `result`.
    pub fn id(&self, result: DamageResult) -> MetricId {
        self.ids[result.index()]
    }

    /// Records `result` (`None`: no damage step, as on a miss: every result false).
    #[inline(always)]
    pub fn record<R: Recorder>(&self, result: Option<DamageResult>, rec: &mut R) {
        for r in DamageResult::ALL {
            rec.event(self.ids[r.index()], result == Some(r));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Dist, replay};

    /// The distribution of a blow of level `dom`.
    fn exact(rule: &DamageRule, dom: i64) -> Dist<DamageOutcome> {
        rule.exact(dom)
    }

    #[test]
    fn table_3_1_rows() {
        let rows = [
            (-3, DamageResult::None),
            (0, DamageResult::None),
            (1, DamageResult::Etourdi),
            (5, DamageResult::Etourdi),
        ];
        for (d, r) in rows {
            assert_eq!(DamageResult::from_effective(d), r);
        }
        assert_eq!(DamageResult::from_effective(6), DamageResult::Sonne);
        assert_eq!(DamageResult::from_effective(10), DamageResult::Sonne);
        assert_eq!(DamageResult::from_effective(11), DamageResult::Legere);
        assert_eq!(DamageResult::from_effective(20), DamageResult::Legere);
        assert_eq!(DamageResult::from_effective(21), DamageResult::Grave);
        assert_eq!(DamageResult::from_effective(31), DamageResult::Critique);
        assert_eq!(DamageResult::from_effective(40), DamageResult::Critique);
        assert_eq!(DamageResult::from_effective(41), DamageResult::Fatale);
    }

    /// Kröm hits Björn with °R 8 and BD 20: dom 28; be 4 → 24; enc 11, d 5 → 19: légère.
    #[test]
    fn krom_hits_bjorn() {
        let rule = DamageRule::new(11, 4, 0);
        let outcome = replay(&[5], |d| rule.roll(8 + 20, d));
        assert_eq!(outcome.effective, 19);
        assert_eq!(outcome.result, DamageResult::Legere);
    }

    #[test]
    fn a_failed_resistance_test_takes_everything_and_fm_lowers_enc() {
        let rule = DamageRule::new(11, 4, 0);
        assert_eq!(replay(&[15], |d| rule.roll(28, d)).effective, 24);
        // fm 5: enc 11 - 5 = 6, so a 9 now fails.
        let deadly = DamageRule::new(11, 4, 5);
        assert_eq!(replay(&[9], |d| deadly.roll(28, d)).effective, 24);
        assert_eq!(replay(&[9], |d| rule.roll(28, d)).effective, 15);
    }

    /// Issue 13, item 1: dom 30 against enc 25 with the heroism rules (CA 5, th 1). The
    /// signed degree is 21..=25 on 1..=5 (sonné, then étourdi on the 5), 19..=6 on the
    /// failures 6..=19 and 5 on the 20: sonné 0.20, étourdi 0.05, légère 0.50, grave 0.25.
    #[test]
    fn heroic_resistance_subtracts_the_signed_degree() {
        let rule = DamageRule {
            test: TestOptions {
                heroism_rules: true,
                ..TestOptions::DEFAULT
            },
            ..DamageRule::new(25, 0, 0)
        };
        let d = exact(&rule, 30);
        let p = |r| d.p_where(|o| o.result == r);
        for (r, want) in [
            (DamageResult::Sonne, 0.20),
            (DamageResult::Etourdi, 0.05),
            (DamageResult::Legere, 0.50),
            (DamageResult::Grave, 0.25),
        ] {
            assert!((p(r) - want).abs() < 1e-12, "{r:?}: {}", p(r));
        }
        // On the dice: 5 (°R 5, D 25) leaves 5; 10 fails by 5 but D 15 leaves 15; 20
        // fails by 15, D 5: 25.
        for (die, effective) in [(5, 5), (10, 15), (20, 25)] {
            assert_eq!(replay(&[die], |d| rule.roll(30, d)).effective, effective);
        }
        // A heroic defender is harder to hurt than the same CA 5 without heroism (a
        // grave every time: 30 - °R 1..=5 or 30).
        let ordinary = exact(&DamageRule::new(5, 0, 0), 30);
        assert_eq!(ordinary.p_where(|o| o.result == DamageResult::Grave), 1.0);
        assert!(p(DamageResult::Grave) < 0.5);
    }

    /// Switch `armour`: `enc` adds be to the resistance test's CA instead of taking it off
    /// the blow. dom 24, enc 11, be 4: a 15 fails against 11 (20, légère) but succeeds
    /// against 15 (9, sonné); the mean effective damage is 24 - 4 - 66/20 = 16.7 against
    /// 24 - 120/20 = 18.
    #[test]
    fn armour_switch() {
        let dom = DamageRule::new(11, 4, 0);
        let enc = DamageRule {
            armour: Armour::RaisesEnc,
            ..dom
        };
        assert_eq!(
            replay(&[15], |d| dom.roll(24, d)).result,
            DamageResult::Legere
        );
        assert_eq!(
            replay(&[15], |d| enc.roll(24, d)).result,
            DamageResult::Sonne
        );
        assert_eq!(enc.resistance_test().ca, 15);
        let mean = |r: &DamageRule| exact(r, 24).map(|o| o.effective).mean();
        assert!((mean(&dom) - 16.7).abs() < 1e-12, "{}", mean(&dom));
        assert!((mean(&enc) - 18.0).abs() < 1e-12, "{}", mean(&enc));
        assert_eq!(Armour::from_name("enc"), Some(Armour::RaisesEnc));
    }

    #[test]
    fn exact_sums_to_one() {
        let d = exact(&DamageRule::new(12, 3, 0), 20);
        let total: f64 = d.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        // dom 20 - be 3 = 17; success on 1..=12 removes d: effective 17 - d.
        assert!(
            (d.p_where(|o| o.result == DamageResult::Legere) - (8.0 / 20.0 + 6.0 / 20.0)).abs()
                < 1e-12
        );
    }
}
