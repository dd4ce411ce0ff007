//! Unit tests of [`super`] (`game.rs`), kept beside it.

use super::*;
use crate::engine::simulation;
use crate::systems::aube::SURCLASSEMENT_OPTIMAL;
use crate::systems::test_support::{
    AGREEMENT_SAMPLES, AGREEMENT_SEED, assert_agrees_with_exact, error_text,
};

/// What each pure reply gets against the solution: no column does better for B than
/// the value against A's mix, no row does better for A against B's mix.
fn assert_optimal(m: &Matrix, s: &Solution) {
    for x in [s.row, s.col] {
        assert!(x.iter().all(|&p| p >= 0.0), "{s:?}");
        assert!((x.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{s:?}");
    }
    for j in 0..3 {
        let against_pure: f64 = (0..3).map(|i| s.row[i] * m[i][j]).sum();
        assert!(against_pure >= s.value - 1e-12, "column {j}: {m:?} {s:?}");
    }
    for i in 0..3 {
        let against_pure: f64 = (0..3).map(|j| m[i][j] * s.col[j]).sum();
        assert!(against_pure <= s.value + 1e-12, "row {i}: {m:?} {s:?}");
    }
}

#[test]
fn rock_paper_scissors_and_a_saddle_point() {
    let rps = [[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]];
    let s = solve(&rps);
    for p in s.row.iter().chain(&s.col) {
        assert!((p - 1.0 / 3.0).abs() < 1e-12, "{s:?}");
    }
    assert!(s.value.abs() < 1e-12);
    assert_optimal(&rps, &s);
    let saddle = [[3.0, 1.0, 4.0], [2.0, 0.0, 1.0], [5.0, -1.0, 0.0]];
    let s = solve(&saddle);
    assert_eq!((s.row, s.col), ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]));
    assert_eq!(s.value, 1.0);
    // A 2×2 core inside a 3×3 game: rows 0 and 1 against columns 0 and 1 mix
    // 1/2–1/2 with value 0.5; row 2 and column 2 are dominated.
    let core = [[1.0, 0.0, 2.0], [0.0, 1.0, 2.0], [0.0, 0.0, 3.0]];
    let s = solve(&core);
    assert!((s.value - 0.5).abs() < 1e-12, "{s:?}");
    assert_optimal(&core, &s);
}

#[test]
fn random_games_meet_the_minimax_theorem() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        // Small integers make ties and degenerate games frequent.
        ((state % 7) as f64 - 3.0) / 3.0
    };
    for _ in 0..2000 {
        let mut m = [[0.0; 3]; 3];
        for row in m.iter_mut() {
            for v in row.iter_mut() {
                *v = next();
            }
        }
        assert_optimal(&m, &solve(&m));
    }
}

#[test]
fn the_fighters_game_value_holds_against_every_pure_reply() {
    let krom = Fighter::new([9, 9, 9], [1, -3, 20], 13, 3);
    let bjorn = Fighter::new([9, 9, 9], [1, 1, 15], 11, 4);
    let defender = Fighter::new([13, 8, 9], [0, 6, 8], 12, 4);
    for (a, b) in [(krom, bjorn), (bjorn, krom), (krom, krom), (defender, krom)] {
        let m = payoff_matrix(Rules::default(), &a, &b);
        let s = solve(&m);
        assert_optimal(&m, &s);
        // The feint never wounds in one exchange: it never beats the blow.
        for j in 0..3 {
            assert!(m[1][j] <= m[2][j] + 1e-12, "{m:?}");
        }
    }
}

#[test]
fn equal_fighters_game_is_fair() {
    let f = Fighter::new([9, 9, 9], [1, 1, 15], 11, 3);
    let s = optimal(Rules::default(), &f, &f);
    assert!(s.value.abs() < 1e-12, "{s:?}");
}

#[test]
fn optimal_model_exact_agrees_with_monte_carlo() {
    let krom = Fighter::new([9, 9, 9], [1, -3, 20], 13, 3);
    let bjorn = Fighter::new([9, 9, 9], [1, 1, 15], 11, 4);
    let model = OptimalModel::new(Rules::default(), &krom, &bjorn);
    let s = model.solution();
    let exact = simulation(model.clone()).exact().unwrap();
    let value = exact.value(model.m.value).unwrap();
    assert!((value - s.value).abs() < 1e-12, "{value} vs {s:?}");
    for m in Manoeuvre::ALL {
        let p = exact.value(model.m.a_move[m.index()]).unwrap();
        assert!((p - s.row[m.index()]).abs() < 1e-12);
        let p = exact.value(model.m.b_move[m.index()]).unwrap();
        assert!((p - s.col[m.index()]).abs() < 1e-12);
    }
    let sim = simulation(model);
    assert_agrees_with_exact(sim.as_ref(), AGREEMENT_SAMPLES, AGREEMENT_SEED, 20, &"");
}

#[test]
fn a_mixed_optimum_is_sampled_as_mixed() {
    // The model's sampler on a hand-made mixed solution (the fighters' games have
    // pure optima): proportions and value agree with their exact values.
    let f = Fighter::new([10, 10, 10], [1, 2, 12], 11, 3);
    let mut model = OptimalModel::new(Rules::default(), &f, &f);
    model.solution = Solution {
        row: [0.2, 0.3, 0.5],
        col: [0.6, 0.0, 0.4],
        value: 0.0,
    };
    let sim = simulation(model);
    assert_agrees_with_exact(sim.as_ref(), AGREEMENT_SAMPLES, AGREEMENT_SEED + 1, 20, &"");
}

#[test]
fn built_from_words_with_both_fighters_checked() {
    let fighters = "a.ca_mp=9 a.ca_ma=9 a.ca_md=9 a.enc=13 a.bd=20 \
                    b.ph=7 b.pu=7 b.ma=5 b.ex=5 b.bc=-5 b.bd=15 b.enc=11";
    let model = SURCLASSEMENT_OPTIMAL.model_for(fighters).unwrap();
    let a = Fighter::new([9, 9, 9], [0, 0, 20], 13, 0);
    let b = Fighter::new([7, 7, 9], [0, 0, 15], 11, 0);
    assert_eq!(model.solution(), optimal(Rules::default(), &a, &b));
    let e = error_text(SURCLASSEMENT_OPTIMAL.model_for(&format!("{fighters} b.ca_md=9")));
    assert!(e.contains("fighter b is given both forms"), "{e}");
    // The exchange metrics follow the game's own, listed as one line.
    let docs = model.layout().docs();
    let names: Vec<&str> = docs.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "p_mp",
            "p_ma",
            "p_md",
            "b_p_mp",
            "b_p_ma",
            "b_p_md",
            "value",
            "duel_a_wins",
            "duel_b_wins",
            "a_wins ..."
        ]
    );
    assert_eq!(model.layout().metrics.len(), 9 + 23);
}

#[test]
fn the_whole_duel_horizon_reports_the_start_mixes_and_the_duels_value() {
    let krom_bjorn = "a.ph=7 a.pu=7 a.ma=5 a.ex=5 a.bc=-5 a.ba=1 a.bp=-3 a.bd=20 a.enc=13 \
                      a.be=3 b.ph=7 b.pu=7 b.ma=5 b.ex=5 b.bc=-5 b.ba=1 b.bp=2 b.bd=15 \
                      b.enc=11 b.be=4 horizon=duel out_at=grave";
    let model = SURCLASSEMENT_OPTIMAL.model_for(krom_bjorn).unwrap();
    let s = model.solution();
    assert_eq!((s.row, s.col), ([0.0, 0.0, 1.0], [0.0, 0.0, 1.0]));
    let m = model.m.clone();
    let sim = simulation(model);
    let exact = sim.exact().unwrap();
    let [a, b] = m.duel_wins.map(|id| exact.value(id).unwrap());
    let value = exact.value(m.value).unwrap();
    assert!((value - s.value).abs() < 1e-6, "{value} vs {s:?}");
    assert!((a - b - value).abs() < 1e-12 && a + b <= 1.0 + 1e-12);
    assert_eq!(exact.value(m.a_move[2]), Some(1.0));
    // The exchange metrics are not recorded under horizon=duel.
    assert_eq!(exact.value(m.exchange.a_wins), None);
    assert_agrees_with_exact(
        sim.as_ref(),
        AGREEMENT_SAMPLES,
        AGREEMENT_SEED + 2,
        9,
        &"duel",
    );
    // A fighter whose feint is strong (MA 17, ba 8) opens with it.
    let feinter = "a.ca_mp=7 a.ca_ma=17 a.ca_md=9 a.ba=8 a.bp=1 a.bd=15 a.enc=12 a.be=3 \
                   b.ca_mp=7 b.ca_ma=7 b.ca_md=9 b.ba=1 b.bp=1 b.bd=15 b.enc=12 b.be=3 \
                   horizon=duel out_at=grave";
    let s = SURCLASSEMENT_OPTIMAL.model_for(feinter).unwrap().solution();
    assert_eq!(s.row, [0.0, 1.0, 0.0]);
    assert!(s.value > 0.5, "{s:?}");
}
