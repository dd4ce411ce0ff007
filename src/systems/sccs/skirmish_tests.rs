//! Unit tests of `sccs.skirmish` (a sibling file of `skirmish.rs`): rounds on rigged
//! dice, one against one as `sccs.melee` where the two are the same fight, and more foes
//! never helping side A.

use super::fixtures::{assert_exact_agrees, end, model, play};
use super::*;
use crate::engine::Model;
use crate::engine::Roll;
use crate::engine::simulation;
use crate::systems::test_support::{
    assert_never_rises, assert_same_fights, error_text, estimate_of,
};

#[test]
fn initiative_by_priority_then_attack_then_d6() {
    // The brute (attack 7) acts before the militia (5) at equal priority 4 (both long
    // reach), no die: 7 against 6 is an impact.
    let o = play("side_a=militia side_b=brute", &[]);
    assert_eq!(o, end(Winner::B, 1, [0, 1]));
    // The militia's spear (priority 4) before the duelist's rapier (5): 5 against 5 ties
    // (a 6), and the duelist's 7 against 6 is an impact.
    let o = play("side_a=militia side_b=duelist", &[6]);
    assert_eq!(o, end(Winner::B, 1, [0, 1]));
    // Equal attacks, the militia's priority 4 before the cutthroat's 6: 5 against 4.
    let o = play("side_a=cutthroat side_b=militia", &[]);
    assert_eq!(o, end(Winner::B, 1, [0, 1]));
    // Two duelists: a D6 each, 3 and 3 rolled again, 2 and 5: B strikes first.
    let o = play("side_a=duelist side_b=duelist", &[3, 3, 2, 5]);
    assert_eq!(o, end(Winner::B, 1, [0, 1]));
    let o = play("side_a=duelist side_b=duelist", &[6, 1]);
    assert_eq!(o, end(Winner::A, 1, [1, 0]));
}

#[test]
fn initiative_dice_once_or_every_round() {
    // Two soldiers tie (6 against 6). Initiative 1-6: B first. B's counter 1, A's 6.
    // Round 2: B's counter reaches 0, A is out.
    let words = "side_a=soldier side_b=soldier";
    assert_eq!(play(words, &[1, 6, 1, 6]), end(Winner::B, 2, [0, 1]));
    // Rolled again each round: round 2 goes to A (5-2) but A's counter still needs 5.
    let words = "side_a=soldier side_b=soldier initiative_each_round=true";
    assert_eq!(play(words, &[1, 6, 1, 6, 5, 2]), end(Winner::B, 2, [0, 1]));
}

#[test]
fn tension_counters_and_the_tie_switch() {
    // A first (6-1); A's counter 2, B's 5. A repeats twice: impact in round 3.
    let words = "side_a=soldier side_b=soldier";
    assert_eq!(play(words, &[6, 1, 2, 5]), end(Winner::A, 3, [1, 0]));
    // The tie counted as the first repetition: round 2.
    let words = "side_a=soldier side_b=soldier tension_counts_tie=true";
    assert_eq!(play(words, &[6, 1, 2, 5]), end(Winner::A, 2, [1, 0]));
}

#[test]
fn erosion_lets_the_third_militia_tie_the_knight() {
    // The militias' spears (priority 4) act before the knight's sword (5), in the order
    // of their dice 1, 2, 3 (the third listed first): 5 against 7 countered, countered at
    // 7 - 1, and the third attack meets 7 - 2 = 5, a tie (a 6). The knight (6 against
    // the militia's 6) ties and rolls 1. Round 2: the knight's counter reaches 0, the
    // first militia is out; the others are countered.
    let words = "side_a=knight side_b=militia*3 rounds=2";
    assert_eq!(play(words, &[1, 2, 3, 6, 1]), end(Winner::Draw, 2, [1, 2]));
    // Without erosion no militia ties: no die for them.
    let words = "side_a=knight side_b=militia*3 rounds=2 erosion=false";
    assert_eq!(play(words, &[1, 2, 3, 1]), end(Winner::Draw, 2, [1, 2]));
}

#[test]
fn at_most_four_attack_one_target_in_a_round() {
    // Five militias on a knight: the four first meet 7, 6, 5 (a tie, a 2) and 4, below
    // their 5 (absorbed by the armour); the fifth finds no room and rolls nothing. The
    // knight (acting first) ties with the first militia (a 6).
    let words = "side_a=knight side_b=militia*5 rounds=1";
    let o = play(words, &[1, 2, 3, 4, 5, 6, 2]);
    assert_eq!(o, end(Winner::Draw, 1, [1, 5]));
    let m = model(words);
    let mut s = State::new(&m.rule.fighters);
    s.received[0] = MAX_ENGAGED as i64;
    let mut foes = Vec::new();
    let none: [u32; 0] = [];
    assert!(!crate::engine::replay(&none, |d| m
        .rule
        .act(&mut s, 5, &mut foes, d)));
    assert_eq!((s.received[0], s.durability[0]), (4, 4));
}

#[test]
fn wounds_lower_the_attack_and_the_protection() {
    // Two impacts to put out. The brute (7, priority 4) strikes the knight first: 7 against
    // 7, a tie (a 1). The knight's 6 against the brute's 5: impact. Round 2: the brute,
    // wounded, attacks at 6 against 7: countered, and its counter stays; the knight's 6
    // against 5 - 1: the second impact.
    let words = "side_a=brute side_b=knight impacts_to_out=2";
    assert_eq!(play(words, &[1]), end(Winner::B, 2, [0, 1]));
}

#[test]
fn a_target_each_by_random() {
    // The militias (priority 4, dice 2 and 1: the first listed first) tie with the
    // duelist (5 against 5, a 3; the second meets 5 - 1, floored at 5 with no armour: a
    // tie, a 3); the duelist draws one militia of two (a 2: the second), and puts it out,
    // in the one round followed.
    let words = "side_a=duelist side_b=militia*2 target_a=random rounds=1";
    assert_eq!(play(words, &[2, 1, 3, 3, 2]), end(Winner::Draw, 1, [1, 1]));
}

#[test]
fn armour_figures_are_checked() {
    let f = Fighter {
        attack: 5,
        defense: 3,
        resistance: 2,
        armour_res: 3,
        durability: 1,
        priority: 5,
        manoeuvre: Manoeuvre::Never,
        dual_wield: false,
        attente: crate::systems::sccs::attente::Attente::Never,
        restores: false,
        acrobatie: 0,
        disengage: crate::systems::sccs::disengage::Disengage::Never,
    };
    let e = error_text(f.check("side_a", "x"));
    assert!(e.contains("cannot exceed"), "{e}");
    let e = error_text(Fighter { armour_res: 0, ..f }.check("side_b", "x"));
    assert!(e.contains("durability belongs to the armour"), "{e}");
    let e = error_text(
        Fighter {
            armour_res: 0,
            durability: 0,
            dual_wield: true,
            ..f
        }
        .check("side_a", "x"),
    );
    assert!(e.contains("short weapon in each hand"), "{e}");
}

/// When one of two can never hurt the other, the skirmish is `sccs.melee` with the other
/// as a lone attacker, die for die (no initiative die when the attacks differ).
#[test]
fn one_harmless_against_one_is_the_melee_fight_for_fight() {
    for (i, words) in [
        "side_a=knight side_b=militia",
        "side_a=militia side_b=soldier impacts_to_out=3",
        "side_a=cutthroat side_b=knight tension_counts_tie=true",
    ]
    .iter()
    .enumerate()
    {
        let m = model(words);
        let (melee, defender) = m.rule.as_melee().expect("one harmless against one");
        // A fight's end: the round the defender falls and the fighters it has left, or
        // none for a draw.
        assert_same_fights(
            (13, i as u64),
            5_000,
            words,
            |dice| {
                let o = m.sample(dice);
                (o.winner != Winner::Draw).then_some((o.rounds, o.standing[defender]))
            },
            |dice| {
                let mo = melee.roll(dice);
                (mo.round_out > 0).then_some((mo.round_out, 0))
            },
        );
    }
}

/// The shared checker: Monte Carlo of the skirmish against `sccs.melee`'s exact values.
#[test]
fn one_harmless_against_one_agrees_with_the_exact_melee() {
    let cases = [
        "side_a=knight side_b=militia",
        "side_a=cutthroat side_b=soldier impacts_to_out=2 wound_malus=0",
        "side_a=militia side_b=knight tension_counts_tie=true rounds=4",
    ];
    assert_exact_agrees(cases);
    // Both can hurt the other, or a second fighter: no exact values.
    for words in [
        "side_a=soldier side_b=soldier",
        "side_a=knight side_b=militia*2",
    ] {
        assert!(model(words).exact().is_none(), "{words}");
    }
}

/// Each extra militia lowers side A's chance to win, beyond what chance explains (Wilson
/// intervals at a fixed seed): a later size never beats an earlier one by more than the
/// two half-widths together.
#[test]
fn more_foes_never_help_side_a() {
    let chance = |b: &str| {
        let m = model(&format!("side_a=knight,soldier side_b={b}"));
        estimate_of(simulation(m).as_ref(), 0, 20_261_123, 40_000, "a_wins")
    };
    let sides = [
        "militia",
        "militia*2",
        "militia*3",
        "militia*4",
        "militia*5",
        "militia*6",
        "militia*6,brute",
    ];
    let sizes: Vec<_> = sides.iter().map(|b| chance(b)).collect();
    assert_never_rises(&sizes, "a_wins against more and more militia");
    let (first, last) = (sizes[0].estimate, sizes[sizes.len() - 1].estimate);
    assert!(first - last > 0.3, "{sizes:?}");
}
