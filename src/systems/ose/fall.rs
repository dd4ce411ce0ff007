//! Falling (seed: *Chute → Tomber d'une hauteur sur une surface dure inflige 1d6 points
//! de dégâts par 3 m de chute*; the `ose` page → Falling), and the `ose.fall` mechanic:
//! the damage of a fall and the chance it kills.
//!
//! **\[choice, switch `per_started`\]** "1d6 par 3 m": alea counts one die per whole 3 m
//! fallen (a fall of 5 m is 1d6) by default; `per_started = true` counts every 3 m begun
//! (5 m is 2d6). A character at 0 hit points or less is dead (the sheet's convention).

use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Roll, Rolled};

/// Metres of a fall per damage die.
pub const METRES_PER_DIE: i64 = 3;

crate::config! {
    /// The parameters of `ose.fall`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct FallParams {
        /// the height of the fall, in metres, onto a hard surface
        metres: i64 = int(0..=300),
        /// the hit points of the one who falls: the chance the fall kills is reported as
        /// dies (0: not asked)
        hp: i64 = int(0..=200, default = 0),
        /// [choice] count a die for every 3 m begun (5 m: 2d6) instead of every whole 3 m
        /// (5 m: 1d6)
        per_started: bool = switch(default = false),
    }
}

/// One fall: its dice and the hit points of the one who falls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FallRule {
    /// d6 of damage.
    pub dice: u32,
    /// Hit points (0: not asked).
    pub hp: i64,
}

impl From<FallParams> for FallRule {
    fn from(p: FallParams) -> Self {
        let whole = p.metres / METRES_PER_DIE;
        let begun = (p.metres + METRES_PER_DIE - 1) / METRES_PER_DIE;
        Self {
            dice: if p.per_started { begun } else { whole } as u32,
            hp: p.hp,
        }
    }
}

impl Roll for FallRule {
    /// The damage.
    type Outcome = i64;

    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> i64 {
        i64::from(dice.sum(self.dice, 6))
    }
}

/// What `ose.fall` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct FallMetrics {
    hp: i64,
    mean: MetricId,
    dies: Option<MetricId>,
    damage: HistId,
}

impl Report<FallRule> for FallMetrics {
    fn declare(rule: &FallRule, layout: &mut Layout) -> Self {
        let most = 6 * i64::from(rule.dice);
        Self {
            hp: rule.hp,
            mean: layout.mean("mean_damage", "mean damage of the fall"),
            dies: (rule.hp > 0).then(|| {
                layout.proportion(
                    "dies",
                    "chance the fall kills: damage of at least hp (0 hit points or less)",
                )
            }),
            damage: layout.histogram(
                "damage",
                "histogram of the damage of the fall",
                (i64::from(rule.dice), most),
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, damage: &i64, rec: &mut R) {
        rec.value(self.mean, *damage);
        if let Some(dies) = self.dies {
            rec.event(dies, *damage >= self.hp);
        }
        rec.hist(self.damage, *damage);
    }
}

/// `ose.fall`: the damage of a fall.
pub type FallModel = Rolled<FallRule, FallMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::ose::FALL;
    use crate::systems::test_support::assert_mechanic_agrees;

    fn rule(words: &str) -> FallRule {
        FALL.model_for(words).unwrap().rule
    }

    #[test]
    fn a_die_per_whole_three_metres_or_per_three_metres_begun() {
        assert_eq!(rule("metres=5").dice, 1);
        assert_eq!(rule("metres=5 per_started=true").dice, 2);
        assert_eq!(rule("metres=6").dice, 2);
        assert_eq!(rule("metres=6 per_started=true").dice, 2);
        assert_eq!(rule("metres=2").dice, 0);
    }

    #[test]
    fn exact_values_by_hand() {
        // 6 m: 2d6; a character of 10 hit points dies on 10 or more: 6/36.
        let model = FALL.model_for("metres=6 hp=10").unwrap();
        let d = model.rule.exact().unwrap();
        assert!((d.p_where(|&x| x >= 10) - 1.0 / 6.0).abs() < 1e-12);
        let mean: f64 = d.iter().map(|(&x, p)| x as f64 * p).sum();
        assert!((mean - 7.0).abs() < 1e-12);
        // A fall of less than 3 m does no damage.
        assert_eq!(rule("metres=2").exact().unwrap().p(&0), 1.0);
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        assert_mechanic_agrees(
            &FALL,
            &["metres=9 hp=12", "metres=30 hp=30 per_started=true"],
            4,
        );
    }
}
