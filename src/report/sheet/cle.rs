//! The `cle` sheet: a test by skill against the difficulty ladder (3d6, a hero die, a
//! hero point spent on a reroll), an opposition by skill difference, and a group's
//! cooperation.

use super::{Columns, SheetTable, values, versions};

/// Words shown for the identifiers of this sheet's tables.
const WORDS: &[(&str, &str)] = &[("a.skill", "active skill"), ("helpers", "members")];

/// The tables of the `cle` sheet, in print order.
pub(super) fn tables() -> Vec<SheetTable> {
    let mut tables = versions(
        "cle.test",
        ("skill", values(0..=15)),
        Columns::Param {
            name: "difficulty",
            values: values([5, 10, 15, 20, 25, 30]),
            metric: "success",
        },
        vec![
            (
                "Chance of success with 3d6 (rows: skill, columns: difficulty)",
                vec!["dice=3"],
            ),
            (
                "Chance of success with a hero die, 4d6 (rows: skill, columns: difficulty)",
                vec!["dice=4"],
            ),
            (
                "Chance of success spending a hero point to roll a failed test again, 3d6 (rows: skill, columns: difficulty)",
                vec!["dice=3", "reroll_failed=true"],
            ),
        ],
    );
    tables.push(
        SheetTable::new(
            "Opposition: chance the active side wins, by its skill against a skill of 5 (rows: active skill; columns: dice of each side)",
            "cle.opposition",
            vec!["b.skill=5"],
            ("a.skill", values(0..=10)),
            Columns::Settings {
                settings: vec![
                    ("3d6 against 3d6", vec![]),
                    ("4d6 against 3d6", vec!["a.dice=4"]),
                    ("3d6 against 4d6", vec!["b.dice=4"]),
                ],
                metric: "a_wins",
            },
        )
        .with_note(
            "Equal totals go to the higher skill, then to the active side; an attack is the opposition Combat (active) against Défense. Only the difference of skills matters: read row 5 + d for a difference d.",
        ),
    );
    tables.push(
        SheetTable::new(
            "Cooperation: chance a group of equal members succeeds (rows: members, columns: difficulty)",
            "cle.cooperation",
            vec!["skill=4"],
            ("helpers", values(1..=8)),
            Columns::Param {
                name: "difficulty",
                values: values([15, 20, 25, 30]),
                metric: "success",
            },
        )
        .with_note(
            "Everyone has skill 4 and tests; the best result counts, +1 per other result of 15 or more, -1 per other result under 10.",
        ),
    );
    tables.into_iter().map(|t| t.with_words(WORDS)).collect()
}
