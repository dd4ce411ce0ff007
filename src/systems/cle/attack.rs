//! The attack and its damage read off the attack dice (seed *Fiche 3*, "L'attaque", "La
//! défense", "Dégâts", "Protection"; *Fiche 4*, primes *Attaque meurtrière*, *Attaques
//! multiples*, pénalité *Blessure légère*; *Fiche 5*, "Dégâts", the `6+` weapons;
//! the `cle` page → *Opposition*, *Damage read off the attack dice*), and the
//! `cle.attack` mechanic.
//!
//! An attack is the opposition Combat (active) against Défense. When it hits, the damage
//! is read off the attack roll: a 1d6 weapon deals the red die, a 2d6 weapon the two
//! white dice, a 3d6 weapon all three; a hero point's fourth die adds to it; each
//! *Attaque meurtrière* (murderous attack) adds a fresh d6 (**\[choice, switch
//! `murderous_read`\]**: or raises the class of dice read off the attack, see
//! [`super::damage`]). Then the damage bonus is
//! added, the protection (and the defender's own hero die, when the defender spent a
//! hero point on the defence) subtracted, with a floor at 0; *Blessure légère* (light
//! wound) and *Attaques multiples* each halve the result, rounding up, after everything
//! else. With a `6+` weapon every damage die showing 6 is rolled again and added, as long
//! as it shows 6.
//!
//! Because the hit and the damage share dice, the damage given a hit is not the damage
//! dice's plain distribution; the mechanic reports both.

use super::damage::{DAMAGE_DICE, read_damage};
pub use super::damage::{DamageRule, Weapon};
use super::opposition::{Contender, Score, Winner, winner};
use super::roll::{D6Roll, Reading, TEST_TOTAL, succeeds};
use crate::engine::enumerate::Bounds;
use crate::engine::house_step::StepRule;
use crate::engine::step::Step;
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Rolled};

/// One attack's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AttackRule {
    /// The attacker: Combat, dice (4 with a hero point), modifiers.
    pub attacker: Contender,
    /// The defender's Défense.
    pub defense: i64,
    /// The defender's dice: 4 when the defender spends a hero point, whose fourth die is
    /// also taken off the damage.
    pub defender_dice: u32,
    /// The defender is in melee with several foes: −2 to the defence.
    pub outnumbered: bool,
    /// The defender's other modifiers: +2 for a *Prudence*, −2 for a *Danger* taken on
    /// its own last action.
    pub guard: i64,
    /// Switch `auto_triples` of the opposition.
    pub auto_triples: bool,
    /// The damage.
    pub damage: DamageRule,
    /// Which sides spend a hero point to roll a failed test again.
    pub rerolls: Rerolls,
    /// The defender does not perceive the attack (seed *Fiche 3*, "La défense": "il ne
    /// peut se défendre contre elle : il suffit que le joueur de son adversaire réussisse
    /// un test de *Combat* avec une difficulté déterminée par le meneur de jeu […] –
    /// généralement 10"): no defence is rolled; the attack hits when the Combat test,
    /// with its automatic results, reaches this difficulty. `None`: an opposition.
    pub unperceived: Option<i64>,
}

/// The hero point's second effect in an attack (seed *Fiche 2*, "Les points d'héroïsme":
/// "après avoir effectué un test, l'annuler et le recommencer"): which side cancels its
/// failed test and rolls it again, the other side's roll standing.
///
/// Reading of this program (no switch): the attacker rolls again an attack that misses;
/// the defender rolls again a defence that fails against a hit dealing at least 1 damage
/// (a hit for 0 costs nothing to take). The roll again is made with the same number of
/// dice (a fourth die bought for the first roll is kept, as `cle.test` does by default),
/// and a defender's new fourth die is the one taken off the damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rerolls {
    /// The attacker rolls a missed attack again.
    pub attacker: bool,
    /// The defender rolls a failed defence again (a hit dealing damage).
    pub defender: bool,
}

impl Rerolls {
    /// Nobody rolls again.
    pub const NONE: Self = Self {
        attacker: false,
        defender: false,
    };
}

/// One attack as a fight needs it: the hit and damage, what the damage was before the
/// protection, and which side rolled again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Strike {
    /// Whether the attack hits.
    pub hit: bool,
    /// Damage dealt (0 on a miss).
    pub damage: i64,
    /// The damage dice's total, before the bonus, the protection and the halvings (0 on a
    /// miss): what another defender would take ([`DamageRule::finish`]).
    pub raw: i64,
    /// The attacker rolled a missed attack again.
    pub attacker_rerolled: bool,
    /// The defender rolled a failed defence again.
    pub defender_rerolled: bool,
}

/// An attacker's throw, read: the reading the opposition uses, and the damage dice's sum
/// and how many of them show 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Thrown {
    /// The reading of the throw (its total, its automatic result).
    pub reading: Reading,
    /// The damage dice read off the throw: their sum.
    pub sum: i64,
    /// How many damage dice read off the throw show 6.
    pub sixes: u32,
}

/// The outcome of one attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct AttackOutcome {
    /// Whether the attack hits.
    pub hit: bool,
    /// Damage dealt (0 on a miss).
    pub damage: i64,
    /// The damage of the same dice rolled on their own (independent of the hit).
    pub plain: i64,
}

impl AttackRule {
    /// The defender's side of the opposition.
    pub fn defender(&self) -> Contender {
        Contender {
            skill: self.defense,
            dice: self.defender_dice,
            modifiers: self.guard + if self.outnumbered { -2 } else { 0 },
            total: self.attacker.total,
        }
    }

    fn hits(&self, a: Score, d: Score) -> bool {
        winner(
            a,
            self.attacker.skill,
            d,
            self.defense,
            false,
            self.auto_triples,
        ) == Winner::A
    }

    /// Rolls the attack (attacker's dice, defender's dice, then the damage dice on a hit):
    /// whether it hits, and the damage.
    #[inline(always)]
    pub fn strike<D: Dice>(&self, dice: &mut D) -> (bool, i64) {
        let s = self.strike_full(dice);
        (s.hit, s.damage)
    }

    /// Rolls the attack as [`AttackRule::strike`] does, with the rolls again of
    /// [`AttackRule::rerolls`]: the attacker's dice, the defender's dice, the attacker's
    /// dice again on a miss (`rerolls.attacker`), the damage dice on a hit, the defender's
    /// dice again when the hit deals damage (`rerolls.defender`).
    #[inline(always)]
    pub fn strike_full<D: Dice>(&self, dice: &mut D) -> Strike {
        self.strike_with::<true, D>(dice)
    }

    /// Rolls the attack without any roll again, whatever [`AttackRule::rerolls`] says, and
    /// as an attack the defender perceives, whatever [`AttackRule::unperceived`] says: a
    /// fight whose fighters play none of these takes this, their checks compiled out.
    #[inline(always)]
    pub fn strike_plain<D: Dice>(&self, dice: &mut D) -> (bool, i64) {
        let s = self.strike_with::<false, D>(dice);
        (s.hit, s.damage)
    }

    /// The attack of [`AttackRule::strike_full`], its rolls again played only when
    /// `REROLLS`.
    #[inline(always)]
    fn strike_with<const REROLLS: bool, D: Dice>(&self, dice: &mut D) -> Strike {
        let thrown = self.throw(dice);
        self.resolve::<REROLLS, D>(dice, thrown)
    }

    /// The attacker's throw: its dice rolled and read, as the opposition and the damage
    /// read them (a step). A cooperative attack's members each throw before the leader's
    /// throw is resolved ([`AttackRule::strike_thrown`]).
    #[inline(always)]
    pub fn throw<D: Dice>(&self, dice: &mut D) -> Thrown {
        let (reading, sum, sixes) = dice.step(&self.attack_throw());
        Thrown {
            reading,
            sum,
            sixes,
        }
    }

    /// The step of the attacker's throw.
    #[inline(always)]
    fn attack_throw(&self) -> AttackThrow {
        AttackThrow {
            count: self.attacker.dice,
            read_dice: self.damage.read_dice(),
            total: self.attacker.total,
        }
    }

    /// The attack of [`AttackRule::strike_full`] from an attacker's throw already made
    /// (`thrown`, by [`AttackRule::throw`]): the defence, the rolls again, the damage.
    #[inline(always)]
    pub fn strike_thrown<D: Dice>(&self, dice: &mut D, thrown: Thrown) -> Strike {
        self.resolve::<true, D>(dice, thrown)
    }

    /// The attack from the attacker's throw `thrown`, its rolls again played only when
    /// `REROLLS`.
    #[inline(always)]
    fn resolve<const REROLLS: bool, D: Dice>(&self, dice: &mut D, thrown: Thrown) -> Strike {
        let throw = self.attack_throw();
        let Thrown {
            mut reading,
            mut sum,
            mut sixes,
        } = thrown;
        let defence = self.defence_throw();
        let unperceived = REROLLS && self.unperceived.is_some();
        // An unperceived attack rolls no defence (its reading stands in, unread).
        let (mut def_reading, mut hero) = if unperceived {
            (reading, 0)
        } else {
            dice.step(&defence)
        };
        let mut out = Strike::default();
        let mut hit = self.lands(unperceived, reading, def_reading);
        if REROLLS && !hit && self.rerolls.attacker {
            (reading, sum, sixes) = dice.step(&throw);
            out.attacker_rerolled = true;
            hit = self.lands(unperceived, reading, def_reading);
        }
        if !hit {
            return out;
        }
        let raw = self.raw_damage(
            dice,
            Thrown {
                reading,
                sum,
                sixes,
            },
        );
        let mut damage = self.damage.finish(raw, hero);
        if REROLLS && damage > 0 && self.rerolls.defender && !unperceived {
            (def_reading, hero) = dice.step(&defence);
            out.defender_rerolled = true;
            if !self.lands(unperceived, reading, def_reading) {
                return out;
            }
            damage = self.damage.finish(raw, hero);
        }
        Strike {
            hit: true,
            damage,
            raw,
            ..out
        }
    }

    /// The step of the defender's throw.
    #[inline(always)]
    fn defence_throw(&self) -> DefenceThrow {
        let defender = self.defender();
        DefenceThrow {
            count: defender.dice,
            total: defender.total,
        }
    }

    /// Whether the attack read as `attack` lands on the defence read as `defence`: the
    /// opposition, or, when `unperceived` (no defence rolled, `defence` unread), the
    /// Combat test against [`AttackRule::unperceived`]'s difficulty.
    #[inline(always)]
    fn lands(&self, unperceived: bool, attack: Reading, defence: Reading) -> bool {
        let a = self.attacker.score_reading(attack);
        match self.unperceived {
            Some(difficulty) if unperceived => succeeds(a.total, a.auto, difficulty),
            _ => self.hits(a, self.defender().score_reading(defence)),
        }
    }

    /// The damage dice of a hit thrown as `thrown`: those read off the throw (a house
    /// rule's reading of them), the `6+` rerolls and the fresh *Attaques meurtrières*,
    /// before the bonus, the protection and the halvings.
    #[inline(always)]
    fn raw_damage<D: Dice>(&self, dice: &mut D, thrown: Thrown) -> i64 {
        let sum = self
            .damage
            .read_total(dice, self.attacker.dice == 4, thrown.sum, thrown.sixes);
        sum + self.damage.roll_extra(dice, thrown.sixes)
    }

    /// Rolls the attack ([`AttackRule::strike`], a step), then the plain damage from fresh
    /// dice (without the defender's hero die when the attack is unperceived: no defence).
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> AttackOutcome {
        let (hit, damage) = dice.step(self);
        let defended = self.defender_dice == 4 && self.unperceived.is_none();
        let plain = self.damage.plain(dice, self.attacker.dice == 4, defended);
        AttackOutcome { hit, damage, plain }
    }
}

/// The attack alone, whether it hits and its damage: a step, enumerated once before the
/// plain damage is added to it.
impl Step for AttackRule {
    type Output = (bool, i64);

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> (bool, i64) {
        self.strike(dice)
    }
}

/// The attacker's throw of `count` dice, read as the opposition reads it (its total read
/// by `total`) and as the damage reads it (`read_dice` dice read off its faces): a step,
/// enumerated once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct AttackThrow {
    count: u32,
    read_dice: u32,
    total: StepRule,
}

impl Step for AttackThrow {
    /// The reading, the damage dice's sum and how many of them show 6.
    type Output = (Reading, i64, u32);

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> (Reading, i64, u32) {
        let roll = D6Roll::throw(dice, self.count);
        let (sum, sixes) = read_damage(&roll, self.read_dice);
        let reading = Reading::from(&roll).totalled(dice, self.count, self.total);
        (reading, sum, sixes)
    }
}

/// The defender's throw of `count` dice, read as the opposition reads it (its total read
/// by `total`), with its hero die (0 without one), taken off the damage: a step,
/// enumerated once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct DefenceThrow {
    count: u32,
    total: StepRule,
}

impl Step for DefenceThrow {
    type Output = (Reading, i64);

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> (Reading, i64) {
        let roll = D6Roll::throw(dice, self.count);
        let reading = Reading::from(&roll).totalled(dice, self.count, self.total);
        (reading, roll.hero() as i64)
    }
}

crate::config! {
    /// The parameters of `cle.attack`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct AttackParams {
        /// attacker's Combat
        combat: i64 = int(-10..=40),
        /// defender's Défense
        defense: i64 = int(-10..=40),
        /// weapon damage: 1d6 (red die), 2d6 (white dice), 3d6 (all three), unarmed (the
        /// damage bonus only)
        damage: Weapon = choice(default = Weapon::D1),
        /// damage bonus (melee or ranged)
        bonus: i64 = int(-5..=20, default = 0),
        /// defender's protection
        protection: i64 = int(0..=20, default = 0),
        /// attacker's modifiers (Efficacité +2 each)
        modifiers: i64 = int(-20..=20, default = 0),
        /// Attaques meurtrières: each adds a fresh d6
        murderous: u32 = int(0..=3, default = 0),
        /// [choice] each Attaque meurtrière raises the dice read off the attack instead (1d6
        /// + 1 reads the two white dice, 2d6 + 1 all three; dice beyond three are fresh)
        murderous_read: bool = switch(default = false),
        /// 6+ weapon: damage dice showing 6 are rolled again and added
        six_plus: bool = switch(default = false),
        /// Blessure légère: halve the damage, rounding up
        light_wound: bool = switch(default = false),
        /// [choice] Blessure légère halves the dice and bonus before the protection is
        /// taken off (else last, after it, as Attaques multiples)
        light_wound_before_protection: bool = switch(default = false),
        /// Attaques multiples: halve the damage, rounding up
        multiple: bool = switch(default = false),
        /// the attacker spends a hero point: 4d6, the fourth die adds to the damage
        hero_die: bool = switch(default = false),
        /// the defender spends a hero point: 4d6, the fourth die is taken off the damage
        defender_hero_die: bool = switch(default = false),
        /// the attacker spends a hero point to roll a missed attack again (same dice)
        attacker_reroll: bool = switch(default = false),
        /// the defender spends a hero point to roll again a failed defence against a hit
        /// dealing damage (same dice)
        defender_reroll: bool = switch(default = false),
        /// the defender is in melee with several foes: -2 to the defence
        outnumbered: bool = switch(default = false),
        /// the defender does not perceive the attack (surprised): no defence, the attack
        /// hits on a Combat test against this difficulty (the text: generally 10);
        /// defender_hero_die, defender_reroll and outnumbered then do nothing
        unperceived: Option<i64> = int(0..=40, optional),
        /// [choice] the automatic triples apply to the opposition
        auto_triples: bool = switch(default = false),
        /// the damage dice read off the attack: official, or a house rule's script
        /// (`damage_dice`)
        damage_dice: StepRule = house_step(&DAMAGE_DICE),
        /// the total read off the attack's and the defence's dice: official, or a house
        /// rule's script (`test_total`)
        test_total: StepRule = house_step(&TEST_TOTAL),
    }
}

/// 4 dice with a hero point, else 3.
fn dice_count(hero_point: bool) -> u32 {
    if hero_point { 4 } else { 3 }
}

impl From<AttackParams> for AttackRule {
    fn from(p: AttackParams) -> Self {
        Self {
            attacker: Contender {
                skill: p.combat,
                dice: dice_count(p.hero_die),
                modifiers: p.modifiers,
                total: p.test_total,
            },
            defense: p.defense,
            defender_dice: dice_count(p.defender_hero_die),
            outnumbered: p.outnumbered,
            guard: 0,
            auto_triples: p.auto_triples,
            damage: DamageRule {
                weapon: p.damage,
                bonus: p.bonus,
                protection: p.protection,
                murderous: p.murderous,
                murderous_read: p.murderous_read,
                six_plus: p.six_plus,
                light_wound: p.light_wound,
                light_wound_before_protection: p.light_wound_before_protection,
                multiple: p.multiple,
                dice: p.damage_dice,
            },
            rerolls: Rerolls {
                attacker: p.attacker_reroll,
                defender: p.defender_reroll,
            },
            unperceived: p.unperceived,
        }
    }
}

impl crate::engine::Roll for AttackRule {
    type Outcome = AttackOutcome;

    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> AttackOutcome {
        AttackRule::roll(self, dice)
    }

    /// Every path of [`AttackRule::roll`], none cut for its small probability: the only
    /// mass left out is that of the exploding dice's tables (`6+`), each below
    /// [`crate::engine::dist::TAIL_BOUND`].
    fn bounds(&self) -> Bounds {
        Bounds {
            cut: 0.0,
            ..Bounds::default()
        }
    }
}

/// What `cle.attack` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct AttackMetrics {
    hit: MetricId,
    mean_given_hit: MetricId,
    mean_plain: MetricId,
    mean_per_attack: MetricId,
    given_hit: HistId,
    plain: HistId,
}

impl Report<AttackRule> for AttackMetrics {
    fn declare(rule: &AttackRule, layout: &mut Layout) -> Self {
        let d = &rule.damage;
        let top = 6 * (d.weapon.dice() + 1 + d.murderous) as i64 + d.bonus.max(0);
        Self {
            hit: layout.proportion("hit", "chance the attack hits"),
            mean_given_hit: layout.mean("mean_damage_given_hit", "mean damage of a hit"),
            mean_plain: layout.mean(
                "mean_damage_plain",
                "mean damage of the same dice rolled on their own",
            ),
            mean_per_attack: layout.mean(
                "mean_damage_per_attack",
                "mean damage per attack (0 on a miss)",
            ),
            given_hit: layout.histogram(
                "damage_given_hit",
                "histogram of the damage of a hit",
                (0, top),
            ),
            plain: layout.histogram(
                "damage_plain",
                "histogram of the damage of the dice rolled on their own",
                (0, top),
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &AttackOutcome, rec: &mut R) {
        rec.event(self.hit, o.hit);
        rec.value_given(self.mean_given_hit, o.hit, o.damage);
        rec.value(self.mean_plain, o.plain);
        rec.value(self.mean_per_attack, o.damage);
        if o.hit {
            rec.hist(self.given_hit, o.damage);
        }
        rec.hist(self.plain, o.plain);
    }
}

/// `cle.attack`: one attack and its damage.
pub type AttackModel = Rolled<AttackRule, AttackMetrics>;

/// One attack thrown at several defenders (`attack_several.rs`).
#[path = "attack_several.rs"]
mod several;

#[cfg(test)]
#[path = "attack_tests.rs"]
mod tests;
