//! Shooting, *tir* (seed chapter 3, "le tir", "l'esquive"; `RULES.md` `aube` → *Classic
//! combat*), and the `aube.tir` mechanic.
//!
//! A test with `ca = skill CA + weapon bonus` against `nd = range difficulty (short 5,
//! medium 10, long 15) + Esq` (the target's *esquive*, dodge, when it dodges: 0 otherwise;
//! `Esq = Ph + Ma + BC(Évitement) - fa`, given here directly); a hit is a blow of
//! `dom = D + bd - range difficulty`, then the damage step. It is the attack step of
//! [`AttackRule`] with these totals, so `aube.tir` reports what `aube.attack` does.

use super::attack::{AttackModel, AttackRule};
use super::encaissement::defence_specs;
use super::resolution::TestRule;
use crate::engine::{Choice, Mechanic, ParamSpec, ParamValues, Simulation, simulation};
use crate::error::Result;

/// The range band of a shot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Range {
    /// Short range: difficulty 5.
    Short,
    /// Medium range: difficulty 10.
    Medium,
    /// Long range: difficulty 15.
    Long,
}

impl Choice for Range {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("short", Range::Short),
        ("medium", Range::Medium),
        ("long", Range::Long),
    ];
}

impl Range {
    /// The range's difficulty.
    pub fn difficulty(self) -> i64 {
        match self {
            Range::Short => 5,
            Range::Medium => 10,
            Range::Long => 15,
        }
    }
}

/// The attack totals of a shot: `(ta, nd, bd)` for [`AttackRule::roll`].
pub fn shot(ca: i64, weapon_bonus: i64, range: Range, esq: i64, bd: i64) -> (i64, i64, i64) {
    let r = range.difficulty();
    (ca + weapon_bonus, r + esq, bd - r)
}

/// The registry entry of `aube.tir`.
#[derive(Debug, Clone, Copy)]
pub struct TirMechanic;

impl Mechanic for TirMechanic {
    fn name(&self) -> &'static str {
        "aube.tir"
    }

    fn summary(&self) -> &'static str {
        "one shot: range difficulty and dodge against skill and weapon, then Tableau 3.1"
    }

    fn params(&self) -> Vec<ParamSpec> {
        let mut specs = vec![
            ParamSpec::int("ca", "CA of the shooting skill", -200, 200, None),
            ParamSpec::int(
                "weapon_bonus",
                "the weapon's bonus to the CA",
                -50,
                50,
                Some(0),
            ),
            ParamSpec::choice(
                "range",
                "short (5), medium (10), long (15)",
                Some(Range::Short),
            ),
            ParamSpec::int(
                "esq",
                "the target's esquive when it dodges (0: no dodge)",
                -50,
                60,
                Some(0),
            ),
            ParamSpec::int("bd", "bonus de dommage of the weapon", -50, 100, None),
        ];
        specs.extend(defence_specs());
        specs.extend(TestRule::option_specs());
        specs
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("hit", "chance the shot beats range difficulty plus dodge"),
            ("miss", "chance it does not"),
            (
                "none .. fatale",
                "a hit with that damage result (with miss, they sum to 1)",
            ),
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
                "histogram of the result: -1 miss, 0 none .. 6 fatale",
            ),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let rule = AttackRule {
            fa: 0,
            fm: params.int("fm"),
            test: TestRule::from_params(params, "", 0, 0),
        };
        let attack = shot(
            params.int("ca"),
            params.int("weapon_bonus"),
            params.choice("range"),
            params.int("esq"),
            params.int("bd"),
        );
        let defence = (params.int("enc"), params.int("be"));
        Ok(simulation(AttackModel::from_totals(rule, attack, defence)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Model, RiggedDice};
    use crate::query::Query;
    use crate::systems::aube::damage::DamageResult;
    use crate::systems::test_support::assert_agrees_with_exact;

    #[test]
    fn a_shot_at_medium_range() {
        // ca 12 + 2 = 14 against 10: d 13 hits; dom 13 + 15 - 10 = 18; be 2 → 16;
        // enc 12, d 4 → 12: légère.
        let rule = AttackRule::new(0, 0);
        let o = rule.roll(
            shot(12, 2, Range::Medium, 0, 15),
            (12, 2),
            &mut RiggedDice::new(&[13, 4]),
        );
        assert!(o.hit);
        assert_eq!(
            (o.damage.effective, o.damage.result),
            (12, DamageResult::Legere)
        );
        // A dodge of 5 makes the same 13 miss (needs more than 15).
        let o = rule.roll(
            shot(12, 2, Range::Medium, 5, 15),
            (12, 2),
            &mut RiggedDice::new(&[13]),
        );
        assert!(!o.hit);
    }

    #[test]
    fn hit_chance_closed_form() {
        // ca 16 at long range (15) with no dodge: hits on 16 only → 1/20.
        let m = AttackModel::from_totals(
            AttackRule::new(0, 0),
            shot(16, 0, Range::Long, 0, 10),
            (12, 0),
        );
        let p = m.exact().expect("exact").p_where(|o| o.hit);
        assert!((p - 1.0 / 20.0).abs() < 1e-12);
    }

    #[test]
    fn monte_carlo_agrees_with_exact_over_a_grid() {
        for (i, (range, esq, fm)) in [
            (Range::Short, 0, 0),
            (Range::Medium, 3, 5),
            (Range::Long, -6, 10),
        ]
        .into_iter()
        .enumerate()
        {
            let m = AttackModel::from_totals(
                AttackRule::new(0, fm),
                shot(14, 3, range, esq, 18),
                (12, 2),
            );
            assert_agrees_with_exact(
                simulation(m).as_ref(),
                200_000,
                6000 + i as u64,
                5,
                &format!("case {i}"),
            );
        }
    }

    #[test]
    fn bad_range_is_an_error() {
        let words = |r: &str| -> Vec<String> {
            ["ca=12", "bd=10", "enc=12", r]
                .iter()
                .map(|s| s.to_string())
                .collect()
        };
        assert!(Query::parse("aube.tir", &words("range=long")).is_ok());
        let e = Query::parse("aube.tir", &words("range=far"))
            .map(|_| ())
            .expect_err("far");
        assert!(e.to_string().contains("range"), "{e}");
    }
}
