//! Unit tests of fist fights, non-lethal blows in `aube.duel` and `aube.melee` (a sibling
//! file of `duel.rs`): the blow on the track, rigged fights and exact values worked by
//! hand, Monte Carlo against exact.

use super::*;
use crate::engine::Model;
use crate::engine::model::replay_one;
use crate::systems::aube::DUEL;
use crate::systems::aube::damage::DamageResult;
use crate::systems::aube::nonlethal::{FistMode, FistRules};
use crate::systems::aube::wounds::WoundTrack;
use crate::systems::test_support::{assert_mechanic_agrees, assert_rejected, expect_model};

fn fists(nonlethal: FistMode) -> Bout {
    Bout::new(AttackRule::new(10, 0)).with_fists(FistRules {
        nonlethal,
        ..FistRules::OFF
    })
}

/// A track holding `pf` fatigue points and no wound.
fn tired(pf: i64) -> WoundTrack {
    let mut t = WoundTrack::new();
    t.add_fatigue(pf);
    t
}

#[test]
fn a_punch_counts_only_its_fatigue() {
    let bout = fists(FistMode::Fatigue);
    let mut t = tired(0);
    // A légère: 3 PF, no wound; an étourdi: nothing (no −1 pending).
    assert_eq!(bout.wound(&mut t, DamageResult::Legere), DamageResult::None);
    assert_eq!(
        bout.wound(&mut t, DamageResult::Etourdi),
        DamageResult::None
    );
    assert_eq!((t.fatigue(), t.wounds(), t.stun()), (3, 0, 0));
    // A fatale's 20: knocked out at the default 20, whatever the wounds.
    assert_eq!(bout.wound(&mut t, DamageResult::Fatale), DamageResult::None);
    assert_eq!(t.fatigue(), 23);
    assert!(bout.is_out(&t) && !bout.is_out(&tired(19)));
    // Lethal blows never knock out by fatigue.
    assert!(!Bout::new(AttackRule::new(10, 0)).is_out(&tired(500)));
}

#[test]
fn the_gc_wound_past_10_goes_on_the_track() {
    // 8 held and a légère: 11, above 10: a blessure légère recorded, with no more PF.
    let bout = fists(FistMode::Wounds);
    let mut t = tired(8);
    assert_eq!(
        bout.wound(&mut t, DamageResult::Legere),
        DamageResult::Legere
    );
    assert_eq!((t.fatigue(), t.count(DamageResult::Legere)), (11, 1));
    // With nonlethal=wounds_fatigue the wound's own 3 PF come too.
    let mut t = tired(8);
    fists(FistMode::WoundsFatigue).wound(&mut t, DamageResult::Legere);
    assert_eq!(t.fatigue(), 14);
    // 20 at once (a fatale read): a grave.
    let mut t = tired(0);
    assert_eq!(
        bout.wound(&mut t, DamageResult::Fatale),
        DamageResult::Grave
    );
}

/// A (bd 11) hits B (enc 0, no resistance) on 12 for 12 + 11 - 3 = 20: a légère read, 3
/// PF; B misses on 20. A's fourth hit leaves B at 12 PF: above 10, the GC's légère puts B
/// out under `out_at=legere`; with fatigue only it takes the knockout (12 here).
#[test]
fn a_rigged_fist_fight() {
    let words = "a=average b=average a.bd=11 b.enc=0 initiative=a";
    let dice = [12, 20, 12, 20, 12, 20, 12];
    let gc = expect_model(&DUEL, &format!("{words} nonlethal=wounds out_at=legere"));
    let (o, _) = replay_one(&gc, &dice);
    assert_eq!((o.winner, o.rounds, o.b_wounds), (Winner::A, 4, 1));
    let ko = expect_model(&DUEL, &format!("{words} nonlethal=fatigue knockout=12"));
    let (o, _) = replay_one(&ko, &dice);
    assert_eq!((o.winner, o.rounds, o.b_wounds), (Winner::A, 4, 0));
    // Lethal, the first légère puts B out.
    let lethal = expect_model(&DUEL, &format!("{words} out_at=legere"));
    let (o, _) = replay_one(&lethal, &dice[..1]);
    assert_eq!((o.winner, o.rounds), (Winner::A, 1));
}

/// Every hit of bd 11 on enc 0 is a légère read (effective 3..=12 + 8), 3 PF: with a
/// knockout of 3 the first hit ends the fight, each attack hitting with 1/2 at the start;
/// A first wins 1/2 + 1/4 · P(A wins) = 2/3, and a round ends it with 3/4.
#[test]
fn the_first_punch_knocks_out_closed_form() {
    let words = "a=average b=average a.enc=0 b.enc=0 a.bd=11 b.bd=11 initiative=a \
                 nonlethal=fatigue knockout=3";
    let model = expect_model(&DUEL, words);
    let d = model.exact().expect("exact");
    assert!((d.p_where(|o| o.winner == Winner::A) - 2.0 / 3.0).abs() < 1e-9);
    for r in 1..=5 {
        let want = 0.25f64.powi(r - 1) * 0.75;
        let got = d.p_where(|o| o.rounds == r as u32);
        assert!(
            (got - want).abs() < 1e-12,
            "round {r}: {got} against {want}"
        );
    }
    let unwounded = d.p_where(|o| o.a_wounds == 0 && o.b_wounds == 0);
    assert!((unwounded + d.tail() - 1.0).abs() < 1e-12, "{unwounded}");
}

#[test]
fn fist_words_need_a_fist_fight() {
    assert_rejected(
        &DUEL,
        &[
            "a=average b=average knockout=10",
            "a=average b=average nonlethal=wounds_twice",
            "a=average b=average nonlethal=maybe",
            "a=average b=average nonlethal=fatigue knockout=0",
        ],
    );
}

#[test]
fn monte_carlo_agrees_with_exact() {
    assert_mechanic_agrees(
        &DUEL,
        &[
            "a=average b=average nonlethal=fatigue",
            "a=krom b=bjorn nonlethal=wounds out_at=grave knockout=40",
            "a=average b=krom nonlethal=wounds_once_fatigue out_at=legere",
        ],
        3,
    );
}
