//! The rule tables of the old-school reference sheet as data (issue 16): the THAC0 of
//! each row of the matrix and the bounds of the roll needed, the missile and retreat
//! modifiers, the monsters' saving throws, the bands of the reaction tables and the x-in-6
//! chances of getting lost and of wandering monsters by terrain.
//! [`OseTables::OFFICIAL`] holds the sheet's values (the rows of [`super::sheet`]); `alea
//! rules ose` prints them, a rules file or an analysis's `[rules]` changes them
//! ([`crate::engine::tables`]). Which row a monster reads stays the sheet's.

use super::sheet::{Category, Hd, SAVES, THAC0_MATRIX, Terrain};
use crate::engine::tables::{
    RuleTables, Schema, TableError, check_ordered, check_range, check_ranges,
};
use crate::entries;
use serde::{Deserialize, Serialize};

/// Rows of the THAC0 matrix after the normal human.
pub const THAC0_ROWS: usize = THAC0_MATRIX.len() - 1;

/// Rows of the saving-throw table after the normal human.
pub const SAVE_ROWS: usize = SAVES.len() - 1;

crate::rule_tables! {
    /// Every table of the system.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(deny_unknown_fields, default)]
    pub struct OseTables {
        /// The THAC0 matrix, row by row.
        pub thac0: Thac0Table,
        /// The attack roll's bounds and modifiers.
        pub attack: AttackTable,
        /// The monsters' saving throws.
        pub saves: SaveTable,
        /// The reaction tables' bands.
        pub reaction: ReactionTable,
        /// Getting lost, x in 6 per day by terrain.
        pub lost: LostTable,
        /// Wandering monsters, x in 6 per check by terrain.
        pub wandering: WanderingTable,
    }
}

/// The THAC0 of each row of the matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Thac0Table {
    /// The normal human's.
    pub human: i64,
    /// Rows "up to 1", "1+ to 2", ..., "19+ to 21", "21+".
    pub by_hd: [i64; THAC0_ROWS],
}

/// The attack roll: the bounds of the roll needed and the modifiers of the situation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AttackTable {
    /// The roll needed is never below this.
    pub min_needed: i64,
    /// Nor above this.
    pub max_needed: i64,
    /// Missiles at short range.
    pub short: i64,
    /// Missiles at medium range.
    pub medium: i64,
    /// Missiles at long range.
    pub long: i64,
    /// Against a retreating foe.
    pub retreating: i64,
}

/// The roll needed to save, by row and category (death, wands, paralysis, breath, spells).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SaveTable {
    /// The normal human's.
    pub human: [i64; 5],
    /// Rows 1–3, 4–6, ..., 19–21 and 22+ hit dice.
    pub by_hd: [[i64; 5]; SAVE_ROWS],
}

/// The bands of both reaction tables: the lowest modified 2d6 total of each line after
/// the first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ReactionTable {
    /// Lines 2 to 5 start at these totals (line 1: below the first).
    pub bands: [i64; 4],
}

macro_rules! in_six_table {
    ($(#[$doc:meta] $name:ident),*) => {$(
        #[$doc]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(deny_unknown_fields, default)]
        #[allow(missing_docs)]
        pub struct $name {
            pub city: i64,
            pub clear: i64,
            pub grassland: i64,
            pub settled: i64,
            pub barren: i64,
            pub hills: i64,
            pub mountains: i64,
            pub forest: i64,
            pub desert: i64,
            pub jungle: i64,
            pub swamp: i64,
        }

        impl $name {
            /// An x in 6 by terrain, in the order city, clear, grassland, settled, barren,
            /// hills, mountains, forest, desert, jungle, swamp.
            const fn of_list(x: [i64; 11]) -> Self {
                Self {
                    city: x[0],
                    clear: x[1],
                    grassland: x[2],
                    settled: x[3],
                    barren: x[4],
                    hills: x[5],
                    mountains: x[6],
                    forest: x[7],
                    desert: x[8],
                    jungle: x[9],
                    swamp: x[10],
                }
            }

            /// The chance of `terrain`, x in 6 (0: none).
            pub fn of(&self, terrain: Terrain) -> i64 {
                match terrain {
                    Terrain::City => self.city,
                    Terrain::Clear => self.clear,
                    Terrain::Grassland => self.grassland,
                    Terrain::Settled => self.settled,
                    Terrain::Barren => self.barren,
                    Terrain::Hills => self.hills,
                    Terrain::Mountains => self.mountains,
                    Terrain::Forest => self.forest,
                    Terrain::Desert => self.desert,
                    Terrain::Jungle => self.jungle,
                    Terrain::Swamp => self.swamp,
                }
            }

            fn entries(&self) -> [(&'static str, i64); 11] {
                entries!(self; city, clear, grassland, settled, barren, hills, mountains,
                    forest, desert, jungle, swamp)
            }
        }
    )*};
}

in_six_table!(
    /// Getting lost, x in 6 per day by terrain (0: never rolled).
    LostTable,
    /// Wandering monsters, x in 6 per check by terrain.
    WanderingTable
);

/// The THAC0 of the sheet's rows.
const fn matrix_thac0() -> [i64; THAC0_ROWS] {
    let mut out = [0; THAC0_ROWS];
    let mut i = 0;
    while i < THAC0_ROWS {
        out[i] = THAC0_MATRIX[i + 1].thac0;
        i += 1;
    }
    out
}

/// The saving throws of the sheet's rows.
const fn save_rows() -> [[i64; 5]; SAVE_ROWS] {
    let mut out = [[0; 5]; SAVE_ROWS];
    let mut i = 0;
    while i < SAVE_ROWS {
        out[i] = SAVES[i + 1].needed;
        i += 1;
    }
    out
}

impl OseTables {
    /// The sheet's tables.
    pub const OFFICIAL: OseTables = OseTables {
        thac0: Thac0Table {
            human: THAC0_MATRIX[0].thac0,
            by_hd: matrix_thac0(),
        },
        attack: AttackTable {
            min_needed: 2,
            max_needed: 20,
            short: 1,
            medium: 0,
            long: -1,
            retreating: 2,
        },
        saves: SaveTable {
            human: SAVES[0].needed,
            by_hd: save_rows(),
        },
        reaction: ReactionTable {
            bands: [3, 6, 9, 12],
        },
        lost: LostTable::of_list([0, 1, 1, 0, 2, 2, 2, 2, 3, 3, 3]),
        wandering: WanderingTable::of_list([1, 1, 1, 1, 2, 2, 3, 2, 2, 3, 3]),
    };

    /// The THAC0 of a monster of `hd`.
    pub fn thac0(&self, hd: Hd) -> i64 {
        match hd.matrix_index() {
            0 => self.thac0.human,
            i => self.thac0.by_hd[i - 1],
        }
    }

    /// The roll a monster of `hd` needs to save against `category`.
    pub fn save(&self, hd: Hd, category: Category) -> i64 {
        match hd.save_index() {
            0 => self.saves.human[category as usize],
            i => self.saves.by_hd[i - 1][category as usize],
        }
    }
}

impl AttackTable {
    /// The d20 roll needed to hit `ac` with `thac0`, before modifiers.
    pub fn needed(&self, thac0: i64, ac: i64) -> i64 {
        (thac0 - ac).clamp(self.min_needed, self.max_needed)
    }
}

impl ReactionTable {
    /// The line (0..=4) a modified 2d6 total falls on.
    pub fn band(&self, total: i64) -> usize {
        self.bands.iter().filter(|&&b| total >= b).count()
    }
}

impl RuleTables for OseTables {
    const SYSTEM: &'static str = "ose";

    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "thac0",
            "the THAC0 matrix, a THAC0 per row; the roll needed against AC is clamp(THAC0 - AC, min_needed, max_needed)",
        ),
        ("thac0.human", "the normal human"),
        (
            "thac0.by_hd",
            "rows up to 1, 1+ to 2, 2+ to 3, 3+ to 4, 4+ to 5, 5+ to 6, 6+ to 7, 7+ to 9, 9+ to 11, 11+ to 13, 13+ to 15, 15+ to 17, 17+ to 19, 19+ to 21, 21+",
        ),
        (
            "attack",
            "the attack roll: bounds of the roll needed (a natural 1 still misses and a 20 hits) and modifiers",
        ),
        ("attack.min_needed", "the roll needed is never below this"),
        ("attack.max_needed", "nor above this"),
        ("attack.short", "missiles at short range"),
        ("attack.medium", "missiles at medium range"),
        ("attack.long", "missiles at long range"),
        ("attack.retreating", "against a retreating foe"),
        (
            "saves",
            "the monsters' saving throws: the d20 roll needed against death, wands, paralysis, breath, spells",
        ),
        ("saves.human", "the normal human"),
        (
            "saves.by_hd",
            "rows 1-3, 4-6, 7-9, 10-12, 13-15, 16-18, 19-21, 22+ hit dice",
        ),
        (
            "reaction",
            "both reaction tables (monsters, hirelings): the modified 2d6 total read on five lines",
        ),
        (
            "reaction.bands",
            "the lowest total of lines 2 to 5 (line 1 below the first)",
        ),
        (
            "lost",
            "getting lost (ose.exploration), x in 6 per day by terrain (0: never rolled)",
        ),
        ("lost.city", "ville"),
        ("lost.clear", "terrain dégagé"),
        ("lost.grassland", "prairie"),
        ("lost.settled", "régions peuplées"),
        ("lost.barren", "terres stériles"),
        ("lost.hills", "collines"),
        ("lost.mountains", "montagnes"),
        ("lost.forest", "forêt"),
        ("lost.desert", "désert"),
        ("lost.jungle", "jungle"),
        ("lost.swamp", "marais"),
        (
            "wandering",
            "wandering monsters (ose.exploration), x in 6 per check by terrain",
        ),
        ("wandering.city", "ville"),
        ("wandering.clear", "terrain dégagé"),
        ("wandering.grassland", "prairie"),
        ("wandering.settled", "régions peuplées"),
        ("wandering.barren", "terres stériles"),
        ("wandering.hills", "collines"),
        ("wandering.mountains", "montagnes"),
        ("wandering.forest", "forêt"),
        ("wandering.desert", "désert"),
        ("wandering.jungle", "jungle"),
        ("wandering.swamp", "marais"),
    ];

    fn check(&self) -> Result<(), TableError> {
        check_range("thac0.human", self.thac0.human, 1..=30)?;
        for (i, &t) in self.thac0.by_hd.iter().enumerate() {
            check_range(&format!("thac0.by_hd[{}]", i + 1), t, 1..=30)?;
        }
        let a = &self.attack;
        check_range("attack.min_needed", a.min_needed, 1..=20)?;
        check_range("attack.max_needed", a.max_needed, a.min_needed..=30)?;
        let modifiers = entries!(a; short, medium, long, retreating);
        check_ranges("attack", &modifiers, -10..=10)?;
        let saves = std::iter::once(&self.saves.human).chain(&self.saves.by_hd);
        for (i, row) in saves.enumerate() {
            for &v in row {
                let key = match i {
                    0 => "saves.human".to_string(),
                    i => format!("saves.by_hd[{i}]"),
                };
                check_range(&key, v, 1..=30)?;
            }
        }
        let b = self.reaction.bands;
        check_ordered(
            "reaction",
            &[
                ("bands[1]", b[0]),
                ("bands[2]", b[1]),
                ("bands[3]", b[2]),
                ("bands[4]", b[3]),
            ],
        )?;
        check_ranges("lost", &self.lost.entries(), 0..=6)?;
        check_ranges("wandering", &self.wandering.entries(), 0..=6)
    }
}

/// The schema `alea rules ose` prints and `--rules` reads.
pub static SCHEMA: Schema<OseTables> = Schema::new();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_official_tables_are_the_sheets() {
        let t = OseTables::OFFICIAL;
        for n in 1..=25 {
            assert_eq!(t.thac0(Hd::Dice(n)), Hd::Dice(n).thac0(), "{n} HD");
            for c in [Category::Death, Category::Breath, Category::Spells] {
                assert_eq!(t.save(Hd::Dice(n), c), Hd::Dice(n).save_row().needed(c));
            }
        }
        assert_eq!(t.thac0(Hd::Human), 20);
        let bands: Vec<usize> = [-4, 2, 3, 5, 6, 8, 9, 11, 12, 15]
            .map(|total| t.reaction.band(total))
            .to_vec();
        assert_eq!(bands, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
        assert_eq!(t.lost.of(Terrain::Swamp), 3);
        assert_eq!(t.lost.of(Terrain::City), 0);
        assert_eq!(t.lost.of(Terrain::Mountains), 2);
        assert_eq!(t.wandering.of(Terrain::Mountains), 3);
        assert_eq!(t.wandering.of(Terrain::City), 1);
    }
}
