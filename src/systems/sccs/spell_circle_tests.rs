//! Unit tests of the ritual circle of `sccs.spell` kept once cast (`circle_upkeep`) and
//! treated by a healer (`healer`): exact values worked by hand, a casting die of one or
//! two faces so that the casting turns are known.

use super::*;
use crate::engine::replay;
use crate::systems::sccs::SPELL;
use crate::systems::sccs::tables::SccsTables;
use crate::systems::test_support::assert_each_agrees;

const YES: u32 = 1;
const NO: u32 = crate::engine::dice::BERNOULLI_NO;

/// A circle of `casters` hit with chance `p_hit` a turn, its casting die of `faces`
/// faces, kept `max_turns` turns by `keepers`.
fn circle(casters: u32, p_hit: f64, faces: u32, keepers: CircleUpkeep, max_turns: u32) -> Upkeep {
    let mut tables = SccsTables::OFFICIAL;
    tables.spell.casting_die = i64::from(faces);
    SPELL
        .model_for(&format!(
            "keeper=circle casters={casters} p_hit={p_hit} max_turns={max_turns} circle_upkeep={}",
            match keepers {
                CircleUpkeep::None => "none",
                CircleUpkeep::All => "all",
                CircleUpkeep::One => "one",
            }
        ))
        .unwrap_or_else(|e| panic!("{e}"))
        .rule
        .with_dice(SpellDice::of(&tables))
}

impl Upkeep {
    fn with_dice(self, dice: SpellDice) -> Self {
        Self { dice, ..self }
    }
}

fn p_held(u: &Upkeep) -> f64 {
    u.exact().expect("exact").p_where(|o| !o.broken)
}

fn p_cast(u: &Upkeep) -> f64 {
    u.exact().expect("exact").p_where(|o| o.cast)
}

fn close(got: f64, want: f64, what: &str) {
    assert!((got - want).abs() < 1e-12, "{what}: {got} against {want}");
}

/// A circle of three hit with chance 1/2 a turn, cast in one turn (a casting die of one
/// face): cast when at most one is hit, 1/8 + 3/8 = 1/2, three still concentrated (1/8)
/// or two (3/8). Kept one turn:
/// - by all: from three, broken only when all three are hit (1/8); from two, when both
///   are (1/4): held 1/8 × 7/8 + 3/8 × 3/4 = 25/64;
/// - by one: the keeper and two relays, or one relay: one hit a turn at most, always
///   relayed: held 1/2, every cast spell;
/// - without circle_upkeep the casting alone: held 1/2.
///
/// Kept two turns by one, from two the keeper hit in both turns (1/4) breaks it with its
/// only relay spent: held 1/8 + 3/8 × 3/4 = 13/32.
#[test]
fn the_circle_keeps_the_spell_once_cast() {
    let none = circle(3, 0.5, 1, CircleUpkeep::None, 1);
    close(p_held(&none), 0.5, "the casting alone");
    let all = circle(3, 0.5, 1, CircleUpkeep::All, 1);
    close(p_cast(&all), 0.5, "cast");
    close(p_held(&all), 25.0 / 64.0, "kept by all");
    let one = circle(3, 0.5, 1, CircleUpkeep::One, 1);
    close(p_cast(&one), 0.5, "cast");
    close(p_held(&one), 0.5, "kept by one");
    let two_turns = circle(3, 0.5, 1, CircleUpkeep::One, 2);
    close(p_held(&two_turns), 13.0 / 32.0, "kept two turns by one");
    // Whole turns concentrated: the casting's and the keeping's, 1 + 2 when held.
    let d = two_turns.exact().unwrap();
    close(
        d.p_where(|o| !o.broken && o.held == 3),
        13.0 / 32.0,
        "held 3 turns",
    );
}

/// The switch's direction: one keeper exposes one member a turn, all of them expose
/// every member, so one keeps the spell longer, and the casting alone is the upper
/// bound of both (a kept spell may still break).
#[test]
fn one_keeper_holds_longer_than_all() {
    let all = circle(4, 0.3, 6, CircleUpkeep::All, 10);
    let one = circle(4, 0.3, 6, CircleUpkeep::One, 10);
    let none = circle(4, 0.3, 6, CircleUpkeep::None, 10);
    assert!(p_held(&one) > p_held(&all));
    assert!(p_held(&none) >= p_held(&one));
    close(p_cast(&one), p_held(&none), "cast is the casting alone");
}

/// The leader is required for the casting only: kept by all, its hit, drawn first
/// during the casting, breaks it; once cast it is one member among the others.
#[test]
fn the_leader_is_required_for_the_casting_only() {
    let led = Upkeep {
        leader_required: true,
        ..circle(3, 0.5, 1, CircleUpkeep::All, 1)
    };
    // Turn 1: the leader not hit, one of the two others hit: cast with two. Turn 2: the
    // leader hit (drawn with the others, no longer first), the other not: still one.
    let o = replay(&[1, NO, YES, NO, YES, NO], |d| led.roll(d));
    assert_eq!((o.held, o.broken, o.cast), (2, false, true));
    // The leader hit in turn 1: broken, not cast.
    let o = replay(&[1, YES], |d| led.roll(d));
    assert_eq!((o.held, o.broken, o.cast), (0, true, false));
}

/// A healer. A circle of three hit with chance 1/2, its casting die of two faces. Cast in
/// one turn: at most one hit, 1/2, healer or not (nobody is hit before turn 1). Cast in
/// two: turn 1 leaves three (1/8, then at most one of three hit in turn 2: 1/2) or two
/// (3/8); from two, without a healer any hit breaks it (no hit: 1/4); with one, the member
/// hit in turn 1 is treated at the start of turn 2 and relays, so only both hit break it
/// (3/4). Cast: 1/2 × 1/2 + 1/2 × (1/16 + 3/32) = 21/64 without, 1/2 × 1/2 + 1/2 ×
/// (1/16 + 9/32) = 27/64 with the healer.
#[test]
fn a_healer_sends_a_member_hit_back_as_a_relay() {
    let plain = circle(3, 0.5, 2, CircleUpkeep::None, 1);
    close(p_held(&plain), 21.0 / 64.0, "without a healer");
    let healed = Upkeep {
        healer: true,
        ..plain
    };
    close(p_held(&healed), 27.0 / 64.0, "with a healer");
    // By replay: casting 2 turns; turn 1 one hit (YES, NO, NO); turn 2 the treated member
    // relays the one hit (YES, NO): cast.
    let o = replay(&[2, YES, NO, NO, YES, NO], |d| healed.roll(d));
    assert_eq!((o.held, o.broken), (2, false));
    let o = replay(&[2, YES, NO, NO, YES, NO], |d| plain.roll(d));
    assert_eq!((o.held, o.broken), (1, true));
}

#[test]
fn the_switches_reach_the_upkeep() {
    let u = SPELL
        .model_for("keeper=circle circle_upkeep=one healer=true")
        .unwrap()
        .rule;
    assert_eq!((u.circle_upkeep, u.healer), (CircleUpkeep::One, true));
    let model = SPELL.model_for("keeper=circle circle_upkeep=all").unwrap();
    assert!(model.m.cast.is_some());
}

#[test]
fn monte_carlo_agrees_with_exact_on_the_circle_kept() {
    let cases: [&[&str]; 5] = [
        &["keeper=circle", "circle_upkeep=all", "p_hit=0.2"],
        &[
            "keeper=circle",
            "circle_upkeep=one",
            "p_hit=0.3",
            "relays=1",
        ],
        &["keeper=circle", "healer=true", "casters=4", "p_hit=0.3"],
        &[
            "keeper=circle",
            "circle_upkeep=one",
            "healer=true",
            "leader_required=true",
            "p_hit=0.25",
        ],
        &[
            "keeper=circle",
            "circle_upkeep=all",
            "casters=5",
            "max_turns=6",
            "p_hit=0.4",
        ],
    ];
    assert_each_agrees(cases, 4, |words| {
        crate::systems::test_support::build_with(&SPELL, words)
            .unwrap_or_else(|e| panic!("{words:?}: {e}"))
    });
}
