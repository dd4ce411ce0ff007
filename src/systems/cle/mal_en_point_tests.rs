//! Unit tests of [`super`] (`mal_en_point.rs`), kept beside it.

use super::*;
use crate::engine::model::replay_one;
use crate::engine::replay;
use crate::systems::cle::{MAL_EN_POINT, exact_of};
use crate::systems::test_support::{assert_mechanic_agrees, assert_rejected, close, expect_model};

fn rule(words: &str) -> MalRule {
    MAL_EN_POINT.model_for(words).unwrap().rule
}

#[test]
fn both_tests_against_five_plus_damage() {
    // 6 damage: both tests against 11. Résistance 1 + 1 + 2 + 5 = 9 fails: death at the
    // end of the 4th round; Volonté 2 + 2 + 2 + 3 = 9 fails: unconscious 3 + 5 rounds.
    let r = rule("damage=6 resistance=5 volonte=3");
    let o = replay(&[1, 1, 2, 4, 2, 2, 2, 3, 5], |d| r.roll(d));
    assert_eq!(
        o,
        MalOutcome {
            blow: Blow {
                dies_in: 4,
                out_for: 8
            },
            saved: false
        }
    );
    // Both pass: 3 + 3 + 3 + 5 = 14 and 2 + 3 + 3 + 3 = 11.
    let o = replay(&[3, 3, 3, 2, 3, 3], |d| r.roll(d));
    assert_eq!(o.blow, Blow::default());
    // Every die on 1 fails whatever the skill.
    let strong = rule("damage=0 resistance=30 volonte=30");
    let o = replay(&[1, 1, 1, 6, 4, 4, 4], |d| strong.roll(d));
    assert_eq!(o.blow.dies_in, 6);
}

#[test]
fn first_aid_saves_the_dying() {
    // Dying (1 + 1 + 2 + 5 < 11, 3 rounds left); Volonté passes; the healer's Soins
    // 5 + 15 = 20 succeeds at once.
    let r = rule("damage=6 resistance=5 volonte=3 healer=5");
    let o = replay(&[1, 1, 2, 3, 6, 6, 6, 5, 5, 5], |d| r.roll(d));
    assert!(o.saved && o.blow.dies_in == 3);
    // One try only by default: a failed Soins test leaves the character to die.
    let o = replay(&[1, 1, 2, 3, 6, 6, 6, 1, 2, 3], |d| r.roll(d));
    assert!(!o.saved);
    // With aid_retry, one try per round until the death (3 rounds: the third succeeds).
    let retry = rule("damage=6 resistance=5 volonte=3 healer=5 aid_retry=true");
    let rolls = [1, 1, 2, 3, 6, 6, 6, 1, 2, 3, 1, 2, 3, 5, 5, 5];
    assert!(replay(&rolls, |d| retry.roll(d)).saved);
    // No healer tries for a character who is not dying.
    let o = replay(&[6, 6, 1, 6, 6, 6], |d| r.roll(d));
    assert!(!o.saved && o.blow.dies_in == 0);
}

#[test]
fn exact_values_by_hand() {
    // Against 11: Résistance 5 fails on 3d6 <= 5 (10 of 216), Volonté 3 on 3d6 <= 7 (35).
    let d = exact_of(&rule("damage=6 resistance=5 volonte=3"));
    let danger = d.p_where(|o| o.blow.dies_in > 0);
    let out = d.p_where(|o| o.blow.out_for > 0);
    assert!(close(danger, 10.0 / 216.0), "{danger}");
    assert!(close(out, 35.0 / 216.0), "{out}");
    let acting = d.p_where(|o| o.blow == Blow::default());
    assert!(close(acting, 206.0 * 181.0 / 46656.0));
    // Each death round 1..=6 is equally likely; 2d6 rounds unconscious.
    assert!(close(d.p_where(|o| o.blow.dies_in == 4), danger / 6.0));
    assert!(close(d.p_where(|o| o.blow.out_for == 7), out / 6.0));
    // A later wound: -5, Résistance 0 against 11 fails half the time.
    let later = exact_of(&rule("damage=6 resistance=5 volonte=3 later_wounds=1"));
    assert!(close(later.p_where(|o| o.blow.dies_in > 0), 0.5));
}

#[test]
fn retrying_first_aid_saves_more() {
    // Soins 5 against 20: 3d6 >= 15, 20 of 216. Once: 20/216; every round of the 1d6:
    // the mean over d of 1 - (196/216)^d.
    let saved = |words: &str| {
        let d = exact_of(&rule(words));
        let danger = d.p_where(|o| o.blow.dies_in > 0);
        (
            d.p_where(|o| o.saved) / danger,
            d.p_where(|o| o.blow.dies_in > 0 && !o.saved),
        )
    };
    let (once, dies_once) = saved("damage=6 resistance=5 volonte=3 healer=5");
    assert!(close(once, 20.0 / 216.0), "{once}");
    assert!(close(dies_once, 10.0 / 216.0 * 196.0 / 216.0));
    let (every, dies_every) = saved("damage=6 resistance=5 volonte=3 healer=5 aid_retry=true");
    let q: f64 = 196.0 / 216.0;
    let hand = (1..=6).map(|d| 1.0 - q.powi(d)).sum::<f64>() / 6.0;
    assert!(close(every, hand), "{every} against {hand}");
    assert!(every > once && dies_every < dies_once);
}

#[test]
fn a_hero_point_die_helps_both_tests() {
    let danger = |words: &str| exact_of(&rule(words)).p_where(|o| o.blow.dies_in > 0);
    let three = danger("damage=10 resistance=4 volonte=4");
    let four = danger("damage=10 resistance=4 volonte=4 dice=4");
    // 3d6 + 4 >= 15 needs 11+: 108 of 216 fail.
    assert!(close(three, 108.0 / 216.0));
    assert!(four < three - 0.2, "{four}");
}

#[test]
fn a_hero_point_once_per_turn_helps_one_test() {
    // Damage 6, Résistance and Volonté 5: each test fails on 3d6 <= 10, 10/216 with 3d6
    // and 5/1296 with 4d6 (all 1 or a sum of 10 or less).
    let acting = |words: &str| {
        exact_of(&rule(words)).p_where(|o| o.blow.dies_in == 0 && o.blow.out_for == 0)
    };
    let (f3, f4) = (10.0 / 216.0, 5.0 / 1296.0);
    let both = acting("damage=6 resistance=5 volonte=5 dice=4");
    let once = acting("damage=6 resistance=5 volonte=5 dice=4 hero_once=true");
    assert!(close(both, (1.0 - f4) * (1.0 - f4)), "{both}"); // 0.992
    assert!(close(once, (1.0 - f4) * (1.0 - f3)), "{once}"); // 0.950
    assert!((both - 0.9923).abs() < 1e-4 && (once - 0.9500).abs() < 1e-4);
    let danger = |words: &str| exact_of(&rule(words)).p_where(|o| o.blow.dies_in > 0);
    assert!(close(
        danger("damage=6 resistance=5 volonte=5 dice=4 hero_once=true"),
        f4
    ));
}

#[test]
fn monte_carlo_agrees_with_exact() {
    let cases = [
        "damage=6 resistance=5 volonte=3",
        "damage=12 resistance=6 volonte=8 later_wounds=1 dice=4",
        "damage=9 resistance=3 volonte=3 healer=6",
        "damage=8 resistance=4 volonte=2 dice=4 hero_once=true",
        "damage=9 resistance=3 volonte=3 healer=6 aid_retry=true",
    ];
    assert_mechanic_agrees(&MAL_EN_POINT, &cases, 10);
}

#[test]
fn model_records_its_metrics() {
    let model = expect_model(&MAL_EN_POINT, "damage=6 resistance=5 volonte=3");
    let (_, tally) = replay_one(&model, &[1, 1, 2, 4, 2, 2, 2, 3, 5]);
    assert_eq!(
        tally.sums([
            model.m.danger,
            model.m.unconscious,
            model.m.still_acting,
            model.m.dies
        ]),
        [1, 1, 0, 1]
    );
    assert_eq!(tally.metric(model.m.saved).n, 1);
    assert_eq!(
        tally.sums([model.m.mean_death_round, model.m.mean_unconscious_rounds]),
        [4, 8]
    );
    let rounds: Vec<_> = tally.histogram(model.m.death_round).iter().collect();
    assert_eq!(rounds, [(4, 1)]);
    // Both tests passed: nothing given danger or unconsciousness is recorded.
    let (_, tally) = replay_one(&model, &[3, 3, 3, 2, 3, 3]);
    assert_eq!(tally.metric(model.m.still_acting).sum, 1);
    assert_eq!(tally.metric(model.m.saved).n, 0);
    assert_eq!(tally.histogram(model.m.unconscious_rounds).total(), 0);
}

#[test]
fn bad_input_is_an_error() {
    assert_rejected(
        &MAL_EN_POINT,
        &[
            "damage=6 resistance=5",
            "damage=-1 resistance=5 volonte=5",
            "damage=6 resistance=5 volonte=5 dice=5",
            "damage=6 resistance=5 volonte=5 later_wounds=11",
        ],
    );
}
