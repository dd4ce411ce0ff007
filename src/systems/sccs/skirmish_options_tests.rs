//! Unit tests of the options of the text inside `sccs.skirmish` (a sibling file of
//! `skirmish.rs`): the *manœuvre défensive* (rounds on rigged dice worked from the text,
//! one holding against one as `sccs.melee` with its `defensive_manoeuvre`, and its two
//! switches), the attacks from the second rank and two weapons.

use super::fixtures::{assert_exact_agrees, end, model, play};
use super::*;
use crate::engine::Model;
use crate::engine::Roll;
use crate::engine::model::replay_one;
use crate::engine::simulation;
use crate::systems::test_support::{assert_same_fights, estimate_of};

/// The chance of each round `rounds` in which side B wins, exactly, or `None` when the
/// skirmish has no exact values.
fn b_wins_by_round(words: &str, rounds: std::ops::RangeInclusive<u32>) -> Option<Vec<f64>> {
    let dist = model(words).rule.exact()?;
    Some(
        rounds
            .map(|r| dist.p_where(|o| o.winner == Winner::B && o.rounds == r))
            .collect(),
    )
}

/// The soldier (spear, priority 4) against the duelist (rapier, priority 5, attack 7),
/// the soldier first. Attacking, its 6 beats the duelist's 4 + 1: side A wins in round 1,
/// no die. Holding (`soldier_guard`), it never attacks and its protection is 3 + 3 + 1 = 7
/// from its first turn, before the duelist strikes: 7 against 7 ties at every round, the
/// D6 sets the counter c and the impact comes c repetitions later, in round c + 1: side B
/// wins in rounds 2 to 7, each 1/6. That is `sccs.melee` with the manœuvre défensive.
#[test]
fn holding_before_the_attacker_is_the_melee_with_the_manoeuvre() {
    assert_eq!(
        play("side_a=soldier side_b=duelist", &[]),
        end(Winner::A, 1, [1, 0])
    );
    let words = "side_a=soldier_guard side_b=duelist";
    assert_eq!(play(words, &[4]), end(Winner::B, 5, [0, 1]));
    let (melee, defender) = model(words).rule.as_melee().expect("a melee");
    assert_eq!((melee.protection, melee.attackers[0], defender), (7, 7, 0));
    let by_round = b_wins_by_round(words, 1..=8).expect("exact");
    let sixth = 1.0 / 6.0;
    let expected = [0.0, sixth, sixth, sixth, sixth, sixth, sixth, 0.0];
    for (p, e) in by_round.iter().zip(expected) {
        assert!((p - e).abs() < 1e-12, "{by_round:?}");
    }
}

/// The knight (priority 5, attack 6) holding against the duelist (priority 5, attack 7):
/// the duelist acts first. Round 1: 7 against the knight's 7, a tie, the counter set (a
/// 3); the knight takes the manœuvre. By default the +1 lasts to the knight's next turn,
/// so the duelist meets 8 in every later round, countered, and the counter never moves:
/// a draw. With `manoeuvre_lasts=round` the +1 ends with the round before the duelist
/// strikes again: 7 against 7 every round, the impact in round c + 1, exactly as without
/// the manœuvre.
#[test]
fn holding_after_the_attacker_depends_on_how_long_the_bonus_lasts() {
    let words = "side_a=knight_guard side_b=duelist";
    assert_eq!(play(words, &[3]), end(Winner::Draw, 10, [1, 1]));
    assert!(model(words).rule.exact().is_none());
    let round = "side_a=knight_guard side_b=duelist manoeuvre_lasts=round";
    assert_eq!(play(round, &[3]), end(Winner::B, 4, [0, 1]));
    let (melee, _) = model(round).rule.as_melee().expect("a melee");
    assert_eq!(melee.protection, 7);
    let by_round = b_wins_by_round(round, 2..=7).expect("exact");
    assert!(by_round.iter().all(|p| (p - 1.0 / 6.0).abs() < 1e-12));
}

/// Fight for fight, the soldier holding is the melee on the same dice; its Monte Carlo
/// agrees with the exact values derived from that melee, for both switches.
#[test]
fn one_holding_against_one_agrees_with_the_melee() {
    let words = "side_a=soldier_guard side_b=duelist impacts_to_out=2";
    let m = model(words);
    let (melee, defender) = m.rule.as_melee().expect("a melee");
    assert_same_fights(
        (29, 0),
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
    let cases = [
        "side_a=soldier_guard side_b=duelist",
        "side_a=duelist side_b=soldier_guard impacts_to_out=2 tension_counts_tie=true",
        "side_a=knight_guard side_b=duelist manoeuvre_lasts=round rounds=5",
    ];
    assert_exact_agrees(cases);
    // Both holding: nobody attacks, no melee; equal priority and attack: the D6 orders
    // them, no exact values.
    for words in [
        "side_a=knight_guard side_b=knight_guard",
        "side_a=soldier_guard side_b=soldier",
    ] {
        assert!(model(words).rule.as_melee().is_none(), "{words}");
    }
}

/// The soldier alone against two militia (all priority 4; the soldier's 6 first, the
/// militia in the order of their dice 1 and 2): outnumbered, the wary soldier holds. Its
/// protection is 7: the first militia's 5 is countered, the second meets 7 − 1 = 6,
/// countered; no die after the initiative's, a draw. Attacking instead (`soldier`), it
/// ties the first militia (6 against 6, a 6) and the second militia's 5 meets 6 − 1 = 5,
/// a tie (a 6): no impact in one round either, but dice rolled.
#[test]
fn outnumbered_the_wary_soldier_holds() {
    let words = "side_a=soldier_wary side_b=militia*2 rounds=2";
    assert_eq!(play(words, &[1, 2]), end(Winner::Draw, 2, [1, 2]));
    let words = "side_a=soldier side_b=militia*2 rounds=1";
    assert_eq!(play(words, &[1, 2, 6, 6]), end(Winner::Draw, 1, [1, 2]));
}

/// The turn of a combatant taking the manœuvre: its bonus set, its counter kept, or
/// dropped with `manoeuvre_drops_counter`; the bonus of its last turn ends at its turn
/// by default, at the end of the round with `manoeuvre_lasts=round`.
#[test]
fn the_manoeuvre_turn_and_its_switches() {
    let turn = |words: &str, policy_takes: bool| {
        let m = model(words);
        let mut s = State::new(&m.rule.fighters);
        s.guarding = [MANOEUVRE_BONUS; MAX_FIGHTERS];
        crate::engine::replay(&[4], |d| {
            s.counter[0].tie(d, TensionDie::official(6), false);
        });
        assert_eq!(m.rule.manoeuvres(&mut s, 0), policy_takes, "{words}");
        (s.counter[0].remaining(), s.guarding[0])
    };
    assert_eq!(turn("side_a=soldier_guard side_b=militia", true), (4, 1));
    let drops = "side_a=soldier_guard side_b=militia manoeuvre_drops_counter=true";
    assert_eq!(turn(drops, true), (0, 1));
    // Not outnumbered: the wary soldier attacks, its last bonus over.
    assert_eq!(turn("side_a=soldier_wary side_b=militia", false), (4, 0));
    let round = "side_a=soldier_wary side_b=militia manoeuvre_lasts=round";
    assert_eq!(turn(round, false), (4, 1));
    assert!(!model("side_a=soldier side_b=militia").rule.options);
    assert!(model("side_a=soldier side_b=knight_wary").rule.options);
    assert!(
        model("side_a=soldier side_b=militia second_rank=true")
            .rule
            .options
    );
}

/// A fresh state of `m`'s fight: every armour whole, nobody hit, nothing received.
fn fresh(m: &SkirmishModel) -> State {
    State::new(&m.rule.fighters)
}

/// The knight (protection 7, armour 3 of durability 4) has received four attacks this
/// round. A fifth militia (spear: priority 4, allonge longue) finds no room by default; with
/// `second_rank` it strikes from the second rank: its 5 meets 7 − 4 = 3, floored at its 5,
/// and the armour absorbs it (durability 4 to 3). A cutthroat (dagger, priority 6) has no
/// reach: no attack either way.
#[test]
fn a_spear_strikes_from_the_second_rank() {
    let strike = |words: &str, attacker: usize| {
        let m = model(words);
        let mut s = fresh(&m);
        s.received[0] = MAX_ENGAGED as i64;
        let none: [u32; 0] = [];
        let out =
            crate::engine::replay(&none, |d| m.rule.act(&mut s, attacker, &mut Vec::new(), d));
        (out, s.received[0], s.durability[0])
    };
    assert_eq!(strike("side_a=knight side_b=militia*5", 5), (false, 4, 4));
    let words = "side_a=knight side_b=militia*5 second_rank=true";
    assert_eq!(strike(words, 5), (false, 5, 3));
    let words = "side_a=knight side_b=militia*4,cutthroat second_rank=true";
    assert_eq!(strike(words, 5), (false, 4, 4));
}

/// Five militia on the duelist (rapier, protection 4 + 1 = 5, no armour) for one round,
/// the tying exchange counted (`tension_counts_tie`): they act first (priority 4), in the
/// order of their dice 1 to 5 (the fifth listed first). The first ties (5 against 5, a 6),
/// the next three meet 4, 3 and 2, floored at their 5 with no armour below: ties (three
/// 6s). By default the fifth finds no room, and the duelist's 7 puts a militia out: a
/// draw, four militia standing. From the second rank the fifth strikes too: floored, a
/// tie, a 1, and counted, the impact: the duelist is out in round 1.
#[test]
fn five_militia_with_the_second_rank_on_rigged_dice() {
    let words = "side_a=duelist side_b=militia*5 rounds=1 tension_counts_tie=true";
    let o = play(words, &[1, 2, 3, 4, 5, 6, 6, 6, 6]);
    assert_eq!(o, end(Winner::Draw, 1, [1, 4]));
    let o = play(
        &format!("{words} second_rank=true"),
        &[1, 2, 3, 4, 5, 6, 6, 6, 6, 1],
    );
    assert_eq!(o, end(Winner::B, 1, [0, 5]));
}

/// With the second rank, six militia put the knight and the soldier out more often than
/// without (Wilson intervals at a fixed seed, apart); four militia never fill a target,
/// so the rule changes nothing there, draw for draw.
#[test]
fn the_second_rank_helps_a_large_band() {
    let chance = |words: &str| {
        let m = model(&format!("side_a=knight,soldier rounds=20 {words}"));
        estimate_of(simulation(m).as_ref(), 0, 20_261_127, 20_000, "b_wins")
    };
    let (plain, reach) = (
        chance("side_b=militia*6"),
        chance("side_b=militia*6 second_rank=true"),
    );
    assert!(reach.lo > plain.hi, "{plain:?} {reach:?}");
    let four = chance("side_b=militia*4");
    let four_reach = chance("side_b=militia*4 second_rank=true");
    assert_eq!(four.estimate, four_reach.estimate);
}

/// `words` with every member's `dual_wield` off (the same figures with one weapon).
fn one_weapon(words: &str) -> SkirmishModel {
    let mut p = model(words).rule.params.clone();
    for side in [&mut p.side_a, &mut p.side_b] {
        for (_, f) in &mut side.members {
            f.dual_wield = false;
        }
    }
    SkirmishModel::new(Skirmish::try_from(p).expect("a skirmish"))
}

/// The bravo (a dagger in each hand: attack 6, protection 4 + 2 = 6, armour 1 of
/// durability 1, priority 6) against the militia (attack 5, protection 6, armour 1 of
/// durability 1, priority 4, so first). Round 1: the militia's 5 against 6, countered; the
/// bravo's first dagger ties (6 against 6, a 3), the second meets 6 − 1 = 5, floored at 6:
/// the armour absorbs it and is spent (durability 0, its résistance lost: protection 5).
/// Round 2: countered again, and the first dagger's 6 beats 5: the militia is out. With one
/// dagger the counter of 3 runs out in round 4. With the malus of multiple actions
/// (`dual_wield_malus`) each dagger strikes at 5: the first is countered by 6, the second
/// ties with 6 − 1 = 5 (a 3), and so every round, the armour never touched: the counter
/// runs out in round 4.
#[test]
fn two_daggers_on_rigged_dice() {
    let words = "side_a=bravo side_b=militia";
    assert_eq!(play(words, &[3]), end(Winner::A, 2, [1, 0]));
    let single = replay_one(&one_weapon(words), &[3]).0;
    assert_eq!(single, end(Winner::A, 4, [1, 0]));
    let malus = format!("{words} dual_wield_malus=true");
    assert_eq!(play(&malus, &[3]), end(Winner::A, 4, [1, 0]));
    assert!(model(words).rule.as_melee().is_none());
}

/// The exact distribution of `m`'s outcome, every die of its sampling enumerated.
fn enumerated(m: &SkirmishModel) -> crate::engine::Dist<SkirmishOutcome> {
    crate::engine::enumerate(|d| m.sample(d)).expect("an exact distribution")
}

/// Exact values the engine derives from the sampling itself, every die enumerated,
/// against the text worked by hand: the knight holding after the duelist is a draw
/// surely (its +1 to its next turn counters every attack after the first); with the +1
/// to the end of the round, the enumeration is the melee's exact distribution; the bravo's
/// two daggers win in round 2 surely, one dagger in round c + 1, within 4 rounds when
/// c is at most 3: half the time.
#[test]
fn exact_by_enumerating_the_sampling() {
    let held = enumerated(&model("side_a=knight_guard side_b=duelist"));
    assert!((held.p_where(|o| *o == end(Winner::Draw, 10, [1, 1])) - 1.0).abs() < 1e-12);
    let round = model("side_a=knight_guard side_b=duelist manoeuvre_lasts=round");
    let (by_dice, by_melee) = (enumerated(&round), round.rule.exact().expect("a melee"));
    for r in 1..=10 {
        let at = |d: &crate::engine::Dist<SkirmishOutcome>| {
            d.p_where(|o| o.winner == Winner::B && o.rounds == r)
        };
        assert!((at(&by_dice) - at(&by_melee)).abs() < 1e-12, "round {r}");
    }
    let words = "side_a=bravo side_b=militia rounds=4";
    let two = enumerated(&model(words));
    assert!((two.p_where(|o| *o == end(Winner::A, 2, [1, 0])) - 1.0).abs() < 1e-12);
    let one = enumerated(&one_weapon(words));
    assert!((one.p_where(|o| o.winner == Winner::A) - 0.5).abs() < 1e-12);
}
