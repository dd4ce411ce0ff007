//! Unit tests of [`super`] (`resolution.rs`), kept beside it.

use super::*;
use crate::engine::config::read_config;
use crate::engine::model::{exact_tally, replay_one};
use crate::engine::{class_simulation, replay, simulation};
use crate::systems::aube::TEST;
use crate::systems::test_support::{assert_each_agrees, build_with, close, error_text};

fn roll(rule: TestRule, dice: &[u32]) -> TestOutcome {
    replay(dice, |d| rule.roll(d))
}

/// `TestRule::new(ca, nd)` with a crit die of `sides` sides.
fn with_crit(sides: u32, ca: i64, nd: i64) -> TestRule {
    TestRule {
        crit: CritDie::Die(sides),
        ..TestRule::new(ca, nd)
    }
}

#[test]
fn ex_2_1_success_degree_is_the_die() {
    let o = roll(TestRule::new(12, 0), &[9]);
    assert!(o.success);
    assert_eq!(o.raw_degree, 9);
}

#[test]
fn ex_2_2_failure_degree_is_die_minus_ca() {
    let o = roll(TestRule::new(10, 0), &[15]);
    assert!(!o.success);
    assert_eq!(o.raw_degree, -5);
}

#[test]
fn ex_2_3_impossible_success_rolled() {
    let rule = TestRule {
        extremes: Extremes::Roll,
        ..TestRule::new(-5, 0)
    };
    let o = roll(rule, &[1]);
    assert!(o.success);
    assert_eq!(o.raw_degree, -5);
}

#[test]
fn ex_2_4_beating_nd_five_at_ca_twelve() {
    let rule = TestRule::new(12, 5);
    for d in 1..=20 {
        assert_eq!(
            rule.resolve(d, 0).beats_nd,
            (6..=12).contains(&d),
            "d = {d}"
        );
    }
    let p = rule.exact().p_where(|o| o.beats_nd);
    assert!((p - 0.35).abs() < 1e-15);
}

#[test]
fn ex_2_5_negative_nd_counts_failures() {
    let rule = TestRule {
        negative_nd_counts_failures: true,
        ..TestRule::new(14, -5)
    };
    let o = roll(rule, &[17]);
    assert!(!o.success && o.beats_nd);
    assert_eq!(o.raw_degree, -3);
    let without = roll(TestRule::new(14, -5), &[17]);
    assert!(!without.beats_nd);
}

#[test]
fn ex_2_6_handicap_then_nd() {
    let o = roll(TestRule::new(24 - 5, 10), &[6]);
    assert!(o.success && !o.beats_nd);
}

#[test]
fn ex_2_7_crit_die_lifts_an_impossible_action() {
    let rule = with_crit(10, -18, -5);
    let o = roll(rule, &[1, 1, 20, 1]);
    assert!(o.success && o.beats_nd);
    assert_eq!(o.raw_degree, 3);
}

#[test]
fn ex_2_8_crit_die_deepens_a_failure() {
    let rule = with_crit(10, 16, 0);
    let o = roll(rule, &[18, 1, 18]);
    assert!(!o.success);
    assert_eq!(o.raw_degree, -20);
}

#[test]
fn ex_5_3_heroism_folds_ca_above_twenty() {
    let rule = TestRule {
        heroism_rules: true,
        ..TestRule::new(23, 15)
    };
    let o = roll(rule, &[5]);
    assert!(!o.success);
    assert_eq!(o.degree, 18);
    assert!(o.beats_nd);
}

#[test]
fn extremes_auto_roll_no_die() {
    let auto_fail = roll(TestRule::new(1, 0), &[]);
    assert!(!auto_fail.success);
    let auto_win = roll(TestRule::new(23, 0), &[]);
    assert!(auto_win.success);
    assert_eq!(auto_win.raw_degree, 23);
    // A natural 20 fails even at CA 25 when rolled, with °É = 20 - 25 = -5.
    let rolled = roll(
        TestRule {
            extremes: Extremes::Roll,
            ..TestRule::new(25, 0)
        },
        &[20],
    );
    assert!(!rolled.success);
    assert_eq!(rolled.raw_degree, 5);
}

#[test]
fn crit_die_that_does_not_show_one_adds_nothing() {
    let rule = with_crit(6, 12, 0);
    assert_eq!(roll(rule, &[7, 2]).raw_degree, 7);
}

#[test]
fn exact_closed_forms() {
    for ca in 2..=19 {
        let dist = TestRule::new(ca, 0).exact();
        let p = dist.p_where(|o| o.success);
        assert!((p - ca as f64 / 20.0).abs() < 1e-14, "ca {ca}");
        let model = TestModel::new(TestRule::new(ca, 0));
        let exact = exact_tally(&model, &model.layout(), &dist);
        let mean = exact.value(model.m.mean_degree).unwrap_or(f64::NAN);
        assert!((mean - (ca as f64 + 1.0) / 2.0).abs() < 1e-12, "ca {ca}");
    }
}

/// The class-count fast path records exactly what sampling one by one records.
#[test]
fn class_fast_path_matches_sample_by_sample() {
    use crate::engine::Tally;
    use crate::engine::dice::RollDice;
    use crate::engine::rng::chunk_rng;
    for rule in [
        TestRule::new(12, 5),
        TestRule::new(0, -3),
        TestRule::new(25, 10),
        with_crit(10, 12, 5),
        with_crit(6, -18, -5),
        with_crit(20, 25, 10),
    ] {
        let model = TestModel::new(rule);
        let sim = class_simulation(model.clone());
        let mut fast = Tally::new(sim.layout());
        sim.run_chunk(chunk_rng(3, 1, 4), 5000, &mut fast);
        let mut slow = Tally::new(sim.layout());
        let mut dice = RollDice::new(chunk_rng(3, 1, 4));
        for _ in 0..5000 {
            let o = model.sample(&mut dice);
            model.record(&o, &mut slow);
        }
        slow.samples = 5000;
        assert_eq!(fast, slow, "{rule:?}");
    }
}

#[test]
fn can_beat_nd_agrees_with_the_exact_distribution() {
    for ca in -3..=24 {
        for nd in -6..=22 {
            for extremes in [Extremes::Auto, Extremes::Roll] {
                for (th, neg) in [(0, false), (0, true), (1, false), (-1, false)] {
                    let rule = TestRule {
                        extremes,
                        th,
                        negative_nd_counts_failures: neg,
                        ..TestRule::new(ca, nd)
                    };
                    let p = rule.exact().p_where(|o| o.beats_nd);
                    assert_eq!(rule.can_beat_nd(), p > 0.0, "{rule:?}");
                }
            }
        }
    }
}

#[test]
fn exact_crit_tail_is_reported() {
    let rule = with_crit(6, 10, 5);
    let dist = rule.exact();
    assert!(dist.tail() > 0.0 && dist.tail() < 1e-12);
}

#[test]
fn monte_carlo_agrees_with_exact_over_a_grid() {
    let cases = [
        TestRule::new(12, 5),
        TestRule::new(-5, -10),
        TestRule {
            extremes: Extremes::Roll,
            ..TestRule::new(-3, -8)
        },
        with_crit(10, 8, 10),
        with_crit(6, 19, 0),
        TestRule {
            heroism_rules: true,
            ..TestRule::new(33, 25)
        },
        TestRule {
            negative_nd_counts_failures: true,
            ..TestRule::new(10, -4)
        },
        TestRule {
            th: -1,
            ..TestRule::new(15, -10)
        },
    ];
    assert_each_agrees(cases, 3, |rule| simulation(TestModel::new(rule)));
}

/// The options' defaults are the parameters' defaults.
#[test]
fn default_options_are_the_parameters_defaults() {
    let values = TEST.values("ca=12").expect("valid");
    let p: TestParams = read_config(&values).expect("read");
    assert_eq!(p.options, TestOptions::DEFAULT);
    assert_eq!((p.ca, p.nd), (12, 0));
    assert_eq!(TestOptions::default().rule(12, 5), TestRule::new(12, 5));
}

#[test]
fn parameters_make_the_rule() {
    let model = TEST
        .model_for(
            "ca=23 nd=-4 crit=d8 extremes=roll th=2 heroism_rules=true \
             negative_nd_counts_failures=true",
        )
        .expect("valid");
    assert_eq!(
        model.rule,
        TestRule {
            ca: 23,
            nd: -4,
            crit: CritDie::Die(8),
            extremes: Extremes::Roll,
            th: 2,
            heroism_rules: true,
            heroism_auto_extremes: false,
            fold_low_ca: false,
            negative_nd_counts_failures: true,
            auto_degree: AutoDegree::Ca,
            die: crate::engine::StepRule::OFFICIAL,
        }
    );
    let e = error_text(build_with(&TEST, &["nd=3"]));
    assert!(e.contains("needs a value for 'ca'"), "{e}");
    let e = error_text(build_with(&TEST, &["ca=12", "th=11"]));
    assert!(e.contains("th"), "{e}");
}

/// Ex. 2.4 through the mechanic: a 6 at CA 12 beats ND 5, and only successes count.
#[test]
fn rigged_test_records_its_metrics() {
    let model = TEST.model_for("ca=12 nd=5").expect("valid");
    let (o, tally) = replay_one(&model, &[6]);
    assert!(o.success && o.beats_nd);
    assert_eq!(tally.sums([model.m.beats_nd, model.m.mean_degree]), [1, 6]);
    let (o, tally) = replay_one(&model, &[13]);
    assert!(!o.success && !o.beats_nd);
    assert_eq!(tally.metric(model.m.success).sum, 0);
    assert_eq!(tally.metric(model.m.mean_degree).n, 0);
}

/// Issue 13, item 3: with the heroism rules on and every other switch at its default,
/// the chance to beat ND never falls as CA rises, for CA 1..=60 and ND 0..=40.
#[test]
fn heroism_is_monotone_in_ca() {
    for nd in 0..=40 {
        let mut last = 0.0;
        for ca in 1..=60 {
            let rule = TestRule {
                heroism_rules: true,
                ..TestRule::new(ca, nd)
            };
            let p = rule.exact().p_where(|o| o.beats_nd);
            assert!(p >= last - 1e-12, "ca {ca} nd {nd}: {p} < {last}");
            last = p;
        }
    }
}

/// Switch `heroism_auto_extremes`: the literal reading keeps the automatic results after
/// the fold, and CA 21 (CA 1, th 1) fails ND 5 where CA 20 beats it.
#[test]
fn heroism_auto_extremes_switch() {
    let p = |ca, auto| {
        TestRule {
            heroism_rules: true,
            heroism_auto_extremes: auto,
            ..TestRule::new(ca, 5)
        }
        .exact()
        .p_where(|o| o.beats_nd)
    };
    assert!(close(p(20, true), 1.0) && close(p(21, true), 0.0) && close(p(22, true), 0.8));
    // Rolled: CA 20 beats 5 on 6..=19; CA 21 on 1 (D 21) and 2..=15 (D = 21 - d);
    // CA 22 on 1, 2 (D 21, 22) and 3..=16 (D = 22 - d).
    assert!(close(p(20, false), 0.70) && close(p(21, false), 0.75) && close(p(22, false), 0.80));
    // On the dice: CA 21 rolls a 20, °É 19, D = 1.
    let rule = TestRule {
        heroism_rules: true,
        ..TestRule::new(21, 0)
    };
    let o = roll(rule, &[20]);
    assert!(!o.success && o.beats_nd);
    assert_eq!((o.raw_degree, o.degree), (-19, 1));
    // The literal reading rolls nothing: the automatic failure's °É 19, D 1 as well.
    let literal = roll(
        TestRule {
            heroism_auto_extremes: true,
            ..rule
        },
        &[],
    );
    assert_eq!((literal.success, literal.degree), (false, 1));
    // Without the heroism rules the switch changes nothing.
    assert_eq!(
        TestRule {
            heroism_auto_extremes: true,
            ..TestRule::new(21, 5)
        }
        .exact(),
        TestRule::new(21, 5).exact()
    );
}

/// Switch `fold_low_ca`: CA -5 becomes CA 15 with th -1. Against ND -10 the folded test
/// beats it on 11..=15 (D -9..=-5): 0.25; unfolded only the natural 1 (°R -5): 0.05.
#[test]
fn fold_low_ca_switch() {
    let rule = |fold| TestRule {
        heroism_rules: true,
        fold_low_ca: fold,
        ..TestRule::new(-5, -10)
    };
    let p = |fold| rule(fold).exact().p_where(|o| o.beats_nd);
    assert!((p(true) - 0.25).abs() < 1e-12, "{}", p(true));
    assert!((p(false) - 0.05).abs() < 1e-12, "{}", p(false));
    let o = roll(rule(true), &[12]);
    assert!(o.success && o.beats_nd);
    assert_eq!((o.raw_degree, o.degree), (12, -8));
    // The fold needs the heroism rules.
    let plain = TestRule {
        fold_low_ca: true,
        extremes: Extremes::Roll,
        ..TestRule::new(-5, -10)
    };
    assert!((plain.exact().p_where(|o| o.beats_nd) - 0.05).abs() < 1e-12);
    // With the fold on, the chance to beat ND 0..=20 still never falls as CA rises.
    for nd in 0..=20 {
        let mut last = 0.0;
        for ca in -30..=45 {
            let p = rule(true);
            let q = TestRule { ca, nd, ..p }.exact().p_where(|o| o.beats_nd);
            assert!(q >= last - 1e-12, "ca {ca} nd {nd}");
            last = q;
        }
    }
}

/// [choice] `auto_degree`: at CA 20 against ND 10 the automatic success has degree 20 and
/// always beats ND; read on a d20, it beats ND on 11 to 20, 10 faces of 20.
#[test]
fn an_automatic_success_reads_its_degree_as_the_switch_says() {
    let at = |auto_degree| {
        let rule = TestRule {
            auto_degree,
            ..TestRule::new(20, 10)
        };
        let dist = rule.exact();
        (
            dist.p_where(|o| o.success),
            dist.p_where(|o| o.beats_nd),
            rule.can_beat_nd(),
        )
    };
    assert_eq!(at(AutoDegree::Ca), (1.0, 1.0, true));
    let (success, beats, can) = at(AutoDegree::Rolled);
    assert!((success - 1.0).abs() < 1e-15, "{success}");
    assert!((beats - 0.5).abs() < 1e-15, "{beats}");
    assert!(can);
    // Nothing changes below CA 20.
    let below = TestRule {
        auto_degree: AutoDegree::Rolled,
        ..TestRule::new(19, 10)
    };
    assert_eq!(below.exact(), TestRule::new(19, 10).exact());
}
