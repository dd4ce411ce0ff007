//! The monsters' saving throw (seed: *Jets de sauvegarde : lancez 1d20*, *Jet de
//! sauvegarde des monstres*; `RULES.md` `ose` → Saving throw), and the `ose.save`
//! mechanic: d20 (+ bonus) at least the table's value saves. The sheet gives no natural
//! 1 or 20 rule for saves, so none is applied.

use super::sheet::{Category, Hd};
use crate::engine::{
    Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation, simulation,
};
use crate::error::Result;

/// `ose.save`: one saving throw.
#[derive(Debug, Clone, PartialEq)]
pub struct SaveModel {
    /// The roll needed.
    needed: i64,
    /// Added to the d20.
    bonus: i64,
}

impl SaveModel {
    /// A save of a monster of `hd` against `category`, with `bonus` added to the roll.
    pub fn new(hd: Hd, category: Category, bonus: i64) -> Self {
        Self {
            needed: hd.save_row().needed(category),
            bonus,
        }
    }

    /// Whether the natural roll `d` saves.
    pub fn saves(&self, d: u32) -> bool {
        d as i64 + self.bonus >= self.needed
    }
}

impl Model for SaveModel {
    /// The natural d20.
    type Outcome = u32;

    fn layout(&self) -> Layout {
        Layout::new().with_proportion("save")
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> u32 {
        dice.d20()
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, d: &u32, rec: &mut R) {
        rec.event(0, self.saves(*d));
    }

    fn exact(&self) -> Option<Dist<u32>> {
        Some(Dist::die(20).map(|&d| d as u32))
    }
}

/// The registry entry of `ose.save`.
#[derive(Debug, Clone, Copy)]
pub struct SaveMechanic;

impl Mechanic for SaveMechanic {
    fn name(&self) -> &'static str {
        "ose.save"
    }

    fn summary(&self) -> &'static str {
        "a monster's saving throw, by hit dice and category (the sheet's table)"
    }

    fn params(&self) -> Vec<ParamSpec> {
        vec![
            ParamSpec::choice::<Hd>(
                "hd",
                "hit dice: human, 1..25 (rows 1-3, 4-6, ..., 19-21, 22+), 21+",
                None,
            ),
            ParamSpec::choice::<Category>(
                "category",
                "death, wands, paralysis, breath, spells",
                None,
            ),
            ParamSpec::int("bonus", "added to the d20 (magic, ...)", -10, 10, Some(0)),
        ]
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[("save", "chance the saving throw succeeds")]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        Ok(simulation(SaveModel::new(
            params.choice("hd"),
            params.choice("category"),
            params.int("bonus"),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Choice;
    use crate::systems::ose::sheet::SAVES;
    use crate::systems::test_support::assert_agrees_with_exact;
    use crate::systems::test_support::build_with;

    fn build(words: &[&str]) -> Result<Box<dyn Simulation>> {
        build_with(&SaveMechanic, words)
    }

    #[test]
    fn every_cell_of_the_table() {
        let rows = ["human", "1", "4", "7", "10", "13", "16", "19", "22"];
        for (name, row) in rows.iter().zip(&SAVES) {
            for (category, cell) in Category::NAMES.iter().zip(row.needed) {
                let sim = build(&[&format!("hd={name}"), &format!("category={}", category.0)])
                    .unwrap_or_else(|e| panic!("{e}"));
                let p = sim.exact().and_then(|e| e.metrics[0].value());
                let expected = (21 - cell) as f64 / 20.0;
                assert!(
                    p.is_some_and(|p| (p - expected).abs() < 1e-12),
                    "{name} {}",
                    category.0
                );
            }
        }
    }

    #[test]
    fn a_roll_of_the_value_saves() {
        let m = SaveModel::new(Hd::Dice(5), Category::Breath, 0);
        assert!(m.saves(13) && !m.saves(12));
        let m = SaveModel::new(Hd::Human, Category::Spells, 2);
        assert!(m.saves(16) && !m.saves(15));
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(build(&["hd=3", "category=poison"]).is_err());
        assert!(build(&["hd=3"]).is_err());
        assert!(build(&["hd=none", "category=death"]).is_err());
        assert!(build(&["hd=3", "category=death", "bonus=11"]).is_err());
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        for (i, (hd, c)) in [
            (Hd::Human, Category::Spells),
            (Hd::Dice(8), Category::Breath),
        ]
        .into_iter()
        .enumerate()
        {
            let sim = simulation(SaveModel::new(hd, c, 0));
            assert_agrees_with_exact(sim.as_ref(), 200_000, 950 + i as u64, 1, &"");
        }
    }
}
