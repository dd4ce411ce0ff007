//! The `ose` bestiary and classes on the command line: monsters and characters by name in
//! every `ose` mechanic that takes one, hit dice such as `4+1`, the errors on unknown
//! names, and help examples taken from each mechanic's own system.

mod common;

use common::{alea, assert_user_error, exact, stdout};

#[test]
fn a_level_3_fighter_attacks_an_ogre() {
    // By hand: fighter3 has THAC0 19 and STR +1 (its roster entry); the ogre has AC 5
    // (the OSE SRD's). The roll needed is 19 - 5 = 14; d20 + 1 >= 14 hits on 13 to 20
    // (a natural 1 misses, a 20 hits): 8 faces of 20, 0.40.
    let hit = exact(&["ose.attack", "fighter=fighter3", "monster=ogre"], "hit");
    assert!((hit - 0.40).abs() < 1e-12, "{hit}");
    // The other way: the ogre's HD 4+1 reads the sheet's row "4+ à 5", THAC0 15; against
    // fighter3's AC 4 it needs 11: 10 faces, 0.50, as a 5-HD monster.
    let back = exact(
        &[
            "ose.attack",
            "fighter=fighter3",
            "monster=ogre",
            "attacker=monster",
        ],
        "hit",
    );
    assert!((back - 0.50).abs() < 1e-12, "{back}");
    let five = exact(&["ose.attack", "hd=5", "ac=4"], "hit");
    assert_eq!(back, five);
    assert_eq!(exact(&["ose.attack", "hd=4+1", "ac=4"], "hit"), five);
}

#[test]
fn a_party_against_six_goblins_runs() {
    let out = alea(&[
        "prob",
        "ose.encounter",
        "party=fighter3,cleric3",
        "monsters=goblin*6",
        "--samples",
        "20000",
        "--json",
    ]);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let dies = v["metrics"]["any_pc_dies"]["estimate"]
        .as_f64()
        .expect("any_pc_dies");
    assert!((0.0..=1.0).contains(&dies), "{dies}");
    assert_eq!(v["params"]["monsters"], "goblin*6");
}

#[test]
fn a_named_duel_is_the_duel_of_its_numbers() {
    let named = exact(
        &["ose.duel", "fighter=fighter3", "monster=ogre"],
        "fighter_wins",
    );
    let by_hand = exact(
        &[
            "ose.duel",
            "fighter.thac0=19",
            "fighter.ac=4",
            "fighter.hp=14",
            "fighter.damage=6",
            "fighter.str=1",
            "monster.hd=4+1",
            "monster.ac=5",
            "monster.damage=10",
        ],
        "fighter_wins",
    );
    assert_eq!(named, by_hand);
    // 4+1 HD: a hit point more than 4 HD and a better THAC0 (15, as 5 HD, against 16);
    // 5 HD: the same THAC0 and 5d8 hit points. The fighter wins less often against 4+1
    // than against 4, and more often than against 5.
    let against = |hd: &str| {
        let hd = format!("monster.hd={hd}");
        exact(
            &[
                "ose.duel",
                "fighter=fighter3",
                &hd,
                "monster.ac=5",
                "monster.damage=10",
            ],
            "fighter_wins",
        )
    };
    assert!(against("4") > named && named > against("5"), "{named}");
}

#[test]
fn an_unknown_name_is_one_clear_error_with_a_few_suggestions() {
    let text = assert_user_error(
        &alea(&[
            "prob",
            "ose.encounter",
            "party=fighter3",
            "monsters=gobln*6",
        ]),
        &[
            "no ose roster has 'gobln'",
            "did you mean 'goblin'",
            "and 18 more",
        ],
    );
    // A few names, the closest first, all monsters.
    let known = text
        .lines()
        .find(|l| l.contains("known names"))
        .unwrap_or_default();
    assert!(known.contains("known names: goblin,"), "{known}");
    assert!(!known.contains("fighter"), "{known}");
    assert_user_error(
        &alea(&["prob", "ose.attack", "fighter=fightr3", "monster=ogre"]),
        &["did you mean 'fighter3'"],
    );
    assert_user_error(
        &alea(&["prob", "ose.duel", "fighter=ogre"]),
        &["'ogre' is a monster"],
    );
}

#[test]
fn help_examples_come_from_the_mechanics_own_system() {
    for (mechanic, own) in [
        ("ose.duel", "like fighter1"),
        ("ose.encounter", "like goblin*2"),
        ("ose.attack", "like fighter1"),
        ("cle.fight", "like bretteur"),
    ] {
        let text = stdout(&alea(&["list", mechanic]));
        assert!(!text.contains("krom"), "{mechanic}: {text}");
        assert!(text.contains(own), "{mechanic}: {text}");
    }
    assert!(stdout(&alea(&["list", "aube.duel"])).contains("like krom"));
}

#[test]
fn alea_list_ose_names_the_bestiary_and_the_classes() {
    let text = stdout(&alea(&["list", "ose"]));
    for name in [
        "goblin",
        "kobold",
        "orc",
        "hobgoblin",
        "gnoll",
        "bugbear",
        "ogre",
        "troll",
        "skeleton",
        "zombie",
        "ghoul",
        "wolf",
        "giant-rat",
        "bandit",
        "berserker",
        "lizard-man",
        "fighter3",
        "cleric3",
        "thief3",
        "mu3",
    ] {
        assert!(text.contains(name), "{name}");
    }
    let roster = stdout(&alea(&["roster", "ose"]));
    assert!(
        roster.contains("hd=4+1 ac=5 damage=10 morale=10"),
        "{roster}"
    );
    assert!(roster.contains("OSE SRD"));
}
