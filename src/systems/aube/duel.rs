//! The duel of classic combat (seed chapter 3, "le combat classique", "les blessures",
//! "la fatigue"; `RULES.md` `aube` → *Classic combat*): two fighters trade attacks until
//! one is out, and the `aube.duel` mechanic.
//!
//! A round is one attack by each fighter, the side with the initiative first; a fighter put
//! out by the first attack does not strike back. Wounds go on each fighter's
//! [`WoundTrack`](super::wounds::WoundTrack); fatigue points lower TA, TP and `enc`; étourdi lowers the next attack.
//! Rounds are capped (`max_rounds`) and a capped fight is a draw.
//!
//! \[choice\] of this program: when neither fighter can hit the other any more (no face of
//! the d20 beats the parry, and no crit die), nothing can change (only hits do), so the
//! fight is a draw at once, counted as lasting `max_rounds`: the capped fight it would
//! become. `mean_rounds_given_winner` leaves such fights out.

use super::attack::{AttackOutcome, AttackRule, Factors};
use super::damage::DamageResult;
use super::duel_end::{DuelEndMetrics, DuelEndParams};
use super::fighter::{Fighter, FighterState};
use super::resolution::TestOptions;
use super::wounds::{OutAt, OverflowFatigue};
use crate::engine::{Choice, Dice, HistId, Layout, MetricId, Model, Recorder, Registered};
use crate::error::Result;

/// Who attacks first in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Initiative {
    /// Fighter A, every round.
    A,
    /// Fighter B, every round.
    B,
    /// Drawn each round, even odds.
    Random,
}

impl Choice for Initiative {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("a", Initiative::A),
        ("b", Initiative::B),
        ("random", Initiative::Random),
    ];
}

/// Who won a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Winner {
    /// A put B out.
    A,
    /// B put A out.
    B,
    /// Nobody was out after `max_rounds`.
    Draw,
}

/// The end of a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
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

/// One attack of a duel, as seen by [`DuelModel::fight`]'s observer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exchange {
    /// The round (1-based).
    pub round: u32,
    /// 0 when A attacks, 1 when B does.
    pub attacker: usize,
    /// TA used (fatigue and étourdi taken off).
    pub ta: i64,
    /// The defender's TP used.
    pub tp: i64,
    /// The defender's `enc` used.
    pub enc: i64,
    /// What the attack did.
    pub outcome: AttackOutcome,
    /// What the defender's track recorded (the result, or a higher grade on overflow).
    pub recorded: DamageResult,
}

crate::config! {
    /// The parameters of `aube.duel`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct DuelParams {
        /// fighter A
        a: Fighter = group("a"),
        /// fighter B
        b: Fighter = group("b"),
        /// `fa` and `fm`
        factors: Factors = flatten(),
        /// who attacks first each round: a, b, random (drawn each round)
        initiative: Initiative = choice(default = Initiative::Random),
        /// `out_at` and `max_rounds`
        end: DuelEndParams = flatten(),
        /// PF of a wound moved up a grade: recorded (of the new grade) or rolled
        overflow_fatigue: OverflowFatigue = choice(default = OverflowFatigue::Recorded),
        /// an étourdi also gives 1 PF (Ex. 3.1 counts it; Tableau 3.1 gives 0)
        etourdi_fatigue: bool = switch(default = false),
        /// the options of the attack and resistance tests
        options: TestOptions = flatten(),
    }
}

/// What `aube.duel` reports.
#[derive(Debug, Clone, PartialEq)]
struct DuelMetrics {
    end: DuelEndMetrics,
    mean_decided: MetricId,
    rounds: HistId,
    a_wounds: HistId,
    b_wounds: HistId,
}

impl DuelMetrics {
    fn declare(layout: &mut Layout) -> Self {
        Self {
            end: DuelEndMetrics::declare(
                layout,
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
    /// `fa`, `fm` and the test options.
    pub rule: AttackRule,
    /// Who strikes first.
    pub initiative: Initiative,
    /// When a fighter is out.
    pub out_at: OutAt,
    /// The cap on rounds.
    pub max_rounds: u32,
    /// Fatigue of a wound that moved up a grade.
    pub overflow_fatigue: OverflowFatigue,
    /// Switch `etourdi_fatigue`: an étourdi also gives 1 PF (Ex. 3.1's count).
    pub etourdi_fatigue: bool,
    layout: Layout,
    m: DuelMetrics,
}

impl DuelModel {
    /// A duel of `a` and `b` under `rule`, initiative random, out at fatale, 1000 rounds.
    pub fn new(a: Fighter, b: Fighter, rule: AttackRule) -> Self {
        let mut layout = Layout::new();
        let m = DuelMetrics::declare(&mut layout);
        Self {
            fighters: [a, b],
            rule,
            initiative: Initiative::Random,
            out_at: OutAt::Fatale,
            max_rounds: 1000,
            overflow_fatigue: OverflowFatigue::Recorded,
            etourdi_fatigue: false,
            layout,
            m,
        }
    }

    fn from_config(p: DuelParams) -> Result<Self> {
        Ok(Self {
            initiative: p.initiative,
            out_at: p.end.out_at,
            max_rounds: p.end.max_rounds,
            overflow_fatigue: p.overflow_fatigue,
            etourdi_fatigue: p.etourdi_fatigue,
            ..Self::new(p.a, p.b, AttackRule::with_options(p.factors, p.options))
        })
    }

    /// Whether neither fighter can hit the other as things stand (no étourdi pending):
    /// then nothing can change any more (see the module's \[choice\]).
    fn frozen(&self, s: &[FighterState; 2]) -> bool {
        (0..2).all(|k| {
            let ta = s[k].fighter.ta() - s[k].wounds.fatigue();
            let tp = s[1 - k].parry_total(self.rule.fa);
            !self.rule.attack_test(ta, tp).can_beat_nd()
        })
    }

    /// Fights one duel, telling `observe` every attack.
    #[inline(always)]
    pub fn fight<D: Dice>(&self, dice: &mut D, mut observe: impl FnMut(&Exchange)) -> DuelOutcome {
        let mut s = [
            FighterState::new(self.fighters[0]),
            FighterState::new(self.fighters[1]),
        ];
        let end = |winner, rounds, s: &[FighterState; 2]| DuelOutcome {
            winner,
            rounds,
            a_wounds: s[0].wounds.wounds(),
            b_wounds: s[1].wounds.wounds(),
        };
        let mut changed = true;
        for round in 1..=self.max_rounds {
            let mut hits = 0;
            let first = match self.initiative {
                Initiative::A => 0,
                Initiative::B => 1,
                Initiative::Random => (dice.die(2) - 1) as usize,
            };
            for attacker in [first, 1 - first] {
                let defender = 1 - attacker;
                let ta = s[attacker].attack_total();
                let tp = s[defender].parry_total(self.rule.fa);
                let enc = s[defender].encaissement();
                let bd = s[attacker].fighter.bd;
                let be = s[defender].fighter.be;
                let outcome = self.rule.roll((ta, tp, bd), (enc, be), dice);
                let recorded = if outcome.hit {
                    hits += 1;
                    changed = true;
                    let w = &mut s[defender].wounds;
                    if self.etourdi_fatigue && outcome.damage.result == DamageResult::Etourdi {
                        w.add_fatigue(1);
                    }
                    w.take_with(outcome.damage.result, self.overflow_fatigue)
                } else {
                    DamageResult::None
                };
                observe(&Exchange {
                    round,
                    attacker,
                    ta,
                    tp,
                    enc,
                    outcome,
                    recorded,
                });
                if s[defender].wounds.is_out(self.out_at) {
                    let winner = if attacker == 0 { Winner::A } else { Winner::B };
                    return end(winner, round, &s);
                }
            }
            // Only hits change anything; after a round without one, and when something
            // changed since the last look, check whether a hit is still possible.
            if hits == 0 && changed {
                if self.frozen(&s) {
                    break;
                }
                changed = false;
            }
        }
        end(Winner::Draw, self.max_rounds, &s)
    }
}

impl Model for DuelModel {
    type Outcome = DuelOutcome;

    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> DuelOutcome {
        self.fight(dice, |_| {})
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &DuelOutcome, rec: &mut R) {
        let m = &self.m;
        m.end
            .record(rec, o.winner == Winner::A, o.winner == Winner::B, o.rounds);
        rec.value_given(m.mean_decided, o.winner != Winner::Draw, o.rounds as i64);
        rec.hist(m.rounds, o.rounds as i64);
        rec.hist(m.a_wounds, o.a_wounds as i64);
        rec.hist(m.b_wounds, o.b_wounds as i64);
    }
}

/// The registry entry of `aube.duel`.
pub static DUEL: Registered<DuelParams, DuelModel> = Registered::new(
    "aube.duel",
    "a duel of classic combat until one fighter is out: winner, length, wounds",
    "a.ca=12 a.ba=0 a.bp=0 a.bd=15 a.enc=12 a.be=3 b.ca=12 b.ba=0 b.bp=0 b.bd=15 b.enc=12 b.be=3",
    DuelModel::from_config,
);

#[cfg(test)]
#[path = "duel_tests.rs"]
mod tests;
