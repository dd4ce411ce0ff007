//! Multiple actions, *actions multiples* (seed chapter 2, "les actions multiples";
//! the `aube` page → *Multiple actions*), and the `aube.multiple` mechanic.
//!
//! `n` planned simultaneous actions, in order of importance: action `k` (1-based) has a
//! handicap `n + 3(k - 1)`. An unplanned extra action `j` (1-based) has the last planned
//! handicap plus `5j`. Each action is an independent test of `ca` less its handicap. The
//! steps 3 and 5 are the `[multiple]` table of [`AubeTables`].
//!
//! **\[choice, switch `lone_action_free`\]**: read literally, one planned action (`n = 1`)
//! has a handicap of 1, and an unplanned one after it 6 (the default); read naturally, a
//! lone action is no multiple action and has none, so the unplanned ones take 5, 10, ...

use super::resolution::{Prepared, TestOptions, TestRule};
use super::tables::{AubeTables, MultipleTable};
use crate::engine::step::Step;
use crate::engine::{
    Dice, Layout, MetricFamily, MetricId, MetricKind, Recorder, Report, Roll, Rolled,
};

/// Most actions (planned and unplanned) in one turn.
pub const MAX_ACTIONS: usize = 16;

/// The handicap of planned action `k` (1-based) of `n`: `n + planned (k - 1)` with the
/// steps of `steps`; with `lone_action_free` a lone planned action (`n = 1`) has none
/// (switch `lone_action_free`). The rule step of `aube.multiple`, and of the fights whose
/// fighters act several times at once (`a.actions` of `aube.duel`).
#[inline]
pub fn handicap(n: usize, k: usize, steps: &MultipleTable, lone_action_free: bool) -> i64 {
    let first = if n == 1 && lone_action_free {
        0
    } else {
        n as i64
    };
    first + steps.planned * (k as i64 - 1)
}

/// The handicap of every action, planned ones first, with the steps of `steps` (each
/// planned one its [`handicap`]; unplanned extra action `j` the last planned one's plus
/// `unplanned j`).
pub fn handicaps(
    n: usize,
    unplanned: usize,
    steps: &MultipleTable,
    lone_action_free: bool,
) -> Vec<i64> {
    let planned = (1..=n).map(move |k| handicap(n, k, steps, lone_action_free));
    let last = handicap(n, n, steps, lone_action_free);
    planned
        .chain((1..=unplanned as i64).map(|j| last + steps.unplanned * j))
        .collect()
}

crate::config! {
    /// The parameters of `aube.multiple`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct MultipleParams {
        /// CA of every action before its handicap
        ca: i64 = int(-200..=200),
        /// planned simultaneous actions
        n: usize = int(1..=10, default = 2),
        /// unplanned extra actions
        unplanned: usize = int(0..=6, default = 0),
        /// [choice] a lone planned action (n = 1) has no handicap, the unplanned ones 5,
        /// 10, ... (else 1, then 6, 11, ...)
        lone_action_free: bool = switch(default = false),
        /// the options of every action's test
        options: TestOptions = flatten(),
        /// the rule tables (the handicap steps): `alea rules aube`
        tables: AubeTables = rules(),
    }
}

/// What `aube.multiple` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct MultipleMetrics {
    actions: MetricFamily,
    all_succeed: MetricId,
    mean_successes: MetricId,
}

/// Several actions at once, each with its handicap.
#[derive(Debug, Clone, PartialEq)]
pub struct MultipleRule {
    rules: Vec<TestRule>,
    prepared: Vec<Succeeds>,
}

impl MultipleRule {
    /// `n` planned and `unplanned` extra actions at `ca`, with the options of `base`,
    /// under the official handicaps.
    pub fn new(base: TestRule, n: usize, unplanned: usize) -> Self {
        Self::with_handicaps(
            base,
            handicaps(n, unplanned, &AubeTables::OFFICIAL.multiple, false),
        )
    }

    /// The actions at `base`'s CA less each of `handicaps`.
    pub fn with_handicaps(base: TestRule, handicaps: Vec<i64>) -> Self {
        let rules: Vec<TestRule> = handicaps
            .into_iter()
            .map(|h| TestRule {
                ca: base.ca - h,
                ..base
            })
            .collect();
        let prepared = rules.iter().map(|r| Succeeds(Prepared::new(r))).collect();
        Self { rules, prepared }
    }
}

impl From<MultipleParams> for MultipleRule {
    fn from(p: MultipleParams) -> Self {
        debug_assert!(p.n + p.unplanned <= MAX_ACTIONS);
        let base = p.options.rule(p.ca, 0);
        let handicaps = handicaps(p.n, p.unplanned, &p.tables.multiple, p.lone_action_free);
        Self::with_handicaps(base, handicaps)
    }
}

/// Whether a test succeeds: the step of each action, so that the exact values cost two
/// outcomes per action, not every degree.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Succeeds(Prepared);

impl Step for Succeeds {
    type Output = bool;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> bool {
        self.0.roll(dice).success
    }
}

impl Roll for MultipleRule {
    /// Which of the actions succeed (bit `k - 1` for action `k`).
    type Outcome = u32;

    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> u32 {
        let mut mask = 0;
        for (k, p) in self.prepared.iter().enumerate() {
            mask |= (dice.step(p) as u32) << k;
        }
        mask
    }
}

impl Report<MultipleRule> for MultipleMetrics {
    fn declare(rule: &MultipleRule, layout: &mut Layout) -> Self {
        Self {
            actions: layout.family(
                MetricKind::Proportion,
                "action_<k>",
                "chance the k-th action succeeds (planned ones first)",
                1..=rule.rules.len() as i64,
            ),
            all_succeed: layout.proportion("all_succeed", "chance every action succeeds"),
            mean_successes: layout.mean("mean_successes", "mean number of successful actions"),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, mask: &u32, rec: &mut R) {
        for (bit, (_, id)) in self.actions.iter().enumerate() {
            rec.event(id, mask & (1 << bit) != 0);
        }
        rec.event(
            self.all_succeed,
            mask.count_ones() as usize == self.actions.len(),
        );
        rec.value(self.mean_successes, mask.count_ones() as i64);
    }
}

/// `aube.multiple`: which of the actions succeed (bit `k - 1` for action `k`).
pub type MultipleModel = Rolled<MultipleRule, MultipleMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::replay_one;
    use crate::engine::simulation;
    use crate::systems::aube::MULTIPLE;
    use crate::systems::aube::resolution::CritDie;
    use crate::systems::test_support::{assert_each_agrees, exact_values, expect_model};

    #[test]
    fn ex_2_9_handicaps() {
        let steps = &AubeTables::OFFICIAL.multiple;
        assert_eq!(handicaps(3, 0, steps, false), vec![3, 6, 9]);
        assert_eq!(handicaps(3, 1, steps, false), vec![3, 6, 9, 14]);
        assert_eq!(handicaps(1, 2, steps, false), vec![1, 6, 11]);
        let house = MultipleTable {
            planned: 2,
            unplanned: 4,
        };
        assert_eq!(handicaps(3, 1, &house, false), vec![3, 5, 7, 11]);
    }

    #[test]
    fn a_lone_action_and_an_unplanned_one() {
        // ca=15 n=1 unplanned=1: handicaps 1 and 6 read literally (CAs 14 and 9), 0 and 5
        // with lone_action_free (CAs 15 and 10); more planned actions are unchanged.
        let steps = &AubeTables::OFFICIAL.multiple;
        assert_eq!(handicaps(1, 1, steps, false), vec![1, 6]);
        assert_eq!(handicaps(1, 1, steps, true), vec![0, 5]);
        assert_eq!(handicaps(3, 1, steps, true), vec![3, 6, 9, 14]);
        let value = |words: &str, k: i64| {
            let model = MULTIPLE.model_for(words).expect("valid");
            let t = exact_values(&model);
            model
                .m
                .actions
                .get(k)
                .and_then(|id| t.value(id))
                .unwrap_or(f64::NAN)
        };
        let literal = "ca=15 n=1 unplanned=1";
        assert!((value(literal, 1) - 0.70).abs() < 1e-12);
        assert!((value(literal, 2) - 0.45).abs() < 1e-12);
        let natural = format!("{literal} lone_action_free=true");
        assert!((value(&natural, 1) - 0.75).abs() < 1e-12);
        assert!((value(&natural, 2) - 0.50).abs() < 1e-12);
    }

    #[test]
    fn closed_form() {
        // ca 15, n 2: CAs 13 and 10; all succeed 13/20 × 10/20; mean 23/20.
        let model = MULTIPLE.model_for("ca=15").expect("valid");
        let t = exact_values(&model);
        let v = |id: Option<MetricId>| id.and_then(|id| t.value(id)).unwrap_or(f64::NAN);
        assert!((v(model.m.actions.get(1)) - 0.65).abs() < 1e-12);
        assert!((v(model.m.actions.get(2)) - 0.5).abs() < 1e-12);
        assert!((v(Some(model.m.all_succeed)) - 0.325).abs() < 1e-12);
        assert!((v(Some(model.m.mean_successes)) - 1.15).abs() < 1e-12);
    }

    #[test]
    fn parameters_make_the_actions() {
        // n 3 and one unplanned action at ca 18: CAs 15, 12, 9 and 4, each with the d6.
        let model = expect_model(&MULTIPLE, "ca=18 n=3 unplanned=1 crit=d6");
        let cas: Vec<i64> = model.rule.rules.iter().map(|r| r.ca).collect();
        assert_eq!(cas, [15, 12, 9, 4]);
        assert!(model.rule.rules.iter().all(|r| r.crit == CritDie::Die(6)));
        assert_eq!(model.m.actions.len(), 4);
        // Rigged: 15 succeeds at CA 15, 13 fails at CA 12, 2 and 4 succeed; each d20 is
        // followed by its crit d6 (never a 1).
        let (mask, tally) = replay_one(&model, &[15, 2, 13, 2, 2, 2, 4, 2]);
        assert_eq!(mask, 0b1101);
        assert_eq!(
            tally.sums([model.m.mean_successes, model.m.all_succeed]),
            [3, 0]
        );
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
        assert_each_agrees(cases, 3, |(rule, n, u)| {
            simulation(MultipleModel::new(MultipleRule::new(rule, n, u)))
        });
    }
}
