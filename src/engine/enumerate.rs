//! The second interpreter of a rule: every sequence of die results, each with its
//! probability, by replay.
//!
//! A rule is written once, generic over [`Dice`]. The sampler ([`super::RollDice`]) gives it
//! one random face per die; the [`Enumerator`] gives it the first face of every die, then
//! runs it again with the last die on its next face, and so on, depth first, until every
//! sequence of faces has been played (enumeration by replay, as probabilistic languages
//! enumerate a program). Each run ends with an outcome and the probability of the faces it
//! was given; equal outcomes add up. The rule's code is the same in both: the exact
//! distribution is derived from the code that samples, never written a second time.
//!
//! Some dice are choices of more than one face at once, so that a rule costs the distinct
//! results it can see rather than every sequence of faces:
//!
//! - [`Dice::sum`] of several dice is one choice over their sum (the convolution);
//! - [`Dice::open_ended`] is one choice over its total, cut where the remaining mass falls
//!   below [`TAIL_BOUND`], the cut mass reported as the tail;
//! - [`Dice::bernoulli`] and [`Dice::weighted`] are choices with their own weights;
//! - [`Dice::step`] is a choice over the step's table, enumerated once per distinct input
//!   and kept in a [`StepCache`] (see [`super::step`]).
//!
//! A loop of dice with no end (reroll until ...) is cut where a path's probability falls
//! below the cut-off, and that mass is reported as the tail too. Work is bounded before it
//! starts: past [`Bounds::max_paths`] runs the enumeration stops with
//! [`NoExact::TooManyPaths`], never a hang. A real number drawn ([`Dice::unit_real`]) has no
//! finite set of faces: [`NoExact::Continuous`].

use super::dice::Dice;
use super::dist::{Dist, TAIL_BOUND};
use super::house_step::DrawTable;
use super::step::{Step, StepCache, Table};
use std::any::Any;
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::rc::Rc;

/// Most runs of a rule one enumeration may make (each run is one path of faces).
pub const MAX_PATHS: u64 = 10_000_000;

/// The limits of one enumeration.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// Most runs (paths) before giving up with [`NoExact::TooManyPaths`].
    pub max_paths: u64,
    /// A path whose probability falls below this before its next die is cut off; its mass
    /// becomes the tail.
    pub cut: f64,
}

impl Default for Bounds {
    fn default() -> Self {
        Self {
            max_paths: MAX_PATHS,
            cut: TAIL_BOUND,
        }
    }
}

/// Why a rule has no exact distribution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NoExact {
    /// The enumeration went past its bound on paths.
    #[error("no exact answer: more than {0} paths of dice")]
    TooManyPaths(u64),
    /// The rule draws a real number.
    #[error("no exact answer: the rule draws a real number, not a die")]
    Continuous,
    /// The rule rolls an open-ended die of one face, which never stops.
    #[error("no exact answer: an open-ended die of one face never stops")]
    Endless,
}

/// One die (or choice) of the path being replayed: the face given and how many there are.
#[derive(Debug, Clone, Copy)]
struct Choice {
    chosen: u32,
    count: u32,
}

/// Why a run was stopped before its end (carried by an unwind that prints nothing).
enum Stop {
    /// The path's probability fell below the cut-off: its mass is the tail.
    Cut,
    /// The path has probability zero.
    Impossible,
    /// The rule has no exact answer.
    NoExact(NoExact),
}

/// Dice that replay every path of a rule (see the module).
pub struct Enumerator<'c> {
    path: Vec<Choice>,
    /// The table of the step chosen from at each position of `path` (`None`: not a step),
    /// reused when the path is replayed.
    tables: Vec<Option<Rc<dyn Any>>>,
    pos: usize,
    weight: f64,
    tail: f64,
    bounds: Bounds,
    cache: &'c mut StepCache,
}

impl Enumerator<'_> {
    /// The next choice among `count` alternatives, alternative `i` having probability
    /// `weight_of(i)`; `fresh_tail` is the mass the choice itself leaves out (a truncated
    /// table), counted once, the first time this path reaches the choice.
    fn choose(&mut self, count: u32, weight_of: impl Fn(u32) -> f64, fresh_tail: f64) -> u32 {
        if self.pos == self.path.len() {
            if self.weight < self.bounds.cut {
                resume_unwind(Box::new(Stop::Cut));
            }
            self.tail += self.weight * fresh_tail;
            self.path.push(Choice { chosen: 0, count });
            self.tables.push(None);
        }
        let choice = self.path[self.pos];
        assert_eq!(
            choice.count, count,
            "a rule asked for other dice on the same path: it must depend only on its dice"
        );
        self.pos += 1;
        let w = weight_of(choice.chosen);
        if w <= 0.0 {
            resume_unwind(Box::new(Stop::Impossible));
        }
        self.weight *= w;
        choice.chosen
    }

    /// A choice over the outcomes of `table`.
    fn choose_in<O: Clone>(&mut self, table: &Table<O>) -> O {
        let i = self.choose(
            table.outcomes.len() as u32,
            |i| table.outcomes[i as usize].1,
            table.tail,
        );
        table.outcomes[i as usize].0.clone()
    }

    fn stop(why: NoExact) -> ! {
        resume_unwind(Box::new(Stop::NoExact(why)))
    }
}

impl Dice for Enumerator<'_> {
    fn die(&mut self, sides: u32) -> u32 {
        let face = 1.0 / sides as f64;
        self.choose(sides, |_| face, 0.0) + 1
    }

    fn sum(&mut self, count: u32, sides: u32) -> u32 {
        if count == 0 {
            return 0;
        }
        let table = self.cache.sum_table(count, sides);
        self.choose_in(&table)
    }

    fn open_ended(&mut self, sides: u32) -> u32 {
        if sides <= 1 {
            Self::stop(NoExact::Endless);
        }
        let table = self.cache.open_ended_table(sides);
        self.choose_in(&table)
    }

    fn bernoulli(&mut self, p: f64) -> bool {
        let p = p.clamp(0.0, 1.0);
        self.choose(2, |i| if i == 1 { p } else { 1.0 - p }, 0.0) == 1
    }

    fn unit_real(&mut self) -> f64 {
        Self::stop(NoExact::Continuous)
    }

    fn weighted(&mut self, weights: &[f64]) -> usize {
        let total: f64 = weights.iter().sum();
        self.choose(weights.len() as u32, |i| weights[i as usize] / total, 0.0) as usize
    }

    fn drawn(&mut self, table: &DrawTable) -> i64 {
        self.choose_in(&table.exact)
    }

    fn step<S: Step>(&mut self, step: &S) -> S::Output {
        // On a replayed part of the path the rule asks the same step with the same input
        // (it depends only on its dice): the table it chose from is reused, not looked up.
        if let Some(Some(kept)) = self.tables.get(self.pos)
            && let Ok(table) = kept.clone().downcast::<Table<S::Output>>()
        {
            return self.choose_in(&table);
        }
        let table = match self.cache.get(step) {
            Some(table) => table,
            None => {
                let bounds = self.bounds;
                let table = match table_of(self.cache, bounds, |d| step.run(d)) {
                    Ok(table) => Rc::new(table),
                    Err(why) => Self::stop(why),
                };
                self.cache.insert(step.clone(), table.clone());
                table
            }
        };
        let at = self.pos;
        let outcome = self.choose_in(&table);
        self.tables[at] = Some(table);
        outcome
    }
}

/// Plays every path of `rule`, giving each outcome and its probability to `sink`, and
/// returns the mass cut off (the tail).
pub fn for_each_path<T>(
    cache: &mut StepCache,
    bounds: Bounds,
    mut rule: impl FnMut(&mut Enumerator<'_>) -> T,
    mut sink: impl FnMut(T, f64),
) -> Result<f64, NoExact> {
    let mut e = Enumerator {
        path: Vec::new(),
        tables: Vec::new(),
        pos: 0,
        weight: 1.0,
        tail: 0.0,
        bounds,
        cache,
    };
    let mut runs = 0u64;
    loop {
        runs += 1;
        if runs > bounds.max_paths {
            return Err(NoExact::TooManyPaths(bounds.max_paths));
        }
        e.pos = 0;
        e.weight = 1.0;
        match catch_unwind(AssertUnwindSafe(|| rule(&mut e))) {
            Ok(outcome) => sink(outcome, e.weight),
            Err(payload) => match payload.downcast::<Stop>() {
                Ok(stop) => match *stop {
                    Stop::Cut => e.tail += e.weight,
                    Stop::Impossible => {}
                    Stop::NoExact(why) => return Err(why),
                },
                Err(panic) => resume_unwind(panic),
            },
        }
        // Next path: the last die that has a face left moves to it, the dice after it go.
        e.path.truncate(e.pos);
        loop {
            match e.path.last_mut() {
                None => return Ok(e.tail),
                Some(last) if last.chosen + 1 < last.count => {
                    last.chosen += 1;
                    break;
                }
                Some(_) => {
                    e.path.pop();
                }
            }
        }
        e.tables.truncate(e.path.len());
    }
}

/// The table of every outcome of `rule` (equal outcomes merged, in increasing order).
pub fn table_of<T: Ord>(
    cache: &mut StepCache,
    bounds: Bounds,
    rule: impl FnMut(&mut Enumerator<'_>) -> T,
) -> Result<Table<T>, NoExact> {
    let mut merged = BTreeMap::new();
    let tail = for_each_path(cache, bounds, rule, |o, p| {
        *merged.entry(o).or_insert(0.0) += p;
    })?;
    Ok(Table {
        outcomes: merged.into_iter().collect(),
        tail,
    })
}

/// The exact distribution of `rule`'s outcome, with a cache of its own and the default
/// bounds.
pub fn enumerate<T: Ord + Clone>(
    rule: impl FnMut(&mut Enumerator<'_>) -> T,
) -> Result<Dist<T>, NoExact> {
    enumerate_in(&mut StepCache::new(), rule)
}

/// The exact distribution of `rule`'s outcome, with the steps of `cache` (kept for the next
/// call) and the default bounds.
pub fn enumerate_in<T: Ord + Clone>(
    cache: &mut StepCache,
    rule: impl FnMut(&mut Enumerator<'_>) -> T,
) -> Result<Dist<T>, NoExact> {
    enumerate_within(cache, Bounds::default(), rule)
}

/// The exact distribution of `rule`'s outcome, with the steps of `cache` and `bounds`.
pub fn enumerate_within<T: Ord + Clone>(
    cache: &mut StepCache,
    bounds: Bounds,
    rule: impl FnMut(&mut Enumerator<'_>) -> T,
) -> Result<Dist<T>, NoExact> {
    let table = table_of(cache, bounds, rule)?;
    Ok(Dist::with_tail(table.outcomes, table.tail))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn a_die_and_a_sum_of_dice() {
        let d = enumerate(|d| d.d6()).unwrap();
        assert_eq!(d, Dist::die(6).map(|&v| v as u32));
        // 3d6 one die at a time (216 paths) and as one sum (16 choices) agree.
        let by_die = enumerate(|d| d.die(6) + d.die(6) + d.die(6)).unwrap();
        let by_sum = enumerate(|d| d.sum(3, 6)).unwrap();
        assert_eq!(by_die.len(), 16);
        for (v, p) in by_die.iter() {
            assert!(close(p, by_sum.p(v)), "{v}");
        }
        assert_eq!(by_sum.tail(), 0.0);
    }

    #[test]
    fn four_d6_drop_the_lowest() {
        let d = enumerate(|d| {
            let mut r = [d.d6(), d.d6(), d.d6(), d.d6()];
            r.sort();
            r[1] + r[2] + r[3]
        })
        .unwrap();
        assert!(close(d.p_where(|&v| v >= 15), 25.0 / 108.0));
        let mean: f64 = d.iter().map(|(&v, p)| v as f64 * p).sum();
        assert!(close(mean, 15869.0 / 1296.0));
    }

    #[test]
    fn open_ended_dice_are_cut_with_a_tail() {
        let d = enumerate(|d| d.open_ended_d20() as i64).unwrap();
        assert_eq!(d, Dist::open_ended(20));
        // The same die written as a loop of plain dice: cut per path, same values.
        let looped = enumerate(|d| {
            let mut total = 0i64;
            loop {
                let r = d.die(20) as i64;
                total += r;
                if r != 20 {
                    return total;
                }
            }
        })
        .unwrap();
        assert!(looped.tail() > 0.0 && looped.tail() < 1e-12);
        for (v, p) in looped.iter() {
            assert!(close(p, d.p(v)), "{v}");
        }
    }

    #[test]
    fn weighted_choices_and_impossible_paths() {
        let d = enumerate(|d| (d.bernoulli(0.25), d.weighted(&[1.0, 0.0, 3.0]))).unwrap();
        assert_eq!(d.len(), 4);
        assert!(close(d.p(&(true, 2)), 0.25 * 0.75));
        assert_eq!(d.p(&(false, 1)), 0.0);
        assert_eq!(
            enumerate(|d| d.bernoulli(1.0)).unwrap(),
            Dist::certain(true)
        );
    }

    #[test]
    fn steps_are_enumerated_once_per_input() {
        #[derive(Clone, PartialEq, Eq, Hash)]
        struct Attack {
            bonus: u32,
        }
        impl Step for Attack {
            type Output = bool;
            fn run<D: Dice>(&self, dice: &mut D) -> bool {
                dice.d20() + self.bonus >= 15
            }
        }
        let mut cache = StepCache::new();
        let twice = enumerate_in(&mut cache, |d| {
            let a = d.step(&Attack { bonus: 4 });
            let b = d.step(&Attack { bonus: 4 });
            let c = d.step(&Attack { bonus: 0 });
            u32::from(a) + u32::from(b) + u32::from(c)
        })
        .unwrap();
        assert_eq!(cache.len_of::<Attack>(), 2);
        let (p, q) = (0.5, 0.3);
        assert!(close(twice.p(&3), p * p * q));
        assert!(close(twice.p(&0), (1.0 - p) * (1.0 - p) * (1.0 - q)));
    }

    #[test]
    fn no_exact_answers_are_errors() {
        assert_eq!(
            enumerate(|d| (d.unit_real() * 10.0) as i64),
            Err(NoExact::Continuous)
        );
        let mut cache = StepCache::new();
        let small = Bounds {
            max_paths: 100,
            cut: TAIL_BOUND,
        };
        let many = table_of(&mut cache, small, |d| d.d20() + d.d20());
        assert_eq!(many.err(), Some(NoExact::TooManyPaths(100)));
        assert_eq!(enumerate(|d| d.open_ended(1)), Err(NoExact::Endless));
    }

    #[test]
    fn a_real_panic_still_panics() {
        let caught = std::panic::catch_unwind(|| {
            let _ = enumerate(|d| {
                if d.d6() == 6 {
                    panic!("a bug in a rule");
                }
                0
            });
        });
        assert!(caught.is_err());
    }
}
