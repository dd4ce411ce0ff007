//! The dice a script rolls: `d(6)`, `dice(3, 6)`, `keep_highest(4, 6, 3)`... registered as
//! rhai functions that call the [`Dice`] of the interpreter running the script.
//!
//! [`Dice`] is generic (not object safe), so the script reaches it through
//! [`ScriptDice`], a small object-safe adapter every `Dice` implements, held in a
//! thread-local handle for the length of one call of the script ([`with_dice`]). Under the
//! sampler the handle holds random dice; under the [`mod@crate::engine::enumerate`] enumerator
//! it holds the enumerator itself, so every die of the script is a choice of the replay.
//! Keeping, rerolling and exploding are engine [`Step`]s: the enumerator counts each
//! distinct one once (4d6 keep 3 is one choice over its 16 sums, not 1,296 paths).

use crate::engine::{Dice, Step};
use rhai::{Array, Dynamic, Engine, EvalAltResult, INT};
use std::cell::Cell;
use std::ptr::NonNull;

/// Most faces of a die a script may roll.
pub const MAX_SIDES: INT = 1_000_000;

/// Most dice in one call (`dice(n, s)`, `keep_highest(n, ...)`, `rolls(n, s)`).
pub const MAX_COUNT: INT = 100;

/// Most extra dice an exploding die may add (`explode(6, cap)`).
pub const MAX_EXPLOSIONS: INT = 100;

/// Keep the `keep` highest (or lowest) of `count` dice of `sides` faces: their sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Keep {
    /// Dice rolled.
    pub count: u32,
    /// Faces of each.
    pub sides: u32,
    /// Dice kept.
    pub keep: u32,
    /// Keep the highest (else the lowest).
    pub highest: bool,
}

impl Step for Keep {
    type Output = u32;

    fn run<D: Dice>(&self, dice: &mut D) -> u32 {
        let mut faces: Vec<u32> = (0..self.count).map(|_| dice.die(self.sides)).collect();
        faces.sort_unstable();
        let kept = self.keep.min(self.count) as usize;
        if self.highest {
            faces[faces.len() - kept..].iter().sum()
        } else {
            faces[..kept].iter().sum()
        }
    }
}

/// One die of `sides` faces, rolled again once when it shows `at_most` or less (the
/// second roll stands).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reroll {
    /// Faces of the die.
    pub sides: u32,
    /// Rerolled at this face or below.
    pub at_most: u32,
}

impl Step for Reroll {
    type Output = u32;

    fn run<D: Dice>(&self, dice: &mut D) -> u32 {
        let first = dice.die(self.sides);
        if first <= self.at_most {
            dice.die(self.sides)
        } else {
            first
        }
    }
}

/// An exploding die: on its highest face another die is rolled and added, at most `cap`
/// times.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Explode {
    /// Faces of the die (at least 2).
    pub sides: u32,
    /// Most extra dice.
    pub cap: u32,
}

impl Step for Explode {
    type Output = u32;

    fn run<D: Dice>(&self, dice: &mut D) -> u32 {
        let mut total = dice.die(self.sides);
        let mut last = total;
        let mut extra = 0;
        while last == self.sides && extra < self.cap {
            last = dice.die(self.sides);
            total += last;
            extra += 1;
        }
        total
    }
}

/// The object-safe face of [`Dice`] that the registered functions call.
pub trait ScriptDice {
    /// One die.
    fn die(&mut self, sides: u32) -> u32;
    /// The sum of `count` dice.
    fn sum(&mut self, count: u32, sides: u32) -> u32;
    /// A step of this module.
    fn keep(&mut self, keep: &Keep) -> u32;
    /// A step of this module.
    fn reroll(&mut self, reroll: &Reroll) -> u32;
    /// A step of this module.
    fn explode(&mut self, explode: &Explode) -> u32;
    /// True with chance `p`.
    fn bernoulli(&mut self, p: f64) -> bool;
}

impl<D: Dice> ScriptDice for D {
    fn die(&mut self, sides: u32) -> u32 {
        Dice::die(self, sides)
    }
    fn sum(&mut self, count: u32, sides: u32) -> u32 {
        Dice::sum(self, count, sides)
    }
    fn keep(&mut self, keep: &Keep) -> u32 {
        self.step(keep)
    }
    fn reroll(&mut self, reroll: &Reroll) -> u32 {
        self.step(reroll)
    }
    fn explode(&mut self, explode: &Explode) -> u32 {
        self.step(explode)
    }
    fn bernoulli(&mut self, p: f64) -> bool {
        Dice::bernoulli(self, p)
    }
}

thread_local! {
    /// The dice of the script call running on this thread, if any.
    static CURRENT: Cell<Option<NonNull<dyn ScriptDice>>> = const { Cell::new(None) };
}

/// Puts back the handle that was there before (also when a cut path unwinds).
struct Restore(Option<NonNull<dyn ScriptDice>>);

impl Drop for Restore {
    fn drop(&mut self) {
        CURRENT.with(|c| c.set(self.0));
    }
}

/// Runs `call` (a call of the script) with `dice` as the dice of every registered function
/// it calls on this thread.
pub fn with_dice<'a, T>(dice: &'a mut (dyn ScriptDice + 'a), call: impl FnOnce() -> T) -> T {
    let handle: NonNull<dyn ScriptDice + 'a> = NonNull::from(dice);
    // SAFETY: only the lifetime bound is erased. The handle is used only by `roll_with`,
    // called from `call` on this thread while `dice` is mutably borrowed here (so nothing
    // else touches it), and `Restore` takes it away before this function returns or
    // unwinds, so it never outlives the borrow.
    let handle: NonNull<dyn ScriptDice + 'static> = unsafe { std::mem::transmute(handle) };
    let _restore = Restore(CURRENT.with(|c| c.replace(Some(handle))));
    call()
}

type RhaiResult<T> = Result<T, Box<EvalAltResult>>;

/// Calls `roll` on the dice of the running script call.
fn roll_with<T>(roll: impl FnOnce(&mut dyn ScriptDice) -> T) -> RhaiResult<T> {
    match CURRENT.with(Cell::get) {
        // SAFETY: set by `with_dice` for the call running now (see there); the registered
        // functions do not re-enter the script, so this is the only live use.
        Some(mut dice) => Ok(roll(unsafe { dice.as_mut() })),
        None => Err("dice are rolled only inside roll(p), not in params() or results()".into()),
    }
}

fn in_range(what: &str, value: INT, lo: INT, hi: INT) -> RhaiResult<u32> {
    if (lo..=hi).contains(&value) {
        Ok(value as u32)
    } else {
        Err(format!("{what} is {value}; it must be from {lo} to {hi}").into())
    }
}

fn sides(value: INT) -> RhaiResult<u32> {
    in_range("the number of faces", value, 1, MAX_SIDES)
}

fn count(value: INT) -> RhaiResult<u32> {
    in_range("the number of dice", value, 0, MAX_COUNT)
}

fn keep(count: INT, sides_: INT, kept: INT, highest: bool) -> RhaiResult<INT> {
    let keep = Keep {
        count: self::count(count)?,
        sides: sides(sides_)?,
        keep: in_range("the number of dice kept", kept, 0, count)?,
        highest,
    };
    roll_with(|d| d.keep(&keep) as INT)
}

/// Registers the dice functions on `engine` (the list is the module doc's).
pub fn register(engine: &mut Engine) {
    engine.register_fn("d", |s: INT| roll_with_sides(s));
    engine.register_fn("dice", |n: INT, s: INT| -> RhaiResult<INT> {
        let (n, s) = (count(n)?, sides(s)?);
        roll_with(|d| d.sum(n, s) as INT)
    });
    engine.register_fn("rolls", |n: INT, s: INT| -> RhaiResult<Array> {
        let (n, s) = (count(n)?, sides(s)?);
        roll_with(|d| (0..n).map(|_| Dynamic::from(d.die(s) as INT)).collect())
    });
    engine.register_fn("keep_highest", |n: INT, s: INT, k: INT| keep(n, s, k, true));
    engine.register_fn("keep_lowest", |n: INT, s: INT, k: INT| keep(n, s, k, false));
    engine.register_fn("reroll", |s: INT, at_most: INT| -> RhaiResult<INT> {
        let s = sides(s)?;
        let reroll = Reroll {
            sides: s,
            at_most: in_range("the face rerolled at or below", at_most, 0, s as INT)?,
        };
        roll_with(|d| d.reroll(&reroll) as INT)
    });
    engine.register_fn("explode", |s: INT, cap: INT| -> RhaiResult<INT> {
        let explode = Explode {
            sides: in_range("the faces of an exploding die", s, 2, MAX_SIDES)?,
            cap: in_range("the most explosions", cap, 0, MAX_EXPLOSIONS)?,
        };
        roll_with(|d| d.explode(&explode) as INT)
    });
    engine.register_fn("chance", |p: rhai::FLOAT| -> RhaiResult<bool> {
        if (0.0..=1.0).contains(&p) {
            roll_with(|d| d.bernoulli(p))
        } else {
            Err(format!("chance({p}): a chance is from 0 to 1").into())
        }
    });
}

fn roll_with_sides(s: INT) -> RhaiResult<INT> {
    let s = sides(s)?;
    roll_with(|d| d.die(s) as INT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::enumerate;

    #[test]
    fn keep_highest_of_4d6_is_one_step() {
        let k = Keep {
            count: 4,
            sides: 6,
            keep: 3,
            highest: true,
        };
        let dist = enumerate(|d| d.step(&k)).unwrap();
        assert_eq!(dist.len(), 16);
        assert!((dist.p_where(|&v| v >= 15) - 25.0 / 108.0).abs() < 1e-12);
        assert_eq!(crate::engine::replay(&[1, 6, 3, 5], |d| k.run(d)), 14);
        let low = Keep {
            highest: false,
            ..k
        };
        assert_eq!(crate::engine::replay(&[1, 6, 3, 5], |d| low.run(d)), 9);
    }

    #[test]
    fn reroll_and_explode() {
        let r = Reroll {
            sides: 6,
            at_most: 2,
        };
        assert_eq!(crate::engine::replay(&[2, 1], |d| r.run(d)), 1);
        assert_eq!(crate::engine::replay(&[3], |d| r.run(d)), 3);
        let e = Explode { sides: 6, cap: 2 };
        assert_eq!(crate::engine::replay(&[6, 6, 6], |d| e.run(d)), 18);
        assert_eq!(crate::engine::replay(&[6, 4], |d| e.run(d)), 10);
        // Exploding d6 capped at one extra die: 6 never shows alone.
        let once = enumerate(|d| d.step(&Explode { sides: 6, cap: 1 })).unwrap();
        assert_eq!(once.p(&6), 0.0);
        assert!((once.p(&12) - 1.0 / 36.0).abs() < 1e-15);
    }
}
