//! What a fighter carries into `ose.encounter` beyond the duel's fighter or monster, and the
//! encounter's options that read it (seed: *Attaques à distance*, *Armes lentes*, *Lancer
//! de sorts*, *Déplacement en mêlée*; the `ose` page → Encounter, missiles, slow weapons,
//! spells, retreat).
//!
//! - A missile weapon (`missile`, its damage die; *attaques à distance*, beyond 2 m): shot
//!   during the encounter's `approach` rounds, DEX and the range modifying the roll, the
//!   damage not modified (the sheet: "Distance : DEX modifie attaque"; STR modifies melee
//!   only).
//! - A slow weapon (`slow`; *armes lentes*): "agissent toujours en dernier dans le round".
//! - Spells (`spells`; *lancer de sorts*): each a damage spell cast as an action of its own,
//!   lost when the caster is hit before it acts (*interrompu*).
//! - A shield (`shield`, the part of `ac` it gives): lost to the blows on a PC that
//!   retreats (*retraite*: "ignore le bonus à la CA du bouclier").

use super::duel::{Fighter, MonsterParams};

crate::config! {
    /// A player character of a party (an `ose` roster's `[[fighter]]`): the duel's
    /// fighter, and what it carries into a group fight.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct PartyMember {
        /// THAC0, armour class, hit points, damage die and STR
        fighter: Fighter = flatten(),
        /// the part of `ac` its shield gives (ignored by the blows on it when it retreats; 0: none)
        shield: i64 = int(0..=3, default = 0),
        /// missile weapon's damage die (sides; 0: none), shot during the encounter's `approach` rounds
        missile: u32 = int(0..=20, default = 0),
        /// DEX modifier (missile attack rolls only)
        dex: i64 = int(-3..=3, default = 0),
        /// a slow weapon: its melee blow comes last in the round, after every other side's
        slow: bool = switch(default = false),
        /// damage spells memorised (magic missile), one cast a round while the encounter's `cast` is on (0: none)
        spells: u32 = int(0..=9, default = 0),
        /// a spell's damage die (sides; magic missile: 6)
        spell_damage: u32 = int(2..=20, default = 6),
        /// added to a spell's damage die (magic missile: +1)
        spell_bonus: i64 = int(0..=20, default = 1),
    }
}

crate::config! {
    /// A monster of a group (an `ose` roster's `[[monster]]`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct GroupMonster {
        /// hit dice, armour class, hit points and damage
        monster: MonsterParams = flatten(),
        /// morale score: 2d6 above it and the group flees (12 never fails)
        morale: u32 = int(2..=12, default = 7),
        /// missile weapon's damage die (sides; 0: none), shot during the encounter's `approach` rounds
        missile: u32 = int(0..=20, default = 0),
        /// a slow weapon: its melee blow comes last in the round, after every other side's
        slow: bool = switch(default = false),
    }
}

crate::choice! {
    /// The range of the missiles shot during the approach (the sheet's modifiers: short +1,
    /// medium 0, long −1, the `[attack]` table's `short`, `medium`, `long`).
    pub enum MissileRange { Short = "short", Medium = "medium", Long = "long" }
}

crate::choice! {
    /// How a PC leaves the melee once it has declared it (*Déplacement en mêlée*).
    ///
    /// - `withdraw` (*se replier*, backing away at half its movement): it does not
    ///   attack; the monsters strike it as usual, and it is out of reach only once the
    ///   monsters have acted in the round (when its side acts first, they follow it).
    /// - `flee` (*retraite*, fleeing at its encounter movement): it does not attack; it is
    ///   gone when its side acts, and the monsters acting before that strike it at +2,
    ///   its shield ignored.
    pub enum Retreat { Withdraw = "withdraw", Flee = "flee" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Config;

    #[test]
    fn a_party_member_is_a_fighter_with_nothing_more_by_default() {
        let names: Vec<String> = PartyMember::specs("").into_iter().map(|s| s.name).collect();
        for field in [
            "thac0", "ac", "hp", "damage", "str", "shield", "missile", "slow",
        ] {
            assert!(names.iter().any(|n| n == field), "{field}: {names:?}");
        }
    }
}
