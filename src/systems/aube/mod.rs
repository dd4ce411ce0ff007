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

pub mod attack;
pub mod confrontation;
pub mod creation;
pub mod damage;
pub mod duel;
pub mod duel_end;
pub mod encaissement;
pub mod fighter;
pub mod multiple;
pub mod resolution;
pub mod surclassement;
pub mod tir;
pub mod wounds;

/// The mechanics of this system, in the order `alea list` shows them.
pub static MECHANICS: &[&dyn crate::engine::Mechanic] = &[
    &resolution::TEST,
    &attack::ATTACK,
    &duel::DUEL,
    &confrontation::CONFRONTATION,
    &multiple::MULTIPLE,
    &encaissement::DAMAGE,
    &encaissement::DEPASSEMENT,
    &tir::TIR,
    &creation::CREATION,
    &surclassement::exchange::ExchangeMechanic,
    &surclassement::game::OptimalMechanic,
    &surclassement::duel::DuelMechanic,
];

#[cfg(test)]
mod tests {
    use super::MECHANICS;
    use crate::systems::test_support::build_with;

    /// Every metric and histogram an `aube` mechanic reports is documented for `alea list`,
    /// and each mechanic's example (the parameters it requires) builds it.
    #[test]
    fn every_metric_is_documented() {
        // TRANSITION: the surclassement mechanics join once they declare their metrics.
        let converted = MECHANICS
            .iter()
            .filter(|m| !m.name().starts_with("aube.surclassement"));
        for m in converted {
            let name = m.name();
            let words: Vec<&str> = m.example().split_whitespace().collect();
            let sim = build_with(*m, &words).unwrap_or_else(|e| panic!("{name}: {e}"));
            let layout = sim.layout();
            assert!(!layout.metrics.is_empty(), "{name}: no metric");
            for metric in &layout.metrics {
                assert!(
                    !metric.doc.is_empty(),
                    "{name}: '{}' has no doc",
                    metric.name
                );
            }
            for hist in &layout.histograms {
                assert!(!hist.doc.is_empty(), "{name}: '{}' has no doc", hist.name);
            }
            let docs = m.metric_docs();
            assert_eq!(docs, layout.docs(), "{name}");
        }
    }
}
