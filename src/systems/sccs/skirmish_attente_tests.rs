//! Unit tests of *L'Attente* inside `sccs.skirmish` (a sibling file of `skirmish.rs`):
//! rounds on rigged dice worked from the text, the two readings of whose action is
//! interrupted and of a held action's life, and one against one as `sccs.melee` played a
//! round late.

use super::fixtures::{assert_exact_agrees, end, model, play};
use super::*;
use crate::engine::{Dist, Model, Roll};
use crate::systems::sccs::attente::Attente;

/// The exact distribution of `m`'s outcome, every die of its sampling enumerated.
fn enumerated(m: &SkirmishModel) -> Dist<SkirmishOutcome> {
    crate::engine::enumerate(|d| m.sample(d)).expect("an exact distribution")
}

/// The militia (spear, priority 4: first; attack 5, protection 6) against the duelist
/// (rapier, priority 5; attack 7, protection 5). Round 1: the militia's 5 ties the
/// duelist's 5 (a 3). Attacking, the duelist's 7 beats 6 at once: side B wins in round 1.
/// Waiting (`duelist_waiting`), it holds in round 1 and, in round 2, « J'interromps ! »
/// before the militia acts: 7 against 6, the militia is out before its counter moves, in
/// round 2, whatever the D6. With `attente_lapses` the held action is lost at the end of
/// each round, before the militia acts again: the duelist never strikes, and the
/// militia's counter of 3 runs out in round 4.
#[test]
fn the_duelist_interrupts_the_militia() {
    assert_eq!(
        play("side_a=militia side_b=duelist", &[3]),
        end(Winner::B, 1, [0, 1])
    );
    let words = "side_a=militia side_b=duelist_waiting";
    assert_eq!(play(words, &[3]), end(Winner::B, 2, [0, 1]));
    let sure = enumerated(&model(words));
    assert!((sure.p_where(|o| *o == end(Winner::B, 2, [0, 1])) - 1.0).abs() < 1e-12);
    let lapses = format!("{words} attente_lapses=true");
    assert_eq!(play(&lapses, &[3]), end(Winner::A, 4, [1, 0]));
}

/// The duelist waiting against the militia and the cutthroat (dagger, priority 6, attack
/// 5, protection 4); the order is militia, duelist, cutthroat, no die. Round 1: the
/// militia ties the duelist (5 against 5, the first die). By default (`next_foe`) the
/// duelist's held action falls on the next foe to act, the cutthroat, before it strikes:
/// 7 against 4, out. Round 2: the militia acts before the duelist holds again and repeats
/// (a counter of 1 lands: side B wins in round 2); with a 3 it is struck in round 3
/// before it acts. With `attente_target=chosen` and `target_a=spread`, the duelist waits
/// for the first foe listed, the militia, so the cutthroat strikes in round 1: 5 against
/// 5 eroded to 4, floored at 5, a tie (the second die); in round 2 the duelist interrupts
/// the militia (7 against 6), then, waiting for the cutthroat, interrupts it too (7
/// against 4): side A wins in round 2.
#[test]
fn whose_action_is_interrupted() {
    let words = "side_a=duelist_waiting side_b=militia,cutthroat";
    assert_eq!(play(words, &[1]), end(Winner::B, 2, [0, 1]));
    assert_eq!(play(words, &[3]), end(Winner::A, 3, [1, 0]));
    let chosen = format!("{words} attente_target=chosen target_a=spread");
    assert_eq!(play(&chosen, &[1, 4]), end(Winner::A, 2, [1, 0]));
}

/// The knight waiting (priority 5, after the militia; attack 6 against the militia's
/// protection 6) against the militia, whose 5 never beats the knight's 7: `sccs.melee`
/// played one round late. The knight ties in round 2, the D6 sets c, and the impact comes
/// c repetitions later, in round c + 2: rounds 3 to 8, each 1/6, mean 5.5 (attacking: c +
/// 1, mean 4.5). The exact values taken from the melee equal those the engine derives by
/// enumerating the sampling; Monte Carlo agrees with them. The held action lost every
/// round, or the militia holding the manœuvre, is no melee.
#[test]
fn one_waiting_against_one_is_the_melee_a_round_late() {
    let words = "side_a=knight_waiting side_b=militia";
    let m = model(words);
    let late = m.rule.as_delayed_melee().expect("a melee");
    assert_eq!((late.defender, late.delay, late.melee.rounds), (1, 1, 9));
    assert!(m.rule.as_melee().is_none());
    let (by_melee, by_dice) = (m.rule.exact().expect("exact"), enumerated(&m));
    for r in 1..=10 {
        let at = |d: &Dist<SkirmishOutcome>| d.p_where(|o| o.winner == Winner::A && o.rounds == r);
        let expected = if (3..=8).contains(&r) { 1.0 / 6.0 } else { 0.0 };
        assert!((at(&by_melee) - expected).abs() < 1e-12, "round {r}");
        assert!((at(&by_dice) - expected).abs() < 1e-12, "round {r}");
    }
    let cases = [
        "side_a=knight_waiting side_b=militia",
        "side_a=militia side_b=knight_waiting rounds=4 tension_counts_tie=true",
        // The knight waiting acts first here: no delay.
        "side_a=knight_waiting side_b=cutthroat impacts_to_out=2",
    ];
    assert_exact_agrees(cases);
    for words in [
        "side_a=knight_waiting side_b=militia attente_lapses=true",
        "side_a=knight_waiting side_b=soldier_guard",
        "side_a=knight_waiting side_b=knight_waiting rounds=1",
    ] {
        assert!(model(words).rule.exact().is_none(), "{words}");
    }
    let lapses = enumerated(&model(
        "side_a=knight_waiting side_b=militia attente_lapses=true",
    ));
    assert!((lapses.p_where(|o| o.winner == Winner::Draw) - 1.0).abs() < 1e-12);
}

/// One option a turn: a combatant given both L'Attente and the manœuvre is refused; a
/// waiting combatant plays the options' fight, one without plays the plain one.
#[test]
fn one_option_a_turn() {
    let m = model("side_a=knight_waiting side_b=militia");
    assert!(m.rule.options && m.rule.attente);
    assert!(!model("side_a=knight side_b=militia").rule.attente);
    let mut f = m.rule.fighters[0];
    f.manoeuvre = Manoeuvre::Always;
    let e = f.check("side_a", "knight_waiting").expect_err("refused");
    assert!(e.to_string().contains("UNE option"), "{e}");
    f.attente = Attente::Never;
    assert!(f.check("side_a", "knight_guard").is_ok());
}
