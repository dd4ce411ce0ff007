//! A caster who casts and dodges in one round of `aube.magic_duel` (a child of
//! `magic_duel.rs`; seed chapter 2, "les actions multiples", Ex. 2.9): with
//! `spell_dodge=esquive` each caster casts his spell and dodges the other's, two actions
//! in the round, and switch `dodge_actions` gives them the handicaps of
//! [`super::super::multiple`] ("L'action la plus importante subira un handicap égal au
//! nombre d'actions simultanées, et les suivantes subiront un handicap cumulatif de 3
//! points supplémentaires"; an unplanned one "une pénalité de -5 par action
//! supplémentaire, ajoutée à la dernière pénalité").
//!
//! The handicap of the cast lowers the spell's CA; the handicap of the dodge lowers the
//! esquive, a CA too ("son CA en Évitement [...] moins 10"), so the ND of the other's
//! spell. **\[choice\]** The plan is the duel's: every round each caster casts and dodges,
//! so both handicaps hold for the whole duel, a spent caster who only waits keeping his
//! dodge's.

use super::super::multiple::{handicap, handicaps};
use super::super::tables::MultipleTable;

crate::choice! {
    /// The handicaps of a caster who both casts and dodges in a round of
    /// `aube.magic_duel` (switch `dodge_actions`, with `spell_dodge=esquive`).
    ///
    /// - `free`: no handicap, the cast and the dodge each a lone action (the default: the
    ///   duel as before).
    /// - `cast_first`: two planned actions, the cast the more important: the spell's CA
    ///   −2, the esquive −5 (Ex. 2.9's 2 then 2 + 3).
    /// - `dodge_first`: two planned actions, the dodge the more important: the esquive
    ///   −2, the spell −5.
    /// - `unplanned`: the cast the one planned action, the dodge an unplanned one, as
    ///   Mireille's ("elle doit en plus éviter un tir ennemi, cette action imprévue"): the
    ///   spell none (a lone action is no multiple action, as in the fights' `actions`),
    ///   the esquive −5.
    pub enum DodgeActions {
        Free = "free",
        CastFirst = "cast_first",
        DodgeFirst = "dodge_first",
        Unplanned = "unplanned",
    }
}

/// The handicaps `(cast, dodge)` of a caster who casts and dodges under `plan`, with the
/// steps of `steps` (the `[multiple]` table).
pub fn cast_and_dodge(plan: DodgeActions, steps: &MultipleTable) -> (i64, i64) {
    match plan {
        DodgeActions::Free => (0, 0),
        DodgeActions::CastFirst => (handicap(2, 1, steps, true), handicap(2, 2, steps, true)),
        DodgeActions::DodgeFirst => (handicap(2, 2, steps, true), handicap(2, 1, steps, true)),
        DodgeActions::Unplanned => {
            let h = handicaps(1, 1, steps, true);
            (h[0], h[1])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::aube::tables::AubeTables;

    /// Ex. 2.9 with two actions: the more important 2 (the number of actions), the other
    /// 2 + 3 = 5; the cast alone planned: 0 (a lone action), the dodge unplanned 0 + 5.
    #[test]
    fn the_handicaps_of_ex_2_9() {
        let steps = &AubeTables::OFFICIAL.multiple;
        assert_eq!(cast_and_dodge(DodgeActions::Free, steps), (0, 0));
        assert_eq!(cast_and_dodge(DodgeActions::CastFirst, steps), (2, 5));
        assert_eq!(cast_and_dodge(DodgeActions::DodgeFirst, steps), (5, 2));
        assert_eq!(cast_and_dodge(DodgeActions::Unplanned, steps), (0, 5));
    }
}
