//! The old-school reference sheet; the rules as alea implements them, each reading with its
//! switch: `README.md` beside this file.
//!
//! Seed sections implemented: *Matrice de valeurs d'attaque par le TAC0*, *Attaque*,
//! *Attaques à distance*, *Retraite*, *Attaques par derrière* ([`attack`]: `ose.attack`);
//! *Jets de sauvegarde* and *Jet de sauvegarde des monstres* ([`save`]: `ose.save`); *Test
//! de caractéristique* ([`check`]: `ose.check`); *Réaction des monstres*, *Recruter des
//! suivants* and their two tables ([`reaction`]: `ose.reaction`), the hireling's offers
//! over several tries ([`hiring`]: `ose.hiring`); *Moral* ([`morale`]:
//! `ose.morale`); *Donjons* and *Contrées sauvages* x-in-6 odds ([`exploration`]:
//! `ose.exploration`); *Surprise* and *Distance de rencontre* ([`surprise`]:
//! `ose.surprise`, `ose.distance`); *Chute* ([`fall`]: `ose.fall`); *Guérison naturelle* ([`healing`]: `ose.healing`);
//! *Initiative*, *Séquence du round de combat*, *Dégâts*
//! ([`duel`]: `ose.duel`); the whole *Séquence de la rencontre* fought out, a party
//! against a group of monsters with *Moral* ([`encounter`]: `ose.encounter`). The sheet's
//! tables are data in [`sheet`]; [`d20`] is the one-d20 rule and report of the attack,
//! the save and the check.
//!
//! Terms: THAC0 (*TAC0*), the d20 roll needed to hit armour class 0; AC (*CA*), armour
//! class, descending (lower is better); HD (*DV*), a monster's hit dice.

use crate::engine::roster::Kind;

pub mod attack;
pub mod check;
pub mod d20;
pub mod duel;
pub mod duel_exact;
pub mod duel_round;
pub mod encounter;
pub mod encounter_kit;
pub mod exploration;
pub mod fall;
pub mod healing;
pub mod hiring;
pub mod morale;
pub mod reaction;
pub mod rest;
pub mod save;
pub mod sheet;
pub mod steps;
pub mod surprise;
pub mod tables;

crate::mechanics! {
    /// one d20 attack roll against descending AC, by THAC0 or monster hit dice
    ATTACK: attack::AttackParams => attack::AttackModel
        = ("ose.attack", "hd=3 ac=5").with_rosters(crate::systems::builtin_rosters);
    /// a monster's saving throw, by hit dice and category (the sheet's table)
    SAVE: save::SaveParams => save::SaveModel
        = ("ose.save", "hd=3 category=death").with_rosters(crate::systems::builtin_rosters);
    /// an ability check: d20 + difficulty under the ability score
    CHECK: check::CheckParams => check::CheckModel = ("ose.check", "ability=12");
    /// a 2d6 reaction roll of monsters or of hirelings (the sheet's two tables)
    REACTION: reaction::ReactionParams => reaction::ReactionModel
        = ("ose.reaction", "").also_listed(&["table=hireling"]);
    /// monster morale: 2d6 above the score and they flee or surrender
    MORALE: morale::MoraleParams => morale::MoraleModel
        = ("ose.morale", "morale=7").with_rosters(crate::systems::builtin_rosters);
    /// x-in-6 checks over time: wandering monsters, getting lost by terrain, ...
    EXPLORATION: exploration::ExplorationParams => exploration::ExplorationModel
        = ("ose.exploration", "");
    /// surprise at an encounter: each side's d6, surprised on 1-2
    SURPRISE: surprise::SurpriseParams => surprise::SurpriseModel = ("ose.surprise", "");
    /// encounter distance: dungeon 2d6 x 3 m, outdoors 4d6 x 10 m or 1d4 x 10 m if surprised
    DISTANCE: surprise::DistanceParams => surprise::DistanceModel = ("ose.distance", "");
    /// a melee duel to the death, a fighter against a monster of given hit dice
    DUEL: duel::DuelParams => duel::DuelModel
        = ("ose.duel", "").with_rosters(crate::systems::builtin_rosters);
    /// a fall onto a hard surface: 1d6 per 3 m, and the chance it kills
    FALL: fall::FallParams => fall::FallModel = ("ose.fall", "metres=9");
    /// natural healing: days of complete rest at 1d3 hit points a day
    HEALING: healing::HealingParams => healing::HealingModel = ("ose.healing", "wounds=8");
    /// hiring over several offers: the chance to have a hireling within k offers
    HIRING: hiring::HiringParams => hiring::HiringModel = ("ose.hiring", "offers=3");
    /// a party against a group of monsters: surprise, initiative, morale, to the end
    ENCOUNTER: encounter::EncounterParams => encounter::EncounterModel
        = ("ose.encounter", "party=fighter1*2,cleric1 monsters=hd1*4")
        .primary("any_pc_dies").with_rosters(crate::systems::builtin_rosters);
}

/// The steps of `ose` a house rule may replace with a script: the d20 of every attack roll,
/// the damage die, the initiative die and the morale roll.
pub static STEPS: &[&crate::engine::StepSignature] = &[
    &attack::ATTACK_DIE,
    &steps::DAMAGE_DIE,
    &steps::INITIATIVE_DIE,
    &steps::MORALE_ROLL,
];

/// The kinds of entry of `ose` rosters: fighters (player characters: `fighter.*` of
/// `ose.duel`, the party of `ose.encounter`) and monsters (`monster.*`, the monsters).
pub fn roster_kinds() -> Vec<Kind> {
    vec![
        Kind::of::<encounter_kit::PartyMember>(
            "ose",
            "fighter",
            "a player character (fighter.* of ose.duel, party of ose.encounter)",
        ),
        Kind::of::<encounter::GroupMonster>(
            "ose",
            "monster",
            "a monster (monster.* of ose.duel, monsters of ose.encounter)",
        ),
    ]
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_rules_page_names_every_choice_and_switch() {
        crate::systems::test_support::assert_rules_page_matches("ose", include_str!("README.md"));
    }
}
