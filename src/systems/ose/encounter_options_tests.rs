//! Unit tests of the options of `ose.encounter` (a sibling file of `encounter.rs`):
//! missiles during the approach, slow weapons, spells and their interruption, withdrawal
//! and retreat. Each on rigged dice, then against an exact value worked from the sheet:
//! one round enumerated over every die (`engine::enumerate` of the encounter's own
//! sampling), the exact duel it reduces to, or Monte Carlo within its interval; and in a
//! group, the direction the sheet's rule moves the odds at fixed seeds.

use super::*;
use crate::engine::model::replay_one;
use crate::engine::{enumerate, simulation};
use crate::systems::ose::ENCOUNTER;
use crate::systems::test_support::{
    assert_each_agrees, close, estimate_of, exact_value, expect_model,
};

fn model(words: &str) -> EncounterModel {
    expect_model(&ENCOUNTER, words)
}

/// `words` with the first PC's weapon slow (`party`), or the first monster's.
fn slow(words: &str, party: bool) -> EncounterModel {
    let mut p = model(words).p.clone();
    if party {
        p.party.members[0].1.slow = true;
    } else {
        p.monsters.members[0].1.slow = true;
    }
    EncounterModel::from_config(p).expect("a model")
}

fn play(m: &EncounterModel, dice: &[u32]) -> EncounterOutcome {
    replay_one(m, dice).0
}

const QUIET: &str = "party_surprise=0 monsters_surprise=0";

/// The exact distribution of the outcome, every die of the encounter enumerated (one
/// round, ties simultaneous: no reroll to follow).
fn enumerated(m: &EncounterModel) -> crate::engine::Dist<EncounterOutcome> {
    enumerate(|d| m.sample(d)).expect("an exact distribution")
}

/// The chance of the end `end` in `m`, enumerated.
fn chance_of(m: &EncounterModel, end: End) -> f64 {
    enumerated(m).p_where(|o| o.end == end)
}

/// Asserts `exact` lies within the 95% interval of `metric` widened by its own width
/// (about four standard errors each way), at a fixed seed.
fn assert_near(m: EncounterModel, metric: &str, exact: f64, seed: u64) {
    let e = estimate_of(simulation(m).as_ref(), 0, seed, 200_000, metric);
    let width = e.hi - e.lo;
    assert!(
        e.lo - width <= exact && exact <= e.hi + width,
        "{metric}: {e:?} against {exact}"
    );
}

/// The exact chance that a d6 plus `bonus` reaches a d8's hit points.
fn kills_a_d8(bonus: i64) -> f64 {
    let hits = |hp: i64| (1..=6).filter(|f| f + bonus >= hp).count() as f64 / 6.0;
    (1..=8).map(hits).sum::<f64>() / 8.0
}

#[test]
fn missiles_are_shot_during_the_approach_with_dex_and_no_str() {
    let m = model(&format!(
        "party=fighter1 monsters=hd1 {QUIET} approach=1 max_rounds=1"
    ));
    // HP 3; the monster wins initiative (2-5) but has no missile. The fighter shoots: 12
    // hits (12 needed: no STR on a missile), 2 damage (no STR): the monster stands.
    let o = play(&m, &[3, 2, 5, 12, 2]);
    assert_eq!((o.end, o.monster_deaths), (End::Neither, 0));
    // 11 misses; 12 and 3 kills it.
    assert_eq!(play(&m, &[3, 2, 5, 11]).end, End::Neither);
    assert_eq!(play(&m, &[3, 2, 5, 12, 3]).end, End::Party);
    // Short range adds 1: 11 hits.
    let short = model(&format!(
        "party=fighter1 monsters=hd1 {QUIET} approach=1 max_rounds=1 range=short"
    ));
    assert_eq!(play(&short, &[3, 2, 5, 11, 3]).end, End::Party);
}

/// One round of missiles, exact from the sheet: the fighter hits AC 7 on 12 or more (9
/// in 20) and its d6 must reach the monster's d8 hit points (21/48).
#[test]
fn a_round_of_missiles_is_exact() {
    let m = model(&format!(
        "party=fighter1 monsters=hd1 {QUIET} approach=1 max_rounds=1 ties=simultaneous"
    ));
    let p = chance_of(&m, End::Party);
    assert!(close(p, 9.0 / 20.0 * 21.0 / 48.0), "{p}");
    assert!(close(kills_a_d8(0), 21.0 / 48.0));
    // In melee the same round kills more (STR +1 to the roll and the damage).
    assert!(m.as_duel().is_none());
}

#[test]
fn a_slow_weapon_strikes_after_the_foe_whatever_the_initiative() {
    let m = slow(&format!("party=fighter1 monsters=hd1 {QUIET}"), true);
    // The fighter wins initiative (5-2), yet the monster strikes first: 20 for 6 kills it.
    let o = play(&m, &[3, 5, 2, 20, 6]);
    assert_eq!((o.end, o.rounds, o.pc_deaths), (End::Monsters, 1, 1));
    // A miss, then the fighter's blow: 15 and 2+1 on 3 HP.
    let o = play(&m, &[3, 5, 2, 1, 15, 2]);
    assert_eq!((o.end, o.monster_deaths), (End::Party, 1));
}

/// One against one, a slow weapon on one side is the duel with the other always first:
/// exact from the duel's chain, and the encounter's own rounds agree with it.
#[test]
fn one_against_one_a_slow_weapon_is_the_duel_with_the_order_fixed() {
    let words = format!("party=fighter1 monsters=hd1 {QUIET}");
    // Within one round: the monster strikes first, kills with 6/20 × 2/6 = 0.1; the
    // fighter then hits AC 7 on 11 or more with STR (1/2) for a d6+1 reaching a d8.
    let one = slow(&format!("{words} max_rounds=1"), true);
    let wins = exact_value(&one, one.m.party_wins);
    assert!(close(wins, 0.9 * 0.5 * kills_a_d8(1)), "{wins}");
    assert!(close(0.5 * kills_a_d8(1), 0.28125));
    let rolled = model(&format!("{words} max_rounds=1"));
    let rolled = exact_value(&rolled, rolled.m.party_wins);
    assert!(
        close(rolled, 0.5 * 0.28125 + 0.5 * 0.9 * 0.28125),
        "{rolled}"
    );
    let cases = [
        (words.clone(), Some(true)),
        (words.clone(), Some(false)),
        (format!("{words} ties=simultaneous"), Some(true)),
    ];
    assert_each_agrees(cases, 10, |(words, party)| {
        let m = party.map_or_else(|| model(&words), |p| slow(&words, p));
        assert!(m.solved().is_some(), "{words}");
        simulation(m)
    });
    // Both slow: initiative as usual, the duel itself.
    let mut p = slow(&words, true).p.clone();
    p.monsters.members[0].1.slow = true;
    let both = EncounterModel::from_config(p).expect("a model");
    assert_eq!(
        both.as_duel().map(|d| d.duel().clone()),
        model(&words).as_duel().map(|d| d.duel().clone())
    );
}

#[test]
fn a_spell_is_lost_when_its_caster_is_hit_first() {
    let words = format!("party=mu1 monsters=hd1 {QUIET} cast=true max_rounds=1");
    let m = model(&words);
    // HP 4; the monster first (2-5): 10 hits the magic-user (AC 9) for 1; the spell is
    // lost, no die rolled for it.
    let o = play(&m, &[4, 2, 5, 10, 1]);
    assert_eq!((o.end, o.monster_deaths), (End::Neither, 0));
    // Not interrupted: 3+1 kills.
    let kept = model(&format!("{words} interrupt=false"));
    assert_eq!(play(&kept, &[4, 2, 5, 10, 1, 3]).end, End::Party);
    // A miss (9): the spell is cast, always hitting: 3+1 kills.
    assert_eq!(play(&m, &[4, 2, 5, 9, 3]).end, End::Party);
    // The magic-user first (5-2): cast at once.
    assert_eq!(play(&m, &[4, 5, 2, 3]).end, End::Party);
    // Without `cast` it strikes in melee: 10 misses AC 7 (12 needed).
    let melee = model(&format!("party=mu1 monsters=hd1 {QUIET} max_rounds=1"));
    assert_eq!(play(&melee, &[4, 5, 2, 10, 2]).end, End::Neither);
}

/// One round, exact from the sheet: the spell (1d6+1, always hitting) kills a d8 with
/// 9/16; it is lost when the monster acts first (15 in 36) and hits AC 9 (11 in 20); on a
/// tie the melee blow comes after the spell (and the monster, dead or not, still strikes). Without interruption only the caster's
/// death (a d6 of 3 or more on its 3 HP) stops it.
#[test]
fn a_round_of_spells_is_exact() {
    let words = format!("party=mu1 monsters=hd1 {QUIET} cast=true max_rounds=1 ties=simultaneous");
    assert!(close(kills_a_d8(1), 9.0 / 16.0));
    let lost = 15.0 / 36.0 * 11.0 / 20.0;
    let killed = |m: &EncounterModel| enumerated(m).p_where(|o| o.monster_deaths == 1);
    let p = killed(&model(&words));
    assert!(close(p, (1.0 - lost) * 9.0 / 16.0), "{p}");
    let p = killed(&model(&format!("{words} interrupt=false")));
    assert!(close(p, (1.0 - lost * 4.0 / 6.0) * 9.0 / 16.0), "{p}");
    // Initiative rerolled on ties: the monster first half the time (the rules page).
    let words = format!("party=mu1 monsters=hd1 {QUIET} cast=true max_rounds=1");
    assert_near(model(&words), "party_wins", 0.725 * 0.5625, 1);
    let kept = model(&format!("{words} interrupt=false"));
    assert_near(
        kept,
        "party_wins",
        (1.0 - 0.55 * 4.0 / 6.0 / 2.0) * 0.5625,
        2,
    );
}

#[test]
fn a_pc_retreats_at_its_hit_points_by_withdrawal_or_flight() {
    let words = format!("party=fighter1 monsters=hd1 {QUIET} retreat_hp=5");
    let flee = model(&format!("{words} retreat=flee"));
    // The monster first (2-5): 12 hits at +2 against AC 5 (its shield ignored), 2
    // damage; then the fighter is gone.
    let o = play(&flee, &[3, 2, 5, 12, 2]);
    assert_eq!((o.end, o.rounds, o.pc_deaths), (End::Retreated, 1, 0));
    // The fighter first: gone before any blow.
    assert_eq!(play(&flee, &[3, 5, 2]).end, End::Retreated);
    // Withdrawing, 12 misses (15 needed), and it is away, the monster having acted.
    let withdraw = model(&words);
    assert_eq!(play(&withdraw, &[3, 2, 5, 12]).end, End::Retreated);
    // Its side first: the monster follows and strikes (a miss): still engaged; round 2,
    // the monster first misses again, and it is away.
    let o = play(&withdraw, &[3, 5, 2, 1, 2, 5, 1]);
    assert_eq!((o.end, o.rounds), (End::Retreated, 2));
    // Above retreat_hp it fights: 11 hits the monster with STR.
    let fights = model(&format!("party=fighter1 monsters=hd1 {QUIET} retreat_hp=4"));
    assert_eq!(play(&fights, &[3, 5, 2, 11, 2]).end, End::Party);
}

/// Retreats, exact from the sheet. One round (ties simultaneous): fleeing, the fighter
/// dies only when the monster acts first or at once (21 in 36) and hits at +2 without the
/// shield (9 in 20) for 5 or 6; withdrawing, it dies on any hit for 5 or 6 (6/20 × 1/3)
/// and is away when the monster acted first or at once.
#[test]
fn retreats_are_exact() {
    let words = format!("party=fighter1 monsters=hd1 {QUIET} retreat_hp=5 ties=simultaneous");
    let flee = enumerated(&model(&format!("{words} retreat=flee max_rounds=1")));
    let dies = 21.0 / 36.0 * 9.0 / 20.0 / 3.0;
    assert!(close(flee.p_where(|o| o.end == End::Monsters), dies));
    assert!(close(flee.p_where(|o| o.end == End::Retreated), 1.0 - dies));
    let withdraw = enumerated(&model(&format!("{words} max_rounds=1")));
    assert!(close(withdraw.p_where(|o| o.end == End::Monsters), 0.1));
    assert!(close(
        withdraw.p_where(|o| o.end == End::Retreated),
        21.0 / 36.0 * 0.9
    ));
    // To the end, initiative rerolled: fleeing, one blow at most (0.075); withdrawing, a
    // chain over its hit points h: each round the monster hits (3 in 10) for a d6, and
    // the fighter is away after it when the monster acted first (1/2).
    let words = format!("party=fighter1 monsters=hd1 {QUIET} retreat_hp=5");
    assert_near(
        model(&format!("{words} retreat=flee")),
        "any_pc_dies",
        0.075,
        3,
    );
    let mut death = [0.0; 6];
    for h in 1..=5 {
        let killing = (1..=6).filter(|&d| d >= h).count() as f64 / 6.0;
        let wounded: f64 = (1..h).map(|d| death[h - d] / 6.0).sum();
        death[h] = (0.3 * killing + 0.15 * wounded) / 0.65;
    }
    assert!(close(death[5], 313_139.0 / 1_485_172.0));
    assert_near(model(&words), "any_pc_dies", death[5], 4);
}

/// In a group the sheet's rules move the odds the way they should, beyond chance (95%
/// intervals at fixed seeds that do not meet): two rounds of arrows before melee help the
/// party; slow weapons, and spells lost to a hit, hurt it; fleeing at 3 HP or fewer
/// saves lives and gives up the field.
#[test]
fn in_a_group_each_option_moves_the_odds_its_way() {
    let party = "party=fighter1*2,cleric1,thief1 monsters=hd1*4";
    let estimate = |m: EncounterModel, metric: &str, seed: u64| {
        estimate_of(simulation(m).as_ref(), 0, seed, 40_000, metric)
    };
    let below = |a: &crate::engine::summary::Estimate, b: &crate::engine::summary::Estimate| {
        assert!(a.hi < b.lo, "{a:?} not below {b:?}");
    };
    let base = || model(party);
    let arrows = model(&format!("{party} approach=2"));
    below(
        &estimate(base(), "party_wins", 5),
        &estimate(arrows, "party_wins", 6),
    );
    let mut p = base().p.clone();
    for member in &mut p.party.members {
        member.1.slow = true;
    }
    let slow = EncounterModel::from_config(p).expect("a model");
    below(
        &estimate(slow, "party_wins", 7),
        &estimate(base(), "party_wins", 8),
    );
    let casters = "party=mu3*2 monsters=hd2*2 cast=true";
    below(
        &estimate(model(casters), "party_wins", 9),
        &estimate(
            model(&format!("{casters} interrupt=false")),
            "party_wins",
            10,
        ),
    );
    let retreat = model(&format!("{party} retreat_hp=3 retreat=flee"));
    below(
        &estimate(retreat.clone(), "mean_pc_deaths", 11),
        &estimate(base(), "mean_pc_deaths", 12),
    );
    below(
        &estimate(retreat.clone(), "party_wins", 13),
        &estimate(base(), "party_wins", 14),
    );
    assert!(estimate(retreat, "party_retreats", 15).lo > 0.1);
}

/// Off, the options leave the encounter as it was: the duel one against one, and the
/// same fight as the duel on the same dice.
#[test]
fn the_options_off_leave_the_duel() {
    let m = model(&format!("party=fighter1 monsters=hd1 {QUIET}"));
    assert!(m.as_duel().is_some());
    for extra in ["approach=1", "cast=true", "retreat_hp=1"] {
        let words = format!("party=mu1 monsters=hd1 {QUIET} {extra}");
        assert!(model(&words).as_duel().is_none(), "{words}");
    }
    // A fighter without spells casting nothing is still the duel.
    assert!(
        model(&format!("party=fighter1 monsters=hd1 {QUIET} cast=true"))
            .as_duel()
            .is_some()
    );
}
