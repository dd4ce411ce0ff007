//! Unit tests of [`super`] (`gauntlet.rs`), kept beside it.

use super::*;
use crate::engine::model::replay_one;
use crate::engine::{Mechanic, simulation};
use crate::systems::aube::GAUNTLET;
use crate::systems::aube::attack::AttackRule;
use crate::systems::aube::duel::{DuelModel, Winner};
use crate::systems::test_support::{assert_each_agrees, exact_value, example_error};

fn day(a: Fighter, b: Fighter, fights: u32, rest: u32) -> GauntletModel {
    GauntletModel::new(a, b, Bout::new(AttackRule::new(10, 0)), fights, rest, 1000)
}

/// `model` with `change` made to it.
fn with(mut model: GauntletModel, change: impl FnOnce(&mut GauntletModel)) -> GauntletModel {
    change(&mut model);
    model
}

/// Two fights, out at the first grave, A first, the day capped at 3 rounds. Fight 1: A
/// hits with 8 (dom 23 - 3 = 20, B's enc 0 fails: légère); B hits with 5 (dom 17, A
/// resists with 3: 14, a légère, 3 PF); A hits with 9 (TA 12 - 3; dom 21 against a B at
/// TP -1: grave, B is out). Fight 2: A misses (20); B hits with 12 (dom 24) and A resists
/// with 10: after 10 minutes of rest A has 2 PF (the légère's floor is 1), enc 10, and the
/// 10 succeeds (24 - 10 = 14, a second légère; the day stops at its cap); without rest A
/// keeps 3 PF, enc 9, the 10 fails, and the grave puts A out.
#[test]
fn rest_brings_fatigue_back_between_fights() {
    let b = Fighter {
        enc: 0,
        ..Fighter::AVERAGE
    };
    let rigged = |rest| {
        let model = with(day(Fighter::AVERAGE, b, 2, rest), |m| {
            m.bout.initiative = Initiative::A;
            m.bout.out_at = OutAt::Grave;
            m.max_rounds = 3;
        });
        replay_one(&model, &[8, 5, 3, 9, 20, 12, 10]).0
    };
    assert_eq!(
        rigged(10),
        GauntletOutcome {
            end: DayEnd::Stalled(2),
            wounds: 2,
            rounds: 3
        }
    );
    assert_eq!(
        rigged(0),
        GauntletOutcome {
            end: DayEnd::Fell(2),
            wounds: 2,
            rounds: 3
        }
    );
}

/// One fight is a duel: coming through is winning it, falling is losing it.
#[test]
fn one_fight_is_a_duel() {
    let (a, b) = (Fighter::KROM, Fighter::BJORN);
    let gauntlet = day(a, b, 1, 10).solved().expect("exact");
    let duel = DuelModel::new(a, b, AttackRule::new(10, 0))
        .solved()
        .expect("exact");
    let through = gauntlet.p_where(|o| o.end == DayEnd::Through);
    let fell = gauntlet.p_where(|o| o.end == DayEnd::Fell(1));
    assert!((through - duel.p_where(|o| o.winner == Winner::A)).abs() < 1e-12);
    assert!((fell - duel.p_where(|o| o.winner == Winner::B)).abs() < 1e-12);
}

/// Rest helps and more opponents hurt: the exact mean of fights won rises with the rest
/// and the chance to come through falls with the number of fights (FM 10, where the
/// exact day stays small).
#[test]
fn rest_helps_and_more_fights_hurt() {
    let f = Fighter::AVERAGE;
    let day = |a, b, fights, rest| {
        GauntletModel::new(a, b, Bout::new(AttackRule::new(10, 10)), fights, rest, 1000)
    };
    let value = |model: &GauntletModel, pick: fn(&GauntletModel) -> MetricId| {
        exact_value(model, pick(model))
    };
    let won = |m: &GauntletModel| m.m.mean_won;
    let through = |m: &GauntletModel| m.m.through;
    let tired = value(&day(f, f, 3, 0), won);
    let rested = value(&day(f, f, 3, 60), won);
    assert!(rested > tired, "{rested} against {tired}");
    let two = value(&day(f, f, 2, 10), through);
    let three = value(&day(f, f, 3, 10), through);
    assert!(three < two && two < 0.25, "{three} against {two}");
}

#[test]
fn exact_agrees_with_monte_carlo() {
    let cases = [
        day(Fighter::AVERAGE, Fighter::AVERAGE, 3, 10),
        with(day(Fighter::KROM, Fighter::BJORN, 2, 60), |m| {
            m.bout.out_at = OutAt::Critique;
        }),
        with(day(Fighter::BJORN, Fighter::AVERAGE, 4, 0), |m| {
            m.bout.out_at = OutAt::Legere;
            m.bout.initiative = Initiative::A;
        }),
    ];
    assert_each_agrees(cases, 10, |model| {
        let dist = model.solved().expect("exact");
        let total: f64 = dist.iter().map(|(_, p)| p).sum();
        assert!((total + dist.tail() - 1.0).abs() < 1e-12);
        simulation(model)
    });
}

#[test]
fn parameters_reach_the_model() {
    let words = format!(
        "{} fights=7 rest=30 fa=12 fm=3 out_at=critique max_rounds=400 etourdi=aspect",
        GAUNTLET.example()
    );
    let model = GAUNTLET.model_for(&words).expect("valid");
    assert_eq!((model.fights, model.rest, model.max_rounds), (7, 30, 400));
    assert_eq!(model.recovered(), 3);
    assert_eq!((model.bout.rule.fa, model.bout.rule.fm), (12, 3));
    assert_eq!(model.bout.out_at, OutAt::Critique);
    assert_eq!(model.m.fell_in.len(), 7);
    let e = example_error(&GAUNTLET, "fights=0");
    assert!(e.contains("fights"), "{e}");
}

/// A rare wound: B (CA 3) almost never hurts A in one fight; none of 20 days shows a
/// wound, and the interval of `mean_wounds`, from its declared range alone, still holds
/// the exact mean (0.048) instead of shrinking to [0, 0].
#[test]
fn rare_wounds_keep_an_honest_interval_in_the_declared_range() {
    let model = GAUNTLET
        .model_for("a=average b=average b.ca=3 fights=1")
        .unwrap();
    let means = ["mean_wounds", "mean_won"];
    let [wounds, won] =
        crate::systems::test_support::assert_declared_ranges_hold(&model, 1, 20, &means)
            .try_into()
            .unwrap();
    assert_eq!((wounds.estimate, won.estimate), (0.0, 1.0), "no spread");
}
