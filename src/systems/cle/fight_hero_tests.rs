//! Unit tests of [`super`] (`fight_hero.rs`): the hero point effects in a fight, on
//! rigged dice worked by hand from the text, and one exact value counted from the dice.

use super::super::options::ALL;
use super::super::play::Battle;
use super::super::{FightRule, Opponent};
use super::*;
use crate::engine::{enumerate, replay};
use crate::systems::cle::roll::D6Roll;

/// Two PCs (Combat 8, Défense 6, 2d6 + 1, protection 1, Résistance and Volonté 6)
/// against one second couteau of the same profile, no fourth die, spending as `hero`.
fn rule(hero: HeroSpending) -> FightRule {
    FightRule {
        hero,
        ..FightRule::two_pcs_against(Opponent::Seconds)
    }
}

/// A battle: the PCs with `vitality` and `hero` points each, the foe fresh.
fn battle(vitality: [i64; 2], hero: i64) -> Battle {
    let mut battle = Battle::for_tests(hero);
    battle.pcs[0].vitality = vitality[0];
    battle.pcs[1].vitality = vitality[1];
    battle
}

/// The foe hits: 5 + 5 + 5 + Combat 8 = 23 against 1 + 1 + 1 + Défense 6 = 9 (a lone foe:
/// no −2); the two white dice 5 + 5, bonus +1, protection −1: 10 damage.
const HIT_FOR_10: [u32; 6] = [5, 5, 5, 1, 1, 1];
/// Both *mal en point* tests pass: 6 + 6 + 6 + 6 against 5 + 10 (then − 5 per later wound).
const TESTS_PASS: [u32; 6] = [6, 6, 6, 6, 6, 6];

fn with(hero: impl FnOnce(&mut HeroSpending)) -> FightRule {
    let mut spending = HeroSpending::NONE;
    hero(&mut spending);
    rule(spending)
}

#[test]
fn a_pc_cancels_the_wound_that_would_bring_its_mal_en_point_tests() {
    let r = with(|h| h.cancel = HeroCancel::MalEnPoint);
    let mut b = battle([5, 20], 6);
    // 10 damage on 5 vitality: cancelled for 2 points, nothing rolled after the attack.
    replay(&HIT_FOR_10, |d| {
        r.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1)
    });
    assert_eq!((b.pcs[0].vitality, b.pcs[0].hero, b.hero_spent), (5, 4, 2));
    // Once a round: the next such wound in the round is taken, with its tests.
    let dice = [HIT_FOR_10, TESTS_PASS].concat();
    replay(&dice, |d| r.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1));
    assert_eq!(
        (b.pcs[0].vitality, b.pcs[0].mal, b.pcs[0].hero),
        (0, true, 4)
    );
    // A wound that leaves vitality is not cancelled with `mal_en_point`...
    let mut b = battle([20, 20], 6);
    replay(&HIT_FOR_10, |d| {
        r.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1)
    });
    assert_eq!((b.pcs[0].vitality, b.pcs[0].hero), (10, 6));
    // ... and is with `any`; without the 2 points it is taken.
    let any = with(|h| h.cancel = HeroCancel::Any);
    let mut b = battle([20, 20], 6);
    replay(&HIT_FOR_10, |d| {
        any.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1)
    });
    assert_eq!((b.pcs[0].vitality, b.pcs[0].hero), (20, 4));
    let mut b = battle([20, 20], 1);
    replay(&HIT_FOR_10, |d| {
        any.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1)
    });
    assert_eq!((b.pcs[0].vitality, b.pcs[0].hero), (10, 1));
}

#[test]
fn an_ally_takes_the_wound_in_the_pcs_place() {
    let r = with(|h| h.cover = true);
    let mut b = battle([5, 20], 6);
    // PC 1 takes the 10 points PC 0 was to take: 20 - 10.
    replay(&HIT_FOR_10, |d| {
        r.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1)
    });
    assert_eq!((b.pcs[0].vitality, b.pcs[1].vitality), (5, 10));
    assert_eq!((b.pcs[1].hero, b.pcs[0].hero, b.hero_spent), (4, 6, 2));
    // Once a round: the next one falls on PC 0, who becomes mal en point.
    let dice = [HIT_FOR_10, TESTS_PASS].concat();
    replay(&dice, |d| r.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1));
    assert_eq!((b.pcs[0].vitality, b.pcs[1].vitality), (0, 10));
    // An ally the wound would bring to 0 does not cover (10 on 10).
    let mut b = battle([5, 10], 6);
    let dice = [HIT_FOR_10, TESTS_PASS].concat();
    replay(&dice, |d| r.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1));
    assert_eq!((b.pcs[0].vitality, b.pcs[1].vitality), (0, 10));
    // With `cover_protection` the ally takes the hit against its own protection 3:
    // whites 10 + bonus 1 - 3 = 8.
    let own = with(|h| {
        h.cover = true;
        h.cover_protection = true;
    });
    let mut own_rule = own;
    own_rule.pc[1].protection = 3;
    let mut b = battle([5, 20], 6);
    replay(&HIT_FOR_10, |d| {
        own_rule.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1)
    });
    assert_eq!((b.pcs[0].vitality, b.pcs[1].vitality), (5, 12));
}

#[test]
fn the_target_cancels_before_an_ally_covers() {
    let r = with(|h| {
        h.cancel = HeroCancel::MalEnPoint;
        h.cover = true;
    });
    let mut b = battle([5, 20], 6);
    replay(&HIT_FOR_10, |d| {
        r.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1)
    });
    // Cancelled by PC 0; the second wound of the round is covered by PC 1.
    replay(&HIT_FOR_10, |d| {
        r.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1)
    });
    assert_eq!((b.pcs[0].vitality, b.pcs[1].vitality), (5, 10));
    assert_eq!((b.pcs[0].hero, b.pcs[1].hero, b.hero_spent), (4, 4, 4));
}

#[test]
fn a_missed_attack_is_rolled_again_once_a_round() {
    let r = with(|h| h.reroll = HeroReroll::Attack);
    let mut b = battle([20, 20], 6);
    // A miss, 1 + 1 + 1 + 8 = 11 against 6 + 6 + 6 + 6 - 2 (two PCs stand) = 22; rolled
    // again 6 + 6 + 5 + 8 = 25: a hit for the white dice 6 + 5 + 1 - 1 = 11.
    let dice = [1, 1, 1, 6, 6, 6, 6, 6, 5];
    replay(&dice, |d| r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1));
    assert_eq!(
        (b.foes[0].vitality, b.pcs[0].hero, b.hero_spent),
        (19, 5, 1)
    );
    // The second miss of the round stands.
    replay(&dice[..6], |d| r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1));
    assert_eq!((b.foes[0].vitality, b.pcs[0].hero), (19, 5));
    // With `hero_limit=turn`, each attack is another turn: rolled again.
    let turn = with(|h| {
        h.reroll = HeroReroll::Attack;
        h.limit = HeroLimit::Turn;
    });
    replay(&dice, |d| turn.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1));
    assert_eq!((b.foes[0].vitality, b.pcs[0].hero), (8, 4));
    // A hit is not rolled again.
    replay(&dice[3..], |d| {
        turn.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1)
    });
    assert_eq!(b.pcs[0].hero, 4);
}

#[test]
fn a_failed_defence_is_rolled_again() {
    let r = with(|h| h.reroll = HeroReroll::Defense);
    let mut b = battle([20, 20], 6);
    // The hit for 10, then the defence again: 6 + 6 + 6 + 6 = 24 against 23.
    let dice = [&HIT_FOR_10[..], &[6, 6, 6]].concat();
    replay(&dice, |d| r.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1));
    assert_eq!((b.pcs[0].vitality, b.pcs[0].hero, b.hero_spent), (20, 5, 1));
    // `both` shares the one roll again of the round: after a rerolled attack, the
    // defence stands.
    let both = with(|h| h.reroll = HeroReroll::Both);
    let mut b = battle([20, 20], 6);
    replay(&[1, 1, 1, 6, 6, 6, 6, 6, 5], |d| {
        both.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1)
    });
    replay(&HIT_FOR_10, |d| {
        both.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1)
    });
    assert_eq!((b.pcs[0].vitality, b.pcs[0].hero), (10, 5));
}

#[test]
fn rolling_the_defence_again_squares_the_chance_of_each_attack_roll() {
    // The foe (Combat 8) against a PC (Défense 6): a hit when the attack's dice a and the
    // defence's d give a + 8 >= d + 6 (equal totals: the higher skill wins), every hit
    // dealing damage. The attack roll stands when the defence is rolled again, so the
    // chance of a hit is the mean over a of P(d <= a + 2)², not P(hit)².
    let counts = |count| {
        let mut by_sum = [0u64; 19];
        for roll in D6Roll::all(count) {
            by_sum[roll.sum() as usize] += 1;
        }
        by_sum
    };
    let c = counts(3);
    let below = |a: usize| c.iter().take((a + 3).min(19)).sum::<u64>();
    let once: u64 = (3..=18).map(|a| c[a] * below(a)).sum();
    let twice: u64 = (3..=18).map(|a| c[a] * below(a) * below(a)).sum();
    let (once, twice) = (once as f64 / 6f64.powi(6), twice as f64 / 6f64.powi(9));
    let p_hit = |r: &FightRule| {
        enumerate(|d| {
            let mut b = battle([20, 20], 6);
            r.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1);
            b.pcs[0].vitality < 20
        })
        .unwrap()
        .p(&true)
    };
    assert!((p_hit(&with(|_| {})) - once).abs() < 1e-12);
    let again = p_hit(&with(|h| h.reroll = HeroReroll::Defense));
    assert!((again - twice).abs() < 1e-12, "{again} against {twice}");
    // More than the square of the chance: the same attack roll is met twice.
    assert!(twice > once * once);
}

#[test]
fn the_play_without_hero_effects_is_the_play_with_them_switched_off() {
    // The fight picks, once, the play with the hero checks compiled out when nothing is
    // spent beyond the fourth die: it draws the same fights as the play with the checks.
    use crate::systems::cle::FIGHT;
    use crate::systems::test_support::{assert_same_fights, expect_model};
    for words in [
        "pcs=4 foes=boss_brute,lieutenants",
        "party=bretteur,costaud,erudit foes=boss_brute,mob hero_policy=both",
        "pcs=3 opponent=figurants order=foes_first hero_policy=defense",
    ] {
        let r = expect_model(&FIGHT, words).rule;
        assert_eq!(r.hero, HeroSpending::NONE);
        assert_same_fights(
            (29, 0),
            3_000,
            words,
            |d| r.roll(d),
            |d| r.fight::<ALL, _>(d),
        );
    }
}
