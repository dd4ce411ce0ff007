//! Natural healing (seed: *Guérison → Naturelle : 1d3 pv par jour de repos complet*; the
//! `ose` page → Healing), and the `ose.healing` mechanic: the days of complete rest until
//! `wounds` hit points are back, 1d3 a day.
//!
//! Reading of this program (no switch: nothing else fits the text): the days are whole
//! days of complete rest, each rolling its own 1d3; magical healing (instant, "peut être
//! combinée") is not rolled. The exact distribution of the days is a chain over the hit
//! points still missing, each day enumerated from the code that samples it
//! ([`Fight::round`]).

use crate::engine::chain::Next;
use crate::engine::fight::Fight;
use crate::engine::fight_outcome::{ExactBudget, FightOutcome};
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Rolled};
use std::borrow::Cow;

/// Hit points a day of complete rest gives back: 1d3.
pub const DAILY_DIE: u32 = 3;

crate::config! {
    /// The parameters of `ose.healing`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct HealingParams {
        /// hit points to recover
        wounds: i64 = int(1..=200),
        /// the days asked about: the chance to be healed within this many days is
        /// reported as p_within
        within: u32 = int(1..=200, default = 7),
    }
}

/// One convalescence: `wounds` hit points to recover, 1d3 a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HealingRule {
    /// Hit points still to recover at the start.
    pub wounds: i64,
    /// The days asked about (`within`).
    pub within: u32,
}

impl From<HealingParams> for HealingRule {
    fn from(p: HealingParams) -> Self {
        Self {
            wounds: p.wounds,
            within: p.within,
        }
    }
}

/// A convalescence as a fight against the wounds: the state is the hit points still
/// missing, a round is a day of rest, none missing ends it.
impl Fight for HealingRule {
    type State = i64;
    type End = ();

    fn start(&self) -> i64 {
        self.wounds
    }

    #[inline(always)]
    fn round<D: Dice>(&self, &missing: &i64, dice: &mut D) -> Next<i64, ()> {
        let left = missing - i64::from(dice.die(DAILY_DIE));
        if left <= 0 {
            Next::End(())
        } else {
            Next::Round(left)
        }
    }

    /// Never reached: every day gives back at least 1 hit point.
    fn at_cap(&self, _: &i64) {}
}

/// The days of rest, rolled day after day; the exact values are the days propagated one
/// by one ([`Fight::round`] enumerated from each number of hit points missing).
impl FightOutcome for HealingRule {
    type Fight = Self;
    type Outcome = u32;

    fn exact_fight(&self) -> Option<Cow<'_, Self>> {
        Some(Cow::Borrowed(self))
    }

    /// At most one day per hit point.
    fn exact_budget(&self) -> ExactBudget {
        ExactBudget::whole(self.wounds as u32)
    }

    fn outcome_of(&self, _: &(), days: u32) -> u32 {
        days
    }
}

/// What `ose.healing` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct HealingMetrics {
    within: u32,
    mean_days: MetricId,
    p_within: MetricId,
    days: HistId,
}

impl Report<HealingRule> for HealingMetrics {
    fn declare(rule: &HealingRule, layout: &mut Layout) -> Self {
        let fastest = (rule.wounds + 2) / 3;
        Self {
            within: rule.within,
            mean_days: layout.mean("mean_days", "mean days of complete rest until healed"),
            p_within: layout.proportion(
                "p_within",
                "chance to be healed within `within` days of rest",
            ),
            days: layout.histogram(
                "days",
                "histogram of the days of rest until healed",
                (fastest, rule.wounds),
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, days: &u32, rec: &mut R) {
        rec.value(self.mean_days, i64::from(*days));
        rec.event(self.p_within, *days <= self.within);
        rec.hist(self.days, i64::from(*days));
    }
}

/// `ose.healing`: the days of rest until healed.
pub type HealingModel = Rolled<HealingRule, HealingMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Roll, replay};
    use crate::systems::ose::HEALING;
    use crate::systems::test_support::assert_mechanic_agrees;

    fn rule(words: &str) -> HealingRule {
        HEALING.model_for(words).unwrap().rule
    }

    #[test]
    fn one_d3_a_day_until_none_is_missing() {
        // 5 hit points: 2, then 1 (2 left), then 3: three days.
        assert_eq!(replay(&[2, 1, 3], |d| rule("wounds=5").roll(d)), 3);
        assert_eq!(replay(&[3, 3], |d| rule("wounds=5").roll(d)), 2);
    }

    #[test]
    fn exact_values_by_hand() {
        // 3 hit points: one day on a 3 (1/3); two days unless 1 then 1 (1/9 more days:
        // 1/3 x 2/3 + 2/3 x ... ): P(1) = 1/3, P(3) = P(1, 1, any) = 1/9, P(2) = 5/9.
        let d = rule("wounds=3").exact().unwrap();
        assert!((d.p(&1) - 1.0 / 3.0).abs() < 1e-12);
        assert!((d.p(&2) - 5.0 / 9.0).abs() < 1e-12);
        assert!((d.p(&3) - 1.0 / 9.0).abs() < 1e-12);
        // A long rest takes about wounds / 2 days (the mean of 1d3 is 2).
        let d = rule("wounds=60").exact().unwrap();
        let mean: f64 = d.iter().map(|(&days, p)| f64::from(days) * p).sum();
        assert!((mean - 30.0).abs() < 1.0, "{mean}");
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        assert_mechanic_agrees(&HEALING, &["wounds=7", "wounds=30 within=12"], 4);
    }
}
