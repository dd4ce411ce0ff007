//! *Clé en main* (seed `001_370c2574190e0d73.txt`; `RULES.md`, section `cle`; the rules as
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
//! groups). Not implemented: atouts, interruptions, surprise, the other primes and
//! pénalités (Prudence, Danger, Risque) beyond plain modifiers.
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

/// The mechanics of this system, in the order `alea list` shows them.
pub static MECHANICS: &[&dyn crate::engine::Mechanic] = &[
    &test::TEST,
    &opposition::OPPOSITION,
    &attack::ATTACK,
    &cooperation::COOPERATION,
    &fight::FIGHT,
    &pursuit::PURSUIT,
    &mal_en_point::MAL_EN_POINT,
    &fall::FALL,
    &exposure::FIRE,
    &exposure::ASPHYXIA,
    &healing::HEALING,
];

/// The kinds of entry of `cle` rosters: PC profiles (`pc.*` and `party` of `cle.fight`)
/// and foes (`foe.*` and `foes`).
pub fn roster_kinds() -> Vec<crate::engine::roster::Kind> {
    use crate::engine::Config;
    vec![
        crate::engine::roster::Kind {
            system: "cle",
            table: "pc",
            doc: "a PC profile (pc.* of cle.fight)",
            specs: fight::PcParams::specs(""),
        },
        crate::engine::roster::Kind {
            system: "cle",
            table: "foe",
            doc: "a foe: tier, vitality and numbers by party size, profile (foe.* and foes of cle.fight)",
            specs: fight::FoeMember::specs(""),
        },
    ]
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_rules_page_matches_the_mechanics() {
        crate::systems::test_support::assert_rules_page_matches("cle", include_str!("README.md"));
    }
}
