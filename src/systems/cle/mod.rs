//! *Clé en main* (the rules as
//! alea implements them, switch by switch: `README.md` beside this file).
//!
//! Implemented from the seed: *Fiche 1* (hero points per number of PCs), *Fiche 2*
//! (tests de compétence, difficultés, opposition, coopération, modificateurs, compétences
//! proches, points d'héroïsme, 11 automatique), *Fiche 3* (ordre de jeu, attaquer & se
//! défendre, dégâts read off the red and white dice, protection, autres sources de dégâts:
//! chute, feu, asphyxie), *Fiche 4* (primes *Attaque meurtrière*, *Attaques multiples*,
//! *Efficacité*; pénalité *Blessure légère*; points de vitalité, *mal en point*, premiers
//! soins, guérison naturelle, difficultés des soins, poursuites), *Fiche 5* (weapon damage
//! classes, `6+` weapons) and *Fiche 6* (boss, seconds couteaux, figurants acting in
//! groups), hero points in fights (a failed test rolled again, a wound cancelled, an ally
//! taking it), primes paid with pénalités on every attack (Prudence, Danger, Risque), the
//! PCs' cooperative attacks ("l'union fait la force"), and the unconscious finished off or
//! given first aid during a fight, interrupting an attack, surprise and the attacks a
//! defender does not perceive. Not implemented: atouts, zone and multiple-target weapons.
//!
//! One reading runs through every mechanic: the seed's note on the automatic results lost
//! its die faces (printed as symbols); alea reads them as every die on 1 (automatic
//! failure) and three dice on 6 (automatic success), see [`roll`].
//!
//! Terms kept from the text:
//! - *dé rouge / dés blancs*: the red die and the two white dice of a 3d6 roll, which the
//!   damage is read off;
//! - *point d'héroïsme*: hero point; one buys a fourth die for a test;
//! - *mal en point*: "in a bad way", a character at 0 vitality;
//! - *danger de mort*: dying; *inconscient*: unconscious; *premiers soins*: first aid;
//! - *boss*, *second couteau* (henchman), *figurant* (extra): the three NPC tiers.

use crate::engine::roster::Kind;

pub mod attack;
pub mod cooperation;
pub mod damage;
pub mod exposure;
pub mod fall;
pub mod fight;
pub mod harm;
pub mod healing;
pub mod mal_en_point;
pub mod opposition;
pub mod pursuit;
pub mod roll;
pub mod tables;
pub mod test;
pub mod vitality;

crate::mechanics! {
    /// one 3d6 (or 4d6) + skill test against a difficulty, with the automatic triples
    TEST: test::TestParams => test::TestModel = ("cle.test", "skill=5");
    /// an opposition of two 3d6 (or 4d6) + skill rolls: ties to the higher skill, then the
    /// active side
    OPPOSITION: opposition::OppositionParams => opposition::OppositionModel
        = ("cle.opposition", "a.skill=5 b.skill=5");
    /// one attack, Combat against Défense, and its damage read off the attack dice
    ATTACK: attack::AttackParams => attack::AttackModel = ("cle.attack", "combat=5 defense=5");
    /// a group test: the best result, +1 per other result >= 15, -1 per other result < 10
    COOPERATION: cooperation::CooperationParams => cooperation::CooperationModel
        = ("cle.cooperation", "skill=5");
    /// a whole fight of 2..=5 PCs against a boss, seconds couteaux, figurants, or all at once
    FIGHT: fight::FightParams => fight::FightModel
        = ("cle.fight", "").with_rosters(crate::systems::builtin_rosters);
    /// a pursuit: open tests for progression, escape 10 ahead, stop oppositions
    PURSUIT: pursuit::PursuitParams => pursuit::PursuitModel
        = ("cle.pursuit", "fugitive=5 pursuer=5 pursuer_stop=5 fugitive_stop=5");
    /// a blow at 0 vitality: Résistance and Volonté against 5 + damage, death within 1d6
    /// rounds, first aid
    MAL_EN_POINT: mal_en_point::MalParams => mal_en_point::MalModel
        = ("cle.mal_en_point", "damage=6 resistance=5 volonte=5");
    /// a fall: 1d6 per full 3 m, Acrobatie tests cancel dice, mal en point at 0 vitality
    FALL: fall::FallParams => fall::FallModel
        = ("cle.fall", "height=9 acrobatics=4 resistance=5 volonte=5");
    /// rounds in a fire: 1d6, 2d6 or 3d6 a round, mal en point tests at 0 vitality
    FIRE: exposure::FireParams => exposure::ExposureModel = ("cle.fire", "resistance=5 volonte=5");
    /// rounds without air: breath held 10 rounds, Résistance tests, then 1d6 a round
    ASPHYXIA: exposure::AsphyxiaParams => exposure::ExposureModel
        = ("cle.asphyxia", "resistance=5 volonte=5");
    /// natural healing: Résistance per day of rest, plus a healer's Soins on a passed test
    HEALING: healing::HealingParams => healing::HealingModel = ("cle.healing", "resistance=5");
}

/// The kinds of entry of `cle` rosters: PC profiles (`pc.*` and `party` of `cle.fight`)
/// and foes (`foe.*` and `foes`).
pub fn roster_kinds() -> Vec<Kind> {
    vec![
        Kind::of::<fight::PcParams>("cle", "pc", "a PC profile (pc.* of cle.fight)"),
        Kind::of::<fight::FoeMember>(
            "cle",
            "foe",
            "a foe: tier, vitality and numbers by party size, profile (foe.* and foes of cle.fight)",
        ),
    ]
}

/// The exact distribution of `rule`, derived from its roll (for the tests).
#[cfg(test)]
pub(crate) fn exact_of<R: crate::engine::Roll>(rule: &R) -> crate::engine::Dist<R::Outcome> {
    rule.exact().expect("an exact distribution")
}

/// The steps of `cle` a house rule may replace with a script: the damage dice read off an
/// attack.
pub static STEPS: &[&crate::engine::StepSignature] = &[&damage::DAMAGE_DICE, &roll::TEST_TOTAL];

#[cfg(test)]
mod tests {
    #[test]
    fn the_rules_page_matches_the_mechanics() {
        crate::systems::test_support::assert_rules_page_matches("cle", include_str!("README.md"));
    }
}
