//! The `sccs` sheet: the tension counter after a tie, a defender against several attackers
//! (the erosion of la Loi du Surnombre), and a spell's upkeep.

use super::{Columns, SheetTable, values, versions};

/// Words shown for the identifiers of this sheet's tables.
const WORDS: &[(&str, &str)] = &[
    ("change_every", "change every"),
    ("n_attackers", "attackers"),
    ("p_hit", "impact per turn"),
    ("max_turns", "turns"),
    ("p_within_1", "within 1"),
    ("p_within_2", "within 2"),
    ("p_within_3", "within 3"),
    ("p_within_4", "within 4"),
    ("p_within_5", "within 5"),
    ("p_within_6", "within 6"),
    ("impact_by_round_1", "by round 1"),
    ("impact_by_round_2", "by round 2"),
    ("impact_by_round_3", "by round 3"),
    ("impact_by_round_4", "by round 4"),
    ("impact_by_round_5", "by round 5"),
    ("impact_by_round_6", "by round 6"),
];

/// The tables of the `sccs` sheet, in print order.
pub(super) fn tables() -> Vec<SheetTable> {
    let within = vec![
        "p_within_1",
        "p_within_2",
        "p_within_3",
        "p_within_4",
        "p_within_5",
        "p_within_6",
    ];
    let by_round = vec![
        "impact_by_round_1",
        "impact_by_round_2",
        "impact_by_round_3",
        "impact_by_round_4",
        "impact_by_round_5",
        "impact_by_round_6",
    ];
    let mut tables = versions(
        "sccs.tension",
        ("change_every", values([0, 2, 3, 4, 6])),
        Columns::Metrics(within),
        vec![
            (
                "Tension counter: chance the impact has come within r exchanges (rows: change type/cible every n exchanges, 0 = persevere)",
                vec![],
            ),
            (
                "The same, counting the tying exchange as the first",
                vec!["tension_counts_tie=true"],
            ),
        ],
    );
    tables.extend(
        versions(
            "sccs.melee",
            ("n_attackers", values(1..=4)),
            Columns::Metrics(by_round),
            vec![
                (
                    "Outnumbered: chance of a first impact by round r, attackers of A 6 against a protection of 6 (rows: attackers)",
                    vec!["attack=6"],
                ),
                (
                    "The same, attackers of A 5: alone they are always countered (rows: attackers)",
                    vec!["attack=5"],
                ),
            ],
        )
        .into_iter()
        .map(|t| {
            t.with_note(
                "Défense 3 and résistance 3 (armour 2 of it, durability 3); the k-th attack of a round meets the protection lowered by k - 1, never below the attack, the armour absorbing what that floor stops.",
            )
        }),
    );
    tables.push(
        SheetTable::new(
            "Spell upkeep: chance an impact breaks the spell within t turns (rows: chance of an impact per turn, columns: t)",
            "sccs.spell",
            vec![],
            ("p_hit", values(["0.1", "0.2", "0.3", "0.5"])),
            Columns::Param {
                name: "max_turns",
                values: values([2, 4, 6, 8, 10, 15, 20]),
                metric: "broken",
            },
        )
        .with_note("A D6 of turns held without malus, then -1 to everything until it is dropped; an impact under that malus breaks it."),
    );
    tables.into_iter().map(|t| t.with_words(WORDS)).collect()
}
