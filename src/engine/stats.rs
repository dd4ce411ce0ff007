//! Statistics of the estimates: Wilson intervals for proportions, intervals for means
//! that stay honest when the sample shows no spread, quantiles read off histograms, and
//! the normal and Student quantiles that set every interval.

/// The two-sided 95% normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The two-sided 97.5% normal quantile (each of two intervals at this level: both hold
/// together at least 95% of the time, by Bonferroni's inequality).
pub const Z975: f64 = 2.241_402_727_604_947;

/// The two-sided 95% quantiles of Student's t with 1 to 30 degrees of freedom (the 0.975
/// quantile), from the tables.
const T95: [f64; 30] = [
    12.706_204_736,
    4.302_652_730,
    3.182_446_305,
    2.776_445_105,
    2.570_581_836,
    2.446_911_851,
    2.364_624_252,
    2.306_004_135,
    2.262_157_163,
    2.228_138_852,
    2.200_985_160,
    2.178_812_830,
    2.160_368_656,
    2.144_786_688,
    2.131_449_546,
    2.119_905_299,
    2.109_815_578,
    2.100_922_040,
    2.093_024_054,
    2.085_963_447,
    2.079_613_845,
    2.073_873_068,
    2.068_657_610,
    2.063_898_562,
    2.059_538_553,
    2.055_529_439,
    2.051_830_516,
    2.048_407_142,
    2.045_229_642,
    2.042_272_456,
];

/// The two-sided 95% quantile of Student's t with `dof` degrees of freedom (at least 1):
/// the table up to 30, then the Cornish-Fisher expansion around the normal quantile
/// (error below 1e-6 from 30 on).
pub fn t95(dof: u64) -> f64 {
    match dof {
        0 => f64::INFINITY,
        1..=30 => T95[dof as usize - 1],
        _ => cornish_fisher_t95(dof as f64),
    }
}

/// The Cornish-Fisher expansion of the 95% Student quantile with `n` degrees of freedom.
fn cornish_fisher_t95(n: f64) -> f64 {
    let z = Z95;
    let (z3, z5, z7, z9) = (z.powi(3), z.powi(5), z.powi(7), z.powi(9));
    z + (z3 + z) / (4.0 * n)
        + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * n * n)
        + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * n.powi(3))
        + (79.0 * z9 + 776.0 * z7 + 1482.0 * z5 - 1920.0 * z3 - 945.0 * z) / (92160.0 * n.powi(4))
}

/// The confidence level of a two-sided normal interval of quantile `z`: 0.95 for
/// [`Z95`], 0.975 for [`Z975`] (others by the error function).
fn confidence_of(z: f64) -> f64 {
    if z == Z95 {
        0.95
    } else if z == Z975 {
        0.975
    } else {
        erf(z / std::f64::consts::SQRT_2)
    }
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 { -y } else { y }
}

/// The interval, at normal quantile `z`, of the mean of `n` integer values of sum `sum`
/// and sum of squares `sum_sq`, inside `range` (the smallest and largest value the
/// quantity can take) when it is known. An end that nothing bounds is infinite (no
/// interval on that side).
///
/// With spread in the sample, the mean ± `z` standard errors, cut to `range`. With none
/// (one value, or every value alike, as a rare event that never happened), a normal
/// interval would have no width and exclude the true mean: the chance `q` of any other
/// value is then at most `1 - α^(1/n)` (the exact binomial bound when no such value was
/// seen in `n` trials, "rule of three" for large `n`), which moves the mean by at most
/// `q` times the distance to either end of `range`. Without a known range, nothing bounds
/// the mean: both ends are infinite.
pub fn mean_interval(
    n: u64,
    sum: i64,
    sum_sq: u128,
    z: f64,
    range: Option<(f64, f64)>,
) -> (f64, f64) {
    let (mean, se) = mean_and_se(n, sum, sum_sq);
    if n == 0 {
        return (f64::NAN, f64::NAN);
    }
    let (lo, hi) = if se > 0.0 && se.is_finite() {
        (mean - z * se, mean + z * se)
    } else {
        match range {
            Some((low, high)) => {
                let alpha = 1.0 - confidence_of(z);
                let q = 1.0 - alpha.powf(1.0 / n as f64);
                (
                    mean - q * (mean - low).max(0.0),
                    mean + q * (high - mean).max(0.0),
                )
            }
            None => (f64::NEG_INFINITY, f64::INFINITY),
        }
    };
    match range {
        Some((low, high)) => (lo.max(low).min(mean), hi.min(high).max(mean)),
        None => (lo, hi),
    }
}

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
    fn student_quantiles_meet_their_closed_forms_and_the_expansion() {
        // One degree of freedom: tan(0.475 pi); two: sqrt(2 / (P (2 - P)) - 2), P = 0.05.
        let one = (0.475 * std::f64::consts::PI).tan();
        assert!((t95(1) - one).abs() < 1e-8, "{}", t95(1));
        let two = (2.0f64 / (0.05 * 1.95) - 2.0).sqrt();
        assert!((t95(2) - two).abs() < 1e-8, "{}", t95(2));
        // The expansion at 30 agrees with the table, and falls towards the normal one.
        assert!((cornish_fisher_t95(30.0) - t95(30)).abs() < 1e-5);
        assert!(t95(1000) > Z95 && t95(1000) < 1.9624);
        assert!(t95(99) > 1.9842 && t95(99) < 1.9843);
    }

    #[test]
    fn a_mean_with_no_spread_keeps_an_honest_interval_within_its_range() {
        // A million zeros of a quantity in 0..=20: the mean may still be above 0.
        let (lo, hi) = mean_interval(1_000_000, 0, 0, Z95, Some((0.0, 20.0)));
        assert_eq!(lo, 0.0);
        let q = 1.0 - 0.05f64.powf(1e-6);
        assert!((hi - 20.0 * q).abs() < 1e-12 && hi > 5.9e-5, "{hi}");
        // No known range: nothing bounds it.
        let (lo, hi) = mean_interval(1000, 0, 0, Z95, None);
        assert!(lo.is_infinite() && hi.is_infinite());
        // Spread near 0 in a non-negative quantity: cut at 0.
        let (lo, _) = mean_interval(10, 1, 1, Z95, Some((0.0, 5.0)));
        assert_eq!(lo, 0.0);
        assert!(mean_interval(0, 0, 0, Z95, None).0.is_nan());
        assert!((erf(Z95 / std::f64::consts::SQRT_2) - 0.95).abs() < 1e-6);
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
