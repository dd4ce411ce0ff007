//! The `aube` sheet: the test against every ND, an attack, a blow read on Tableau 3.1, and
//! the odds of a whole duel.

use super::{Columns, SheetTable, values, versions};

/// Both fighters of the duel table but A's CA: the average fighter of the FA/FM study.
const DUEL_FIGHTERS: [&str; 11] = [
    "a.ba=0", "a.bp=0", "a.bd=15", "a.enc=12", "a.be=3", "b.ca=12", "b.ba=0", "b.bp=0", "b.bd=15",
    "b.enc=12", "b.be=3",
];

/// Words shown for the identifiers of this sheet's tables.
const WORDS: &[(&str, &str)] = &[
    ("ca", "CA"),
    ("nd", "ND"),
    ("att.ca", "attacker's CA"),
    ("def.ca", "defender's CA"),
    ("dom", "niveau de dommage"),
    ("none", "no effect"),
    ("etourdi", "étourdi"),
    ("sonne", "sonné"),
    ("legere", "légère"),
    ("a.ca", "A's CA"),
];

/// The tables of the `aube` sheet, in print order.
pub(super) fn tables() -> Vec<SheetTable> {
    let mut tables = versions(
        "aube.test",
        ("ca", values(1..=20)),
        Columns::Param {
            name: "nd",
            values: values(0..=20),
            metric: "beats_nd",
        },
        vec![
            (
                "Chance to beat ND, no crit die (rows: CA, columns: ND)",
                vec![],
            ),
            (
                "Chance to beat ND with the d10 crit die (rows: CA, columns: ND)",
                vec!["crit=d10"],
            ),
        ],
    );
    tables.push(SheetTable::new(
        "Chance an attack hits, FA 10 (rows: attacker's CA + ba, columns: defender's CA + bp)",
        "aube.attack",
        vec![
            "att.ba=0",
            "att.bd=15",
            "def.bp=0",
            "def.enc=12",
            "def.be=3",
            "fa=10",
        ],
        ("att.ca", values(4..=20)),
        Columns::Param {
            name: "def.ca",
            values: values(4..=20),
            metric: "hit",
        },
    ));
    for (title, fixed) in [
        (
            "Damage result of a blow (Tableau 3.1) against encaissement 12, no armour (rows: niveau de dommage)",
            vec!["enc=12"],
        ),
        (
            "Damage result of a blow against encaissement 12 and armour be 3 (rows: niveau de dommage)",
            vec!["enc=12", "be=3"],
        ),
    ] {
        tables.push(SheetTable::new(
            title,
            "aube.damage",
            fixed,
            ("dom", values((0..=60).step_by(5))),
            Columns::Metrics(vec![
                "none", "etourdi", "sonne", "legere", "grave", "critique", "fatale",
            ]),
        ));
    }
    tables.push(
        SheetTable::new(
            "Chance to win a duel, by A's CA against B's CA 12 (rows: A's CA, 8 is 4 below B; columns: FA and FM)",
            "aube.duel",
            DUEL_FIGHTERS.to_vec(),
            ("a.ca", values(8..=16)),
            Columns::Settings {
                settings: vec![
                    ("FA 5", vec!["fa=5"]),
                    ("FA 10", vec!["fa=10"]),
                    ("FA 15", vec!["fa=15"]),
                    ("FA 10, FM 5", vec!["fm=5"]),
                    ("FA 10, FM 10", vec!["fm=10"]),
                ],
                metric: "a_wins",
            },
        )
        .with_note(
            "Two average fighters (ba 0, bp 0, bd 15, enc 12, be 3), initiative drawn each round, out at the first fatale, FM 0 unless said. Exact: the duel as a Markov chain over both wound tracks. A duel between these two never ends in a draw, so B wins the rest.",
        ),
    );
    tables.into_iter().map(|t| t.with_words(WORDS)).collect()
}
