//! The roll every `cle` test is made of (seed *Fiche 2*, "Tests de compétence", and *Fiche
//! 3*, "Dégâts"; the `cle` page → *Test*): 3d6, or 4d6 with a hero point, whose faces
//! are kept apart because the damage is read off them.
//!
//! The dice are told apart as the text asks: die 0 is the red die (*dé rouge*), dice 1
//! and 2 are the white dice (*dés blancs*), die 3 is the hero point's fourth die. They are
//! rolled in that order.
//!
//! **Reading of this program** (no switch: nothing else fits the text): the seed's note on
//! the automatic results lost its die faces, which were printed as symbols ("l'action est
//! automatiquement ratée si tous les dés indiquent \[symbol\], automatiquement réussie si
//! trois dés indiquent \[symbol\]"). alea reads them as the lowest and the highest face:
//! every die showing 1 fails, three dice showing 6 succeed, as the system's page does.

use crate::engine::Dice;
use crate::engine::step::Step;

/// An automatic result read off the dice alone (the note under *Tests de compétence*):
/// every die showing 1 fails, at least three dice showing 6 succeed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Auto {
    /// Every die shows 1.
    Failure,
    /// No automatic result: the total decides.
    None,
    /// At least three dice show 6.
    Success,
}

impl Auto {
    /// The rank used when automatic results count in an opposition: -1, 0 or 1.
    pub fn rank(self) -> i64 {
        match self {
            Auto::Failure => -1,
            Auto::None => 0,
            Auto::Success => 1,
        }
    }
}

/// The faces of one 3d6 or 4d6 roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct D6Roll {
    /// Red die, two white dice, hero die (0 when not rolled).
    pub faces: [u32; 4],
    /// Number of dice rolled: 3, or 4 with a hero point.
    pub count: u32,
}

impl D6Roll {
    /// A roll showing `faces` (3 or 4 of them), for tests and enumeration.
    pub fn of(faces: &[u32]) -> Self {
        let mut f = [0; 4];
        f[..faces.len()].copy_from_slice(faces);
        Self {
            faces: f,
            count: faces.len() as u32,
        }
    }

    /// Rolls `count` (3 or 4) d6: red, white, white, then the hero die.
    #[inline(always)]
    pub fn throw<D: Dice>(dice: &mut D, count: u32) -> Self {
        let mut faces = [0; 4];
        for f in faces.iter_mut().take(count as usize) {
            *f = dice.d6();
        }
        Self { faces, count }
    }

    /// The sum of the faces.
    #[inline(always)]
    pub fn sum(&self) -> i64 {
        (self.faces[0] + self.faces[1] + self.faces[2] + self.faces[3]) as i64
    }

    /// The hero die's face, 0 when only three dice were rolled.
    #[inline(always)]
    pub fn hero(&self) -> u32 {
        self.faces[3]
    }

    /// The automatic result the faces give.
    #[inline(always)]
    pub fn auto(&self) -> Auto {
        let used = &self.faces[..self.count as usize];
        if used.iter().all(|&f| f == 1) {
            Auto::Failure
        } else if used.iter().filter(|&&f| f == 6).count() >= 3 {
            Auto::Success
        } else {
            Auto::None
        }
    }

    /// Every roll of `count` dice, each with probability `6^-count`.
    pub fn all(count: u32) -> impl Iterator<Item = D6Roll> {
        let n = 6u32.pow(count);
        (0..n).map(move |mut i| {
            let mut faces = [0; 4];
            for f in faces.iter_mut().take(count as usize) {
                *f = i % 6 + 1;
                i /= 6;
            }
            D6Roll { faces, count }
        })
    }

    /// Rolls `count` (3 or 4) d6 as [`D6Roll::throw`] does and reads them as a test does:
    /// their sum and automatic result (through the step [`Throw`]).
    #[inline(always)]
    pub fn read<D: Dice>(dice: &mut D, count: u32) -> Reading {
        dice.step(&Throw(count))
    }
}

/// A roll as a test reads it: the sum of its faces and its automatic result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Reading {
    /// The sum of the faces.
    pub sum: i64,
    /// The automatic result of the faces.
    pub auto: Auto,
}

impl From<&D6Roll> for Reading {
    #[inline(always)]
    fn from(roll: &D6Roll) -> Self {
        Reading {
            sum: roll.sum(),
            auto: roll.auto(),
        }
    }
}

/// A throw of 3 or 4 d6 (the field) read as a test reads it: a step, so that the exact
/// distributions branch over its few readings (sums and automatic results), not over its
/// 216 or 1296 faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Throw(pub u32);

impl Step for Throw {
    type Output = Reading;

    /// Three dice are read off their sum (the same three dice, one choice over the
    /// sum for the enumerator): 3 is every die on 1, 18 three 6.
    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> Reading {
        if self.0 == 3 {
            let sum = dice.sum(3, 6);
            let auto = match sum {
                3 => Auto::Failure,
                18 => Auto::Success,
                _ => Auto::None,
            };
            return Reading {
                sum: sum as i64,
                auto,
            };
        }
        Reading::from(&D6Roll::throw(dice, self.0))
    }
}

/// Whether a test succeeds: an automatic result decides, else `total >= target`.
#[inline(always)]
pub fn succeeds(total: i64, auto: Auto, target: i64) -> bool {
    match auto {
        Auto::Success => true,
        Auto::Failure => false,
        Auto::None => total >= target,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::replay;

    #[test]
    fn red_white_and_hero_dice_in_order() {
        let r = replay(&[2, 3, 4, 5], |d| D6Roll::throw(d, 4));
        assert_eq!(r.faces, [2, 3, 4, 5]);
        assert_eq!(r.sum(), 14);
        assert_eq!(r.hero(), 5);
        assert_eq!(replay(&[2, 3, 4], |d| D6Roll::throw(d, 3)).hero(), 0);
    }

    #[test]
    fn automatic_results() {
        assert_eq!(D6Roll::of(&[1, 1, 1]).auto(), Auto::Failure);
        assert_eq!(D6Roll::of(&[1, 1, 1, 1]).auto(), Auto::Failure);
        assert_eq!(D6Roll::of(&[1, 1, 1, 2]).auto(), Auto::None);
        assert_eq!(D6Roll::of(&[6, 6, 6]).auto(), Auto::Success);
        assert_eq!(D6Roll::of(&[6, 2, 6, 6]).auto(), Auto::Success);
        assert_eq!(D6Roll::of(&[6, 6, 5, 1]).auto(), Auto::None);
        assert!(succeeds(3, Auto::Success, 30));
        assert!(!succeeds(40, Auto::Failure, 10));
    }

    #[test]
    fn enumeration_is_complete() {
        assert_eq!(D6Roll::all(3).count(), 216);
        assert_eq!(D6Roll::all(4).count(), 1296);
        let d = crate::engine::enumerate(|d| D6Roll::read(d, 3).sum).unwrap();
        assert!((d.p(&10) - 27.0 / 216.0).abs() < 1e-15);
        let auto4 = crate::engine::enumerate(|d| D6Roll::read(d, 4).auto).unwrap();
        // Three or four sixes among four dice: 4 * 5 + 1 = 21 of 1296.
        assert!((auto4.p(&Auto::Success) - 21.0 / 1296.0).abs() < 1e-15);
        // The step's readings are those of every roll, counted one by one.
        for count in [3, 4] {
            let by_step = crate::engine::enumerate(|d| D6Roll::read(d, count)).unwrap();
            let all: Vec<Reading> = D6Roll::all(count).map(|r| Reading::from(&r)).collect();
            for (reading, p) in by_step.iter() {
                let n = all.iter().filter(|r| *r == reading).count() as f64;
                assert!((p - n / all.len() as f64).abs() < 1e-15, "{reading:?}");
            }
        }
    }
}
