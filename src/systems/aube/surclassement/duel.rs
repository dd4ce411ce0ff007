//! A surclassement duel (the `aube` page → *Surclassement*, "duels between strategies",
//! with the wound track, fatigue and `out_at` of *Classic combat*) and the
//! `aube.surclassement.duel` mechanic.
//!
//! Each round is one exchange ([`super::exchange`]): both fighters pick a manœuvre by
//! their strategy ([`super::strategy`]) and test at once. The fighters carry from round to
//! round their wound track ([`crate::systems::aube::wounds::WoundTrack`]) and their feint points. Fatigue points lower
//! the three manœuvre CAs (all Physique) and `enc` by 1 each; pending étourdis lower the
//! fighter's next manœuvre, **\[choice\]** whichever it is, and are spent by it. A fighter
//! whose worst wound reaches `out_at` loses. Only the winner of an exchange hurts, so
//! both fighters can never fall together; a fight still on after `max_rounds` is a draw.
//! Draws are mostly fights that can no longer end: fatigue points lower every CA, and
//! once one fighter's CAs are at 1 or less he can no longer succeed at anything, while the
//! other, tired too, may no longer be able to feint nor to strike harder than a sonné
//! (or both are at 1 or less and every test fails). The duel plays on to `max_rounds` as
//! the classic duel does; `mean_rounds_decided` leaves draws out.
//!
//! The exact law of the duel is in [`super::exact`]; the strategy `optimal_duel` reads
//! the solved whole-duel game of [`super::whole`] (solved when the duel is first fought,
//! not when it is built, once per set of fighters, rules and `out_at`, and kept for the
//! next points of a study).

use super::exchange::{Blow, Contest, Effect, Stance, effect};
use super::fighter::{Fighter, FightersParams, Manoeuvre, Rules};
use super::game::{Mix, optimal};
use super::lazy_game::LazyGame;
use super::position::Position;
use super::strategy::{Strategy, StrategyName, StrategyParams, pick};
use crate::engine::fight::Winner;
use crate::engine::{Dice, Dist, FromConfig, HistId, Layout, MetricId, Model, Recorder};
use crate::error::Result;
use crate::systems::aube::damage::{DamageResult, DamageRule};
use crate::systems::aube::duel_end::{DuelEndMetrics, DuelEndParams};
use crate::systems::aube::wounds::OverflowFatigue;
use std::sync::Arc;

/// Everything fixed about a duel.
#[derive(Debug, Clone, PartialEq)]
pub struct Duel {
    /// The switches.
    pub rules: Rules,
    /// Fighters A and B.
    pub fighters: [Fighter; 2],
    /// Their strategies (`optimal` already resolved to a mix).
    pub strategies: [Strategy; 2],
    /// When a fighter is out (`out_at`) and the cap on rounds (`max_rounds`; a capped
    /// fight is a draw).
    pub end: DuelEndParams,
    /// The whole-duel game (solved on first use), when a side plays `optimal_duel`.
    pub game: Option<Arc<LazyGame>>,
}

/// The outcome of a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DuelOutcome {
    /// `A`, `B`, or `Draw` for a capped fight.
    pub winner: Winner,
    /// Rounds fought.
    pub rounds: u32,
    /// Blows that reached the damage step (won MDs), both sides.
    pub hits: u32,
    /// Of those, the ones whose result was a blessure grave or worse (as read on Tableau
    /// 3.1, before any move up the track).
    pub grave_hits: u32,
    /// Whether the first blow of the fight was grave or worse (`None`: no blow).
    pub first_hit_grave: Option<bool>,
    /// Whether `hits` and `grave_hits` were counted: always in a fought duel, never in
    /// the exact law ([`super::exact`]), which leaves the counts out.
    pub counted: bool,
}

impl Duel {
    /// The duel with each side's strategy; `optimal` is resolved here to each fighter's
    /// optimal mix against the other (both unhurt), and `optimal_duel` to the whole-duel
    /// game, solved when the duel is first fought (an error when that game is too large).
    pub fn new(
        rules: Rules,
        fighters: [Fighter; 2],
        strategies: [(StrategyName, Strategy); 2],
        end: DuelEndParams,
    ) -> Result<Self> {
        let solution = optimal(rules, &fighters[0], &fighters[1]);
        let mixes = [solution.row, solution.col];
        let mut resolved = [strategies[0].1, strategies[1].1];
        for (side, (name, _)) in strategies.iter().enumerate() {
            if *name == StrategyName::Optimal {
                resolved[side] = Strategy::Mixed(mixes[side]);
            }
        }
        let game = if resolved.contains(&Strategy::OptimalDuel) {
            Some(Arc::new(LazyGame::new(rules, fighters, end.out_at)?))
        } else {
            None
        };
        Ok(Self {
            rules,
            fighters,
            strategies: resolved,
            end,
            game,
        })
    }

    /// The chances with which side `s` picks MP, MA, MD in `pos`.
    pub fn mix(&self, s: usize, pos: &Position) -> Mix {
        match (&self.strategies[s], &self.game) {
            (Strategy::OptimalDuel, Some(game)) => game.get().mixes(pos)[s],
            (strategy, _) => strategy
                .mix(pos.feints[s], pos.tracks[s].worst())
                .unwrap_or([0.0, 0.0, 1.0]),
        }
    }

    /// Whether side `s`'s feint points can add up without bound: it may feint (MA) again
    /// however many feint points it holds.
    pub fn unbounded_feints(&self, s: usize) -> bool {
        match (&self.strategies[s], &self.game) {
            (Strategy::OptimalDuel, Some(game)) => game.get().unbounded_feints(s),
            (Strategy::Mixed(p), _) => p[Manoeuvre::Ma.index()] > 0.0,
            _ => false,
        }
    }

    /// Whether side `s` ever feints (MA).
    pub fn feints(&self, s: usize) -> bool {
        match (&self.strategies[s], &self.game) {
            (Strategy::OptimalDuel, Some(game)) => game.get().ever_feints(s),
            (Strategy::Mixed(p), _) => p[Manoeuvre::Ma.index()] > 0.0,
            (Strategy::FeintThenMd, _) => true,
            _ => false,
        }
    }

    /// Both sides pick their manœuvres in `pos`, A first then B, each by its strategy (the
    /// whole duel's optimal mixes looked up once for both).
    #[inline(always)]
    pub fn choose_both<D: Dice>(&self, pos: &Position, dice: &mut D) -> [Manoeuvre; 2] {
        let optimal = |s: usize| matches!(self.strategies[s], Strategy::OptimalDuel);
        let mixes = match &self.game {
            Some(game) if optimal(0) || optimal(1) => Some(game.get().mixes(pos)),
            _ => None,
        };
        let a = self.choose_one(0, pos, mixes.as_ref(), dice);
        [a, self.choose_one(1, pos, mixes.as_ref(), dice)]
    }

    /// Side `s` picks its manœuvre in `pos`: from the whole duel's optimal `mixes` if it
    /// plays them, else by its strategy.
    #[inline(always)]
    fn choose_one<D: Dice>(
        &self,
        s: usize,
        pos: &Position,
        mixes: Option<&[Mix; 2]>,
        dice: &mut D,
    ) -> Manoeuvre {
        match (&self.strategies[s], mixes) {
            (Strategy::OptimalDuel, Some(mixes)) => pick(&mixes[s], dice),
            (strategy, _) => strategy.choose(pos.feints[s], pos.tracks[s].worst(), dice),
        }
    }

    /// One exchange of the duel from `pos`, A making `moves[0]` and B `moves[1]`: both
    /// take their handicap (fatigue points and pending étourdis, which the manœuvre
    /// spends), test at once (the [`Contest`] step); the winner's effect; a won MD's damage
    /// step (the [`Blow`] step) and the loser's wound track. `pos` becomes the position
    /// after the exchange (only the feint points just won are held); the blow's loser and
    /// result are returned when an MD won. The one round both [`Duel::fight`] samples
    /// and the exact law ([`super::exact`]) enumerates.
    #[inline(always)]
    pub fn exchange<D: Dice>(
        &self,
        pos: &mut Position,
        moves: [Manoeuvre; 2],
        dice: &mut D,
    ) -> Option<(usize, DamageResult)> {
        let tracks = &mut pos.tracks;
        let feints = pos.feints;
        // Both stances built by a closure called twice rather than `[0, 1].map`, which
        // the compiler left out of line here (1.6× slower sampling).
        let mut stance = |s: usize| {
            let handicap = tracks[s].attack_handicap();
            Stance::new(
                &self.fighters[s],
                moves[s],
                &self.rules,
                feints[s],
                handicap,
            )
        };
        let stances = [stance(0), stance(1)];
        let (winner, magnitude) = dice.step(&Contest {
            loser_subtracts: self.rules.loser_subtracts,
            stances,
        });
        // Held feint points are spent by the manœuvre just made.
        pos.feints = [0, 0];
        let (w, l) = match winner {
            Some(Winner::A) => (0, 1),
            Some(Winner::B) => (1, 0),
            None | Some(Winner::Draw) => return None,
        };
        match effect(stances[w].manoeuvre, magnitude) {
            Effect::Nothing => None,
            Effect::Feint(f) => {
                pos.feints[w] = f;
                None
            }
            Effect::Blow(dom) => {
                let loser = &self.fighters[l];
                let fatigue = pos.tracks[l].fatigue();
                let target = DamageRule::new(loser.enc - fatigue, loser.be, self.rules.fm)
                    .under(&self.rules.tables);
                let result = dice.step(&Blow { target, dom });
                pos.tracks[l].take_with(result, OverflowFatigue::Recorded, &self.rules.tables);
                Some((l, result))
            }
        }
    }

    /// Fights until one is out or `max_rounds` have passed.
    #[inline]
    pub fn fight<D: Dice>(&self, dice: &mut D) -> DuelOutcome {
        self.fight_observed(dice, |_| {})
    }

    /// [`Duel::fight`], telling `on_moves` both manœuvres of each exchange.
    #[inline]
    pub fn fight_observed<D: Dice>(
        &self,
        dice: &mut D,
        mut on_moves: impl FnMut([Manoeuvre; 2]),
    ) -> DuelOutcome {
        let mut pos = Position::START;
        let mut out = DuelOutcome {
            winner: Winner::Draw,
            rounds: 0,
            hits: 0,
            grave_hits: 0,
            first_hit_grave: None,
            counted: true,
        };
        for round in 1..=self.end.max_rounds {
            out.rounds = round;
            let moves = self.choose_both(&pos, dice);
            on_moves(moves);
            if let Some((l, result)) = self.exchange(&mut pos, moves, dice) {
                let grave = result >= DamageResult::Grave;
                out.hits += 1;
                out.grave_hits += grave as u32;
                out.first_hit_grave.get_or_insert(grave);
                if pos.tracks[l].is_out(self.end.out_at) {
                    out.winner = if l == 1 { Winner::A } else { Winner::B };
                    return out;
                }
            }
        }
        out
    }
}

crate::config! {
    /// The parameters of `aube.surclassement.duel`.
    #[derive(Debug, Clone, Copy, PartialEq)]
    pub struct DuelParams {
        /// both fighters and the switches
        fighters: FightersParams = flatten(),
        /// A's strategy
        a: StrategyParams = group("a"),
        /// B's strategy
        b: StrategyParams = group("b"),
        /// when the duel ends
        end: DuelEndParams = flatten(),
    }
}

/// What `aube.surclassement.duel` reports.
#[derive(Debug, Clone, PartialEq)]
struct DuelMetrics {
    end: DuelEndMetrics,
    first_hit_grave: MetricId,
    mean_hits: MetricId,
    mean_grave_hits: MetricId,
    mean_rounds_decided: MetricId,
    rounds: HistId,
}

impl DuelMetrics {
    fn declare(layout: &mut Layout) -> Self {
        Self {
            end: DuelEndMetrics::declare(
                layout,
                "chance the fight reaches max_rounds",
                "mean number of exchanges (a draw counts max_rounds)",
            ),
            first_hit_grave: layout.proportion(
                "first_hit_grave",
                "chance the first blow that reaches the damage step is grave or worse (given \
                 one does)",
            ),
            mean_hits: layout.mean(
                "mean_hits",
                "mean number of blows reaching the damage step (no exact value: the exact law \
                 leaves the counts out)",
            ),
            mean_grave_hits: layout.mean(
                "mean_grave_hits",
                "mean number of blows giving grave or worse (no exact value)",
            ),
            mean_rounds_decided: layout.mean(
                "mean_rounds_decided",
                "mean number of exchanges of the fights that end before max_rounds",
            ),
            rounds: layout.histogram("rounds", "histogram of the number of exchanges", (1, 100)),
        }
    }
}

/// `aube.surclassement.duel`: a duel between two strategies.
#[derive(Debug, Clone, PartialEq)]
pub struct DuelModel {
    duel: Duel,
    layout: Layout,
    m: DuelMetrics,
}

impl DuelModel {
    /// The model of `duel`.
    pub fn new(duel: Duel) -> Self {
        let mut layout = Layout::new();
        let m = DuelMetrics::declare(&mut layout);
        Self { duel, layout, m }
    }

    /// The handles of who won and how long it took.
    pub fn end_metrics(&self) -> DuelEndMetrics {
        self.m.end
    }

    /// The duel.
    pub fn duel(&self) -> &Duel {
        &self.duel
    }
}

impl FromConfig<DuelParams> for DuelModel {
    fn from_config(p: DuelParams) -> Result<Self> {
        let (fighters, rules) = p.fighters.fighters()?;
        let strategies = [
            Strategy::from_config("a", &p.a)?,
            Strategy::from_config("b", &p.b)?,
        ];
        Ok(Self::new(Duel::new(rules, fighters, strategies, p.end)?))
    }
}

impl Model for DuelModel {
    type Outcome = DuelOutcome;

    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> DuelOutcome {
        self.duel.fight(dice)
    }

    fn failure(&self) -> Option<String> {
        self.duel.game.as_ref()?.failure()
    }

    /// The exact law of the duel (see [`super::exact`]), when [`super::exact::has_exact`].
    fn exact(&self) -> Option<Dist<DuelOutcome>> {
        let duel = &self.duel;
        let (law, _) = super::exact::has_exact(duel)
            .then(|| super::exact::exact_law(duel))
            .flatten()?;
        Some(law)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &DuelOutcome, rec: &mut R) {
        let m = &self.m;
        m.end
            .record(rec, o.winner == Winner::A, o.winner == Winner::B, o.rounds);
        rec.event_given(
            m.first_hit_grave,
            o.first_hit_grave.is_some(),
            o.first_hit_grave == Some(true),
        );
        rec.value_given(m.mean_hits, o.counted, o.hits as i64);
        rec.value_given(m.mean_grave_hits, o.counted, o.grave_hits as i64);
        rec.value_given(
            m.mean_rounds_decided,
            o.winner != Winner::Draw,
            o.rounds as i64,
        );
        rec.hist(m.rounds, o.rounds as i64);
    }
}

#[cfg(test)]
#[path = "duel_tests.rs"]
mod tests;
