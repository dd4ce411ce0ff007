//! The duel of classic combat (seed chapter 4, "le combat", "les blessures", "la
//! fatigue"; the `aube` page → *Classic combat*): two fighters trade attacks until one
//! is out, and the `aube.duel` mechanic.
//!
//! A round is one attack by each fighter, the side with the initiative first; a fighter put
//! out by the first attack does not strike back ([`Bout`]). Wounds go on each fighter's
//! [`WoundTrack`](super::wounds::WoundTrack); fatigue points lower TA, TP and `enc`;
//! étourdi lowers the next attack. Rounds are capped (`max_rounds`) and a capped fight is
//! a draw.
//!
//! \[choice\] of this program: when neither fighter can hit the other any more (no face of
//! the d20 beats the parry, and no crit die), nothing can change (only hits do), so the
//! fight is a draw at once, counted as lasting `max_rounds`: the capped fight it would
//! become. `mean_rounds_given_winner` leaves such fights out.
//!
//! Exact values: the duel is a [`DuelFight`] whose state is the two wound tracks (wounds,
//! fatigue, pending étourdis), the only things that change, and whose round is the round
//! sampled here; the initiative, drawn afresh each round or fixed, needs no state. The
//! engine solves it round by round ([`crate::engine::fight::solve`]), the mass still in
//! play below [`EXACT_TOLERANCE`] reported as the tail; fights whose states are endless
//! (possible with a crit die, the heroism rules or rolled extremes) have no exact values
//! (see [`super::duel_exact`]).

use super::aspect::Aspect;
use super::attack::{AttackRule, Factors};
pub use super::bout::{AttackSeen, Bout, Initiative};
use super::bout::{Unseen, Watch};
use super::duel_end::DuelEndParams;
pub use super::duel_exact::DuelFight;
use super::duel_exact::{FightEnd, exact_is_tried};
use super::fighter::{Fighter, FighterState};
use super::nonlethal::FistRules;
use super::wounds::{EtourdiScope, OverflowFatigue};
use crate::engine::fight::FightMetrics;
pub use crate::engine::fight::{EXACT_TOLERANCE, STATE_BUDGET, Winner};
use crate::engine::fight_outcome::{ExactBudget, FightModel, FightOutcome};
use crate::engine::{Dice, FromConfig, HistId, Layout, MetricId, Recorder};
use crate::error::Result;
use std::borrow::Cow;

/// The end of a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DuelOutcome {
    /// The winner.
    pub winner: Winner,
    /// Rounds fought (the round in which the loser fell, or `max_rounds`).
    pub rounds: u32,
    /// Wounds on A's track at the end.
    pub a_wounds: u8,
    /// Wounds on B's track at the end.
    pub b_wounds: u8,
}

crate::config! {
    /// The parameters of `aube.duel`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct DuelParams {
        /// fighter A, with the options of its tests
        a: Fighter = fighter("a"),
        /// fighter B, with the options of its tests
        b: Fighter = fighter("b"),
        /// `fa`, `fm` and `armour`
        factors: Factors = flatten(),
        /// who attacks first each round: a, b, random (drawn each round)
        initiative: Initiative = choice(default = Initiative::Random),
        /// `out_at` and `max_rounds`
        end: DuelEndParams = flatten(),
        /// `overflow_fatigue`, `etourdi_fatigue` and `etourdi`
        wounds: WoundRules = flatten(),
        /// `nonlethal` and `knockout`: a fist fight
        fists: FistRules = flatten(),
        /// the aspect every blow lands on: physique, mental (points de crise, resisted with enc_mental) or mystique (points de karma, enc_mystique)
        aspect: Aspect = choice(default = Aspect::Physique),
    }
}

crate::config! {
    /// How hits count on a fighter's track (of `aube.duel` and `aube.gauntlet`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct WoundRules {
        /// PF of a wound moved up a grade: recorded (of the new grade) or rolled
        overflow_fatigue: OverflowFatigue = choice(default = OverflowFatigue::Recorded),
        /// an étourdi also gives 1 PF (Ex. 3.1 counts it; Tableau 3.1 gives 0)
        etourdi_fatigue: bool = switch(default = false),
        /// [choice] what an étourdi lowers by 1: next_attack (the fighter's next attack only) or aspect (TA, TP and enc until that attack; the text: -1 "dans cet aspect" for the next action)
        etourdi: EtourdiScope = choice(default = EtourdiScope::NextAttack),
    }
}

impl WoundRules {
    /// The rules of a fight with these wound rules.
    pub fn bout(self, factors: Factors, initiative: Initiative, end: DuelEndParams) -> Bout {
        Bout {
            rule: AttackRule::from_factors(factors),
            initiative,
            out_at: end.out_at,
            overflow_fatigue: self.overflow_fatigue,
            etourdi_fatigue: self.etourdi_fatigue,
            etourdi: self.etourdi,
            fists: FistRules::OFF,
            knockout_at: i64::MAX,
            aspect: Aspect::Physique,
        }
    }
}

/// The docs of `a_wins` and `b_wins` (of `aube.duel` and `aube.melee`).
pub(crate) const SIDE_DOCS: [&str; 2] = ["chance A puts B out", "chance B puts A out"];

/// What `aube.duel` reports.
#[derive(Debug, Clone, PartialEq)]
struct DuelMetrics {
    end: FightMetrics,
    mean_decided: MetricId,
    rounds: HistId,
    a_wounds: HistId,
    b_wounds: HistId,
}

impl DuelMetrics {
    fn declare(layout: &mut Layout) -> Self {
        Self {
            end: FightMetrics::declare(
                layout,
                SIDE_DOCS,
                "chance nobody is out after max_rounds",
                "mean rounds fought (a draw counts max_rounds)",
            ),
            mean_decided: layout.mean(
                "mean_rounds_given_winner",
                "mean rounds of the fights that have a winner",
            ),
            rounds: layout.histogram("rounds", "histogram of the rounds fought", (1, 60)),
            a_wounds: layout.histogram(
                "a_wounds",
                "histogram of the wounds on A's track at the end",
                (0, 8),
            ),
            b_wounds: layout.histogram(
                "b_wounds",
                "histogram of the wounds on B's track at the end",
                (0, 8),
            ),
        }
    }
}

/// `aube.duel`: a duel between fighters A and B.
#[derive(Debug, Clone, PartialEq)]
pub struct DuelModel {
    /// The two fighters, A then B.
    pub fighters: [Fighter; 2],
    /// The rules of the fight.
    pub bout: Bout,
    /// The cap on rounds.
    pub max_rounds: u32,
    layout: Layout,
    m: DuelMetrics,
}

impl DuelModel {
    /// A duel of `a` and `b` under `rule`, initiative random, out at fatale, 1000 rounds.
    pub fn new(a: Fighter, b: Fighter, rule: AttackRule) -> Self {
        Self::with_bout(a, b, Bout::new(rule), 1000)
    }

    /// A duel of `a` and `b` under `bout`, capped at `max_rounds`.
    pub fn with_bout(a: Fighter, b: Fighter, bout: Bout, max_rounds: u32) -> Self {
        let mut layout = Layout::new();
        let m = DuelMetrics::declare(&mut layout);
        // A duel lasts at most max_rounds (a draw counts them all): the intervals of the
        // rounds stay inside.
        layout.bounded(m.end.mean_rounds, 0, i64::from(max_rounds));
        layout.bounded(m.mean_decided, 1, i64::from(max_rounds));
        Self {
            fighters: [a, b],
            bout,
            max_rounds,
            layout,
            m,
        }
    }

    /// Fights one duel, telling `observe` every attack.
    #[inline(always)]
    pub fn fight<D: Dice>(&self, dice: &mut D, observe: impl FnMut(&AttackSeen)) -> DuelOutcome {
        self.fight_watched(dice, observe)
    }

    /// Fights one duel, watched by `observe` ([`Watch`]).
    #[inline(always)]
    fn fight_watched<D: Dice, W: Watch>(&self, dice: &mut D, mut observe: W) -> DuelOutcome {
        let mut s = [0, 1].map(|k| FighterState::new(&self.fighters[k]));
        let end = |winner, rounds, s: &[FighterState; 2]| DuelOutcome {
            winner,
            rounds,
            a_wounds: s[0].wounds.wounds(),
            b_wounds: s[1].wounds.wounds(),
        };
        match self
            .bout
            .fight_on(&mut s, self.max_rounds, dice, &mut observe)
        {
            (Some(side), round) => end(side.into(), round, &s),
            (None, _) => end(Winner::Draw, self.max_rounds, &s),
        }
    }
}

impl DuelModel {
    /// The duel as a fight, for its exact values.
    pub fn duel_fight(&self) -> DuelFight {
        DuelFight::new(self.fighters, self.bout)
    }
}

impl FromConfig<DuelParams> for DuelModel {
    fn from_config(p: DuelParams) -> Result<Self> {
        p.a.conduct.check("a")?;
        p.b.conduct.check("b")?;
        p.a.aspects.check("a", p.aspect)?;
        p.b.aspects.check("b", p.aspect)?;
        p.fists.check()?;
        let bout = p
            .wounds
            .bout(p.factors, p.initiative, p.end)
            .with_fists(p.fists)
            .with_aspect(p.aspect);
        Ok(Self::with_bout(p.a, p.b, bout, p.end.max_rounds))
    }
}

impl FightModel for DuelModel {
    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> DuelOutcome {
        self.fight_watched(dice, Unseen)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &DuelOutcome, rec: &mut R) {
        let m = &self.m;
        m.end.record(rec, o.winner, o.rounds);
        rec.value_given(m.mean_decided, o.winner != Winner::Draw, o.rounds as i64);
        rec.hist(m.rounds, o.rounds as i64);
        rec.hist(m.a_wounds, o.a_wounds as i64);
        rec.hist(m.b_wounds, o.b_wounds as i64);
    }
}

/// The duel solved as a [`DuelFight`] within the engine's budgets
/// ([`ExactBudget::capped_at`]); no exact values when a fighter rolls a crit die
/// ([`exact_is_tried`]).
impl FightOutcome for DuelModel {
    type Fight = DuelFight;
    type Outcome = DuelOutcome;

    fn exact_fight(&self) -> Option<Cow<'_, DuelFight>> {
        exact_is_tried(&self.fighters).then(|| Cow::Owned(self.duel_fight()))
    }

    fn exact_budget(&self) -> ExactBudget {
        ExactBudget::capped_at(self.max_rounds)
    }

    fn outcome_of(&self, end: &FightEnd, rounds: u32) -> DuelOutcome {
        duel_outcome(end, rounds, self.max_rounds)
    }
}

/// The outcome of a duel capped at `max_rounds` that ended with `end` after `rounds`
/// rounds: a draw lasts `max_rounds`, as the sampled duel counts it.
pub fn duel_outcome(
    &(winner, a_wounds, b_wounds): &FightEnd,
    rounds: u32,
    max_rounds: u32,
) -> DuelOutcome {
    DuelOutcome {
        winner,
        rounds: if winner == Winner::Draw {
            max_rounds
        } else {
            rounds
        },
        a_wounds,
        b_wounds,
    }
}

#[cfg(test)]
#[path = "duel_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "duel_conduct_tests.rs"]
mod conduct_tests;

#[cfg(test)]
#[path = "duel_fist_tests.rs"]
mod fist_tests;

#[cfg(test)]
#[path = "duel_aspect_tests.rs"]
mod aspect_tests;
