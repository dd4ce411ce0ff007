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
    &resolution::TestMechanic,
    &attack::AttackMechanic,
    &duel::DuelMechanic,
    &confrontation::ConfrontationMechanic,
    &multiple::MultipleMechanic,
    &encaissement::DamageMechanic,
    &encaissement::DepassementMechanic,
    &tir::TirMechanic,
    &creation::CreationMechanic,
    &surclassement::exchange::EXCHANGE,
    &surclassement::game::OPTIMAL,
    &surclassement::duel::DUEL,
];

#[cfg(test)]
mod tests {
    use crate::query::Query;

    /// Every metric and histogram an `aube` mechanic reports is documented for `alea list`.
    #[test]
    fn every_metric_is_documented() {
        let fighter = |p: &str| {
            ["ca=12", "ba=0", "bp=0", "bd=15", "enc=12", "be=3"].map(|f| format!("{p}.{f}"))
        };
        let cases: Vec<(&str, Vec<String>)> = vec![
            ("aube.test", vec!["ca=12".into()]),
            (
                "aube.confrontation",
                vec!["a.ca=12".into(), "b.ca=10".into()],
            ),
            ("aube.multiple", vec!["ca=15".into(), "n=3".into()]),
            ("aube.damage", vec!["dom=20".into(), "enc=12".into()]),
            (
                "aube.depassement",
                ["ca=17", "diff=8", "eff=15", "enc=14"]
                    .map(String::from)
                    .to_vec(),
            ),
            (
                "aube.attack",
                super::attack::EXAMPLE_WORDS.map(String::from).to_vec(),
            ),
            ("aube.duel", [fighter("a"), fighter("b")].concat()),
            (
                "aube.tir",
                ["ca=12", "bd=10", "enc=12"].map(String::from).to_vec(),
            ),
            ("aube.creation", vec![]),
        ];
        for (name, words) in cases {
            let q = Query::parse(name, &words).unwrap_or_else(|e| panic!("{name}: {e}"));
            let doc = q.mechanic.metrics_doc();
            let layout = q.simulation.layout();
            let names = layout
                .metrics
                .iter()
                .map(|m| m.name.as_str())
                .chain(layout.histograms.iter().map(|h| h.name.as_str()));
            for n in names {
                let documented = doc.iter().any(|(d, _)| {
                    *d == n
                        || (d.starts_with("action_") && n.starts_with("action_"))
                        || (*d == "none .. fatale"
                            && [
                                "none", "etourdi", "sonne", "legere", "grave", "critique", "fatale",
                            ]
                            .contains(&n))
                });
                assert!(documented, "{name}: '{n}' is not in metrics_doc");
            }
        }
    }
}
