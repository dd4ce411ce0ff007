//! Unit tests of [`super`] (`duel_exact.rs`): the exact duel against hand computations
//! and against Monte Carlo.

use super::*;
use crate::engine::chain::{Limits, Propagated};
use crate::engine::fight::{EXACT_TOLERANCE, ROUND_BUDGET, STATE_BUDGET};
use crate::engine::{Dist, Model, simulation};
use crate::systems::aube::attack::AttackRule;
use crate::systems::aube::bout::Initiative;
use crate::systems::aube::damage::Armour;
use crate::systems::aube::duel::{DuelModel, DuelOutcome};
use crate::systems::aube::resolution::{CritDie, TestOptions};
use crate::systems::aube::wounds::{EtourdiScope, OutAt, OverflowFatigue};
use crate::systems::test_support::assert_each_agrees;

/// `model` with `change` made to it.
fn with(mut model: DuelModel, change: impl FnOnce(&mut DuelModel)) -> DuelModel {
    change(&mut model);
    model
}

fn duel(a: Fighter, b: Fighter, fa: i64, fm: i64) -> DuelModel {
    DuelModel::new(a, b, AttackRule::new(fa, fm))
}

/// The probabilities of the exact outcome and its tail add up to one.
fn assert_sums_to_one(dist: &Dist<DuelOutcome>) {
    let total: f64 = dist.iter().map(|(_, p)| p).sum();
    assert!(
        (total + dist.tail() - 1.0).abs() < 1e-12,
        "{total} + {}",
        dist.tail()
    );
    assert!(dist.tail() < EXACT_TOLERANCE, "{}", dist.tail());
}

/// Every hit puts the defender out when its encaissement fails without a roll (enc 0)
/// and the blow is 3..=12 + 15 - 3 = 15..=24: a légère at least. Each attack hits with
/// 10/20 (TA 12 against TP 2), so with A always first, A wins with 1/2 + 1/4 · P(A wins):
/// 2/3, and a round ends the fight with 3/4: rounds are geometric, mean 4/3.
#[test]
fn first_hit_wins_closed_form() {
    let f = Fighter {
        enc: 0,
        ..Fighter::AVERAGE
    };
    let model = with(duel(f, f, 10, 0), |m| {
        m.bout.initiative = Initiative::A;
        m.bout.out_at = OutAt::Legere;
    });
    let dist = model.exact().expect("exact");
    assert_sums_to_one(&dist);
    let a = dist.p_where(|o| o.winner == Winner::A);
    assert!((a - 2.0 / 3.0).abs() < 1e-9, "{a}");
    for r in 1..=5 {
        let p = dist.p_where(|o| o.rounds == r);
        let want = 0.25f64.powi(r as i32 - 1) * 0.75;
        assert!((p - want).abs() < 1e-12, "round {r}: {p} against {want}");
    }
    // The mean misses the tail (below 1e-9, at rounds past 15): a few 1e-8.
    let mean: f64 = dist.iter().map(|(o, p)| o.rounds as f64 * p).sum();
    assert!((mean - 4.0 / 3.0).abs() < 1e-7, "{mean}");
    // Random initiative: by symmetry one half each.
    let random = with(model, |m| m.bout.initiative = Initiative::Random);
    let a = random
        .exact()
        .expect("exact")
        .p_where(|o| o.winner == Winner::A);
    assert!((a - 0.5).abs() < 1e-9, "{a}");
}

/// Equal fighters at FA 0 cannot hit each other (TA 12 never beats TP 12): the exact duel
/// is a draw counted as `max_rounds`, as the sampled one.
#[test]
fn fighters_who_cannot_hit_draw() {
    let f = Fighter::AVERAGE;
    let dist = duel(f, f, 0, 0).exact().expect("exact");
    let draw = DuelOutcome {
        winner: Winner::Draw,
        rounds: 1000,
        a_wounds: 0,
        b_wounds: 0,
    };
    assert!((dist.p(&draw) - 1.0).abs() < 1e-12);
    // Blows that never do anything (bd -40) leave the fight going until the cap.
    let harmless = Fighter {
        bd: -40,
        ..Fighter::AVERAGE
    };
    let capped = with(duel(harmless, harmless, 10, 0), |m| m.max_rounds = 30);
    let dist = capped.exact().expect("exact");
    let capped_draw = DuelOutcome { rounds: 30, ..draw };
    assert!((dist.p(&capped_draw) - 1.0).abs() < 1e-12);
}

/// The states are merged: the average duel meets 2 562 of them (8 126 without merging the
/// spent tracks), and the outcome is symmetric for equal fighters under random
/// initiative.
#[test]
fn average_duel_is_symmetric_and_small() {
    let f = Fighter::AVERAGE;
    let model = duel(f, f, 10, 0);
    let solved = solve_fight(&model.duel_fight(), model.max_rounds, STATE_BUDGET);
    assert_eq!(solved.expect("within the budgets").states, 2562);
    let dist = model.exact().expect("within the budgets");
    assert_sums_to_one(&dist);
    let a = dist.p_where(|o| o.winner == Winner::A);
    let b = dist.p_where(|o| o.winner == Winner::B);
    assert!((a - b).abs() < 1e-9 && (a + b + dist.tail() - 1.0).abs() < 1e-12);
}

/// Monte Carlo inside the exact intervals: Kröm against Björn, unequal fighters, each
/// initiative rule, each `out_at`, and the switches that change a round.
#[test]
fn exact_agrees_with_monte_carlo() {
    let krom_bjorn = || duel(Fighter::KROM, Fighter::BJORN, 10, 0);
    let strong = Fighter {
        ca: 14,
        bd: 18,
        enc: 13,
        be: 4,
        ..Fighter::AVERAGE
    };
    let heroic = Fighter {
        ca: 23,
        enc: 24,
        options: TestOptions {
            heroism_rules: true,
            ..TestOptions::DEFAULT
        },
        ..Fighter::AVERAGE
    };
    let cases = [
        krom_bjorn(),
        with(krom_bjorn(), |m| m.bout.initiative = Initiative::A),
        with(krom_bjorn(), |m| m.bout.initiative = Initiative::B),
        with(krom_bjorn(), |m| m.bout.out_at = OutAt::Critique),
        with(krom_bjorn(), |m| m.bout.out_at = OutAt::Grave),
        with(krom_bjorn(), |m| m.bout.out_at = OutAt::Legere),
        duel(Fighter::AVERAGE, strong, 10, 5),
        duel(strong, Fighter::KROM, 15, -5),
        with(krom_bjorn(), |m| {
            m.bout.etourdi = EtourdiScope::Aspect;
            m.bout.etourdi_fatigue = true;
            m.bout.overflow_fatigue = OverflowFatigue::Rolled;
        }),
        with(krom_bjorn(), |m| m.bout.rule.armour = Armour::RaisesEnc),
        duel(heroic, Fighter::AVERAGE, 10, 0),
    ];
    assert_each_agrees(cases, 10, |model| {
        assert_sums_to_one(&model.exact().expect("exact"));
        simulation(model)
    });
}

/// Fights whose states are endless have no exact values, and say so quickly: a crit die
/// (not even tried), the heroism rules on both sides (every test rolled: spent fighters
/// still hit on a 1), rolled extremes.
#[test]
fn endless_fights_have_no_exact_values() {
    let with_options = |options| Fighter {
        options,
        ..Fighter::AVERAGE
    };
    let crit = with_options(TestOptions {
        crit: CritDie::Die(10),
        ..TestOptions::DEFAULT
    });
    assert!(duel(crit, Fighter::AVERAGE, 10, 0).exact().is_none());
    let heroic = with_options(TestOptions {
        heroism_rules: true,
        ..TestOptions::DEFAULT
    });
    assert!(duel(heroic, heroic, 10, 0).exact().is_none());
    let rolled = with_options(TestOptions {
        extremes: crate::systems::aube::resolution::Extremes::Roll,
        ..TestOptions::DEFAULT
    });
    assert!(duel(rolled, rolled, 10, 0).exact().is_none());
    // The Monte Carlo answer is still there.
    let sim = simulation(duel(crit, Fighter::AVERAGE, 10, 0));
    assert!(sim.exact().is_none());
}

/// Merging the tracks past their saturation ([`Bout::merge`]) changes no exact value: the
/// same duels with an option that changes nothing here (`fold_low_ca` without the
/// heroism rules) are not merged, and give the same distribution over more states.
#[test]
fn merging_spent_tracks_changes_nothing() {
    let unmerged = |f: Fighter| Fighter {
        options: TestOptions {
            fold_low_ca: true,
            ..TestOptions::DEFAULT
        },
        ..f
    };
    for (a, b, fa, fm, etourdi) in [
        (
            Fighter::AVERAGE,
            Fighter::AVERAGE,
            10,
            0,
            EtourdiScope::NextAttack,
        ),
        (
            Fighter::KROM,
            Fighter::BJORN,
            15,
            -5,
            EtourdiScope::NextAttack,
        ),
        (Fighter::KROM, Fighter::BJORN, 5, 5, EtourdiScope::Aspect),
    ] {
        let model = with(duel(a, b, fa, fm), |m| m.bout.etourdi = etourdi);
        let plain = with(model.clone(), |m| {
            m.fighters = [unmerged(a), unmerged(b)];
        });
        let solve = |m: &DuelModel| {
            let solved = solve_fight(&m.duel_fight(), m.max_rounds, STATE_BUDGET);
            let solved = solved.expect("solved");
            (solved.endings, solved.states)
        };
        let ((merged, few), (full, many)) = (solve(&model), solve(&plain));
        assert!(few < many, "{few} states against {many}");
        // Endings of negligible mass may be met in one and left in the tail in the other.
        for (x, _) in merged.iter().chain(full.iter()) {
            let (p, q) = (merged.p(x), full.p(x));
            assert!((p - q).abs() < 1e-12, "{x:?}: {p} against {q}");
        }
    }
}

/// The exact endings of `fight` capped at `max_rounds` within `state_budget` states, with
/// the states met (what [`ExactBudget::capped_at`] solves, the states kept).
fn solve_fight(
    fight: &DuelFight,
    max_rounds: u32,
    state_budget: usize,
) -> Option<Propagated<FightEnd>> {
    let limits = Limits::new(max_rounds.min(ROUND_BUDGET), EXACT_TOLERANCE);
    crate::engine::fight::solve(fight, limits, state_budget).ok()
}
