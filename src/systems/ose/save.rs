//! The monsters' saving throw (seed: *Jets de sauvegarde : lancez 1d20*, *Jet de
//! sauvegarde des monstres*; the `ose` page → Saving throw), and the `ose.save`
//! mechanic: d20 (+ bonus) at least the table's value saves. The sheet gives no natural
//! 1 or 20 rule for saves, so none is applied by default; **\[choice\]** switch `naturals`
//! applies the attack's (a natural 1 fails, a natural 20 saves).

use super::d20::{D20Model, D20Roll};
use super::sheet::{Category, Hd};
use super::tables::OseTables;
use crate::error::{Error, Result};

crate::config! {
    /// The monster of `ose.save` by name (`monster=ogre`): its hit dice.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct SaveMonster {
        /// the monster's hit dice
        hd: Option<Hd> = choice(default = None),
    }
}

crate::config! {
    /// The parameters of `ose.save`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct SaveParams {
        /// hit dice: human, 1/2, 1..25 (rows 1-3, 4-6, ..., 19-21, 22+), 21+; [choice] 4+1
        /// and 1-1 save on the row of their whole dice, 1-1 and 1/2 as a normal human (or
        /// name the monster: monster=ogre)
        hd: Option<Hd> = choice(default = None),
        /// the monster by name (monster=ogre), for its hit dice
        monster: SaveMonster = fighter("monster"),
        /// death, wands, paralysis, breath, spells
        category: Category = choice(),
        /// added to the d20 (magic, ...)
        bonus: i64 = int(-10..=10, default = 0),
        /// [choice] a natural 1 always fails and a natural 20 always saves, as for attacks
        /// (the sheet gives no such rule for saves: off)
        naturals: bool = switch(default = false),
        /// the rule tables (the saving throws by row): `alea rules ose`
        tables: OseTables = rules(),
    }
}

/// `ose.save`: one saving throw (the natural d20 saves or not).
pub type SaveModel = D20Model;

/// A save of a monster of `hd` against `category`, with `bonus` added to the roll: d20 +
/// bonus at least the table's value; with `naturals`, a natural 1 fails and a natural 20
/// saves whatever the total.
pub fn save_roll(hd: Hd, category: Category, bonus: i64, naturals: bool) -> D20Roll {
    save_roll_under(hd, category, bonus, naturals, &OseTables::OFFICIAL)
}

/// [`save_roll`] with the saving throws of `tables`.
pub fn save_roll_under(
    hd: Hd,
    category: Category,
    bonus: i64,
    naturals: bool,
    tables: &OseTables,
) -> D20Roll {
    let needed = tables.save(hd, category);
    D20Roll::new("save", "chance the saving throw succeeds", |d| match d {
        1 if naturals => false,
        20 if naturals => true,
        _ => d as i64 + bonus >= needed,
    })
}

impl TryFrom<SaveParams> for D20Roll {
    type Error = Error;

    /// The save of the monster of `hd` or named by `monster`: one of the two.
    fn try_from(p: SaveParams) -> Result<Self> {
        let hd = match (p.hd, p.monster.hd) {
            (Some(hd), None) | (None, Some(hd)) => hd,
            (None, None) => {
                return Err(Error::value(
                    "hd",
                    "give the monster's hit dice (hd=3, hd=4+1) or its name (monster=ogre)",
                ));
            }
            (Some(_), Some(_)) => {
                return Err(Error::value(
                    "hd",
                    "the hit dice are given twice: by hd and by the monster; give one",
                ));
            }
        };
        Ok(save_roll_under(
            hd, p.category, p.bonus, p.naturals, &p.tables,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::replay_one;
    use crate::engine::{Choice, simulation};
    use crate::systems::ose::SAVE;
    use crate::systems::ose::sheet::SAVES;
    use crate::systems::test_support::{assert_each_agrees, assert_rejected, error_text};

    #[test]
    fn a_named_monster_saves_on_its_hit_dice_row() {
        let chance = |words: &str| {
            SAVE.model_for(words)
                .unwrap_or_else(|e| panic!("{words}: {e}"))
                .rule
                .chance()
        };
        // The ogre, HD 4+1, saves on the row 4-6 (death 10: 11 faces), as the OSE SRD's
        // D10; the goblin, 1-1, as a normal human (death 14: 7 faces).
        assert!((chance("monster=ogre category=death") - 0.55).abs() < 1e-12);
        assert_eq!(
            chance("monster=ogre category=death"),
            chance("hd=4 category=death")
        );
        assert!((chance("monster=goblin category=death") - 0.35).abs() < 1e-12);
        assert_eq!(
            chance("monster=goblin category=spells"),
            chance("hd=human category=spells")
        );
        assert!(error_text(SAVE.model_for("monster=ogre hd=3 category=death")).contains("twice"));
        assert!(error_text(SAVE.model_for("category=death")).contains("monster=ogre"));
    }

    #[test]
    fn every_cell_of_the_table() {
        let rows = ["human", "1", "4", "7", "10", "13", "16", "19", "22"];
        for (name, row) in rows.iter().zip(&SAVES) {
            for (category, cell) in Category::NAMES.iter().zip(row.needed) {
                let model = SAVE
                    .model_for(&format!("hd={name} category={}", category.0))
                    .unwrap_or_else(|e| panic!("{e}"));
                let expected = (21 - cell) as f64 / 20.0;
                assert!(
                    (model.rule.chance() - expected).abs() < 1e-12,
                    "{name} {}",
                    category.0
                );
            }
        }
    }

    #[test]
    fn a_roll_of_the_value_saves() {
        let m = save_roll(Hd::Dice(5), Category::Breath, 0, false);
        assert!(m.succeeds(13) && !m.succeeds(12));
        let m = SaveModel::new(save_roll(Hd::Human, Category::Spells, 2, false));
        assert!(m.rule.succeeds(16) && !m.rule.succeeds(15));
        // No natural rule: a 1 with +20 saves, a 20 short of the value fails.
        assert!(save_roll(Hd::Human, Category::Spells, 20, false).succeeds(1));
        assert!(!save_roll(Hd::Human, Category::Spells, -3, false).succeeds(20));
        let (d, tally) = replay_one(&m, &[16]);
        assert_eq!(d, 16);
        assert_eq!(tally.metric(m.m.chance).sum, 1);
    }

    #[test]
    fn naturals_cap_a_sure_save_and_floor_a_hopeless_one() {
        let p = |words: &str| {
            SAVE.model_for(words)
                .unwrap_or_else(|e| panic!("{words}: {e}"))
                .rule
                .chance()
        };
        // 22+ HD against death needs 2; with +10 every face saves, unless the 1 fails.
        assert!((p("hd=22 category=death bonus=10") - 1.0).abs() < 1e-12);
        assert!((p("hd=22 category=death bonus=10 naturals=true") - 0.95).abs() < 1e-12);
        // A normal human against spells needs 18; with -10 nothing saves, unless the 20.
        assert!(p("hd=human category=spells bonus=-10").abs() < 1e-12);
        assert!((p("hd=human category=spells bonus=-10 naturals=true") - 0.05).abs() < 1e-12);
        // Between the naturals nothing changes: 3 HD against wands needs 13, 8/20.
        assert!((p("hd=3 category=wands naturals=true") - 0.40).abs() < 1e-12);
        let m = SaveModel::new(save_roll(Hd::Human, Category::Spells, -10, true));
        let (_, tally) = replay_one(&m, &[20]);
        assert_eq!(tally.metric(m.m.chance).sum, 1);
    }

    #[test]
    fn bad_input_is_an_error() {
        assert_rejected(
            &SAVE,
            &[
                "hd=3 category=poison",
                "hd=3",
                "hd=none category=death",
                "hd=3 category=death bonus=11",
            ],
        );
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        let cases = [
            (Hd::Human, Category::Spells, false),
            (Hd::Dice(8), Category::Breath, true),
        ];
        assert_each_agrees(cases, 1, |(hd, c, naturals)| {
            simulation(SaveModel::new(save_roll(hd, c, 0, naturals)))
        });
    }
}
