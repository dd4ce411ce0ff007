//! Unit tests of [`super`] (`fight_union.rs`): the PCs' cooperative attack, on rigged dice
//! worked by hand from the text, and its chance to hit counted from the dice.

use super::super::options::ALL;
use super::super::play::Battle;
use super::super::{FightRule, MAX_PCS, Opponent, Profile};
use super::*;
use crate::engine::{enumerate, replay};

/// Two PCs (Combat 8, Défense 6, 2d6 + 1, protection 1) against a boss of the same profile
/// and 30 vitality, no hero point spent, attacking the boss together.
fn rule() -> FightRule {
    FightRule {
        union: Union::Boss,
        ..FightRule::two_pcs_against(Opponent::Boss)
    }
}

#[test]
fn the_best_result_leads_and_the_others_adjust_it() {
    let r = rule();
    let mut b = Battle::for_tests(0);
    // PC 0: 3 + 3 + 3 + 8 = 17, 15 or more: +1; PC 1: 6 + 5 + 4 + 8 = 23 leads: 24 against
    // the boss's 3 + 3 + 3 + 6 - 2 (two PCs stand) = 13, a hit read off PC 1's white dice:
    // 5 + 4 + 1 - 1 = 9.
    let leader = replay(&[3, 3, 3, 6, 5, 4, 3, 3, 3], |d| {
        r.pcs_attack_together(d, &mut b, &[0, 1], 0, 1)
    });
    assert_eq!((leader, b.foes[0].vitality), (1, 21));
    // A helper below 10 lowers the result: PC 0 of Combat 0 throws 1 + 2 + 2 = 5 (-1), PC
    // 1 throws 3 + 3 + 3 + 8 = 17 and leads: 16 against 5 + 4 + 4 + 6 - 2 = 17, a miss
    // (alone, 17 against 17 would hit: Combat 8 beats Défense 6).
    let mut weak = rule();
    weak.pc[0] = Profile {
        combat: 0,
        ..Profile::for_tests(20)
    };
    let mut b = Battle::for_tests(0);
    let leader = replay(&[1, 2, 2, 3, 3, 3, 5, 4, 4], |d| {
        weak.pcs_attack_together(d, &mut b, &[0, 1], 0, 1)
    });
    assert_eq!((leader, b.foes[0].vitality), (1, 30));
    // Among equal best results the first member leads: 17 and 17, +1: 18 against 13, the
    // white dice of PC 0, 2 + 6, + 1 - 1 = 8.
    let mut b = Battle::for_tests(0);
    let leader = replay(&[1, 2, 6, 5, 3, 1, 3, 3, 3], |d| {
        r.pcs_attack_together(d, &mut b, &[0, 1], 0, 1)
    });
    assert_eq!((leader, b.foes[0].vitality), (0, 22));
}

#[test]
fn two_pcs_together_hit_as_the_cooperation_counts() {
    // Two throws of 3d6 + 8, the best + 1 for the other at 15 or more, - 1 below 10,
    // against 3d6 + 6 - 2, equal totals to the attack (Combat 8 beats Défense 6): counted
    // over the 216^3 throws, 3232127/3359232; alone, 9977/11664.
    let r = rule();
    let hits = |members: &[usize]| {
        let dist = enumerate(|d| {
            let mut b = Battle::for_tests(0);
            if members.len() > 1 {
                r.pcs_attack_together(d, &mut b, members, 0, 1);
            } else {
                r.pc_attacks::<ALL, _>(d, &mut b, members[0], 0, 1);
            }
            b.foes[0].vitality < 30
        })
        .expect("an exact distribution");
        dist.p(&true)
    };
    assert!((hits(&[0, 1]) - 3232127.0 / 3359232.0).abs() < 1e-12);
    assert!((hits(&[0]) - 9977.0 / 11664.0).abs() < 1e-12);
}

#[test]
fn every_standing_pc_that_has_not_acted_joins() {
    let r = FightRule { pcs: 4, ..rule() };
    let mut b = Battle::for_tests(0);
    b.pcs[2].kill();
    b.pcs[3].acted = true;
    let mut members = [0; MAX_PCS];
    let n = r.union_members(&mut b, 0, 1, &mut members);
    assert_eq!(&members[..n], &[0, 1]);
    let acted = b.pcs.map(|s| s.acted);
    assert_eq!(acted[..4], [true, true, false, true]);
    // A PC whose Risque costs it this turn does not join, and has spent its turn.
    let mut b = Battle::for_tests(0);
    b.pcs[1].incident = true;
    let n = r.union_members(&mut b, 0, 1, &mut members);
    assert_eq!((&members[..n], b.pcs[1].incident), (&[0, 2, 3][..], false));
    // Only against a boss with `boss`; against anyone with `all`.
    assert!(r.joins_forces(0));
    let seconds = FightRule {
        union: Union::Boss,
        ..FightRule::two_pcs_against(Opponent::Seconds)
    };
    assert!(!seconds.joins_forces(0));
    assert!(
        FightRule {
            union: Union::All,
            ..seconds
        }
        .joins_forces(0)
    );
}

#[test]
fn a_cooperative_round_is_one_attack_answered_against_the_leader() {
    let r = rule();
    let mut b = Battle::for_tests(0);
    // The PCs together: 17 (+1) and 23 lead, 24 against 13, 9 damage; the boss answers
    // the leader, PC 1: 1 + 1 + 1 + 8 = 11 against 6 + 6 + 6 + 6 = 24 (a lone foe: no
    // -2), a miss; PC 1 has acted, and the boss too: the round is over.
    let dice = [3, 3, 3, 6, 5, 4, 3, 3, 3, 1, 1, 1, 6, 6, 6];
    replay(&dice, |d| r.play_round::<ALL, _>(d, &mut b, 1));
    assert_eq!(b.foes[0].vitality, 21);
}
