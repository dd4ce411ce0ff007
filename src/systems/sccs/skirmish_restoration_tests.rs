//! Unit tests of *La Magie de Restauration* inside `sccs.skirmish` (a sibling file of
//! `skirmish.rs`): a fight worked by hand from the text, every die enumerated, and a
//! healer with nothing to restore attacking as any combatant.

use super::fixtures::{end, model};
use super::*;
use crate::engine::{Dist, Roll};

fn exact(words: &str) -> Dist<SkirmishOutcome> {
    let rule = model(words).rule;
    crate::engine::enumerate(|d| rule.roll(d)).expect("an exact distribution")
}

fn surely(words: &str, o: SkirmishOutcome) {
    let p = exact(words).p_where(|x| *x == o);
    assert!((p - 1.0).abs() < 1e-12, "{words}: {o:?} with {p}");
}

/// The knight and the healer (priority 2, attack 4, protection 3 + 2 = 5) against the
/// brute (axe, priority 4, attack 7, protection 5), two impacts to put one out; the order
/// is healer, brute, knight, and the brute attacks the lowest protection, the healer. No
/// die is rolled. Round 1: nobody is hurt, so the healer attacks (4 against 5:
/// countered); the brute's 7 against 5 hits the healer; the knight's 6 against 5 hits the
/// brute. Round 2: the healer removes its own −1 (protection back to 5); the brute, at 6,
/// hits it again, but it stands; the knight's 6 against 4 puts the brute out: side A
/// wins in round 2 with both standing. The priest as a mere caster (`mage`'s place:
/// without `restores`) attacks in round 2 (3 against 4), and the brute's second impact
/// puts it out: one standing.
#[test]
fn the_healer_removes_its_own_malus() {
    surely(
        "side_a=knight,healer side_b=brute impacts_to_out=2",
        end(Winner::A, 2, [2, 0]),
    );
    let mut p = model("side_a=knight,healer side_b=brute impacts_to_out=2")
        .rule
        .params
        .clone();
    p.side_a.members[1].1.restores = false;
    let plain = Skirmish::try_from(p).expect("a valid skirmish");
    let d = crate::engine::enumerate(|d| plain.roll(d)).expect("exact");
    assert!((d.p_where(|x| *x == end(Winner::A, 2, [1, 0])) - 1.0).abs() < 1e-12);
}

/// With one impact to put one out nobody standing is ever wounded, and the armour of the
/// healer's allies is not worn here (the brute's 7 beats every protection at once): the
/// healer only attacks, and `restoration_first` changes nothing.
#[test]
fn a_healer_with_nothing_to_restore_attacks() {
    let words = "side_a=knight,healer side_b=brute";
    let d = exact(words);
    let first = exact(&format!("{words} restoration_first=durability"));
    for (o, p) in d.iter() {
        assert!((first.p_where(|x| x == o) - p).abs() < 1e-12, "{o:?}");
    }
}

/// A healer given the manœuvre défensive as well is refused: one option a turn
/// (*Chaque personnage peut choisir UNE option*).
#[test]
fn a_healer_does_not_take_two_options() {
    let mut p = model("side_a=healer side_b=militia").rule.params.clone();
    p.side_a.members[0].1.manoeuvre = super::super::manoeuvre::Manoeuvre::Always;
    let e = Skirmish::try_from(p).expect_err("one option a turn");
    assert!(e.to_string().contains("UNE option"), "{e}");
}

/// One against one, the healer harmless (its 4 against the brute's 5): the skirmish is
/// `sccs.melee` of the brute against it, with the melee's `healer`. The healer (priority
/// 2) acts first: hit in round 1 (7 against 5), it removes its −1 at the start of every
/// round after, and the brute's second impact never comes: a draw after 10 rounds,
/// surely, the exact values (the melee's) agreeing with the fight enumerated.
#[test]
fn a_harmless_healer_is_the_melees_healer() {
    let words = "side_a=healer side_b=brute impacts_to_out=2";
    let rule = model(words).rule;
    let m = rule.as_melee().expect("a melee").0;
    assert_eq!(m.healer, super::super::melee::Healer::Ally);
    let by_melee = rule.exact().expect("exact");
    let enumerated = exact(words);
    for (o, p) in enumerated.iter() {
        assert!((by_melee.p_where(|x| x == o) - p).abs() < 1e-12, "{o:?}");
    }
    assert!((by_melee.p_where(|o| o.winner == Winner::Draw) - 1.0).abs() < 1e-12);
}
