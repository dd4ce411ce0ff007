//! The tables of the reference sheet, as data (seed: *Matrice de valeurs d'attaque par le
//! TAC0*, *Jet de sauvegarde des monstres*, *Réaction des suivants à l'embauche*, *Test de
//! réaction des monstres*, *Risque de se perdre*, *Monstres errants*), and the choices
//! that name their rows.
//!
//! The THAC0 matrix is kept cell by cell as printed; the attack mechanic uses the clamp
//! formula of the system's page, and a test checks that the formula gives every cell.

use crate::engine::Choice;
use crate::engine::params::optional_names;

/// A monster's hit dice: a normal human (*humain normal*), or a whole number of hit dice.
///
/// Names: `human`, `1` .. `25`, and `21+` (the sheet's last THAC0 row, taken as 22 HD).
/// Each number picks the sheet's row that contains it: `8` and `9` both read the THAC0 row
/// "7+ to 9"; a monster of 2+1 HD reads "2+ to 3", so give it as `3`. For saving throws
/// the rows are 1–3, 4–6, ..., 19–21 and 22+.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Hd {
    /// *Humain normal*.
    Human,
    /// This many hit dice (1..=25).
    Dice(u32),
}

macro_rules! hd_choices {
    ($($name:literal => $n:literal),* $(,)?) => {
        impl Choice for Hd {
            const NAMES: &'static [(&'static str, Self)] =
                &[("human", Hd::Human), $(($name, Hd::Dice($n)),)*];
        }

        /// An optional row, for mechanics where a THAC0 may be given instead (`none`: not
        /// given).
        impl Choice for Option<Hd> {
            const NAMES: &'static [(&'static str, Self)] = &[
                ("none", None),
                ("human", Some(Hd::Human)),
                $(($name, Some(Hd::Dice($n))),)*
            ];
        }
    };
}

hd_choices! {
    "1" => 1, "2" => 2, "3" => 3, "4" => 4, "5" => 5, "6" => 6, "7" => 7, "8" => 8, "9" => 9,
    "10" => 10, "11" => 11, "12" => 12, "13" => 13, "14" => 14, "15" => 15, "16" => 16,
    "17" => 17, "18" => 18, "19" => 19, "20" => 20, "21" => 21, "22" => 22, "23" => 23,
    "24" => 24, "25" => 25, "21+" => 22,
}

/// The armour classes of the matrix's columns, −3 to 9 (descending AC).
pub const MATRIX_AC: [i64; 13] = [-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/// One row of the THAC0 matrix.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatrixRow {
    /// The row as printed ("1+ à 2").
    pub label: &'static str,
    /// Largest hit dice in the row (`None` for the normal human; `u32::MAX` for 21+).
    pub max_hd: Option<u32>,
    /// The row's THAC0.
    pub thac0: i64,
    /// The d20 roll needed against each AC of [`MATRIX_AC`].
    pub needed: [i64; 13],
}

const fn row(label: &'static str, max_hd: Option<u32>, thac0: i64, needed: [i64; 13]) -> MatrixRow {
    MatrixRow {
        label,
        max_hd,
        thac0,
        needed,
    }
}

/// *Matrice de valeurs d'attaque par le TAC0*, as printed on the sheet.
pub const THAC0_MATRIX: [MatrixRow; 16] = [
    row(
        "H normal",
        None,
        20,
        [20, 20, 20, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11],
    ),
    row(
        "Jusqu'à 1",
        Some(1),
        19,
        [20, 20, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10],
    ),
    row(
        "1+ à 2",
        Some(2),
        18,
        [20, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9],
    ),
    row(
        "2+ à 3",
        Some(3),
        17,
        [20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8],
    ),
    row(
        "3+ à 4",
        Some(4),
        16,
        [19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7],
    ),
    row(
        "4+ à 5",
        Some(5),
        15,
        [18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6],
    ),
    row(
        "5+ à 6",
        Some(6),
        14,
        [17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5],
    ),
    row(
        "6+ à 7",
        Some(7),
        13,
        [16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4],
    ),
    row(
        "7+ à 9",
        Some(9),
        12,
        [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3],
    ),
    row(
        "9+ à 11",
        Some(11),
        11,
        [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2],
    ),
    row(
        "11+ à 13",
        Some(13),
        10,
        [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2],
    ),
    row(
        "13+ à 15",
        Some(15),
        9,
        [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2],
    ),
    row(
        "15+ à 17",
        Some(17),
        8,
        [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2, 2],
    ),
    row(
        "17+ à 19",
        Some(19),
        7,
        [10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2, 2, 2],
    ),
    row(
        "19+ à 21",
        Some(21),
        6,
        [9, 8, 7, 6, 5, 4, 3, 2, 2, 2, 2, 2, 2],
    ),
    row(
        "21+ et >",
        Some(u32::MAX),
        5,
        [8, 7, 6, 5, 4, 3, 2, 2, 2, 2, 2, 2, 2],
    ),
];

impl Hd {
    /// The index of the THAC0 matrix's row for these hit dice (0: the normal human).
    pub fn matrix_index(self) -> usize {
        match self {
            Hd::Human => 0,
            Hd::Dice(n) => THAC0_MATRIX
                .iter()
                .position(|r| r.max_hd.is_some_and(|m| n <= m))
                .unwrap_or(THAC0_MATRIX.len() - 1),
        }
    }

    /// The row of the THAC0 matrix for these hit dice.
    pub fn matrix_row(self) -> &'static MatrixRow {
        &THAC0_MATRIX[self.matrix_index()]
    }

    /// The monster's THAC0 (read off the matrix).
    pub fn thac0(self) -> i64 {
        self.matrix_row().thac0
    }

    /// The index of the saving-throw table's row for these hit dice (0: the normal
    /// human).
    pub fn save_index(self) -> usize {
        match self {
            Hd::Human => 0,
            Hd::Dice(n) => SAVES
                .iter()
                .position(|r| r.hd.is_some_and(|(lo, hi)| (lo..=hi).contains(&n)))
                .unwrap_or(SAVES.len() - 1),
        }
    }

    /// The row of the saving-throw table for these hit dice.
    pub fn save_row(self) -> &'static SaveRow {
        &SAVES[self.save_index()]
    }
}

/// The five saving-throw categories, in the sheet's column order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    /// *Mort* (death ray, poison).
    Death,
    /// *Baguettes* (wands).
    Wands,
    /// *Paralysie* (paralysis, petrification).
    Paralysis,
    /// *Souffles* (breath attacks).
    Breath,
    /// *Sorts* (spells, rods, staves).
    Spells,
}

impl Choice for Category {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("death", Category::Death),
        ("wands", Category::Wands),
        ("paralysis", Category::Paralysis),
        ("breath", Category::Breath),
        ("spells", Category::Spells),
    ];
}

/// One row of the monsters' saving-throw table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SaveRow {
    /// Hit dice covered, inclusive (`None` for the normal human; 22+ is `(22, u32::MAX)`).
    pub hd: Option<(u32, u32)>,
    /// The d20 roll needed, by [`Category`] (death, wands, paralysis, breath, spells).
    pub needed: [i64; 5],
}

/// *Jet de sauvegarde des monstres*, as printed on the sheet.
pub const SAVES: [SaveRow; 9] = [
    SaveRow {
        hd: None,
        needed: [14, 15, 16, 17, 18],
    },
    SaveRow {
        hd: Some((1, 3)),
        needed: [12, 13, 14, 15, 16],
    },
    SaveRow {
        hd: Some((4, 6)),
        needed: [10, 11, 12, 13, 14],
    },
    SaveRow {
        hd: Some((7, 9)),
        needed: [8, 9, 10, 10, 12],
    },
    SaveRow {
        hd: Some((10, 12)),
        needed: [6, 7, 8, 8, 10],
    },
    SaveRow {
        hd: Some((13, 15)),
        needed: [4, 5, 6, 5, 8],
    },
    SaveRow {
        hd: Some((16, 18)),
        needed: [2, 3, 4, 3, 6],
    },
    SaveRow {
        hd: Some((19, 21)),
        needed: [2, 2, 2, 2, 4],
    },
    SaveRow {
        hd: Some((22, u32::MAX)),
        needed: [2, 2, 2, 2, 2],
    },
];

impl SaveRow {
    /// The roll needed against `category`.
    pub fn needed(&self, category: Category) -> i64 {
        self.needed[category as usize]
    }
}

/// The lines of both reaction tables; their bands are the `[reaction]` table of
/// [`super::tables::OseTables`] (2 or less, 3–5, 6–8, 9–11, 12 or more on the sheet).
pub const REACTION_LINES: usize = 5;

/// Terrain of the wilderness (*contrées sauvages*), as named on the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Terrain {
    /// *Ville* (city).
    City,
    /// *Terrain dégagé* (clear).
    Clear,
    /// *Prairie* (grassland).
    Grassland,
    /// *Régions peuplées* (settled lands).
    Settled,
    /// *Terres stériles* (barren lands).
    Barren,
    /// *Collines* (hills).
    Hills,
    /// *Montagnes* (mountains).
    Mountains,
    /// *Forêt* (forest).
    Forest,
    /// *Désert* (desert).
    Desert,
    /// *Jungle*.
    Jungle,
    /// *Marais* (swamp).
    Swamp,
}

const TERRAINS: [(&str, Terrain); 11] = [
    ("city", Terrain::City),
    ("clear", Terrain::Clear),
    ("grassland", Terrain::Grassland),
    ("settled", Terrain::Settled),
    ("barren", Terrain::Barren),
    ("hills", Terrain::Hills),
    ("mountains", Terrain::Mountains),
    ("forest", Terrain::Forest),
    ("desert", Terrain::Desert),
    ("jungle", Terrain::Jungle),
    ("swamp", Terrain::Swamp),
];

impl Choice for Terrain {
    const NAMES: &'static [(&'static str, Self)] = &TERRAINS;
}

/// An optional terrain (`none`: a dungeon-style check, every few turns).
impl Choice for Option<Terrain> {
    const NAMES: &'static [(&'static str, Self)] = &optional_names::<_, 11, 12>("none", TERRAINS);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hd_name_reads_the_row_that_contains_it() {
        let expected = [
            (1, 19),
            (2, 18),
            (3, 17),
            (4, 16),
            (5, 15),
            (6, 14),
            (7, 13),
            (8, 12),
            (9, 12),
            (10, 11),
            (11, 11),
            (12, 10),
            (13, 10),
            (14, 9),
            (15, 9),
            (16, 8),
            (17, 8),
            (18, 7),
            (19, 7),
            (20, 6),
            (21, 6),
            (22, 5),
            (25, 5),
        ];
        for (n, thac0) in expected {
            assert_eq!(Hd::Dice(n).thac0(), thac0, "{n} HD");
        }
        assert_eq!(Hd::Human.thac0(), 20);
        assert_eq!(Hd::from_name("21+").map(Hd::thac0), Some(5));
        assert_eq!(
            Hd::from_name("21+").map(|h| h.save_row().needed),
            Some([2; 5])
        );
        assert_eq!(<Option<Hd>>::from_name("none"), Some(None));
        assert_eq!(Hd::from_name("0"), None);
    }

    #[test]
    fn save_rows_cover_every_hd() {
        assert_eq!(Hd::Human.save_row().needed, [14, 15, 16, 17, 18]);
        for n in 1..=25 {
            let r = Hd::Dice(n).save_row();
            let (lo, hi) = r.hd.unwrap_or((0, 0));
            assert!((lo..=hi).contains(&n), "{n}");
        }
        assert_eq!(Hd::Dice(8).save_row().needed(Category::Breath), 10);
        assert_eq!(Hd::Dice(14).save_row().needed(Category::Breath), 5);
    }
}
