//! The priorities that change once a combatant is engaged (seed section 4, *La hiérarchie
//! de l'Initiative*; the `sccs` page): "Priorité 1 : Le Tir (ou Lancer) à Distance ...
//! uniquement si le tireur n'est engagé par aucun adversaire au corps-à-corps",
//! "Priorité 2 : La Magie « Libre » ... uniquement si le lanceur n'est engagé par aucun
//! adversaire au corps-à-corps", "Priorité 7 : Le Tir (ou Lancer) en Mêlée – Armes à
//! Distance alors que le tireur est engagé par au moins un adversaire au corps-à-corps",
//! "Priorité 8 : La Magie « Sous Pression » – Sortilèges et Prières si le lanceur a au
//! moins un adversaire au corps-à-corps".
//!
//! A combatant's roster `priority` is the one it has free (1 a shooter, 2 a caster);
//! engaged, a shooter acts at 7 and a caster at 8, every other priority staying. Played in
//! `sccs.skirmish` with switch `engaged_priority` (`skirmish_engaged.rs`).

/// *Priorité 1 : Le Tir (ou Lancer) à Distance*, a shooter engaged by no foe.
pub const RANGED_FREE: i64 = 1;
/// *Priorité 2 : La Magie « Libre » (Soutien)*, a caster engaged by no foe.
pub const MAGIC_FREE: i64 = 2;
/// *Priorité 7 : Le Tir (ou Lancer) en Mêlée*, a shooter engaged by at least one foe.
pub const RANGED_ENGAGED: i64 = 7;
/// *Priorité 8 : La Magie « Sous Pression »*, a caster with at least one foe in melee.
pub const MAGIC_ENGAGED: i64 = 8;

/// The melee weapons' priorities, *Allonge Longue* (4) to *Allonge Courte* (6): a foe
/// holding one engages the foe it attacks *au corps-à-corps*.
pub const MELEE_REACH: std::ops::RangeInclusive<i64> = 4..=6;

/// The priority of a combatant whose free priority is `priority`, engaged or not: a
/// shooter (1) acts at 7 and a caster (2) at 8 once engaged; every other priority is its
/// weapon's and stays.
pub fn priority_now(priority: i64, engaged: bool) -> i64 {
    match (priority, engaged) {
        (RANGED_FREE, true) => RANGED_ENGAGED,
        (MAGIC_FREE, true) => MAGIC_ENGAGED,
        _ => priority,
    }
}

/// Whether a foe of priority `foe_priority` attacking a combatant engages it: a melee
/// weapon (priorities 4 to 6) does; **\[choice\]** with `any_foe` (switch
/// `engaged_by_any_foe`) every foe attacking it does, the skirmish playing every attack
/// as one of melee.
pub fn engages(foe_priority: i64, any_foe: bool) -> bool {
    any_foe || MELEE_REACH.contains(&foe_priority)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text's table: a shooter 1 free, 7 engaged; a caster 2 free, 8 engaged; the
    /// sprint (3) and the melee weapons (4 to 6) keep theirs, and so do 7 and 8.
    #[test]
    fn a_shooter_and_a_caster_move_once_engaged() {
        assert_eq!(priority_now(1, false), 1);
        assert_eq!(priority_now(1, true), 7);
        assert_eq!(priority_now(2, false), 2);
        assert_eq!(priority_now(2, true), 8);
        for p in 3..=8 {
            assert_eq!(priority_now(p, true), p);
            assert_eq!(priority_now(p, false), p);
        }
    }

    /// A spear (4), a sword (5), a dagger (6) engage; a shooter or a caster does not,
    /// unless every foe attacking engages.
    #[test]
    fn only_a_melee_weapon_engages_by_default() {
        assert!(engages(4, false) && engages(5, false) && engages(6, false));
        for p in [1, 2, 3, 7, 8] {
            assert!(!engages(p, false));
            assert!(engages(p, true));
        }
    }
}
