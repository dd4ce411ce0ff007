//! Damage read off the attack dice (seed *Fiche 3*, "Dégâts", "Protection"; *Fiche 4*,
//! primes *Attaque meurtrière*, *Attaques multiples*, pénalité *Blessure légère*; *Fiche
//! 5*, "Dégâts", the `6+` weapons; the `cle` page → *Damage read off the attack dice*):
//! the rule step that [`super::attack`] and [`super::fight`] share.
//!
//! A 1d6 weapon deals the red die, a 2d6 weapon the two white dice, a 3d6 weapon all
//! three; a hero point's fourth die adds; each *Attaque meurtrière* adds a fresh d6 (or,
//! **\[choice, switch `murderous_read`\]**, raises the weapon's class read off the attack
//! dice: the text's "les dégâts de l'attaque augmentent de 1d6" beside "si un effet de jeu
//! fait que les dégâts sont supérieurs à 3d6, les dés nécessaires sont relancés" supports
//! both readings; the fresh die is the default); then
//! the bonus is added and the protection (and the defender's hero die) subtracted, floor
//! 0; *Blessure légère* and *Attaques multiples* each halve, rounding up, last (or,
//! **\[choice, switch `light_wound_before_protection`\]**, *Blessure légère* before the
//! protection). With a `6+`
//! weapon, damage dice showing 6 are rolled again and added, repeatedly.

use super::roll::D6Roll;
use crate::engine::Dice;
use crate::engine::house_step::{StepInput, StepRule, StepSignature};
use crate::engine::step::Step;

/// The step a house rule may replace in every attack that hits: the damage dice read off
/// the attack roll (`alea rules cle --script`), played by `cle.attack` and `cle.fight`.
pub static DAMAGE_DICE: StepSignature = StepSignature {
    system: "cle",
    name: "damage_dice",
    doc: "the damage dice of a hit, read off the attack roll: the weapon's dice (the red die, the two white dice or all three) and the hero die; a 6+ weapon's rerolls and the Attaques meurtrières' fresh dice are added after it, then the bonus, the protection and the halvings",
    inputs: &[
        StepInput {
            name: "count",
            range: 0..=4,
            doc: "how many dice are read: the weapon's (0 unarmed, 1, 2 or 3), and the hero die",
        },
        StepInput {
            name: "read",
            range: 0..=24,
            doc: "their total",
        },
        StepInput {
            name: "sixes",
            range: 0..=4,
            doc: "how many of them show 6",
        },
    ],
    output: "the damage dice's total, before the bonus and the protection",
    outputs: 0..=200,
    official: "fn damage_dice(count, read, sixes) {\n    read\n}",
    used_by: "cle.attack, cle.fight",
};

crate::choice! {
    #[derive(Hash)]
    /// A weapon's damage class.
    ///
    /// - `1d6`: 1d6 (a standard weapon): the red die.
    /// - `2d6`: 2d6 (an *arme de guerre*): the two white dice.
    /// - `3d6`: 3d6 (an *arme lourde*): all three dice.
    /// - `unarmed`: no weapon (*à mains nues*): no die, the damage bonus only (a hero
    ///   die or an *Attaque meurtrière* still adds its die).
    pub enum Weapon { D1 = "1d6", D2 = "2d6", D3 = "3d6", Unarmed = "unarmed" }
}

impl Weapon {
    /// How many d6 the weapon deals.
    pub fn dice(self) -> u32 {
        match self {
            Weapon::D1 => 1,
            Weapon::D2 => 2,
            Weapon::D3 => 3,
            Weapon::Unarmed => 0,
        }
    }
}

/// How damage is counted once an attack hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DamageRule {
    /// Damage class of the weapon.
    pub weapon: Weapon,
    /// Melee or ranged damage bonus (*dégâts corps à corps / tir*).
    pub bonus: i64,
    /// The defender's protection.
    pub protection: i64,
    /// Number of *Attaques meurtrières*: one fresh d6 each.
    pub murderous: u32,
    /// Switch `murderous_read`: each *Attaque meurtrière* raises the class of dice read
    /// off the attack (1d6 + 1 reads the two white dice, 2d6 + 1 all three), the dice
    /// beyond three being rolled fresh, instead of adding a fresh d6.
    pub murderous_read: bool,
    /// A `6+` weapon: damage dice showing 6 are rolled again and added, repeatedly.
    /// \[choice\] of this program: every damage die explodes, the hero die and the
    /// murderous dice too.
    pub six_plus: bool,
    /// *Blessure légère*: halve, rounding up.
    pub light_wound: bool,
    /// Switch `light_wound_before_protection` (a \[choice\]): *Blessure légère* halves
    /// the dice and bonus before the protection is taken off; by default it halves last,
    /// after the protection, as *Attaques multiples* does (the text says "après tous les
    /// autres calculs" of *Attaques multiples* only).
    pub light_wound_before_protection: bool,
    /// *Attaques multiples*: halve, rounding up (both halvings apply one after the other).
    pub multiple: bool,
    /// The damage dice read off the attack: official, or a house rule's ([`DAMAGE_DICE`]).
    pub dice: StepRule,
}

impl DamageRule {
    /// A plain weapon: no bonus, protection or option.
    pub fn new(weapon: Weapon) -> Self {
        Self {
            weapon,
            bonus: 0,
            protection: 0,
            murderous: 0,
            murderous_read: false,
            six_plus: false,
            light_wound: false,
            light_wound_before_protection: false,
            multiple: false,
            dice: StepRule::OFFICIAL,
        }
    }

    /// The damage dice read off the attack roll (the weapon's dice and the hero die):
    /// their sum and how many show 6.
    #[inline(always)]
    pub fn read(&self, roll: &D6Roll) -> (i64, u32) {
        read_damage(roll, self.read_dice())
    }

    /// The damage dice's total when the weapon's dice (and the hero die, with `hero`) are
    /// read off the attack showing `sum` in total and `sixes` sixes: `sum`, or a house
    /// rule's ([`DAMAGE_DICE`]).
    #[inline(always)]
    pub fn read_total<D: Dice>(&self, dice: &mut D, hero: bool, sum: i64, sixes: u32) -> i64 {
        if self.dice.is_official() {
            return sum;
        }
        let count = self.read_dice() + u32::from(hero);
        self.dice
            .roll(dice, &[i64::from(count), sum, i64::from(sixes)], |_| sum)
    }

    /// How many dice are read off the attack roll: the weapon's, or with
    /// `murderous_read` the weapon's and the murderous ones, at most three.
    #[inline(always)]
    pub fn read_dice(&self) -> u32 {
        if self.murderous_read {
            (self.weapon.dice() + self.murderous).min(3)
        } else {
            self.weapon.dice()
        }
    }

    /// How many fresh d6 a hit adds for the *Attaques meurtrières*.
    #[inline(always)]
    pub fn fresh_dice(&self) -> u32 {
        self.weapon.dice() + self.murderous - self.read_dice()
    }

    /// Bonus, protection and `reduction` (the defender's hero die), floor at 0, then the
    /// halvings, rounding up (with `light_wound_before_protection`, *Blessure légère*
    /// halves the dice and bonus, floor 0, before the protection).
    #[inline(always)]
    pub fn finish(&self, raw: i64, reduction: i64) -> i64 {
        if self.light_wound && self.light_wound_before_protection {
            let halved = ((raw + self.bonus).max(0) + 1) / 2;
            let d = (halved - self.protection - reduction).max(0);
            return if self.multiple { (d + 1) / 2 } else { d };
        }
        let mut d = (raw + self.bonus - self.protection - reduction).max(0);
        if self.light_wound {
            d = (d + 1) / 2;
        }
        if self.multiple {
            d = (d + 1) / 2;
        }
        d
    }

    /// `count` fresh damage dice (exploding with `6+`), through the step [`Fresh`].
    #[inline(always)]
    fn fresh<D: Dice>(&self, dice: &mut D, count: u32) -> i64 {
        if count == 0 {
            return 0;
        }
        dice.step(&Fresh {
            count,
            six_plus: self.six_plus,
        })
    }

    /// The dice rolled after a hit: the rerolls of the `sixes` read off the attack (with
    /// `6+`), then the murderous dice not read off the attack.
    #[inline(always)]
    pub fn roll_extra<D: Dice>(&self, dice: &mut D, sixes: u32) -> i64 {
        let rerolls = if self.six_plus {
            self.fresh(dice, sixes)
        } else {
            0
        };
        rerolls + self.fresh(dice, self.fresh_dice())
    }

    /// The damage of a hit whose attack roll is `roll`, less `reduction`.
    #[inline(always)]
    pub fn from_attack<D: Dice>(&self, dice: &mut D, roll: &D6Roll, reduction: i64) -> i64 {
        let (sum, sixes) = self.read(roll);
        let sum = self.read_total(dice, roll.hero() > 0, sum, sixes);
        let extra = self.roll_extra(dice, sixes);
        self.finish(sum + extra, reduction)
    }

    /// [`DamageRule::plain`]'s dice under a house rule's [`DAMAGE_DICE`], which reads the
    /// dice it replaces: those rolled fresh here, then the rerolls and the murderous dice as
    /// after an attack. Out of line, so the official path stays as small as before.
    #[inline(never)]
    fn plain_house<D: Dice>(&self, dice: &mut D, hero: bool) -> i64 {
        let count = self.read_dice() + hero as u32;
        let (sum, sixes) = dice.step(&FreshRead(count));
        let sum = self.read_total(dice, hero, sum, sixes);
        sum + self.roll_extra(dice, sixes)
    }

    /// The same damage dice rolled on their own, independently of any attack: the
    /// weapon's dice, a hero die when `hero`, the murderous dice, less a fresh d6 when
    /// `defender_hero`.
    #[inline(always)]
    pub fn plain<D: Dice>(&self, dice: &mut D, hero: bool, defender_hero: bool) -> i64 {
        let raw = if self.dice.is_official() {
            let count = self.weapon.dice() + hero as u32 + self.murderous;
            self.fresh(dice, count)
        } else {
            self.plain_house(dice, hero)
        };
        let reduction = if defender_hero { dice.d6() as i64 } else { 0 };
        self.finish(raw, reduction)
    }
}

/// The damage dice read off the attack roll `roll` when `read_dice` dice are read (0:
/// none, 1: the red die, 2: the white dice, 3: all three), the hero die included: their sum and how
/// many show 6.
#[inline(always)]
pub fn read_damage(roll: &D6Roll, read_dice: u32) -> (i64, u32) {
    let f = &roll.faces;
    let (a, b, c) = match read_dice {
        0 => (0, 0, 0),
        1 => (f[0], 0, 0),
        2 => (f[1], f[2], 0),
        _ => (f[0], f[1], f[2]),
    };
    let h = f[3];
    let sixes = [a, b, c, h].iter().filter(|&&x| x == 6).count() as u32;
    ((a + b + c + h) as i64, sixes)
}

/// `count` fresh d6 read as damage dice read off an attack: their total and how many show
/// 6 (the plain damage under a house rule's [`DAMAGE_DICE`]). A step, enumerated once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FreshRead(pub u32);

impl Step for FreshRead {
    type Output = (i64, u32);

    fn run<D: Dice>(&self, dice: &mut D) -> (i64, u32) {
        let (mut sum, mut sixes) = (0, 0);
        for _ in 0..self.0 {
            let face = dice.d6();
            sum += i64::from(face);
            sixes += u32::from(face == 6);
        }
        (sum, sixes)
    }
}

/// `count` fresh damage dice, one after the other, each exploding (rolled again and added
/// while it shows 6) with `six_plus`: their total. A step, so that the exact distributions
/// branch over the totals (a sum of exploding dice is built from the sums of fewer dice,
/// each enumerated once) instead of over every sequence of faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fresh {
    /// How many dice.
    pub count: u32,
    /// Every die explodes.
    pub six_plus: bool,
}

impl Step for Fresh {
    type Output = i64;

    #[inline]
    fn run<D: Dice>(&self, dice: &mut D) -> i64 {
        if !self.six_plus {
            return dice.sum(self.count, 6) as i64;
        }
        if self.count == 0 {
            return 0;
        }
        let first = dice.exploding(6) as i64;
        if self.count == 1 {
            return first;
        }
        first
            + dice.step(&Fresh {
                count: self.count - 1,
                six_plus: true,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{enumerate, replay};

    /// A house `damage_dice` that returns twice the dice read, whatever they are.
    fn doubled() -> StepRule {
        StepRule::certain_for_tests(&DAMAGE_DICE, |inputs| 2 * inputs[1])
    }

    #[test]
    fn a_house_damage_step_reads_the_dice_read_off_the_attack() {
        let rule = DamageRule {
            bonus: 1,
            dice: doubled(),
            ..DamageRule::new(Weapon::D2)
        };
        // The white dice show 3 and 5 (the red die 6 is not read): 2 x 8 + 1. The house
        // table draws one 2^30-face die, here its first face.
        let roll = D6Roll::of(&[6, 3, 5]);
        assert_eq!(replay(&[1], |d| rule.from_attack(d, &roll, 0)), 17);
        let official = DamageRule {
            bonus: 1,
            ..DamageRule::new(Weapon::D2)
        };
        assert_eq!(replay(&[], |d| official.from_attack(d, &roll, 0)), 9);
        // The plain damage reads fresh dice the same way: 2d6 doubled, mean 14, + 1.
        let plain = enumerate(|d| rule.plain(d, false, false)).unwrap();
        assert!((plain.mean() - 15.0).abs() < 1e-12, "{}", plain.mean());
    }
}
