//! The stage game of one position of the whole-duel game ([`super::whole`]): its 3×3
//! matrix when the position's own value is still unknown, the fixed point that value
//! solves, the mixes kept (ties broken toward MD) and what the feint adds.

use super::fighter::Manoeuvre;
use super::game::{Matrix, Solution, solve};
use super::whole::TIE;

/// The optimal mixes of `m`, a pure one chosen where several pure manœuvres are optimal,
/// in the order MD, MP, MA: a fighter feints only when nothing else does as well. For the
/// side that is behind (the position is worth less than 0 to it), manœuvres within [`TIE`]
/// of the best count as optimal; for the other, only those within rounding.
pub(super) fn plainest(m: &Matrix) -> Solution {
    let mut s = solve(m);
    const ORDER: [usize; 3] = [2, 0, 1];
    const ROUNDING: f64 = 1e-12;
    let slack = |behind: bool| if behind { TIE } else { ROUNDING };
    let (a_slack, b_slack) = (slack(s.value < 0.0), slack(s.value > 0.0));
    if s.row.contains(&1.0)
        && let Some(&i) = ORDER
            .iter()
            .find(|&&i| (0..3).all(|j| m[i][j] >= s.value - a_slack))
    {
        s.row = [0.0; 3];
        s.row[i] = 1.0;
    }
    if s.col.contains(&1.0)
        && let Some(&j) = ORDER
            .iter()
            .find(|&&j| (0..3).all(|i| m[i][j] <= s.value + b_slack))
    {
        s.col = [0.0; 3];
        s.col[j] = 1.0;
    }
    s
}

/// What the feint adds to the stage game `m` solved by `s`, for A and for B: the value
/// less the value of the game where that side cannot feint (its MA row or column a copy
/// of its MP one), seen from that side.
pub(super) fn feint_gains(m: &Matrix, s: &Solution) -> [f64; 2] {
    let (mp, ma) = (Manoeuvre::Mp.index(), Manoeuvre::Ma.index());
    let mut a = *m;
    a[ma] = a[mp];
    let mut b = *m;
    for row in &mut b {
        row[ma] = row[mp];
    }
    let gain_a = if s.row[ma] > 0.0 {
        s.value - solve(&a).value
    } else {
        0.0
    };
    let gain_b = if s.col[ma] > 0.0 {
        solve(&b).value - s.value
    } else {
        0.0
    };
    [gain_a, gain_b]
}

/// The stage matrix when the position is worth `v`: `known + stay·v`, cell `3i + j`.
pub(super) fn matrix(known: &[f64; 9], stay: &[f64; 9], v: f64) -> Matrix {
    std::array::from_fn(|i| std::array::from_fn(|j| known[3 * i + j] + stay[3 * i + j] * v))
}

/// The value `v` of a position with `v = val(known + stay·v)`, from the guess `v0`: Newton
/// steps on the optimal mixes (each step solves the linear equation those mixes give),
/// kept inside a bracket where the sign of `val(..) - v` is known; one plain value
/// iteration step where staying is certain under the optimal mixes.
pub(super) fn fixed_point(known: &[f64; 9], stay: &[f64; 9], v0: f64) -> f64 {
    let (mut lo, mut hi) = (-1.0f64, 1.0f64);
    let mut v = v0.clamp(lo, hi);
    if stay.iter().all(|&s| s == 0.0) {
        // The matrix does not depend on `v`: its value is the answer (the steps below
        // would solve the same matrix twice to find it).
        return solve(&matrix(known, stay, v)).value;
    }
    for _ in 0..60 {
        let s = solve(&matrix(known, stay, v));
        let gap = s.value - v;
        if gap.abs() <= 1e-15 {
            return s.value;
        }
        if gap > 0.0 {
            lo = v;
        } else {
            hi = v;
        }
        let along =
            |m: &[f64; 9]| -> f64 { (0..9).map(|c| s.row[c / 3] * s.col[c % 3] * m[c]).sum() };
        let leave = 1.0 - along(stay);
        if leave < 1e-12 {
            return s.value;
        }
        let newton = along(known) / leave;
        v = if newton > lo && newton < hi {
            newton
        } else {
            0.5 * (lo + hi)
        };
        if hi - lo < 1e-15 {
            break;
        }
    }
    solve(&matrix(known, stay, v)).value
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNOWN: [f64; 9] = [0.3, -0.2, 0.1, -0.4, 0.5, 0.0, 0.2, 0.1, -0.3];

    #[test]
    fn without_staying_the_value_is_the_matrix_value_from_any_guess() {
        let stay = [0.0; 9];
        let value = solve(&matrix(&KNOWN, &stay, 0.0)).value;
        for guess in [-1.0, -0.3, 0.0, 0.7, 1.0] {
            assert_eq!(fixed_point(&KNOWN, &stay, guess).to_bits(), value.to_bits());
        }
    }

    #[test]
    fn with_staying_the_value_solves_its_own_equation() {
        let stay = [0.5, 0.0, 0.2, 0.0, 0.9, 0.1, 0.3, 0.0, 0.0];
        for guess in [-1.0, 0.0, 1.0] {
            let v = fixed_point(&KNOWN, &stay, guess);
            let again = solve(&matrix(&KNOWN, &stay, v)).value;
            assert!((again - v).abs() <= 1e-14, "{v} against {again}");
        }
    }
}
