//! Statistics of the estimates: Wilson intervals for proportions, standard errors for
//! means, quantiles read off histograms, and the normal quantile that sets every interval.

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wilson score interval for `successes` out of `n` trials at normal quantile `z`.
/// Returns `(lo, hi)`; `(0, 1)` when `n` is zero.
pub fn wilson(successes: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = successes / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    let lo = if successes <= 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if successes >= n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (lo, hi)
}

/// Mean and standard error of the mean from count, sum and sum of squares.
pub fn mean_and_se(n: u64, sum: i64, sum_sq: u128) -> (f64, f64) {
    if n == 0 {
        return (f64::NAN, f64::NAN);
    }
    let nf = n as f64;
    let mean = sum as f64 / nf;
    if n < 2 {
        return (mean, f64::INFINITY);
    }
    let var = ((sum_sq as f64) - nf * mean * mean).max(0.0) / (nf - 1.0);
    (mean, (var / nf).sqrt())
}

/// The `q`-quantile (0..=1) of a histogram given as increasing `(value, weight)` pairs:
/// the smallest value whose cumulative weight reaches `q` of the total.
pub fn quantile(hist: &[(i64, f64)], q: f64) -> Option<i64> {
    let total: f64 = hist.iter().map(|(_, w)| w).sum();
    if total <= 0.0 {
        return None;
    }
    let mut cumulative = 0.0;
    for (v, w) in hist {
        cumulative += w;
        if cumulative >= q * total * (1.0 - 1e-12) {
            return Some(*v);
        }
    }
    hist.last().map(|(v, _)| *v)
}

/// Inverse of the standard normal distribution function (Acklam's rational
/// approximation, relative error below 1.2e-9 over (0, 1)).
pub fn normal_quantile(p: f64) -> f64 {
    assert!(p > 0.0 && p < 1.0, "normal_quantile needs 0 < p < 1");
    const A: [f64; 6] = [
        -3.969683028665376e1,
        2.209460984245205e2,
        -2.759285104469687e2,
        1.383_577_518_672_69e2,
        -3.066479806614716e1,
        2.506628277459239,
    ];
    const B: [f64; 5] = [
        -5.447609879822406e1,
        1.615858368580409e2,
        -1.556989798598866e2,
        6.680131188771972e1,
        -1.328068155288572e1,
    ];
    const C: [f64; 6] = [
        -7.784894002430293e-3,
        -3.223964580411365e-1,
        -2.400758277161838,
        -2.549732539343734,
        4.374664141464968,
        2.938163982698783,
    ];
    const D: [f64; 4] = [
        7.784695709041462e-3,
        3.224671290700398e-1,
        2.445134137142996,
        3.754408661907416,
    ];
    let low = 0.02425;
    if p < low {
        let q = (-2.0 * p.ln()).sqrt();
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    } else if p <= 1.0 - low {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    } else {
        let q = (-2.0 * (1.0 - p).ln()).sqrt();
        -(((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_known_values() {
        // 7 of 20 at 95%: the textbook Wilson interval is (0.1812, 0.5671).
        let (lo, hi) = wilson(7.0, 20.0, Z95);
        assert!(
            (lo - 0.1812).abs() < 1e-4 && (hi - 0.5671).abs() < 1e-4,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0.0, 0.0, Z95), (0.0, 1.0));
        let (lo, _) = wilson(0.0, 100.0, Z95);
        assert_eq!(lo, 0.0);
    }

    #[test]
    fn normal_quantile_matches_tables() {
        assert!((normal_quantile(0.975) - Z95).abs() < 1e-6);
        assert!((normal_quantile(0.5)).abs() < 1e-9);
        assert!((normal_quantile(1.0 - 1e-6) - 4.753_424_308_8).abs() < 1e-5);
    }

    #[test]
    fn mean_se_and_quantiles() {
        let (m, se) = mean_and_se(4, 10, 30);
        assert!((m - 2.5).abs() < 1e-12);
        assert!((se - (5.0f64 / 3.0 / 4.0).sqrt()).abs() < 1e-12);
        let h = [(1, 1.0), (2, 1.0), (3, 2.0)];
        assert_eq!(quantile(&h, 0.5), Some(2));
        assert_eq!(quantile(&h, 0.51), Some(3));
        assert_eq!(quantile(&h, 0.0), Some(1));
    }
}
