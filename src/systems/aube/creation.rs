//! Character creation (seed chapter 1, "les aspects", "les moyens"; `RULES.md` `aube` →
//! *Character creation*), and the `aube.creation` mechanic.
//!
//! Terms: the three *aspects* (Physique, Mental, Social) and the six *moyens* (the means
//! of acting, in opposed pairs). Aspects: two rolls of `2d6+3` and the third is
//! `30 - sum` (weak variant: `2d6-2`, third `20 - sum`). Moyens: three rolls of `2d6-7`
//! and their opposites, so a pair is `+m / -m`; the *best moyen* is the largest `|m|`.

use crate::engine::{
    Choice, Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation,
    simulation,
};
use crate::error::Result;

/// The creation variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// Aspects `2d6+3`, third `30 - sum`.
    Normal,
    /// Weak characters: aspects `2d6-2`, third `20 - sum`.
    Weak,
}

impl Choice for Variant {
    const NAMES: &'static [(&'static str, Self)] =
        &[("normal", Variant::Normal), ("weak", Variant::Weak)];
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

/// `aube.creation`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CreationModel {
    variant: Variant,
}

impl CreationModel {
    /// The model of `variant`.
    pub fn new(variant: Variant) -> Self {
        Self { variant }
    }

    fn third(&self, c: &Creation) -> i64 {
        self.variant.figures().1 - c.first - c.second
    }
}

impl Model for CreationModel {
    type Outcome = Creation;

    fn layout(&self) -> Layout {
        Layout::new()
            .with_mean("mean_rolled_aspect")
            .with_mean("mean_third_aspect")
            .with_proportion("third_is_highest")
            .with_proportion("third_is_lowest")
            .with_mean("mean_best_moyen")
            .with_histogram("rolled_aspect", (0, 15))
            .with_histogram("third_aspect", (0, 24))
            .with_histogram("best_moyen", (0, 5))
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> Creation {
        let bonus = self.variant.figures().0;
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

    #[inline(always)]
    fn record<R: Recorder>(&self, c: &Creation, rec: &mut R) {
        let third = self.third(c);
        rec.value(0, c.first);
        rec.value(1, third);
        rec.event(2, third > c.first.max(c.second));
        rec.event(3, third < c.first.min(c.second));
        rec.value(4, c.best_moyen);
        rec.hist(0, c.first);
        rec.hist(1, third);
        rec.hist(2, c.best_moyen);
    }

    fn exact(&self) -> Option<Dist<Creation>> {
        let bonus = self.variant.figures().0;
        let aspect = Dist::dice_sum(2, 6).map(|s| s + bonus);
        let moyen = Dist::dice_sum(2, 6).map(|s| (s - 7).abs());
        let best = moyen
            .combine(&moyen, |a, b| *a.max(b))
            .combine(&moyen, |a, b| *a.max(b));
        Some(aspect.combine(&aspect, |a, b| (*a, *b)).combine(
            &best,
            |&(first, second), &best_moyen| Creation {
                first,
                second,
                best_moyen,
            },
        ))
    }
}

/// The registry entry of `aube.creation`.
#[derive(Debug, Clone, Copy)]
pub struct CreationMechanic;

impl Mechanic for CreationMechanic {
    fn name(&self) -> &'static str {
        "aube.creation"
    }

    fn summary(&self) -> &'static str {
        "a new character's aspects (2d6+3, third = 30 - sum) and moyens (2d6-7 and opposites)"
    }

    fn params(&self) -> Vec<ParamSpec> {
        vec![ParamSpec::choice(
            "variant",
            "normal (2d6+3, total 30) or weak (2d6-2, total 20)",
            Some(Variant::Normal),
        )]
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("mean_rolled_aspect", "mean of a rolled aspect"),
            (
                "mean_third_aspect",
                "mean of the third aspect (total - the two rolled)",
            ),
            (
                "third_is_highest",
                "chance the third aspect is strictly the highest",
            ),
            (
                "third_is_lowest",
                "chance the third aspect is strictly the lowest",
            ),
            (
                "mean_best_moyen",
                "mean of the best moyen (largest |2d6-7| of three)",
            ),
            ("rolled_aspect", "histogram of a rolled aspect"),
            ("third_aspect", "histogram of the third aspect"),
            ("best_moyen", "histogram of the best moyen"),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        Ok(simulation(CreationModel::new(params.choice("variant"))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RiggedDice;
    use crate::engine::model::{exact_tally, record_one};
    use crate::systems::test_support::assert_agrees_with_exact;

    #[test]
    fn rigged_character() {
        // Aspects 3+4+3 = 10 and 6+6+3 = 15, third 30 - 25 = 5; moyens 2d6-7: 0, -5, 3.
        let model = CreationModel::new(Variant::Normal);
        let (c, _) = record_one(
            &model,
            &mut RiggedDice::new(&[3, 4, 6, 6, 3, 4, 1, 1, 5, 5]),
        );
        assert_eq!(
            (c.first, c.second, model.third(&c), c.best_moyen),
            (10, 15, 5, 5)
        );
        let weak = CreationModel::new(Variant::Weak);
        let (c, _) = record_one(&weak, &mut RiggedDice::new(&[3, 4, 6, 6, 3, 4, 3, 4, 3, 4]));
        assert_eq!(
            (c.first, c.second, weak.third(&c), c.best_moyen),
            (5, 10, 5, 0)
        );
    }

    #[test]
    fn closed_forms() {
        // A rolled aspect averages 10 (normal) or 5 (weak); the third is the total less two
        // of them: 30 - 20 = 10, and 20 - 10 = 10 as well.
        for (variant, rolled, third) in [(Variant::Normal, 10.0, 10.0), (Variant::Weak, 5.0, 10.0)]
        {
            let model = CreationModel::new(variant);
            let dist = model.exact().expect("exact");
            let t = exact_tally(&model, &model.layout(), &dist);
            let v = |i: usize| t.metrics[i].value().unwrap_or(f64::NAN);
            assert!((v(0) - rolled).abs() < 1e-12 && (v(1) - third).abs() < 1e-12);
        }
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        for (i, variant) in [Variant::Normal, Variant::Weak].into_iter().enumerate() {
            let sim = simulation(CreationModel::new(variant));
            assert_agrees_with_exact(sim.as_ref(), 200_000, 7000 + i as u64, 20, &variant);
        }
    }
}
