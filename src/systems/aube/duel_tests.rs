//! Unit tests of [`super`] (`duel.rs`), kept beside it.

use super::*;
use crate::engine::model::replay_one;
use crate::engine::rng::chunk_rng;
use crate::engine::stats::mean_and_se;
use crate::engine::{Mechanic, RollDice, RunPlan, SampleSize, replay, run_point, simulation};
use crate::systems::aube::resolution::TestRule;
use crate::systems::aube::wounds::WoundTrack;
use crate::systems::test_support::{build_with, error_text};

fn krom_bjorn() -> DuelModel {
    DuelModel {
        initiative: Initiative::A,
        ..DuelModel::new(Fighter::KROM, Fighter::BJORN, AttackRule::new(10, 0))
    }
}

#[test]
fn rigged_round_krom_wounds_bjorn_who_misses() {
    // Kröm: d 8 hits, Björn resists with 5 → 19, légère. Björn: d 20 misses.
    let model = DuelModel {
        max_rounds: 1,
        ..krom_bjorn()
    };
    let (o, tally) = replay_one(&model, &[8, 5, 20]);
    assert_eq!(tally.metric(model.m.end.draw).sum, 1);
    assert_eq!(
        o,
        DuelOutcome {
            winner: Winner::Draw,
            rounds: 1,
            a_wounds: 0,
            b_wounds: 1
        }
    );
}

#[test]
fn a_fighter_put_out_does_not_strike_back() {
    let model = DuelModel {
        out_at: OutAt::Legere,
        ..krom_bjorn()
    };
    let (o, tally) = replay_one(&model, &[8, 5]);
    assert_eq!((o.winner, o.rounds), (Winner::A, 1));
    assert_eq!(tally.metric(model.m.end.a_wins).sum, 1);
}

#[test]
fn second_round_uses_fatigue() {
    // Round 1: Kröm gives Björn a légère (3 PF); Björn misses. Round 2: Björn's TP is
    // 1 - 3 = -2 and his enc 11 - 3 = 8.
    let model = DuelModel {
        max_rounds: 2,
        ..krom_bjorn()
    };
    let mut seen = Vec::new();
    replay(&[8, 5, 20, 20, 20], |d| model.fight(d, |e| seen.push(*e)));
    assert_eq!(seen.len(), 4);
    assert_eq!((seen[2].ta, seen[2].tp, seen[2].enc), (10, -2, 8));
    // Björn's own attack is lowered by his fatigue too: TA 10 - 3.
    assert_eq!(seen[3].ta, 7);
}

#[test]
fn initiative_switch() {
    let order = |initiative, dice: &[u32]| {
        let model = DuelModel {
            initiative,
            max_rounds: 1,
            ..krom_bjorn()
        };
        let mut seen = Vec::new();
        replay(dice, |d| model.fight(d, |e| seen.push(e.attacker)));
        seen
    };
    assert_eq!(order(Initiative::A, &[20, 20]), vec![0, 1]);
    assert_eq!(order(Initiative::B, &[20, 20]), vec![1, 0]);
    assert_eq!(order(Initiative::Random, &[2, 20, 20]), vec![1, 0]);
    assert_eq!(order(Initiative::Random, &[1, 20, 20]), vec![0, 1]);
}

#[test]
fn overflow_fatigue_switch() {
    // A (CA 19, bd 10) hits B five times with a 5: dom 15, légère each time (B's enc 0
    // fails the resistance test without a roll; B's CA 0 misses without a roll). The fifth
    // légère finds its boxes full and is recorded as a grave: 5 PF, or with the switch the
    // 3 PF of the légère rolled. A's sixth attack (a 20, a miss) shows B's TP.
    let a = Fighter {
        ca: 19,
        ba: 0,
        bd: 10,
        ..Fighter::AVERAGE
    };
    let b = Fighter {
        ca: 0,
        ba: 0,
        bp: 0,
        enc: 0,
        be: 0,
        ..Fighter::AVERAGE
    };
    let tp_after = |overflow_fatigue| {
        let model = DuelModel {
            initiative: Initiative::A,
            max_rounds: 6,
            overflow_fatigue,
            ..DuelModel::new(a, b, AttackRule::new(10, 0))
        };
        let mut seen = Vec::new();
        let o = replay(&[5, 5, 5, 5, 5, 20], |d| model.fight(d, |e| seen.push(*e)));
        assert_eq!((o.winner, o.b_wounds), (Winner::Draw, 5));
        let recorded: Vec<DamageResult> = seen
            .iter()
            .filter(|e| e.attacker == 0)
            .map(|e| e.recorded)
            .collect();
        assert_eq!(
            recorded[3..],
            [
                DamageResult::Legere,
                DamageResult::Grave,
                DamageResult::None
            ]
        );
        seen[10].tp
    };
    // TP 0 + 0 - fa 10, less 4 × 3 PF and the overflow's PF.
    assert_eq!(tp_after(OverflowFatigue::Recorded), -10 - 12 - 5);
    assert_eq!(tp_after(OverflowFatigue::Rolled), -10 - 12 - 3);
}

#[test]
fn etourdi_fatigue_switch() {
    // Björn (bd 15) hits Kröm (be 3) with d 2: dom 17 → 14; Kröm (enc 13) resists
    // with d 10 → 4: étourdi. Kröm then misses with d 20.
    let model = DuelModel {
        initiative: Initiative::B,
        max_rounds: 1,
        ..krom_bjorn()
    };
    let with = DuelModel {
        etourdi_fatigue: true,
        ..model.clone()
    };
    let mut seen = Vec::new();
    replay(&[2, 10, 20], |d| with.fight(d, |e| seen.push(*e)));
    assert_eq!(seen[0].outcome.damage.result, DamageResult::Etourdi);
    // Kröm's attack: TA 10 less the étourdi and, with the switch, 1 PF.
    assert_eq!(seen[1].ta, 8);
    seen.clear();
    replay(&[2, 10, 20], |d| model.fight(d, |e| seen.push(*e)));
    assert_eq!(seen[1].ta, 9);
}

/// Replays every attack of many duels beside a shadow track and checks the rules.
#[test]
fn invariants_over_many_duels() {
    let average = Fighter::AVERAGE;
    for (fm, out_at) in [
        (0, OutAt::Fatale),
        (10, OutAt::Fatale),
        (-5, OutAt::Grave),
        (5, OutAt::Legere),
    ] {
        let model = DuelModel {
            out_at,
            ..DuelModel::new(average, Fighter::KROM, AttackRule::new(10, fm))
        };
        let mut dice = RollDice::new(chunk_rng(7, 0, fm as u64));
        for _ in 0..2000 {
            let mut shadow = [WoundTrack::new(); 2];
            let o = model.fight(&mut dice, |e| {
                let (att, def) = (e.attacker, 1 - e.attacker);
                let (fa, fd) = (&model.fighters[att], &model.fighters[def]);
                // Fatigue lowers CAs by exactly the PF (and étourdi the next attack).
                let ta = fa.ta() - shadow[att].attack_handicap();
                assert_eq!(e.ta, ta);
                assert_eq!(e.tp, fd.tp(10) - shadow[def].fatigue());
                assert_eq!(e.enc, fd.enc - shadow[def].fatigue());
                if e.outcome.hit {
                    assert_eq!(shadow[def].take(e.outcome.damage.result), e.recorded);
                }
                for t in &shadow {
                    assert!(t.count(DamageResult::Legere) <= WoundTrack::LEGERE_BOXES);
                    assert!(t.count(DamageResult::Grave) <= WoundTrack::GRAVE_BOXES);
                    assert!(t.count(DamageResult::Critique) <= WoundTrack::CRITIQUE_BOXES);
                }
            });
            assert_eq!(
                (o.a_wounds, o.b_wounds),
                (shadow[0].wounds(), shadow[1].wounds())
            );
            match o.winner {
                Winner::A => assert!(shadow[1].is_out(out_at) && !shadow[0].is_out(out_at)),
                Winner::B => assert!(shadow[0].is_out(out_at) && !shadow[1].is_out(out_at)),
                Winner::Draw => assert_eq!(o.rounds, model.max_rounds),
            }
        }
    }
}

fn run(model: DuelModel, samples: u64, seed: u64) -> crate::engine::Tally {
    let sim = simulation(model);
    let plan = RunPlan {
        seed,
        size: SampleSize::Samples(samples),
    };
    run_point(&[sim.as_ref()], 0, &plan, &|_| {})
        .tallies
        .remove(0)
}

#[test]
fn deterministic_for_a_seed() {
    let model = DuelModel::new(Fighter::KROM, Fighter::BJORN, AttackRule::new(10, 0));
    let one = run(model.clone(), 30_000, 11);
    let two = run(model.clone(), 30_000, 11);
    assert_eq!(one, two);
    assert_ne!(one, run(model, 30_000, 12));
}

#[test]
fn a_deadlier_fight_ends_faster() {
    let f = Fighter::AVERAGE;
    let rounds = |fm| {
        let model = DuelModel::new(f, f, AttackRule::new(10, fm));
        let id = model.m.end.mean_rounds;
        let acc = *run(model, 20_000, 5).metric(id);
        mean_and_se(acc.n, acc.sum, acc.sum_sq)
    };
    let (deadly, se_deadly) = rounds(40);
    let (mild, se_mild) = rounds(-5);
    assert!(
        deadly + 5.0 * se_deadly < mild - 5.0 * se_mild,
        "{deadly} vs {mild}"
    );
}

#[test]
fn a_capped_fight_is_a_draw() {
    // One round cannot kill: a fresh blow is at most 12 + 15 - 3 = 24 < 41.
    let f = Fighter::AVERAGE;
    let model = DuelModel {
        max_rounds: 1,
        ..DuelModel::new(f, f, AttackRule::new(10, 0))
    };
    let end = model.m.end;
    let t = run(model, 10_000, 3);
    assert_eq!(t.metric(end.draw).sum as u64, t.samples);
    assert_eq!(t.metric(end.mean_rounds).sum as u64, t.samples);
}

#[test]
fn fighters_who_cannot_hit_draw_at_once() {
    // FA 0: TP 12 against TA 12, no face beats it; one round is rolled, then the
    // fight is frozen.
    let f = Fighter::AVERAGE;
    let model = DuelModel {
        initiative: Initiative::A,
        ..DuelModel::new(f, f, AttackRule::new(0, 0))
    };
    let (o, _) = replay_one(&model, &[7, 7]);
    assert_eq!((o.winner, o.rounds), (Winner::Draw, 1000));
    // With a crit die a hit stays possible.
    let crit = TestRule {
        crit: crate::systems::aube::resolution::CritDie::Die(6),
        ..TestRule::new(12, 12)
    };
    assert!(crit.can_beat_nd() && !TestRule::new(12, 12).can_beat_nd());
    assert!(TestRule::new(12, 11).can_beat_nd() && !TestRule::new(1, -5).can_beat_nd());
}

#[test]
fn fighters_from_the_command_line() {
    let mut words: Vec<&str> = DUEL.example().split_whitespace().collect();
    assert!(build_with(&DUEL, &words).is_ok());
    for bad in [
        "initiative=c",
        "out_at=mort",
        "max_rounds=0",
        "fa=50",
        "a.xyz=1",
    ] {
        words.push(bad);
        let e = error_text(build_with(&DUEL, &words));
        let name = bad.split('=').next().unwrap_or_default();
        assert!(e.contains(name), "{bad}: {e}");
        words.pop();
    }
    // Every field of a fighter is required.
    words.retain(|w| *w != "b.enc=12");
    let e = error_text(build_with(&DUEL, &words));
    assert!(e.contains("needs a value for 'b.enc'"), "{e}");
}

#[test]
fn parameters_reach_the_model() {
    let words = format!(
        "{} fa=7 fm=2 initiative=b out_at=grave max_rounds=50 overflow_fatigue=rolled \
         etourdi_fatigue=true crit=d10",
        DUEL.example()
    );
    let model = DUEL.model_for(&words).expect("valid");
    assert_eq!(model.fighters, [Fighter::AVERAGE, Fighter::AVERAGE]);
    assert_eq!((model.rule.fa, model.rule.fm), (7, 2));
    assert_eq!(
        model.rule.attack_test(12, 5),
        TestRule {
            crit: crate::systems::aube::resolution::CritDie::Die(10),
            ..TestRule::new(12, 5)
        }
    );
    assert_eq!(model.initiative, Initiative::B);
    assert_eq!((model.out_at, model.max_rounds), (OutAt::Grave, 50));
    assert_eq!(model.overflow_fatigue, OverflowFatigue::Rolled);
    assert!(model.etourdi_fatigue);
}
