//! Hazards that wound round after round (seed *Fiche 3*, "Autres sources de dégâts",
//! *Feu* and *Asphyxie*), and the `cle.fire` and `cle.asphyxia` mechanics.
//!
//! - *Feu*: each round in the fire deals 1d6 (a torch), 2d6 (a campfire) or 3d6 (a blaze).
//! - *Asphyxie*: a character holds their breath for a minute (10 rounds); then a test of
//!   Résistance against 15 every round, the difficulty rising by 5 every minute (rounds
//!   11–20 against 15, 21–30 against 20, ...). Once a test fails the character needs to
//!   breathe, and without air takes 1d6 every round.
//!
//! Each round's damage is a wound ([`super::harm`]): it lowers vitality, and from 0 on
//! every wound brings the *mal en point* tests, at −5 per wound beyond the first.
//!
//! Readings of this program: without air the damage starts the round after the failed
//! test; the character stays exposed for the whole `rounds` (no escape); protection does
//! not count; once both *mal en point* tests have failed nothing more can change, and the
//! later rounds roll no dice. The exact distributions carry the state round by round
//! (vitality left, the wounds at 0, whether a test failed, the round the character fell
//! to 0), each round enumerated from the code that samples it ([`Fight::round`]).

use super::harm::{Harm, HarmMetrics, VictimParams};
use super::test::{Passes, TestRule};
use crate::engine::chain::Next;
use crate::engine::fight::Fight;
#[cfg(doc)]
use crate::engine::fight::play;
use crate::engine::fight_outcome::{ExactBudget, FightOutcome};
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Rolled};
use std::borrow::Cow;

/// Rounds a character holds their breath (one minute).
pub const BREATH_ROUNDS: u32 = 10;

/// What harms the character each round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A fire of this many d6 per round.
    Fire(u32),
    /// No air.
    Asphyxia,
}

crate::choice! {
    /// The size of a fire (*Feu*).
    ///
    /// - `torch`: a torch: 1d6 per round.
    /// - `campfire`: a campfire (*feu de camp*): 2d6.
    /// - `blaze`: a blaze (*incendie*): 3d6.
    pub enum Fire { Torch = "torch", Campfire = "campfire", Blaze = "blaze" }
}

impl Fire {
    /// Damage dice per round.
    pub fn dice(self) -> u32 {
        match self {
            Fire::Torch => 1,
            Fire::Campfire => 2,
            Fire::Blaze => 3,
        }
    }
}

/// One exposure's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExposureRule {
    /// What harms.
    pub source: Source,
    /// Rounds exposed.
    pub rounds: u32,
    /// The character exposed.
    pub victim: VictimParams,
}

/// The state of an exposure, and its outcome after the last round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ExposureOutcome {
    /// The round a Résistance test failed and the character needed air (asphyxia).
    pub breathless: Option<u32>,
    /// The round the character fell to 0 vitality.
    pub mal_round: Option<u32>,
    /// The character's wounds (the wounds at 0 are counted only until both tests have
    /// failed, as 1 from then on: nothing more can change).
    pub harm: Harm,
}

impl ExposureRule {
    /// The difficulty of the breath test in `round` (after the first minute).
    pub fn breath_difficulty(round: u32) -> i64 {
        15 + 5 * ((round - BREATH_ROUNDS - 1) / BREATH_ROUNDS) as i64
    }

    /// The damage dice of `round` in state `s`, or the breath test to take (`Err`).
    fn step(&self, s: &ExposureOutcome, round: u32) -> std::result::Result<u32, TestRule> {
        match self.source {
            Source::Fire(k) => Ok(k),
            Source::Asphyxia => match s.breathless {
                Some(r) if r < round => Ok(1),
                Some(_) => Ok(0),
                None if round <= BREATH_ROUNDS => Ok(0),
                None => Err(TestRule {
                    total: self.victim.test_total,
                    ..TestRule::new(self.victim.resistance, Self::breath_difficulty(round))
                }),
            },
        }
    }

    /// `s` after a wound of `damage` in `round`, as `harm` left it.
    fn after(s: &ExposureOutcome, harm: Harm, round: u32) -> ExposureOutcome {
        ExposureOutcome {
            mal_round: s.mal_round.or(harm.mal().then_some(round)),
            harm,
            ..*s
        }
    }

    /// The state before the first round.
    fn unhurt(&self) -> ExposureOutcome {
        ExposureOutcome {
            breathless: None,
            mal_round: None,
            harm: Harm::new(self.victim.vitality),
        }
    }

    /// Plays `round` from `s`: the breath test or the damage dice, then the wound's tests.
    #[inline(always)]
    fn play_round<D: Dice>(
        &self,
        s: &ExposureOutcome,
        round: u32,
        dice: &mut D,
    ) -> ExposureOutcome {
        if s.harm.danger && s.harm.unconscious {
            return *s;
        }
        match self.step(s, round) {
            Err(test) => ExposureOutcome {
                breathless: (!dice.step(&Passes(test))).then_some(round),
                ..*s
            },
            Ok(0) => *s,
            Ok(k) => {
                let damage = dice.sum(k, 6) as i64;
                let mut harm = s.harm;
                harm.wound(dice, &self.victim.tests(), damage);
                if harm.danger && harm.unconscious {
                    harm.wounds = 1;
                }
                Self::after(s, harm, round)
            }
        }
    }
}

/// An exposure as a fight against the hazard: the state is the round to play and the
/// state so far, and the exposure ends after its last round ([`Fight::at_cap`]).
impl Fight for ExposureRule {
    type State = (u32, ExposureOutcome);
    type End = ExposureOutcome;

    fn start(&self) -> (u32, ExposureOutcome) {
        (1, self.unhurt())
    }

    #[inline(always)]
    fn round<D: Dice>(
        &self,
        &(round, s): &(u32, ExposureOutcome),
        dice: &mut D,
    ) -> Next<(u32, ExposureOutcome), ExposureOutcome> {
        Next::Round((round + 1, self.play_round(&s, round, dice)))
    }

    fn at_cap(&self, &(_, s): &(u32, ExposureOutcome)) -> ExposureOutcome {
        s
    }
}

/// An exposure is rolled round after round ([`play`]: the breath test or the damage
/// dice, then the wound's tests) and its exact values are the rounds propagated one by
/// one ([`Fight::round`] enumerated from each state), equal states merged.
impl FightOutcome for ExposureRule {
    type Fight = Self;
    type Outcome = ExposureOutcome;

    fn exact_fight(&self) -> Option<Cow<'_, Self>> {
        Some(Cow::Borrowed(self))
    }

    fn exact_budget(&self) -> ExactBudget {
        ExactBudget::whole(self.rounds)
    }

    fn outcome_of(&self, end: &ExposureOutcome, _rounds: u32) -> ExposureOutcome {
        *end
    }
}

/// What `cle.fire` and `cle.asphyxia` report.
#[derive(Debug, Clone, PartialEq)]
pub struct ExposureMetrics {
    /// Asphyxia only.
    breath: Option<(MetricId, MetricId, HistId)>,
    harm: HarmMetrics,
    mean_mal_round: MetricId,
    vitality_left: MetricId,
    mal_round: HistId,
}

impl Report<ExposureRule> for ExposureMetrics {
    fn declare(rule: &ExposureRule, layout: &mut Layout) -> Self {
        let span = (1, rule.rounds as i64);
        // Every mean has a known range (a round of the exposure, the vitality between 0 and
        // the victim's), so its interval stays inside it even when no sample shows spread.
        let round_mean = |layout: &mut Layout, name, doc| {
            let id = layout.mean(name, doc);
            layout.bounded(id, span.0, span.1)
        };
        let breath = (rule.source == Source::Asphyxia).then(|| {
            (
                layout.proportion(
                    "needs_air",
                    "chance a Résistance test fails within the rounds: the character needs air",
                ),
                round_mean(
                    layout,
                    "mean_breath_round",
                    "mean round the character needs air, given it does",
                ),
                layout.histogram(
                    "breath_round",
                    "histogram of the round the character needs air, given it does",
                    span,
                ),
            )
        });
        Self {
            breath,
            harm: HarmMetrics::declare(layout),
            mean_mal_round: round_mean(
                layout,
                "mean_mal_round",
                "mean round the character falls to 0 vitality, given it does",
            ),
            vitality_left: {
                let id = layout.mean("mean_vitality_left", "mean vitality left at the end");
                layout.bounded(id, 0, rule.victim.vitality)
            },
            mal_round: layout.histogram(
                "mal_round",
                "histogram of the round the character falls to 0 vitality, given it does",
                span,
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &ExposureOutcome, rec: &mut R) {
        if let Some((needs_air, mean, hist)) = self.breath {
            rec.event(needs_air, o.breathless.is_some());
            rec.value_given(
                mean,
                o.breathless.is_some(),
                o.breathless.unwrap_or(0) as i64,
            );
            if let Some(r) = o.breathless {
                rec.hist(hist, r as i64);
            }
        }
        self.harm.record(&o.harm, rec);
        let mal = o.mal_round.unwrap_or(0) as i64;
        rec.value_given(self.mean_mal_round, o.mal_round.is_some(), mal);
        rec.value(self.vitality_left, o.harm.vitality);
        if o.mal_round.is_some() {
            rec.hist(self.mal_round, mal);
        }
    }
}

/// `cle.fire` and `cle.asphyxia`: a character exposed for some rounds.
pub type ExposureModel = Rolled<ExposureRule, ExposureMetrics>;

crate::config! {
    /// The parameters of `cle.fire`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct FireParams {
        /// the fire: torch (1d6 a round), campfire (2d6), blaze (3d6)
        fire: Fire = choice(default = Fire::Campfire),
        /// rounds in the fire
        rounds: u32 = int(1..=30, default = 3, bounds_rounds),
        /// the character in the fire
        victim: VictimParams = flatten(),
    }
}

crate::config! {
    /// The parameters of `cle.asphyxia`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct AsphyxiaParams {
        /// rounds without air (10 rounds: one minute)
        rounds: u32 = int(1..=120, default = 30, bounds_rounds),
        /// the character without air (Résistance also makes the breath tests)
        victim: VictimParams = flatten(),
    }
}

impl From<FireParams> for ExposureRule {
    fn from(p: FireParams) -> Self {
        Self {
            source: Source::Fire(p.fire.dice()),
            rounds: p.rounds,
            victim: p.victim,
        }
    }
}

impl From<AsphyxiaParams> for ExposureRule {
    fn from(p: AsphyxiaParams) -> Self {
        Self {
            source: Source::Asphyxia,
            rounds: p.rounds,
            victim: p.victim,
        }
    }
}

#[cfg(test)]
#[path = "exposure_tests.rs"]
mod tests;
