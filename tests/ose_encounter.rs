//! `ose.encounter` run as a user runs it (issue 28): monsters of morale 2 do not fight
//! unless cornered, and a house rules file changes the fight it rolls.

mod common;

use common::*;

/// The sheet: "Score de 2 : ne combat jamais (sauf acculé)". A level-1 fighter against
/// three HD-1 monsters of morale 2 (a roster of the user's): no PC dies and the party holds
/// the field; `cornered=true` they fight, and kill him about half the time.
#[test]
fn monsters_of_morale_two_fight_only_when_cornered() {
    let dir = temp_dir("ose-encounter-morale");
    let roster = write_file(
        &dir,
        "cowards.toml",
        "system = \"ose\"\n[[monster]]\nname = \"coward\"\nabout = \"a 1-HD monster of morale 2\"\n\
         hd = \"1\"\nac = 7\ndamage = 6\nmorale = 2\n",
    );
    let words = ["ose.encounter", "party=fighter1", "monsters=coward*3"];
    let extra = ["--samples", "20000", "--roster", roster.as_str()];
    let fled = answer(&words, &extra);
    assert_eq!(estimate(&fled, "any_pc_dies").0, 0.0, "{fled}");
    assert_eq!(estimate(&fled, "monsters_win").0, 0.0, "{fled}");
    assert_eq!(estimate(&fled, "party_wins").0, 1.0, "{fled}");
    let mut cornered = words.to_vec();
    cornered.push("cornered=true");
    let fought = answer(&cornered, &extra);
    let (_, low, _) = estimate(&fought, "any_pc_dies");
    assert!(low > 0.4, "{fought}");
}

/// A house THAC0 matrix two points better for every monster row: the party wins less
/// (the intervals apart), and one against one the encounter is `ose.duel` under the same
/// tables, exactly.
#[test]
fn a_house_thac0_matrix_changes_the_encounter() {
    let dir = temp_dir("ose-encounter-rules");
    let house = write_file(
        &dir,
        "house.toml",
        "system = \"ose\"\n[thac0]\nby_hd = [17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3]\n",
    );
    let group = [
        "ose.encounter",
        "party=fighter1*2,cleric1,thief1",
        "monsters=hd1*3",
        "--samples",
        "20000",
    ];
    let official = estimate(&answer(&group, &[]), "party_wins");
    let edited = estimate(&answer(&group, &["--rules", &house]), "party_wins");
    assert!(edited.2 < official.1, "{edited:?} against {official:?}");
    let exact = |words: &[&str], metric: &str| {
        let v = answer(words, &["--exact", "--rules", &house]);
        v["metrics"][metric]["exact"]
            .as_f64()
            .unwrap_or_else(|| panic!("{metric}: {v}"))
    };
    let encounter = exact(
        &[
            "ose.encounter",
            "party=fighter1",
            "monsters=hd1",
            "party_surprise=0",
            "monsters_surprise=0",
        ],
        "party_wins",
    );
    let duel = exact(
        &["ose.duel", "fighter=fighter1", "monster=hd1"],
        "fighter_wins",
    );
    assert!(
        (encounter - duel).abs() < 1e-12,
        "{encounter} against {duel}"
    );
    // Official tables: 0.7379 (the duel's); the house matrix: 0.6612.
    assert!((encounter - 0.661).abs() < 1e-3, "{encounter}");
}
