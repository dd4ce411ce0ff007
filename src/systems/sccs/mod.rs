//! *SCCS*. The rules as alea
//! implements them, each \[choice\] with its switch: `README.md` beside this file.
//!
//! Seed sections implemented: 3 "Le Moteur de Résolution" (the comparison, *l'Incantation
//! Libre* and its three modes, *Résultats de la Comparaison* cases A, B and C, *la Loi du
//! Surnombre* with the sacrifice of the armour and the second rank, *l'Avantage Tactique*,
//! *Attaques Étendues et Multiples*), 4 "Déroulement d'un combat" (the initiative
//! priorities, in the group fight `sccs.skirmish`), 5 "Actions" (*la Manœuvre Défensive*,
//! in `sccs.melee` and turn by turn in `sccs.skirmish`; *L'Attaque* with a short weapon in
//! each hand; *L'Attente*, « J'interromps ! », in `sccs.skirmish`) and 6 "Règles spécifiques à la magie" (*Maintien d'un sort sur la durée*,
//! *Cercle Rituel*, in `sccs.spell`, with *La Rupture* by a *Saisie* and the circle's relays
//! and leader, and the circle keeping the spell once cast; *La Magie de Restauration*, a
//! healer in `sccs.skirmish`, `sccs.melee` and the circle of `sccs.spell`).
//! Exploration (section 7) has no randomness worth simulating beyond the tension test; its
//! talent test is played for disengaging with *Acrobatie* (section 4) in `sccs.skirmish`.
//!
//! There is no damage roll: the only die is the D6 of the tension test, so every mechanic
//! here answers *how long* (exchanges, rounds, turns).
//!
//! Terms kept from the text:
//! - `type`: the attack's mode of execution (direct, circulaire, saisie) and its score;
//! - `cible`: the zone aimed at (tête, tronc, membres) and its score; the attack score is
//!   `A = type + cible`;
//! - `défense` (`defense`): parry and dodge against one type of attack;
//! - `résistance` (`resistance`): the toughness of one zone (armour or constitution); the
//!   protection is `P = défense + résistance`;
//! - *supériorité* (`A > P`, impact), *infériorité* (`A < P`, countered), *égalité*
//!   (`A == P`, the *test de tension*);
//! - *compteur de tension* (tension counter): the D6 rolled on a tie, counting down the
//!   exchanges of *persévérance* until the impact;
//! - *érosion*: the loss of protection of a defender attacked several times in a round;
//! - *durabilité* (`durability`): the points of an armour, spent when it absorbs an attack
//!   that erosion would have let through;
//! - *mode focalisé / général / intuitif*: the three ways of casting (type + cible, type
//!   only, cible only);
//! - *avantage tactique*: +1 from a favourable situation;
//! - *contrecoup*, *malus de maintien*: the −1 to every statistic while a spell is kept;
//! - *rupture*: a kept spell broken by an impact; *cercle rituel*: several casters casting
//!   one spell.

use crate::engine::roster::Kind;

pub mod attente;
pub mod d6_order;
pub mod disengage;
pub mod engagement;
pub mod exchange;
pub mod exchange_margin;
pub mod fighter;
pub mod manoeuvre;
pub mod melee;
pub mod melee_fight;
pub mod resolution;
pub mod restoration;
pub mod skirmish;
pub mod spell;
pub mod tables;
pub mod tension;
pub mod tension_die;

crate::mechanics! {
    /// one exchange: impact, countered or tie, and the exchanges until impact of a persevering
    /// attacker
    EXCHANGE: exchange::ExchangeParams => exchange::ExchangeModel = ("sccs.exchange", "");
    /// exchanges until impact after a tie, persevering or changing type/cible every few
    /// exchanges
    TENSION: tension::TensionParams => tension::TensionModel = ("sccs.tension", "");
    /// one defender against 1 to 4 engaged attackers: rounds until the first impact and until
    /// the defender is out, armour worn down by erosion
    MELEE: melee::MeleeParams => melee::MeleeModel = ("sccs.melee", "attackers=[5,5,6,4]");
    /// a group fight, side against side in the order of initiative priorities, impacts until
    /// out: winner, survivors
    SKIRMISH: skirmish::SkirmishParams => skirmish::SkirmishModel
        = ("sccs.skirmish", "side_a=knight,soldier side_b=militia*3")
        .with_rosters(crate::systems::builtin_rosters);
    /// spell upkeep: turns a spell is held before an impact under the malus breaks it; ritual
    /// circle casting
    SPELL: spell::SpellParams => spell::SpellModel = ("sccs.spell", "");
}

/// The kinds of entry of `sccs` rosters: combatants (the sides of `sccs.skirmish`).
pub fn roster_kinds() -> Vec<Kind> {
    vec![Kind::of::<fighter::Fighter>(
        "sccs",
        "fighter",
        "a combatant (sides of sccs.skirmish)",
    )]
}

/// The steps of `sccs` a house rule may replace with a script: the tension die.
pub static STEPS: &[&crate::engine::StepSignature] =
    &[&tension_die::TENSION_DIE, &exchange_margin::EXCHANGE_MARGIN];

#[cfg(test)]
mod tests {
    #[test]
    fn rules_page_matches_the_mechanics() {
        crate::systems::test_support::assert_rules_page_matches("sccs", include_str!("README.md"));
    }
}
