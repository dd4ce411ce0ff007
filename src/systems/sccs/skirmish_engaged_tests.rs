//! Unit tests of the priorities that change once engaged inside `sccs.skirmish` (a sibling
//! file of `skirmish.rs`): fights worked by hand from the text, every die enumerated, and
//! the switch left without effect where nobody shoots or casts.

use super::*;
use crate::engine::Dist;
use crate::engine::Model;
use crate::engine::Roll;
use crate::systems::sccs::SKIRMISH;
use crate::systems::test_support::{assert_same_fights, expect_model};

/// The fight of `words` with side A's first member at priority `a` and side B's at `b`
/// (the roster's figures otherwise).
fn with_priorities(words: &str, a: i64, b: i64) -> Skirmish {
    let mut p = expect_model(&SKIRMISH, words).rule.params.clone();
    p.side_a.members[0].1.priority = a;
    p.side_b.members[0].1.priority = b;
    Skirmish::try_from(p).expect("a valid skirmish")
}

fn exact(rule: &Skirmish) -> Dist<SkirmishOutcome> {
    crate::engine::enumerate(|d| rule.roll(d)).expect("an exact distribution")
}

fn surely(rule: &Skirmish, winner: Winner, rounds: u32, standing: [u8; 2]) {
    let o = SkirmishOutcome {
        winner,
        rounds,
        standing,
        escaped: [0, 0],
    };
    assert!(
        (exact(rule).p_where(|x| *x == o) - 1.0).abs() < 1e-12,
        "{o:?}"
    );
}

const DUEL: &str = "side_a=duelist side_b=brute impacts_to_out=2";

/// The duelist as a shooter (priority 1, attack 7, protection 4 + 1 = 5) against the brute
/// (axe, priority 4, attack 7, protection 2 + 3 = 5), two impacts to put one out. Each
/// attack gets through (7, then 6 wounded, against 5 or less): no die. Round 1, the shooter
/// first: both are hit once. Round 2, priorities fixed: the shooter first again, its second
/// impact puts the brute out (side A in round 2). With `engaged_priority` the brute's axe
/// engages the shooter, who falls to *Priorité 7 : Le Tir en Mêlée*: the brute acts first
/// and puts it out (side B in round 2). As a caster (2 → 8), the same.
#[test]
fn an_engaged_shooter_acts_after_the_melee() {
    surely(&with_priorities(DUEL, 1, 4), Winner::A, 2, [1, 0]);
    let on = format!("{DUEL} engaged_priority=true");
    surely(&with_priorities(&on, 1, 4), Winner::B, 2, [0, 1]);
    surely(&with_priorities(&on, 2, 4), Winner::B, 2, [0, 1]);
    // A shooter at 5 (sword) keeps its priority: the brute (4) first, side B anyway.
    surely(&with_priorities(&on, 5, 4), Winner::B, 2, [0, 1]);
}

/// The [choice] `engaged_by_any_foe`: the brute sprinting (priority 3, no melee weapon)
/// engages the shooter only with the switch. Without it the shooter stays at 1 and wins in
/// round 2; with it the shooter is at 7, the brute (3) acts first and wins in round 2.
#[test]
fn only_a_melee_weapon_engages_unless_switched() {
    let on = format!("{DUEL} engaged_priority=true");
    surely(&with_priorities(&on, 1, 3), Winner::A, 2, [1, 0]);
    let any = format!("{on} engaged_by_any_foe=true");
    surely(&with_priorities(&any, 1, 3), Winner::B, 2, [0, 1]);
}

/// Engagement read from the fight's state: the shooter is engaged once the brute has it
/// as its target, and no longer once the brute is out.
#[test]
fn engaged_while_a_melee_foe_standing_targets_it() {
    let rule = with_priorities(&format!("{DUEL} engaged_priority=true"), 1, 4);
    let mut s = State::new(&rule.fighters);
    let mut now: Priorities = [0; MAX_FIGHTERS];
    assert!(rule.priorities_now(&s, &mut now));
    assert_eq!((now[0], now[1]), (1, 4));
    s.target[1] = 0;
    assert!(rule.engaged(&s, 0) && !rule.engaged(&s, 1));
    assert!(rule.priorities_now(&s, &mut now));
    assert_eq!((now[0], now[1]), (7, 4));
    assert!(!rule.priorities_now(&s, &mut now));
    s.impacts[1] = 2;
    assert!(!rule.engaged(&s, 0));
}

/// Nobody shoots or casts in the roster's fights: the switch changes no fight, dice for
/// dice, and the exact values stay.
#[test]
fn without_a_shooter_the_switch_changes_nothing() {
    let words = "side_a=knight,soldier side_b=militia*3 rounds=6";
    let (off, on) = (
        expect_model(&SKIRMISH, words),
        expect_model(&SKIRMISH, &format!("{words} engaged_priority=true")),
    );
    assert!(!on.rule.engaged_priority && !on.rule.options);
    assert_same_fights((31, 0), 3_000, words, |d| off.sample(d), |d| on.sample(d));
    let duel = "side_a=knight side_b=militia engaged_priority=true";
    assert!(expect_model(&SKIRMISH, duel).rule.exact().is_some());
}
