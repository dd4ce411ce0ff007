//! The rest penalty of the `ose` sheet ("Repos ... Pénalités: –1 à l'attaque et aux
//! dégâts", issue 29) as a user asks it: `unrested` of `ose.duel` and `ose.encounter`,
//! its exact values worked from the sheet by hand.

mod common;

use common::{alea, assert_user_error, exact};

#[test]
fn an_unrested_fighter_loses_one_to_hit_and_to_damage() {
    // A first round against 2 HP: 9/20 x 5/6 rested, 8/20 x 4/6 unrested.
    let words = ["ose.duel", "fighter.hp=7", "monster.hp=2", "max_rounds=1"];
    assert!((exact(&words, "fighter_wins") - 0.375).abs() < 1e-12);
    let unrested = [&words[..], &["unrested=true"]].concat();
    assert!((exact(&unrested, "fighter_wins") - 4.0 / 15.0).abs() < 1e-12);
}

#[test]
fn an_unrested_party_in_an_encounter() {
    // One against one in melee, the encounter takes the duel's exact values, penalty and
    // all: fighter1 (STR +1) unrested fights as with STR 0.
    let quiet = [
        "ose.encounter",
        "party=fighter1",
        "monsters=orc",
        "party_surprise=0",
        "monsters_surprise=0",
    ];
    let unrested = exact(&[&quiet[..], &["unrested=true"]].concat(), "party_wins");
    let str0 = exact(
        &[
            "ose.duel",
            "fighter=fighter1",
            "monster=orc",
            "fighter.str=0",
        ],
        "fighter_wins",
    );
    assert!((unrested - str0).abs() < 1e-12, "{unrested} {str0}");
    let rested = exact(&quiet, "party_wins");
    assert!(rested > unrested + 0.05, "{rested} {unrested}");
    assert_user_error(
        &alea(&[
            "prob",
            "ose.encounter",
            "party=mu1",
            "monsters=orc",
            "unrested_spells=true",
        ]),
        &["unrested_spells", "unrested=true"],
    );
}
