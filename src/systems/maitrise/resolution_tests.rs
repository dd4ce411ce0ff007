use super::*;
use crate::engine::model::exact_tally;
use crate::engine::{Dist, Model};
use crate::engine::{replay, simulation};
use crate::systems::maitrise::TEST;
use crate::systems::test_support::{assert_each_agrees, assert_rejected, close};

/// The exact distribution of one roll at a target, derived from [`Prepared::roll`].
trait Exact {
    fn exact(self) -> Dist<Degree>;
}

impl Exact for Target {
    fn exact(self) -> Dist<Degree> {
        crate::engine::Roll::exact(&Prepared::new(self)).unwrap()
    }
}

fn roll(sm: i64, dice: &[u32]) -> Degree {
    replay(dice, |d| Prepared::new(Target::at_most(sm)).roll(d))
}

fn roll_below(sm: i64, dice: &[u32]) -> Degree {
    replay(dice, |d| Prepared::new(Target::below(sm)).roll(d))
}

fn p(sm: i64, degree: Degree) -> f64 {
    Target::at_most(sm).exact().p(&degree)
}

fn p_success(sm: i64) -> f64 {
    Target::at_most(sm).exact().p_where(|d| d.is_success())
}

/// The exact metrics of `maitrise.test` built from command-line words:
/// (crit_success, success, failure, crit_failure).
fn metrics(words: &str) -> [f64; 4] {
    let model = TEST.model_for(words).unwrap();
    let layout = model.layout();
    let dist = model
        .exact()
        .unwrap_or_else(|| Dist::certain(Degree::Failure));
    let tally = exact_tally(&model, &layout, &dist);
    let m = &model.m;
    [m.crit_success, m.success, m.failure, m.crit_failure]
        .map(|id| tally.value(id).unwrap_or(f64::NAN))
}

#[test]
fn rules_exact_sm_11() {
    assert!(close(p_success(11), 11.0 / 20.0));
    assert!(close(p(11, Degree::CritSuccess), 2.0 / 20.0));
    assert!(close(p(11, Degree::CritFailure), 1.0 / 20.0));
}

#[test]
fn rules_exact_sm_20() {
    assert!(close(p_success(20), 0.975));
    assert!(close(p(20, Degree::CritFailure), 0.01));
}

#[test]
fn rules_exact_sm_1() {
    assert!(close(p_success(1), 0.0275));
    assert!(close(p(1, Degree::CritSuccess), 0.0125));
}

#[test]
fn red_swims_at_11() {
    assert_eq!(
        TEST.model_for("characteristic=7 skill=8 modifiers=-4")
            .map(|m| m.rule.target())
            .ok(),
        Some(Target::at_most(11))
    );
    assert_eq!(roll(11, &[10]), Degree::Success);
    assert_eq!(roll(11, &[11]), Degree::CritSuccess);
    assert_eq!(roll(11, &[12]), Degree::Failure);
}

#[test]
fn red_swims_below_11_with_the_examples_reading() {
    // "Le Jet de d20 doit être inférieur à 11": an 11 fails (not critically: only 10 and
    // 20 are), a 10 succeeds (no critical failure), 1 is still a critical success.
    let model = TEST.model_for("characteristic=7 skill=8 malus=4 strictly_below=true");
    assert_eq!(model.map(|m| m.rule.target()).ok(), Some(Target::below(11)));
    assert_eq!(roll_below(11, &[11]), Degree::Failure);
    assert_eq!(roll_below(11, &[10]), Degree::Success);
    assert_eq!(roll_below(11, &[1]), Degree::CritSuccess);
    assert_eq!(roll_below(11, &[20]), Degree::CritFailure);
    // Exact at sm 11: success 10/20 (not 11/20), crit success 1/20 (not 2/20), crit
    // failure 1/20 (the 20).
    let [cs, s, f, cf] = metrics("sm=11 strictly_below=true");
    assert!(close(s, 0.50) && close(f, 0.50) && close(cs, 0.05) && close(cf, 0.05));
    // At sm 10 the 10 fails, and critically: crit failure 2/20 against 1/20 at "≤".
    let [_, s, _, cf] = metrics("sm=10 strictly_below=true");
    assert!(close(s, 0.45) && close(cf, 0.10));
    let [_, s, _, cf] = metrics("sm=10");
    assert!(close(s, 0.50) && close(cf, 0.05));
}

#[test]
fn strictly_below_costs_one_face_in_the_usual_range_only() {
    for sm in 2..=19 {
        let at_most = Target::at_most(sm).exact();
        let below = Target::below(sm).exact();
        let s = |d: &Dist<Degree>| d.p_where(|o| o.is_success());
        assert!(close(s(&at_most) - s(&below), 0.05), "sm {sm}");
        // "<" at sm reads every face as "≤" at sm - 1 does, for sm - 1 still in 2..=19.
        if sm >= 3 {
            assert_eq!(below, Target::at_most(sm - 1).exact(), "sm {sm}");
        }
    }
    // sm 2: only the 1 succeeds (a critical), 1/20, above the 0.0275 of sm 1.
    assert!(close(
        Target::below(2).exact().p(&Degree::CritSuccess),
        0.05
    ));
    assert!(close(
        Target::below(2).exact().p_where(|o| o.is_success()),
        0.05
    ));
    // The extreme-score rules are the same either way.
    for sm in (-25..=1).chain(20..=40) {
        assert_eq!(
            Target::below(sm).exact(),
            Target::at_most(sm).exact(),
            "sm {sm}"
        );
    }
}

#[test]
fn skill_0_gives_the_automatic_malus() {
    // Perception 9 + skill 0: 9 - 5 = 4, P(success) 0.20, with or without skill_zero.
    for words in [
        "characteristic=9 skill=0",
        "characteristic=9 skill=0 skill_zero=true",
        "sm=9 skill_zero=true",
    ] {
        let [cs, s, f, cf] = metrics(words);
        assert!(close(s, 0.20) && close(f, 0.80), "{words}: {s}");
        assert!(close(cs, 0.05) && close(cf, 0.10), "{words}");
    }
    // Without a skill of 0 the 9 stands: 0.45.
    assert!(close(metrics("sm=9")[1], 0.45));
}

#[test]
fn chance_du_debutant_on_a_single_roll() {
    // Perception 9 with skill 0 (9 - 5) and the modifiers; the chance of success.
    let cases = [
        // +2 and -3 on a first use: the malus goes, the bonus stays: 9 - 5 + 2 = 6, 0.30;
        // without the Chance du Débutant 9 - 5 + 2 - 3 = 3, 0.15.
        ("bonus=2 malus=3 first_use=true", 0.30),
        ("bonus=2 malus=3", 0.15),
        // The same as a net -1: dropped whole, 9 - 5 = 4, 0.20.
        ("modifiers=-1 first_use=true", 0.20),
        // Red's first poker game: 9 - 5, malus 3 dropped, 0.20 against 0.0275 at sm 1.
        ("malus=3 first_use=true", 0.20),
        ("malus=3", 0.0275),
    ];
    for (modifiers, success) in cases {
        let s = metrics(&format!("characteristic=9 skill=0 {modifiers}"))[1];
        assert!(close(s, success), "{modifiers}: {s}");
    }
}

#[test]
fn red_at_poker_scores_1_and_fails_on_19() {
    let model = TEST.model_for("characteristic=9 skill=0 malus=3").unwrap();
    assert_eq!(model.rule.target(), Target::at_most(1));
    let (degree, tally) = crate::engine::model::replay_one(&model, &[19]);
    assert_eq!(degree, Degree::Failure);
    assert_eq!(tally.sums([model.m.failure, model.m.crit_failure]), [1, 0]);
}

#[test]
fn criticals_of_the_usual_range() {
    assert_eq!(roll(5, &[10]), Degree::CritFailure);
    assert_eq!(roll(5, &[11]), Degree::Failure);
    assert_eq!(roll(15, &[10]), Degree::Success);
    assert_eq!(roll(15, &[11]), Degree::CritSuccess);
    assert_eq!(roll(19, &[1]), Degree::CritSuccess);
    assert_eq!(roll(19, &[20]), Degree::CritFailure);
    assert_eq!(roll(2, &[1]), Degree::CritSuccess);
    assert_eq!(roll(2, &[2]), Degree::Success);
    assert_eq!(roll_below(2, &[2]), Degree::Failure);
    assert_eq!(roll_below(19, &[19]), Degree::Failure);
    assert_eq!(roll_below(19, &[18]), Degree::Success);
}

#[test]
fn high_scores_roll_again_on_20() {
    assert_eq!(roll(25, &[19]), Degree::Success);
    assert_eq!(roll(25, &[11]), Degree::CritSuccess);
    // sm 25: the second roll fails above 15, critically above 21.
    assert_eq!(roll(25, &[20, 15]), Degree::Success);
    assert_eq!(roll(25, &[20, 16]), Degree::Failure);
    assert_eq!(roll(25, &[20, 1]), Degree::Success);
    // sm 20: fails above 10, critically above 16.
    assert_eq!(roll(20, &[20, 17]), Degree::CritFailure);
    // "<" does not touch the extreme rules: sm 20 still succeeds on 19, rolls again on 20.
    assert_eq!(roll_below(20, &[19]), Degree::Success);
    assert_eq!(roll_below(20, &[20, 10]), Degree::Success);
}

#[test]
fn low_scores_roll_again_on_1() {
    assert_eq!(roll(-3, &[2]), Degree::Failure);
    assert_eq!(roll(-3, &[10]), Degree::CritFailure);
    // sm -3: the second roll succeeds up to 7, critically up to 1.
    assert_eq!(roll(-3, &[1, 7]), Degree::Success);
    assert_eq!(roll(-3, &[1, 8]), Degree::Failure);
    assert_eq!(roll(-3, &[1, 20]), Degree::Failure);
    // sm 1: critical up to 5.
    assert_eq!(roll(1, &[1, 5]), Degree::CritSuccess);
    assert_eq!(roll_below(1, &[1, 11]), Degree::Success);
}

#[test]
fn always_rules_at_extreme_scores() {
    // sm 40: r > 30 would never fail, but a second 20 and 19 still do.
    assert_eq!(roll(40, &[20, 20]), Degree::CritFailure);
    assert_eq!(roll(40, &[20, 19]), Degree::Failure);
    assert_eq!(roll(40, &[20, 18]), Degree::Success);
    // sm 21: a second 19 is a critical failure (19 > 17), 20 too.
    assert_eq!(roll(21, &[20, 19]), Degree::CritFailure);
    // sm -20: r <= -10 would never succeed, but a second 1 and 2 still do.
    assert_eq!(roll(-20, &[1, 1]), Degree::CritSuccess);
    assert_eq!(roll(-20, &[1, 2]), Degree::Success);
    assert_eq!(roll(-20, &[1, 3]), Degree::Failure);
    // sm -2: a second 2 is critical (2 <= 2).
    assert_eq!(roll(-2, &[1, 2]), Degree::CritSuccess);
    // Chances at the extremes: 1/400 of a crit failure at sm 40, 2/400 of a success
    // (one critical) at sm -20.
    assert!(close(p(40, Degree::CritFailure), 1.0 / 400.0));
    assert!(close(p(40, Degree::Failure), 1.0 / 400.0));
    assert!(close(p_success(-20), 2.0 / 400.0));
    assert!(close(p(-20, Degree::CritSuccess), 1.0 / 400.0));
}

#[test]
fn closed_forms_of_the_usual_range() {
    for sm in 2..=19 {
        let crit_s = if sm >= 11 { 2.0 } else { 1.0 } / 20.0;
        let crit_f = if sm >= 10 { 1.0 } else { 2.0 } / 20.0;
        assert!(close(p_success(sm), sm as f64 / 20.0), "sm {sm}");
        assert!(close(p(sm, Degree::CritSuccess), crit_s), "sm {sm}");
        assert!(close(p(sm, Degree::CritFailure), crit_f), "sm {sm}");
    }
}

#[test]
fn success_never_drops_as_the_score_rises() {
    for target in [Target::at_most, Target::below] {
        let mut last = 0.0;
        for sm in -30..=45 {
            let dist = target(sm).exact();
            let total: f64 = dist.iter().map(|(_, p)| p).sum();
            assert!(close(total, 1.0));
            let s = dist.p_where(|d| d.is_success());
            assert!(s >= last - 1e-15, "sm {sm}");
            last = s;
        }
    }
    // Beyond the reach of the second roll, only the always-rules remain.
    assert!((p_success(-14) - p_success(-30)).abs() < 1e-15);
    assert!((p_success(30) - p_success(45)).abs() < 1e-15);
}

#[test]
fn bad_input_is_an_error() {
    assert_rejected(
        &TEST,
        &[
            "",
            "sm=11 skill=3",
            "skill=0",
            "sm=9 first_use=true",
            "sm=9 strictly_below=2",
        ],
    );
}

#[test]
fn monte_carlo_agrees_with_exact_over_a_grid() {
    let targets = [-20i64, -3, 1, 2, 11, 19, 20, 23, 40]
        .map(Target::at_most)
        .into_iter()
        .chain([2, 10, 11, 19].map(Target::below));
    assert_each_agrees(targets, 5, |target| {
        simulation(TestModel::new(Prepared::new(target)))
    });
}
