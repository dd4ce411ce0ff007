use super::*;
use crate::engine::model::replay_one;
use crate::engine::{Dist, Roll, replay, simulation};
use crate::systems::maitrise::TEST;
use crate::systems::maitrise::resolution::{Degree, Prepared, Target, TestModel};
use crate::systems::test_support::{assert_each_agrees, assert_rejected, close};

const BANDS: Scale = Scale::D100(D100Criticals::Bands);
const FACES: Scale = Scale::D100(D100Criticals::Faces);

#[test]
fn a_d20_face_is_itself() {
    for face in 1..=20 {
        assert_eq!(Scale::D20.band(face), face);
        assert!(Scale::D20.names(face, face));
    }
    assert_eq!(Scale::D20.factor(), 1);
}

#[test]
fn bands_cover_five_faces_each() {
    assert_eq!(BANDS.factor(), 5);
    for (face, k) in [
        (1, 1),
        (5, 1),
        (6, 2),
        (51, 11),
        (55, 11),
        (46, 10),
        (50, 10),
    ] {
        assert!(BANDS.names(face, k), "{face} is the {k}");
    }
    assert_eq!(BANDS.band(96), 20);
    assert_eq!(BANDS.band(95), 19);
    assert!(!BANDS.names(56, 11));
}

#[test]
fn faces_are_multiplied_by_five() {
    for (face, k) in [(5, 1), (55, 11), (50, 10), (100, 20), (95, 19), (10, 2)] {
        assert!(FACES.names(face, k), "{face} is the {k}");
    }
    for face in [1, 51, 54, 96, 99] {
        assert_eq!(FACES.named(face), None, "{face}");
    }
    // The ranges still read by bands.
    assert_eq!(FACES.band(96), 20);
}

/// A d100 target at `sm` with the reading `criticals`.
fn d100(sm: i64, criticals: D100Criticals) -> Target {
    Target::at_most(sm).on(Scale::D100(criticals))
}

/// The exact distribution of one roll at `target`, enumerated from its sampling code.
fn exact(target: Target) -> Dist<Degree> {
    Prepared::new(target).exact().unwrap()
}

/// (crit_success, success, crit_failure) of one roll at `target`, exact.
fn chances(target: Target) -> [f64; 3] {
    let d = exact(target);
    [
        d.p(&Degree::CritSuccess),
        d.p_where(|o| o.is_success()),
        d.p(&Degree::CritFailure),
    ]
}

/// True when each of `got` is `want`, in hundredths (d100 faces).
fn in_hundredths(got: [f64; 3], want: [f64; 3]) -> bool {
    got.iter().zip(want).all(|(&g, w)| close(g, w / 100.0))
}

/// The degree of one rigged roll at `target`.
fn rigged(target: Target, dice: &[u32]) -> Degree {
    replay(dice, |d| Prepared::new(target).roll(d))
}

#[test]
fn bands_at_a_multiple_of_five_are_the_d20_game() {
    // Every d20 face is five d100 faces: at 5k the d100 game is the d20 game at k,
    // criticals and extreme scores included.
    for k in -20..=30 {
        let (d100, d20) = (
            exact(d100(5 * k, D100Criticals::Bands)),
            exact(Target::at_most(k)),
        );
        for degree in [
            Degree::CritFailure,
            Degree::Failure,
            Degree::Success,
            Degree::CritSuccess,
        ] {
            assert!(
                close(d100.p(&degree), d20.p(&degree)),
                "sm {k} (d20) and {} (d100): {degree:?}",
                5 * k
            );
        }
    }
}

#[test]
fn the_usual_range_by_hand() {
    use D100Criticals::{Bands, Faces};
    // sm 53, bands: 01-53 succeed, critically on 01-05 and 51-53 (8); 54-100 fail,
    // critically on 96-100 (46-50 succeed): 5.
    assert!(in_hundredths(chances(d100(53, Bands)), [8.0, 53.0, 5.0]));
    // sm 48, bands: critical successes 01-05 (51-55 fail), critical failures 49, 50 and
    // 96-100: 7.
    assert!(in_hundredths(chances(d100(48, Bands)), [5.0, 48.0, 7.0]));
    // Faces: 05 and 55 are the critical successes, 50 and 100 the critical failures.
    // sm 53: 05 (55 fails) and 100 (50 succeeds); sm 55: 05 and 55, and 100; sm 48: 05,
    // and 50 and 100.
    assert!(in_hundredths(chances(d100(53, Faces)), [1.0, 53.0, 1.0]));
    assert!(in_hundredths(chances(d100(55, Faces)), [2.0, 55.0, 1.0]));
    assert!(in_hundredths(chances(d100(48, Faces)), [1.0, 48.0, 2.0]));
    // Rigged.
    assert_eq!(rigged(d100(55, Bands), &[51]), Degree::CritSuccess);
    assert_eq!(rigged(d100(55, Bands), &[56]), Degree::Failure);
    assert_eq!(rigged(d100(48, Bands), &[47]), Degree::Success);
    assert_eq!(rigged(d100(48, Bands), &[49]), Degree::CritFailure);
    assert_eq!(rigged(d100(55, Faces), &[51]), Degree::Success);
    assert_eq!(rigged(d100(55, Faces), &[55]), Degree::CritSuccess);
    assert_eq!(rigged(d100(48, Faces), &[49]), Degree::Failure);
    assert_eq!(rigged(d100(48, Faces), &[50]), Degree::CritFailure);
}

#[test]
fn extreme_scores_by_hand() {
    use D100Criticals::{Bands, Faces};
    // sm 100: 01-95 succeed, 96-100 call for a second die, which fails above 50 and
    // critically above 80: success 95 + 5 x 50/100 = 97.5, critical failure 5 x 20/100
    // = 1, either reading; the critical successes are 01-05 and 51-55 (10) with bands, 05
    // and 55 (2) with faces.
    assert!(in_hundredths(chances(d100(100, Bands)), [10.0, 97.5, 1.0]));
    assert!(in_hundredths(chances(d100(100, Faces)), [2.0, 97.5, 1.0]));
    // sm 150: r > 100 never happens; only the always-rules fail: bands 91-100 (critically
    // 96-100), faces 95 and 100 (critically 100).
    assert!(in_hundredths(chances(d100(150, Bands)), [10.0, 99.5, 0.25]));
    assert!(in_hundredths(chances(d100(150, Faces)), [2.0, 99.9, 0.05]));
    assert_eq!(rigged(d100(150, Faces), &[97, 95]), Degree::Failure);
    assert_eq!(rigged(d100(150, Faces), &[97, 96]), Degree::Success);
    assert_eq!(rigged(d100(150, Faces), &[97, 100]), Degree::CritFailure);
    assert_eq!(rigged(d100(150, Bands), &[97, 91]), Degree::Failure);
    assert_eq!(rigged(d100(150, Bands), &[97, 96]), Degree::CritFailure);
    // sm 3: 06-100 fail; 01-05 call for a second die, which succeeds up to 53 and
    // critically up to 23: success 5 x 53/100 = 2.65, critical 5 x 23/100 = 1.15 either
    // way; the critical failures are 46-50 and 96-100 (10) with bands, 50 and 100 (2)
    // with faces.
    assert!(in_hundredths(chances(d100(3, Bands)), [1.15, 2.65, 10.0]));
    assert!(in_hundredths(chances(d100(3, Faces)), [1.15, 2.65, 2.0]));
    assert_eq!(rigged(d100(3, Bands), &[4, 53]), Degree::Success);
    assert_eq!(rigged(d100(3, Bands), &[4, 54]), Degree::Failure);
    assert_eq!(rigged(d100(3, Bands), &[2, 23]), Degree::CritSuccess);
    assert_eq!(rigged(d100(3, Faces), &[6]), Degree::Failure);
    // sm -60: r <= -10 never happens; only the always-rules succeed: bands 01-10
    // (critically 01-05), faces 05 and 10 (critically 05).
    assert!(in_hundredths(chances(d100(-60, Bands)), [0.25, 0.5, 10.0]));
    assert!(in_hundredths(chances(d100(-60, Faces)), [0.05, 0.1, 2.0]));
}

#[test]
fn the_score_and_the_automatic_malus_are_in_d100_points() {
    let model = |words: &str| TEST.model_for(words).unwrap();
    // Perception 45 and skill 0 (the d20's 9 times five): 45 - 25 = 20, success 20%.
    let target = model("characteristic=45 skill=0 d100=true").rule.target();
    assert_eq!(target, d100(20, D100Criticals::Bands));
    // Red at poker, times five: 45 + 0 - 25 - 15 = 5, as the d20's sm 1: 2.75% success.
    let poker = model("characteristic=45 skill=0 malus=15 d100=true d100_criticals=faces");
    assert_eq!(poker.rule.target(), d100(5, D100Criticals::Faces));
    assert!(close(chances(poker.rule.target())[1], 0.0275));
    let (degree, _) = replay_one(&poker, &[3, 55]);
    assert_eq!(degree, Degree::Success);
}

#[test]
fn bad_d100_input_is_an_error() {
    assert_rejected(&TEST, &["sm=50 d100_criticals=faces", "sm=50 d100=maybe"]);
    assert!(
        TEST.model_for("sm=50 d100=true d100_criticals=faces")
            .is_ok()
    );
}

#[test]
fn monte_carlo_agrees_with_exact_on_the_d100() {
    use D100Criticals::{Bands, Faces};
    let targets = [
        (3, Bands),
        (48, Faces),
        (53, Bands),
        (100, Faces),
        (150, Bands),
    ]
    .map(|(sm, c)| d100(sm, c));
    assert_each_agrees(targets, 5, |target| {
        simulation(TestModel::new(Prepared::new(target)))
    });
}
