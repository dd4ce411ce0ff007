//! The one-exchange matrix game of surclassement and its optimal mixed strategy
//! (the `aube` page → *Surclassement*, "the optimal mixed strategy of the one-exchange
//! matrix game"), and the `aube.surclassement.optimal` mechanic, which also reports the
//! whole-duel game of [`super::whole`] (`horizon = duel`).
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

use super::duel::Duel;
use super::exact::first_moves_and_winner;
use super::exchange::{Exchange, ExchangeMetrics, ExchangeOutcome, wounds};
use super::fighter::{Fighter, FightersParams, Manoeuvre, Rules};
use super::position::Position;
use super::strategy::{Strategy, StrategyName};
use crate::engine::fight::Winner;
use crate::engine::{Dice, Dist, FromConfig, Layout, MetricId, Model, Recorder};
use crate::error::{Error, Result};
use crate::systems::aube::duel_end::DuelEndParams;

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
            let dist = Exchange::new(rules, [a, b], [ma, mb], [0, 0]).law();
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

/// The pure saddle point of `m`, if it has one: the first row whose worst column is the
/// best of the rows' worst, and the first column whose best row is the least of the
/// columns' best, when the two meet.
fn saddle(m: &Matrix) -> Option<Solution> {
    let row_worst = m.map(|r| r[0].min(r[1]).min(r[2]));
    let col_best: [f64; 3] = std::array::from_fn(|j| m[0][j].max(m[1][j]).max(m[2][j]));
    let lower = row_worst[0].max(row_worst[1]).max(row_worst[2]);
    let upper = col_best[0].min(col_best[1]).min(col_best[2]);
    if lower < upper {
        return None;
    }
    let pure = |k: usize| {
        let mut x = [0.0; 3];
        x[k] = 1.0;
        x
    };
    let i = row_worst.iter().position(|&v| v == lower)?;
    let j = col_best.iter().position(|&v| v == upper)?;
    Some(Solution {
        row: pure(i),
        col: pure(j),
        value: lower,
    })
}

/// Solves the zero-sum game `m` exactly (see the module doc; a pure saddle point, the
/// usual case, is found first and directly).
pub fn solve(m: &Matrix) -> Solution {
    if let Some(s) = saddle(m) {
        return s;
    }
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

crate::choice! {
    /// What the optimal mixes of `aube.surclassement.optimal` value.
    ///
    /// - `exchange`: one exchange: a wound dealt minus a wound taken (this module).
    /// - `duel`: the whole duel: a win minus a loss ([`super::whole`]).
    pub enum Horizon { Exchange = "exchange", Duel = "duel" }
}

crate::config! {
    /// The parameters of `aube.surclassement.optimal`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct OptimalParams {
        /// both fighters and the switches
        fighters: FightersParams = flatten(),
        /// what the mixes value: exchange (one exchange: wound dealt minus wound taken) or duel (the whole duel: won minus lost; the mixes of the first exchange, then the whole-duel strategy to the end)
        horizon: Horizon = choice(default = Horizon::Exchange),
        /// when the duel ends (horizon=duel)
        end: DuelEndParams = flatten(),
    }
}

/// `aube.surclassement.optimal`: the optimal mixes, as the exchange (or the duel) played
/// under them.
///
/// There is no random quantity to estimate here, and the engine's metrics are
/// proportions and means of integer outcomes. So the model is honest about what it is:
/// A's manœuvre is drawn from A's optimal mix and B's from B's, then the exchange is
/// played. `p_mp`, `p_ma`, `p_md` (and `b_p_*`) are the proportions of each manœuvre: their
/// exact values are the optimal mixes. `value` is the mean of the integer payoff of one
/// exchange (+1 A wounds B, −1 B wounds A, 0 otherwise): its exact value is `x·M·y`, the
/// value of the game. The exchange metrics follow, under the optimal play.
///
/// Under `horizon = duel` the sample is a whole duel where both play the whole-duel
/// strategy (`optimal_duel`): the manœuvres are those of the first exchange (exact values:
/// the mixes of the start), `value` is the duel's payoff (+1 A wins, −1 B wins, 0 a draw;
/// exact value: the game's value, less what the fights still on at `max_rounds` would
/// have brought), `duel_a_wins` and `duel_b_wins` who won; the exchange metrics are not
/// recorded.
#[derive(Debug, Clone, PartialEq)]
pub struct OptimalModel {
    solution: Solution,
    /// The exchange for each pair (A's move, B's move).
    exchanges: [[Exchange; 3]; 3],
    /// Under `horizon = duel`: the duel both fight with the whole-duel strategy.
    duel: Option<Duel>,
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
    duel_wins: [MetricId; 2],
    exchange: ExchangeMetrics,
}

impl OptimalMetrics {
    fn declare(layout: &mut Layout) -> Self {
        let a_move = [
            layout.proportion(
                "p_mp",
                "A's optimal chance of the parry MP (exact value: the optimal mix; \
                 horizon=duel: in the first exchange)",
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
            "mean payoff to A (+1 A wounds, -1 A is wounded, 0 else; horizon=duel: +1 A wins \
             the duel, -1 B wins, 0 a draw) under both optimal strategies: the game's value",
        );
        let duel_wins = [
            layout.proportion(
                "duel_a_wins",
                "horizon=duel: chance A puts B out, both playing the whole-duel strategy",
            ),
            layout.proportion("duel_b_wins", "horizon=duel: chance B puts A out"),
        ];
        let first = layout.metrics.len();
        let exchange = ExchangeMetrics::declare(layout);
        layout.list_as_one(
            first,
            "a_wins ...",
            "the metrics of aube.surclassement.exchange, under the optimal mixes (horizon=exchange)",
        );
        Self {
            a_move,
            b_move,
            value,
            duel_wins,
            exchange,
        }
    }
}

/// An outcome of the optimal model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct OptimalOutcome {
    /// A's and B's manœuvres (of the first exchange under `horizon = duel`).
    pub moves: [Manoeuvre; 2],
    /// The exchange (`horizon = exchange`).
    pub exchange: Option<ExchangeOutcome>,
    /// Who won the duel (`horizon = duel`; a draw at `max_rounds`).
    pub duel: Option<Winner>,
}

impl OptimalModel {
    /// The model of the one-exchange game between `a` and `b`.
    pub fn new(rules: Rules, a: &Fighter, b: &Fighter) -> Self {
        let exchanges = Manoeuvre::ALL
            .map(|ma| Manoeuvre::ALL.map(|mb| Exchange::new(rules, [a, b], [ma, mb], [0, 0])));
        let mut layout = Layout::new();
        let m = OptimalMetrics::declare(&mut layout);
        Self {
            solution: optimal(rules, a, b),
            exchanges,
            duel: None,
            layout,
            m,
        }
    }

    /// The model of the whole-duel game between `a` and `b`, ended by `end` (the game is
    /// solved when first sampled, or asked for its [`OptimalModel::solution`]).
    pub fn whole_duel(rules: Rules, a: &Fighter, b: &Fighter, end: DuelEndParams) -> Result<Self> {
        let both = (StrategyName::OptimalDuel, Strategy::OptimalDuel);
        let duel = Duel::new(rules, [*a, *b], [both, both], end)?;
        if duel.game.is_none() {
            return Err(Error::value("horizon", "no game"));
        }
        Ok(Self {
            duel: Some(duel),
            ..Self::new(rules, a, b)
        })
    }

    /// The solution of the game (under `horizon = duel`: the mixes of the start and the
    /// game's value).
    pub fn solution(&self) -> Solution {
        match self.duel.as_ref().and_then(|d| d.game.as_ref()) {
            Some(game) => {
                let game = game.get();
                let [row, col] = game.mixes(&Position::START);
                Solution {
                    row,
                    col,
                    value: game.start_value(),
                }
            }
            None => self.solution,
        }
    }
}

impl FromConfig<OptimalParams> for OptimalModel {
    fn from_config(p: OptimalParams) -> Result<Self> {
        let ([a, b], rules) = p.fighters.fighters()?;
        match p.horizon {
            Horizon::Exchange => Ok(Self::new(rules, &a, &b)),
            Horizon::Duel => Self::whole_duel(rules, &a, &b, p.end),
        }
    }
}

impl Model for OptimalModel {
    type Outcome = OptimalOutcome;

    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    #[inline]
    fn sample<D: Dice>(&self, dice: &mut D) -> OptimalOutcome {
        if let Some(duel) = &self.duel {
            let mut first = None;
            let out = duel.fight_observed(dice, |m| {
                first.get_or_insert(m);
            });
            return OptimalOutcome {
                moves: first.unwrap_or([Manoeuvre::Md; 2]),
                exchange: None,
                duel: Some(out.winner),
            };
        }
        let i = dice.weighted(&self.solution.row);
        let j = dice.weighted(&self.solution.col);
        let o = self.exchanges[i][j].roll(dice);
        OptimalOutcome {
            moves: [Manoeuvre::ALL[i], Manoeuvre::ALL[j]],
            exchange: Some(o),
            duel: None,
        }
    }

    #[inline]
    fn record<R: Recorder>(&self, o: &OptimalOutcome, rec: &mut R) {
        for m in Manoeuvre::ALL {
            rec.event(self.m.a_move[m.index()], o.moves[0] == m);
            rec.event(self.m.b_move[m.index()], o.moves[1] == m);
        }
        if let Some(x) = &o.exchange {
            rec.value(self.m.value, payoff(x));
            self.m.exchange.record(x, rec);
        }
        if let Some(w) = o.duel {
            rec.value(self.m.value, duel_payoff(w));
        }
        for (id, side) in self.m.duel_wins.into_iter().zip([Winner::A, Winner::B]) {
            rec.event_given(id, o.duel.is_some(), o.duel == Some(side));
        }
    }

    fn failure(&self) -> Option<String> {
        self.duel.as_ref()?.game.as_ref()?.failure()
    }

    fn exact(&self) -> Option<Dist<OptimalOutcome>> {
        if let Some(duel) = &self.duel {
            return first_moves_and_winner(duel).map(|law| {
                law.map(|&(moves, w)| OptimalOutcome {
                    moves,
                    exchange: None,
                    duel: Some(w),
                })
            });
        }
        // Both mixes drawn, then the exchange: the sampling code over every path.
        crate::engine::enumerate(|d| self.sample(d)).ok()
    }
}

/// The payoff to A of a duel won by `w`: +1, −1, or 0 for a draw.
pub fn duel_payoff(w: Winner) -> i64 {
    match w {
        Winner::A => 1,
        Winner::B => -1,
        Winner::Draw => 0,
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
