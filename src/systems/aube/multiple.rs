//! Multiple actions, *actions multiples* (seed chapter 2, "les actions multiples";
//! `RULES.md` `aube` → *Multiple actions*), and the `aube.multiple` mechanic.
//!
//! `n` planned simultaneous actions, in order of importance: action `k` (1-based) has a
//! handicap `n + 3(k - 1)`. An unplanned extra action `j` (1-based) has the last planned
//! handicap plus `5j`. Each action is an independent test of `ca` less its handicap.

use super::resolution::{Prepared, TestRule};
use crate::engine::{
    Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation, simulation,
};
use crate::error::Result;

/// Most actions (planned and unplanned) in one turn.
pub const MAX_ACTIONS: usize = 16;

/// The handicap of every action, planned ones first.
pub fn handicaps(n: usize, unplanned: usize) -> Vec<i64> {
    let planned = (1..=n as i64).map(|k| n as i64 + 3 * (k - 1));
    let last = n as i64 + 3 * (n as i64 - 1);
    planned
        .chain((1..=unplanned as i64).map(|j| last + 5 * j))
        .collect()
}

/// `aube.multiple`: which of the actions succeed (bit `k - 1` for action `k`).
#[derive(Debug, Clone, PartialEq)]
pub struct MultipleModel {
    rules: Vec<TestRule>,
    prepared: Vec<Prepared>,
}

impl MultipleModel {
    /// `n` planned and `unplanned` extra actions at `ca`, with the options of `base`.
    pub fn new(base: TestRule, n: usize, unplanned: usize) -> Self {
        let rules: Vec<TestRule> = handicaps(n, unplanned)
            .into_iter()
            .map(|h| TestRule {
                ca: base.ca - h,
                ..base
            })
            .collect();
        let prepared = rules.iter().map(Prepared::new).collect();
        Self { rules, prepared }
    }
}

impl Model for MultipleModel {
    type Outcome = u32;

    fn layout(&self) -> Layout {
        (1..=self.rules.len())
            .fold(Layout::new(), |l, k| {
                l.with_proportion(format!("action_{k}"))
            })
            .with_proportion("all_succeed")
            .with_mean("mean_successes")
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> u32 {
        let mut mask = 0;
        for (k, p) in self.prepared.iter().enumerate() {
            mask |= (p.roll(dice).success as u32) << k;
        }
        mask
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, mask: &u32, rec: &mut R) {
        let n = self.rules.len();
        for k in 0..n {
            rec.event(k, mask & (1 << k) != 0);
        }
        rec.event(n, mask.count_ones() as usize == n);
        rec.value(n + 1, mask.count_ones() as i64);
    }

    fn exact(&self) -> Option<Dist<u32>> {
        Some(
            self.rules
                .iter()
                .enumerate()
                .fold(Dist::certain(0u32), |acc, (k, r)| {
                    let s = r.exact().map(|t| (t.success as u32) << k);
                    acc.combine(&s, |a, b| a | b)
                }),
        )
    }
}

/// The registry entry of `aube.multiple`.
#[derive(Debug, Clone, Copy)]
pub struct MultipleMechanic;

impl Mechanic for MultipleMechanic {
    fn name(&self) -> &'static str {
        "aube.multiple"
    }

    fn summary(&self) -> &'static str {
        "several actions at once: the handicaps n + 3(k-1), +5 per unplanned action"
    }

    fn params(&self) -> Vec<ParamSpec> {
        let mut specs = vec![
            ParamSpec::int(
                "ca",
                "CA of every action before its handicap",
                -200,
                200,
                None,
            ),
            ParamSpec::int("n", "planned simultaneous actions", 1, 10, Some(2)),
            ParamSpec::int("unplanned", "unplanned extra actions", 0, 6, Some(0)),
        ];
        specs.extend(TestRule::option_specs());
        specs
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            (
                "action_<k>",
                "chance the k-th action succeeds (planned ones first)",
            ),
            ("all_succeed", "chance every action succeeds"),
            ("mean_successes", "mean number of successful actions"),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let base = TestRule::from_params(params, "", params.int("ca"), 0);
        let (n, unplanned) = (params.int("n") as usize, params.int("unplanned") as usize);
        debug_assert!(n + unplanned <= MAX_ACTIONS);
        Ok(simulation(MultipleModel::new(base, n, unplanned)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::aube::resolution::CritDie;
    use crate::systems::test_support::assert_agrees_with_exact;

    #[test]
    fn ex_2_9_handicaps() {
        assert_eq!(handicaps(3, 0), vec![3, 6, 9]);
        assert_eq!(handicaps(3, 1), vec![3, 6, 9, 14]);
        assert_eq!(handicaps(1, 2), vec![1, 6, 11]);
    }

    #[test]
    fn closed_form() {
        // ca 15, n 2: CAs 13 and 10; all succeed 13/20 × 10/20; mean 23/20.
        let model = MultipleModel::new(TestRule::new(15, 0), 2, 0);
        let dist = model.exact().expect("exact");
        let layout = model.layout();
        let t = crate::engine::model::exact_tally(&model, &layout, &dist);
        let v = |i: usize| t.metrics[i].value().unwrap_or(f64::NAN);
        assert!((v(0) - 0.65).abs() < 1e-12 && (v(1) - 0.5).abs() < 1e-12);
        assert!((v(2) - 0.325).abs() < 1e-12);
        assert!((v(3) - 1.15).abs() < 1e-12);
    }

    #[test]
    fn monte_carlo_agrees_with_exact_over_a_grid() {
        let crit = TestRule {
            crit: CritDie::Die(6),
            ..TestRule::new(14, 0)
        };
        let cases = [
            (TestRule::new(15, 0), 2, 0),
            (TestRule::new(18, 0), 3, 1),
            (crit, 2, 2),
            (TestRule::new(8, 0), 1, 0),
        ];
        for (i, (rule, n, u)) in cases.into_iter().enumerate() {
            let sim = simulation(MultipleModel::new(rule, n, u));
            assert_agrees_with_exact(
                sim.as_ref(),
                200_000,
                4000 + i as u64,
                3,
                &format!("case {i}"),
            );
        }
    }
}
