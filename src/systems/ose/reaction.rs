//! Reaction rolls (seed: *Réaction des monstres*, *Test de réaction des monstres*,
//! *Recruter des suivants*, *Réaction des suivants à l'embauche*; `RULES.md` `ose` →
//! Reaction), and the `ose.reaction` mechanic.
//!
//! 2d6 + CHA reaction modifier, plus for hirelings the offer (*générosité*, −2..+2) and a
//! bad reputation (*mauvaise réputation*, −1..−2), read on one of the sheet's two tables.
//! Both tables cut the total at 2 or less, 3–5, 6–8, 9–11 and 12 or more; each line is
//! one metric.

use super::sheet::{REACTION_BANDS, reaction_band};
use crate::engine::{
    Choice, Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation,
    simulation,
};
use crate::error::{Error, Result};

/// Which of the sheet's two tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Table {
    /// *Test de réaction des monstres*.
    Monster,
    /// *Réaction des suivants à l'embauche*.
    Hireling,
}

impl Choice for Table {
    const NAMES: &'static [(&'static str, Self)] =
        &[("monster", Table::Monster), ("hireling", Table::Hireling)];
}

/// The metric names of the monster table's lines, in band order.
pub const MONSTER_LINES: [&str; 5] = [
    "hostile",
    "unfriendly",
    "neutral",
    "indifferent",
    "friendly",
];

/// The metric names of the hireling table's lines, in band order.
pub const HIRELING_LINES: [&str; 5] = [
    "animosity",
    "refused",
    "try_again",
    "accepted",
    "accepted_loyal",
];

impl Table {
    /// The metric names of this table's lines.
    pub fn lines(self) -> &'static [&'static str; 5] {
        match self {
            Table::Monster => &MONSTER_LINES,
            Table::Hireling => &HIRELING_LINES,
        }
    }
}

/// `ose.reaction`: one reaction roll.
#[derive(Debug, Clone, PartialEq)]
pub struct ReactionModel {
    table: Table,
    modifier: i64,
}

const TOTAL_HIST: usize = 0;

impl ReactionModel {
    /// A roll on `table` with `modifier` (CHA + offer + reputation) added to 2d6.
    pub fn new(table: Table, modifier: i64) -> Self {
        Self { table, modifier }
    }
}

impl Model for ReactionModel {
    /// The modified total.
    type Outcome = i64;

    fn layout(&self) -> Layout {
        let layout = self
            .table
            .lines()
            .iter()
            .fold(Layout::new(), |l, name| l.with_proportion(*name));
        layout.with_histogram("total", (-3, 17))
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> i64 {
        dice.sum(2, 6) as i64 + self.modifier
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, total: &i64, rec: &mut R) {
        let band = reaction_band(*total);
        for line in 0..REACTION_BANDS.len() {
            rec.event(line, line == band);
        }
        rec.hist(TOTAL_HIST, *total);
    }

    fn exact(&self) -> Option<Dist<i64>> {
        Some(Dist::dice_sum(2, 6).map(|t| t + self.modifier))
    }
}

/// The registry entry of `ose.reaction`.
#[derive(Debug, Clone, Copy)]
pub struct ReactionMechanic;

impl Mechanic for ReactionMechanic {
    fn name(&self) -> &'static str {
        "ose.reaction"
    }

    fn summary(&self) -> &'static str {
        "a 2d6 reaction roll of monsters or of hirelings (the sheet's two tables)"
    }

    fn params(&self) -> Vec<ParamSpec> {
        vec![
            ParamSpec::choice("table", "monster or hireling", Some(Table::Monster)),
            ParamSpec::int("cha_mod", "CHA reaction modifier", -3, 3, Some(0)),
            ParamSpec::int(
                "offer",
                "hirelings: generosity of the offer, -2..+2",
                -2,
                2,
                Some(0),
            ),
            ParamSpec::int(
                "reputation",
                "hirelings: bad reputation, -1 or -2",
                -2,
                0,
                Some(0),
            ),
        ]
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("hostile", "monster table, 2 or less: hostile, attacks"),
            ("unfriendly", "monster table, 3-5: unfriendly, may attack"),
            ("neutral", "monster table, 6-8: neutral, uncertain"),
            (
                "indifferent",
                "monster table, 9-11: indifferent, uninterested",
            ),
            ("friendly", "monster table, 12 or more: friendly, helpful"),
            (
                "animosity",
                "hireling table, 2 or less: ill will (-1 to later rolls)",
            ),
            ("refused", "hireling table, 3-5: offer refused"),
            ("try_again", "hireling table, 6-8: roll again"),
            ("accepted", "hireling table, 9-11: offer accepted"),
            (
                "accepted_loyal",
                "hireling table, 12 or more: accepted, +1 loyalty",
            ),
            ("total", "histogram of the modified 2d6 total"),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let table: Table = params.choice("table");
        let (offer, reputation) = (params.int("offer"), params.int("reputation"));
        if table == Table::Monster && (offer != 0 || reputation != 0) {
            return Err(Error::value(
                if offer != 0 { "offer" } else { "reputation" },
                "offer and reputation apply to hiring (table=hireling), not to monsters",
            ));
        }
        Ok(simulation(ReactionModel::new(
            table,
            params.int("cha_mod") + offer + reputation,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RiggedDice;
    use crate::engine::model::{exact_tally, record_one};
    use crate::systems::test_support::assert_agrees_with_exact;
    use crate::systems::test_support::build_with;

    fn build(words: &[&str]) -> Result<Box<dyn Simulation>> {
        build_with(&ReactionMechanic, words)
    }

    fn lines(model: &ReactionModel) -> Vec<f64> {
        let layout = model.layout();
        let dist = Dist::dice_sum(2, 6).map(|t| t + model.modifier);
        exact_tally(model, &layout, &dist)
            .metrics
            .iter()
            .map(|m| m.value().unwrap_or(f64::NAN))
            .collect()
    }

    #[test]
    fn unmodified_lines_in_36ths() {
        let got = lines(&ReactionModel::new(Table::Monster, 0));
        for (g, e) in got.iter().zip([1.0, 9.0, 16.0, 9.0, 1.0]) {
            assert!((g - e / 36.0).abs() < 1e-12, "{got:?}");
        }
        // CHA +2, offer +2: 12 or more on 8+ of 2d6 (15/36); 2 or less never.
        let got = lines(&ReactionModel::new(Table::Hireling, 4));
        assert!(got[0].abs() < 1e-15);
        assert!((got[4] - 15.0 / 36.0).abs() < 1e-12);
        // CHA -3, reputation -2: 2 or less on 7 or less (21/36).
        let got = lines(&ReactionModel::new(Table::Hireling, -5));
        assert!((got[0] - 21.0 / 36.0).abs() < 1e-12);
    }

    #[test]
    fn rigged_rolls_read_the_right_line() {
        let model = ReactionModel::new(Table::Monster, -1);
        let (total, tally) = record_one(&model, &mut RiggedDice::new(&[1, 2]));
        assert_eq!(total, 2);
        assert_eq!(tally.metrics[0].sum, 1);
        let (_, tally) = record_one(&model, &mut RiggedDice::new(&[6, 6]));
        assert_eq!(tally.metrics[3].sum, 1);
    }

    #[test]
    fn metric_names_follow_the_table() {
        let m = ReactionModel::new(Table::Hireling, 0).layout();
        assert_eq!(m.metric_index("accepted_loyal"), Some(4));
        let m = ReactionModel::new(Table::Monster, 0).layout();
        assert_eq!(m.metric_index("hostile"), Some(0));
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(build(&["table=merchant"]).is_err());
        assert!(build(&["table=monster", "offer=1"]).is_err());
        assert!(build(&["reputation=-1"]).is_err());
        assert!(build(&["table=hireling", "reputation=-3"]).is_err());
        assert!(build(&["table=hireling", "offer=3"]).is_err());
        assert!(build(&["table=hireling", "offer=2", "reputation=-2", "cha_mod=-3"]).is_ok());
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        for (i, (t, m)) in [
            (Table::Monster, 0),
            (Table::Hireling, -3),
            (Table::Hireling, 5),
        ]
        .into_iter()
        .enumerate()
        {
            let sim = simulation(ReactionModel::new(t, m));
            assert_agrees_with_exact(sim.as_ref(), 200_000, 970 + i as u64, 10, &"");
        }
    }
}
