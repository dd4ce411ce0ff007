//! Steps: the parts of a rule worth enumerating once per input.
//!
//! A step is a pure function of its inputs and its dice (a test, an attack, the reading of a
//! blow). The rule calls it through [`Dice::step`]: a sampler simply runs it, so the hot
//! loop pays nothing; the enumerator ([`mod@crate::engine::enumerate`]) enumerates it once for
//! each distinct input, keeps the table of its outcomes in a [`StepCache`], and branches
//! over that table each time the rule meets the step again. A fight round that calls the
//! same attack from a thousand states thus costs the distinct attacks it meets, not all
//! their paths.
//!
//! The step's value is its input: two equal values are the same question, asked once.

use super::dice::Dice;
use super::dist::TAIL_BOUND;
use super::hash::Quick;
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::hash::Hash;
use std::rc::Rc;

/// A pure function of its own value (the inputs) and of dice.
pub trait Step: Clone + Eq + Hash + 'static {
    /// What the step gives.
    type Output: Clone + Ord + 'static;

    /// Plays the step once with `dice`.
    fn run<D: Dice>(&self, dice: &mut D) -> Self::Output;
}

/// The outcomes of one step for one input, each with its probability, and the mass cut off
/// (an unbounded roll truncated): the probabilities add up to `1 - tail`.
#[derive(Debug, Clone, PartialEq)]
pub struct Table<O> {
    /// Each distinct outcome with its probability, in increasing order of outcome.
    pub outcomes: Vec<(O, f64)>,
    /// The probability left out.
    pub tail: f64,
}

/// The tables of the steps enumerated so far, by step type and input: kept across the
/// enumerations of one exact computation (every round of a fight shares them).
#[derive(Default)]
pub struct StepCache {
    tables: HashMap<TypeId, Box<dyn Any>, Quick>,
    sums: HashMap<(u32, u32), Rc<Table<u32>>, Quick>,
    open_ended: HashMap<u32, Rc<Table<u32>>, Quick>,
}

impl std::fmt::Debug for StepCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StepCache")
            .field("step_types", &self.tables.len())
            .field("sums", &self.sums.len())
            .finish()
    }
}

type Tables<S> = HashMap<S, Rc<Table<<S as Step>::Output>>, Quick>;

impl StepCache {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// The table of `step`, if it was enumerated already.
    pub fn get<S: Step>(&self, step: &S) -> Option<Rc<Table<S::Output>>> {
        self.tables
            .get(&TypeId::of::<S>())?
            .downcast_ref::<Tables<S>>()
            .and_then(|t| t.get(step).cloned())
    }

    /// Keeps the table of `step`.
    pub fn insert<S: Step>(&mut self, step: S, table: Rc<Table<S::Output>>) {
        self.tables
            .entry(TypeId::of::<S>())
            .or_insert_with(|| Box::new(Tables::<S>::default()))
            .downcast_mut::<Tables<S>>()
            .expect("tables are kept by their step's type")
            .insert(step, table);
    }

    /// How many distinct inputs of steps of type `S` were enumerated.
    pub fn len_of<S: Step>(&self) -> usize {
        self.tables
            .get(&TypeId::of::<S>())
            .and_then(|t| t.downcast_ref::<Tables<S>>())
            .map_or(0, |t| t.len())
    }

    /// The distribution of the sum of `count` dice with `sides` faces (value `count + i` at
    /// index `i`), by convolution, kept for the next time.
    pub fn sum_table(&mut self, count: u32, sides: u32) -> Rc<Table<u32>> {
        self.sums
            .entry((count, sides))
            .or_insert_with(|| Rc::new(sum_of_dice(count, sides)))
            .clone()
    }

    /// The total of an open-ended die with `sides` faces (at least 2), cut where the mass
    /// left falls below [`TAIL_BOUND`] (that mass is the table's tail), kept for the next
    /// time.
    pub fn open_ended_table(&mut self, sides: u32) -> Rc<Table<u32>> {
        self.open_ended
            .entry(sides)
            .or_insert_with(|| Rc::new(open_ended_die(sides)))
            .clone()
    }
}

/// An open-ended die: every total below the cut, and the mass beyond it.
fn open_ended_die(sides: u32) -> Table<u32> {
    let face = 1.0 / sides as f64;
    let mut outcomes = Vec::new();
    let mut reach = 1.0; // the chance of having rolled the top face `level` times
    let mut level = 0;
    while reach >= TAIL_BOUND {
        outcomes.extend((1..sides).map(|r| (level * sides + r, reach * face)));
        reach *= face;
        level += 1;
    }
    Table {
        outcomes,
        tail: reach,
    }
}

/// The sum of `count` dice with `sides` faces, by convolution.
fn sum_of_dice(count: u32, sides: u32) -> Table<u32> {
    let mut probs = vec![1.0];
    let face = 1.0 / sides as f64;
    for _ in 0..count {
        let mut next = vec![0.0; probs.len() + sides as usize - 1];
        for (i, p) in probs.iter().enumerate() {
            for f in 0..sides as usize {
                next[i + f] += p * face;
            }
        }
        probs = next;
    }
    Table {
        outcomes: probs
            .into_iter()
            .enumerate()
            .map(|(i, p)| (count + i as u32, p))
            .collect(),
        tail: 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, PartialEq, Eq, Hash)]
    struct Coin;

    impl Step for Coin {
        type Output = bool;
        fn run<D: Dice>(&self, dice: &mut D) -> bool {
            dice.die(2) == 2
        }
    }

    #[test]
    fn tables_are_kept_by_type_and_input() {
        let mut cache = StepCache::new();
        assert!(cache.get(&Coin).is_none());
        let table = Rc::new(Table {
            outcomes: vec![(false, 0.5), (true, 0.5)],
            tail: 0.0,
        });
        cache.insert(Coin, table.clone());
        assert_eq!(cache.get(&Coin), Some(table));
        assert_eq!(cache.len_of::<Coin>(), 1);
    }

    #[test]
    fn sums_of_dice_by_convolution() {
        let mut cache = StepCache::new();
        let t = cache.sum_table(3, 6);
        assert_eq!(t.outcomes.len(), 16);
        assert_eq!(t.outcomes[0].0, 3);
        assert!((t.outcomes[7].1 - 27.0 / 216.0).abs() < 1e-15); // 10
        let total: f64 = t.outcomes.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-15);
    }
}
