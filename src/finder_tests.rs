//! Unit tests of `src/finder.rs`.
use super::*;
use crate::engine::runner::SampleSize;

fn request(assignments: &[&str], over: &str, target: f64) -> FinderRequest {
    FinderRequest {
        mechanic: "aube.test".into(),
        assignments: assignments.iter().map(|s| s.to_string()).collect(),
        over: over.into(),
        target,
        metric: None,
        from: None,
        to: None,
        plan: RunPlan {
            seed: 1,
            size: SampleSize::Samples(10_000),
        },
        rules: None,
        allow_large: false,
        goal: Goal::Closest,
    }
}

#[test]
fn sweeps_are_held_to_the_budget_and_whole_numbers() {
    // cle.fight has no exact values: 30 values of 1e12 samples is over the budget.
    let e = find(&FinderRequest {
        mechanic: "aube.duel".into(),
        assignments: vec!["a=krom".into(), "b=bjorn".into(), "a.crit=d10".into()],
        over: "a.ca".into(),
        from: Some(0.0),
        to: Some(29.0),
        plan: RunPlan {
            seed: 1,
            size: SampleSize::Samples(1_000_000_000_000),
        },
        ..request(&[], "nd", 0.5)
    });
    match e {
        Err(Error::OverBudget { what, .. }) => {
            assert!(what.contains("30 grid points"), "{what}")
        }
        other => panic!("not refused by the budget: {other:?}"),
    }
    let e = find(&FinderRequest {
        from: Some(1.5),
        ..request(&["ca=12"], "nd", 0.5)
    })
    .unwrap_err();
    assert!(e.to_string().contains("1.5 is not a whole number"), "{e}");
}

#[test]
fn nd_for_35_percent_at_ca_12_is_5() {
    let answer = find(&request(&["ca=12"], "nd", 0.35)).unwrap();
    assert!(answer.exact);
    assert_eq!(answer.metric, "beats_nd");
    assert_eq!(answer.best_point().value, Value::Int(5));
    assert!((answer.best_point().chance - 0.35).abs() < 1e-12);
    assert_eq!(answer.trend, Trend::Falling);
    let (below, above) = answer.neighbours();
    assert_eq!(below.map(|p| p.value.clone()), Some(Value::Int(4)));
    assert!((above.unwrap().chance - 0.30).abs() < 1e-12);
}

#[test]
fn a_plateau_of_equal_chances_gives_the_hardest_value() {
    // At CA 12 every ND from -200 to 0 gives 60%, summed as 0.5999999999999999: the
    // target is reached, and the hardest ND that still gives it is 0.
    let answer = find(&request(&["ca=12"], "nd", 0.6)).unwrap();
    assert!(answer.target_in_reach());
    assert_eq!(answer.best_point().value, Value::Int(0));
    // Rising: the lowest CA of the plateau at 100% (every CA from 20 up hits).
    let answer = find(&FinderRequest {
        from: Some(-10.0),
        to: Some(30.0),
        metric: Some("success".into()),
        ..request(&["nd=0"], "ca", 1.0)
    })
    .unwrap();
    assert_eq!(answer.trend, Trend::Rising);
    assert_eq!(answer.best_point().value, Value::Int(20));
}

#[test]
fn ca_for_a_target_rises_and_reach_is_reported() {
    let answer = find(&FinderRequest {
        from: Some(-10.0),
        to: Some(30.0),
        ..request(&["nd=5"], "ca", 0.6)
    })
    .unwrap();
    assert_eq!(answer.trend, Trend::Rising);
    assert!(answer.target_in_reach());
    // Below CA 20 a degree never exceeds ND 25: the chance is 0 everywhere.
    let metric = Some("beats_nd".to_string());
    let unreachable = find(&FinderRequest {
        from: Some(-10.0),
        to: Some(19.0),
        metric,
        ..request(&["nd=25"], "ca", 0.6)
    })
    .unwrap();
    assert!(!unreachable.target_in_reach());
    assert_eq!(unreachable.trend, Trend::Flat);
}

#[test]
fn at_least_and_at_most_give_the_hardest_value_meeting_the_bound() {
    // At CA 12 the chance falls by 5 points per ND: 45% at ND 3, 40% at ND 4.
    let at = |goal, target| {
        find(&FinderRequest {
            goal,
            ..request(&["ca=12", "nd=0..=10"], "", target)
        })
        .unwrap()
    };
    let answer = at(Goal::AtLeast, 0.42);
    assert_eq!(answer.over, "nd");
    assert_eq!(answer.best_point().value, Value::Int(3));
    assert!(answer.goal_met());
    assert_eq!(answer.harder(), Harder::Up);
    // A risk that falls as ND rises: the lowest ND at or below the bound.
    let answer = at(Goal::AtMost, 0.42);
    assert_eq!(answer.best_point().value, Value::Int(4));
    assert_eq!(answer.harder(), Harder::Down);
    // Exactly on the bound, to the last place: 35% at ND 5 meets "at most 35%".
    assert_eq!(at(Goal::AtMost, 0.35).best_point().value, Value::Int(5));
    assert_eq!(at(Goal::AtLeast, 0.35).best_point().value, Value::Int(5));
    // No ND of 0..=10 gives 80%: the closest, and the goal is not met.
    let answer = at(Goal::AtLeast, 0.8);
    assert_eq!(answer.best_point().value, Value::Int(0));
    assert!(!answer.goal_met());
}

fn points(chances: &[f64]) -> Vec<FinderPoint> {
    chances
        .iter()
        .enumerate()
        .map(|(i, &chance)| FinderPoint {
            value: Value::Int(i as i64),
            chance,
            lo: chance,
            hi: chance,
        })
        .collect()
}

#[test]
fn a_risk_stays_under_the_bound_from_the_easiest_value_on() {
    // Rising risk: the last value of the first run under 10%, not a later wiggle.
    let p = points(&[0.02, 0.05, 0.09, 0.11, 0.095, 0.3]);
    assert_eq!(pick(&p, 0.10, Trend::Rising, Goal::AtMost), 2);
    // Falling risk: the first value of the last run under the bound.
    let p = points(&[0.5, 0.3, 0.1, 0.05]);
    assert_eq!(pick(&p, 0.10, Trend::Falling, Goal::AtMost), 2);
    // No direction: the closest under the bound, the highest among ties.
    let p = points(&[0.08, 0.2, 0.08]);
    assert_eq!(pick(&p, 0.10, Trend::NotMonotone, Goal::AtMost), 2);
    // Closest keeps its rule.
    assert_eq!(pick(&p, 0.19, Trend::NotMonotone, Goal::Closest), 1);
}

#[test]
fn a_range_sets_the_swept_parameter() {
    let e = find(&request(&["ca=12"], "", 0.5)).unwrap_err().to_string();
    assert!(e.contains("give the parameter to sweep"), "{e}");
    let e = find(&request(&["ca=0..=3", "nd=0..=3"], "", 0.5))
        .unwrap_err()
        .to_string();
    assert!(e.contains("one range"), "{e}");
    let e = find(&request(&["ca=0..=3", "nd=0..=3"], "nd", 0.5))
        .unwrap_err()
        .to_string();
    assert!(e.contains("the finder sweeps only 'nd'"), "{e}");
    let e = find(&FinderRequest {
        from: Some(0.0),
        ..request(&["ca=12", "nd=0..=3"], "nd", 0.5)
    })
    .unwrap_err()
    .to_string();
    assert!(e.contains("not both"), "{e}");
}

#[test]
fn bad_requests_are_errors() {
    assert!(find(&request(&["ca=12"], "nd", 1.5)).is_err());
    assert!(
        find(&request(&["ca=12"], "crit", 0.5))
            .unwrap_err()
            .to_string()
            .contains("not numeric")
    );
    assert!(
        find(&request(&["ca=12"], "ndd", 0.5))
            .unwrap_err()
            .to_string()
            .contains("did you mean 'nd'")
    );
    assert!(find(&request(&["ca=12", "nd=3"], "nd", 0.5)).is_err());
    let e = find(&FinderRequest {
        metric: Some("beats".into()),
        ..request(&["ca=12"], "nd", 0.5)
    })
    .unwrap_err();
    assert!(e.to_string().contains("beats_nd"), "{e}");
}
