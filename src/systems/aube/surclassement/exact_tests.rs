//! Unit tests of [`super`] (`exact.rs`), kept beside it: the exact duel against Monte Carlo
//! with the shared checker.

use super::*;
use crate::engine::{Model, simulation};
use crate::systems::aube::SURCLASSEMENT_DUEL as DUEL;
use crate::systems::aube::surclassement::duel::DuelModel;
use crate::systems::test_support::{
    AGREEMENT_SAMPLES, AGREEMENT_SEED, assert_agrees_with_exact, assert_each_agrees,
};

/// The equal fighters of the shipped studies, as parameters.
const EQUAL: &str = "a.ph=7 a.pu=7 a.ma=5 a.ex=5 a.bc=-5 a.ba=1 a.bp=1 a.bd=15 a.enc=12 a.be=3 \
                     b.ph=7 b.pu=7 b.ma=5 b.ex=5 b.bc=-5 b.ba=1 b.bp=1 b.bd=15 b.enc=12 b.be=3";

/// Kröm (axe) against Björn (sword and shield), same aspects.
const KROM_BJORN: &str = "a.ph=7 a.pu=7 a.ma=5 a.ex=5 a.bc=-5 a.ba=1 a.bp=-3 a.bd=20 \
                          a.enc=13 a.be=3 b.ph=7 b.pu=7 b.ma=5 b.ex=5 b.bc=-5 b.ba=1 b.bp=2 \
                          b.bd=15 b.enc=11 b.be=4";

fn model(words: &str) -> DuelModel {
    DUEL.model_for(words).unwrap()
}

/// Every strategy, both pairs of fighters, every `out_at`, several `fm` (a higher fm makes
/// grave blows, so that `first_hit_grave` is tried both ways).
#[test]
fn exact_duels_agree_with_monte_carlo() {
    let cases = [
        (EQUAL, "out_at=fatale"),
        (EQUAL, "a.strategy=feint_then_md out_at=grave fm=10"),
        (
            EQUAL,
            "a.strategy=parry_when_wounded b.strategy=feint_then_md out_at=critique fm=10",
        ),
        (
            EQUAL,
            "a.strategy=mixed a.p_mp=0.3 a.p_ma=0 a.p_md=0.7 b.strategy=optimal out_at=legere",
        ),
        (
            EQUAL,
            "a.strategy=optimal_duel b.strategy=feint_then_md out_at=grave fm=5",
        ),
        (
            KROM_BJORN,
            "b.strategy=parry_when_wounded out_at=fatale fm=10",
        ),
        (
            KROM_BJORN,
            "a.strategy=feint_then_md b.strategy=feint_then_md out_at=grave",
        ),
        (
            KROM_BJORN,
            "a.strategy=optimal b.strategy=mixed b.p_mp=0.2 b.p_ma=0 b.p_md=0.8 out_at=critique",
        ),
        (
            KROM_BJORN,
            "b.strategy=feint_then_md out_at=legere fm=5 max_rounds=12",
        ),
        (
            KROM_BJORN,
            "a.strategy=optimal_duel b.strategy=optimal_duel out_at=fatale",
        ),
    ];
    assert_each_agrees(cases, 15, |(fighters, rest)| {
        let m = model(&format!("{fighters} {rest}"));
        let (law, states) = exact_law(m.duel()).unwrap();
        // The exact probabilities add up to 1 less the reported tail.
        let total: f64 = law.iter().map(|(_, p)| p).sum();
        assert!((total + law.tail() - 1.0).abs() < 1e-12, "{rest}: {total}");
        assert!(law.tail() < 1e-10, "{rest}: {}", law.tail());
        assert!(states < 20_000, "{rest}: {states} states");
        let sim = simulation(m);
        assert!(sim.exact().unwrap().tail < 1e-10);
        sim
    });
}

#[test]
fn blow_counts_and_endless_feints_are_left_to_monte_carlo() {
    // The exact law has no blow counts: those two means have no exact value, the others do.
    let m = model(&format!("{EQUAL} out_at=grave"));
    let sim = simulation(model(&format!("{EQUAL} out_at=grave")));
    let exact = sim.exact().unwrap();
    let layout = m.layout();
    for (def, acc) in layout.metrics.iter().zip(&exact.metrics) {
        let blows = def.name == "mean_hits" || def.name == "mean_grave_hits";
        assert_eq!(acc.value().is_none(), blows, "{}", def.name);
    }
    // A mixed strategy that feints while holding feint points: no exact law.
    let feinting = model(&format!("{EQUAL} a.strategy=mixed out_at=grave"));
    assert!(!has_exact(feinting.duel()));
    assert!(simulation(feinting).exact().is_none());
}

#[test]
fn stalemates_and_endless_fights_are_draws_of_max_rounds() {
    // Every CA at 1: every test fails, from the start: a stalemate, ended at once.
    let idle = "a.ca_mp=1 a.ca_ma=1 a.ca_md=1 a.enc=10 b.ca_mp=1 b.ca_ma=1 b.ca_md=1 b.enc=10 \
                max_rounds=40";
    let (law, states) = exact_law(model(idle).duel()).unwrap();
    assert_eq!(states, 1);
    assert_eq!(law.p(&law.iter().next().unwrap().0.clone()), 1.0);
    assert!(
        law.iter()
            .all(|(o, _)| o.winner == Winner::Draw && o.rounds == 40)
    );
    // CAs of 3 and blows that only daze (sonné): the one who falls behind can no longer
    // succeed, the other dazes him for ever; the fight is a draw at max_rounds.
    let weak = "a.ca_mp=3 a.ca_ma=3 a.ca_md=3 a.bd=10 a.enc=1 b.ca_mp=3 b.ca_ma=3 b.ca_md=3 \
                b.bd=10 b.enc=1 max_rounds=50";
    let m = model(weak);
    let (law, _) = exact_law(m.duel()).unwrap();
    let draws = law.p_where(|o| o.winner == Winner::Draw);
    assert!(draws > 0.5, "{draws}");
    assert!((law.p_where(|o| o.winner == Winner::Draw && o.rounds == 50) - draws).abs() < 1e-15);
    let sim = simulation(m);
    assert_agrees_with_exact(
        sim.as_ref(),
        AGREEMENT_SAMPLES,
        AGREEMENT_SEED + 20,
        6,
        &weak,
    );
}

/// House tables (`alea rules aube`, changed): a shorter wound track (2 légères, 1 grave, 1
/// critique), an étourdi that costs 1 PF and a sonné 2, lower bounds on Tableau 3.1. The
/// exact duel, the whole-duel game and the fought duel read the same tables: the exact law
/// agrees with Monte Carlo, and the game's value is the exact duel of its two players.
#[test]
fn house_tables_are_read_by_the_exact_duel_and_the_game() {
    use crate::systems::aube::duel_end::DuelEndParams;
    use crate::systems::aube::surclassement::fighter::{Fighter, Rules};
    use crate::systems::aube::surclassement::strategy::{Strategy, StrategyName};
    use crate::systems::aube::tables::{AubeTables, DamageTable, FatigueTable, WoundBoxes};
    use crate::systems::aube::wounds::OutAt;
    let official = AubeTables::OFFICIAL;
    let tables = AubeTables {
        damage: DamageTable {
            etourdi: 4,
            sonne: 8,
            legere: 16,
            grave: 24,
            critique: 32,
        },
        fatigue: FatigueTable {
            etourdi: 1,
            sonne: 2,
            ..official.fatigue
        },
        wounds: WoundBoxes {
            legere: 2,
            grave: 1,
            critique: 1,
        },
        ..official
    };
    let rules = Rules {
        tables,
        ..Rules::default()
    };
    let fighters = [
        Fighter::new([7, 13, 9], [4, 1, 15], 12, 3),
        Fighter::new([7, 7, 9], [1, 1, 15], 12, 3),
    ];
    let named = |name, s| (name, s);
    let feint = named(StrategyName::FeintThenMd, Strategy::FeintThenMd);
    let md = named(StrategyName::AlwaysMd, Strategy::AlwaysMd);
    let optimal = named(StrategyName::OptimalDuel, Strategy::OptimalDuel);
    let cases = [([feint, md], OutAt::Grave), ([optimal; 2], OutAt::Fatale)];
    assert_each_agrees(cases, 6, |(strategies, out_at)| {
        let end = DuelEndParams {
            out_at,
            max_rounds: 1000,
        };
        let duel = Duel::new(rules, fighters, strategies, end).unwrap();
        let official_duel = Duel::new(Rules::default(), fighters, strategies, end).unwrap();
        let (law, _) = exact_law(&duel).unwrap();
        let (official_law, _) = exact_law(&official_duel).unwrap();
        let a_wins = |l: &Dist<DuelOutcome>| l.p_where(|o| o.winner == Winner::A);
        assert!(
            (a_wins(&law) - a_wins(&official_law)).abs() > 1e-3,
            "{out_at:?}"
        );
        if let Some(game) = &duel.game {
            let payoff = a_wins(&law) - law.p_where(|o| o.winner == Winner::B);
            let value = game.get().start_value();
            assert!((payoff - value).abs() < 1e-6, "{payoff} vs {value}");
        }
        simulation(DuelModel::new(duel))
    });
}

/// The ways of a round are merged in the order they are met, so the exact values are the
/// same to the last bit on every run (a map with a random hasher once made them differ
/// from one run to the next).
#[test]
fn exact_values_are_the_same_to_the_last_bit() {
    for rest in [
        "a.strategy=feint_then_md out_at=grave max_rounds=300",
        "a.strategy=optimal_duel b.strategy=parry_when_wounded out_at=fatale",
    ] {
        let m = model(&format!("{KROM_BJORN} {rest}"));
        let bits = |law: Dist<DuelOutcome>| -> Vec<(DuelOutcome, u64)> {
            law.iter().map(|(o, p)| (*o, p.to_bits())).collect()
        };
        let first = bits(exact_law(m.duel()).unwrap().0);
        for _ in 0..4 {
            assert_eq!(bits(exact_law(m.duel()).unwrap().0), first, "{rest}");
        }
    }
}
