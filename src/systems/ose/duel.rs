//! A melee duel, fighter against monster (seed: *Initiative*, *Séquence du round de
//! combat*, *Attaque*, *Dégâts*, *Matrice ... TAC0*; `RULES.md` `ose` → Initiative, Melee
//! duel), and the `ose.duel` mechanic.
//!
//! Each round both sides roll a d6 for initiative; the higher acts first and a side at 0
//! HP or less does not act. On a tie (switch `ties`, **\[choice\]** of `RULES.md`) the dice
//! are rolled again (`reroll`) or both sides act at once (`simultaneous`, where both may
//! die). An attack is the d20 of [`super::attack`]; the fighter adds STR to the attack
//! and damage rolls; damage is at least 1.
//!
//! Choices of this program: the monster's HP, when not given, are d8 per hit die (1d4 for
//! a normal human, `21+` as 22 HD); a duel still running after [`MAX_ROUNDS`] rounds
//! counts for neither side.
//!
//! Exact values: the duel is a chain over the two sides' hit points, propagated by the
//! engine ([`super::duel_exact`]), with a neglected mass below 1e-12, for duels of at most
//! [`EXACT_MAX_STATES`] states (fighter's HP × monster's highest HP); larger duels are
//! Monte Carlo only.

use super::attack::{hit_table, hit_table_under};
use super::d20::chance_of;
use super::duel_exact::{DamageDist, EXACT_MAX_STATES, damage_dist, exact_duel};
use super::sheet::Hd;
use super::tables::OseTables;
use crate::engine::{Dice, Dist, FromConfig, HistId, Layout, MetricId, Model, Recorder};
use crate::error::Result;

/// A duel longer than this counts for neither side.
pub const MAX_ROUNDS: u32 = 1000;

crate::choice! {
    /// What to do when the initiative dice tie.
    ///
    /// - `reroll`: roll both dice again (the default).
    /// - `simultaneous`: both sides act at the same time.
    pub enum Ties { Reroll = "reroll", Simultaneous = "simultaneous" }
}

crate::config! {
    /// The fighter's side (parameters `fighter.*`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Fighter {
        /// fighter's THAC0 (19 at level 1)
        thac0: i64 = int(1..=30, default = 19),
        /// fighter's armour class
        ac: i64 = int(-10..=12, default = 4),
        /// fighter's hit points
        hp: i64 = int(1..=200, default = 6),
        /// fighter's damage die (sides)
        damage: u32 = int(2..=20, default = 6),
        /// fighter's STR modifier (attack and damage)
        str: i64 = int(-3..=3, default = 0),
    }
}

crate::config! {
    /// The monster's side as given (parameters `monster.*`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct MonsterParams {
        /// monster's hit dice: human, 1..25, 21+ (sets THAC0 and rolled HP)
        hd: Hd = choice(default = Hd::Dice(1)),
        /// monster's armour class
        ac: i64 = int(-10..=12, default = 7),
        /// [choice] monster's hit points (0: roll d8 per hit die, 1d4 for a human; the
        /// sheet gives none)
        hp: i64 = int(0..=500, default = 0),
        /// monster's damage die (sides)
        damage: u32 = int(2..=20, default = 6),
    }
}

crate::config! {
    /// The parameters of `ose.duel`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct DuelParams {
        /// the fighter
        fighter: Fighter = fighter("fighter"),
        /// the monster
        monster: MonsterParams = fighter("monster"),
        /// [choice] initiative ties: reroll, or simultaneous (both act; both may die)
        ties: Ties = choice(default = Ties::Reroll),
        /// the rule tables (THAC0 rows, bounds of the roll): `alea rules ose`
        tables: OseTables = rules(),
    }
}

/// The monster's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Monster {
    /// Hit dice (sets the THAC0 and, when `hp` is `None`, the rolled HP).
    pub hd: Hd,
    /// Armour class (descending).
    pub ac: i64,
    /// Hit points, or `None` to roll them.
    pub hp: Option<i64>,
    /// Damage die (sides).
    pub damage: u32,
}

impl From<MonsterParams> for Monster {
    /// The monster as given; hit points of 0 are rolled.
    fn from(p: MonsterParams) -> Self {
        Self {
            hd: p.hd,
            ac: p.ac,
            hp: (p.hp > 0).then_some(p.hp),
            damage: p.damage,
        }
    }
}

/// Who is left standing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Winner {
    /// The monster is down, the fighter is not.
    Fighter,
    /// The fighter is down, the monster is not.
    Monster,
    /// Both fell in the same simultaneous exchange.
    Both,
    /// Still going after [`MAX_ROUNDS`].
    Neither,
}

/// The end of one duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DuelOutcome {
    /// Who won.
    pub winner: Winner,
    /// Rounds fought.
    pub rounds: u32,
}

/// What `ose.duel` reports.
#[derive(Debug, Clone, PartialEq)]
struct DuelMetrics {
    fighter_wins: MetricId,
    monster_wins: MetricId,
    both_die: MetricId,
    mean_rounds: MetricId,
    rounds: HistId,
}

impl DuelMetrics {
    fn declare(layout: &mut Layout) -> Self {
        Self {
            fighter_wins: layout.proportion("fighter_wins", "chance the fighter is left standing"),
            monster_wins: layout.proportion("monster_wins", "chance the monster is left standing"),
            both_die: layout
                .proportion("both_die", "chance both fall in one simultaneous exchange"),
            mean_rounds: layout.mean("mean_rounds", "mean number of rounds"),
            rounds: layout.histogram("rounds", "histogram of the number of rounds", (1, 20)),
        }
    }

    /// Records who won (the three chances).
    fn record_winner<R: Recorder>(&self, winner: Winner, rec: &mut R) {
        rec.event(self.fighter_wins, winner == Winner::Fighter);
        rec.event(self.monster_wins, winner == Winner::Monster);
        rec.event(self.both_die, winner == Winner::Both);
    }
}

/// `ose.duel`: one fight to the death.
#[derive(Debug, Clone, PartialEq)]
pub struct DuelModel {
    fighter_hits: [bool; 21],
    monster_hits: [bool; 21],
    fighter: Fighter,
    monster: Monster,
    /// Dice rolled for the monster's HP: (count, sides).
    hp_dice: (u32, u32),
    ties: Ties,
    layout: Layout,
    m: DuelMetrics,
}

impl DuelModel {
    /// The duel of `fighter` against `monster`.
    pub fn new(fighter: Fighter, monster: Monster, ties: Ties) -> Self {
        Self::under(fighter, monster, ties, &OseTables::OFFICIAL)
    }

    /// The same under `tables` (the monster's THAC0, the bounds of the roll needed).
    pub fn under(fighter: Fighter, monster: Monster, ties: Ties, tables: &OseTables) -> Self {
        let attack = &tables.attack;
        let hp_dice = match monster.hd {
            Hd::Human => (1, 4),
            Hd::Dice(n) => (n, 8),
        };
        let mut layout = Layout::new();
        let m = DuelMetrics::declare(&mut layout);
        Self {
            fighter_hits: hit_table_under(fighter.thac0, monster.ac, fighter.str, attack),
            monster_hits: hit_table_under(tables.thac0(monster.hd), fighter.ac, 0, attack),
            fighter,
            monster,
            hp_dice,
            ties,
            layout,
            m,
        }
    }

    /// The fighter's attack: damage dealt (0 on a miss).
    #[inline(always)]
    fn fighter_attack<D: Dice>(&self, dice: &mut D) -> i64 {
        if self.fighter_hits[dice.d20() as usize] {
            damage(dice.die(self.fighter.damage), self.fighter.str)
        } else {
            0
        }
    }

    /// The monster's attack: damage dealt (0 on a miss).
    #[inline(always)]
    fn monster_attack<D: Dice>(&self, dice: &mut D) -> i64 {
        if self.monster_hits[dice.d20() as usize] {
            damage(dice.die(self.monster.damage), 0)
        } else {
            0
        }
    }

    /// The initiative tie rule.
    pub fn ties(&self) -> Ties {
        self.ties
    }

    /// The fighter's starting hit points.
    pub fn fighter_hp(&self) -> i64 {
        self.fighter.hp
    }

    /// The monster's hit points when given (`None`: rolled with [`DuelModel::hp_dice`]).
    pub fn monster_hp(&self) -> Option<i64> {
        self.monster.hp
    }

    /// The most states the exact duel can meet: the fighter's HP times the monster's
    /// highest HP.
    pub fn max_states(&self) -> i64 {
        let monster = self
            .monster
            .hp
            .unwrap_or(i64::from(self.hp_dice.0 * self.hp_dice.1));
        self.fighter.hp * monster
    }

    /// The dice of the monster's rolled hit points: (count, sides).
    pub fn hp_dice(&self) -> (u32, u32) {
        self.hp_dice
    }

    /// The damage of one attack, 0 on a miss, as (damage, probability): the fighter's on
    /// the monster, then the monster's on the fighter.
    pub fn damage_dists(&self) -> (DamageDist, DamageDist) {
        (
            damage_dist(&self.fighter_hits, self.fighter.damage, self.fighter.str),
            damage_dist(&self.monster_hits, self.monster.damage, 0),
        )
    }

    /// The initiative dice of one round (fighter, monster), tied only when ties are
    /// simultaneous.
    #[inline(always)]
    fn initiative<D: Dice>(&self, dice: &mut D) -> (u32, u32) {
        loop {
            let (f, m) = (dice.d6(), dice.d6());
            if f != m || self.ties == Ties::Simultaneous {
                return (f, m);
            }
        }
    }
}

impl FromConfig<DuelParams> for DuelModel {
    fn from_config(p: DuelParams) -> Result<Self> {
        Ok(Self::under(p.fighter, p.monster.into(), p.ties, &p.tables))
    }
}

impl Model for DuelModel {
    type Outcome = DuelOutcome;

    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    fn sample<D: Dice>(&self, dice: &mut D) -> DuelOutcome {
        let mut fighter_hp = self.fighter.hp;
        let mut monster_hp = match self.monster.hp {
            Some(hp) => hp,
            None => dice.sum(self.hp_dice.0, self.hp_dice.1) as i64,
        };
        for rounds in 1..=MAX_ROUNDS {
            let (f, m) = self.initiative(dice);
            if f == m {
                let to_monster = self.fighter_attack(dice);
                let to_fighter = self.monster_attack(dice);
                monster_hp -= to_monster;
                fighter_hp -= to_fighter;
            } else if f > m {
                monster_hp -= self.fighter_attack(dice);
                if monster_hp > 0 {
                    fighter_hp -= self.monster_attack(dice);
                }
            } else {
                fighter_hp -= self.monster_attack(dice);
                if fighter_hp > 0 {
                    monster_hp -= self.fighter_attack(dice);
                }
            }
            let winner = match (fighter_hp <= 0, monster_hp <= 0) {
                (false, false) => continue,
                (false, true) => Winner::Fighter,
                (true, false) => Winner::Monster,
                (true, true) => Winner::Both,
            };
            return DuelOutcome { winner, rounds };
        }
        DuelOutcome {
            winner: Winner::Neither,
            rounds: MAX_ROUNDS,
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &DuelOutcome, rec: &mut R) {
        self.m.record_winner(o.winner, rec);
        rec.value(self.m.mean_rounds, o.rounds as i64);
        rec.hist(self.m.rounds, o.rounds as i64);
    }

    /// Exact values up to [`EXACT_MAX_STATES`] states (see [`super::duel_exact`]).
    fn exact(&self) -> Option<Dist<DuelOutcome>> {
        (self.max_states() <= EXACT_MAX_STATES).then(|| exact_duel(self).0)
    }
}

/// The damage of a hit rolling `face` with `bonus` added: at least 1.
#[inline(always)]
pub fn damage(face: u32, bonus: i64) -> i64 {
    (face as i64 + bonus).max(1)
}

/// The chance that one swing of `thac0` against `ac` with `bonus` hits.
pub fn hit_chance(thac0: i64, ac: i64, bonus: i64) -> f64 {
    chance_of(&hit_table(thac0, ac, bonus))
}

#[cfg(test)]
#[path = "duel_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "duel_exact_tests.rs"]
mod exact_tests;
