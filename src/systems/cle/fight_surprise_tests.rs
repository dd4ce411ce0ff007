//! Unit tests of [`super`] (`fight_surprise.rs`): the first round of a surprise, on rigged
//! dice worked by hand from the text.

use super::super::options::ALL;
use super::super::play::Battle;
use super::super::{HeroPolicy, MAX_PCS, Opponent, Profile};
use super::*;
use crate::engine::replay;

/// Two PCs (Combat 8, Défense 6, 2d6 + 1, protection 1) against one second couteau of the
/// same profile and 30 vitality, hero points on defences, `surprise`.
fn rule(surprise: Surprise) -> FightRule {
    FightRule {
        hero_policy: HeroPolicy::Defense,
        surprise,
        ..FightRule::two_pcs_against(Opponent::Seconds)
    }
}

fn battle() -> Battle {
    Battle::for_tests(6)
}

#[test]
fn surprised_foes_neither_act_nor_defend_in_the_first_round() {
    let r = rule(Surprise::Foes);
    let mut b = battle();
    // Round 1: each PC's attack is a Combat test against 10, no defence rolled, no answer:
    // 1 + 1 + 2 + 8 = 12 hits for the white dice 1 + 2, + 1 - 1 = 3; then 2 + 1 + 1 + 8
    // = 12 for 2.
    replay(&[1, 1, 2, 2, 1, 1], |d| {
        r.play_round::<ALL, _>(d, &mut b, 1)
    });
    assert_eq!((b.foes[0].vitality, b.pcs[0].vitality), (25, 20));
    // Combat 0: a total of 9 misses; three 1 (11 with Combat 8) are an automatic failure.
    let weak = FightRule {
        pc: [Profile {
            combat: 0,
            ..Profile::for_tests(20)
        }; MAX_PCS],
        ..r
    };
    let mut b = battle();
    replay(&[3, 3, 3, 1, 1, 1], |d| {
        weak.play_round::<ALL, _>(d, &mut b, 1)
    });
    assert_eq!(b.foes[0].vitality, 30);
    let mut b = battle();
    replay(&[1, 1, 1, 1, 1, 1], |d| {
        r.play_round::<ALL, _>(d, &mut b, 1)
    });
    assert_eq!(b.foes[0].vitality, 30);
    // Round 2: oppositions again: the first PC misses, the foe answers it (a defence of
    // four dice, a hero point), the second PC misses; the foe has acted.
    let mut b = battle();
    let miss = [1, 1, 1, 6, 6, 6];
    let dice = [&miss[..], &[1, 1, 1, 6, 6, 6, 6], &miss].concat();
    replay(&dice, |d| r.play_round::<ALL, _>(d, &mut b, 2));
}

#[test]
fn surprised_pcs_neither_act_nor_defend_nor_spend_the_defence_die() {
    let r = rule(Surprise::Pcs);
    let mut b = battle();
    // Round 1: the PCs do not attack; the foe acts at the end against the first PC: 1 + 1
    // + 2 + 8 = 12 against 10, the white dice 1 + 2, + 1 - 1: 3. No hero point on the
    // defence (there is none).
    replay(&[1, 1, 2], |d| r.play_round::<ALL, _>(d, &mut b, 1));
    assert_eq!((b.pcs[0].vitality, b.pcs[0].hero, b.hero_spent), (17, 6, 0));
    assert_eq!(b.foes[0].vitality, 30);
}

#[test]
fn no_prudence_nor_danger_is_spent_on_an_unperceived_attack() {
    let r = FightRule {
        pc_trade: super::super::Trade::EfficaciteDanger,
        ..rule(Surprise::Pcs)
    };
    let mut b = battle();
    b.pcs[0].danger = 1;
    replay(&[1, 1, 2], |d| r.play_round::<ALL, _>(d, &mut b, 1));
    assert_eq!(b.pcs[0].danger, 1);
}
