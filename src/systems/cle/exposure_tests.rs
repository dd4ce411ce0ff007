//! Unit tests of [`super`] (`exposure.rs`), kept beside it.

use super::*;
use crate::engine::model::replay_one;
use crate::engine::replay;
use crate::engine::{Model, Roll};
use crate::systems::cle::{ASPHYXIA, FIRE, exact_of};
use crate::systems::test_support::{assert_mechanic_agrees, assert_rejected, close, expect_model};

fn fire(words: &str) -> ExposureRule {
    FIRE.model_for(words).unwrap().rule
}

fn asphyxia(words: &str) -> ExposureRule {
    ASPHYXIA.model_for(words).unwrap().rule
}

#[test]
fn a_fire_wounds_every_round() {
    // A campfire, 5 vitality: 2 + 1, then 3 + 4 reaches 0 in round 2; tests against
    // 12: Résistance 12 + 5 passes, Volonté 5 + 5 fails (unconscious 1 + 1 rounds).
    let r = fire("rounds=2 vitality=5 resistance=5 volonte=5");
    let o = replay(&[2, 1, 3, 4, 4, 4, 4, 1, 2, 2, 1, 1], |d| r.roll(d));
    assert_eq!(o.mal_round, Some(2));
    assert!(o.harm.unconscious && !o.harm.danger && o.harm.vitality == 0);
    assert_eq!(o.breathless, None);
}

#[test]
fn every_round_at_zero_is_a_later_wound() {
    // A torch on 1 vitality. Round 1: 3 damage, tests against 8: three 1 fail (death
    // round 5), 9 + 5 passes. Round 2: 2 damage, -5 against 7: three 6 pass, 9 + 5 - 5
    // passes. Round 3: 1 damage, -10 against 6: 17 + 5 - 10 passes, 7 + 5 - 10 fails
    // (it would pass at -5; 3 + 3 rounds out). Both tests have now failed: the wounds
    // count as 1.
    let r = fire("fire=torch rounds=3 vitality=1 resistance=5 volonte=5");
    let rolls = [
        3, 1, 1, 1, 5, 3, 3, 3, // round 1
        2, 6, 6, 6, 3, 3, 3, // round 2
        1, 6, 6, 5, 2, 2, 3, 3, 3, // round 3
    ];
    let o = replay(&rolls, |d| r.roll(d));
    assert_eq!((o.mal_round, o.harm.wounds), (Some(1), 1));
    assert!(o.harm.danger && o.harm.unconscious);
}

#[test]
fn once_both_tests_have_failed_nothing_more_is_rolled() {
    // Round 1 as above but the Volonté test fails too (1 + 1 + 1, then 2 + 2 rounds
    // out): rounds 2 and 3 roll no dice, and the wounds count as 1.
    let r = fire("fire=torch rounds=3 vitality=1 resistance=5 volonte=5");
    let o = replay(&[3, 1, 1, 1, 5, 1, 1, 1, 2, 2], |d| r.roll(d));
    assert_eq!((o.mal_round, o.harm.wounds), (Some(1), 1));
    assert!(o.harm.danger && o.harm.unconscious);
}

#[test]
fn asphyxia_holds_a_minute_then_tests() {
    assert_eq!(ExposureRule::breath_difficulty(11), 15);
    assert_eq!(ExposureRule::breath_difficulty(20), 15);
    assert_eq!(ExposureRule::breath_difficulty(21), 20);
    assert_eq!(ExposureRule::breath_difficulty(31), 25);
    // Ten rounds without a roll; round 11: 1 + 2 + 3 + 5 = 11 fails against 15; round
    // 12: 1d6 of damage.
    let r = asphyxia("rounds=12 resistance=5 volonte=5");
    let o = replay(&[1, 2, 3, 4], |d| r.roll(d));
    assert_eq!((o.breathless, o.harm.vitality), (Some(11), 16));
    // Two passed tests (17 and 16): no damage.
    let o = replay(&[4, 4, 4, 4, 4, 3], |d| r.roll(d));
    assert_eq!((o.breathless, o.harm.vitality), (None, 20));
}

#[test]
fn exact_values_by_hand() {
    // Résistance 5 against 15 passes on 3d6 >= 10: 0.625 a round.
    let d = exact_of(&asphyxia("rounds=11 resistance=5 volonte=5"));
    assert!(close(d.p_where(|o| o.breathless.is_some()), 0.375));
    let d = exact_of(&asphyxia("rounds=12 resistance=5 volonte=5"));
    assert!(close(
        d.p_where(|o| o.breathless.is_some()),
        1.0 - 0.625 * 0.625
    ));
    let left: f64 = d.iter().map(|(o, p)| o.harm.vitality as f64 * p).sum();
    assert!(close(left, 20.0 - 3.5 * 0.375), "{left}");
    // A torch on 3 vitality for one round: 0 on 3..=6; tests against 5 + d fail on 3d6
    // < d or three 1: 1, 1, 4, 10 of 216 for d = 3, 4, 5, 6.
    let d = exact_of(&fire(
        "fire=torch rounds=1 vitality=3 resistance=5 volonte=5",
    ));
    assert!(close(d.p_where(|o| o.harm.mal()), 4.0 / 6.0));
    assert!(close(d.p_where(|o| o.harm.danger), 16.0 / 1296.0));
    assert!(close(d.p_where(|o| o.harm.unconscious), 16.0 / 1296.0));
}

#[test]
fn bigger_fires_and_longer_exposures_kill_more() {
    let danger = |words: &str| exact_of(&fire(words)).p_where(|o| o.harm.danger);
    let base = "vitality=15 resistance=5 volonte=5";
    let torch = danger(&format!("fire=torch rounds=4 {base}"));
    let campfire = danger(&format!("fire=campfire rounds=4 {base}"));
    let blaze = danger(&format!("fire=blaze rounds=4 {base}"));
    assert!(
        torch < campfire && campfire < blaze,
        "{torch} {campfire} {blaze}"
    );
    assert!(danger(&format!("fire=campfire rounds=6 {base}")) > campfire);
}

#[test]
fn exact_probabilities_sum_to_one() {
    for r in [
        fire("fire=blaze rounds=10 vitality=30 resistance=6 volonte=4"),
        asphyxia("rounds=60 vitality=10 resistance=4 volonte=4"),
    ] {
        let d = exact_of(&r);
        let total: f64 = d.iter().map(|(_, p)| p).sum();
        assert!(close(total + d.tail(), 1.0) && d.tail() < 1e-12, "{total}");
    }
}

#[test]
fn monte_carlo_agrees_with_exact() {
    let fires = [
        "rounds=4 vitality=12 resistance=5 volonte=5",
        "fire=blaze rounds=3 vitality=20 resistance=7 volonte=3",
    ];
    assert_mechanic_agrees(&FIRE, &fires, 5);
    let asphyxia = ["rounds=25 vitality=8 resistance=4 volonte=6"];
    assert_mechanic_agrees(&ASPHYXIA, &asphyxia, 10);
}

#[test]
fn model_records_its_metrics() {
    let model = expect_model(&ASPHYXIA, "rounds=12 resistance=5 volonte=5");
    let (_, tally) = replay_one(&model, &[1, 2, 3, 4]);
    let (needs_air, mean, hist) = model.m.breath.unwrap();
    assert_eq!(tally.sums([needs_air, mean]), [1, 11]);
    assert_eq!(tally.histogram(hist).counts(), [(11, 1)]);
    assert_eq!(tally.metric(model.m.vitality_left).sum, 16);
    assert_eq!(tally.metric(model.m.mean_mal_round).n, 0);
    // A fire has no breath metrics.
    let fire = FIRE.model_for("resistance=5 volonte=5").unwrap();
    assert!(fire.m.breath.is_none());
    assert!(fire.layout().metric_id("needs_air").is_none());
}

#[test]
fn bad_input_is_an_error() {
    assert_rejected(
        &FIRE,
        &[
            "rounds=3",
            "fire=lava resistance=5 volonte=5",
            "rounds=0 resistance=5 volonte=5",
        ],
    );
    assert!(
        ASPHYXIA
            .model_for("rounds=121 resistance=5 volonte=5")
            .is_err()
    );
}

/// A mean with no spread in its sample keeps an interval within its declared range that
/// holds the exact mean, from the declared range alone (no exact values used).
#[test]
fn rare_harm_keeps_an_honest_interval_in_the_declared_range() {
    use crate::systems::test_support::assert_declared_ranges_hold;
    // 3d6 for one round on 4 vitality: 1 left only on three 1s (1/216); none in 100.
    let model = FIRE
        .model_for("fire=blaze rounds=1 vitality=4 resistance=5 volonte=5")
        .unwrap();
    let [left] = assert_declared_ranges_hold(&model, 1, 100, &["mean_vitality_left"])
        .try_into()
        .unwrap();
    assert_eq!(left.estimate, 0.0, "no spread in the sample");
    // Without air for 12 rounds, Résistance 16: only three 1s (1/216) at round 11 take
    // 1d6 at round 12; none in 50, so every character keeps its 20.
    let model = ASPHYXIA
        .model_for("rounds=12 vitality=20 resistance=16 volonte=5")
        .unwrap();
    let [left] = assert_declared_ranges_hold(&model, 1, 50, &["mean_vitality_left"])
        .try_into()
        .unwrap();
    assert_eq!(left.estimate, 20.0, "no spread in the sample");
    // The rounds of a case where some need air, each within 1..=rounds.
    let model = ASPHYXIA
        .model_for("rounds=14 vitality=6 resistance=0 volonte=5")
        .unwrap();
    assert_declared_ranges_hold(
        &model,
        2,
        2000,
        &["mean_breath_round", "mean_mal_round", "mean_vitality_left"],
    );
}
