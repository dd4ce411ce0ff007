//! The attack roll (seed: *Attaque : lancez 1d20*, *Matrice de valeurs d'attaque par le
//! TAC0*, *Attaques à distance*, *Retraite*; the `ose` page → Attack), and the
//! `ose.attack` mechanic.
//!
//! The roll needed is `clamp(THAC0 - AC, 2, 20)` (descending AC; the sheet's matrix is
//! checked cell by cell against it); `d20 + modifiers >= needed` hits; a natural 1 always
//! misses and a natural 20 always hits. Modifiers: STR in melee, DEX with missiles, range
//! short +1 / medium 0 / long −1, partial cover −1 to −4 (missiles), +2 against a
//! retreating foe, and any other bonus.
//!
//! Shields (seed: *Attaques par derrière : ignore CA des bouclier*; *Retraite*: the
//! adversary "ignore le bonus à la CA du bouclier"): `ac` is the target's whole AC and
//! `shield` the part of it its shield gives; an attack from behind (`behind`) or on a
//! retreating foe rolls against `ac + shield`. The sheet gives no to-hit bonus from
//! behind (only the shield is lost); give one with `bonus` for tables that add it.

use super::d20::{D20Model, D20Roll, faces};
use super::sheet::Hd;
use super::tables::{AttackTable, OseTables};
use crate::engine::StepRule;
use crate::engine::house_step::StepSignature;
use crate::error::{Error, Result};

/// The d20 roll needed to hit `ac` with `thac0`, before modifiers, under the official
/// bounds (those in force: [`AttackTable::needed`]).
pub fn needed(thac0: i64, ac: i64) -> i64 {
    OseTables::OFFICIAL.attack.needed(thac0, ac)
}

/// Whether the natural roll `d` hits when `needed` is needed and `bonus` is added.
pub fn hits(needed: i64, bonus: i64, d: u32) -> bool {
    d == 20 || (d != 1 && d as i64 + bonus >= needed)
}

/// The hit/miss of each d20 face (index 1..=20), under the official bounds.
pub fn hit_table(thac0: i64, ac: i64, bonus: i64) -> [bool; 21] {
    hit_table_under(thac0, ac, bonus, &OseTables::OFFICIAL.attack)
}

/// [`hit_table`] under the bounds of `table`.
pub fn hit_table_under(thac0: i64, ac: i64, bonus: i64, table: &AttackTable) -> [bool; 21] {
    let n = table.needed(thac0, ac);
    faces(|d| hits(n, bonus, d))
}

crate::choice! {
    /// Melee, or a missile at a range band.
    ///
    /// - `melee`: melee: STR modifies the roll.
    /// - `short`: missile at short range: +1, DEX modifies the roll.
    /// - `medium`: missile at medium range: +0.
    /// - `long`: missile at long range: −1.
    pub enum Range { Melee = "melee", Short = "short", Medium = "medium", Long = "long" }
}

crate::config! {
    /// The situational modifiers of an attack (the parameters of `ose.attack` after the
    /// attacker and the target).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Modifiers {
        /// STR modifier (melee only)
        str: i64 = int(-3..=3, default = 0),
        /// DEX modifier (missiles only)
        dex: i64 = int(-3..=3, default = 0),
        /// melee, or a missile at short (+1), medium or long (-1) range
        range: Range = choice(default = Range::Melee),
        /// partial cover against missiles: -1 per point
        cover: i64 = int(0..=4, default = 0),
        /// the target is retreating: +2, and its shield does not count
        retreating: bool = switch(default = false),
        /// any other modifier to the roll (magic weapon, ...)
        bonus: i64 = int(-10..=10, default = 0),
        /// the AC the target's shield gives, already counted in ac (1 for a shield; 0: no
        /// shield); an attack from behind or on a retreating foe ignores it
        shield: i64 = int(0..=3, default = 0),
        /// the attack comes from behind: the target's shield does not count
        behind: bool = switch(default = false),
        /// the rule tables (THAC0 rows, bounds and modifiers of the roll): `alea rules ose`
        tables: OseTables = rules(),
        /// the d20 of the roll: official, or a house rule's script (`attack_die`)
        die: StepRule = house_step(&ATTACK_DIE),
    }
}

/// The step a house rule may replace in every attack: the d20 of the attack roll (`alea
/// rules ose --script`), played by `ose.attack`, `ose.duel` and `ose.encounter`.
pub static ATTACK_DIE: StepSignature = StepSignature {
    system: "ose",
    name: "attack_die",
    doc: "the d20 of an attack roll, read off the hit table (a natural 1 always misses, a natural 20 always hits)",
    inputs: &[],
    output: "the natural face read, 1 to 20",
    outputs: 1..=20,
    official: "fn attack_die() {\n    d(20)\n}",
    used_by: "ose.attack, ose.duel, ose.encounter",
};

impl Modifiers {
    /// No modifier: melee, nothing added.
    pub const NONE: Modifiers = Modifiers {
        str: 0,
        dex: 0,
        range: Range::Melee,
        cover: 0,
        retreating: false,
        bonus: 0,
        shield: 0,
        behind: false,
        tables: OseTables::OFFICIAL,
        die: StepRule::OFFICIAL,
    };

    /// The total added to the d20.
    pub fn total(&self) -> i64 {
        let t = &self.tables.attack;
        let by_range = match self.range {
            Range::Melee => self.str,
            Range::Short => self.dex + t.short,
            Range::Medium => self.dex + t.medium,
            Range::Long => self.dex + t.long,
        };
        by_range - self.cover + if self.retreating { t.retreating } else { 0 } + self.bonus
    }

    /// Whether the target's shield is ignored: an attack from behind or on a retreating
    /// foe (seed: *Attaques par derrière*, *Retraite*).
    pub fn ignores_shield(&self) -> bool {
        self.behind || self.retreating
    }

    /// The armour class the attack is rolled against: `ac` without the shield when it
    /// is ignored (descending AC: the shield's point comes back).
    pub fn target_ac(&self, ac: i64) -> i64 {
        if self.ignores_shield() {
            ac + self.shield
        } else {
            ac
        }
    }
}

crate::choice! {
    /// Who rolls the attack when a fighter or a monster is given by name.
    ///
    /// - `auto`: the fighter when one is given, else the monster.
    /// - `fighter`: the fighter, against the monster's AC (or `ac`).
    /// - `monster`: the monster, against the fighter's AC (or `ac`).
    pub enum Attacker { Auto = "auto", Fighter = "fighter", Monster = "monster" }
}

crate::config! {
    /// A player character in `ose.attack` (parameters `fighter.*`; `fighter=fighter3`
    /// gives them all): its THAC0 and STR when it attacks, its AC when it is attacked.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct AttackFighter {
        /// the fighter's THAC0, when it attacks
        thac0: Option<i64> = int(1..=30, optional),
        /// the fighter's armour class, when it is attacked
        ac: Option<i64> = int(-10..=12, optional),
        /// the fighter's STR modifier, added in melee when it attacks
        str: Option<i64> = int(-3..=3, optional),
    }
}

crate::config! {
    /// A monster in `ose.attack` (parameters `monster.*`; `monster=ogre` gives them all):
    /// its hit dice when it attacks, its AC when it is attacked.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct AttackMonster {
        /// the monster's hit dice (its row of the sheet), when it attacks
        hd: Option<Hd> = choice(default = None),
        /// the monster's armour class, when it is attacked
        ac: Option<i64> = int(-10..=12, optional),
    }
}

impl AttackFighter {
    /// True when any of its fields is given.
    fn given(&self) -> bool {
        self.thac0.is_some() || self.ac.is_some() || self.str.is_some()
    }
}

impl AttackMonster {
    /// True when any of its fields is given.
    fn given(&self) -> bool {
        self.hd.is_some() || self.ac.is_some()
    }
}

crate::config! {
    /// The parameters of `ose.attack`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct AttackParams {
        /// attacker's THAC0 (or give hd)
        thac0: Option<i64> = int(1..=30, optional),
        /// monster hit dice, read on the sheet's row that holds them: human, 1/2, 1..25 (8
        /// and 9 read '7+ to 9'), 21+, 4+1 (reads '4+ to 5'), 1-1; none: use thac0
        hd: Option<Hd> = choice(default = None),
        /// target's armour class (descending; or name the target: fighter= or monster=)
        ac: Option<i64> = int(-10..=12, optional),
        /// a player character by name (fighter=fighter3) or by its fields: it attacks the
        /// monster, or is the monster's target
        fighter: AttackFighter = fighter("fighter"),
        /// a monster by name (monster=ogre) or by its fields: it is the fighter's target,
        /// or attacks
        monster: AttackMonster = fighter("monster"),
        /// who rolls when a fighter or a monster is named: auto (the fighter if given), fighter, monster
        attacker: Attacker = choice(default = Attacker::Auto),
        /// the modifiers to the roll
        modifiers: Modifiers = flatten(),
    }
}

/// The THAC0 of an attacker given either as `thac0` or as hit dice (read in `tables`);
/// exactly one must be given.
pub fn thac0_from(thac0: Option<i64>, hd: Option<Hd>, tables: &OseTables) -> Result<i64> {
    match (thac0, hd) {
        (None, Some(hd)) => Ok(tables.thac0(hd)),
        (Some(t), None) => Ok(t),
        (None, None) => Err(Error::value(
            "thac0",
            "give the attacker's thac0 or its hd (a row of the sheet), one of the two; or name it (fighter=fighter3, monster=ogre)",
        )),
        _ => Err(Error::value(
            "thac0",
            "give either thac0 or hd, not both (hd sets the THAC0 from the sheet)",
        )),
    }
}

/// The attacker's THAC0, the target's AC and the STR added, from the parameters of
/// `ose.attack`: a named fighter or monster, or `thac0`/`hd` and `ac`; each given once.
fn attacker_and_target(p: &AttackParams) -> Result<(i64, i64, i64)> {
    let (f, m) = (p.fighter, p.monster);
    let fighter_attacks = match p.attacker {
        Attacker::Fighter => true,
        Attacker::Monster => false,
        Attacker::Auto => f.given() || !m.given(),
    };
    let once = |what: &str| {
        let (side, named) = if fighter_attacks {
            ("fighter", "fighter= or fighter.thac0")
        } else {
            ("monster", "monster= or monster.hd")
        };
        Error::value(
            what,
            format!(
                "the {side} attacks here and its THAC0 comes from it ({named}): give the attacker once, without {what} (or choose attacker=fighter or monster)"
            ),
        )
    };
    let (attacker_given, by_name) = if fighter_attacks {
        (f.given(), f.thac0.map(|t| (Some(t), None)))
    } else {
        (m.given(), m.hd.map(|hd| (None, Some(hd))))
    };
    let thac0 = match (attacker_given, by_name) {
        (true, Some((thac0, hd))) => {
            if p.thac0.is_some() || p.hd.is_some() {
                return Err(once(if p.thac0.is_some() { "thac0" } else { "hd" }));
            }
            thac0_from(thac0, hd, &p.modifiers.tables)?
        }
        (true, None) => {
            return Err(Error::value(
                "attacker",
                if fighter_attacks {
                    "the fighter attacks but has no THAC0: give fighter=NAME or fighter.thac0 (or attacker=monster)"
                } else {
                    "the monster attacks but has no hit dice: give monster=NAME or monster.hd (or attacker=fighter)"
                },
            ));
        }
        (false, _) => thac0_from(p.thac0, p.hd, &p.modifiers.tables)?,
    };
    let target_ac = if fighter_attacks { m.ac } else { f.ac };
    let ac = match (target_ac, p.ac) {
        (Some(_), Some(_)) => {
            return Err(Error::value(
                "ac",
                "the target's AC is given twice: by ac and by the named target; give one",
            ));
        }
        (Some(ac), None) | (None, Some(ac)) => ac,
        (None, None) => {
            return Err(Error::value(
                "ac",
                "give the target's armour class: ac=N, or name the target (monster=ogre, fighter=fighter3)",
            ));
        }
    };
    let str = match (fighter_attacks, f.str) {
        (true, Some(s)) if s != 0 => {
            if p.modifiers.str != 0 {
                return Err(Error::value(
                    "str",
                    "the fighter's STR is given twice: by str and by the fighter; give one",
                ));
            }
            s
        }
        _ => p.modifiers.str,
    };
    Ok((thac0, ac, str))
}

/// `ose.attack`: one attack roll (the natural d20 hits or misses).
pub type AttackModel = D20Model;

/// The attack roll with `thac0` against `ac` with `modifiers`.
pub fn attack_roll(thac0: i64, ac: i64, modifiers: &Modifiers) -> D20Roll {
    D20Roll::from_table(
        "hit",
        "chance to hit",
        hit_table_under(
            thac0,
            modifiers.target_ac(ac),
            modifiers.total(),
            &modifiers.tables.attack,
        ),
    )
    .with_die(modifiers.die)
}

impl TryFrom<AttackParams> for D20Roll {
    type Error = Error;

    /// The roll of `ose.attack`: the attacker's THAC0 and the target's AC from the named
    /// fighter and monster or from `thac0`/`hd` and `ac`; cover only with missiles.
    fn try_from(p: AttackParams) -> Result<Self> {
        let (thac0, ac, str) = attacker_and_target(&p)?;
        if p.modifiers.cover != 0 && p.modifiers.range == Range::Melee {
            return Err(Error::value(
                "cover",
                "cover applies to missile attacks; give range=short, medium or long",
            ));
        }
        let modifiers = Modifiers { str, ..p.modifiers };
        Ok(attack_roll(thac0, ac, &modifiers))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::simulation;
    use crate::systems::ose::ATTACK;
    use crate::systems::ose::sheet::{MATRIX_AC, THAC0_MATRIX};
    use crate::systems::test_support::{assert_each_agrees, assert_rejected, error_text};

    fn error(words: &str) -> String {
        error_text(ATTACK.model_for(words))
    }

    fn p_hit(words: &str) -> f64 {
        ATTACK
            .model_for(words)
            .unwrap_or_else(|e| panic!("{e}"))
            .rule
            .chance()
    }

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
                let got = p_hit(&format!("hd={name} ac={ac}"));
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
            str: 2,
            dex: 3,
            ..Modifiers::NONE
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
            ..Modifiers::NONE
        };
        assert_eq!(retreating.total(), 3);
        // THAC0 19 against AC 5 needs 14: 7/20; +2 against a retreating foe: 9/20.
        assert!((p_hit("thac0=19 ac=5") - 0.35).abs() < 1e-12);
        assert!((p_hit("thac0=19 ac=5 retreating=true") - 0.45).abs() < 1e-12);
        assert!((p_hit("thac0=19 ac=5 range=long cover=2") - 0.2).abs() < 1e-12);
    }

    #[test]
    fn from_behind_or_on_a_retreating_foe_the_shield_does_not_count() {
        // THAC0 19 against AC 4 (a shield's 1 included) needs 15: 6/20.
        assert!((p_hit("thac0=19 ac=4 shield=1") - 0.30).abs() < 1e-12);
        assert!((p_hit("thac0=19 ac=4") - 0.30).abs() < 1e-12);
        // From behind: AC 5, needs 14: 7/20, one face more.
        assert!((p_hit("thac0=19 ac=4 shield=1 behind=true") - 0.35).abs() < 1e-12);
        // No shield to ignore: from behind changes nothing (the sheet adds no bonus).
        assert!((p_hit("thac0=19 ac=4 behind=true") - 0.30).abs() < 1e-12);
        // Retreating: +2 and AC 5, needs 12: 9/20; without a shield 8/20.
        assert!((p_hit("thac0=19 ac=4 shield=1 retreating=true") - 0.45).abs() < 1e-12);
        assert!((p_hit("thac0=19 ac=4 retreating=true") - 0.40).abs() < 1e-12);
        // Both at once: the shield is lost once, not twice.
        let both = "thac0=19 ac=4 shield=2 retreating=true behind=true";
        assert!((p_hit(both) - 0.50).abs() < 1e-12);
        // A 14 hits from behind and misses from the front.
        let behind = ATTACK
            .model_for("thac0=19 ac=4 shield=1 behind=true")
            .unwrap_or_else(|e| panic!("{e}"));
        let (_, tally) = crate::engine::model::replay_one(&behind, &[14]);
        assert_eq!(tally.metric(behind.m.chance).sum, 1);
        let front = ATTACK
            .model_for("thac0=19 ac=4 shield=1")
            .unwrap_or_else(|e| panic!("{e}"));
        let (_, tally) = crate::engine::model::replay_one(&front, &[14]);
        assert_eq!(tally.metric(front.m.chance).sum, 0);
        assert_eq!(
            Modifiers {
                shield: 1,
                behind: true,
                ..Modifiers::NONE
            }
            .target_ac(-3),
            -2
        );
    }

    #[test]
    fn thac0_or_hd_exactly_one() {
        assert!(error("thac0=19 hd=3 ac=5").contains("not both"));
        assert!(error("ac=5").contains("one of the two"));
        assert!(ATTACK.model_for("hd=none thac0=12 ac=5").is_ok());
        assert!(ATTACK.model_for("thac0=0 ac=5").is_err());
    }

    #[test]
    fn a_named_fighter_attacks_a_named_monster() {
        // fighter3: THAC0 19, STR +1; the ogre: AC 5. Needs 19 - 5 = 14, d20 + 1 >= 14:
        // 13 to 20, 8 faces of 20.
        assert!((p_hit("fighter=fighter3 monster=ogre") - 0.40).abs() < 1e-12);
        assert!((p_hit("fighter=fighter3 ac=5") - 0.40).abs() < 1e-12);
        // The ogre (HD 4+1: the row "4+ to 5", THAC0 15) on fighter3's AC 4: needs 11,
        // 10 faces.
        let ogre_attacks = "fighter=fighter3 monster=ogre attacker=monster";
        assert!((p_hit(ogre_attacks) - 0.50).abs() < 1e-12);
        assert!((p_hit("monster=ogre ac=4") - 0.50).abs() < 1e-12);
        assert_eq!(p_hit("monster=ogre ac=4"), p_hit("hd=5 ac=4"));
        // The goblin (HD 1-1: "up to 1", THAC0 19) on thief1's AC 7: needs 12, 9 faces.
        let goblin = "fighter=thief1 monster=goblin attacker=monster";
        assert!((p_hit(goblin) - 0.45).abs() < 1e-12);
        // A field given beside the name wins.
        assert!((p_hit("fighter=fighter3 monster=ogre monster.ac=2") - 0.25).abs() < 1e-12);
    }

    #[test]
    fn the_attacker_and_the_target_are_given_once() {
        assert!(error("fighter=fighter3 monster=ogre hd=3").contains("give the attacker once"));
        assert!(error("fighter=fighter3 monster=ogre thac0=12").contains("attacker once"));
        assert!(error("fighter=fighter3 monster=ogre ac=3").contains("given twice"));
        assert!(error("fighter=fighter3 monster=ogre str=2").contains("given twice"));
        assert!(error("fighter=fighter3").contains("target's armour class"));
        assert!(error("monster=ogre fighter.ac=4 attacker=fighter").contains("no THAC0"));
        assert!(error("fighter=ogre monster=ogre").contains("is a monster"));
        let unknown = error("fighter=fighter3 monster=ogrre");
        assert!(unknown.contains("did you mean 'ogre'"), "{unknown}");
    }

    #[test]
    fn bad_input_is_an_error() {
        assert_rejected(
            &ATTACK,
            &[
                "hd=0 ac=5",
                "hd=26 ac=5",
                "hd=dragon ac=5",
                "hd=3 ac=5 cover=5 range=short",
                "hd=3 ac=5 range=far",
                "hd=3",
            ],
        );
        assert!(error("hd=3 ac=5 cover=2").contains("missile attacks"));
        assert!(ATTACK.model_for("hd=3 ac=5 cover=2 range=medium").is_ok());
    }

    #[test]
    fn the_roll_is_the_natural_d20_read_off_the_table() {
        // THAC0 19 against AC 5 needs 14.
        let model = AttackModel::new(attack_roll(19, 5, &Modifiers::NONE));
        let (d, tally) = crate::engine::model::replay_one(&model, &[14]);
        assert_eq!(d, 14);
        assert_eq!(tally.metric(model.m.chance).sum, 1);
        let (_, tally) = crate::engine::model::replay_one(&model, &[13]);
        assert_eq!(tally.metric(model.m.chance).sum, 0);
    }

    #[test]
    fn monte_carlo_agrees_with_exact_over_a_grid() {
        let cases = [
            attack_roll(19, 5, &Modifiers::NONE),
            attack_roll(5, 9, &Modifiers::NONE),
            attack_roll(20, -3, &Modifiers::NONE),
            attack_roll(
                14,
                2,
                &Modifiers {
                    range: Range::Long,
                    cover: 3,
                    dex: 1,
                    ..Modifiers::NONE
                },
            ),
        ];
        assert_each_agrees(cases, 1, |rule| simulation(AttackModel::new(rule)));
    }
}
