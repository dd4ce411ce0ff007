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
use crate::engine::house_step::{StepInput, StepRule, StepSignature};
use crate::engine::step::Step;

/// The step a house rule may replace in every test, opposition and attack roll: the total
/// the test reads off its dice (`alea rules cle --script`). The automatic results and the
/// damage dice are still read off the faces rolled: a replaced total changes what the
/// dice add to the skill, nothing else.
pub static TEST_TOTAL: StepSignature = StepSignature {
    system: "cle",
    name: "test_total",
    doc: "the total a test, an opposition or an attack reads off its 3d6 (4d6 with a hero point), before the skill and the modifiers; the automatic results (every die on 1, three 6) and the damage dice are still read off the faces",
    inputs: &[
        StepInput {
            name: "count",
            range: 3..=4,
            doc: "the dice rolled: 3, or 4 with a hero point",
        },
        StepInput {
            name: "sum",
            range: 3..=24,
            doc: "the sum of their faces",
        },
    ],
    output: "the total the test reads, before the skill and the modifiers",
    outputs: -30..=80,
    official: "fn test_total(count, sum) {\n    sum\n}",
    used_by: "every cle roll of 3d6 or 4d6: cle.test, cle.opposition, cle.attack, cle.fight (attacks and the mal en point tests), cle.cooperation, cle.pursuit, cle.mal_en_point, cle.fall, cle.fire, cle.asphyxia, cle.healing",
};

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
    /// their total (the sum, or a house rule's [`TEST_TOTAL`]) and automatic result
    /// (through the step [`Throw`]).
    #[inline(always)]
    pub fn read<D: Dice>(dice: &mut D, count: u32, total: StepRule) -> Reading {
        dice.step(&Throw { count, total })
    }
}

/// A roll as a test reads it: its total and its automatic result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Reading {
    /// The sum of the faces (or what a house rule's [`TEST_TOTAL`] reads instead).
    pub sum: i64,
    /// The automatic result of the faces.
    pub auto: Auto,
}

impl Reading {
    /// This reading of `count` dice with its total read by `total`: the sum itself, or a
    /// draw from a house rule's table for it.
    #[inline(always)]
    pub fn totalled<D: Dice>(self, dice: &mut D, count: u32, total: StepRule) -> Self {
        if total.is_official() {
            return self;
        }
        let sum = self.sum;
        Reading {
            sum: total.roll(dice, &[i64::from(count), sum], |_| sum),
            ..self
        }
    }
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

/// A throw of `count` (3 or 4) d6 read as a test reads it, its total read by `total`: a
/// step, so that the exact distributions branch over its few readings (totals and
/// automatic results), not over its 216 or 1296 faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Throw {
    /// The dice rolled.
    pub count: u32,
    /// How the total is read.
    pub total: StepRule,
}

impl Step for Throw {
    type Output = Reading;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> Reading {
        let reading = self.faces(dice);
        reading.totalled(dice, self.count, self.total)
    }
}

impl Throw {
    /// The dice read off their faces. Three dice are read off their sum (the same three
    /// dice, one choice over the sum for the enumerator): 3 is every die on 1, 18 three 6.
    #[inline(always)]
    fn faces<D: Dice>(&self, dice: &mut D) -> Reading {
        if self.count == 3 {
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
        Reading::from(&D6Roll::throw(dice, self.count))
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

    /// A house `test_total` that reads every roll as 10 more than its sum.
    fn ten_more() -> StepRule {
        StepRule::certain_for_tests(&TEST_TOTAL, |inputs| inputs[1] + 10)
    }

    #[test]
    fn a_house_total_replaces_the_sum_not_the_automatic_result() {
        let official = replay(&[2, 3, 4], |d| {
            Reading::from(&D6Roll::throw(d, 3)).totalled(d, 3, StepRule::OFFICIAL)
        });
        assert_eq!(official.sum, 9);
        let house = crate::engine::enumerate(|d| D6Roll::read(d, 3, ten_more())).unwrap();
        // 3d6 + 10: 13 to 28, the roll of three 1s (13) still an automatic failure.
        assert!((house.p_where(|r| r.sum == 20) - 27.0 / 216.0).abs() < 1e-15);
        assert!(
            (house.p_where(|r| r.auto == Auto::Failure && r.sum == 13) - 1.0 / 216.0).abs() < 1e-15
        );
        assert_eq!(house.p_where(|r| r.sum < 13), 0.0);
    }

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
        let d = crate::engine::enumerate(|d| D6Roll::read(d, 3, StepRule::OFFICIAL).sum).unwrap();
        assert!((d.p(&10) - 27.0 / 216.0).abs() < 1e-15);
        let auto4 =
            crate::engine::enumerate(|d| D6Roll::read(d, 4, StepRule::OFFICIAL).auto).unwrap();
        // Three or four sixes among four dice: 4 * 5 + 1 = 21 of 1296.
        assert!((auto4.p(&Auto::Success) - 21.0 / 1296.0).abs() < 1e-15);
        // The step's readings are those of every roll, counted one by one.
        for count in [3, 4] {
            let by_step =
                crate::engine::enumerate(|d| D6Roll::read(d, count, StepRule::OFFICIAL)).unwrap();
            let all: Vec<Reading> = D6Roll::all(count).map(|r| Reading::from(&r)).collect();
            for (reading, p) in by_step.iter() {
                let n = all.iter().filter(|r| *r == reading).count() as f64;
                assert!((p - n / all.len() as f64).abs() < 1e-15, "{reading:?}");
            }
        }
    }
}
