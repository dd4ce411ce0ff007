//! Fights in a row (issue 13, item 8; seed chapter 3, "la fatigue", "Récupération",
//! Tableau 3.1): a fighter meets `fights` opponents one after another, with `rest`
//! minutes between two fights, and the `aube.gauntlet` mechanic.
//!
//! Each fight is a duel of classic combat ([`Bout`], as in `aube.duel`) between the
//! fighter A, with the wounds and fatigue points of the fights before, and a fresh
//! opponent B. Between two fights A's fatigue points come back at 1 per 10 minutes of
//! rest, never below the recovery floor of the wounds A holds (the "limite de
//! récupération" of Tableau 3.1: 1 per légère, 3 per grave, 5 per critique), and pending
//! étourdis are gone ([`WoundTrack::recover`]). Wounds are not healed within the day.
//!
//! The day ends when A is out (A *fell* in that fight), when A has beaten every opponent
//! (A came *through*), or when a fight stalls (\[choice\]: neither can hit the other any
//! more, or the day reached `max_rounds` rounds in all; the day stops there, A neither
//! through nor fallen, and counts `max_rounds` rounds, as a drawn duel does).
//!
//! Exact values: the day as one fight ([`GauntletFight`]) whose state is the fight under
//! way and both tracks and whose round is the duel's ([`DuelFight::play`]); when B is out
//! it moves to the next fight with A rested and a fresh B. Solved by the engine within the
//! budgets of [`ExactBudget::capped_at`] and [`DAY_STATE_BUDGET`], Monte Carlo only beyond.

use super::attack::Factors;
use super::bout::{Bout, Initiative, Unseen};
use super::duel::WoundRules;
use super::duel_end::DuelEndParams;
use super::duel_exact::{DuelFight, RoundEnd, exact_is_tried, pack as pack_tracks, unpack};
use super::fighter::{Fighter, FighterState};
use super::wounds::{OutAt, WoundTrack};
use crate::engine::chain::Next;
use crate::engine::fight::{Fight, Side};
use crate::engine::fight_outcome::{ExactBudget, FightModel, FightOutcome};
use crate::engine::{
    Dice, FromConfig, HistId, Layout, MetricFamily, MetricId, MetricKind, Recorder,
};
use crate::error::Result;
use std::borrow::Cow;

crate::config! {
    /// The parameters of `aube.gauntlet`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct GauntletParams {
        /// the fighter who meets the opponents one after another, with the options of its tests
        a: Fighter = fighter("a"),
        /// every opponent (each comes fresh), with the options of its tests
        b: Fighter = fighter("b"),
        /// opponents met one after another
        fights: u32 = int(1..=20, default = 5),
        /// minutes of rest between two fights: 1 fatigue point back per 10 minutes, down to the recovery floor of the wounds held
        rest: u32 = int(0..=1440, default = 10),
        /// `fa`, `fm` and `armour`
        factors: Factors = flatten(),
        /// who attacks first each round: a, b, random (drawn each round)
        initiative: Initiative = choice(default = Initiative::Random),
        /// a fighter is out at the first wound of this grade: fatale, critique, grave, legere
        out_at: OutAt = choice(default = OutAt::Fatale),
        /// [choice] rounds of the whole day before it stops (it stalls, as when neither fighter can hit the other any more)
        max_rounds: u32 = int(1..=100_000, default = 1000, bounds_rounds),
        /// `overflow_fatigue`, `etourdi_fatigue` and `etourdi`
        wounds: WoundRules = flatten(),
    }
}

/// How A's day ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DayEnd {
    /// A beat every opponent.
    Through,
    /// A was put out in fight `k` (1-based).
    Fell(u8),
    /// Fight `k` stalled: neither could hit the other, or the day reached `max_rounds`.
    Stalled(u8),
}

/// The outcome of a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GauntletOutcome {
    /// How the day ended.
    pub end: DayEnd,
    /// Wounds on A's track at the end.
    pub wounds: u8,
    /// Rounds fought in the day (`max_rounds` when it stalled).
    pub rounds: u32,
}

/// What `aube.gauntlet` reports.
#[derive(Debug, Clone, PartialEq)]
struct GauntletMetrics {
    through: MetricId,
    fell: MetricId,
    stalled: MetricId,
    mean_won: MetricId,
    mean_wounds: MetricId,
    mean_rounds: MetricId,
    fell_in: MetricFamily,
    won: HistId,
    wounds: HistId,
}

impl GauntletMetrics {
    fn declare(layout: &mut Layout, fights: u32) -> Self {
        Self {
            through: layout.proportion("through", "chance A beats every opponent"),
            fell: layout.proportion("fell", "chance A is put out in one of the fights"),
            stalled: layout.proportion(
                "stalled",
                "chance the day stops on a fight nobody can win (neither can hit, or max_rounds)",
            ),
            mean_won: layout.mean("mean_won", "mean fights A wins"),
            mean_wounds: layout.mean("mean_wounds", "mean wounds on A's track at the end"),
            mean_rounds: layout.mean(
                "mean_rounds",
                "mean rounds fought in the day (a stalled day counts max_rounds)",
            ),
            fell_in: layout.family(
                MetricKind::Proportion,
                "fell_in_<k>",
                "chance A is put out in the k-th fight",
                1..=fights as i64,
            ),
            won: layout.histogram("won", "histogram of the fights A wins", (0, fights as i64)),
            wounds: layout.histogram(
                "wounds",
                "histogram of the wounds on A's track at the end",
                (0, 8),
            ),
        }
    }
}

/// `aube.gauntlet`: fighter A against `fights` fresh opponents B in a row.
#[derive(Debug, Clone, PartialEq)]
pub struct GauntletModel {
    /// A, then the opponent every fight brings.
    pub fighters: [Fighter; 2],
    /// The rules of each fight.
    pub bout: Bout,
    /// Opponents to meet.
    pub fights: u32,
    /// Minutes of rest between two fights.
    pub rest: u32,
    /// The cap on the day's rounds.
    pub max_rounds: u32,
    layout: Layout,
    m: GauntletMetrics,
}

impl GauntletModel {
    /// A day of `fights` fights of `a` against fresh copies of `b` under `bout`, `rest`
    /// minutes apart, capped at `max_rounds` rounds in all.
    pub fn new(
        a: Fighter,
        b: Fighter,
        bout: Bout,
        fights: u32,
        rest: u32,
        max_rounds: u32,
    ) -> Self {
        let mut layout = Layout::new();
        let m = GauntletMetrics::declare(&mut layout, fights);
        // The means' ranges: their intervals stay inside, even when no sample shows spread
        // (a wound that never came in a million days).
        layout.bounded(m.mean_won, 0, i64::from(fights));
        layout.bounded(m.mean_wounds, 0, bout.rule.tables.wounds.most_wounds());
        layout.bounded(m.mean_rounds, 0, i64::from(max_rounds));
        Self {
            fighters: [a, b],
            bout,
            fights,
            rest,
            max_rounds,
            layout,
            m,
        }
    }

    /// The fatigue points a rest brings back (1 per `minutes_per_point` of the
    /// `[recovery]` table, 10 in the text).
    pub fn recovered(&self) -> i64 {
        self.rest as i64 / self.bout.rule.tables.recovery.minutes_per_point
    }

    /// A's rest between two fights.
    fn rest_between(&self, track: &mut WoundTrack) {
        track.recover(self.recovered(), &self.bout.rule.tables.recovery);
    }

    /// The fights A won by the end `end`.
    pub fn won(&self, end: DayEnd) -> u32 {
        match end {
            DayEnd::Through => self.fights,
            DayEnd::Fell(k) | DayEnd::Stalled(k) => k as u32 - 1,
        }
    }
}

impl FromConfig<GauntletParams> for GauntletModel {
    fn from_config(p: GauntletParams) -> Result<Self> {
        p.a.conduct.check("a")?;
        p.b.conduct.check("b")?;
        let end = DuelEndParams {
            out_at: p.out_at,
            max_rounds: p.max_rounds,
        };
        let bout = p.wounds.bout(p.factors, p.initiative, end);
        Ok(Self::new(p.a, p.b, bout, p.fights, p.rest, p.max_rounds))
    }
}

impl FightModel for GauntletModel {
    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    fn sample<D: Dice>(&self, dice: &mut D) -> GauntletOutcome {
        let mut a = FighterState::new(&self.fighters[0]);
        let mut used = 0;
        for k in 1..=self.fights {
            let mut s = [a, FighterState::new(&self.fighters[1])];
            let left = self.max_rounds - used;
            let (winner, rounds) = self.bout.fight_on(&mut s, left, dice, &mut Unseen);
            used += rounds;
            a = s[0];
            let end = match winner {
                Some(Side::A) => None,
                Some(Side::B) => Some(DayEnd::Fell(k as u8)),
                None => Some(DayEnd::Stalled(k as u8)),
            };
            if let Some(end) = end {
                let rounds = match end {
                    DayEnd::Stalled(_) => self.max_rounds,
                    _ => used,
                };
                let wounds = a.wounds.wounds();
                return GauntletOutcome {
                    end,
                    wounds,
                    rounds,
                };
            }
            self.rest_between(&mut a.wounds);
        }
        GauntletOutcome {
            end: DayEnd::Through,
            wounds: a.wounds.wounds(),
            rounds: used,
        }
    }

    fn record<R: Recorder>(&self, o: &GauntletOutcome, rec: &mut R) {
        let m = &self.m;
        rec.event(m.through, o.end == DayEnd::Through);
        rec.event(m.fell, matches!(o.end, DayEnd::Fell(_)));
        rec.event(m.stalled, matches!(o.end, DayEnd::Stalled(_)));
        let won = self.won(o.end) as i64;
        rec.value(m.mean_won, won);
        rec.value(m.mean_wounds, o.wounds as i64);
        rec.value(m.mean_rounds, o.rounds as i64);
        for (k, id) in m.fell_in.iter() {
            rec.event(id, o.end == DayEnd::Fell(k as u8));
        }
        rec.hist(m.won, won);
        rec.hist(m.wounds, o.wounds as i64);
    }
}

/// Most distinct states the chain of a day may reach for exact values: a day lasts
/// longer than a duel and its states are the duel's over again for every fight and every
/// way A came out of the last, so each costs more; 10 000 keeps a day's exact values
/// under a second. The average fighter's 8 fights stay within it from FM 6 (no rest) or
/// FM 8 (10 minutes or an hour of rest) up; at FM 0 with 10 minutes' rest they reach
/// about 100 000 states and take 7 seconds.
pub const DAY_STATE_BUDGET: usize = 10_000;

/// How the chain of a day ends: the day's end and A's wounds.
pub type DayEnding = (DayEnd, u8);

/// The day's exact values: its fight solved within [`DAY_STATE_BUDGET`] states (and the
/// engine's other budgets, [`ExactBudget::capped_at`]); no exact values with a crit die
/// ([`exact_is_tried`]).
impl FightOutcome for GauntletModel {
    type Fight = GauntletFight;
    type Outcome = GauntletOutcome;

    fn exact_fight(&self) -> Option<Cow<'_, GauntletFight>> {
        exact_is_tried(&self.fighters).then(|| Cow::Owned(GauntletFight::new(self)))
    }

    fn exact_budget(&self) -> ExactBudget {
        ExactBudget::capped_at(self.max_rounds).states(DAY_STATE_BUDGET)
    }

    /// A stalled day lasts `max_rounds`, as the sampled day counts it.
    fn outcome_of(&self, &(end, wounds): &DayEnding, rounds: u32) -> GauntletOutcome {
        GauntletOutcome {
            end,
            wounds,
            rounds: match end {
                DayEnd::Stalled(_) => self.max_rounds,
                _ => rounds,
            },
        }
    }
}

/// The day as a fight over the fight under way (in the high bits of the state) and both
/// wound tracks, each round the duel's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GauntletFight {
    /// Each fight of the day.
    duel: DuelFight,
    /// Opponents to meet.
    fights: u32,
    /// The fatigue points a rest between two fights brings back.
    recovered: i64,
}

impl GauntletFight {
    /// The fight of `model`'s day.
    pub fn new(model: &GauntletModel) -> Self {
        Self {
            duel: DuelFight::new(model.fighters, model.bout),
            fights: model.fights,
            recovered: model.recovered(),
        }
    }
}

/// The state of fight `k` (0-based) with `tracks`.
fn pack(k: u32, tracks: &[WoundTrack; 2]) -> u128 {
    (k as u128) << 64 | pack_tracks(tracks) as u128
}

impl Fight for GauntletFight {
    type State = u128;
    type End = DayEnding;

    fn start(&self) -> u128 {
        pack(0, &[WoundTrack::new(); 2])
    }

    fn round<D: Dice>(&self, &state: &u128, dice: &mut D) -> Next<u128, DayEnding> {
        let k = (state >> 64) as u32;
        let fight = k as u8 + 1;
        let (end, t) = self.duel.play(&unpack(state as u64), dice);
        match end {
            RoundEnd::Out(Side::A) if k + 1 == self.fights => {
                Next::End((DayEnd::Through, t[0].wounds()))
            }
            RoundEnd::Out(Side::A) => {
                let mut a = t[0];
                a.recover(self.recovered, &self.duel.bout.rule.tables.recovery);
                Next::Round(pack(k + 1, &[a, WoundTrack::new()]))
            }
            RoundEnd::Out(Side::B) => Next::End((DayEnd::Fell(fight), t[0].wounds())),
            RoundEnd::Stuck => Next::End((DayEnd::Stalled(fight), t[0].wounds())),
            RoundEnd::On => Next::Round(pack(k, &t)),
        }
    }

    fn at_cap(&self, &state: &u128) -> DayEnding {
        let k = (state >> 64) as u32;
        let tracks = unpack(state as u64);
        (DayEnd::Stalled(k as u8 + 1), tracks[0].wounds())
    }
}

#[cfg(test)]
#[path = "gauntlet_tests.rs"]
mod tests;
