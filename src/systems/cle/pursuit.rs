//! Pursuits (seed *Fiche 4*, "Poursuites"; `RULES.md` `cle` → *Pursuit*), and the
//! `cle.pursuit` mechanic.
//!
//! Each round each side makes an open test (3d6 + skill, no difficulty: Athlétisme on
//! foot, Pilotage in a vehicle, Équitation on a mount) and gains progression: result 9 or
//! less +0, 10–14 +1, 15–19 +2, 20 or more +3. The fugitive escapes (*l'a semé*) once 10 or
//! more ahead. A pursuer whose progression is at least the fugitive's may try to stop
//! them: an opposition (Athlétisme/Défense on foot, Pilotage/Réflexes or
//! Équitation/Réflexes otherwise) the pursuer starts, so wins ties of equal skills.
//!
//! **\[choice, switch `pursuer_first`\]** of `RULES.md`: the fugitive tests first in each
//! round (the default), so the escape is checked after the fugitive's move and the stop
//! attempt after the pursuer's; with the switch the pursuer tests first (and may stop the
//! fugitive before the fugitive moves). The text only says each tests "à son tour de jeu".
//!
//! Choices of this program: the pursuer always tries to stop when allowed; the fugitive
//! starts `head_start` ahead; automatic results do not apply to open tests (there is no
//! difficulty) nor to the stop opposition; a pursuit still going after `max_rounds` rounds
//! is counted as neither an escape nor a capture.
//!
//! Exact values: the pursuit is a Markov chain over the fugitive's lead ([`PursuitChain`]),
//! propagated by the engine's exact-fight facility ([`crate::engine::chain`]) up to
//! `max_rounds`; the leads merge, so the work is a few dozen states a round, and nothing
//! is cut off (the tail is 0). The round is written twice, sampled in
//! [`PursuitRule::roll`] and enumerated in [`PursuitChain`]; the agreement tests hold the
//! two together.

use super::opposition::{OppositionRule, Side, Winner};
use super::roll::Roll;
use super::tables::{CleTables, PursuitTable};
use crate::engine::chain::{Chain, Limits, Next, propagate};
use crate::engine::{Dice, Dist, HistId, Layout, MetricId, Recorder, Report, Rolled};
use crate::error::{Error, Result};

/// Progression gained from an open test's result under the official bands (those in
/// force: [`PursuitTable::progression`]).
pub fn progression(result: i64) -> i64 {
    CleTables::OFFICIAL.pursuit.progression(result)
}

/// How a pursuit ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
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
    /// Rolls the pursuit.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> PursuitOutcome {
        let (t, mut lead) = (&self.table, self.head_start);
        for round in 1..=self.max_rounds {
            let ended = |end| PursuitOutcome { end, rounds: round };
            if !self.pursuer_first {
                lead += t.progression(Roll::throw(dice, 3).sum() + self.fugitive);
                if lead >= t.escape {
                    return ended(End::Escape);
                }
            }
            lead -= t.progression(Roll::throw(dice, 3).sum() + self.pursuer);
            if lead <= 0 && self.stop.roll(dice).winner == Winner::A {
                return ended(End::Caught);
            }
            if self.pursuer_first {
                lead += t.progression(Roll::throw(dice, 3).sum() + self.fugitive);
                if lead >= t.escape {
                    return ended(End::Escape);
                }
            }
        }
        PursuitOutcome {
            end: End::Unresolved,
            rounds: self.max_rounds,
        }
    }

    /// The exact distribution: the pursuit as a chain over the lead ([`PursuitChain`]),
    /// propagated round by round up to `max_rounds` with nothing cut off. The mass the
    /// endings miss is then rounding alone (a few 1e-15), not a tail: it is spread back.
    pub fn exact(&self) -> Dist<PursuitOutcome> {
        let all = self.exact_within(Limits {
            max_rounds: self.max_rounds,
            tolerance: 0.0,
        });
        Dist::from_weights(all.iter().map(|(o, p)| (*o, p)))
    }

    /// The exact distribution under `limits` (a round cap below `max_rounds` ends the
    /// rest as unresolved; the mass a tolerance leaves out is the tail).
    pub fn exact_within(&self, limits: Limits) -> Dist<PursuitOutcome> {
        propagate(&PursuitChain::new(self), limits)
            .endings
            .map(|&(end, rounds)| PursuitOutcome { end, rounds })
    }
}

/// A pursuit as a [`Chain`]: the state is the fugitive's lead at the start of a round
/// (at most 9: 10 ends it); a round is the two open tests, in the order of
/// `pursuer_first`, and the stop opposition when the pursuer has caught up.
#[derive(Debug, Clone, PartialEq)]
pub struct PursuitChain {
    /// The fugitive's chances of gaining 0, 1, 2, 3 progression.
    fugitive: [f64; 4],
    /// The pursuer's.
    pursuer: [f64; 4],
    /// The chance the pursuer wins the stop opposition.
    p_stop: f64,
    head_start: i64,
    pursuer_first: bool,
    escape: i64,
}

impl PursuitChain {
    /// The chain of `rule`.
    pub fn new(rule: &PursuitRule) -> Self {
        let gains = |skill: i64| {
            let mut g = [0.0; 4];
            for (s, p) in Dist::dice_sum(3, 6).iter() {
                g[rule.table.progression(s + skill) as usize] += p;
            }
            g
        };
        Self {
            fugitive: gains(rule.fugitive),
            pursuer: gains(rule.pursuer),
            p_stop: rule.stop.p_a_wins(),
            head_start: rule.head_start,
            pursuer_first: rule.pursuer_first,
            escape: rule.table.escape,
        }
    }

    /// The step after the fugitive's move to `lead`: escaped at `escape` ahead, else on.
    fn after_fugitive(&self, lead: i64) -> Next<i64, End> {
        if lead >= self.escape {
            Next::End(End::Escape)
        } else {
            Next::Round(lead)
        }
    }

    /// After the pursuer's move to `lead` (with weight `w`): the stop attempt when the
    /// pursuer has caught up; the weight that goes on.
    fn stop_attempt(&self, lead: i64, w: f64, steps: &mut Vec<(Next<i64, End>, f64)>) -> f64 {
        if lead > 0 {
            return w;
        }
        push(steps, Next::End(End::Caught), w * self.p_stop);
        w * (1.0 - self.p_stop)
    }
}

/// Adds a step of positive weight.
fn push(steps: &mut Vec<(Next<i64, End>, f64)>, step: Next<i64, End>, w: f64) {
    if w > 0.0 {
        steps.push((step, w));
    }
}

impl Chain for PursuitChain {
    type State = i64;
    type End = End;

    fn start(&self) -> i64 {
        self.head_start
    }

    fn round(&self, &lead: &i64) -> Vec<(Next<i64, End>, f64)> {
        let mut steps = Vec::with_capacity(32);
        for (a, &pa) in self.fugitive.iter().enumerate() {
            for (b, &pb) in self.pursuer.iter().enumerate() {
                let (f, h) = (a as i64, b as i64);
                let w = pa * pb;
                if self.pursuer_first {
                    let on = self.stop_attempt(lead - h, w, &mut steps);
                    push(&mut steps, self.after_fugitive(lead - h + f), on);
                } else if lead + f >= self.escape {
                    push(&mut steps, Next::End(End::Escape), w);
                } else {
                    let on = self.stop_attempt(lead + f - h, w, &mut steps);
                    push(&mut steps, Next::Round(lead + f - h), on);
                }
            }
        }
        steps
    }

    fn at_cap(&self, _: &i64) -> End {
        End::Unresolved
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
        max_rounds: u32 = int(1..=200, default = 40),
        /// [choice] the pursuer tests first in each round (else the fugitive does)
        pursuer_first: bool = switch(default = false),
        /// the rule tables (progression bands, escape lead): `alea rules cle`
        tables: CleTables = rules(),
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
                a: Side::new(p.pursuer_stop),
                b: Side::new(p.fugitive_stop),
                both_active: false,
                auto_triples: false,
            },
            max_rounds: p.max_rounds,
            pursuer_first: p.pursuer_first,
            table: p.tables.pursuit,
        })
    }
}

crate::rolls!(PursuitRule => PursuitOutcome, exact);

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
