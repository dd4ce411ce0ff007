//! Unit tests of [`super`] (`duel.rs`), kept beside it.

use super::*;
use crate::engine::model::replay_one;
use crate::engine::rng::chunk_rng;
use crate::engine::stats::mean_and_se;
use crate::engine::{Mechanic, RollDice, replay, simulation};
use crate::systems::aube::DUEL;
use crate::systems::aube::damage::{Armour, DamageResult};
use crate::systems::aube::resolution::{CritDie, TestOptions, TestRule};
use crate::systems::aube::tables::AubeTables;
use crate::systems::aube::wounds::{OutAt, WoundTrack};
use crate::systems::test_support::{build_with, error_text, example_error, run_tally};

fn krom_bjorn() -> DuelModel {
    let mut model = DuelModel::new(Fighter::KROM, Fighter::BJORN, AttackRule::new(10, 0));
    model.bout.initiative = Initiative::A;
    model
}

/// `model` with `change` made to it.
fn with(mut model: DuelModel, change: impl FnOnce(&mut DuelModel)) -> DuelModel {
    change(&mut model);
    model
}

#[test]
fn rigged_round_krom_wounds_bjorn_who_misses() {
    // Kröm: d 8 hits, Björn resists with 5 → 19, légère. Björn: d 20 misses.
    let model = with(krom_bjorn(), |m| m.max_rounds = 1);
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
    let model = with(krom_bjorn(), |m| m.bout.out_at = OutAt::Legere);
    let (o, tally) = replay_one(&model, &[8, 5]);
    assert_eq!((o.winner, o.rounds), (Winner::A, 1));
    assert_eq!(tally.metric(model.m.end.a_wins).sum, 1);
}

#[test]
fn second_round_uses_fatigue() {
    // Round 1: Kröm gives Björn a légère (3 PF); Björn misses. Round 2: Björn's TP is
    // 1 - 3 = -2 and his enc 11 - 3 = 8.
    let model = with(krom_bjorn(), |m| m.max_rounds = 2);
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
        let model = with(krom_bjorn(), |m| {
            m.bout.initiative = initiative;
            m.max_rounds = 1;
        });
        let mut seen = Vec::new();
        replay(dice, |d| model.fight(d, |e| seen.push(e.attacker.index())));
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
        let model = with(DuelModel::new(a, b, AttackRule::new(10, 0)), |m| {
            m.bout.initiative = Initiative::A;
            m.max_rounds = 6;
            m.bout.overflow_fatigue = overflow_fatigue;
        });
        let mut seen = Vec::new();
        let o = replay(&[5, 5, 5, 5, 5, 20], |d| model.fight(d, |e| seen.push(*e)));
        assert_eq!((o.winner, o.b_wounds), (Winner::Draw, 5));
        let recorded: Vec<DamageResult> = seen
            .iter()
            .filter(|e| e.attacker == crate::engine::fight::Side::A)
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
    let model = with(krom_bjorn(), |m| {
        m.bout.initiative = Initiative::B;
        m.max_rounds = 1;
    });
    let tired = with(model.clone(), |m| m.bout.etourdi_fatigue = true);
    let mut seen = Vec::new();
    replay(&[2, 10, 20], |d| tired.fight(d, |e| seen.push(*e)));
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
        let model = with(
            DuelModel::new(average, Fighter::KROM, AttackRule::new(10, fm)),
            |m| m.bout.out_at = out_at,
        );
        let mut dice = RollDice::new(chunk_rng(7, 0, fm as u64));
        for _ in 0..2000 {
            let mut shadow = [WoundTrack::new(); 2];
            let o = model.fight(&mut dice, |e| {
                let (att, def) = (e.attacker.index(), e.attacker.other().index());
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
                    assert!(
                        t.count(DamageResult::Legere) as i64 <= AubeTables::OFFICIAL.wounds.legere
                    );
                    assert!(
                        t.count(DamageResult::Grave) as i64 <= AubeTables::OFFICIAL.wounds.grave
                    );
                    assert!(
                        t.count(DamageResult::Critique) as i64
                            <= AubeTables::OFFICIAL.wounds.critique
                    );
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
    run_tally(simulation(model).as_ref(), 0, seed, samples)
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
    let model = with(DuelModel::new(f, f, AttackRule::new(10, 0)), |m| {
        m.max_rounds = 1;
    });
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
    let model = with(DuelModel::new(f, f, AttackRule::new(0, 0)), |m| {
        m.bout.initiative = Initiative::A;
    });
    let (o, _) = replay_one(&model, &[7, 7]);
    assert_eq!((o.winner, o.rounds), (Winner::Draw, 1000));
    // With a crit die a hit stays possible.
    let crit = TestRule {
        crit: CritDie::Die(6),
        ..TestRule::new(12, 12)
    };
    assert!(crit.can_beat_nd() && !TestRule::new(12, 12).can_beat_nd());
    assert!(TestRule::new(12, 11).can_beat_nd() && !TestRule::new(1, -5).can_beat_nd());
}

#[test]
fn fighters_from_the_command_line() {
    assert_eq!(example_error(&DUEL, ""), "");
    for bad in [
        "initiative=c",
        "out_at=mort",
        "max_rounds=0",
        "fa=50",
        "a.xyz=1",
    ] {
        let e = example_error(&DUEL, bad);
        let name = bad.split('=').next().unwrap_or_default();
        assert!(e.contains(name), "{bad}: {e}");
    }
    // Every field of a fighter is required.
    let mut words: Vec<&str> = DUEL.example().split_whitespace().collect();
    words.retain(|w| *w != "b.enc=12");
    let e = error_text(build_with(&DUEL, &words));
    assert!(e.contains("needs a value for 'b.enc'"), "{e}");
}

#[test]
fn parameters_reach_the_model() {
    let words = format!(
        "{} fa=7 fm=2 armour=enc initiative=b out_at=grave max_rounds=50 \
         overflow_fatigue=rolled etourdi_fatigue=true etourdi=aspect a.crit=d10 \
         b.heroism_rules=true",
        DUEL.example()
    );
    let model = DUEL.model_for(&words).expect("valid");
    let options = |crit, heroism_rules| TestOptions {
        crit,
        heroism_rules,
        ..TestOptions::DEFAULT
    };
    assert_eq!(
        model.fighters,
        [
            Fighter {
                options: options(CritDie::Die(10), false),
                ..Fighter::AVERAGE
            },
            Fighter {
                options: options(CritDie::None, true),
                ..Fighter::AVERAGE
            }
        ]
    );
    let b = &model.bout;
    assert_eq!(
        (b.rule.fa, b.rule.fm, b.rule.armour),
        (7, 2, Armour::RaisesEnc)
    );
    assert_eq!(b.initiative, Initiative::B);
    assert_eq!((b.out_at, model.max_rounds), (OutAt::Grave, 50));
    assert_eq!(b.overflow_fatigue, OverflowFatigue::Rolled);
    assert!(b.etourdi_fatigue);
    assert_eq!(b.etourdi, EtourdiScope::Aspect);
    // The old global options are gone: each fighter has its own.
    let e = example_error(&DUEL, "crit=d10");
    assert!(e.contains("crit"), "{e}");
}

/// A's crit die is rolled with A's attacks and A's resistance tests only.
#[test]
fn options_per_fighter() {
    let model = with(krom_bjorn(), |m| {
        m.fighters[0].options.crit = CritDie::Die(10);
        m.max_rounds = 1;
    });
    // Kröm: d 8 and his crit die 2, a hit; Björn resists with d 5 (no crit die): légère.
    // Björn: d 3 (no crit die) hits Kröm (TP -4): dom 18 - 3 = 15; Kröm resists with
    // d 4 and his crit die 6: 11, légère.
    let mut seen = Vec::new();
    let o = replay(&[8, 2, 5, 3, 4, 6], |d| model.fight(d, |e| seen.push(*e)));
    assert_eq!((o.a_wounds, o.b_wounds), (1, 1));
    assert_eq!(seen[0].outcome.damage.effective, 19);
    assert_eq!(seen[1].outcome.damage.effective, 11);
}

/// Switch `etourdi`: Kröm, stunned by Björn after his own attack, is attacked again
/// before his next one: with `aspect` the étourdi lowers his TP and enc meanwhile.
#[test]
fn etourdi_scope_switch() {
    let seen_with = |etourdi| {
        let model = with(krom_bjorn(), |m| {
            m.bout.initiative = Initiative::Random;
            m.bout.etourdi = etourdi;
            m.max_rounds = 2;
        });
        let mut seen = Vec::new();
        // Round 1: A first (d2 1); Kröm misses (20); Björn hits with 2, dom 17 - 3 = 14,
        // Kröm resists with 10: 4, étourdi. Round 2: B first (d2 2); both miss.
        replay(&[1, 20, 2, 10, 2, 20, 20], |d| {
            model.fight(d, |e| seen.push(*e))
        });
        assert_eq!(seen[1].outcome.damage.result, DamageResult::Etourdi);
        (seen[2].tp, seen[2].enc, seen[3].ta)
    };
    assert_eq!(seen_with(EtourdiScope::NextAttack), (-4, 13, 9));
    assert_eq!(seen_with(EtourdiScope::Aspect), (-5, 12, 9));
}
