//! Unit tests of `src/systems/cle/cooperation.rs`.
use super::*;
use crate::engine::model::replay_one;
use crate::engine::{replay, simulation};
use crate::systems::cle::test::TestRule;
use crate::systems::cle::{COOPERATION, exact_of};
use crate::systems::test_support::{assert_each_agrees, expect_model};

/// The outcome of `rule` on these d6, member by member (the worked examples).
fn roll(rule: &CooperationRule, dice: &[u32]) -> CooperationOutcome {
    replay(dice, |d| rule.roll_member_by_member(d))
}

/// The face of a 3d6 throw showing red `r`, whites `w1` and `w2` in [`throw_table`].
fn throw_face(r: u32, w1: u32, w2: u32) -> u32 {
    (r - 1) + 6 * (w1 - 1) + 36 * (w2 - 1)
}

#[test]
fn the_throw_table_has_the_law_of_the_step() {
    let step = crate::engine::enumerate(|d| D6Roll::read(d, 3, StepRule::OFFICIAL)).unwrap();
    let table =
        crate::engine::enumerate(|d| throw_table()[d.die(THROW_FACES) as usize - 1]).unwrap();
    assert_eq!(step.len(), table.len());
    for (reading, p) in step.iter() {
        assert!((table.p(reading) - p).abs() < 1e-15, "{reading:?}");
    }
    assert_eq!(throw_table()[throw_face(6, 5, 5) as usize].sum, 16);
    assert_eq!(
        throw_table()[throw_face(1, 1, 1) as usize].auto,
        Auto::Failure
    );
}

#[test]
fn a_lead_rank_gives_back_its_result() {
    for mode in [AutoResults::Best, AutoResults::Leads, AutoResults::None] {
        for total in -10..=60 {
            for auto in [Auto::Failure, Auto::None, Auto::Success] {
                let kept = if mode == AutoResults::None {
                    Auto::None
                } else {
                    auto
                };
                let rank = lead_rank(total, auto, mode);
                assert_eq!(lead_of_rank(rank, mode), (total, kept), "{mode:?}");
            }
        }
    }
    // Under best an automatic success ranks first among equal totals; under leads it
    // ranks above any total.
    let rank = |t, a, m| lead_rank(t, a, m);
    assert!(rank(12, Auto::Success, AutoResults::Best) > rank(12, Auto::None, AutoResults::Best));
    assert!(rank(13, Auto::None, AutoResults::Best) > rank(12, Auto::Success, AutoResults::Best));
    assert!(rank(3, Auto::Success, AutoResults::Leads) > rank(58, Auto::None, AutoResults::Leads));
    assert!(rank(-7, Auto::None, AutoResults::Leads) > rank(58, Auto::Failure, AutoResults::Leads));
}

#[test]
fn members_are_read_four_to_a_draw_first_member_lowest() {
    // Six members: one die of 216^4 faces for the first four, one of 216^2 for the
    // last two. Members 1 and 5 roll 6-6-6 (automatic success), the others 1-1-2.
    let six = throw_face(6, 6, 6);
    let low = throw_face(1, 1, 2);
    let first = six + 216 * (low + 216 * (low + 216 * low)) + 1;
    let last = six + 216 * low + 1;
    let rule = rule(6, 0, 60);
    let o = replay(&[first, last], |d| rule.roll(d));
    // Best 18 (automatic success), 18 (+1), four 4 (-1 each): 18 + 1 - 4.
    assert_eq!((o.result, o.success), (15, true));
}

fn rule(helpers: usize, skill: i64, difficulty: i64) -> CooperationRule {
    CooperationRule::uniform(helpers, skill, difficulty)
}

fn mixed(skills: &[i64], difficulty: i64) -> CooperationRule {
    CooperationRule {
        skills: skills.to_vec(),
        difficulty,
        auto_results: AutoResults::Best,
        total: StepRule::OFFICIAL,
    }
}

fn p_success(words: &str) -> f64 {
    let model = COOPERATION.model_for(words).unwrap();
    exact_of(&model.rule).p_where(|o| o.success)
}

#[test]
fn best_result_plus_and_minus_the_others() {
    // Skill 4: results 16 (best), 15 (+1), 12 (0), 7 (-1): 16 + 1 - 1 = 16.
    let o = roll(&rule(4, 4, 16), &[4, 4, 4, 5, 3, 3, 2, 3, 3, 1, 1, 1]);
    assert_eq!(o.result, 16);
    assert!(o.success);
    // The best result's own adjustment is not counted.
    let o = roll(&rule(2, 4, 0), &[6, 5, 5, 2, 2, 1]);
    assert_eq!(o.result, 19);
}

#[test]
fn each_member_tests_their_own_skill() {
    // Skills 8, 3, 0: 9 + 8 = 17 (best), 12 + 3 = 15 (+1), 8 + 0 = 8 (-1): 17. The
    // best result is the best total, not the best dice (the 12 of skill 3).
    let o = roll(&mixed(&[8, 3, 0], 17), &[3, 3, 3, 4, 4, 4, 2, 3, 3]);
    assert_eq!((o.result, o.success), (17, true));
    // A skill of 0 rolling three 6 (18) is not the best against 2 + 2 + 2 + 20 = 26:
    // the automatic success is lost, 26 + 1 = 27 short of 30.
    let o = roll(&mixed(&[0, 20], 30), &[6, 6, 6, 2, 2, 2]);
    assert_eq!((o.result, o.success), (27, false));
    // Equal best results: the three 6 lead (automatic success against 40).
    let o = roll(&mixed(&[3, 0], 40), &[5, 5, 5, 6, 6, 6]);
    assert_eq!((o.result, o.success), (19, true));
}

#[test]
fn the_readings_of_the_automatic_results() {
    let with = |mode, skills: &[i64], d| CooperationRule {
        auto_results: mode,
        ..mixed(skills, d)
    };
    // Skill 0 rolls three 6 (18), skill 20 rolls 2 + 2 + 2 (26): the best total hides
    // the three 6 (27 against 40 fails), unless three 6 lead: 18 + 1 = 19, an
    // automatic success.
    let dice = [6, 6, 6, 2, 2, 2];
    let best = roll(&with(AutoResults::Best, &[0, 20], 40), &dice);
    let leads = roll(&with(AutoResults::Leads, &[0, 20], 40), &dice);
    assert_eq!((best.result, best.success), (27, false));
    assert_eq!((leads.result, leads.success), (19, true));
    // Without automatic results three 1 on the best roll do not fail: 20 + 3 - 1.
    let none = roll(
        &with(AutoResults::None, &[20, -10], 20),
        &[1, 1, 1, 1, 1, 2],
    );
    assert_eq!((none.result, none.success), (22, true));
    let best = roll(
        &with(AutoResults::Best, &[20, -10], 20),
        &[1, 1, 1, 1, 1, 2],
    );
    assert!(!best.success);
    // Exact, skills 20 and -10 against 35: the best total (always the first) needs
    // 3d6 >= 16 (10 of 216, three 6 among them); with `leads` the second member's
    // three 6 lead too (a result of 9, but an automatic success): 10/216 +
    // (206/216)(1/216); with `none` three 6 on the first roll still pass on the total
    // (38 - 1), so 10 of 216 again.
    let p = |mode| exact_of(&with(mode, &[20, -10], 35)).p_where(|o| o.success);
    assert!((p(AutoResults::Best) - 10.0 / 216.0).abs() < 1e-12);
    let leads = 10.0 / 216.0 + 206.0 / 216.0 / 216.0;
    assert!((p(AutoResults::Leads) - leads).abs() < 1e-12);
    assert!((p(AutoResults::None) - 10.0 / 216.0).abs() < 1e-12);
    // Against 50 a group of ten of skill 5 only gets through on three 6: never
    // without automatic results.
    let ten = CooperationRule {
        auto_results: AutoResults::None,
        ..rule(10, 5, 50)
    };
    assert_eq!(exact_of(&ten).p_where(|o| o.success), 0.0);
}

#[test]
fn a_hopeless_helper_costs_one_point() {
    // Skills 20 and -10: the second result is at most 8 (-1), the first always best:
    // 3d6 + 20 - 1 >= 35 needs 16, 17 or 18 (10 of 216; three 6 is among them).
    let p = exact_of(&mixed(&[20, -10], 35)).p_where(|o| o.success);
    assert!((p - 10.0 / 216.0).abs() < 1e-12, "{p}");
}

#[test]
fn automatic_results_of_the_best_roll() {
    assert!(roll(&rule(2, 0, 40), &[6, 6, 6, 1, 1, 1]).success);
    assert!(!roll(&rule(2, 20, 10), &[1, 1, 1, 1, 1, 1]).success);
}

#[test]
fn a_group_of_one_is_a_test() {
    for d in [8, 10, 15, 20, 25] {
        let p = exact_of(&rule(1, 3, d)).p_where(|o| o.success);
        let q = exact_of(&TestRule::new(3, d)).p_where(|o| o.success);
        assert!((p - q).abs() < 1e-12, "d {d}");
    }
}

#[test]
fn difficulty_fifty_needs_the_population() {
    // The text's note: a difficulty of 50 is out of reach without the locals' help.
    // Ten members of skill 5 score at most 23 + 9 = 32: only an automatic success
    // (three 6, always the best roll) reaches 50; fifty give more than an even
    // chance, and seventy make it near certain.
    let ten = p_success("skill=5 helpers=10 difficulty=50");
    let automatic = 1.0 - (215.0f64 / 216.0).powi(10);
    assert!((ten - automatic).abs() < 1e-12, "{ten} against {automatic}");
    let fifty = p_success("skill=5 helpers=50 difficulty=50");
    let seventy = p_success("skill=5 helpers=70 difficulty=50");
    assert!(fifty > 0.5 && seventy > 0.99, "{fifty} {seventy}");
    // Two PCs of skill 10 leading 48 locals of skill 2 do worse than 50 of skill 5.
    let led = p_success("skills=[10,10] skill=2 helpers=50 difficulty=50");
    assert!(led < fifty, "{led} against {fifty}");
}

#[test]
fn the_fast_path_equals_the_derived_distribution() {
    let cases = [
        rule(1, 3, 15),
        rule(6, 4, 20),
        mixed(&[20, -10, 5, 8], 35),
        CooperationRule {
            auto_results: AutoResults::Leads,
            ..mixed(&[8, 0, 0, 0, 0, 0], 30)
        },
        CooperationRule {
            auto_results: AutoResults::None,
            ..mixed(&[2, 2, 2, 2, 2], 25)
        },
    ];
    for r in cases {
        let (fast, derived) = (exact_of(&r), r.solved().unwrap());
        assert!(derived.tail() < 1e-12, "{r:?}");
        for (o, p) in fast.iter().chain(derived.iter()) {
            assert!((fast.p(o) - derived.p(o)).abs() < 1e-12, "{r:?} {o:?} {p}");
        }
    }
}

#[test]
fn monte_carlo_agrees_with_exact() {
    let cases = [
        rule(3, 4, 20),
        rule(5, 2, 15),
        rule(8, 8, 30),
        mixed(&[10, 3, 3, 0, -2], 22),
        CooperationRule {
            skills: [vec![9], vec![4; 39]].concat(),
            difficulty: 40,
            auto_results: AutoResults::Best,
            total: StepRule::OFFICIAL,
        },
        CooperationRule {
            auto_results: AutoResults::Leads,
            ..mixed(&[10, 2, 2, 2, 2, 2, 2, 2], 30)
        },
        CooperationRule {
            auto_results: AutoResults::None,
            ..mixed(&[10, 2, 2, 2, 2, 2, 2, 2], 22)
        },
    ];
    assert_each_agrees(cases, 10, |r| simulation(CooperationModel::new(r)));
}

#[test]
fn model_records_the_adjusted_result() {
    let model = expect_model(&COOPERATION, "skill=4 helpers=2 difficulty=20");
    // 16 + 4 = 20 (best), 5 + 4 = 9 (-1): 19, short of 20.
    // One draw for both members: 6-5-5, then 2-2-1.
    let face = throw_face(6, 5, 5) + 216 * throw_face(2, 2, 1) + 1;
    let (o, tally) = replay_one(&model, &[face]);
    assert_eq!((o.success, o.result), (false, 19));
    assert_eq!(tally.sums([model.m.success, model.m.mean_result]), [0, 19]);
    assert_eq!(tally.histogram(model.m.result).counts(), [(19, 1)]);
}

#[test]
fn the_group_from_skill_skills_and_helpers() {
    let built = |words: &str| COOPERATION.model_for(words).map(|m| m.rule.skills);
    assert_eq!(built("skill=5").unwrap(), [5, 5, 5]);
    assert_eq!(built("skill=5 helpers=4").unwrap(), [5, 5, 5, 5]);
    assert_eq!(built("skills=[5,3,8]").unwrap(), [5, 3, 8]);
    assert_eq!(built("skills=[8] skill=2 helpers=3").unwrap(), [8, 2, 2]);
    assert_eq!(built("skill=5 helpers=100").unwrap().len(), MAX_GROUP);
    let rule = COOPERATION.model_for("skill=5 helpers=3").unwrap().rule;
    assert_eq!(rule, CooperationRule::uniform(3, 5, 15));
    for words in [
        "helpers=3",
        "skill=5 helpers=0",
        "skill=5 helpers=101",
        "skills=[5,3,8] helpers=2",
        "skills=[5,3,8] skill=2",
        "skills=[5,3] helpers=4",
        "skill=5 auto_results=all",
    ] {
        assert!(built(words).is_err(), "{words}");
    }
}
