//! The d100 variant of the *Score de Maîtrise* (seed: *Règle de base*: "Pour ceux qui
//! voudraient utiliser un système de d100, il suffit d'adapter les règles en multipliant
//! tout par cinq dans la suite"; the `maitrise` page).
//!
//! Everything the text counts is multiplied by five: the score is read in d100 points
//! (`sm`, skill, characteristic and modifiers as the player writes them on a d100 sheet),
//! the extreme scores start at 100 and at 5, the bands of the second die are 50 and 20,
//! and the automatic malus of a skill of 0 is 25. A d100 face `f` succeeds when it is at
//! most the score (below it with `strictly_below`), as a d20 face does.
//!
//! The text's ranges of faces ("compris entre 1 et 19", "entre 2 et 20") become ranges of
//! d100 faces: at a score of 100 or more 01–95 succeed and 96–100 call for the second die;
//! at 5 or less 06–100 fail and 01–05 call for it.
//!
//! Which d100 faces are the single faces the text names (a critical's 1 or 11, 10 or 20;
//! the second die's 20, 19, 1 and 2) it does not say: the \[choice\] `d100_criticals`.
//! - `bands` (the default): each d20 face is the band of five d100 faces it covers, face
//!   `k` the faces `5k-4..=5k` (1 is 01–05, 11 is 51–55, 10 is 46–50, 20 is 96–100): the
//!   criticals keep their d20 chance, and at a score that is a multiple of five the d100
//!   game is the d20 game at a fifth of the score, exactly.
//! - `faces`: the faces themselves are multiplied by five (1 is 05, 11 is 55, 10 is 50, 20
//!   is 100, 19 is 95, 2 is 10): each critical face is 1 in 100, a fifth of its d20 chance.

crate::choice! {
    /// Which d100 faces are the single faces the text names (the criticals' 1, 11, 10 and
    /// 20; the second die's 20, 19, 1 and 2).
    ///
    /// - `bands`: the band of five faces a d20 face covers (1 is 01–05, 20 is 96–100; the
    ///   default).
    /// - `faces`: the face multiplied by five (1 is 05, 11 is 55, 10 is 50, 20 is 100).
    #[derive(Hash)]
    pub enum D100Criticals { Bands = "bands", Faces = "faces" }
}

/// The die of a roll: the text's d20, or the d100 of its variant with its reading of the
/// named faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scale {
    /// The d20 of the text.
    D20,
    /// The d100 variant ("multipliant tout par cinq").
    D100(D100Criticals),
}

impl Scale {
    /// What every number the text counts is multiplied by: 1 on the d20, 5 on the d100.
    pub fn factor(self) -> i64 {
        match self {
            Scale::D20 => 1,
            Scale::D100(_) => 5,
        }
    }

    /// The d20 face whose range `face` lies in: itself on the d20, `ceil(face / 5)` on the
    /// d100 (96–100 is the 20). The text's ranges of faces are read through it.
    pub fn band(self, face: u32) -> u32 {
        match self {
            Scale::D20 => face,
            Scale::D100(_) => face.div_ceil(5),
        }
    }

    /// The d20 face the text names that `face` counts as, if any: the band on the d20 and
    /// with `bands`; with `faces`, a multiple of five only (55 is the 11, 54 is none).
    pub fn named(self, face: u32) -> Option<u32> {
        match self {
            Scale::D20 | Scale::D100(D100Criticals::Bands) => Some(self.band(face)),
            Scale::D100(D100Criticals::Faces) => face.is_multiple_of(5).then_some(face / 5),
        }
    }

    /// True when `face` counts as the text's d20 face `k`.
    pub fn names(self, face: u32, k: u32) -> bool {
        self.named(face) == Some(k)
    }
}

#[cfg(test)]
#[path = "d100_tests.rs"]
mod tests;
