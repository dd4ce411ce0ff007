//! Unit tests of *La Magie de Restauration* in `sccs.melee` (switch `healer`): fights
//! worked by hand from the text, no die rolled, each exact distribution a single outcome;
//! `restoration_first` changing who is out; the exact fight against Monte Carlo.

use super::*;
use crate::engine::Roll;
use crate::systems::sccs::MELEE;
use crate::systems::test_support::{assert_mechanic_agrees, build_with, error_text, expect_model};

/// The one outcome of the fight of `words` (no die is rolled in these fights).
fn surely(words: &str) -> MeleeOutcome {
    let rule = expect_model(&MELEE, words).rule;
    let d = rule.exact().expect("an exact fight");
    let (o, p) = d.iter().next().expect("an outcome");
    assert!((p - 1.0).abs() < 1e-12, "{words}: {o:?} with {p}");
    *o
}

fn outcome(
    round: u32,
    (durability_spent, durability_left): (u32, u32),
    (round_out, exchanges_out): (u32, u32),
    impacts: u32,
) -> MeleeOutcome {
    MeleeOutcome {
        round,
        durability_spent,
        durability_left,
        round_out,
        exchanges_out,
        impacts,
    }
}

/// One attacker at 7 against défense 3 + résistance 3 = 6, no armour, two impacts to put
/// the defender out, each impact −1 to the protection. Without a healer: round 1, 7 > 6,
/// an impact; round 2, 7 > 6 − 1 = 5, the second: out in round 2, after 2 attacks. An
/// ally (priority 2, before the attack) removes the −1 at the start of every round from
/// round 2: the protection is 6 again, 7 > 6 lands one impact a round, never the second:
/// not out in 10 rounds, 1 impact at the end. The defender healing itself (priority 8,
/// after the attack) removes it at the end of each round: 0 impacts at the end.
#[test]
fn a_healer_removes_the_impacts_malus() {
    let words = "attackers=[7] armour_res=0 durability=0 impacts_to_out=2";
    assert_eq!(surely(words), outcome(1, (0, 0), (2, 2), 2));
    assert_eq!(
        surely(&format!("{words} healer=ally")),
        outcome(1, (0, 0), (0, 0), 1)
    );
    assert_eq!(
        surely(&format!("{words} healer=defender")),
        outcome(1, (0, 0), (0, 0), 0)
    );
}

/// Attackers at 6 then 7 against défense 4 + résistance 3 = 7 (armour 2 of it, durability
/// 1). Round 1: 6 < 7, countered; the second attack meets 7 − 1 = 6 < 7, floored at 7 by
/// the armour, which absorbs it and is spent. Round 2 the armour no longer protects:
/// 6 > 7 − 2 = 5, out in round 2 on the third attack. An ally mends the point at the
/// start of each round, so every round is round 1: no impact in 10 rounds, the armour at
/// 0 at the end (1 spent); the defender mending itself at the end of each round ends with
/// its armour whole (0 spent).
#[test]
fn a_healer_mends_the_armour() {
    let words = "attackers=[6,7] defense=4 resistance=3 armour_res=2 durability=1";
    assert_eq!(surely(words), outcome(2, (1, 0), (2, 3), 1));
    assert_eq!(
        surely(&format!("{words} healer=ally")),
        outcome(0, (1, 0), (0, 0), 0)
    );
    assert_eq!(
        surely(&format!("{words} healer=defender")),
        outcome(0, (0, 1), (0, 0), 0)
    );
}

/// The switch `restoration_first`, the defender healing itself. Attackers at 8 then 6
/// against 7 (armour 2 of durability 2), three impacts to put it out. Round 1: 8 > 7, an
/// impact (protection 6); the 6 meets 6 − 1 = 5, floored at 6 and absorbed (durability
/// 1). Wounded and worn, the defender restores:
/// - the −1 first (impacts 0, durability 1). Round 2: 8 > 7, an impact; the 6 meets
///   7 − 1 − 1 = 5, absorbed: durability 0; the −1 removed. Round 3, the armour spent:
///   8 > 5 and 6 > 5 − 1 = 4, two impacts; one removed. Round 4: 8 > 5 − 1 = 4, 6 > 3:
///   out, on the 8th attack, the armour's 2 points spent.
/// - durability first (impacts 1, durability 2). Round 2: 8 > 7 − 1 = 6, and 6 > 5:
///   out on the 4th attack, the armour whole.
///
/// Without a healer it is out on the 4th attack too, its armour at 1.
#[test]
fn what_comes_first_decides_the_round_out() {
    let words = "attackers=[8,6] defense=4 resistance=3 armour_res=2 durability=2 impacts_to_out=3";
    assert_eq!(surely(words), outcome(1, (1, 1), (2, 4), 3));
    assert_eq!(
        surely(&format!("{words} healer=defender")),
        outcome(1, (2, 0), (4, 8), 3)
    );
    assert_eq!(
        surely(&format!(
            "{words} healer=defender restoration_first=durability"
        )),
        outcome(1, (0, 2), (2, 4), 3)
    );
}

/// One option a turn (*Chaque personnage peut choisir UNE option*): a defender who
/// restores itself takes no manœuvre défensive; an ally healer goes with it.
#[test]
fn a_defender_healing_itself_takes_no_manoeuvre() {
    let e = error_text(build_with(
        &MELEE,
        &[
            "attackers=[5]",
            "healer=defender",
            "defensive_manoeuvre=true",
        ],
    ));
    assert!(e.contains("UNE option"), "{e}");
    assert!(
        build_with(
            &MELEE,
            &["attackers=[5]", "healer=ally", "defensive_manoeuvre=true"]
        )
        .is_ok()
    );
}

#[test]
fn monte_carlo_agrees_with_exact_with_a_healer() {
    let cases = [
        "attackers=[6,6] armour_res=0 durability=0 impacts_to_out=3 healer=ally",
        "n_attackers=3 attack=5 durability=3 impacts_to_out=2 healer=defender",
        "n_attackers=4 attack=5 durability=2 healer=ally restoration_first=durability",
        "attackers=[7,5,6] impacts_to_out=3 wound_malus=2 healer=defender restoration_first=durability",
    ];
    assert_mechanic_agrees(&MELEE, &cases, 10);
}
