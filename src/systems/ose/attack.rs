//! The attack roll (seed: *Attaque : lancez 1d20*, *Matrice de valeurs d'attaque par le
//! TAC0*, *Attaques à distance*, *Retraite*; `RULES.md` `ose` → Attack), and the
//! `ose.attack` mechanic.
//!
//! The roll needed is `clamp(THAC0 - AC, 2, 20)` (descending AC; the sheet's matrix is
//! checked cell by cell against it); `d20 + modifiers >= needed` hits; a natural 1 always
//! misses and a natural 20 always hits. Modifiers: STR in melee, DEX with missiles, range
//! short +1 / medium 0 / long −1, partial cover −1 to −4 (missiles), +2 against a
//! retreating foe, and any other bonus.

use super::sheet::Hd;
use crate::engine::{
    Choice, Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation,
    simulation,
};
use crate::error::{Error, Result};

/// The d20 roll needed to hit `ac` with `thac0`, before modifiers.
pub fn needed(thac0: i64, ac: i64) -> i64 {
    (thac0 - ac).clamp(2, 20)
}

/// Whether the natural roll `d` hits when `needed` is needed and `bonus` is added.
pub fn hits(needed: i64, bonus: i64, d: u32) -> bool {
    d == 20 || (d != 1 && d as i64 + bonus >= needed)
}

/// The hit/miss of each d20 face (index 1..=20).
pub fn hit_table(thac0: i64, ac: i64, bonus: i64) -> [bool; 21] {
    let n = needed(thac0, ac);
    let mut table = [false; 21];
    for d in 1..=20u32 {
        table[d as usize] = hits(n, bonus, d);
    }
    table
}

/// Melee, or a missile at a range band.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Range {
    /// Melee: STR modifies the roll.
    Melee,
    /// Missile at short range: +1, DEX modifies the roll.
    Short,
    /// Missile at medium range: +0.
    Medium,
    /// Missile at long range: −1.
    Long,
}

impl Choice for Range {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("melee", Range::Melee),
        ("short", Range::Short),
        ("medium", Range::Medium),
        ("long", Range::Long),
    ];
}

/// The situational modifiers of an attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Modifiers {
    /// STR modifier (melee only).
    pub str_mod: i64,
    /// DEX modifier (missiles only).
    pub dex_mod: i64,
    /// Melee or range band.
    pub range: Range,
    /// Partial cover, 0..=4 (missiles only): −1 per point.
    pub cover: i64,
    /// The target is retreating: +2.
    pub retreating: bool,
    /// Any other bonus (magic weapon, ...).
    pub bonus: i64,
}

impl Modifiers {
    /// The total added to the d20.
    pub fn total(&self) -> i64 {
        let by_range = match self.range {
            Range::Melee => self.str_mod,
            Range::Short => self.dex_mod + 1,
            Range::Medium => self.dex_mod,
            Range::Long => self.dex_mod - 1,
        };
        by_range - self.cover + if self.retreating { 2 } else { 0 } + self.bonus
    }
}

/// The THAC0 of an attacker given either as `thac0` or as hit dice; exactly one must be
/// given.
pub fn thac0_from(thac0: Option<i64>, hd: Option<Hd>, param_thac0: &str) -> Result<i64> {
    match (thac0, hd) {
        (None, Some(hd)) => Ok(hd.thac0()),
        (Some(t), None) => Ok(t),
        (None, None) => Err(Error::value(
            param_thac0,
            "give the attacker's thac0 or its hd (a row of the sheet), one of the two",
        )),
        _ => Err(Error::value(
            param_thac0,
            "give either thac0 or hd, not both (hd sets the THAC0 from the sheet)",
        )),
    }
}

/// `ose.attack`: one attack roll.
#[derive(Debug, Clone, PartialEq)]
pub struct AttackModel {
    table: [bool; 21],
}

impl AttackModel {
    /// An attack with `thac0` against `ac` with `modifiers`.
    pub fn new(thac0: i64, ac: i64, modifiers: &Modifiers) -> Self {
        Self {
            table: hit_table(thac0, ac, modifiers.total()),
        }
    }
}

impl Model for AttackModel {
    /// The natural d20.
    type Outcome = u32;

    fn layout(&self) -> Layout {
        Layout::new().with_proportion("hit")
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> u32 {
        dice.d20()
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, d: &u32, rec: &mut R) {
        rec.event(0, self.table[*d as usize]);
    }

    fn exact(&self) -> Option<Dist<u32>> {
        Some(Dist::die(20).map(|&d| d as u32))
    }
}

/// The registry entry of `ose.attack`.
#[derive(Debug, Clone, Copy)]
pub struct AttackMechanic;

impl Mechanic for AttackMechanic {
    fn name(&self) -> &'static str {
        "ose.attack"
    }

    fn summary(&self) -> &'static str {
        "one d20 attack roll against descending AC, by THAC0 or monster hit dice"
    }

    fn params(&self) -> Vec<ParamSpec> {
        vec![
            ParamSpec::int("thac0", "attacker's THAC0 (or give hd)", 1, 30, None).optional(),
            ParamSpec::choice::<Option<Hd>>(
                "hd",
                "monster hit dice, a row of the sheet: human, 1..25 (8 and 9 read '7+ to 9'), 21+; none: use thac0",
                Some(None),
            ),
            ParamSpec::int("ac", "target's armour class (descending)", -10, 12, None),
            ParamSpec::int("str", "STR modifier (melee only)", -3, 3, Some(0)),
            ParamSpec::int("dex", "DEX modifier (missiles only)", -3, 3, Some(0)),
            ParamSpec::choice(
                "range",
                "melee, or a missile at short (+1), medium or long (-1) range",
                Some(Range::Melee),
            ),
            ParamSpec::int(
                "cover",
                "partial cover against missiles: -1 per point",
                0,
                4,
                Some(0),
            ),
            ParamSpec::bool("retreating", "the target is retreating: +2", false),
            ParamSpec::int(
                "bonus",
                "any other modifier to the roll (magic weapon, ...)",
                -10,
                10,
                Some(0),
            ),
        ]
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[("hit", "chance to hit")]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let thac0 = thac0_from(params.opt_int("thac0"), params.choice("hd"), "thac0")?;
        let range: Range = params.choice("range");
        let cover = params.int("cover");
        if cover != 0 && range == Range::Melee {
            return Err(Error::value(
                "cover",
                "cover applies to missile attacks; give range=short, medium or long",
            ));
        }
        let modifiers = Modifiers {
            str_mod: params.int("str"),
            dex_mod: params.int("dex"),
            range,
            cover,
            retreating: params.bool("retreating"),
            bonus: params.int("bonus"),
        };
        Ok(simulation(AttackModel::new(
            thac0,
            params.int("ac"),
            &modifiers,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::check::check_against_exact;
    use crate::systems::ose::sheet::{MATRIX_AC, THAC0_MATRIX};
    use crate::systems::test_support::build_with;

    fn build(words: &[&str]) -> Result<Box<dyn Simulation>> {
        build_with(&AttackMechanic, words)
    }

    fn p_hit(words: &[&str]) -> f64 {
        let sim = build(words).unwrap_or_else(|e| panic!("{e}"));
        sim.exact()
            .and_then(|e| e.metrics[0].value())
            .unwrap_or(f64::NAN)
    }

    const NO_MODS: Modifiers = Modifiers {
        str_mod: 0,
        dex_mod: 0,
        range: Range::Melee,
        cover: 0,
        retreating: false,
        bonus: 0,
    };

    #[test]
    fn clamp_formula_gives_every_cell_of_the_sheet() {
        for row in &THAC0_MATRIX {
            for (ac, cell) in MATRIX_AC.iter().zip(row.needed) {
                assert_eq!(needed(row.thac0, *ac), cell, "{} vs AC {ac}", row.label);
            }
        }
    }

    #[test]
    fn every_cell_is_the_hit_chance_by_hd_name() {
        let names = [
            "human", "1", "2", "3", "4", "5", "6", "7", "9", "11", "13", "15", "17", "19", "21",
            "21+",
        ];
        for (name, row) in names.iter().zip(&THAC0_MATRIX) {
            for (ac, cell) in MATRIX_AC.iter().zip(row.needed) {
                let expected = (21 - cell) as f64 / 20.0;
                let got = p_hit(&[&format!("hd={name}"), &format!("ac={ac}")]);
                assert!((got - expected).abs() < 1e-12, "{name} vs AC {ac}");
            }
        }
    }

    #[test]
    fn natural_one_misses_and_twenty_hits() {
        // Needs 2 with +10: everything but the 1 hits.
        assert!(!hits(2, 10, 1));
        assert!(hits(2, 0, 2));
        // Needs 20 with -10: only the natural 20 hits.
        assert!(hits(20, -10, 20));
        assert!(!hits(20, -10, 19));
        // THAC0 20 against AC -10: needs 30, clamped to 20.
        let t = hit_table(20, -10, -5);
        assert_eq!(t.iter().filter(|h| **h).count(), 1);
        assert!(t[20]);
        let t = hit_table(5, 9, 10);
        assert_eq!(t.iter().filter(|h| **h).count(), 19);
        assert!(!t[1]);
    }

    #[test]
    fn modifiers_by_attack_kind() {
        let melee = Modifiers {
            str_mod: 2,
            dex_mod: 3,
            ..NO_MODS
        };
        assert_eq!(melee.total(), 2);
        let short = Modifiers {
            range: Range::Short,
            ..melee
        };
        assert_eq!(short.total(), 4);
        let long_cover = Modifiers {
            range: Range::Long,
            cover: 4,
            ..melee
        };
        assert_eq!(long_cover.total(), -2);
        let retreating = Modifiers {
            retreating: true,
            bonus: 1,
            ..NO_MODS
        };
        assert_eq!(retreating.total(), 3);
        // THAC0 19 against AC 5 needs 14: 7/20; +2 against a retreating foe: 9/20.
        assert!((p_hit(&["thac0=19", "ac=5"]) - 0.35).abs() < 1e-12);
        assert!((p_hit(&["thac0=19", "ac=5", "retreating=true"]) - 0.45).abs() < 1e-12);
        assert!((p_hit(&["thac0=19", "ac=5", "range=long", "cover=2"]) - 0.2).abs() < 1e-12);
    }

    #[test]
    fn thac0_or_hd_exactly_one() {
        let both = build(&["thac0=19", "hd=3", "ac=5"])
            .err()
            .map(|e| e.to_string());
        assert!(both.is_some_and(|e| e.contains("not both")));
        let neither = build(&["ac=5"]).err().map(|e| e.to_string());
        assert!(neither.is_some_and(|e| e.contains("one of the two")));
        assert!(build(&["hd=none", "thac0=12", "ac=5"]).is_ok());
        assert!(build(&["thac0=0", "ac=5"]).is_err());
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(build(&["hd=0", "ac=5"]).is_err());
        assert!(build(&["hd=26", "ac=5"]).is_err());
        assert!(build(&["hd=dragon", "ac=5"]).is_err());
        assert!(build(&["hd=3", "ac=5", "cover=5", "range=short"]).is_err());
        assert!(build(&["hd=3", "ac=5", "cover=2"]).is_err());
        assert!(build(&["hd=3", "ac=5", "range=far"]).is_err());
        assert!(build(&["hd=3"]).is_err());
    }

    #[test]
    fn monte_carlo_agrees_with_exact_over_a_grid() {
        let cases = [
            AttackModel::new(19, 5, &NO_MODS),
            AttackModel::new(5, 9, &NO_MODS),
            AttackModel::new(20, -3, &NO_MODS),
            AttackModel::new(
                14,
                2,
                &Modifiers {
                    range: Range::Long,
                    cover: 3,
                    dex_mod: 1,
                    ..NO_MODS
                },
            ),
        ];
        for (i, model) in cases.into_iter().enumerate() {
            let sim = simulation(model);
            let report = check_against_exact(sim.as_ref(), 200_000, 900 + i as u64);
            assert_eq!(report.comparisons, 1);
            assert!(
                report.failures.is_empty(),
                "case {i}: {:?}",
                report.failures
            );
        }
    }
}
