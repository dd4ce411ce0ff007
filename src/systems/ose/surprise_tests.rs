//! Unit tests of `ose.surprise` and `ose.distance` (a sibling file of `surprise.rs`).

use super::*;
use crate::engine::Model;
use crate::engine::model::{exact_tally, replay_one};
use crate::engine::{Dist, ExactTally};
use crate::systems::ose::{DISTANCE, SURPRISE};
use crate::systems::test_support::{assert_mechanic_agrees, assert_rejected, close};

fn surprise(words: &str) -> (SurpriseModel, ExactTally) {
    let model = SURPRISE
        .model_for(words)
        .unwrap_or_else(|e| panic!("{words}: {e}"));
    let dist = model
        .exact()
        .unwrap_or_else(|| Dist::certain(Surprise::NONE));
    let tally = exact_tally(&model, &model.layout(), &dist);
    (model, tally)
}

fn distance(words: &str) -> (DistanceModel, ExactTally) {
    let model = DISTANCE
        .model_for(words)
        .unwrap_or_else(|e| panic!("{words}: {e}"));
    let dist = model.exact().unwrap_or_else(|| Dist::certain(START_NONE));
    let tally = exact_tally(&model, &model.layout(), &dist);
    (model, tally)
}

const START_NONE: Start = Start {
    surprise: Surprise::NONE,
    close: false,
    metres: 0,
};

#[test]
fn the_sheets_surprise_by_hand() {
    let (model, t) = surprise("");
    let v = |id| t.value(id).unwrap_or(f64::NAN);
    // Each side: 2 in 6 = 1/3; both 1/9; neither (2/3)^2 = 4/9; only one side 2/9 each.
    assert!(close(v(model.m.party), 1.0 / 3.0));
    assert!(close(v(model.m.monsters), 1.0 / 3.0));
    assert!(close(v(model.m.both), 1.0 / 9.0));
    assert!(close(v(model.m.neither), 4.0 / 9.0));
    assert!(close(v(model.m.party_only), 2.0 / 9.0));
    assert!(close(v(model.m.monsters_only), 2.0 / 9.0));
    // Wary monsters surprised on 1 only, a party that cannot be surprised.
    let (model, t) = surprise("party=0 monsters=1");
    let v = |id| t.value(id).unwrap_or(f64::NAN);
    assert!(close(v(model.m.party), 0.0));
    assert!(close(v(model.m.monsters_only), 1.0 / 6.0));
    assert!(close(v(model.m.neither), 5.0 / 6.0));
}

#[test]
fn surprised_on_one_or_two() {
    let model = SURPRISE.model_for("").unwrap_or_else(|e| panic!("{e}"));
    for (dice, party, monsters) in [
        ([1, 3], true, false),
        ([2, 2], true, true),
        ([3, 6], false, false),
        ([6, 1], false, true),
    ] {
        let (s, tally) = replay_one(&model, &dice);
        assert_eq!(s, Surprise { party, monsters }, "{dice:?}");
        let only = i64::from(party && !monsters);
        assert_eq!(tally.metric(model.m.party_only).sum, only);
    }
}

#[test]
fn dungeon_distance_by_hand() {
    let (model, t) = distance("");
    // 2d6 x 3 m: mean 21 m; 6 m on 1/36, 21 m on 6/36; at most 30 m: 2d6 <= 10, 33/36.
    assert!(close(t.value(model.m.mean).unwrap_or(0.0), 21.0));
    let h = t.histogram(model.m.distance);
    assert!(close(h[&6], 1.0 / 36.0));
    assert!(close(h[&21], 6.0 / 36.0));
    assert!(close(h[&36], 1.0 / 36.0));
    assert_eq!(h.len(), 11);
    assert!(close(t.value(model.m.within).unwrap_or(0.0), 33.0 / 36.0));
    // Surprise does not bring a dungeon encounter closer.
    assert!(close(t.value(model.m.close).unwrap_or(1.0), 0.0));
    let (given, t) = distance("surprise=surprised");
    assert!(close(t.value(given.m.mean).unwrap_or(0.0), 21.0));
}

#[test]
fn outdoor_distance_by_hand() {
    // Nobody surprised: 4d6 x 10 m, mean 140 m, 40 m on 1/1296.
    let (model, t) = distance("setting=outdoors surprise=none");
    assert!(close(t.value(model.m.mean).unwrap_or(0.0), 140.0));
    assert!(close(t.histogram(model.m.distance)[&40], 1.0 / 1296.0));
    // At most 60 m: 4d6 <= 6, 15/1296.
    let (model, t) = distance("setting=outdoors surprise=none within=60");
    assert!(close(t.value(model.m.within).unwrap_or(0.0), 15.0 / 1296.0));
    // Surprised: 1d4 x 10 m, uniform on 10..40, mean 25 m.
    let (model, t) = distance("setting=outdoors surprise=surprised");
    assert!(close(t.value(model.m.mean).unwrap_or(0.0), 25.0));
    assert!(close(t.histogram(model.m.distance)[&30], 0.25));
    assert!(close(t.value(model.m.within).unwrap_or(0.0), 0.75));
    // Rolled, either side: close with 1 - 4/9 = 5/9; mean 5/9 x 25 + 4/9 x 140 = 685/9.
    let (model, t) = distance("setting=outdoors");
    assert!(close(t.value(model.m.close).unwrap_or(0.0), 5.0 / 9.0));
    assert!(close(t.value(model.m.mean).unwrap_or(0.0), 685.0 / 9.0));
    assert!(close(t.histogram(model.m.distance)[&10], 5.0 / 36.0));
}

#[test]
fn close_if_picks_whose_surprise_counts() {
    // The stricter the reading, the rarer the close distance: either 5/9, one side 1/3,
    // both 1/9; and the farther the mean.
    let mut means = Vec::new();
    for (rule, p) in [
        ("either", 5.0 / 9.0),
        ("party", 1.0 / 3.0),
        ("monsters", 1.0 / 3.0),
        ("both", 1.0 / 9.0),
    ] {
        let (model, t) = distance(&format!("setting=outdoors close_if={rule}"));
        assert!(close(t.value(model.m.close).unwrap_or(0.0), p), "{rule}");
        let mean = t.value(model.m.mean).unwrap_or(0.0);
        assert!(close(mean, p * 25.0 + (1.0 - p) * 140.0), "{rule}");
        means.push(mean);
    }
    assert!(means[0] < means[1] && means[1] < means[3]);
}

#[test]
fn rigged_encounters() {
    let outdoors = DISTANCE
        .model_for("setting=outdoors")
        .unwrap_or_else(|e| panic!("{e}"));
    // Party's d6 1: surprised; monsters' 5; then 1d4 = 3: 30 m.
    let (s, tally) = replay_one(&outdoors, &[1, 5, 3]);
    assert_eq!((s.close, s.metres), (true, 30));
    assert_eq!(tally.metric(outdoors.m.within).sum, 1);
    // Nobody surprised (4, 5): 4d6 = 1 + 2 + 3 + 4 = 10: 100 m.
    let (s, tally) = replay_one(&outdoors, &[4, 5, 1, 2, 3, 4]);
    assert_eq!((s.close, s.metres), (false, 100));
    assert_eq!(tally.metric(outdoors.m.within).sum, 0);
    // Only the monsters surprised counts under close_if=party: 4d6 again.
    let party = DISTANCE
        .model_for("setting=outdoors close_if=party")
        .unwrap_or_else(|e| panic!("{e}"));
    let (s, _) = replay_one(&party, &[3, 2, 6, 6, 6, 6]);
    assert_eq!((s.surprise.monsters, s.close, s.metres), (true, false, 240));
    // A dungeon: both surprised (1, 1), 2d6 = 12: 36 m.
    let dungeon = DISTANCE.model_for("").unwrap_or_else(|e| panic!("{e}"));
    let (s, _) = replay_one(&dungeon, &[1, 1, 6, 6]);
    assert_eq!((s.close, s.metres), (false, 36));
    // Surprise given: no surprise dice, 1d4 = 1: 10 m.
    let given = DISTANCE
        .model_for("setting=outdoors surprise=surprised")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(replay_one(&given, &[1]).0.metres, 10);
}

#[test]
fn bad_input_is_an_error() {
    assert_rejected(
        &DISTANCE,
        &[
            "setting=cave",
            "surprise=maybe",
            "party=7",
            "party=3 surprise=none",
            "monsters=1 surprise=surprised",
            "close_if=party",
            "setting=outdoors surprise=none close_if=both",
            "within=-1",
        ],
    );
    assert_rejected(&SURPRISE, &["party=7"]);
    let both = DISTANCE.model_for("setting=outdoors close_if=both party=3");
    assert!(both.is_ok());
}

#[test]
fn monte_carlo_agrees_with_exact() {
    assert_mechanic_agrees(
        &SURPRISE,
        &["", "party=0 monsters=4", "party=6 monsters=1"],
        6,
    );
    let distances = [
        "",
        "setting=outdoors",
        "setting=outdoors close_if=both party=3",
        "setting=outdoors surprise=none within=120",
        "setting=outdoors surprise=surprised",
    ];
    assert_mechanic_agrees(&DISTANCE, &distances, 7);
}
