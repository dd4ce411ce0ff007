//! How the finder picks its answer among the swept points: the trend of the chances, the
//! value closest to the target, and the hardest value meeting a bound.

use super::{EXACT_TIE, FinderPoint, Goal, Harder, Trend};

/// The index of the point closest to `target`. Chances within [`EXACT_TIE`] of each other
/// are equally close; among them, the hardest value wins: the one furthest in the direction
/// where the chance falls (the highest ND of a plateau of equal chances when the chance
/// falls as the parameter rises, the lowest when it rises), so a game master gets the
/// hardest difficulty that still gives the chance. Without a trend, the lowest value.
pub(super) fn closest(points: &[FinderPoint], target: f64, trend: Trend) -> usize {
    let distance = |p: &FinderPoint| (p.chance - target).abs();
    let nearest = points.iter().map(distance).fold(f64::INFINITY, f64::min);
    let mut tied = points
        .iter()
        .enumerate()
        .filter(|(_, p)| distance(p) <= nearest + EXACT_TIE)
        .map(|(i, _)| i);
    match trend {
        Trend::Falling => tied.next_back(),
        _ => tied.next(),
    }
    .unwrap_or(0)
}

/// True when `p` meets `goal` for `target`, within [`EXACT_TIE`].
pub(super) fn meets(p: &FinderPoint, target: f64, goal: Goal) -> bool {
    match goal {
        Goal::Closest => true,
        Goal::AtLeast => p.chance >= target - EXACT_TIE,
        Goal::AtMost => p.chance <= target + EXACT_TIE,
    }
}

pub(super) fn harder(trend: Trend, goal: Goal) -> Harder {
    match (goal, trend) {
        (Goal::AtMost, Trend::Rising) | (Goal::AtLeast | Goal::Closest, Trend::Falling) => {
            Harder::Up
        }
        (Goal::AtMost, Trend::Falling) | (Goal::AtLeast | Goal::Closest, Trend::Rising) => {
            Harder::Down
        }
        _ => Harder::Unknown,
    }
}

/// The index of the answer for `goal`. For a bound ([`Goal::AtLeast`], [`Goal::AtMost`]):
/// starting from the easiest value that meets it, the last value that still meets it going
/// the harder way (so a risk "stays" under the bound all along: a sampled wiggle past the
/// bound ends the run); without a harder direction, the value meeting the bound closest to
/// it, the highest among ties. When no value meets the bound, the closest value.
pub(super) fn pick(points: &[FinderPoint], target: f64, trend: Trend, goal: Goal) -> usize {
    if goal == Goal::Closest || !points.iter().any(|p| meets(p, target, goal)) {
        return closest(points, target, trend);
    }
    let ok = |i: usize| meets(&points[i], target, goal);
    match harder(trend, goal) {
        Harder::Up => {
            let start = (0..points.len()).find(|&i| ok(i)).unwrap_or(0);
            (start..points.len())
                .take_while(|&i| ok(i))
                .last()
                .unwrap_or(start)
        }
        Harder::Down => {
            let start = (0..points.len()).rev().find(|&i| ok(i)).unwrap_or(0);
            (0..=start)
                .rev()
                .take_while(|&i| ok(i))
                .last()
                .unwrap_or(start)
        }
        Harder::Unknown => {
            let distance = |i: usize| (points[i].chance - target).abs();
            let nearest = (0..points.len())
                .filter(|&i| ok(i))
                .map(distance)
                .fold(f64::INFINITY, f64::min);
            (0..points.len())
                .rfind(|&i| ok(i) && distance(i) <= nearest + EXACT_TIE)
                .unwrap_or(0)
        }
    }
}

/// Monotonicity of the chances; with simulated chances, steps within the intervals'
/// overlap count as flat.
pub(super) fn trend(points: &[FinderPoint], exact: bool) -> Trend {
    let (mut up, mut down) = (false, false);
    for w in points.windows(2) {
        let tie = if exact {
            (w[1].chance - w[0].chance).abs() <= EXACT_TIE
        } else {
            w[1].lo <= w[0].hi && w[0].lo <= w[1].hi
        };
        if !tie {
            if w[1].chance > w[0].chance {
                up = true
            } else {
                down = true
            }
        }
    }
    match (up, down) {
        (true, true) => Trend::NotMonotone,
        (true, false) => Trend::Rising,
        (false, true) => Trend::Falling,
        (false, false) => Trend::Flat,
    }
}
