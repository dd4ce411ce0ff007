//! The one-exchange matrix game of surclassement and its optimal mixed strategy
//! (`RULES.md` `aube` → *Surclassement*, "the optimal mixed strategy of the one-exchange
//! matrix game"), and the `aube.surclassement.optimal` mechanic.
//!
//! Payoff to A of the pair (A's manœuvre, B's manœuvre), neither holding feint points:
//! P(A inflicts at least a blessure légère) − P(A receives one). Only one fighter can win
//! an exchange, so the payoff of one exchange is an integer in {−1, 0, 1} and its
//! expectation is the matrix entry. The game is zero-sum; A maximises, B minimises.
//!
//! The solver is exact up to floating point: A's guaranteed payoff `min_j (x·M)_j` is a
//! concave piecewise-linear function on the triangle of mixes, so its maximum is reached at
//! a vertex of the triangle cut by the lines where two columns tie. [`solve`] evaluates it
//! at every such candidate (the 3 pure moves, the 9 crossings of a tie line with an edge,
//! the point where all three columns tie) and keeps the best; B's side is the same on
//! `−Mᵀ`. At the optimum both guarantees meet at the value of the game.

use super::exchange::{Exchange, ExchangeMetrics, ExchangeOutcome, wounds};
use super::fighter::{Fighter, FightersParams, Manoeuvre, Rules};
use super::table::RollTable;
use crate::engine::{Dice, Dist, Layout, MetricId, Model, Recorder, Registered};
use crate::error::Result;

/// A 3×3 payoff matrix, rows A's manœuvre, columns B's (in [`Manoeuvre::ALL`] order).
pub type Matrix = [[f64; 3]; 3];

/// A mixed strategy: the chance of MP, MA, MD.
pub type Mix = [f64; 3];

/// The payoff to A of one exchange outcome: +1 when A wounds B (légère or worse), −1
/// when B wounds A, else 0.
pub fn payoff(o: &ExchangeOutcome) -> i64 {
    wounds(o, 0) as i64 - wounds(o, 1) as i64
}

/// The exact matrix of the one-exchange game between `a` and `b`.
pub fn payoff_matrix(rules: Rules, a: &Fighter, b: &Fighter) -> Matrix {
    let mut m = [[0.0; 3]; 3];
    for (i, &ma) in Manoeuvre::ALL.iter().enumerate() {
        for (j, &mb) in Manoeuvre::ALL.iter().enumerate() {
            let dist = Exchange::new(rules, [a, b], [ma, mb], [0, 0]).exact();
            m[i][j] = dist.iter().map(|(o, p)| payoff(o) as f64 * p).sum();
        }
    }
    m
}

/// The solution of a zero-sum game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Solution {
    /// A's optimal mix (the row player, who maximises).
    pub row: Mix,
    /// B's optimal mix (the column player, who minimises).
    pub col: Mix,
    /// The value of the game to A.
    pub value: f64,
}

/// What `x` guarantees the row player: `min_j Σ_i x_i m[i][j]`.
pub fn guarantee(m: &Matrix, x: &Mix) -> f64 {
    (0..3)
        .map(|j| (0..3).map(|i| x[i] * m[i][j]).sum::<f64>())
        .fold(f64::INFINITY, f64::min)
}

/// The mixes where A's guaranteed payoff may peak (see the module doc).
fn candidates(m: &Matrix) -> Vec<Mix> {
    let mut out: Vec<Mix> = Vec::with_capacity(13);
    for i in 0..3 {
        let mut x = [0.0; 3];
        x[i] = 1.0;
        out.push(x);
    }
    let col_diff = |i: usize, j: usize, k: usize| m[i][j] - m[i][k];
    for (i, k) in [(0, 1), (0, 2), (1, 2)] {
        for (j, jj) in [(0, 1), (0, 2), (1, 2)] {
            // On the edge x_i = t, x_k = 1 - t: columns j and jj tie where
            // t·d_i + (1 - t)·d_k = 0.
            let (di, dk) = (col_diff(i, j, jj), col_diff(k, j, jj));
            if di != dk {
                let t = dk / (dk - di);
                if (0.0..=1.0).contains(&t) {
                    let mut x = [0.0; 3];
                    x[i] = t;
                    x[k] = 1.0 - t;
                    out.push(x);
                }
            }
        }
    }
    // All three columns tie: (c0 - c1)·x = 0, (c0 - c2)·x = 0, Σx = 1 (Cramer's rule).
    let rows = [
        [col_diff(0, 0, 1), col_diff(1, 0, 1), col_diff(2, 0, 1)],
        [col_diff(0, 0, 2), col_diff(1, 0, 2), col_diff(2, 0, 2)],
        [1.0, 1.0, 1.0],
    ];
    let det3 = |r: [[f64; 3]; 3]| {
        r[0][0] * (r[1][1] * r[2][2] - r[1][2] * r[2][1])
            - r[0][1] * (r[1][0] * r[2][2] - r[1][2] * r[2][0])
            + r[0][2] * (r[1][0] * r[2][1] - r[1][1] * r[2][0])
    };
    let det = det3(rows);
    if det.abs() > 1e-14 {
        let mut x = [0.0; 3];
        for (c, xc) in x.iter_mut().enumerate() {
            let mut r = rows;
            for (row, rhs) in r.iter_mut().zip([0.0, 0.0, 1.0]) {
                row[c] = rhs;
            }
            *xc = det3(r) / det;
        }
        if x.iter().all(|&v| v >= -1e-12) {
            let x = x.map(|v| v.max(0.0));
            let s: f64 = x.iter().sum();
            out.push(x.map(|v| v / s));
        }
    }
    out
}

/// The row player's maximin mix and its guarantee.
fn maximin(m: &Matrix) -> (Mix, f64) {
    let mut best = ([0.0, 0.0, 1.0], f64::NEG_INFINITY);
    for x in candidates(m) {
        let g = guarantee(m, &x);
        if g > best.1 + 1e-15 {
            best = (x, g);
        }
    }
    best
}

/// Solves the zero-sum game `m` exactly (see the module doc).
pub fn solve(m: &Matrix) -> Solution {
    let (row, value) = maximin(m);
    let mut minus_t = [[0.0; 3]; 3];
    for (i, r) in m.iter().enumerate() {
        for (j, v) in r.iter().enumerate() {
            minus_t[j][i] = -v;
        }
    }
    let (col, _) = maximin(&minus_t);
    Solution { row, col, value }
}

/// A's and B's optimal mixes of the one-exchange game between `a` and `b`.
pub fn optimal(rules: Rules, a: &Fighter, b: &Fighter) -> Solution {
    solve(&payoff_matrix(rules, a, b))
}

/// `aube.surclassement.optimal`: the optimal mixes, as the exchange played under them.
///
/// There is no random quantity to estimate here, and the engine's metrics are
/// proportions and means of integer outcomes. So the model is honest about what it is:
/// A's manœuvre is drawn from A's optimal mix and B's from B's, then the exchange is
/// played. `p_mp`, `p_ma`, `p_md` (and `b_p_*`) are the proportions of each manœuvre: their
/// exact values are the optimal mixes. `value` is the mean of the integer payoff of one
/// exchange (+1 A wounds B, −1 B wounds A, 0 otherwise): its exact value is `x·M·y`, the
/// value of the game. The exchange metrics follow, under the optimal play.
#[derive(Debug, Clone, PartialEq)]
pub struct OptimalModel {
    solution: Solution,
    /// The exchange for each pair (A's move, B's move).
    exchanges: [[Exchange; 3]; 3],
    table: RollTable,
    layout: Layout,
    m: OptimalMetrics,
}

/// What `aube.surclassement.optimal` reports.
#[derive(Debug, Clone, PartialEq)]
struct OptimalMetrics {
    /// A's chance of each manœuvre, by [`Manoeuvre::index`].
    a_move: [MetricId; 3],
    /// B's chance of each manœuvre.
    b_move: [MetricId; 3],
    value: MetricId,
    exchange: ExchangeMetrics,
}

impl OptimalMetrics {
    fn declare(layout: &mut Layout) -> Self {
        let a_move = [
            layout.proportion(
                "p_mp",
                "A's optimal chance of the parry MP (exact value: the optimal mix)",
            ),
            layout.proportion("p_ma", "A's optimal chance of the feint MA"),
            layout.proportion("p_md", "A's optimal chance of the blow MD"),
        ];
        let b_move = [
            layout.proportion("b_p_mp", "B's optimal chance of MP"),
            layout.proportion("b_p_ma", "B's optimal chance of MA"),
            layout.proportion("b_p_md", "B's optimal chance of MD"),
        ];
        let value = layout.mean(
            "value",
            "mean payoff to A (+1 A wounds, -1 A is wounded, 0 else) under both optimal mixes: \
             the game's value",
        );
        let first = layout.metrics.len();
        let exchange = ExchangeMetrics::declare(layout);
        layout.list_as_one(
            first,
            "a_wins ...",
            "the metrics of aube.surclassement.exchange, under the optimal mixes",
        );
        Self {
            a_move,
            b_move,
            value,
            exchange,
        }
    }
}

/// An outcome of the optimal model: the two manœuvres drawn and the exchange.
pub type OptimalOutcome = (Manoeuvre, Manoeuvre, ExchangeOutcome);

impl OptimalModel {
    /// The model of the game between `a` and `b`.
    pub fn new(rules: Rules, a: &Fighter, b: &Fighter) -> Self {
        let exchanges = Manoeuvre::ALL
            .map(|ma| Manoeuvre::ALL.map(|mb| Exchange::new(rules, [a, b], [ma, mb], [0, 0])));
        let mut layout = Layout::new();
        let m = OptimalMetrics::declare(&mut layout);
        Self {
            solution: optimal(rules, a, b),
            exchanges,
            table: RollTable::new(),
            layout,
            m,
        }
    }

    fn from_config(p: FightersParams) -> Result<Self> {
        let ([a, b], rules) = p.fighters()?;
        Ok(Self::new(rules, &a, &b))
    }

    /// The solution of the game.
    pub fn solution(&self) -> Solution {
        self.solution
    }
}

impl Model for OptimalModel {
    type Outcome = OptimalOutcome;

    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    #[inline]
    fn sample<D: Dice>(&self, dice: &mut D) -> OptimalOutcome {
        let i = dice.weighted(&self.solution.row);
        let j = dice.weighted(&self.solution.col);
        let o = self.exchanges[i][j].roll(&self.table, dice);
        (Manoeuvre::ALL[i], Manoeuvre::ALL[j], o)
    }

    #[inline]
    fn record<R: Recorder>(&self, (ma, mb, o): &OptimalOutcome, rec: &mut R) {
        for m in Manoeuvre::ALL {
            rec.event(self.m.a_move[m.index()], *ma == m);
            rec.event(self.m.b_move[m.index()], *mb == m);
        }
        rec.value(self.m.value, payoff(o));
        self.m.exchange.record(o, rec);
    }

    fn exact(&self) -> Option<Dist<OptimalOutcome>> {
        let pick = |mix: &Mix| {
            Dist::from_weights(
                Manoeuvre::ALL
                    .into_iter()
                    .zip(*mix)
                    .filter(|(_, p)| *p > 0.0),
            )
        };
        let pairs = pick(&self.solution.row).combine(&pick(&self.solution.col), |a, b| (*a, *b));
        Some(pairs.then(|&(ma, mb)| {
            self.exchanges[ma.index()][mb.index()]
                .exact()
                .map(|o| (ma, mb, *o))
        }))
    }
}

/// The registry entry of `aube.surclassement.optimal`.
pub static OPTIMAL: Registered<FightersParams, OptimalModel> = Registered::new(
    "aube.surclassement.optimal",
    "the optimal mixed manœuvres of the one-exchange game (payoff: wound dealt minus wound taken)",
    "a.ca_mp=9 a.ca_ma=9 a.ca_md=9 a.enc=11 b.ca_mp=9 b.ca_ma=9 b.ca_md=9 b.enc=11",
    OptimalModel::from_config,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::simulation;
    use crate::systems::test_support::{
        AGREEMENT_SAMPLES, AGREEMENT_SEED, assert_agrees_with_exact,
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
        let model = OPTIMAL.model_for(fighters).unwrap();
        let a = Fighter::new([9, 9, 9], [0, 0, 20], 13, 0);
        let b = Fighter::new([7, 7, 9], [0, 0, 15], 11, 0);
        assert_eq!(model.solution(), optimal(Rules::default(), &a, &b));
        let e = OPTIMAL
            .model_for(&format!("{fighters} b.ca_md=9"))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
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
                "a_wins ..."
            ]
        );
        assert_eq!(model.layout().metrics.len(), 7 + 23);
    }
}
