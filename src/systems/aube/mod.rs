//! *Les Clefs de l'Aube* (seed `000_5eec64da5b83e293.txt`; `RULES.md`, section `aube`).
//!
//! Terms kept from the text:
//! - `ca`, *cible à atteindre*: the number to roll under on a d20;
//! - `nd`, *niveau de difficulté*: the degree a success must exceed;
//! - `°R` / `°É`, *degré de réussite / d'échec*; the program's `degree` is the signed
//!   degree, `°R` on a success and `-°É` on a failure;
//! - `th`, *total d'héroïsme*: each point adds 20 to the signed degree;
//! - *dé critique*: an extra die whose 1 adds an open-ended d20 to the degree.
//!
//! Modules: [`resolution`] (the test), [`damage`] (the damage step, Tableau 3.1),
//! [`wounds`] (wound track, fatigue, étourdi), [`fighter`] (a fighter and its state in a
//! fight), [`attack`] (the attack step, `aube.attack`), [`duel`], [`confrontation`],
//! [`multiple`], [`encaissement`] (`aube.damage`, `aube.depassement`), [`tir`] and
//! [`creation`].
//!
//! [`bout`] is one round of classic combat, shared by [`duel`], [`gauntlet`] (fights in
//! a row) and [`melee`] (side against side); [`duel_exact`] and [`exact_fight`] give
//! their exact values. The rules as alea
//! plays them, with every reading it chose and the switch to the other, are in
//! `src/systems/aube/README.md`.

pub mod attack;
pub mod bout;
pub mod confrontation;
pub mod creation;
pub mod creation_ca;
pub mod damage;
pub mod duel;
pub mod duel_end;
pub mod duel_exact;
pub mod encaissement;
pub mod exact_fight;
pub mod fighter;
pub mod gauntlet;
pub mod melee;
pub mod multiple;
pub mod resolution;
pub mod surclassement;
pub mod tables;
pub mod tir;
pub mod wounds;

/// The mechanics of this system, in the order `alea list` shows them.
pub static MECHANICS: &[&dyn crate::engine::Mechanic] = &[
    &resolution::TEST,
    &attack::ATTACK,
    &duel::DUEL,
    &gauntlet::GAUNTLET,
    &melee::MELEE,
    &confrontation::CONFRONTATION,
    &multiple::MULTIPLE,
    &encaissement::DAMAGE,
    &encaissement::DEPASSEMENT,
    &tir::TIR,
    &creation::CREATION,
    &surclassement::exchange::EXCHANGE,
    &surclassement::game::OPTIMAL,
    &surclassement::duel::DUEL,
];

/// The kinds of entry of `aube` rosters: fighters of classic combat.
pub fn roster_kinds() -> Vec<crate::engine::roster::Kind> {
    use crate::engine::Config;
    vec![crate::engine::roster::Kind {
        system: "aube",
        table: "fighter",
        doc: "a fighter of classic combat (a.* of aube.duel, sides of aube.melee)",
        specs: fighter::Fighter::specs(""),
    }]
}

#[cfg(test)]
mod tests {
    /// The rules page names only real switches, and every `[choice]` parameter.
    #[test]
    fn rules_page_matches_the_mechanics() {
        crate::systems::test_support::assert_rules_page_matches("aube", include_str!("README.md"));
    }
}
