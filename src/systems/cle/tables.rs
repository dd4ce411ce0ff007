//! The rule tables of *Clé en main* as data (issue 16): the progression bands of a
//! pursuit and the lead that ends it, the difficulties of care and of first aid, and the
//! fall's metres per die and Acrobatie difficulties. [`CleTables::OFFICIAL`] holds the
//! text's values; `alea rules cle` prints them, a rules file or an analysis's `[rules]`
//! changes them ([`crate::engine::tables`]).
//!
//! The difficulty ladder (*facile* 10, *moyen* 15, *difficile* 20, *héroïque* 25) is not a
//! table here: it names numbers the user gives as `difficulty`, and no mechanic reads it.

use crate::engine::tables::{
    RuleTables, Schema, TableError, check_ordered, check_range, check_ranges,
};
use crate::entries;
use serde::{Deserialize, Serialize};

crate::rule_tables! {
    /// Every table of the system.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(deny_unknown_fields, default)]
    pub struct CleTables {
        /// Pursuits.
        pub pursuit: PursuitTable,
        /// The difficulties of the Soins tests.
        pub care: CareTable,
        /// Falls.
        pub fall: FallTable,
    }
}

/// The progression of a pursuit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PursuitTable {
    /// The lowest open-test result that gains 1 progression.
    pub one: i64,
    /// The lowest that gains 2.
    pub two: i64,
    /// The lowest that gains 3.
    pub three: i64,
    /// The lead at which the fugitive escapes.
    pub escape: i64,
}

/// The difficulties of the Soins tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CareTable {
    /// Care at a rest, the patient above 0 vitality.
    pub rest: i64,
    /// Care at a rest, the patient *mal en point*.
    pub mal_en_point: i64,
    /// First aid to a character in *danger de mort*.
    pub first_aid: i64,
}

/// Falls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FallTable {
    /// Metres of fall per d6 of damage.
    pub metres_per_die: i64,
    /// The Acrobatie test that cancels one die.
    pub landing: i64,
    /// The Acrobatie test of a voluntary jump that cancels one more.
    pub jump: i64,
}

impl CleTables {
    /// The text's tables.
    pub const OFFICIAL: CleTables = CleTables {
        pursuit: PursuitTable {
            one: 10,
            two: 15,
            three: 20,
            escape: 10,
        },
        care: CareTable {
            rest: 10,
            mal_en_point: 15,
            first_aid: 20,
        },
        fall: FallTable {
            metres_per_die: 3,
            landing: 15,
            jump: 10,
        },
    };
}

impl PursuitTable {
    /// Progression gained from an open test's result.
    #[inline(always)]
    pub fn progression(&self, result: i64) -> i64 {
        if result >= self.three {
            3
        } else if result >= self.two {
            2
        } else if result >= self.one {
            1
        } else {
            0
        }
    }
}

impl CareTable {
    /// The Soins difficulty at a rest for a patient with `vitality` left.
    pub fn difficulty(&self, vitality: i64) -> i64 {
        if vitality <= 0 {
            self.mal_en_point
        } else {
            self.rest
        }
    }
}

impl RuleTables for CleTables {
    const SYSTEM: &'static str = "cle";

    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "pursuit",
            "pursuits (cle.pursuit): an open test's result gains 0, 1, 2 or 3 progression by band; the fugitive escapes at a lead of escape",
        ),
        ("pursuit.one", "the lowest result that gains 1"),
        ("pursuit.two", "the lowest result that gains 2"),
        ("pursuit.three", "the lowest result that gains 3"),
        ("pursuit.escape", "the lead at which the fugitive escapes"),
        (
            "care",
            "the difficulties of the Soins tests (cle.healing, cle.mal_en_point)",
        ),
        ("care.rest", "care at a rest, the patient above 0 vitality"),
        (
            "care.mal_en_point",
            "care at a rest, the patient mal en point",
        ),
        (
            "care.first_aid",
            "first aid to a character in danger de mort",
        ),
        ("fall", "falls (cle.fall)"),
        ("fall.metres_per_die", "metres of fall per d6 of damage"),
        ("fall.landing", "the Acrobatie test that cancels one die"),
        (
            "fall.jump",
            "the Acrobatie test of a voluntary jump that cancels one more",
        ),
    ];

    fn check(&self) -> Result<(), TableError> {
        let p = &self.pursuit;
        check_range("pursuit.one", p.one, -10..=80)?;
        check_ordered("pursuit", &entries!(p; one, two, three))?;
        check_range("pursuit.three", p.three, -10..=80)?;
        check_range("pursuit.escape", p.escape, 1..=30)?;
        let care = entries!(self.care; rest, mal_en_point, first_aid);
        check_ranges("care", &care, -10..=80)?;
        let f = &self.fall;
        check_ranges("fall", &entries!(f; landing, jump), -10..=80)?;
        check_range("fall.metres_per_die", f.metres_per_die, 1..=30)
    }
}

/// The schema `alea rules cle` prints and `--rules` reads.
pub static SCHEMA: Schema<CleTables> = Schema::new();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_open_test_gains_progression_by_band() {
        let p = CleTables::OFFICIAL.pursuit;
        let gains: Vec<i64> = [9, 10, 14, 15, 19, 20].map(|r| p.progression(r)).to_vec();
        assert_eq!(gains, [0, 1, 1, 2, 2, 3]);
    }
}
