//! Unit tests of the fighters' conduct in `aube.duel` and `aube.melee` (a sibling file of
//! `duel.rs`): multiple actions (Ex. 2.9) and defending only, exact values against the
//! text worked by hand, and Monte Carlo against them.

use super::*;
use crate::engine::Model;
use crate::engine::model::replay_one;
use crate::systems::aube::conduct::{Conduct, Stance};
use crate::systems::aube::melee::from_duel;
use crate::systems::aube::{DUEL, MELEE};
use crate::systems::test_support::{
    assert_mechanic_agrees, assert_rejected, assert_same_fights, expect_model,
};

/// Two average fighters with `enc` 0 (every resistance test fails without a roll), out at
/// the first légère, A always first, then `extra`.
fn first_hit(extra: &str) -> DuelModel {
    let words = format!("a=average b=average a.enc=0 b.enc=0 out_at=legere initiative=a {extra}");
    expect_model(&DUEL, &words)
}

fn p(model: &DuelModel, what: impl Fn(&DuelOutcome) -> bool) -> f64 {
    model.exact().expect("exact").p_where(what)
}

/// Attacking while doing something else: second of two actions, TA 12 - 5 = 7 against TP
/// 2 hits on 3..=7 (1/4), a blow of 18..=22 - 3 = 15..=19 that B's failed resistance
/// leaves a légère. B hits on 3..=12 (1/2). A first: A wins 1/4 / (1 - 3/4 · 1/2) = 2/5;
/// a round ends the fight with 5/8.
#[test]
fn the_attack_of_the_second_of_two_actions() {
    let model = first_hit("a.actions=2 a.rank=2");
    assert!((p(&model, |o| o.winner == Winner::A) - 0.4).abs() < 1e-9);
    for r in 1..=5 {
        let want = 0.375f64.powi(r - 1) * 0.625;
        let got = p(&model, |o| o.rounds == r as u32);
        assert!(
            (got - want).abs() < 1e-12,
            "round {r}: {got} against {want}"
        );
    }
    // First of two: TA 10, hits on 3..=10 (2/5): A wins 2/5 / (1 - 3/5 · 1/2) = 4/7.
    let first = first_hit("a.actions=2 a.rank=1");
    assert!((p(&first, |o| o.winner == Winner::A) - 4.0 / 7.0).abs() < 1e-9);
    // Mireille's avoiding the knight, first of three: 3 (TA 9, 7/20).
    let three = first_hit("a.actions=3");
    let want = 0.35 / (1.0 - 0.65 * 0.5);
    assert!((p(&three, |o| o.winner == Winner::A) - want).abs() < 1e-9);
}

/// Defending only: A never strikes; B's attack (TA 12) against A's esquive 17 - 10 = 7
/// hits on 8..=12 (1/4) instead of 3..=12 against the parry: B always wins, in a
/// geometric number of rounds of mean 4.
#[test]
fn a_fighter_that_only_defends_dodges_and_never_strikes() {
    let model = first_hit("a.stance=defend a.evitement=17");
    assert!((p(&model, |o| o.winner == Winner::B) - 1.0).abs() < 1e-9);
    for r in 1..=5 {
        let want = 0.75f64.powi(r - 1) * 0.25;
        let got = p(&model, |o| o.rounds == r as u32);
        assert!(
            (got - want).abs() < 1e-12,
            "round {r}: {got} against {want}"
        );
    }
    // Dodging while doing another thing, first of two: 19 - 10 - 2 is the same esquive.
    let busy = first_hit("a.stance=defend a.evitement=19 a.actions=2");
    let dist = |m: &DuelModel| m.exact().expect("exact");
    assert_eq!(dist(&busy), dist(&model));
    // On rigged dice: B's 8 hits the dodge of 7 and A draws no die (A is first).
    let (o, _) = replay_one(&model, &[8]);
    assert_eq!((o.winner, o.rounds), (Winner::B, 1));
    // The same 7 would miss: B's attack in round 1 misses, A does not answer, B's 12
    // hits in round 2.
    let (o, _) = replay_one(&model, &[7, 12]);
    assert_eq!((o.winner, o.rounds), (Winner::B, 2));
}

/// Two fighters that only defend never hit each other: a draw at once, counted as
/// `max_rounds`, as fighters too tired to hit.
#[test]
fn two_fighters_that_only_defend_draw() {
    let model = first_hit("a.stance=defend a.evitement=12 b.stance=defend b.evitement=12");
    let d = model.exact().expect("exact");
    assert!((d.p_where(|o| o.winner == Winner::Draw && o.rounds == 1000) - 1.0).abs() < 1e-12);
    let (o, _) = replay_one(&model, &[]);
    assert_eq!((o.winner, o.rounds), (Winner::Draw, 1000));
}

#[test]
fn options_that_do_not_fit_are_refused() {
    assert_rejected(
        &DUEL,
        &[
            "a=average b=average a.stance=defend",
            "a=average b=average b.actions=2 b.rank=3",
            "a=average b=average a.actions=11",
            "a=average b=average a.stance=hide a.evitement=3",
        ],
    );
    assert!(
        DUEL.model_for("a=average b=average a.actions=2 a.rank=2")
            .is_ok()
    );
}

/// The duel with conduct, sampled, agrees with its exact values (which play no merged
/// tracks: the conduct is not plain).
#[test]
fn monte_carlo_agrees_with_exact() {
    assert_mechanic_agrees(
        &DUEL,
        &[
            "a=average b=average a.actions=2",
            "a=krom b=bjorn b.actions=3 b.rank=2 out_at=grave",
            "a=average b=bjorn a.stance=defend a.evitement=16 out_at=critique",
        ],
        3,
    );
}

/// One against one, the group fight with conducted fighters is the duel fight for fight.
#[test]
fn one_against_one_melee_is_the_duel_with_conduct() {
    let conducts = [
        Conduct {
            actions: 2,
            rank: 2,
            ..Conduct::DEFAULT
        },
        Conduct {
            stance: Stance::Defend,
            evitement: Some(15),
            actions: 3,
            rank: 1,
        },
    ];
    for (i, conduct) in conducts.into_iter().enumerate() {
        let mut melee = expect_model(&MELEE, "side_a=average side_b=krom out_at=grave");
        melee.sides[i % 2][0].conduct = conduct;
        let duel = melee.as_duel().expect("a duel");
        assert_eq!(duel.fighters[i % 2].conduct, conduct);
        assert_same_fights(
            (7, i as u64),
            3_000,
            "conduct",
            |dice| FightModel::sample(&melee, dice),
            |dice| from_duel(FightModel::sample(&duel, dice)),
        );
    }
}

/// In a group fight, a fighter that only defends is a target but strikes nobody: two
/// average fighters against one, B first; B's attack misses, A1 only defends, A2's 12
/// puts B out (resistance 5: légère).
#[test]
fn a_defender_in_a_melee_does_not_strike() {
    let mut melee = expect_model(
        &MELEE,
        "side_a=average*2 side_b=average initiative=b out_at=legere",
    );
    melee.sides[0][0].conduct = Conduct {
        stance: Stance::Defend,
        evitement: Some(12),
        ..Conduct::DEFAULT
    };
    let (o, _) = replay_one(&melee, &[20, 12, 5]);
    assert_eq!((o.winner, o.rounds, o.standing), (Winner::A, 1, [2, 0]));
}
