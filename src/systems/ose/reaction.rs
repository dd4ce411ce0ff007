//! Reaction rolls (seed: *Réaction des monstres*, *Test de réaction des monstres*,
//! *Recruter des suivants*, *Réaction des suivants à l'embauche*; the `ose` page →
//! Reaction), and the `ose.reaction` mechanic.
//!
//! 2d6 + CHA reaction modifier, plus for hirelings the offer (*générosité*, −2..+2) and a
//! bad reputation (*mauvaise réputation*, −1..−2), read on one of the sheet's two tables.
//! Both tables cut the total at 2 or less, 3–5, 6–8, 9–11 and 12 or more (the
//! `[reaction]` table of [`OseTables`]); each line is one metric (its doc gives the
//! sheet's band).

use super::sheet::REACTION_LINES;
use super::tables::{OseTables, ReactionTable};
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Roll, Rolled};
use crate::error::{Error, Result};

crate::choice! {
    /// Which of the sheet's two tables.
    ///
    /// - `monster`: *Test de réaction des monstres*.
    /// - `hireling`: *Réaction des suivants à l'embauche*.
    pub enum Table { Monster = "monster", Hireling = "hireling" }
}

/// The monster table's lines (metric name, meaning), in band order.
pub const MONSTER_LINES: [(&str, &str); 5] = [
    ("hostile", "monster table, 2 or less: hostile, attacks"),
    ("unfriendly", "monster table, 3-5: unfriendly, may attack"),
    ("neutral", "monster table, 6-8: neutral, uncertain"),
    (
        "indifferent",
        "monster table, 9-11: indifferent, uninterested",
    ),
    ("friendly", "monster table, 12 or more: friendly, helpful"),
];

/// The hireling table's lines (metric name, meaning), in band order.
pub const HIRELING_LINES: [(&str, &str); 5] = [
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
];

impl Table {
    /// This table's lines (metric name, meaning), in band order.
    pub fn lines(self) -> &'static [(&'static str, &'static str); 5] {
        match self {
            Table::Monster => &MONSTER_LINES,
            Table::Hireling => &HIRELING_LINES,
        }
    }
}

crate::config! {
    /// The parameters of `ose.reaction`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct ReactionParams {
        /// monster or hireling
        table: Table = choice(default = Table::Monster),
        /// CHA reaction modifier
        cha_mod: i64 = int(-3..=3, default = 0),
        /// hirelings: generosity of the offer, -2..+2
        offer: i64 = int(-2..=2, default = 0),
        /// hirelings: bad reputation, -1 or -2
        reputation: i64 = int(-2..=0, default = 0),
        /// the rule tables (the bands of the reaction tables): `alea rules ose`
        tables: OseTables = rules(),
    }
}

/// `ose.reaction`'s rule: 2d6 plus a modifier, read on one of the sheet's tables.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReactionRule {
    /// The table read.
    pub table: Table,
    /// CHA + offer + reputation, added to 2d6.
    pub modifier: i64,
    /// Where the table's lines are cut.
    pub bands: ReactionTable,
}

impl ReactionRule {
    /// A roll on `table` with `modifier` (CHA + offer + reputation) added to 2d6.
    pub fn new(table: Table, modifier: i64) -> Self {
        Self {
            table,
            modifier,
            bands: OseTables::OFFICIAL.reaction,
        }
    }
}

impl TryFrom<ReactionParams> for ReactionRule {
    type Error = Error;

    /// The roll of `ose.reaction`: offer and reputation only with the hireling table.
    fn try_from(p: ReactionParams) -> Result<Self> {
        if p.table == Table::Monster && (p.offer != 0 || p.reputation != 0) {
            return Err(Error::value(
                if p.offer != 0 { "offer" } else { "reputation" },
                "offer and reputation apply to hiring (table=hireling), not to monsters",
            ));
        }
        Ok(Self {
            table: p.table,
            modifier: p.cha_mod + p.offer + p.reputation,
            bands: p.tables.reaction,
        })
    }
}

impl Roll for ReactionRule {
    /// The modified total.
    type Outcome = i64;

    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> i64 {
        dice.sum(2, 6) as i64 + self.modifier
    }
}

/// What `ose.reaction` reports: the total read on the table's lines.
#[derive(Debug, Clone, PartialEq)]
pub struct ReactionMetrics {
    bands: ReactionTable,
    /// One chance per line of the table, in band order.
    lines: [MetricId; REACTION_LINES],
    total: HistId,
}

impl Report<ReactionRule> for ReactionMetrics {
    fn declare(rule: &ReactionRule, layout: &mut Layout) -> Self {
        let lines = rule
            .table
            .lines()
            .map(|(name, doc)| layout.proportion(name, doc));
        let total = layout.histogram("total", "histogram of the modified 2d6 total", (-3, 17));
        Self {
            bands: rule.bands,
            lines,
            total,
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, total: &i64, rec: &mut R) {
        let band = self.bands.band(*total);
        for (line, &metric) in self.lines.iter().enumerate() {
            rec.event(metric, line == band);
        }
        rec.hist(self.total, *total);
    }
}

/// `ose.reaction`: one reaction roll.
pub type ReactionModel = Rolled<ReactionRule, ReactionMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::{exact_tally, replay_one};
    use crate::engine::{Dist, Model};
    use crate::engine::{Mechanic, simulation};
    use crate::systems::ose::REACTION;
    use crate::systems::test_support::{assert_each_agrees, assert_rejected};

    fn lines(model: &ReactionModel) -> Vec<f64> {
        let layout = model.layout();
        let dist = model.exact().unwrap_or_else(|| Dist::certain(0));
        let exact = exact_tally(model, &layout, &dist);
        model
            .m
            .lines
            .iter()
            .map(|&m| exact.value(m).unwrap_or(f64::NAN))
            .collect()
    }

    #[test]
    fn unmodified_lines_in_36ths() {
        let got = lines(&ReactionModel::new(ReactionRule::new(Table::Monster, 0)));
        for (g, e) in got.iter().zip([1.0, 9.0, 16.0, 9.0, 1.0]) {
            assert!((g - e / 36.0).abs() < 1e-12, "{got:?}");
        }
        // CHA +2, offer +2: 12 or more on 8+ of 2d6 (15/36); 2 or less never.
        let got = lines(&ReactionModel::new(ReactionRule::new(Table::Hireling, 4)));
        assert!(got[0].abs() < 1e-15);
        assert!((got[4] - 15.0 / 36.0).abs() < 1e-12);
        // CHA -3, reputation -2: 2 or less on 7 or less (21/36).
        let got = lines(&ReactionModel::new(ReactionRule::new(Table::Hireling, -5)));
        assert!((got[0] - 21.0 / 36.0).abs() < 1e-12);
    }

    #[test]
    fn modifiers_add_up_and_move_the_lines() {
        // Hireling table: CHA +1, offer +2, reputation -1 add to +2.
        let model = REACTION
            .model_for("table=hireling cha_mod=1 offer=2 reputation=-1")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(model.rule.modifier, 2);
        // With +2, accepted (9-11) is 2d6 of 7 to 9: 15/36 instead of 9/36; accepted
        // with loyalty (12 or more) is 2d6 of 10 or more: 6/36 instead of 1/36.
        let got = lines(&model);
        assert!((got[3] - 15.0 / 36.0).abs() < 1e-12, "{got:?}");
        assert!((got[4] - 6.0 / 36.0).abs() < 1e-12, "{got:?}");
    }

    #[test]
    fn rigged_rolls_read_the_right_line() {
        let model = ReactionModel::new(ReactionRule::new(Table::Monster, -1));
        let (total, tally) = replay_one(&model, &[1, 2]);
        assert_eq!(total, 2);
        assert_eq!(tally.metric(model.m.lines[0]).sum, 1);
        let (total, tally) = replay_one(&model, &[6, 6]);
        assert_eq!(total, 11);
        assert_eq!(tally.sums([model.m.lines[3], model.m.lines[4]]), [1, 0]);
    }

    #[test]
    fn metric_names_follow_the_table() {
        let m = ReactionModel::new(ReactionRule::new(Table::Hireling, 0)).layout();
        assert_eq!(m.metric_index("accepted_loyal"), Some(4));
        let m = ReactionModel::new(ReactionRule::new(Table::Monster, 0)).layout();
        assert_eq!(m.metric_index("hostile"), Some(0));
        assert_eq!(m.metric_index("animosity"), None);
        // `alea list` shows the lines of both tables, then the histogram.
        let listed: Vec<String> = Mechanic::metric_docs(&REACTION)
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        let expected: Vec<&str> = MONSTER_LINES
            .iter()
            .chain(&HIRELING_LINES)
            .map(|(name, _)| *name)
            .chain(["total"])
            .collect();
        assert_eq!(listed, expected);
    }

    #[test]
    fn bad_input_is_an_error() {
        assert_rejected(
            &REACTION,
            &[
                "table=merchant",
                "table=monster offer=1",
                "reputation=-1",
                "table=hireling reputation=-3",
                "table=hireling offer=3",
            ],
        );
        let ok = REACTION.model_for("table=hireling offer=2 reputation=-2 cha_mod=-3");
        assert_eq!(ok.map(|m| m.rule.modifier).ok(), Some(-3));
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        let cases = [
            (Table::Monster, 0),
            (Table::Hireling, -3),
            (Table::Hireling, 5),
        ];
        assert_each_agrees(cases, 10, |(t, m)| {
            simulation(ReactionModel::new(ReactionRule::new(t, m)))
        });
    }
}
