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
//! Choices of this program: the fugitive tests first in each round (**\[choice\]** of
//! `RULES.md`), so the escape is checked after the fugitive's move and the stop attempt
//! after the pursuer's; the pursuer always tries to stop when allowed; the fugitive starts
//! `head_start` ahead; automatic results do not apply to open tests (there is no
//! difficulty) nor to the stop opposition; a pursuit still going after `max_rounds` rounds
//! is counted as neither an escape nor a capture.

use super::opposition::{OppositionRule, Side, Winner};
use super::roll::Roll;
use crate::engine::{
    Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation, simulation,
};
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
}

impl PursuitRule {
    /// Rolls the pursuit.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> PursuitOutcome {
        let mut lead = self.head_start;
        for round in 1..=self.max_rounds {
            lead += progression(Roll::throw(dice, 3).sum() + self.fugitive);
            if lead >= 10 {
                return PursuitOutcome {
                    end: End::Escape,
                    rounds: round,
                };
            }
            lead -= progression(Roll::throw(dice, 3).sum() + self.pursuer);
            if lead <= 0 && self.stop.roll(dice).winner == Winner::A {
                return PursuitOutcome {
                    end: End::Caught,
                    rounds: round,
                };
            }
        }
        PursuitOutcome {
            end: End::Unresolved,
            rounds: self.max_rounds,
        }
    }

    /// The exact distribution, by a round-by-round recursion over the lead.
    pub fn exact(&self) -> Dist<PursuitOutcome> {
        let gains = |skill: i64| {
            let mut g = [0.0; 4];
            for (s, p) in Dist::dice_sum(3, 6).iter() {
                g[progression(s + skill) as usize] += p;
            }
            g
        };
        let (gf, gp) = (gains(self.fugitive), gains(self.pursuer));
        let p_stop = self.stop.p_a_wins();
        // Leads from head_start − 3 × max_rounds up to 9.
        let offset = 3 * self.max_rounds as i64;
        let size = (offset + 10) as usize;
        let mut mass = vec![0.0; size];
        mass[(self.head_start + offset) as usize] = 1.0;
        let mut ends = Vec::new();
        for round in 1..=self.max_rounds {
            let mut next = vec![0.0; size];
            let (mut escape, mut caught) = (0.0, 0.0);
            for (i, &m) in mass.iter().enumerate().filter(|(_, m)| **m > 0.0) {
                let lead = i as i64 - offset;
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
                rounds: self.max_rounds,
            },
            mass.iter().sum(),
        ));
        Dist::from_weights(ends.into_iter().filter(|(_, p)| *p > 0.0))
    }
}

/// `cle.pursuit`: one pursuit.
#[derive(Debug, Clone, PartialEq)]
pub struct PursuitModel {
    rule: PursuitRule,
}

impl PursuitModel {
    /// The model of `rule`.
    pub fn new(rule: PursuitRule) -> Self {
        Self { rule }
    }
}

impl Model for PursuitModel {
    type Outcome = PursuitOutcome;

    fn layout(&self) -> Layout {
        Layout::new()
            .with_proportion("escape")
            .with_proportion("caught")
            .with_proportion("unresolved")
            .with_mean("mean_rounds")
            .with_histogram("rounds", (1, 20))
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> PursuitOutcome {
        self.rule.roll(dice)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &PursuitOutcome, rec: &mut R) {
        rec.event(0, o.end == End::Escape);
        rec.event(1, o.end == End::Caught);
        rec.event(2, o.end == End::Unresolved);
        rec.value(3, o.rounds as i64);
        rec.hist(0, o.rounds as i64);
    }

    fn exact(&self) -> Option<Dist<PursuitOutcome>> {
        Some(self.rule.exact())
    }
}

/// The registry entry of `cle.pursuit`.
#[derive(Debug, Clone, Copy)]
pub struct PursuitMechanic;

impl Mechanic for PursuitMechanic {
    fn name(&self) -> &'static str {
        "cle.pursuit"
    }

    fn summary(&self) -> &'static str {
        "a pursuit: open tests for progression, escape 10 ahead, stop oppositions"
    }

    fn params(&self) -> Vec<ParamSpec> {
        vec![
            ParamSpec::int(
                "fugitive",
                "fugitive's movement skill (Athlétisme, Pilotage, Équitation)",
                -10,
                40,
                None,
            ),
            ParamSpec::int("pursuer", "pursuer's movement skill", -10, 40, None),
            ParamSpec::int(
                "head_start",
                "fugitive's initial lead in progression",
                0,
                9,
                Some(0),
            ),
            ParamSpec::int(
                "pursuer_stop",
                "pursuer's skill in the stop opposition (Athlétisme, Pilotage, Équitation)",
                -10,
                40,
                None,
            ),
            ParamSpec::int(
                "fugitive_stop",
                "fugitive's skill in the stop opposition (Défense on foot, else Réflexes)",
                -10,
                40,
                None,
            ),
            ParamSpec::int(
                "max_rounds",
                "rounds before the pursuit is called unresolved",
                1,
                200,
                Some(40),
            ),
        ]
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("escape", "chance the fugitive gets 10 ahead"),
            ("caught", "chance the pursuer stops the fugitive"),
            (
                "unresolved",
                "chance the pursuit is still going after max_rounds",
            ),
            ("mean_rounds", "mean rounds played"),
            ("rounds", "histogram of the rounds played"),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        Ok(simulation(PursuitModel::new(PursuitRule {
            fugitive: params.int("fugitive"),
            pursuer: params.int("pursuer"),
            head_start: params.int("head_start"),
            stop: OppositionRule {
                a: Side::new(params.int("pursuer_stop")),
                b: Side::new(params.int("fugitive_stop")),
                both_active: false,
                auto_triples: false,
            },
            max_rounds: params.int("max_rounds") as u32,
        })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RiggedDice;
    use crate::systems::test_support::assert_agrees_with_exact;
    use crate::systems::test_support::build_with;

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
        }
    }

    fn roll(rule: PursuitRule, dice: &[u32]) -> PursuitOutcome {
        let mut rigged = RiggedDice::new(dice);
        let o = rule.roll(&mut rigged);
        assert_eq!(rigged.remaining(), 0, "every rigged die is used");
        o
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
    fn exact_sums_to_one() {
        let d = rule(6, 8, 3).exact();
        let total: f64 = d.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        let mut slow = rule(2, 2, 5);
        slow.max_rounds = 8;
        for (i, r) in [rule(6, 6, 3), rule(8, 4, 0), rule(3, 9, 6), slow]
            .into_iter()
            .enumerate()
        {
            let sim = simulation(PursuitModel::new(r));
            assert_agrees_with_exact(sim.as_ref(), 200_000, 1100 + i as u64, 8, &r);
        }
    }

    #[test]
    fn bad_input_is_an_error() {
        let m = PursuitMechanic;
        let ok = [
            "fugitive=5",
            "pursuer=5",
            "pursuer_stop=5",
            "fugitive_stop=5",
        ];
        assert!(build_with(&m, &ok).is_ok());
        let mut bad = ok.to_vec();
        bad.push("head_start=10");
        assert!(build_with(&m, &bad).is_err());
        assert!(build_with(&m, &["fugitive=5", "pursuer=5"]).is_err());
    }
}
