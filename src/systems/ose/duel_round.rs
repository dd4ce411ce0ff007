//! The steps of an `ose.duel` round (the `ose` page → Initiative, Melee duel): who acts
//! first ([`Initiative`], the d6 of each side, ties as the switch `ties` says), one attack
//! ([`Blow`]), and the dice of a whole round ([`RoundDice`]). Steps, so that an exact
//! duel enumerates each once per distinct input.

use super::duel::{Ties, damage};
use crate::engine::step::Step;
use crate::engine::{Dice, StepRule};
use std::hash::{Hash, Hasher};
/// One attack: a d20 read off the hit table, then on a hit the damage die plus a bonus (at
/// least 1): the damage dealt, 0 on a miss. A step, so an exact duel enumerates each
/// side's attack once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Blow {
    /// The d20 faces that hit, bit `d` for face `d` (1..=20).
    hits: u32,
    /// The damage die (sides).
    sides: u32,
    /// Added to the damage die.
    bonus: i64,
    /// The house rules of its dice, `None` when both are official: one word, so that a
    /// round's dice stay as small as before the dice could be replaced (a blow is copied
    /// into every round).
    house: Option<&'static BlowDice>,
}

/// How the two dice of a blow are played when a house rule replaces one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BlowDice {
    /// The attack roll's d20: official, or a house rule's ([`super::attack::ATTACK_DIE`]).
    die: StepRule,
    /// The damage die: official, or a house rule's ([`super::steps::DAMAGE_DIE`]).
    damage: StepRule,
}

impl BlowDice {
    /// The one value of `self` kept for the whole run (a run meets a few: one per house
    /// rules file, each made once per duel built).
    fn interned(self) -> &'static BlowDice {
        static KNOWN: std::sync::Mutex<Vec<&'static BlowDice>> = std::sync::Mutex::new(Vec::new());
        let mut known = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&found) = known.iter().find(|&&k| *k == self) {
            return found;
        }
        let leaked: &'static BlowDice = Box::leak(Box::new(self));
        known.push(leaked);
        leaked
    }
}

impl Blow {
    /// An attack hitting on the faces marked in `hits` (index 1..=20), for the damage die
    /// of `sides` plus `bonus`.
    pub fn new(hits: &[bool; 21], sides: u32, bonus: i64) -> Self {
        let hits = (1..=20).filter(|&d| hits[d]).fold(0, |m, d| m | 1 << d);
        Self {
            hits,
            sides,
            bonus,
            house: None,
        }
    }

    /// The same blow with its attack d20 played as `die` says and its damage die as
    /// `damage` says.
    pub fn with_dice(self, die: StepRule, damage: StepRule) -> Self {
        let official = die.is_official() && damage.is_official();
        Self {
            house: (!official).then(|| BlowDice { die, damage }.interned()),
            ..self
        }
    }

    /// Whether both dice of the blow are official (no house rule).
    pub(super) fn is_official(&self) -> bool {
        self.house.is_none()
    }

    /// How the attack d20 is played.
    pub fn die(&self) -> StepRule {
        self.house.map_or(StepRule::OFFICIAL, |h| h.die)
    }

    /// How the damage die is played.
    pub fn damage_die(&self) -> StepRule {
        self.house.map_or(StepRule::OFFICIAL, |h| h.damage)
    }

    /// [`Blow::run`] with a house rule's die or damage die.
    fn run_house<D: Dice>(&self, dice: &mut D) -> i64 {
        let face = self.die().roll(dice, &[], |d| i64::from(d.d20()));
        if self.hits >> face & 1 != 0 {
            let sides = self.sides;
            let face = self
                .damage_die()
                .roll(dice, &[i64::from(sides)], |d| i64::from(d.die(sides)));
            damage(face as u32, self.bonus)
        } else {
            0
        }
    }
}

impl Blow {
    /// The most damage the blow deals (worked out once per duel, not per round).
    pub(super) fn most(&self) -> i64 {
        let sides = i64::from(self.sides);
        damage(self.damage_die().most(&[sides], sides) as u32, self.bonus)
    }
}

impl Blow {
    /// The blow's dice: a house rule's when `HOUSE` and the blow has one, else the official
    /// d20 and damage die. With `HOUSE = false` (a duel known to be all official, the
    /// sampler's [`super::duel::OfficialDuel`]) the house rule's code is compiled out, and
    /// the dice stay in registers.
    #[inline(always)]
    fn strike<const HOUSE: bool, D: Dice>(&self, dice: &mut D) -> i64 {
        if HOUSE && self.house.is_some() {
            return self.run_house(dice);
        }
        let face = dice.d20();
        if self.hits >> face & 1 != 0 {
            damage(dice.die(self.sides), self.bonus)
        } else {
            0
        }
    }
}

impl Step for Blow {
    type Output = i64;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> i64 {
        self.strike::<true, D>(dice)
    }
}

/// Who acts first in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Order {
    /// The fighter's d6 is higher.
    FighterFirst,
    /// The monster's d6 is higher.
    MonsterFirst,
    /// The dice tie (and ties are simultaneous): both act at once.
    Together,
}

/// The two initiative d6 of a round, fighter's then monster's, read as an [`Order`]; each
/// die official or a house rule's ([`super::steps::INITIATIVE_DIE`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct InitiativeDice(StepRule);

impl InitiativeDice {
    /// The two dice read as an order; a house rule's die only when `HOUSE` (see
    /// [`Blow::strike`]).
    #[inline(always)]
    fn order<const HOUSE: bool, D: Dice>(&self, dice: &mut D) -> Order {
        let (f, m) = if !HOUSE || self.0.is_official() {
            (dice.d6(), dice.d6())
        } else {
            let mut house = || self.0.roll(dice, &[], |d| i64::from(d.d6())) as u32;
            (house(), house())
        };
        match f.cmp(&m) {
            std::cmp::Ordering::Greater => Order::FighterFirst,
            std::cmp::Ordering::Less => Order::MonsterFirst,
            std::cmp::Ordering::Equal => Order::Together,
        }
    }
}

impl Step for InitiativeDice {
    type Output = Order;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> Order {
        self.order::<true, D>(dice)
    }
}

/// The initiative of a round under a tie rule: the dice rolled again on a tie (`reroll`),
/// or both acting at once (`simultaneous`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Initiative {
    /// Ties are simultaneous (else rerolled).
    simultaneous: bool,
    /// Each side's die: official, or a house rule's.
    pub die: StepRule,
    /// The order of every round, no die rolled, when one side's weapon is slow and the
    /// other's is not (*armes lentes*: "agissent toujours en dernier dans le round").
    pub fixed: Option<Order>,
}

impl From<Ties> for Initiative {
    fn from(ties: Ties) -> Self {
        Self {
            simultaneous: ties == Ties::Simultaneous,
            die: StepRule::OFFICIAL,
            fixed: None,
        }
    }
}

impl Initiative {
    /// The tie rule.
    pub fn ties(self) -> Ties {
        if self.simultaneous {
            Ties::Simultaneous
        } else {
            Ties::Reroll
        }
    }
}

impl Initiative {
    /// Who acts first; the dice are steps of their own, with a house rule's die, when
    /// `HOUSE` (see [`Blow::strike`]).
    #[inline(always)]
    fn first<const HOUSE: bool, D: Dice>(&self, dice: &mut D) -> Order {
        if let Some(order) = self.fixed {
            return order;
        }
        loop {
            let dice_of_round = InitiativeDice(self.die);
            let order = if HOUSE {
                dice.step(&dice_of_round)
            } else {
                dice_of_round.order::<false, D>(dice)
            };
            if order != Order::Together || self.simultaneous {
                return order;
            }
        }
    }
}

impl Step for Initiative {
    type Output = Order;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> Order {
        self.first::<true, D>(dice)
    }
}

/// The dice of one round: initiative, then the first attack, whose damage may drop its
/// target before the reply, then the second; on a simultaneous tie both attacks land
/// together. The damage dealt (to the monster, to the fighter).
///
/// The hit points are given only as far as they matter, capped at one more than the most
/// damage the other side's blow deals (a side with more cannot fall to one blow), so a whole
/// duel meets few distinct exchanges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundDice {
    /// The fighter's attack on the monster.
    pub(super) fighter_blow: Blow,
    /// The monster's attack on the fighter.
    pub(super) monster_blow: Blow,
    /// The initiative tie rule.
    pub(super) initiative: Initiative,
    /// The fighter's hit points (capped).
    pub(super) fighter_hp: i64,
    /// The monster's hit points (capped).
    pub(super) monster_hp: i64,
}

/// Hashes the hit points only (one word; the blows and the initiative are those of one
/// duel): equal exchanges hash equal, and a lookup of the exact chain costs one word.
impl Hash for RoundDice {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64((self.fighter_hp as u64) << 32 ^ self.monster_hp as u64);
    }
}

impl RoundDice {
    /// The round's dice; its initiative and blows are steps of their own, each with its
    /// house rule's dice, when `HOUSE` (see [`Blow::strike`]).
    #[inline(always)]
    pub(super) fn play<const HOUSE: bool, D: Dice>(&self, dice: &mut D) -> (i64, i64) {
        let blow = |b: &Blow, dice: &mut D| {
            if HOUSE {
                dice.step(b)
            } else {
                b.strike::<false, D>(dice)
            }
        };
        let order = if HOUSE {
            dice.step(&self.initiative)
        } else {
            self.initiative.first::<false, D>(dice)
        };
        match order {
            Order::Together => {
                let to_monster = blow(&self.fighter_blow, dice);
                (to_monster, blow(&self.monster_blow, dice))
            }
            Order::FighterFirst => {
                let to_monster = blow(&self.fighter_blow, dice);
                if to_monster < self.monster_hp {
                    (to_monster, blow(&self.monster_blow, dice))
                } else {
                    (to_monster, 0)
                }
            }
            Order::MonsterFirst => {
                let to_fighter = blow(&self.monster_blow, dice);
                if to_fighter < self.fighter_hp {
                    (blow(&self.fighter_blow, dice), to_fighter)
                } else {
                    (0, to_fighter)
                }
            }
        }
    }
}

impl Step for RoundDice {
    type Output = (i64, i64);

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> (i64, i64) {
        self.play::<true, D>(dice)
    }
}
