//! The `maitrise` sheet: the four outcomes by Score de Maîtrise, and series of rolls that
//! must all succeed.

use super::{Columns, SheetTable, values};

/// Words shown for the identifiers of this sheet's tables.
const WORDS: &[(&str, &str)] = &[
    ("sm", "SM"),
    ("crit_success", "réussite critique"),
    ("success", "success"),
    ("failure", "failure"),
    ("crit_failure", "échec critique"),
    ("n", "rolls"),
];

/// The tables of the `maitrise` sheet, in print order.
pub(super) fn tables() -> Vec<SheetTable> {
    let tables = vec![
        SheetTable::new(
            "The four outcomes by Score de Maîtrise (rows: sm)",
            "maitrise.test",
            vec![],
            (
                "sm",
                values(
                    [-10, -5, -1, 0, 1]
                        .into_iter()
                        .chain(2..=19)
                        .chain([20, 21, 22, 25, 30, 35]),
                ),
            ),
            Columns::Metrics(vec!["crit_success", "success", "failure", "crit_failure"]),
        ),
        SheetTable::new(
            "Chance that n rolls in a row all succeed (rows: sm, columns: n)",
            "maitrise.series",
            vec![],
            ("sm", values((4..=19).chain([20, 22, 25]))),
            Columns::Param {
                name: "n",
                values: values([1, 2, 3, 4, 5, 6, 8, 10]),
                metric: "all_succeed",
            },
        )
        .with_note("The shipwreck: every roll must succeed, a critical success counting as one."),
    ];
    tables.into_iter().map(|t| t.with_words(WORDS)).collect()
}
