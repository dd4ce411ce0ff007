//! The rest penalty (seed: *Repos*, under the dungeon's turn, "Fréquence des repos : un
//! tour toutes les heures. Pénalités: –1 à l'attaque et aux dégâts", and outdoors "un jour
//! tous les 6 jours", the same penalties; the `ose` page → *The rest penalty*): the switch
//! `unrested` of `ose.duel` and `ose.encounter`.
//!
//! A character who did not rest takes −1 to its attack rolls and −1 to its damage rolls
//! (damage still at least 1). It is worked out once, into the hit tables and the damage
//! bonus of the blows, so a roll costs nothing more. **\[choice\]** It is the party's: the
//! players' characters keep the rests (the monsters live where they are met); the fighter
//! of `ose.duel`, every PC of `ose.encounter`, with melee and missile weapons alike.
//! **\[choice\]** A spell rolls no attack and the sheet's line names the attack and its
//! damage, so a spell's damage keeps its figure; switch `unrested_spells` (of
//! `ose.encounter`) takes the −1 off it too.

/// The penalty of the sheet: −1 to the attack and to the damage.
pub const REST_PENALTY: i64 = 1;

/// What a character's attack and damage rolls lose: [`REST_PENALTY`] when it did not
/// rest (`unrested`), else nothing.
#[inline]
pub const fn penalty(unrested: bool) -> i64 {
    if unrested { REST_PENALTY } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fight_outcome::FightModel;
    use crate::engine::{Model, enumerate};
    use crate::systems::ose::duel::DuelEnd;
    use crate::systems::ose::encounter::{EncounterModel, End};
    use crate::systems::ose::{DUEL, ENCOUNTER};
    use crate::systems::test_support::{assert_rejected, expect_model};

    #[test]
    fn minus_one_without_rest() {
        assert_eq!((penalty(true), penalty(false)), (1, 0));
    }

    /// The fighter's first round against a monster of 2 HP it cannot lose (7 HP against a
    /// d6): THAC0 19 against AC 7 needs 12 (9 in 20) and a d6 kills on 2 or more (5/6):
    /// 0.375. Unrested: 13 (8 in 20) and a d6 - 1 on 3 or more (4/6): 4/15.
    #[test]
    fn the_duel_loses_one_to_hit_and_one_to_damage() {
        let first_round = |extra: &str| {
            let words = format!("fighter.hp=7 max_rounds=1 {extra}");
            let model = expect_model(&DUEL, &words);
            model
                .exact()
                .expect("exact")
                .p_where(|o| o.end == DuelEnd::FIGHTER)
        };
        assert!((first_round("monster.hp=2") - 0.375).abs() < 1e-12);
        let unrested = first_round("monster.hp=2 unrested=true");
        assert!((unrested - 4.0 / 15.0).abs() < 1e-12);
        // Damage stays at least 1: STR -3 and the penalty, against 1 HP, kill on any hit
        // (needs 12 + 4 = 16: 5 in 20).
        let weak = first_round("unrested=true fighter.str=-3 monster.hp=1");
        assert!((weak - 0.25).abs() < 1e-12);
    }

    /// The encounter, enumerated from its own sampling: a level-1 fighter (STR +1)
    /// shooting an HD-1 monster (AC 7, d8 HP) at medium range in one round of approach
    /// hits on 12 (no STR on a missile; 9 in 20) and kills with a d6 at least its HP
    /// (21/48): 0.196875; unrested, on 13 (8 in 20) with a d6 - 1, at least 1 (16/48):
    /// 2/15. In melee (one against one, the duel's exact values), STR +1 - 1.
    #[test]
    fn the_encounter_loses_one_on_missiles_and_melee() {
        // Ties simultaneous: no reroll, so every die of the round can be enumerated.
        let quiet = "party=fighter1 monsters=hd1 party_surprise=0 monsters_surprise=0";
        let shot = |extra: &str| {
            let m: EncounterModel = expect_model(
                &ENCOUNTER,
                &format!("{quiet} approach=1 max_rounds=1 ties=simultaneous {extra}"),
            );
            let d = enumerate(|dice| FightModel::sample(&m, dice)).expect("exact");
            d.p_where(|o| o.end == End::Party)
        };
        assert!((shot("") - 0.196875).abs() < 1e-12);
        assert!((shot("unrested=true") - 2.0 / 15.0).abs() < 1e-12);
        // In melee the encounter is the duel, rest penalty and all.
        let melee: EncounterModel = expect_model(&ENCOUNTER, &format!("{quiet} unrested=true"));
        let duel = melee.as_duel().expect("a duel");
        let rested = expect_model(&DUEL, "fighter=fighter1 monster=hd1 unrested=true");
        assert_eq!(duel.duel(), rested.duel());
        let str0 = expect_model(&DUEL, "fighter=fighter1 monster=hd1 fighter.str=0");
        assert_eq!(duel.duel(), str0.duel());
    }

    #[test]
    fn spells_keep_their_damage_unless_asked() {
        assert_rejected(&ENCOUNTER, &["party=mu1 monsters=hd1 unrested_spells=true"]);
        let spell = |extra: &str| {
            let m: EncounterModel = expect_model(
                &ENCOUNTER,
                &format!(
                    "party=mu1 monsters=hd1 party_surprise=0 monsters_surprise=0 cast=true \
                     interrupt=false max_rounds=1 ties=simultaneous {extra}"
                ),
            );
            let d = enumerate(|dice| FightModel::sample(&m, dice)).expect("exact");
            d.p_where(|o| o.end == End::Party)
        };
        // The magic missile (1d6 + 1) kills a d8 with 0.5625, unrested or not; with
        // unrested_spells 1d6 with 21/48 = 0.4375. Only the caster's death stops it.
        let (plain, unrested) = (spell(""), spell("unrested=true"));
        assert!((plain - unrested).abs() < 1e-12, "{plain} {unrested}");
        let spent = spell("unrested=true unrested_spells=true");
        assert!(
            (spent / plain - 0.4375 / 0.5625).abs() < 1e-9,
            "{spent} {plain}"
        );
    }
}
