//! Unit tests of [`super`] (`fight.rs`), kept beside it.

use super::*;
use crate::engine::rng::chunk_rng;
use crate::engine::runner::{RunPlan, SampleSize, run_point};
use crate::engine::{RiggedDice, RollDice};
use crate::systems::test_support::build_with;

fn rule(opponent: Opponent, pcs: usize, foes: usize, foe_vitality: i64) -> FightRule {
    FightRule {
        pcs,
        pc: Profile::for_tests(20),
        hero_policy: HeroPolicy::Attack,
        opponent,
        foe: Profile::for_tests(foe_vitality),
        foes,
        outnumbered: true,
        max_rounds: 60,
    }
}

#[test]
fn figurant_group_bonus_to_test_and_damage() {
    // One PC-less check of the group attack: 5 figurants, +4 to the test and damage.
    let r = rule(Opponent::Figurants, 2, 5, 1);
    let mut b = Battle {
        pcs: [State::new(20, 0); MAX_PCS],
        foes: [State::new(1, 0); MAX_FOES],
        hero_spent: 0,
    };
    // Attack 3+3+3 + 8 + 4 = 21 against 6+6+5 + 6 - 2 = 21: equal totals, Combat 8
    // beats Défense 6. Damage: whites 3 + 3, + bonus 1 + 4, - protection 1 = 10.
    let mut dice = RiggedDice::new(&[3, 3, 3, 6, 6, 5]);
    r.foe_attacks(&mut dice, &mut b, 5, 0, 1);
    assert_eq!(dice.remaining(), 0);
    assert_eq!(b.pcs[0].vitality, 10);
}

fn run(rule: FightRule, samples: u64, seed: u64) -> crate::engine::Tally {
    let sim = simulation(FightModel::new(rule));
    let plan = RunPlan {
        seed,
        size: SampleSize::Samples(samples),
    };
    run_point(&[sim.as_ref()], 0, &plan, &|_| {}).tallies[0].clone()
}

#[test]
fn deterministic_for_a_seed() {
    let r = rule(Opponent::Figurants, 3, 8, 1);
    assert_eq!(run(r, 20_000, 5), run(r, 20_000, 5));
    assert_ne!(run(r, 20_000, 5), run(r, 20_000, 6));
}

#[test]
fn invariants() {
    for (opp, pcs, foes, vit) in [
        (Opponent::Boss, 2, 1, 20),
        (Opponent::Boss, 5, 1, 50),
        (Opponent::Seconds, 3, 3, 12),
        (Opponent::Figurants, 4, 12, 1),
    ] {
        for policy in [HeroPolicy::None, HeroPolicy::Both] {
            let r = FightRule {
                hero_policy: policy,
                ..rule(opp, pcs, foes, vit)
            };
            let mut dice = RollDice::new(chunk_rng(11, 0, 0));
            for _ in 0..3000 {
                let o = r.roll(&mut dice);
                assert!(!(o.pcs_win && o.foes_win));
                assert!((1..=r.max_rounds).contains(&o.rounds));
                assert!(o.deaths as usize <= pcs);
                assert!(o.hero_spent <= hero_points(pcs) * pcs as i64);
                if policy == HeroPolicy::None {
                    assert_eq!(o.hero_spent, 0);
                }
                if o.foes_win {
                    // Every PC out: none can be standing, so some damage was taken.
                    assert!(o.rounds >= 1);
                }
            }
        }
    }
}

#[test]
fn stronger_parties_win_more() {
    let weak = run(rule(Opponent::Boss, 2, 1, 40), 20_000, 3);
    let strong = run(rule(Opponent::Boss, 5, 1, 40), 20_000, 3);
    let p = |t: &crate::engine::Tally| t.metrics[0].sum as f64 / t.metrics[0].n as f64;
    assert!(p(&strong) > p(&weak));
}

#[test]
fn bad_input_is_an_error() {
    let m = FightMechanic;
    assert!(build_with(&m, &[]).is_ok());
    assert!(build_with(&m, &["pcs=1"]).is_err());
    assert!(build_with(&m, &["pcs=6"]).is_err());
    assert!(build_with(&m, &["foe.vitality=[20,30,40]"]).is_err());
    assert!(build_with(&m, &["opponent=dragon"]).is_err());
    assert!(build_with(&m, &["opponent=figurants", "foe.count=[5,10,15,21]"]).is_err());
    assert!(build_with(&m, &["pc.damage=4d6"]).is_err());
}
