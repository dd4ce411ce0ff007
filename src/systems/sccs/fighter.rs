//! An *SCCS* combatant as a group fight reads it (seed sections 2 "La Matrice Martiale",
//! 3 and 4 "Déroulement d'un combat"; the `sccs` page): the attack it perseveres with,
//! its protection against its foes' attacks, its armour and its initiative priority. The
//! entries `[[fighter]]` of `sccs` rosters (`analyses/rosters/sccs.toml`) and the members
//! of the sides of `sccs.skirmish`.
//!
//! The text's profile has twelve scores (three types, three cibles, three défenses, three
//! résistances); a fight in which everyone perseveres with one type and one cible reads
//! four of them, given here as totals: `attack` (`type + cible`), and the `defense`
//! against the type its foes use with the `resistance` of the zone they aim at. Its
//! `manoeuvre` says when it takes the *manœuvre défensive* instead of attacking
//! ([`super::manoeuvre`]), its `attente` when it holds its action to interrupt a foe's
//! ([`super::attente`]), its `restores` whether it heals its allies
//! ([`super::restoration`]), its `acrobatie` and `disengage` whether and when it tries to
//! leave the fight ([`super::disengage`]).

use super::attente::Attente;
use super::disengage::Disengage;
use super::manoeuvre::Manoeuvre;
use super::resolution::Guard;
use crate::error::{Error, Result};

crate::config! {
    /// The figures of one SCCS combatant (a member of a side of `sccs.skirmish`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct Fighter {
        /// attack score A = type + cible of the attack it perseveres with
        attack: i64 = int(-20..=40),
        /// défense against the type its foes use
        defense: i64 = int(-20..=40),
        /// résistance of the zone its foes aim at, armour included
        resistance: i64 = int(-20..=40),
        /// the part of the résistance given by the armour (lost at durability 0)
        armour_res: i64 = int(0..=40, default = 0),
        /// the armour's durability points (only with armour_res > 0)
        durability: i64 = int(0..=50, default = 0),
        /// initiative priority, 1 (ranged, not engaged) to 8 (magic under pressure): 4 long
        /// reach (two-handed), 5 medium (one-handed), 6 short (daggers, fists, grabs)
        priority: i64 = int(1..=8, default = 5),
        /// [choice] when it takes the manœuvre défensive (+1 to its défense, no attack that
        /// turn): never, always, outnumbered (while the foes standing outnumber its side)
        manoeuvre: Manoeuvre = choice(default = Manoeuvre::Never),
        /// a short weapon in each hand (priority 6 only): one attack per weapon, two a turn
        dual_wield: bool = switch(default = false),
        /// [choice] when it takes L'Attente (holds its action at its turn and strikes by
        /// interrupting a foe's action, « J'interromps ! »): never, always
        attente: Attente = choice(default = Attente::Never),
        /// a healer: at its turn it casts a restoration on an ally standing (one impact's -1
        /// removed, or a point of armour durability back) instead of attacking, while one
        /// has something to restore
        restores: bool = switch(default = false),
        /// its talent Acrobatie, tested to disengage (against the difficulty of switch
        /// disengage_difficulty)
        acrobatie: i64 = int(-20..=40, default = 0),
        /// [choice] when it tries to disengage with Acrobatie at its turn instead of
        /// acting (leaving the fight on a success): never, always, wounded (once it has
        /// taken an impact), outnumbered (while the foes standing outnumber its side)
        disengage: Disengage = choice(default = Disengage::Never),
    }
}

/// The initiative priority of the long reach weapons (*Priorité 4 : Allonge Longue*,
/// "Armes à deux mains (ex : Lances, Espadons, Masses, Haches)"), those that strike from
/// the second rank (switch `second_rank`).
pub const LONG_REACH: i64 = 4;

/// The initiative priority of the short weapons (*Priorité 6 : Allonge Courte*: "Dagues,
/// Poings, Saisies"), those a combatant may hold one in each hand (`dual_wield`).
pub const SHORT_REACH: i64 = 6;

impl Fighter {
    /// Checks the armour of the member `name` of side `side`: its résistance within the
    /// fighter's, and durability only with armour.
    pub fn check(&self, side: &str, name: &str) -> Result<()> {
        if self.armour_res > self.resistance {
            return Err(Error::value(
                side,
                format!(
                    "'{name}': the armour's part of the résistance (armour_res {}) cannot exceed the résistance ({})",
                    self.armour_res, self.resistance
                ),
            ));
        }
        if self.armour_res == 0 && self.durability > 0 {
            return Err(Error::value(
                side,
                format!(
                    "'{name}': durability belongs to the armour: give armour_res > 0, or durability = 0"
                ),
            ));
        }
        if self.dual_wield && self.priority != SHORT_REACH {
            return Err(Error::value(
                side,
                format!(
                    "'{name}': dual_wield is a short weapon in each hand (priority {SHORT_REACH}, allonge courte: daggers, fists), not priority {}",
                    self.priority
                ),
            ));
        }
        if self.attente != Attente::Never && self.manoeuvre != Manoeuvre::Never {
            return Err(Error::value(
                side,
                format!(
                    "'{name}': one option a turn (Chaque personnage peut choisir UNE option): give attente or manoeuvre, not both"
                ),
            ));
        }
        if self.restores && (self.waits() || self.manoeuvre != Manoeuvre::Never) {
            return Err(Error::value(
                side,
                format!(
                    "'{name}': one option a turn (Chaque personnage peut choisir UNE option): a healer (restores) takes neither attente nor manoeuvre"
                ),
            ));
        }
        if self.disengage != Disengage::Never
            && (self.waits() || self.manoeuvre != Manoeuvre::Never || self.restores)
        {
            return Err(Error::value(
                side,
                format!(
                    "'{name}': one option a turn (Chaque personnage peut choisir UNE option): a combatant who disengages takes neither attente, manoeuvre nor restores"
                ),
            ));
        }
        Ok(())
    }

    /// Whether it may take *L'Attente* (its `attente` is not `never`).
    pub fn waits(&self) -> bool {
        self.attente != Attente::Never
    }

    /// Its protection `défense + résistance` as the fight wears it (`wound_malus` per
    /// impact taken, the armour's résistance lost when spent unless
    /// `spent_armour_protects`).
    pub fn guard(&self, wound_malus: i64, spent_armour_protects: bool) -> Guard {
        Guard {
            protection: self.defense + self.resistance,
            armour_res: self.armour_res,
            wound_malus,
            spent_armour_protects,
        }
    }
}
