//! Unit tests of [`super`] (`fight_interrupt.rs`): interrupting an adversary, on rigged
//! dice worked by hand from the text.

use super::super::options::ALL;
use super::super::play::Battle;
use super::super::{FightOrder, Opponent, Sides};
use super::*;
use crate::engine::replay;

/// Two PCs (Combat 8, Défense 6, Réflexes 6, 2d6 + 1, protection 1) against one second
/// couteau of the same profile and 30 vitality, no hero point spent; `interrupt` tries.
fn rule(interrupt: Sides) -> FightRule {
    FightRule {
        interrupt,
        ..FightRule::two_pcs_against(Opponent::Seconds)
    }
}

/// Each PC's attack missing: 1 + 1 + 1 + 8 = 11 against 6 + 6 + 6 + 6 - 2 = 22.
const MISS: [u32; 6] = [1, 1, 1, 6, 6, 6];

#[test]
fn the_one_who_interrupts_is_the_active_side_of_an_opposition_of_reflexes() {
    let r = rule(Sides::Both);
    let (pc, foe) = (r.pc[0], r.foe[0].1);
    // Equal totals (9 + 6), equal Réflexes: the one who interrupts wins.
    assert!(replay(&[3, 3, 3, 3, 3, 3], |d| r.interrupts(d, &pc, &foe)));
    // Equal totals, the other's Réflexes higher: it loses.
    let quick = Profile { reflexes: 7, ..foe };
    assert!(!replay(&[3, 3, 3, 4, 3, 1], |d| r.interrupts(d, &pc, &quick)));
    // The pénalité: a Difficulté on the next attack, or a Danger on the next defence.
    let mut s = State::new(20, 0);
    Penalty::Difficulte.pay(&mut s);
    assert_eq!([hurry(&mut s), hurry(&mut s)], [-2, 0]);
    Penalty::Danger.pay(&mut s);
    assert_eq!((s.danger, s.hurried), (1, false));
}

#[test]
fn a_foe_interrupts_a_pc_and_attacks_first_with_a_difficulte() {
    let r = rule(Sides::Foes);
    let mut b = Battle::for_tests(0);
    // PC 0 is about to attack: the foe's 4 + 4 + 4 + 6 = 18 against 1 + 1 + 1 + 6 = 9
    // wins; it attacks at once, 3 + 3 + 3 + 8 - 2 = 15 against 4 + 3 + 3 + 6 = 16 (a
    // lone foe: no -2): a miss (17 would hit). Then PC 0 attacks, unanswered (the foe has
    // acted), and PC 1.
    let dice = [&[4, 4, 4, 1, 1, 1, 3, 3, 3, 4, 3, 3][..], &MISS, &MISS].concat();
    replay(&dice, |d| r.play_round::<ALL, _>(d, &mut b, 1));
    assert_eq!((b.pcs[0].vitality, b.foes[0].hurried), (20, false));
    // Lost: the foe has rushed and missed its turn; nobody attacks the PCs this round.
    let mut b = Battle::for_tests(0);
    let dice = [&[1, 1, 1, 4, 4, 4][..], &MISS, &MISS].concat();
    replay(&dice, |d| r.play_round::<ALL, _>(d, &mut b, 1));
    assert_eq!(b.pcs[0].vitality, 20);
}

#[test]
fn a_pc_interrupts_a_foe_and_the_foes_attack_resumes() {
    let r = FightRule {
        order: FightOrder::FoesFirst,
        ..rule(Sides::Pcs)
    };
    let mut b = Battle::for_tests(0);
    // The foe acts first against PC 0, who interrupts: 4 + 4 + 4 + 6 = 18 against 9; PC
    // 0 attacks, 3 + 3 + 3 + 8 - 2 = 15 against 4 + 3 + 3 + 6 - 2 = 14, for 3 + 3 + 1 - 1
    // = 6; then the foe's attack: 1 + 1 + 1 + 8 = 11 against 6 + 6 + 6 + 6 = 24. PC 0 has
    // had its turn; PC 1 attacks.
    let dice = [
        &[4, 4, 4, 1, 1, 1, 3, 3, 3, 4, 3, 3, 1, 1, 1, 6, 6, 6][..],
        &MISS,
    ]
    .concat();
    replay(&dice, |d| r.play_round::<ALL, _>(d, &mut b, 1));
    assert_eq!((b.foes[0].vitality, b.pcs[0].hurried), (24, false));
    // Lost: PC 0 loses its turn this round; the foe attacks it (a miss), PC 1 attacks.
    let mut b = Battle::for_tests(0);
    let dice = [&[1, 1, 1, 4, 4, 4, 1, 1, 1, 6, 6, 6][..], &MISS].concat();
    replay(&dice, |d| r.play_round::<ALL, _>(d, &mut b, 1));
    assert_eq!((b.foes[0].vitality, b.pcs[0].acted), (30, true));
}
