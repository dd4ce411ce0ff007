//! Unit tests of `aube.melee` (a sibling file of `melee.rs`): rounds on rigged dice, the
//! duel it becomes one against one, and more foes never helping a side.

use super::*;
use crate::engine::model::replay_one;
use crate::engine::simulation;
use crate::systems::aube::MELEE;
use crate::systems::test_support::{
    AGREEMENT_SAMPLES, AGREEMENT_SEED, assert_agrees_with_exact, assert_never_rises,
    assert_same_fights, estimate_of, expect_model,
};

fn model(words: &str) -> MeleeModel {
    expect_model(&MELEE, words)
}

fn play(words: &str, dice: &[u32]) -> MeleeOutcome {
    replay_one(&model(words), dice).0
}

/// Average fighters (TA 12, TP 2, BD 15, enc 12, BE 3): an attack rolling 12 hits for
/// 27 - 3 = 24, and a resistance roll of 5 leaves 19, a légère: out under `out_at=legere`.
const OUT: [u32; 2] = [12, 5];

#[test]
fn a_side_strikes_in_order_and_the_fallen_do_not_strike() {
    // A first: A1 misses (20), A2 puts B out; B never strikes.
    let words = "side_a=average*2 side_b=average initiative=a out_at=legere";
    let o = play(words, &[20, OUT[0], OUT[1]]);
    assert_eq!(
        o,
        MeleeOutcome {
            winner: Winner::A,
            rounds: 1,
            standing: [2, 0]
        }
    );
    // Spread: A's one fighter puts out B1; B2 answers and puts A out.
    let words = "side_a=average side_b=average*2 initiative=a out_at=legere target_a=spread";
    let o = play(words, &[12, 5, 12, 5]);
    assert_eq!((o.winner, o.rounds, o.standing), (Winner::B, 1, [0, 1]));
    // Random: a d2 sends A's blow to B2; B1 misses; round 2, one foe left: no die.
    let words = "side_a=average side_b=average*2 initiative=a out_at=legere target_a=random target_b=random";
    let o = play(words, &[2, 12, 5, 20, 12, 5]);
    assert_eq!((o.winner, o.rounds, o.standing), (Winner::A, 2, [1, 0]));
}

#[test]
fn focus_goes_to_the_most_fatigued_foe() {
    // A1 leaves B1 sonné (3: dom 18 - 3 = 15, resistance 7: 8, 1 PF); A2 follows on B1
    // (TP and enc 1 lower) and puts it out; B2 puts A1 out. Round 2: A2 misses, B2 wins.
    let words = "side_a=average*2 side_b=average*2 initiative=a out_at=legere";
    let o = play(words, &[3, 7, 12, 5, 12, 5, 20, 12, 5]);
    assert_eq!((o.winner, o.rounds, o.standing), (Winner::B, 2, [0, 1]));
}

/// One against one, the fight draws the duel's dice in the duel's order: the same stream
/// gives the same fight.
#[test]
fn one_against_one_is_the_duel_fight_for_fight() {
    let cases = [
        "side_a=krom side_b=bjorn",
        "side_a=average side_b=krom initiative=b target_a=random target_b=spread out_at=grave",
        "side_a=bjorn side_b=average etourdi=aspect etourdi_fatigue=true fa=8",
    ];
    for (i, words) in cases.iter().enumerate() {
        let m = model(words);
        let duel = m.as_duel().expect("a duel");
        assert_same_fights(
            (5, i as u64),
            3_000,
            words,
            |dice| m.sample(dice),
            |dice| from_duel(duel.sample(dice)),
        );
    }
}

/// The shared checker: Monte Carlo of the group fight against the duel's exact values.
#[test]
fn one_against_one_agrees_with_the_exact_duel() {
    let words = "side_a=krom side_b=bjorn out_at=grave";
    let m = model(words);
    assert!(m.solved().is_some());
    assert!(model("side_a=krom*2 side_b=bjorn").solved().is_none());
    let sim = simulation(m);
    assert_agrees_with_exact(
        sim.as_ref(),
        AGREEMENT_SAMPLES / 4,
        AGREEMENT_SEED,
        8,
        &words,
    );
}

/// Each extra foe lowers side A's chance and its survivors, beyond what chance explains
/// (Wilson intervals at fixed seeds).
#[test]
fn more_foes_never_help_side_a() {
    let chance = |foes: usize| {
        let m = model(&format!(
            "side_a=average*2 side_b=average*{foes} out_at=grave"
        ));
        estimate_of(
            simulation(m).as_ref(),
            foes as u64,
            20_261_122,
            20_000,
            "a_wins",
        )
    };
    let sizes: Vec<_> = (1..=4).map(chance).collect();
    assert_never_rises(&sizes, "a_wins against 1 to 4 foes");
    assert!(
        sizes[0].estimate > 0.8 && sizes[3].estimate < 0.2,
        "{sizes:?}"
    );
}
