//! *L'Attente* in a group fight (seed section 5 "Actions"; the `sccs` page): "L'Attente
//! (Action Retardée) : Le personnage ne fait rien dans l'immédiat. Effet : Il peut déclarer
//! « J'interromps ! » à tout moment. Son action (Attaque ou Protection) se résout
//! immédiatement, avant ou pendant l'action de la cible." It is one of the three actions a
//! combatant chooses from each round (*Chaque personnage peut choisir UNE option*): at its
//! turn the combatant holds its action, and later declares « J'interromps ! »: its attack
//! resolves at once, before the action of the foe it strikes (*la cible*).
//!
//! A combatant of `sccs.skirmish` waits with an attack (its *Protection* is the
//! [`super::manoeuvre`]). **\[choice\]** When it waits is the player's (or the GM's)
//! decision, given per combatant by [`Attente`] (the roster's `attente`, default `never`).
//! **\[choice\]** Whose action it interrupts, [`AttenteTarget`] (switch `attente_target`):
//! the next foe to act, by default. **\[choice\]** Whether a held action outlives the
//! round (switch `attente_lapses`, default false: "à tout moment", it waits into the next
//! round).

crate::choice! {
    /// When a combatant takes *L'Attente* instead of attacking at its turn (the roster's
    /// `attente`).
    ///
    /// - `never`: it attacks at its turn (the fight without L'Attente).
    /// - `always`: at every turn it holds its action, and strikes by interrupting a foe's
    ///   action (« J'interromps ! »), just before that foe acts.
    #[derive(Hash, Default)]
    pub enum Attente {
        #[default]
        Never = "never",
        Always = "always",
    }
}

crate::choice! {
    /// Whose action a combatant holding its action interrupts (switch `attente_target`),
    /// *la cible* of "avant ou pendant l'action de la cible".
    ///
    /// - `next_foe`: the first foe to act after it holds, whom it strikes just before that
    ///   foe's action (the moment the held attack can come soonest).
    /// - `chosen`: the foe its side's targeting (`target_a`, `target_b`) picks when it
    ///   holds, whom it strikes just before that foe's next action; picked again at its
    ///   next turn if that foe falls first.
    pub enum AttenteTarget {
        NextFoe = "next_foe",
        Chosen = "chosen",
    }
}

/// A combatant holds no action (the slot of [`Waiting`]).
pub const NOT_WAITING: usize = usize::MAX;

/// A combatant holds an action for whichever foe acts next (`attente_target=next_foe`).
pub const ANY_FOE: usize = usize::MAX - 1;

/// What a combatant's held action waits for: [`NOT_WAITING`], [`ANY_FOE`], or the index of
/// the foe whose action it interrupts.
pub type Waiting = usize;

/// Whether a held action `waiting` fires at the turn of combatant `foe` (a foe of the
/// holder): it waits for any foe, or for that one.
#[inline]
pub fn fires_at(waiting: Waiting, foe: usize) -> bool {
    waiting == ANY_FOE || waiting == foe
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_action_fires_at_its_foe() {
        assert!(fires_at(ANY_FOE, 3));
        assert!(fires_at(3, 3));
        assert!(!fires_at(2, 3));
        assert!(!fires_at(NOT_WAITING, 3));
        assert_eq!(Attente::default(), Attente::Never);
    }
}
