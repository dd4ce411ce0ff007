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
use crate::engine::chain::{Chain, Limits, Step, propagate};
use crate::engine::{Dice, Dist, HistId, Layout, MetricId, Model, Recorder, Registered};
use crate::error::Result;

/// Progression gained from an open test's result.
#[inline(always)]
pub fn progression(result: i64) -> i64 {
    match result {
        i64::MIN..=9 => 0,
        10..=14 => 1,
        15..=19 => 2,
        _ => 3,
    }
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
}

impl PursuitRule {
    /// Rolls the pursuit.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> PursuitOutcome {
        let mut lead = self.head_start;
        for round in 1..=self.max_rounds {
            let ended = |end| PursuitOutcome { end, rounds: round };
            if !self.pursuer_first {
                lead += progression(Roll::throw(dice, 3).sum() + self.fugitive);
                if lead >= 10 {
                    return ended(End::Escape);
                }
            }
            lead -= progression(Roll::throw(dice, 3).sum() + self.pursuer);
            if lead <= 0 && self.stop.roll(dice).winner == Winner::A {
                return ended(End::Caught);
            }
            if self.pursuer_first {
                lead += progression(Roll::throw(dice, 3).sum() + self.fugitive);
                if lead >= 10 {
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
}

impl PursuitChain {
    /// The chain of `rule`.
    pub fn new(rule: &PursuitRule) -> Self {
        let gains = |skill: i64| {
            let mut g = [0.0; 4];
            for (s, p) in Dist::dice_sum(3, 6).iter() {
                g[progression(s + skill) as usize] += p;
            }
            g
        };
        Self {
            fugitive: gains(rule.fugitive),
            pursuer: gains(rule.pursuer),
            p_stop: rule.stop.p_a_wins(),
            head_start: rule.head_start,
            pursuer_first: rule.pursuer_first,
        }
    }

    /// After the pursuer's move to `lead` (with weight `w`): the stop attempt when the
    /// pursuer has caught up; the weight that goes on.
    fn stop_attempt(&self, lead: i64, w: f64, steps: &mut Vec<(Step<i64, End>, f64)>) -> f64 {
        if lead > 0 {
            return w;
        }
        push(steps, Step::End(End::Caught), w * self.p_stop);
        w * (1.0 - self.p_stop)
    }
}

/// Adds a step of positive weight.
fn push(steps: &mut Vec<(Step<i64, End>, f64)>, step: Step<i64, End>, w: f64) {
    if w > 0.0 {
        steps.push((step, w));
    }
}

/// The step after the fugitive's move to `lead`: escaped at 10 ahead, else on.
fn after_fugitive(lead: i64) -> Step<i64, End> {
    if lead >= 10 {
        Step::End(End::Escape)
    } else {
        Step::Next(lead)
    }
}

impl Chain for PursuitChain {
    type State = i64;
    type End = End;

    fn start(&self) -> i64 {
        self.head_start
    }

    fn round(&self, &lead: &i64) -> Vec<(Step<i64, End>, f64)> {
        let mut steps = Vec::with_capacity(32);
        for (a, &pa) in self.fugitive.iter().enumerate() {
            for (b, &pb) in self.pursuer.iter().enumerate() {
                let (f, h) = (a as i64, b as i64);
                let w = pa * pb;
                if self.pursuer_first {
                    let on = self.stop_attempt(lead - h, w, &mut steps);
                    push(&mut steps, after_fugitive(lead - h + f), on);
                } else if lead + f >= 10 {
                    push(&mut steps, Step::End(End::Escape), w);
                } else {
                    let on = self.stop_attempt(lead + f - h, w, &mut steps);
                    push(&mut steps, Step::Next(lead + f - h), on);
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
    }
}

impl From<PursuitParams> for PursuitRule {
    fn from(p: PursuitParams) -> Self {
        Self {
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
        }
    }
}

/// What `cle.pursuit` reports.
#[derive(Debug, Clone, PartialEq)]
struct PursuitMetrics {
    escape: MetricId,
    caught: MetricId,
    unresolved: MetricId,
    mean_rounds: MetricId,
    rounds: HistId,
}

/// `cle.pursuit`: one pursuit.
#[derive(Debug, Clone, PartialEq)]
pub struct PursuitModel {
    rule: PursuitRule,
    layout: Layout,
    m: PursuitMetrics,
}

impl PursuitModel {
    /// The model of `rule`.
    pub fn new(rule: PursuitRule) -> Self {
        let mut layout = Layout::new();
        let m = PursuitMetrics {
            escape: layout.proportion("escape", "chance the fugitive gets 10 ahead"),
            caught: layout.proportion("caught", "chance the pursuer stops the fugitive"),
            unresolved: layout.proportion(
                "unresolved",
                "chance the pursuit is still going after max_rounds",
            ),
            mean_rounds: layout.mean("mean_rounds", "mean rounds played"),
            rounds: layout.histogram("rounds", "histogram of the rounds played", (1, 20)),
        };
        Self { rule, layout, m }
    }

    fn from_config(p: PursuitParams) -> Result<Self> {
        Ok(Self::new(p.into()))
    }
}

impl Model for PursuitModel {
    type Outcome = PursuitOutcome;

    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> PursuitOutcome {
        self.rule.roll(dice)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &PursuitOutcome, rec: &mut R) {
        rec.event(self.m.escape, o.end == End::Escape);
        rec.event(self.m.caught, o.end == End::Caught);
        rec.event(self.m.unresolved, o.end == End::Unresolved);
        rec.value(self.m.mean_rounds, o.rounds as i64);
        rec.hist(self.m.rounds, o.rounds as i64);
    }

    fn exact(&self) -> Option<Dist<PursuitOutcome>> {
        Some(self.rule.exact())
    }
}

/// The registry entry of `cle.pursuit`.
pub static PURSUIT: Registered<PursuitParams, PursuitModel> = Registered::new(
    "cle.pursuit",
    "a pursuit: open tests for progression, escape 10 ahead, stop oppositions",
    "fugitive=5 pursuer=5 pursuer_stop=5 fugitive_stop=5",
    PursuitModel::from_config,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::replay_one;
    use crate::engine::{replay, simulation};
    use crate::systems::test_support::{
        AGREEMENT_SAMPLES, AGREEMENT_SEED, assert_agrees_with_exact,
    };

    fn rule(fugitive: i64, pursuer: i64, head_start: i64) -> PursuitRule {
        PursuitRule {
            fugitive,
            pursuer,
            head_start,
            stop: OppositionRule {
                a: Side::new(5),
                b: Side::new(5),
                both_active: false,
                auto_triples: false,
            },
            max_rounds: 30,
            pursuer_first: false,
        }
    }

    fn roll(rule: PursuitRule, dice: &[u32]) -> PursuitOutcome {
        replay(dice, |d| rule.roll(d))
    }

    #[test]
    fn progression_table() {
        assert_eq!(progression(9), 0);
        assert_eq!(progression(10), 1);
        assert_eq!(progression(14), 1);
        assert_eq!(progression(15), 2);
        assert_eq!(progression(19), 2);
        assert_eq!(progression(20), 3);
        assert_eq!(progression(-3), 0);
    }

    #[test]
    fn escape_when_ten_ahead_fugitive_first() {
        // Lead 8; the fugitive rolls 15 + 5 = 20 (+3): 11 ahead, escaped before the
        // pursuer moves.
        let o = roll(rule(5, 5, 8), &[5, 5, 5]);
        assert_eq!(
            o,
            PursuitOutcome {
                end: End::Escape,
                rounds: 1
            }
        );
    }

    #[test]
    fn stop_attempt_when_caught_up() {
        // Lead 1; fugitive 3 + 5 = 8 (+0), pursuer 12 + 5 = 17 (+2): lead -1, so the
        // pursuer tries to stop: 12 + 5 against 12 + 5, equal skills, the pursuer wins.
        let o = roll(rule(5, 5, 1), &[1, 1, 1, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
        assert_eq!(
            o,
            PursuitOutcome {
                end: End::Caught,
                rounds: 1
            }
        );
        // A lost stop opposition: the pursuit goes on (round 2: the fugitive +3 to 2,
        // the pursuer +0: no attempt; then ends at max_rounds = 2).
        let mut r = rule(5, 5, 1);
        r.max_rounds = 2;
        let o = roll(r, &[1, 1, 1, 4, 4, 4, 1, 1, 1, 6, 6, 6, 6, 6, 6, 1, 1, 1]);
        assert_eq!(
            o,
            PursuitOutcome {
                end: End::Unresolved,
                rounds: 2
            }
        );
    }

    #[test]
    fn pursuer_first_moves_and_stops_before_the_fugitive() {
        // Lead 1; the pursuer rolls 12 + 5 = 17 (+2): lead -1, and stops the fugitive
        // (12 + 5 against 12 + 5, the pursuer active) before the fugitive rolls.
        let first = PursuitRule {
            pursuer_first: true,
            ..rule(5, 5, 1)
        };
        let o = roll(first, &[4, 4, 4, 4, 4, 4, 4, 4, 4]);
        assert_eq!(
            o,
            PursuitOutcome {
                end: End::Caught,
                rounds: 1
            }
        );
        // Lead 8: the pursuer +0 (3 + 5), then the fugitive +3 (15 + 5): escaped.
        let o = roll(
            PursuitRule {
                head_start: 8,
                ..first
            },
            &[1, 1, 1, 5, 5, 5],
        );
        assert_eq!(o.end, End::Escape);
    }

    #[test]
    fn pursuer_first_catches_more_from_level_ground() {
        // One round from lead 0, the pursuer first: it may always try to stop, and wins
        // the opposition of equal skills with P(tie) / 2 + 1/2 = 50988 / 93312.
        let one_round = |pursuer_first| PursuitRule {
            max_rounds: 1,
            pursuer_first,
            ..rule(5, 5, 0)
        };
        let first = one_round(true).exact();
        assert!((first.p_where(|o| o.end == End::Caught) - 50988.0 / 93312.0).abs() < 1e-12);
        assert_eq!(first.p_where(|o| o.end == End::Escape), 0.0);
        // The fugitive first: a stop only when the pursuer gains at least as much. Gains
        // of skill 5 (3d6 <= 4, 5..=9, 10..=14, >= 15): 4, 77, 115, 20 of 216, so
        // P(pursuer >= fugitive) = (1 + (16 + 5929 + 13225 + 400) / 46656) / 2.
        let second = one_round(false).exact();
        let caught = second.p_where(|o| o.end == End::Caught);
        let hand = 66226.0 / 93312.0 * 50988.0 / 93312.0;
        assert!((caught - hand).abs() < 1e-12, "{caught} against {hand}");
        // Over a whole pursuit the order still favours whoever moves first.
        let whole = |pursuer_first| {
            PursuitRule {
                pursuer_first,
                ..rule(6, 6, 0)
            }
            .exact()
            .p_where(|o| o.end == End::Caught)
        };
        assert!(
            whole(true) > whole(false) + 0.01,
            "{} {}",
            whole(true),
            whole(false)
        );
    }

    /// The hand-written forward recursion over the lead that `cle.pursuit` used before
    /// [`PursuitChain`]: an independent reference for the chain.
    fn reference(r: &PursuitRule) -> Dist<PursuitOutcome> {
        let gains = |skill: i64| {
            let mut g = [0.0; 4];
            for (s, p) in Dist::dice_sum(3, 6).iter() {
                g[progression(s + skill) as usize] += p;
            }
            g
        };
        let (gf, gp) = (gains(r.fugitive), gains(r.pursuer));
        let p_stop = r.stop.p_a_wins();
        // Leads from head_start − 3 × max_rounds up to 9.
        let offset = 3 * r.max_rounds as i64;
        let size = (offset + 10) as usize;
        let mut mass = vec![0.0; size];
        mass[(r.head_start + offset) as usize] = 1.0;
        let mut ends = Vec::new();
        for round in 1..=r.max_rounds {
            let mut next = vec![0.0; size];
            let (mut escape, mut caught) = (0.0, 0.0);
            for (i, &m) in mass.iter().enumerate().filter(|(_, m)| **m > 0.0) {
                let lead = i as i64 - offset;
                if r.pursuer_first {
                    for (h, &ph) in gp.iter().enumerate() {
                        let l1 = lead - h as i64;
                        let mut w = m * ph;
                        if l1 <= 0 {
                            caught += w * p_stop;
                            w *= 1.0 - p_stop;
                        }
                        for (f, &pf) in gf.iter().enumerate() {
                            let l2 = l1 + f as i64;
                            if l2 >= 10 {
                                escape += w * pf;
                            } else {
                                next[(l2 + offset) as usize] += w * pf;
                            }
                        }
                    }
                    continue;
                }
                for (f, &pf) in gf.iter().enumerate() {
                    let l1 = lead + f as i64;
                    if l1 >= 10 {
                        escape += m * pf;
                        continue;
                    }
                    for (h, &ph) in gp.iter().enumerate() {
                        let l2 = l1 - h as i64;
                        let w = m * pf * ph;
                        let slot = &mut next[(l2 + offset) as usize];
                        if l2 <= 0 {
                            caught += w * p_stop;
                            *slot += w * (1.0 - p_stop);
                        } else {
                            *slot += w;
                        }
                    }
                }
            }
            ends.push((
                PursuitOutcome {
                    end: End::Escape,
                    rounds: round,
                },
                escape,
            ));
            ends.push((
                PursuitOutcome {
                    end: End::Caught,
                    rounds: round,
                },
                caught,
            ));
            mass = next;
        }
        ends.push((
            PursuitOutcome {
                end: End::Unresolved,
                rounds: r.max_rounds,
            },
            mass.iter().sum(),
        ));
        Dist::from_weights(ends.into_iter().filter(|(_, p)| *p > 0.0))
    }

    fn cases() -> Vec<PursuitRule> {
        let mut slow = rule(2, 2, 5);
        slow.max_rounds = 8;
        let first = PursuitRule {
            pursuer_first: true,
            ..rule(7, 5, 2)
        };
        let long = PursuitRule {
            max_rounds: 200,
            pursuer_first: true,
            ..rule(4, 4, 9)
        };
        vec![
            rule(6, 6, 3),
            rule(8, 4, 0),
            rule(3, 9, 6),
            slow,
            first,
            long,
        ]
    }

    #[test]
    fn the_chain_matches_the_hand_written_recursion() {
        for r in cases() {
            let (chain, hand) = (r.exact(), reference(&r));
            assert_eq!(chain.len(), hand.len(), "{r:?}");
            for (o, p) in hand.iter() {
                assert!((chain.p(o) - p).abs() < 1e-14, "{r:?} {o:?}");
            }
        }
    }

    #[test]
    fn exact_sums_to_one_minus_the_tail() {
        for r in cases() {
            let d = r.exact();
            let total: f64 = d.iter().map(|(_, p)| p).sum();
            assert_eq!(d.tail(), 0.0, "{r:?}");
            assert!((total - 1.0).abs() < 1e-12, "{r:?}");
            // Before the rounding is spread back: endings and tail make one, the tail
            // being rounding alone.
            let raw = r.exact_within(Limits {
                max_rounds: r.max_rounds,
                tolerance: 0.0,
            });
            let total: f64 = raw.iter().map(|(_, p)| p).sum();
            assert!(
                (total + raw.tail() - 1.0).abs() < 1e-12 && raw.tail() < 1e-12,
                "{r:?} {total} {}",
                raw.tail()
            );
            // A tolerance stops the propagation early: what it leaves out is the tail.
            let loose = r.exact_within(Limits {
                max_rounds: r.max_rounds,
                tolerance: 1e-6,
            });
            let total: f64 = loose.iter().map(|(_, p)| p).sum();
            assert!((total + loose.tail() - 1.0).abs() < 1e-12, "{r:?}");
            assert!(loose.tail() < 1e-6, "{r:?}");
        }
        // A long, even pursuit is still running when the tolerance stops it.
        let even = PursuitRule {
            max_rounds: 200,
            ..rule(4, 4, 9)
        };
        let loose = even.exact_within(Limits {
            max_rounds: 200,
            tolerance: 1e-6,
        });
        assert!(loose.tail() > 0.0 && loose.p_where(|o| o.end == End::Unresolved) == 0.0);
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        for (i, r) in cases().into_iter().enumerate() {
            let sim = simulation(PursuitModel::new(r));
            let seed = AGREEMENT_SEED + i as u64;
            assert_agrees_with_exact(sim.as_ref(), AGREEMENT_SAMPLES, seed, 8, &r);
        }
    }

    #[test]
    fn parameters_make_the_rule_and_the_model_records() {
        let words = "fugitive=5 pursuer=5 pursuer_stop=5 fugitive_stop=5 head_start=8";
        let model = PURSUIT.model_for(words).unwrap();
        let expected = PursuitRule {
            max_rounds: 40,
            ..rule(5, 5, 8)
        };
        assert_eq!(model.rule, expected);
        let (o, tally) = replay_one(&model, &[5, 5, 5]);
        assert_eq!(o.end, End::Escape);
        assert_eq!(tally.metric(model.m.escape).sum, 1);
        assert_eq!(tally.metric(model.m.caught).sum, 0);
        assert_eq!(tally.metric(model.m.unresolved).sum, 0);
        assert_eq!(tally.metric(model.m.mean_rounds).sum, 1);
        assert_eq!(
            tally.histogram(model.m.rounds).iter().collect::<Vec<_>>(),
            [(1, 1)]
        );
    }

    #[test]
    fn bad_input_is_an_error() {
        let ok = "fugitive=5 pursuer=5 pursuer_stop=5 fugitive_stop=5";
        assert!(PURSUIT.model_for(ok).is_ok());
        assert!(PURSUIT.model_for(&format!("{ok} head_start=10")).is_err());
        assert!(PURSUIT.model_for("fugitive=5 pursuer=5").is_err());
    }
}
