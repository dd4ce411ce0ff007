//! The roll every `cle` test is made of (seed *Fiche 2*, "Tests de compétence", and *Fiche
//! 3*, "Dégâts"; `RULES.md` `cle` → *Test*): 3d6, or 4d6 with a hero point, whose faces
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
//! every die showing 1 fails, three dice showing 6 succeed, as `RULES.md` does.

use crate::engine::{Dice, Dist};

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
pub struct Roll {
    /// Red die, two white dice, hero die (0 when not rolled).
    pub faces: [u32; 4],
    /// Number of dice rolled: 3, or 4 with a hero point.
    pub count: u32,
}

impl Roll {
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
    pub fn all(count: u32) -> impl Iterator<Item = Roll> {
        let n = 6u32.pow(count);
        (0..n).map(move |mut i| {
            let mut faces = [0; 4];
            for f in faces.iter_mut().take(count as usize) {
                *f = i % 6 + 1;
                i /= 6;
            }
            Roll { faces, count }
        })
    }

    /// The exact distribution of `f(roll)` over every roll of `count` dice.
    pub fn dist<T: Ord + Clone>(count: u32, f: impl Fn(&Roll) -> T) -> Dist<T> {
        Dist::uniform(Self::all(count).map(|r| f(&r)))
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
        let r = replay(&[2, 3, 4, 5], |d| Roll::throw(d, 4));
        assert_eq!(r.faces, [2, 3, 4, 5]);
        assert_eq!(r.sum(), 14);
        assert_eq!(r.hero(), 5);
        assert_eq!(replay(&[2, 3, 4], |d| Roll::throw(d, 3)).hero(), 0);
    }

    #[test]
    fn automatic_results() {
        assert_eq!(Roll::of(&[1, 1, 1]).auto(), Auto::Failure);
        assert_eq!(Roll::of(&[1, 1, 1, 1]).auto(), Auto::Failure);
        assert_eq!(Roll::of(&[1, 1, 1, 2]).auto(), Auto::None);
        assert_eq!(Roll::of(&[6, 6, 6]).auto(), Auto::Success);
        assert_eq!(Roll::of(&[6, 2, 6, 6]).auto(), Auto::Success);
        assert_eq!(Roll::of(&[6, 6, 5, 1]).auto(), Auto::None);
        assert!(succeeds(3, Auto::Success, 30));
        assert!(!succeeds(40, Auto::Failure, 10));
    }

    #[test]
    fn enumeration_is_complete() {
        assert_eq!(Roll::all(3).count(), 216);
        assert_eq!(Roll::all(4).count(), 1296);
        let d = Roll::dist(3, |r| r.sum());
        assert!((d.p(&10) - 27.0 / 216.0).abs() < 1e-15);
        let auto4 = Roll::dist(4, |r| r.auto());
        // Three or four sixes among four dice: 4 * 5 + 1 = 21 of 1296.
        assert!((auto4.p(&Auto::Success) - 21.0 / 1296.0).abs() < 1e-15);
    }
}
