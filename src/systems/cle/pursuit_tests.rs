//! Unit tests of [`super`] (`pursuit.rs`), kept beside it.

use super::*;
use crate::engine::chain::Limits;
use crate::engine::model::replay_one;
use crate::engine::{Dist, Roll};
use crate::engine::{replay, simulation};
use crate::systems::cle::{PURSUIT, exact_of};
use crate::systems::test_support::assert_each_agrees;

fn rule(fugitive: i64, pursuer: i64, head_start: i64) -> PursuitRule {
    PursuitRule {
        fugitive,
        pursuer,
        head_start,
        stop: OppositionRule {
            a: Contender::new(5),
            b: Contender::new(5),
            both_active: false,
            auto_triples: false,
        },
        max_rounds: 30,
        pursuer_first: false,
        table: CleTables::OFFICIAL.pursuit,
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
    let first = exact_of(&one_round(true));
    assert!((first.p_where(|o| o.end == End::Caught) - 50988.0 / 93312.0).abs() < 1e-12);
    assert_eq!(first.p_where(|o| o.end == End::Escape), 0.0);
    // The fugitive first: a stop only when the pursuer gains at least as much. Gains
    // of skill 5 (3d6 <= 4, 5..=9, 10..=14, >= 15): 4, 77, 115, 20 of 216, so
    // P(pursuer >= fugitive) = (1 + (16 + 5929 + 13225 + 400) / 46656) / 2.
    let second = exact_of(&one_round(false));
    let caught = second.p_where(|o| o.end == End::Caught);
    let hand = 66226.0 / 93312.0 * 50988.0 / 93312.0;
    assert!((caught - hand).abs() < 1e-12, "{caught} against {hand}");
    // Over a whole pursuit the order still favours whoever moves first.
    let whole = |pursuer_first| {
        exact_of(&PursuitRule {
            pursuer_first,
            ..rule(6, 6, 0)
        })
        .p_where(|o| o.end == End::Caught)
    };
    assert!(
        whole(true) > whole(false) + 0.01,
        "{} {}",
        whole(true),
        whole(false)
    );
}

/// The hand-written forward recursion over the lead that `cle.pursuit` once used: an
/// independent reference for the chain derived from the round.
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
        let (chain, hand) = (exact_of(&r), reference(&r));
        assert_eq!(chain.len(), hand.len(), "{r:?}");
        for (o, p) in hand.iter() {
            assert!((chain.p(o) - p).abs() < 1e-14, "{r:?} {o:?}");
        }
    }
}

#[test]
fn exact_sums_to_one_minus_the_tail() {
    for r in cases() {
        let d = exact_of(&r);
        let total: f64 = d.iter().map(|(_, p)| p).sum();
        assert!(d.tail() < 1e-12, "{r:?}");
        assert!((total - 1.0).abs() < 1e-12, "{r:?}");
        // Endings and tail make one, the tail being rounding alone.
        let raw = exact_within(&r, Limits::new(r.max_rounds, 0.0)).unwrap();
        let total: f64 = raw.iter().map(|(_, p)| p).sum();
        assert!(
            (total + raw.tail() - 1.0).abs() < 1e-12 && raw.tail() < 1e-12,
            "{r:?} {total} {}",
            raw.tail()
        );
        // A tolerance stops the propagation early: what it leaves out is the tail.
        let loose = exact_within(&r, Limits::new(r.max_rounds, 1e-6)).unwrap();
        let total: f64 = loose.iter().map(|(_, p)| p).sum();
        assert!((total + loose.tail() - 1.0).abs() < 1e-12, "{r:?}");
        assert!(loose.tail() < 1e-6, "{r:?}");
    }
    // A long, even pursuit is still running when the tolerance stops it.
    let even = PursuitRule {
        max_rounds: 200,
        ..rule(4, 4, 9)
    };
    let loose = exact_within(&even, Limits::new(200, 1e-6)).unwrap();
    assert!(loose.tail() > 0.0 && loose.p_where(|o| o.end == End::Unresolved) == 0.0);
}

#[test]
fn monte_carlo_agrees_with_exact() {
    assert_each_agrees(cases(), 8, |r| simulation(PursuitModel::new(r)));
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
    assert_eq!(
        tally.sums([
            model.m.escape,
            model.m.caught,
            model.m.unresolved,
            model.m.mean_rounds
        ]),
        [1, 0, 0, 1]
    );
    assert_eq!(tally.histogram(model.m.rounds).counts(), [(1, 1)]);
}

#[test]
fn bad_input_is_an_error() {
    let ok = "fugitive=5 pursuer=5 pursuer_stop=5 fugitive_stop=5";
    assert!(PURSUIT.model_for(ok).is_ok());
    assert!(PURSUIT.model_for(&format!("{ok} head_start=10")).is_err());
    assert!(PURSUIT.model_for("fugitive=5 pursuer=5").is_err());
}

/// The exact distribution of `rule` under `limits` (a round cap below `max_rounds` ends
/// the rest as unresolved; the mass a tolerance leaves out is the tail).
fn exact_within(rule: &PursuitRule, limits: Limits) -> Option<Dist<PursuitOutcome>> {
    let budget = ExactBudget::whole(limits.max_rounds).tolerance(limits.tolerance);
    let endings = budget.solve(rule).ok()?;
    Some(endings.map(|(end, rounds)| rule.outcome_of(end, *rounds)))
}
