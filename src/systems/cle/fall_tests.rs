//! Unit tests of [`super`] (`fall.rs`), kept beside it.

use super::*;
use crate::engine::model::replay_one;
use crate::engine::replay;
use crate::systems::cle::{FALL, exact_of};
use crate::systems::test_support::{assert_mechanic_agrees, assert_rejected, close};

fn rule(words: &str) -> FallRule {
    FALL.model_for(words).unwrap().rule
}

fn fall(words: &str, dice: &[u32]) -> FallOutcome {
    let r = rule(words);
    replay(dice, |d| r.roll(d))
}

const BASE: &str = "acrobatics=4 resistance=5 volonte=5";

#[test]
fn one_die_per_full_three_metres() {
    assert_eq!(rule(&format!("height=2 {BASE}")).dice(), 0);
    assert_eq!(rule(&format!("height=3 {BASE}")).dice(), 1);
    assert_eq!(rule(&format!("height=11 {BASE}")).dice(), 3);
    // Under 3 m: no die, no test.
    assert_eq!(fall(&format!("height=2 {BASE}"), &[]).damage, 0);
}

#[test]
fn acrobatie_cancels_dice() {
    // 9 m, Acrobatie 4 + 12 = 16 >= 15: one die of three cancelled; 3 + 5 = 8 damage.
    let o = fall(&format!("height=9 {BASE}"), &[4, 4, 4, 3, 5]);
    assert_eq!((o.cancelled, o.damage, o.harm.vitality), (1, 8, 12));
    // A voluntary jump: a second test, against 10 (6 + 4): one die left.
    let o = fall(
        &format!("height=9 jump=true {BASE}"),
        &[4, 4, 4, 1, 2, 3, 6],
    );
    assert_eq!((o.cancelled, o.damage), (2, 6));
    // One roll read twice: 7 + 4 = 11 passes 10 but not 15: one die cancelled.
    let o = fall(
        &format!("height=9 jump=true jump_one_roll=true {BASE}"),
        &[2, 2, 3, 6, 6],
    );
    assert_eq!((o.cancelled, o.damage), (1, 12));
    // The highest die cancelled after the roll: 6, 2, 5 less the 6.
    let o = fall(
        &format!("height=9 cancel_highest=true {BASE}"),
        &[4, 4, 4, 6, 2, 5],
    );
    assert_eq!((o.cancelled, o.damage), (1, 7));
}

#[test]
fn a_fall_to_zero_brings_the_mal_en_point_tests() {
    // 6 m onto 5 vitality: the test fails (6 - 10), 6 + 6 = 12 damage: tests against 17.
    // Résistance: three 6 succeed; Volonté: every die on 1 fails, 2 + 3 rounds out.
    let words = "height=6 acrobatics=-10 vitality=5 resistance=5 volonte=5";
    let o = fall(words, &[1, 2, 3, 6, 6, 6, 6, 6, 1, 1, 1, 2, 3]);
    assert_eq!(o.damage, 12);
    assert!(o.harm.mal() && !o.harm.danger && o.harm.unconscious);
}

#[test]
fn exact_values_by_hand() {
    // 3 m, Acrobatie 4: 3d6 >= 11 cancels the die (1/2): mean 1.75.
    let d = exact_of(&rule(&format!("height=3 {BASE}")));
    assert!(close(d.p_where(|o| o.damage == 0), 0.5));
    let mean: f64 = d.iter().map(|(o, p)| o.damage as f64 * p).sum();
    assert!(close(mean, 1.75), "{mean}");
    // A jump adds a test against 10 (3d6 >= 6: 206 of 216): the die stays only when
    // both fail.
    let d = exact_of(&rule(&format!("height=3 jump=true {BASE}")));
    assert!(close(d.p_where(|o| o.damage > 0), 0.5 * 10.0 / 216.0));
}

#[test]
fn one_roll_read_twice_cancels_both_dice_more_often() {
    // 6 m: both dice go when the 15 and the 10 both pass: one roll, P(>= 15) = 1/2;
    // two rolls, 1/2 * 206/216.
    let none = |words: &str| exact_of(&rule(words)).p_where(|o| o.damage == 0);
    let one = none(&format!("height=6 jump=true jump_one_roll=true {BASE}"));
    let two = none(&format!("height=6 jump=true {BASE}"));
    assert!(
        close(one, 0.5) && close(two, 0.5 * 206.0 / 216.0),
        "{one} {two}"
    );
    // The mean count cancelled is the same either way (1/2 + 206/216).
    let cancelled = |words: &str| {
        let d = exact_of(&rule(words));
        d.iter().map(|(o, p)| o.cancelled as f64 * p).sum::<f64>()
    };
    let hand = 0.5 + 206.0 / 216.0;
    assert!(close(
        cancelled(&format!("height=6 jump=true jump_one_roll=true {BASE}")),
        hand
    ));
    assert!(close(
        cancelled(&format!("height=6 jump=true {BASE}")),
        hand
    ));
}

#[test]
fn cancelling_the_highest_die_saves_more() {
    // 6 m, Acrobatie 40: the test fails only on three 1 (1/216). A cancelled die not
    // rolled leaves 3.5; the lower of two dice averages 91/36.
    let mean = |words: &str| {
        let d = exact_of(&rule(words));
        d.iter().map(|(o, p)| o.damage as f64 * p).sum::<f64>()
    };
    let base = "height=6 acrobatics=40 resistance=5 volonte=5";
    let fresh = mean(base);
    let highest = mean(&format!("{base} cancel_highest=true"));
    assert!(close(fresh, 215.0 / 216.0 * 3.5 + 7.0 / 216.0), "{fresh}");
    assert!(
        close(highest, 215.0 / 216.0 * 91.0 / 36.0 + 7.0 / 216.0),
        "{highest}"
    );
}

#[test]
fn monte_carlo_agrees_with_exact() {
    let cases = [
        "height=9 acrobatics=4 resistance=5 volonte=5",
        "height=15 acrobatics=6 jump=true vitality=12 resistance=4 volonte=6",
        "height=12 acrobatics=2 jump=true jump_one_roll=true vitality=8 resistance=3 volonte=3",
        "height=18 acrobatics=5 jump=true cancel_highest=true vitality=10 resistance=6 volonte=2",
    ];
    assert_mechanic_agrees(&FALL, &cases, 10);
}

#[test]
fn model_records_its_metrics() {
    let model = FALL.model_for(&format!("height=9 {BASE}")).unwrap();
    let (_, tally) = replay_one(&model, &[4, 4, 4, 3, 5]);
    assert_eq!(
        tally.sums([
            model.m.mean_damage,
            model.m.no_damage,
            model.m.mean_cancelled
        ]),
        [8, 0, 1]
    );
    assert_eq!(tally.histogram(model.m.damage).counts(), [(8, 1)]);
}

#[test]
fn bad_input_is_an_error() {
    assert_rejected(
        &FALL,
        &[
            "height=9",
            "height=61 acrobatics=4 resistance=5 volonte=5",
            "height=9 acrobatics=4 resistance=5 volonte=5 vitality=0",
        ],
    );
}
