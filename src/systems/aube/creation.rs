//! Character creation (seed chapter 1, "les aspects", "les moyens"; the `aube` page →
//! *Character creation*), and the `aube.creation` mechanic.
//!
//! Terms: the three *aspects* (Physique, Mental, Mystique) and the six *moyens* (the means
//! of acting, in opposed pairs). Aspects: two rolls of `2d6+3` and the third is
//! `30 - sum` (weak variant: `2d6-2`, third `20 - sum`). Moyens: three rolls of `2d6-7`
//! and their opposites, so a pair is `+m / -m`; the *best moyen* is the largest `|m|`.
//! The CA of the new character's best weapon follows the rest of creation: see
//! [`super::creation_ca`].

use super::creation_ca::{AspectPx, Skills, best_weapon_ca};
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Roll, Rolled};

crate::choice! {
    /// The creation variant.
    ///
    /// - `normal`: aspects `2d6+3`, third `30 - sum`.
    /// - `weak`: weak characters: aspects `2d6-2`, third `20 - sum`.
    pub enum Variant { Normal = "normal", Weak = "weak" }
}

impl Variant {
    /// (bonus of a rolled aspect, total of the three aspects).
    fn figures(self) -> (i64, i64) {
        match self {
            Variant::Normal => (3, 30),
            Variant::Weak => (-2, 20),
        }
    }
}

/// A new character, as far as the metrics need: the two rolled aspects and the best moyen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Creation {
    /// First rolled aspect.
    pub first: i64,
    /// Second rolled aspect.
    pub second: i64,
    /// The largest `|m|` of the three moyen rolls.
    pub best_moyen: i64,
}

crate::config! {
    /// The parameters of `aube.creation`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct CreationParams {
        /// the aspects: normal (2d6+3, total 30) or weak (2d6-2, total 20)
        aspects: Variant = choice(default = Variant::Normal),
        /// the beginner's skills: disciple (weapon at 10) or compagnon (weapon at 15)
        skills: Skills = choice(default = Skills::Disciple),
        /// [choice] experience for the weapon's aspect: the weapon skill's (weapon) or every creation skill's (all)
        aspect_px: AspectPx = choice(default = AspectPx::Weapon),
    }
}

/// What `aube.creation` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct CreationMetrics {
    /// The rules of the creation, which the third aspect and the weapon CA read.
    rule: CreationParams,
    mean_rolled: MetricId,
    mean_third: MetricId,
    third_is_highest: MetricId,
    third_is_lowest: MetricId,
    mean_best_moyen: MetricId,
    rolled: HistId,
    third: HistId,
    best_moyen: HistId,
    mean_weapon_ca: MetricId,
    weapon_ca_20: MetricId,
    weapon_ca: HistId,
}

impl CreationParams {
    /// The creation of `variant`, with the default skills and experience choices.
    pub fn of(variant: Variant) -> Self {
        Self {
            aspects: variant,
            skills: Skills::Disciple,
            aspect_px: AspectPx::Weapon,
        }
    }

    /// The CA of the best weapon of the character `c`.
    pub fn weapon_ca(&self, c: &Creation) -> i64 {
        best_weapon_ca(
            [c.first, c.second, self.third(c)],
            self.skills,
            self.aspect_px,
        )
    }

    fn third(&self, c: &Creation) -> i64 {
        self.aspects.figures().1 - c.first - c.second
    }
}

impl Report<CreationParams> for CreationMetrics {
    fn declare(rule: &CreationParams, layout: &mut Layout) -> Self {
        Self {
            rule: *rule,
            mean_rolled: layout.mean("mean_rolled_aspect", "mean of a rolled aspect"),
            mean_third: layout.mean(
                "mean_third_aspect",
                "mean of the third aspect (total - the two rolled)",
            ),
            third_is_highest: layout.proportion(
                "third_is_highest",
                "chance the third aspect is strictly the highest",
            ),
            third_is_lowest: layout.proportion(
                "third_is_lowest",
                "chance the third aspect is strictly the lowest",
            ),
            mean_best_moyen: layout.mean(
                "mean_best_moyen",
                "mean of the best moyen (largest |2d6-7| of three)",
            ),
            rolled: layout.histogram("rolled_aspect", "histogram of a rolled aspect", (0, 15)),
            third: layout.histogram("third_aspect", "histogram of the third aspect", (0, 24)),
            best_moyen: layout.histogram("best_moyen", "histogram of the best moyen", (0, 5)),
            mean_weapon_ca: layout.mean(
                "mean_weapon_ca",
                "mean CA of the new character's best weapon (aspect + moyen + BC)",
            ),
            weapon_ca_20: layout.proportion(
                "weapon_ca_20",
                "chance the best weapon CA is 20 or more (an automatic success)",
            ),
            weapon_ca: layout.histogram("weapon_ca", "histogram of the best weapon CA", (0, 40)),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, c: &Creation, rec: &mut R) {
        let third = self.rule.third(c);
        rec.value(self.mean_rolled, c.first);
        rec.value(self.mean_third, third);
        rec.event(self.third_is_highest, third > c.first.max(c.second));
        rec.event(self.third_is_lowest, third < c.first.min(c.second));
        rec.value(self.mean_best_moyen, c.best_moyen);
        rec.hist(self.rolled, c.first);
        rec.hist(self.third, third);
        rec.hist(self.best_moyen, c.best_moyen);
        let ca = self.rule.weapon_ca(c);
        rec.value(self.mean_weapon_ca, ca);
        rec.event(self.weapon_ca_20, ca >= 20);
        rec.hist(self.weapon_ca, ca);
    }
}

impl Roll for CreationParams {
    type Outcome = Creation;

    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> Creation {
        let bonus = self.aspects.figures().0;
        let first = dice.sum(2, 6) as i64 + bonus;
        let second = dice.sum(2, 6) as i64 + bonus;
        let best_moyen = (0..3)
            .map(|_| (dice.sum(2, 6) as i64 - 7).abs())
            .max()
            .unwrap_or(0);
        Creation {
            first,
            second,
            best_moyen,
        }
    }
}

/// `aube.creation`.
pub type CreationModel = Rolled<CreationParams, CreationMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::replay_one;
    use crate::engine::simulation;
    use crate::systems::aube::CREATION;
    use crate::systems::test_support::{
        assert_each_agrees, exact_value, exact_values, expect_model,
    };

    #[test]
    fn rigged_character() {
        // (words, dice, (first, second, third, best moyen), third_is_lowest)
        let cases = [
            // Aspects 3+4+3 = 10 and 6+6+3 = 15, third 30 - 25 = 5; moyens 2d6-7: 0, -5, 3.
            ("", [3, 4, 6, 6, 3, 4, 1, 1, 5, 5], (10, 15, 5, 5), 1),
            // Weak aspects: 5 ties the first aspect, so it is not strictly the lowest.
            (
                "aspects=weak",
                [3, 4, 6, 6, 3, 4, 3, 4, 3, 4],
                (5, 10, 5, 0),
                0,
            ),
        ];
        for (words, dice, character, third_is_lowest) in cases {
            let model = expect_model(&CREATION, words);
            let (c, tally) = replay_one(&model, &dice);
            let rolled = (c.first, c.second, model.rule.third(&c), c.best_moyen);
            assert_eq!(rolled, character, "{words}");
            let lowest = tally.metric(model.m.third_is_lowest).sum;
            assert_eq!(lowest, third_is_lowest, "{words}");
        }
    }

    #[test]
    fn closed_forms() {
        // A rolled aspect averages 10 (normal) or 5 (weak); the third is the total less two
        // of them: 30 - 20 = 10, and 20 - 10 = 10 as well.
        for (variant, rolled, third) in [(Variant::Normal, 10.0, 10.0), (Variant::Weak, 5.0, 10.0)]
        {
            let model = CreationModel::new(CreationParams::of(variant));
            let t = exact_values(&model);
            let v = |id| t.value(id).unwrap_or(f64::NAN);
            assert!((v(model.m.mean_rolled) - rolled).abs() < 1e-12);
            assert!((v(model.m.mean_third) - third).abs() < 1e-12);
        }
    }

    #[test]
    fn every_normal_character_reaches_ca_20() {
        // The footnote: CA 20 "assez faciles à atteindre". Exactly 1 with the normal
        // aspects; the weak variant's chance is far lower.
        let chance = |words: &str| {
            let model = expect_model(&CREATION, words);
            exact_value(&model, model.m.weapon_ca_20)
        };
        assert_eq!(chance(""), 1.0);
        let weak = chance("aspects=weak");
        assert!(weak > 0.10 && weak < 0.15, "{weak}");
        assert!(chance("aspects=weak aspect_px=all") > weak);
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        assert_each_agrees([Variant::Normal, Variant::Weak], 20, |variant| {
            simulation(CreationModel::new(CreationParams::of(variant)))
        });
    }
}
