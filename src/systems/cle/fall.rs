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

use super::harm::{FailTable, Harm, HarmMetrics, VictimParams};
use super::roll::Roll;
use super::tables::{CleTables, FallTable};
use super::test::TestRule;
use crate::engine::{Dice, Dist, HistId, Layout, MetricId, Recorder, Report, Rolled};

/// One fall's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// Sum of `dice` once the `drop` (0..=2) highest are taken off.
fn without_highest(dice: &[u32], drop: u32) -> i64 {
    let mut top = [0u32; 2];
    let mut sum = 0;
    for &d in dice {
        sum += d as i64;
        if d > top[0] {
            top = [d, top[0]];
        } else if d > top[1] {
            top[1] = d;
        }
    }
    sum - top[..drop as usize].iter().map(|&d| d as i64).sum::<i64>()
}

impl FallRule {
    /// Damage dice: one per full `metres_per_die` metres (3 in the text).
    pub fn dice(&self) -> u32 {
        (self.height / self.table.metres_per_die) as u32
    }

    fn hard(&self) -> TestRule {
        TestRule::new(self.acrobatics, self.table.landing)
    }

    fn easy(&self) -> TestRule {
        TestRule::new(self.acrobatics, self.table.jump)
    }

    /// Dice the tests cancel when the first test's roll is `first`: the test against
    /// 15, and on a jump the test against 10, read off `first` with `jump_one_roll`, else
    /// off `second`.
    fn cancelled(&self, first: &Roll, second: Option<&Roll>) -> u32 {
        let mut c = u32::from(self.hard().judge(first).success);
        if self.jump {
            let roll = if self.jump_one_roll {
                first
            } else {
                second.unwrap_or(first)
            };
            c += u32::from(self.easy().judge(roll).success);
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
        let first = Roll::throw(dice, 3);
        let second = (self.jump && !self.jump_one_roll).then(|| Roll::throw(dice, 3));
        let cancelled = self.cancelled(&first, second.as_ref());
        let damage = if self.cancel_highest {
            let mut faces = [0u32; 20];
            for f in faces.iter_mut().take(n as usize) {
                *f = dice.d6();
            }
            without_highest(&faces[..n as usize], cancelled)
        } else {
            dice.sum(n - cancelled, 6) as i64
        };
        harm.wound(dice, &self.victim.tests(), damage);
        FallOutcome {
            cancelled,
            damage,
            harm,
        }
    }

    /// The exact distribution of the dice cancelled.
    fn cancelled_dist(&self) -> Dist<u32> {
        if self.dice() == 0 {
            return Dist::certain(0);
        }
        let first = Roll::dist(3, |r| *r);
        if self.jump && !self.jump_one_roll {
            first.then(|a| Roll::dist(3, |b| self.cancelled(a, Some(b))))
        } else {
            first.map(|a| self.cancelled(a, None))
        }
    }

    /// The exact distribution of the damage with `cancelled` dice cancelled.
    fn damage_dist(&self, cancelled: u32) -> Dist<i64> {
        let n = self.dice();
        if !self.cancel_highest {
            return Dist::dice_sum(n - cancelled, 6);
        }
        // (sum, highest, second highest) over the n dice.
        let die = Dist::die(6);
        let mut acc = Dist::certain((0i64, 0i64, 0i64));
        for _ in 0..n {
            acc = acc.combine(&die, |&(s, a, b), &d| {
                let (a, b) = if d > a { (d, a) } else { (a, b.max(d)) };
                (s + d, a, b)
            });
        }
        acc.map(|&(s, a, b)| match cancelled {
            0 => s,
            1 => s - a,
            _ => s - a - b,
        })
    }

    /// The exact distribution of the outcome.
    pub fn exact(&self) -> Dist<FallOutcome> {
        let table = FailTable::new(&self.victim.tests(), 6 * self.dice() as i64, 1);
        let fails = |d, l| table.get(d, l);
        let start = Harm::new(self.victim.vitality);
        self.cancelled_dist().then(|&cancelled| {
            self.damage_dist(cancelled).then(|&damage| {
                start.wound_dist(damage, &fails).map(|&harm| FallOutcome {
                    cancelled,
                    damage,
                    harm,
                })
            })
        })
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

crate::rolls!(FallRule => FallOutcome, exact);

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
