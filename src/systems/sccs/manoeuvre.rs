//! *La Manœuvre Défensive* in a group fight (seed section 5 "Actions"; the `sccs` page):
//! "Le personnage se concentre exclusivement sur sa protection. Effet : Il choisit un type
//! de Défense. Il gagne un bonus temporaire de +1 dans cette caractéristique défensive
//! jusqu'au début de son prochain tour." It is one of the three actions a combatant
//! chooses from each round (*Chaque personnage peut choisir UNE option*): taking it, the
//! combatant does not attack.
//!
//! A combatant of `sccs.skirmish` defends against one type (its `defense` is against the
//! type its foes use), so the +1 goes on that défense: its protection is 1 higher for the
//! attacks it receives while the bonus lasts.
//!
//! **\[choice\]** When a combatant takes it is the player's (or the GM's) decision, given
//! per combatant by [`Manoeuvre`] (the roster's `manoeuvre`, default `never`).
//! **\[choice\]** How long the bonus lasts, [`ManoeuvreLasts`] (switch `manoeuvre_lasts`):
//! the text's *tour* is read as the combatant's own turn by default.

crate::choice! {
    /// When a combatant takes the *manœuvre défensive* instead of attacking (the roster's
    /// `manoeuvre`).
    ///
    /// - `never`: it always attacks (the fight without the manœuvre).
    /// - `always`: it takes the manœuvre at every turn and never attacks (holding while its
    ///   side does the fighting).
    /// - `outnumbered`: it takes the manœuvre at its turn while the foes standing outnumber
    ///   its own side standing (itself included), and attacks otherwise.
    #[derive(Hash, Default)]
    pub enum Manoeuvre {
        #[default]
        Never = "never",
        Always = "always",
        Outnumbered = "outnumbered",
    }
}

crate::choice! {
    /// How long the +1 of a *manœuvre défensive* lasts (switch `manoeuvre_lasts`):
    /// "jusqu'au début de son prochain tour".
    ///
    /// - `next_turn`: until the start of the combatant's own next turn (its next action),
    ///   so across the end of the round: the attacks of the next round made before it acts
    ///   meet it too.
    /// - `round`: until the end of the round (*tour* read as the round of combat, *un tour
    ///   de combat*): only the attacks made after it acts in the same round meet it.
    pub enum ManoeuvreLasts {
        NextTurn = "next_turn",
        Round = "round",
    }
}

/// The protection a *manœuvre défensive* adds: +1 to the défense chosen (the text).
pub const MANOEUVRE_BONUS: i64 = 1;

impl Manoeuvre {
    /// Whether a combatant of this policy takes the manœuvre at its turn, with `foes` foes
    /// and `allies` of its own side (itself included) standing.
    #[inline]
    pub fn takes(self, foes: u8, allies: u8) -> bool {
        match self {
            Manoeuvre::Never => false,
            Manoeuvre::Always => true,
            Manoeuvre::Outnumbered => foes > allies,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_policy_decides_at_the_turn() {
        assert!(!Manoeuvre::Never.takes(4, 1));
        assert!(Manoeuvre::Always.takes(1, 2));
        // Two against three: outnumbered; two against two: not.
        assert!(Manoeuvre::Outnumbered.takes(3, 2));
        assert!(!Manoeuvre::Outnumbered.takes(2, 2));
        assert!(!Manoeuvre::Outnumbered.takes(1, 1));
        assert_eq!(Manoeuvre::default(), Manoeuvre::Never);
    }
}
