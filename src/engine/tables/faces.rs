//! A set of die faces as a rule table's entry.

use serde::Serialize;

/// A set of faces of a die (1 to 63), written in TOML as a list (`[1, 11]`, or `[]` for
/// none): the faces that make a critical, say. A `Copy` bit set, cheap to test in a hot
/// loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, serde::Deserialize)]
#[serde(try_from = "Vec<i64>", into = "Vec<i64>")]
pub struct Faces(u64);

impl Faces {
    /// The set of `faces` (each in 1..=63).
    pub const fn of(faces: &[u32]) -> Self {
        let mut bits = 0;
        let mut i = 0;
        while i < faces.len() {
            bits |= 1 << faces[i];
            i += 1;
        }
        Self(bits)
    }

    /// True when `face` is in the set.
    #[inline(always)]
    pub fn has(self, face: u32) -> bool {
        face < 64 && self.0 >> face & 1 == 1
    }

    /// The highest face in the set (0 when empty).
    pub fn max(self) -> u32 {
        63 - self.0.leading_zeros().min(63)
    }
}

impl TryFrom<Vec<i64>> for Faces {
    type Error = String;

    fn try_from(faces: Vec<i64>) -> std::result::Result<Self, String> {
        faces.iter().try_fold(Faces(0), |set, &f| {
            if (1..=63).contains(&f) {
                Ok(Faces(set.0 | 1 << f))
            } else {
                Err(format!("{f} is not a face of a die; give faces from 1 up"))
            }
        })
    }
}

impl From<Faces> for Vec<i64> {
    fn from(faces: Faces) -> Self {
        (1..64).filter(|&f| faces.has(f)).map(i64::from).collect()
    }
}
