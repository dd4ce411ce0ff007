//! Pursuits (seed *Fiche 4*, "Poursuites"; the `cle` page → *Pursuit*), and the
//! `cle.pursuit` mechanic.
//!
//! Each round each side makes an open test (3d6 + skill, no difficulty: Athlétisme on
//! foot, Pilotage in a vehicle, Équitation on a mount) and gains progression: result 9 or
//! less +0, 10–14 +1, 15–19 +2, 20 or more +3. The fugitive escapes (*l'a semé*) once 10 or
//! more ahead. A pursuer whose progression is at least the fugitive's may try to stop
//! them: an opposition (Athlétisme/Défense on foot, Pilotage/Réflexes or
//! Équitation/Réflexes otherwise) the pursuer starts, so wins ties of equal skills.
//!
//! **\[choice, switch `pursuer_first`\]** of the system's page: the fugitive tests first in each
//! round (the default), so the escape is checked after the fugitive's move and the stop
//! attempt after the pursuer's; with the switch the pursuer tests first (and may stop the
//! fugitive before the fugitive moves). The text only says each tests "à son tour de jeu".
//!
//! Choices of this program: the pursuer always tries to stop when allowed; the fugitive
//! starts `head_start` ahead; automatic results do not apply to open tests (there is no
//! difficulty) nor to the stop opposition; a pursuit still going after `max_rounds` rounds
//! is counted as neither an escape nor a capture.
//!
//! Exact values: the pursuit is a fight ([`Fight`]) whose state is the fugitive's lead; its
//! round, written once, is sampled round after round and enumerated from each lead, and
//! the leads merge ([`crate::engine::fight::solve`]), so the work is a few dozen states a
//! round, up to `max_rounds`, and nothing is cut off (the tail is rounding alone).

use super::opposition::{AWins, Contender, OppositionRule};
use super::roll::{Auto, Reading, TEST_TOTAL};
use super::tables::{CleTables, PursuitTable};
use crate::engine::chain::Next;
use crate::engine::fight::Fight;
#[cfg(doc)]
use crate::engine::fight::play;
use crate::engine::fight_outcome::{ExactBudget, FightOutcome};
use crate::engine::house_step::StepRule;
use crate::engine::step::Step;
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Rolled};
use crate::error::{Error, Result};
use std::borrow::Cow;

/// Progression gained from an open test's result under the official bands (those in
/// force: [`PursuitTable::progression`]).
pub fn progression(result: i64) -> i64 {
    CleTables::OFFICIAL.pursuit.progression(result)
}

/// How a pursuit ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum End {
    /// The fugitive got 10 or more ahead.
    Escape,
    /// The pursuer won a stop opposition.
    Caught,
    /// Still going after the last round.
    Unresolved,
}

/// The outcome of a pursuit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct PursuitOutcome {
    /// How it ended.
    pub end: End,
    /// Rounds played.
    pub rounds: u32,
}

/// One pursuit's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PursuitRule {
    /// The fugitive's movement skill.
    pub fugitive: i64,
    /// The pursuer's movement skill.
    pub pursuer: i64,
    /// The fugitive's initial lead in progression, `0..=9`.
    pub head_start: i64,
    /// The stop opposition: `a` the pursuer (active), `b` the fugitive.
    pub stop: OppositionRule,
    /// Rounds before the pursuit is called unresolved.
    pub max_rounds: u32,
    /// Switch `pursuer_first`: the pursuer tests first in each round.
    pub pursuer_first: bool,
    /// The progression bands and the escape lead in force.
    pub table: PursuitTable,
}

impl PursuitRule {
    /// Progression from an open test (3d6 + `skill`), through the step [`OpenTest`].
    #[inline(always)]
    fn open_test<D: Dice>(&self, dice: &mut D, skill: i64) -> i64 {
        dice.step(&OpenTest {
            skill,
            table: self.table,
            total: self.stop.a.total,
        })
    }
}

/// An open test (3d6 + `skill`) read as the progression it gains: a step, so that a round
/// is enumerated over the four gains, not the sixteen sums.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OpenTest {
    /// The movement skill.
    pub skill: i64,
    /// The progression bands in force.
    pub table: PursuitTable,
    /// How the total is read off the dice: the sum, or a house rule's
    /// ([`super::roll::TEST_TOTAL`]).
    pub total: StepRule,
}

impl Step for OpenTest {
    type Output = i64;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> i64 {
        let sum = dice.sum(3, 6) as i64;
        let total = Reading {
            sum,
            auto: Auto::None,
        }
        .totalled(dice, 3, self.total)
        .sum;
        self.table.progression(total + self.skill)
    }
}

/// A pursuit as a fight: the state is the fugitive's lead at the start of a round (below
/// the escape lead); a round is the two open tests, in the order of `pursuer_first`, and
/// the stop opposition when the pursuer has caught up.
impl Fight for PursuitRule {
    type State = i64;
    type End = End;

    fn start(&self) -> i64 {
        self.head_start
    }

    #[inline(always)]
    fn round<D: Dice>(&self, &lead: &i64, dice: &mut D) -> Next<i64, End> {
        let mut lead = lead;
        let escape = self.table.escape;
        if !self.pursuer_first {
            lead += self.open_test(dice, self.fugitive);
            if lead >= escape {
                return Next::End(End::Escape);
            }
        }
        lead -= self.open_test(dice, self.pursuer);
        if lead <= 0 && dice.step(&AWins(self.stop)) {
            return Next::End(End::Caught);
        }
        if self.pursuer_first {
            lead += self.open_test(dice, self.fugitive);
            if lead >= escape {
                return Next::End(End::Escape);
            }
        }
        Next::Round(lead)
    }

    fn at_cap(&self, _: &i64) -> End {
        End::Unresolved
    }
}

/// The pursuit is rolled round after round ([`play`]) and its exact values are the
/// fight solved up to `max_rounds` with nothing cut off: each round enumerated from every
/// lead ([`Fight::round`]), the leads merged.
impl FightOutcome for PursuitRule {
    type Fight = Self;
    type Outcome = PursuitOutcome;

    fn exact_fight(&self) -> Option<Cow<'_, Self>> {
        Some(Cow::Borrowed(self))
    }

    fn exact_budget(&self) -> ExactBudget {
        ExactBudget::whole(self.max_rounds)
    }

    fn outcome_of(&self, &end: &End, rounds: u32) -> PursuitOutcome {
        PursuitOutcome { end, rounds }
    }
}

crate::config! {
    /// The parameters of `cle.pursuit`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct PursuitParams {
        /// fugitive's movement skill (Athlétisme, Pilotage, Équitation)
        fugitive: i64 = int(-10..=40),
        /// pursuer's movement skill
        pursuer: i64 = int(-10..=40),
        /// fugitive's initial lead in progression
        head_start: i64 = int(0..=9, default = 0),
        /// pursuer's skill in the stop opposition (Athlétisme, Pilotage, Équitation)
        pursuer_stop: i64 = int(-10..=40),
        /// fugitive's skill in the stop opposition (Défense on foot, else Réflexes)
        fugitive_stop: i64 = int(-10..=40),
        /// rounds before the pursuit is called unresolved
        max_rounds: u32 = int(1..=200, default = 40, bounds_rounds),
        /// [choice] the pursuer tests first in each round (else the fugitive does)
        pursuer_first: bool = switch(default = false),
        /// the rule tables (progression bands, escape lead): `alea rules cle`
        tables: CleTables = rules(),
        /// the total read off the dice of every test: official, or a house rule's script
        /// (`test_total`)
        test_total: StepRule = house_step(&TEST_TOTAL),
    }
}

impl TryFrom<PursuitParams> for PursuitRule {
    type Error = Error;

    fn try_from(p: PursuitParams) -> Result<Self> {
        if p.head_start >= p.tables.pursuit.escape {
            return Err(Error::value(
                "head_start",
                format!(
                    "a head start of {} is already an escape (the fugitive escapes at a lead of {})",
                    p.head_start, p.tables.pursuit.escape
                ),
            ));
        }
        Ok(Self {
            fugitive: p.fugitive,
            pursuer: p.pursuer,
            head_start: p.head_start,
            stop: OppositionRule {
                a: Contender {
                    total: p.test_total,
                    ..Contender::new(p.pursuer_stop)
                },
                b: Contender {
                    total: p.test_total,
                    ..Contender::new(p.fugitive_stop)
                },
                both_active: false,
                auto_triples: false,
            },
            max_rounds: p.max_rounds,
            pursuer_first: p.pursuer_first,
            table: p.tables.pursuit,
        })
    }
}

/// What `cle.pursuit` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct PursuitMetrics {
    escape: MetricId,
    caught: MetricId,
    unresolved: MetricId,
    mean_rounds: MetricId,
    rounds: HistId,
}

impl Report<PursuitRule> for PursuitMetrics {
    fn declare(_rule: &PursuitRule, layout: &mut Layout) -> Self {
        Self {
            escape: layout.proportion("escape", "chance the fugitive gets 10 ahead"),
            caught: layout.proportion("caught", "chance the pursuer stops the fugitive"),
            unresolved: layout.proportion(
                "unresolved",
                "chance the pursuit is still going after max_rounds",
            ),
            mean_rounds: layout.mean("mean_rounds", "mean rounds played"),
            rounds: layout.histogram("rounds", "histogram of the rounds played", (1, 20)),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &PursuitOutcome, rec: &mut R) {
        rec.event(self.escape, o.end == End::Escape);
        rec.event(self.caught, o.end == End::Caught);
        rec.event(self.unresolved, o.end == End::Unresolved);
        rec.value(self.mean_rounds, o.rounds as i64);
        rec.hist(self.rounds, o.rounds as i64);
    }
}

/// `cle.pursuit`: one pursuit.
pub type PursuitModel = Rolled<PursuitRule, PursuitMetrics>;

#[cfg(test)]
#[path = "pursuit_tests.rs"]
mod tests;
