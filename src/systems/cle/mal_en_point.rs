//! One blow at 0 vitality (seed *Fiche 4*, "Mal en point", "Premiers soins", "Difficultés
//! des soins"; the `cle` page → *Vitality, mal en point, NPC tiers*), and the
//! `cle.mal_en_point` mechanic: the chance to survive it.
//!
//! A character left without vitality is *mal en point* and tests Résistance against
//! `5 + damage` (failure: *danger de mort*, death at the end of the 1d6-th following
//! round) and Volonté against `5 + damage` (failure: unconscious for 2d6 rounds); each
//! wound beyond the one that made the character *mal en point* repeats both tests at −5.
//! First aid (*premiers soins*: a Soins test, against 20 for a character in danger de
//! mort) stops the dying.
//!
//! Readings of this program: the healer first tries in the round after the blow, so a
//! death at the end of the d-th round leaves d rounds to try in;
//! **\[choice, switch `aid_retry`\]**: one try only (the default: *Fiche 2*, a failed test
//! cannot be tried again without better chances), or one try every round until the death
//! (*Fiche 3*: in a fight the rule of new attempts does not apply; the text says it of
//! actions against an adversary).

use super::roll::TEST_TOTAL;
use super::tables::CleTables;
use super::test::{Passes, TestRule};
use super::vitality::{Blow, MalEnPoint};
use crate::engine::house_step::StepRule;
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Rolled};

/// One blow's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MalRule {
    /// The tests.
    pub tests: MalEnPoint,
    /// The blow's damage.
    pub damage: i64,
    /// Wounds beyond the one that made the character *mal en point* (this one included).
    pub later_wounds: i64,
    /// The Soins of whoever gives first aid, if anyone does.
    pub healer: Option<i64>,
    /// Switch `aid_retry`: first aid is tried every round until the death.
    pub aid_retry: bool,
    /// The difficulty of first aid in force.
    pub aid_difficulty: i64,
}

/// The outcome of one blow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct MalOutcome {
    /// The tests' outcome.
    pub blow: Blow,
    /// First aid came in time (only for a character in danger de mort).
    pub saved: bool,
}

impl MalRule {
    /// First-aid tries before the death at the end of round `dies_in`.
    fn tries(&self, dies_in: u32) -> u32 {
        if self.aid_retry { dies_in } else { 1 }
    }

    /// Rolls the tests, then first aid (a Soins test per try) for a dying character.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> MalOutcome {
        let blow = self.tests.roll(dice, self.damage, self.later_wounds);
        let mut saved = false;
        if let Some(soins) = self.healer
            && blow.dies_in > 0
        {
            let aid = TestRule {
                total: self.tests.total,
                ..TestRule::new(soins, self.aid_difficulty)
            };
            saved = (0..self.tries(blow.dies_in)).any(|_| dice.step(&Passes(aid)));
        }
        MalOutcome { blow, saved }
    }
}

crate::config! {
    /// The parameters of `cle.mal_en_point`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct MalParams {
        /// damage of the blow (the tests are against 5 + damage)
        damage: i64 = int(0..=60),
        /// Résistance
        resistance: i64 = int(-10..=40),
        /// Volonté
        volonte: i64 = int(-10..=40),
        /// wounds beyond the one that made the character mal en point, this blow included:
        /// -5 each to both tests
        later_wounds: i64 = int(0..=10, default = 0),
        /// dice for each test: 3, or 4 with a hero point
        dice: u32 = int(3..=4, default = 3),
        /// [choice] a hero point's effect counts once per turn: its fourth die helps the
        /// Résistance test only, the Volonté test rolls 3d6 (else both roll `dice`)
        hero_once: bool = switch(default = false),
        /// Soins of a companion giving first aid (against 20) to a character in danger de
        /// mort; nobody by default
        healer: Option<i64> = int(-10..=40, optional),
        /// [choice] first aid is tried every round until the death (else once: a failed
        /// test cannot be tried again)
        aid_retry: bool = switch(default = false),
        /// the rule tables (the difficulty of first aid): `alea rules cle`
        tables: CleTables = rules(),
        /// the total read off the dice of every test: official, or a house rule's script
        /// (`test_total`)
        test_total: StepRule = house_step(&TEST_TOTAL),
    }
}

impl From<MalParams> for MalRule {
    fn from(p: MalParams) -> Self {
        Self {
            tests: MalEnPoint {
                resistance: p.resistance,
                volonte: p.volonte,
                dice: p.dice,
                hero_once: p.hero_once,
                total: p.test_total,
            },
            damage: p.damage,
            later_wounds: p.later_wounds,
            healer: p.healer,
            aid_retry: p.aid_retry,
            aid_difficulty: p.tables.care.first_aid,
        }
    }
}

crate::rolls!(MalRule => MalOutcome);

/// What `cle.mal_en_point` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct MalMetrics {
    danger: MetricId,
    unconscious: MetricId,
    still_acting: MetricId,
    dies: MetricId,
    saved: MetricId,
    mean_death_round: MetricId,
    mean_unconscious_rounds: MetricId,
    death_round: HistId,
    unconscious_rounds: HistId,
}

impl Report<MalRule> for MalMetrics {
    fn declare(_rule: &MalRule, layout: &mut Layout) -> Self {
        Self {
            danger: layout.proportion(
                "danger",
                "chance the Résistance test fails: danger de mort, death at the end of the 1d6-th following round",
            ),
            unconscious: layout.proportion(
                "unconscious",
                "chance the Volonté test fails: unconscious for 2d6 rounds",
            ),
            still_acting: layout.proportion(
                "still_acting",
                "chance both tests pass: mal en point, but still acting",
            ),
            dies: layout.proportion(
                "dies",
                "chance the character dies: danger de mort and no first aid in time",
            ),
            saved: layout.proportion(
                "saved",
                "chance first aid comes in time, given danger de mort",
            ),
            mean_death_round: layout.mean(
                "mean_death_round",
                "mean rounds left before death (1d6), given danger de mort",
            ),
            mean_unconscious_rounds: layout.mean(
                "mean_unconscious_rounds",
                "mean rounds unconscious (2d6), given unconsciousness",
            ),
            death_round: layout.histogram(
                "death_round",
                "histogram of the round of death after the blow, given danger de mort",
                (1, 6),
            ),
            unconscious_rounds: layout.histogram(
                "unconscious_rounds",
                "histogram of the rounds unconscious, given unconsciousness",
                (2, 12),
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &MalOutcome, rec: &mut R) {
        let (danger, out) = (o.blow.dies_in > 0, o.blow.out_for > 0);
        rec.event(self.danger, danger);
        rec.event(self.unconscious, out);
        rec.event(self.still_acting, !danger && !out);
        rec.event(self.dies, danger && !o.saved);
        rec.event_given(self.saved, danger, o.saved);
        rec.value_given(self.mean_death_round, danger, o.blow.dies_in as i64);
        rec.value_given(self.mean_unconscious_rounds, out, o.blow.out_for as i64);
        if danger {
            rec.hist(self.death_round, o.blow.dies_in as i64);
        }
        if out {
            rec.hist(self.unconscious_rounds, o.blow.out_for as i64);
        }
    }
}

/// `cle.mal_en_point`: one blow at 0 vitality.
pub type MalModel = Rolled<MalRule, MalMetrics>;

#[cfg(test)]
#[path = "mal_en_point_tests.rs"]
mod tests;
