//! Shooting, *tir* (seed chapter 3, "le tir", "l'esquive"; the `aube` page → *Classic
//! combat*), and the `aube.tir` mechanic.
//!
//! A test with `ca = skill CA + weapon bonus` against `nd = range difficulty (short 5,
//! medium 10, long 15) + Esq` (the target's *esquive*, dodge, when it dodges: 0 otherwise;
//! `Esq = Ph + Ma + BC(Évitement) - fa`, given here directly); a hit is a blow of
//! `dom = D + bd - range difficulty`, then the damage step. It is the attack step of
//! [`AttackRule`] with these totals, so `aube.tir` reports what `aube.attack` does.
//!
//! Each test takes its own options, as in `aube.attack`: the shooter's (`crit`, `th`,
//! ...) for the shot, the target's (`target.crit`, `target.th`, ...) for its resistance
//! test.

use super::attack::{AttackDocs, AttackRule, ResultDocs, Strike, Swing};
use super::encaissement::DefenceParams;
use super::resolution::TestOptions;
use super::tables::RangeTable;

crate::choice! {
    /// The range band of a shot.
    ///
    /// - `short`: short range: difficulty 5.
    /// - `medium`: medium range: difficulty 10.
    /// - `long`: long range: difficulty 15.
    pub enum Range { Short = "short", Medium = "medium", Long = "long" }
}

impl Range {
    /// The range's difficulty in the table `bands`.
    pub fn difficulty(self, bands: &RangeTable) -> i64 {
        match self {
            Range::Short => bands.short,
            Range::Medium => bands.medium,
            Range::Long => bands.long,
        }
    }
}

/// The ND of a test against a projectile its target sees coming and dodges ("l'esquive"):
/// the test's own difficulty `difficulty` plus the target's esquive `esq` (0: no dodge).
/// A shot's (the range's difficulty) and, with `spell_dodge=esquive`, a spell's
/// ([`super::casting`]).
#[inline]
pub fn dodged_nd(difficulty: i64, esq: i64) -> i64 {
    difficulty + esq
}

/// The attack totals of a shot: `(ta, nd, bd)` for [`AttackRule::roll`], the range's
/// difficulty `r` (of [`Range::difficulty`]).
pub fn shot(ca: i64, weapon_bonus: i64, r: i64, esq: i64, bd: i64) -> (i64, i64, i64) {
    (ca + weapon_bonus, dodged_nd(r, esq), bd - r)
}

crate::config! {
    /// The parameters of `aube.tir`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct TirParams {
        /// CA of the shooting skill
        ca: i64 = int(-200..=200),
        /// the weapon's bonus to the CA
        weapon_bonus: i64 = int(-50..=50, default = 0),
        /// short (5), medium (10), long (15)
        range: Range = choice(default = Range::Short),
        /// the target's esquive when it dodges (0: no dodge)
        esq: i64 = int(-50..=60, default = 0),
        /// bonus de dommage of the weapon
        bd: i64 = int(-50..=100),
        /// the target's defence
        defence: DefenceParams = flatten(),
        /// the options of the shot (the shooter's test)
        options: TestOptions = flatten(),
        /// the options of the target's resistance test (target.crit, target.th, ...)
        target: TestOptions = group("target"),
    }
}

/// The docs of `aube.tir`'s metrics.
const TIR_DOCS: AttackDocs = AttackDocs {
    hit: "chance the shot beats range difficulty plus dodge",
    results: ResultDocs::AsOne(
        "none .. fatale",
        "a hit with that damage result (with miss, they sum to 1)",
    ),
    result: "histogram of the result: -1 miss, 0 none .. 6 fatale",
};

/// The swing of a shot of `(ta, nd, bd)` (see [`shot`]) against `enc` and `be`, with
/// the options `(shooter, target)` of the shot and of the resistance test.
pub fn shot_swing(
    (ta, tp, bd): (i64, i64, i64),
    (enc, be): (i64, i64),
    (shooter, target): (TestOptions, TestOptions),
) -> Swing {
    Swing {
        ta,
        tp,
        bd,
        enc,
        be,
        att: shooter,
        def: target,
    }
}

/// A shot: the attack step with the shot's totals, `fa` 0.
impl From<TirParams> for Strike {
    fn from(p: TirParams) -> Self {
        let rule = AttackRule {
            fa: 0,
            fm: p.defence.fm,
            armour: p.defence.armour,
            tables: p.defence.tables,
        };
        let r = p.range.difficulty(&p.defence.tables.range);
        let attack = shot(p.ca, p.weapon_bonus, r, p.esq, p.bd);
        let options = (p.options, p.target);
        let swing = shot_swing(attack, (p.defence.enc, p.defence.be), options);
        Strike::documented(rule, swing, &TIR_DOCS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::replay_one;
    use crate::engine::{Model, simulation};
    use crate::systems::aube::TIR;
    use crate::systems::aube::attack::AttackModel;
    use crate::systems::aube::damage::DamageResult;
    use crate::systems::aube::resolution::{CritDie, Extremes};
    use crate::systems::aube::tables::AubeTables;
    use crate::systems::test_support::{assert_each_agrees, build_with, error_text, expect_model};

    #[test]
    fn a_shot_at_medium_range() {
        // ca 12 + 2 = 14 against 10: d 13 hits; dom 13 + 15 - 10 = 18; be 2 → 16;
        // enc 12, d 4 → 12: légère.
        let words = "ca=12 weapon_bonus=2 range=medium bd=15 enc=12 be=2";
        let model = TIR.model_for(words).expect("valid");
        let (o, _) = replay_one(&model, &[13, 4]);
        assert!(o.hit);
        assert_eq!(
            (o.damage.effective, o.damage.result),
            (12, DamageResult::Legere)
        );
        // A dodge of 5 makes the same 13 miss (needs more than 15).
        let dodging = TIR.model_for(&format!("{words} esq=5")).expect("valid");
        let (o, _) = replay_one(&dodging, &[13]);
        assert!(!o.hit);
    }

    #[test]
    fn hit_chance_closed_form() {
        // ca 16 at long range (15) with no dodge: hits on 16 only → 1/20.
        let m = expect_model(&TIR, "ca=16 range=long bd=10 enc=12");
        let p = m.exact().expect("exact").p_where(|o| o.hit);
        assert!((p - 1.0 / 20.0).abs() < 1e-12);
        // The long range also takes 15 off the blow: shot(16, 0, long, 0, 10) has bd -5.
        let official = &AubeTables::OFFICIAL.range;
        assert_eq!(
            shot(16, 0, Range::Long.difficulty(official), 0, 10),
            (16, 15, -5)
        );
    }

    #[test]
    fn monte_carlo_agrees_with_exact_over_a_grid() {
        let cases = [
            (Range::Short, 0, 0),
            (Range::Medium, 3, 5),
            (Range::Long, -6, 10),
        ];
        assert_each_agrees(cases, 5, |(range, esq, fm)| {
            simulation(AttackModel::new(Strike::from_swing(
                AttackRule::new(0, fm),
                shot_swing(
                    shot(
                        14,
                        3,
                        range.difficulty(&AubeTables::OFFICIAL.range),
                        esq,
                        18,
                    ),
                    (12, 2),
                    (TestOptions::DEFAULT, TestOptions::DEFAULT),
                ),
            )))
        });
    }

    #[test]
    fn the_shot_and_the_resistance_test_take_their_own_options() {
        let words = "ca=12 weapon_bonus=2 range=medium bd=15 enc=12 be=2";
        let swing = |extra: &str| expect_model(&TIR, &format!("{words} {extra}")).rule.swing;
        let shooter = swing("crit=d6 th=1");
        assert_eq!((shooter.att.crit, shooter.att.th), (CritDie::Die(6), 1));
        assert_eq!(shooter.def, TestOptions::DEFAULT);
        let target = swing("target.extremes=roll target.th=-1");
        assert_eq!(target.att, TestOptions::DEFAULT);
        assert_eq!((target.def.extremes, target.def.th), (Extremes::Roll, -1));
        // Exact: ca 16 at long range hits on 16 only (1/20), a blow of 16 + 10 - 15 = 11
        // against enc 25. The target's CA 25 succeeds without a roll, degree 25: no
        // effect. With target.extremes=roll it rolls: 11 to 19 resist all (9/20), 6 to 10
        // leave étourdi (5/20), 1 to 5 sonné, and so does the 20, a failure whose degree
        // 20 - 25 signed is +5 (6/20).
        let given_hit = |extra: &str, result: DamageResult| {
            let m = expect_model(&TIR, &format!("ca=16 range=long bd=10 enc=25 {extra}"));
            let d = m.exact().expect("exact");
            d.p_where(|o| o.hit && o.damage.result == result) / d.p_where(|o| o.hit)
        };
        assert!((given_hit("", DamageResult::None) - 1.0).abs() < 1e-12);
        // The shooter's extremes leave the target's test alone.
        assert!((given_hit("extremes=roll", DamageResult::None) - 1.0).abs() < 1e-12);
        let rolled = "target.extremes=roll";
        assert!((given_hit(rolled, DamageResult::None) - 9.0 / 20.0).abs() < 1e-12);
        assert!((given_hit(rolled, DamageResult::Etourdi) - 5.0 / 20.0).abs() < 1e-12);
        assert!((given_hit(rolled, DamageResult::Sonne) - 6.0 / 20.0).abs() < 1e-12);
    }

    #[test]
    fn bad_range_is_an_error() {
        let words = |r| ["ca=12", "bd=10", "enc=12", r];
        assert!(build_with(&TIR, &words("range=long")).is_ok());
        let e = error_text(build_with(&TIR, &words("range=far")));
        assert!(e.contains("range"), "{e}");
    }
}
