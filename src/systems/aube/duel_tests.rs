//! Unit tests of [`super`] (`duel.rs`), kept beside it.

use super::*;
use crate::engine::model::record_one;
use crate::engine::rng::chunk_rng;
use crate::engine::stats::mean_and_se;
use crate::engine::{RiggedDice, RollDice, RunPlan, SampleSize, run_point};
use crate::query::Query;
use crate::systems::aube::duel_end::{DRAW, MEAN_ROUNDS};
use crate::systems::aube::wounds::WoundTrack;

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
    let mut dice = RiggedDice::new(&[8, 5, 20]);
    let (o, _) = record_one(&model, &mut dice);
    assert_eq!(dice.remaining(), 0);
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
    let mut dice = RiggedDice::new(&[8, 5]);
    let o = model.fight(&mut dice, |_| {});
    assert_eq!(dice.remaining(), 0);
    assert_eq!((o.winner, o.rounds), (Winner::A, 1));
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
    model.fight(&mut RiggedDice::new(&[8, 5, 20, 20, 20]), |e| seen.push(*e));
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
        let mut rigged = RiggedDice::new(dice);
        let mut seen = Vec::new();
        model.fight(&mut rigged, |e| seen.push(e.attacker));
        assert_eq!(rigged.remaining(), 0);
        seen
    };
    assert_eq!(order(Initiative::A, &[20, 20]), vec![0, 1]);
    assert_eq!(order(Initiative::B, &[20, 20]), vec![1, 0]);
    assert_eq!(order(Initiative::Random, &[2, 20, 20]), vec![1, 0]);
    assert_eq!(order(Initiative::Random, &[1, 20, 20]), vec![0, 1]);
}

#[test]
fn overflow_fatigue_switch_changes_the_fight() {
    // Strong fighters still fight when their track overflows (average ones are already
    // too tired to hit by then, so for them the switch changes nothing).
    let f = Fighter {
        ca: 19,
        enc: 19,
        be: 0,
        ..Fighter::AVERAGE
    };
    let base = DuelModel::new(f, f, AttackRule::new(10, 0));
    let rolled = DuelModel {
        overflow_fatigue: OverflowFatigue::Rolled,
        ..base.clone()
    };
    assert_ne!(run(base, 20_000, 9), run(rolled, 20_000, 9));
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
    with.fight(&mut RiggedDice::new(&[2, 10, 20]), |e| seen.push(*e));
    assert_eq!(seen[0].outcome.damage.result, DamageResult::Etourdi);
    // Kröm's attack: TA 10 less the étourdi and, with the switch, 1 PF.
    assert_eq!(seen[1].ta, 8);
    seen.clear();
    model.fight(&mut RiggedDice::new(&[2, 10, 20]), |e| seen.push(*e));
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
        let t = run(DuelModel::new(f, f, AttackRule::new(10, fm)), 20_000, 5);
        let acc = t.metrics[MEAN_ROUNDS];
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
    let t = run(model, 10_000, 3);
    assert_eq!(t.metrics[DRAW].sum as u64, t.samples);
    assert_eq!(t.metrics[MEAN_ROUNDS].sum as u64, t.samples);
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
    let mut dice = RiggedDice::new(&[7, 7]);
    let o = model.fight(&mut dice, |_| {});
    assert_eq!(dice.remaining(), 0);
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
    let mut words: Vec<String> = ["a", "b"]
        .iter()
        .flat_map(|p| {
            ["ca=12", "ba=0", "bp=0", "bd=15", "enc=12", "be=3"].map(|f| format!("{p}.{f}"))
        })
        .collect();
    assert!(Query::parse("aube.duel", &words).is_ok());
    for bad in [
        "initiative=c",
        "out_at=mort",
        "max_rounds=0",
        "fa=50",
        "a.xyz=1",
    ] {
        words.push(bad.into());
        let e = Query::parse("aube.duel", &words)
            .map(|_| ())
            .expect_err(bad);
        let name = bad.split('=').next().unwrap_or_default();
        assert!(e.to_string().contains(name), "{bad}: {e}");
        words.pop();
    }
    words.retain(|w| w != "b.enc=12");
    let e = Query::parse("aube.duel", &words)
        .map(|_| ())
        .expect_err("b.enc");
    assert!(e.to_string().contains("b.enc"), "{e}");
}
