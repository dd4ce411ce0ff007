//! Falls (seed *Fiche 3*, "Autres sources de dégâts", *Chute*), and the `cle.fall`
//! mechanic.
//!
//! A fall deals 1d6 per full 3 metres. A test of Acrobatie against 15 cancels one of the
//! d6; on a voluntary jump, a test of Acrobatie against 10 cancels one more. Protection
//! does not count (the text takes it off the damage of attacks). The damage then lowers
//! vitality, with the *mal en point* tests if it reaches 0 ([`super::harm`]).
//!
//! Readings of this program, each a switch:
//! - **\[choice, switch `jump_one_roll`\]**: the voluntary jump's two tests are two rolls
//!   (the default), or one roll read at both difficulties (10 or more cancels one die, 15
//!   or more two);
//! - **\[choice, switch `cancel_highest`\]**: a cancelled die is not rolled (the default:
//!   the tests come before the damage), or the damage is rolled first and the highest
//!   dice are cancelled.
//!
//! The tests are rolled only when the fall deals at least one die; a die cancelled twice
//! is no more than a die, so at most every die is cancelled.

use super::harm::{Harm, HarmMetrics, VictimParams};
use super::roll::{D6Roll, Reading};
use super::tables::{CleTables, FallTable};
use super::test::TestRule;
use crate::engine::step::Step;
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Rolled};

/// One fall's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FallRule {
    /// Height in metres.
    pub height: i64,
    /// Acrobatie.
    pub acrobatics: i64,
    /// A voluntary jump.
    pub jump: bool,
    /// Switch `jump_one_roll`.
    pub jump_one_roll: bool,
    /// Switch `cancel_highest`.
    pub cancel_highest: bool,
    /// The character who falls.
    pub victim: VictimParams,
    /// Metres per die and the Acrobatie difficulties in force.
    pub table: FallTable,
}

/// The outcome of a fall.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct FallOutcome {
    /// Dice cancelled by the Acrobatie tests.
    pub cancelled: u32,
    /// Damage dealt.
    pub damage: i64,
    /// The character afterwards.
    pub harm: Harm,
}

/// `count` d6 rolled one after the other, read as their sum and their two highest faces
/// (0 for a missing one): a step, so that the exact distribution of many dice whose
/// highest are cancelled is built from fewer dice, each count enumerated once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Highest(u32);

impl Step for Highest {
    /// The sum, the highest face and the second highest.
    type Output = (i64, u32, u32);

    fn run<D: Dice>(&self, dice: &mut D) -> (i64, u32, u32) {
        if self.0 == 0 {
            return (0, 0, 0);
        }
        let d = dice.d6();
        let (sum, a, b) = dice.step(&Highest(self.0 - 1));
        let (a, b) = if d > a { (d, a) } else { (a, b.max(d)) };
        (sum + d as i64, a, b)
    }
}

/// The dice the Acrobatie tests of a fall cancel: a step, enumerated once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Cancels(FallRule);

impl Step for Cancels {
    type Output = u32;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> u32 {
        let rule = &self.0;
        let total = rule.victim.test_total;
        let first = D6Roll::read(dice, 3, total);
        let second = (rule.jump && !rule.jump_one_roll).then(|| D6Roll::read(dice, 3, total));
        rule.cancelled(first, second)
    }
}

/// The damage of a fall once `cancelled` dice are cancelled: a step, enumerated once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Damage {
    dice: u32,
    cancelled: u32,
    cancel_highest: bool,
}

impl Step for Damage {
    type Output = i64;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> i64 {
        if self.cancel_highest {
            let (sum, a, b) = dice.step(&Highest(self.dice));
            match self.cancelled {
                0 => sum,
                1 => sum - a as i64,
                _ => sum - (a + b) as i64,
            }
        } else {
            dice.sum(self.dice - self.cancelled, 6) as i64
        }
    }
}

impl FallRule {
    /// Damage dice: one per full `metres_per_die` metres (3 in the text).
    pub fn dice(&self) -> u32 {
        (self.height / self.table.metres_per_die) as u32
    }

    fn hard(&self) -> TestRule {
        TestRule {
            total: self.victim.test_total,
            ..TestRule::new(self.acrobatics, self.table.landing)
        }
    }

    fn easy(&self) -> TestRule {
        TestRule {
            total: self.victim.test_total,
            ..TestRule::new(self.acrobatics, self.table.jump)
        }
    }

    /// Dice the tests cancel when the first test's roll is `first`: the test against
    /// 15, and on a jump the test against 10, read off `first` with `jump_one_roll`, else
    /// off `second`.
    fn cancelled(&self, first: Reading, second: Option<Reading>) -> u32 {
        let mut c = u32::from(self.hard().judge_reading(first).success);
        if self.jump {
            let roll = if self.jump_one_roll {
                first
            } else {
                second.unwrap_or(first)
            };
            c += u32::from(self.easy().judge_reading(roll).success);
        }
        c.min(self.dice())
    }

    /// Rolls the tests, the damage, then the *mal en point* tests if it comes to that.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> FallOutcome {
        let n = self.dice();
        let mut harm = Harm::new(self.victim.vitality);
        if n == 0 {
            return FallOutcome {
                cancelled: 0,
                damage: 0,
                harm,
            };
        }
        let cancelled = dice.step(&Cancels(*self));
        let damage = dice.step(&Damage {
            dice: n,
            cancelled,
            cancel_highest: self.cancel_highest,
        });
        harm.wound(dice, &self.victim.tests(), damage);
        FallOutcome {
            cancelled,
            damage,
            harm,
        }
    }
}

crate::config! {
    /// The parameters of `cle.fall`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct FallParams {
        /// height of the fall in metres: 1d6 per full 3 m
        height: i64 = int(0..=60),
        /// Acrobatie: a test against 15 cancels one d6
        acrobatics: i64 = int(-10..=40),
        /// a voluntary jump: a test of Acrobatie against 10 cancels one more d6
        jump: bool = switch(default = false),
        /// [choice] a voluntary jump rolls one Acrobatie test, read at 15 and at 10 (else
        /// two tests)
        jump_one_roll: bool = switch(default = false),
        /// [choice] the damage is rolled first and the highest dice are cancelled (else a
        /// cancelled die is not rolled)
        cancel_highest: bool = switch(default = false),
        /// the character who falls
        victim: VictimParams = flatten(),
        /// the rule tables (metres per die, Acrobatie difficulties): `alea rules cle`
        tables: CleTables = rules(),
    }
}

impl From<FallParams> for FallRule {
    fn from(p: FallParams) -> Self {
        Self {
            height: p.height,
            acrobatics: p.acrobatics,
            jump: p.jump,
            jump_one_roll: p.jump_one_roll,
            cancel_highest: p.cancel_highest,
            victim: p.victim,
            table: p.tables.fall,
        }
    }
}

crate::rolls!(FallRule => FallOutcome);

/// What `cle.fall` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct FallMetrics {
    mean_damage: MetricId,
    no_damage: MetricId,
    mean_cancelled: MetricId,
    harm: HarmMetrics,
    damage: HistId,
}

impl Report<FallRule> for FallMetrics {
    fn declare(rule: &FallRule, layout: &mut Layout) -> Self {
        Self {
            mean_damage: layout.mean("mean_damage", "mean damage of the fall"),
            no_damage: layout.proportion("no_damage", "chance the fall deals no damage"),
            mean_cancelled: layout.mean(
                "mean_dice_cancelled",
                "mean d6 cancelled by the Acrobatie tests",
            ),
            harm: HarmMetrics::declare(layout),
            damage: layout.histogram(
                "damage",
                "histogram of the damage",
                (0, 6 * rule.dice() as i64),
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &FallOutcome, rec: &mut R) {
        rec.value(self.mean_damage, o.damage);
        rec.event(self.no_damage, o.damage == 0);
        rec.value(self.mean_cancelled, o.cancelled as i64);
        self.harm.record(&o.harm, rec);
        rec.hist(self.damage, o.damage);
    }
}

/// `cle.fall`: one fall.
pub type FallModel = Rolled<FallRule, FallMetrics>;

#[cfg(test)]
#[path = "fall_tests.rs"]
mod tests;
