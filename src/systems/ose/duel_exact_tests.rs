//! Unit tests of the exact `ose.duel` (a sibling file of `duel.rs` and `duel_exact.rs`):
//! hand computations, the rolled HP as a mixture of fixed ones, the mass against the tail,
//! and Monte Carlo inside the exact interval.

use super::*;
use crate::engine::Dist;
use crate::engine::chain::Limits;
use crate::engine::fight::{Unsolved, solve};
use crate::engine::model::exact_tally;
use crate::engine::{ExactTally, simulation};
use crate::systems::ose::DUEL;
use crate::systems::ose::duel_exact::TOLERANCE;
use crate::systems::test_support::assert_each_agrees;

fn model(words: &str) -> DuelModel {
    DUEL.model_for(words)
        .unwrap_or_else(|e| panic!("{words}: {e}"))
}

fn exact(words: &str) -> (DuelModel, ExactTally) {
    let model = model(words);
    let dist = exact_duel(&model).unwrap().0;
    let tally = exact_tally(&model, &model.layout(), &dist);
    (model, tally)
}

fn value(t: &ExactTally, id: MetricId) -> f64 {
    t.value(id).unwrap_or(f64::NAN)
}

/// Configurations covering each `ties` rule, fixed and rolled HP, several HD, STR and
/// damage dice.
const CASES: [&str; 8] = [
    "monster.hp=5",
    "monster.hp=5 ties=simultaneous",
    "monster.hd=3",
    "monster.hd=3 ties=simultaneous",
    "monster.hd=human fighter.hp=3",
    "monster.hd=5 monster.ac=2 monster.damage=8 fighter.hp=12",
    "monster.hd=2 fighter.hp=8 fighter.damage=8 fighter.str=1 ties=simultaneous",
    "monster.hd=9 monster.hp=40 fighter.thac0=12 fighter.hp=30 fighter.str=-3",
];

#[test]
fn one_hit_duel_by_hand() {
    // Fighter 1 HP (THAC0 19 against AC 6: needs 13, pf = 8/20); orc 1 HP (THAC0 19
    // against AC 4: needs 15, pm = 6/20). Reroll: each side first with 1/2.
    let (pf, pm) = (0.4, 0.3);
    let (m, t) = exact("fighter.hp=1 monster.hp=1 monster.ac=6");
    let end = 1.0 - (1.0 - pf) * (1.0 - pm);
    let win = (pf / 2.0 + (1.0 - pm) * pf / 2.0) / end;
    assert!((value(&t, m.m.fighter_wins) - win).abs() < 1e-12);
    assert!((value(&t, m.m.monster_wins) - (1.0 - win)).abs() < 1e-12);
    assert!(value(&t, m.m.both_die).abs() < 1e-15);
    // Rounds: geometric, ended each round with `end`: mean 1/end.
    assert!((value(&t, m.m.mean_rounds) - 1.0 / end).abs() < 1e-9);
    let rounds = t.histogram(m.m.rounds);
    assert!((rounds[&1] - end).abs() < 1e-12);
    assert!((rounds[&3] - (1.0 - end).powi(2) * end).abs() < 1e-12);
    // Simultaneous: 15/36 each side first, 6/36 together (both may fall).
    let (m, t) = exact("fighter.hp=1 monster.hp=1 monster.ac=6 ties=simultaneous");
    let (a, tie) = (15.0 / 36.0, 6.0 / 36.0);
    let f = a * pf + a * (1.0 - pm) * pf + tie * pf * (1.0 - pm);
    let both = tie * pf * pm;
    assert!((value(&t, m.m.fighter_wins) - f / end).abs() < 1e-12);
    assert!((value(&t, m.m.both_die) - both / end).abs() < 1e-12);
}

#[test]
fn the_initiative_is_even_and_ties_are_one_in_six() {
    use crate::engine::enumerate;
    let reroll = enumerate(|d| d.step(&Initiative::from(Ties::Reroll))).unwrap();
    assert!((reroll.p(&Order::FighterFirst) - 0.5).abs() < 1e-12);
    assert!((reroll.p(&Order::MonsterFirst) - 0.5).abs() < 1e-12);
    assert!(reroll.tail() < 1e-12);
    let together = enumerate(|d| d.step(&Initiative::from(Ties::Simultaneous))).unwrap();
    assert!((together.p(&Order::FighterFirst) - 15.0 / 36.0).abs() < 1e-15);
    assert!((together.p(&Order::Together) - 6.0 / 36.0).abs() < 1e-15);
}

#[test]
fn two_hit_duel_by_hand() {
    // Fighter 1 HP with a d2 against an orc of 2 HP: a 2 kills, a 1 leaves the one-hit
    // duel above. From (1, 2) each round: the fighter wins at once with pf/4 + (1-pm) pf/4,
    // moves to (1, 1) with (1-pm) pf/2, stays with (1-pf)(1-pm).
    let (pf, pm) = (0.4, 0.3);
    let (m, t) = exact("fighter.hp=1 fighter.damage=2 monster.hp=2 monster.ac=6");
    let w11 = (pf / 2.0 + (1.0 - pm) * pf / 2.0) / (1.0 - (1.0 - pf) * (1.0 - pm));
    let direct = pf / 4.0 + (1.0 - pm) * pf / 4.0;
    let to11 = (1.0 - pm) * pf / 2.0;
    let stay = (1.0 - pf) * (1.0 - pm);
    let win = (direct + to11 * w11) / (1.0 - stay);
    assert!((value(&t, m.m.fighter_wins) - win).abs() < 1e-12);
}

#[test]
fn rolled_hit_points_are_the_mixture_of_fixed_ones() {
    for ties in ["reroll", "simultaneous"] {
        let (m, rolled) = exact(&format!("monster.hd=2 ties={ties}"));
        let mut wins = 0.0;
        let mut mean = 0.0;
        let mut first_round = 0.0;
        for (hp, p) in Dist::dice_sum(2, 8).iter() {
            let (_, t) = exact(&format!("monster.hd=2 monster.hp={hp} ties={ties}"));
            wins += p * value(&t, m.m.fighter_wins);
            mean += p * value(&t, m.m.mean_rounds);
            first_round += p * t.histogram(m.m.rounds).get(&1).copied().unwrap_or(0.0);
        }
        assert!(
            (value(&rolled, m.m.fighter_wins) - wins).abs() < 1e-11,
            "{ties}"
        );
        assert!(
            (value(&rolled, m.m.mean_rounds) - mean).abs() < 1e-9,
            "{ties}"
        );
        assert!((rolled.histogram(m.m.rounds)[&1] - first_round).abs() < 1e-11);
    }
}

#[test]
fn exact_mass_is_one_minus_the_tail() {
    for words in CASES {
        let (dist, states) = exact_duel(&model(words)).unwrap();
        let total: f64 = dist.iter().map(|(_, p)| p).sum();
        let tail = dist.tail();
        // The mass left in play is below the tolerance; the rerolled initiative ties are
        // cut where a path falls below 1e-12 (after 16 ties: (1/6)^16, about 3.5e-13 a
        // round); the tail is 1 minus the sum of the endings, so it also carries the
        // rounding of that sum (about 1e-15 each).
        assert!(tail < TOLERANCE + 100.0 * 4e-13, "{words}: tail {tail}");
        assert!(total <= 1.0 + 1e-12, "{words}: {total}");
        assert!(
            (total + tail - 1.0).abs() < 1e-12,
            "{words}: {total} + {tail}"
        );
        assert!(states > 0);
        // Nobody falls together unless ties are simultaneous; no duel reaches the cap.
        let both = dist.p_where(|o| o.end == DuelEnd::BOTH_FELL);
        assert_eq!(both > 0.0, words.contains("simultaneous"), "{words}");
        assert_eq!(dist.p_where(|o| o.end == DuelEnd::CAP), 0.0, "{words}");
    }
}

#[test]
fn exact_switches_move_the_odds_the_right_way() {
    let wins = |words: &str| {
        let (m, t) = exact(words);
        value(&t, m.m.fighter_wins)
    };
    // A sword and STR +1 against 3 HD: from about 0.22 to about 0.44 (the analysis).
    let plain = wins("monster.hd=3");
    let sword = wins("monster.hd=3 fighter.damage=8 fighter.str=1");
    assert!(sword > plain + 0.15, "{plain} -> {sword}");
    // Simultaneous ties take wins from both sides (both may fall).
    let (m, r) = exact("monster.hd=3");
    let (_, s) = exact("monster.hd=3 ties=simultaneous");
    assert!(value(&s, m.m.fighter_wins) < value(&r, m.m.fighter_wins));
    assert!(value(&s, m.m.monster_wins) < value(&r, m.m.monster_wins));
}

#[test]
fn large_duels_are_monte_carlo_only() {
    // 6 HP against 25 d8 (200 HP at most): 1 200 states, exact.
    assert!(model("monster.hd=25").solved().is_some());
    // 50 HP against 100: 5 000 states, the last exact; 51 HP: sampled only.
    assert_eq!(model("fighter.hp=50 monster.hp=100").max_states(), 5_000);
    assert!(model("fighter.hp=50 monster.hp=100").solved().is_some());
    assert!(model("fighter.hp=51 monster.hp=100").solved().is_none());
    assert!(model("fighter.hp=200 monster.hd=25").solved().is_none());
}

#[test]
fn monte_carlo_agrees_with_exact_duels() {
    assert_each_agrees(CASES, 6, |words| simulation(model(words)));
}

/// The exact distribution of `model`'s outcomes (what [`DuelModel`] solves) and the
/// number of distinct states met.
fn exact_duel(model: &DuelModel) -> Result<(Dist<DuelOutcome>, usize), Unsolved> {
    let limits = Limits::new(MAX_ROUNDS, TOLERANCE);
    let out = solve(model.duel(), limits, usize::MAX)?;
    let dist = out
        .endings
        .map(|&(end, rounds)| DuelOutcome { end, rounds });
    Ok((dist, out.states))
}
