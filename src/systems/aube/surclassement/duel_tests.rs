//! Unit tests of [`super`] (`duel.rs`), kept beside it.

use super::*;
use crate::engine::{replay, simulation};
use crate::systems::aube::SURCLASSEMENT_DUEL;
use crate::systems::aube::wounds::OutAt;
use crate::systems::test_support::{error_text, run_tally};

fn fight(duel: &Duel, dice: &[u32]) -> DuelOutcome {
    replay(dice, |d| duel.fight(d))
}

fn duel(
    a: Fighter,
    b: Fighter,
    sa: StrategyName,
    sb: StrategyName,
    out_at: OutAt,
    max_rounds: u32,
) -> Duel {
    let pure = |n: StrategyName| {
        let s = match n {
            StrategyName::FeintThenMd => Strategy::FeintThenMd,
            StrategyName::ParryWhenWounded => Strategy::ParryWhenWounded,
            _ => Strategy::AlwaysMd,
        };
        (n, s)
    };
    let end = DuelEndParams { out_at, max_rounds };
    Duel::new(Rules::default(), [a, b], [pure(sa), pure(sb)], end).unwrap()
}

#[test]
fn one_blow_ends_it() {
    let f = Fighter::new([10, 10, 10], [0, 0, 40], 10, 0);
    let d = duel(
        f,
        f,
        StrategyName::AlwaysMd,
        StrategyName::AlwaysMd,
        OutAt::Critique,
        1000,
    );
    // A d 5: E = 5 + 35 = 40; B fails; B's resistance fails: 40 → critique, out.
    let o = fight(&d, &[5, 15, 20]);
    assert_eq!(
        (o.winner, o.rounds, o.hits, o.grave_hits),
        (Winner::A, 1, 1, 1)
    );
    assert_eq!(o.first_hit_grave, Some(true));
}

/// A feints then strikes, B always strikes: the fight of
/// [`feint_fatigue_and_etourdi_carry_from_round_to_round`].
fn feint_duel(out_at: OutAt) -> Duel {
    let a = Fighter::new([10, 10, 10], [3, 0, 20], 10, 0);
    let b = Fighter::new([10, 10, 10], [0, 0, 10], 10, 0);
    duel(
        a,
        b,
        StrategyName::FeintThenMd,
        StrategyName::AlwaysMd,
        out_at,
        6,
    )
}

#[test]
fn feint_fatigue_and_etourdi_carry_from_round_to_round() {
    let rolls = [
        4, 15, // 1: A's MA d 4 → E 7 wins; A holds 7 feint points.
        2, 12, 20, // 2: A's MD d 2 → E 2 + 15 + 7 = 24; B's resistance fails: grave, 5 PF.
        20, 6, // 3: A's MA fails; B's MD CA is 10 - 5 = 5, so its 6 fails.
        1, 5, 4, // 4: B's MD d 5 (E 10) beats A's MA d 1 (E 4) by 9; 9 - 4: étourdi.
        10, 18, // 5: A's stunned MA has CA 9: its 10 fails.
        10, 19, // 6: the étourdi is spent: A's MA d 10 succeeds again.
    ];
    let o = fight(&feint_duel(OutAt::Fatale), &rolls);
    assert_eq!((o.winner, o.rounds), (Winner::Draw, 6));
    assert_eq!(
        (o.hits, o.grave_hits, o.first_hit_grave),
        (2, 1, Some(true))
    );
}

#[test]
fn out_at_grave_ends_the_same_fight_at_the_first_grave() {
    // The first two rounds of the fight above: B's blessure grave of round 2 puts B out.
    let o = fight(&feint_duel(OutAt::Grave), &[4, 15, 2, 12, 20]);
    assert_eq!((o.winner, o.rounds, o.hits), (Winner::A, 2, 1));
}

fn model(extra: &[&str]) -> Result<DuelModel> {
    let words = [
        "a.ph=7",
        "a.pu=6",
        "a.ma=5",
        "a.ex=5",
        "a.bc=-3",
        "a.bd=15",
        "a.bp=1",
        "a.enc=11",
        "a.be=3",
        "b.ca_mp=9",
        "b.ca_ma=9",
        "b.ca_md=9",
        "b.bd=20",
        "b.bp=-3",
        "b.enc=13",
    ];
    SURCLASSEMENT_DUEL.model_for(&[&words[..], extra].concat().join(" "))
}

fn error(extra: &[&str]) -> String {
    error_text(model(extra))
}

#[test]
fn bad_input_is_an_error() {
    let e = error(&["a.strategy=turtle"]);
    assert!(e.contains("always_md") && e.contains("optimal"), "{e}");
    let e = error(&["a.strategy=mixed", "a.p_mp=0.5", "a.p_ma=0.5", "a.p_md=0.5"]);
    assert!(e.contains("a.p_mp + a.p_ma + a.p_md = 1.5"), "{e}");
    assert!(e.contains("add up to 1"), "{e}");
    assert!(model(&["b.strategy=mixed", "b.p_md=1.5"]).is_err());
    assert!(model(&["out_at=mort"]).is_err());
    assert!(model(&["max_rounds=0"]).is_err());
    let e = error(&["b.ph=7"]);
    assert!(e.contains("fighter b is given both forms"), "{e}");
    let mixed = model(&[
        "a.strategy=mixed",
        "a.p_mp=0.25",
        "a.p_ma=0.25",
        "a.p_md=0.5",
    ])
    .unwrap();
    assert_eq!(mixed.duel.strategies[0], Strategy::Mixed([0.25, 0.25, 0.5]));
    let m = model(&["a.strategy=optimal", "b.strategy=parry_when_wounded"]).unwrap();
    assert_eq!(m.duel.strategies[1], Strategy::ParryWhenWounded);
    assert_eq!(
        m.duel.end,
        DuelEndParams {
            out_at: OutAt::Fatale,
            max_rounds: 1000
        }
    );
}

#[test]
fn same_seed_same_tally_and_every_fight_ends_once() {
    let model = model(&[
        "a.strategy=mixed",
        "a.p_mp=0.2",
        "a.p_ma=0.3",
        "a.p_md=0.5",
        "b.strategy=feint_then_md",
    ])
    .unwrap();
    let m = model.m.clone();
    let sim = simulation(model);
    let t = run_tally(sim.as_ref(), 0, 9, 30_000);
    assert_eq!(t, run_tally(sim.as_ref(), 0, 9, 30_000));
    let sum = |id: MetricId| t.metric(id).sum;
    let ends = sum(m.end.a_wins) + sum(m.end.b_wins) + sum(m.end.draw);
    assert_eq!(ends as u64, t.samples);
    assert!(sum(m.end.mean_rounds) as u64 >= t.samples);
    assert!(sum(m.mean_grave_hits) <= sum(m.mean_hits));
    // A fatale ends the fight, so a win needs a blow at least.
    assert!(sum(m.mean_hits) >= sum(m.end.a_wins) + sum(m.end.b_wins));
    assert_eq!(t.histogram(m.rounds).total(), t.samples);
}

#[test]
fn optimal_resolves_to_each_sides_mix() {
    let krom = Fighter::new([9, 9, 9], [1, -3, 20], 13, 3);
    let bjorn = Fighter::new([9, 9, 9], [1, 1, 15], 11, 4);
    let d = Duel::new(
        Rules::default(),
        [krom, bjorn],
        [
            (StrategyName::Optimal, Strategy::AlwaysMd),
            (StrategyName::Optimal, Strategy::AlwaysMd),
        ],
        DuelEndParams {
            out_at: OutAt::Fatale,
            max_rounds: 1000,
        },
    )
    .unwrap();
    let s = optimal(Rules::default(), &krom, &bjorn);
    assert_eq!(
        d.strategies,
        [Strategy::Mixed(s.row), Strategy::Mixed(s.col)]
    );
}
