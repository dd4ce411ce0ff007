//! *Score de Maîtrise*.
//! The rules as alea implements them, each reading with its switch: `README.md` beside
//! this file.
//!
//! Seed sections implemented: *Règle de base*, *Boni et Mali* (the shipwreck series),
//! *Jets Critiques*, *La Chance du Débutant* and *Règles spécifiques aux Scores de Maîtrise
//! extrêmes* ([`score`]: how the score is made up; [`resolution`]: `maitrise.test`;
//! [`series`]: `maitrise.series`), and the d100 variant of *Règle de base* ([`d100`]).
//!
//! Terms kept from the text:
//! - *Score de Maîtrise* (`sm`): skill level (*Niveau de Compétence*) plus characteristic
//!   (*Caractéristique*), plus a speciality (*Spécialité*) when it applies, plus the
//!   boni and mali (`bonus`, `malus`, or one net `modifiers`); roll it or less on a d20;
//! - *Réussite / Échec Critique*: critical success (a success on 1 or 11) and critical
//!   failure (a failure on 10 or 20);
//! - *Chance du Débutant*: a skill of 0 gives an automatic −5, but on the very first use
//!   of that skill no other malus applies (the boni still do).

pub mod d100;
pub mod resolution;
pub mod score;
pub mod series;
pub mod tables;

crate::mechanics! {
    /// one d20 roll under a Score de Maîtrise: critical success, success, failure, critical
    /// failure
    TEST: resolution::TestParams => resolution::TestModel = ("maitrise.test", "sm=12");
    /// n rolls under the same Score de Maîtrise that must all succeed (the shipwreck)
    SERIES: series::SeriesParams => series::SeriesModel = ("maitrise.series", "sm=12 n=3");
}

/// The steps of `maitrise` a house rule may replace with a script: the d20 of every roll.
pub static STEPS: &[&crate::engine::StepSignature] = &[&resolution::ROLL_DIE];

#[cfg(test)]
mod tests {
    #[test]
    fn the_rules_page_names_every_choice_and_switch() {
        crate::systems::test_support::assert_rules_page_matches(
            "maitrise",
            include_str!("README.md"),
        );
    }
}
