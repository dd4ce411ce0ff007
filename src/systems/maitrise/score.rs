//! How a *Score de Maîtrise* is made up (seed: *Règle de base*, *Boni et Mali*, *La Chance
//! du Débutant*; the `maitrise` page): the parameters that give it and the checks across
//! them.
//!
//! - The base is given whole (`sm`), or as skill + characteristic (+ speciality).
//! - A skill of 0 gives an automatic malus of 5: `skill=0`, or `skill_zero=true` beside a
//!   score given as `sm` (where the skill cannot be seen).
//! - Boni and mali: `bonus` and `malus` (both positive numbers) keep them apart;
//!   `modifiers` gives them as one signed net number.
//! - The *Chance du Débutant* (`first_use`, a skill of 0 used for the first time): no malus
//!   but the automatic 5 applies to that first roll. It drops `malus` whole and `modifiers`
//!   when negative (a net number cannot be split); every bonus stays.

use super::tables::MaitriseTables;
use crate::error::{Error, Result};

/// How the *Score de Maîtrise* is made up: a base (given as `sm`, or as skill +
/// characteristic + speciality), the automatic −5 of a skill of 0, and the boni and mali.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Score {
    /// `sm`, or skill + characteristic + speciality.
    pub base: i64,
    /// The skill is 0: automatic malus of 5.
    pub skill_zero: bool,
    /// The *Chance du Débutant*: first use of a skill of 0; no malus applies on the first
    /// roll but the automatic one.
    pub first_use: bool,
    /// Net boni and mali, as one signed number.
    pub modifiers: i64,
    /// Boni (at least 0).
    pub bonus: i64,
    /// Mali, as a positive number (at least 0).
    pub malus: i64,
    /// The automatic malus of a skill of 0 (5 in the text).
    pub skill_zero_malus: i64,
}

impl Score {
    /// A plain score with no modifier.
    pub fn plain(sm: i64) -> Self {
        Self {
            base: sm,
            skill_zero: false,
            first_use: false,
            modifiers: 0,
            bonus: 0,
            malus: 0,
            skill_zero_malus: MaitriseTables::OFFICIAL.score.skill_zero_malus,
        }
    }

    /// The score of the first roll (where the *Chance du Débutant* applies).
    pub fn first_roll(&self) -> i64 {
        let auto = if self.skill_zero {
            -self.skill_zero_malus
        } else {
            0
        };
        let (net, malus) = if self.first_use {
            (self.modifiers.max(0), 0)
        } else {
            (self.modifiers, self.malus)
        };
        self.base + auto + net + self.bonus - malus
    }

    /// The score of every later roll of a series (the skill has been used: no more
    /// *Chance du Débutant*).
    pub fn later_rolls(&self) -> i64 {
        Score {
            first_use: false,
            ..*self
        }
        .first_roll()
    }
}

crate::config! {
    /// The parameters that make up a score, as given.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct ScoreParams {
        /// Score de Maîtrise before boni and mali (or give skill and characteristic)
        sm: Option<i64> = int(-100..=100, optional),
        /// Niveau de Compétence (with characteristic, instead of sm); 0 gives the automatic
        /// malus of 5 (up to 100 for a d100 sheet)
        skill: Option<i64> = int(0..=100, optional),
        /// Caractéristique (with skill, instead of sm; up to 100 for a d100 sheet)
        characteristic: Option<i64> = int(0..=100, optional),
        /// Niveau de Spécialité, when the action falls in it (with skill and characteristic)
        speciality: i64 = int(0..=100, default = 0),
        /// net boni and mali added to the score, as one signed number (the Chance du
        /// Débutant drops it when negative: give bonus and malus to keep them apart)
        modifiers: i64 = int(-50..=50, default = 0),
        /// boni added to the score (the Chance du Débutant keeps them)
        bonus: i64 = int(0..=50, default = 0),
        /// mali taken off the score, as a positive number (the Chance du Débutant drops
        /// them)
        malus: i64 = int(0..=50, default = 0),
        /// the skill is 0: automatic malus of 5, for a score given as sm (skill=0 implies
        /// it)
        skill_zero: bool = switch(default = false),
        /// Chance du Débutant: first use of a skill of 0, no malus applies but the automatic
        /// 5 (needs skill=0, or skill_zero with sm)
        first_use: bool = switch(default = false),
        /// the rule tables (critical faces, extreme scores, the malus of a skill of 0):
        /// `alea rules maitrise`
        tables: MaitriseTables = rules(),
    }
}

impl Score {
    /// The score of `p`, checked: `sm` or skill + characteristic (+ speciality), one of
    /// the two; `skill_zero` with a skill of 0; `first_use` with a skill of 0.
    pub fn from_config(p: ScoreParams) -> Result<Self> {
        let base = match (p.sm, p.skill, p.characteristic) {
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                return Err(Error::value(
                    "sm",
                    "give the score either as sm or as skill + characteristic (+ speciality), \
                     not both",
                ));
            }
            (Some(_), None, None) if p.speciality != 0 => {
                return Err(Error::value(
                    "speciality",
                    "speciality is a part of the score given as skill + characteristic; with \
                     sm, add it to sm",
                ));
            }
            (Some(sm), None, None) => sm,
            (None, Some(skill), Some(characteristic)) => skill + characteristic + p.speciality,
            (None, Some(_), None) => {
                return Err(Error::value(
                    "characteristic",
                    "give characteristic too (the score is skill + characteristic), or the \
                     whole score as sm",
                ));
            }
            (None, None, Some(_)) => {
                return Err(Error::value(
                    "skill",
                    "give skill too (skill=0 for an unknown skill: automatic malus of 5), or \
                     the whole score as sm",
                ));
            }
            (None, None, None) => {
                return Err(Error::value(
                    "sm",
                    "give the score: sm=..., or skill=... and characteristic=...",
                ));
            }
        };
        if p.skill_zero && p.skill.is_some_and(|s| s != 0) {
            return Err(Error::value(
                "skill_zero",
                "skill_zero means a skill of 0; it cannot go with skill > 0",
            ));
        }
        let skill_zero = p.skill_zero || p.skill == Some(0);
        if p.first_use && !skill_zero {
            return Err(Error::value(
                "first_use",
                "the Chance du Débutant applies to a skill of 0 only; give skill=0, or \
                 skill_zero=true with sm",
            ));
        }
        Ok(Self {
            base,
            skill_zero,
            first_use: p.first_use,
            modifiers: p.modifiers,
            bonus: p.bonus,
            malus: p.malus,
            skill_zero_malus: p.tables.score.skill_zero_malus,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::config::read_config;
    use crate::engine::resolve::parse_assignments;
    use crate::engine::{Config, ParamValues};
    use crate::systems::test_support::error_text;

    /// The score of `name=value` words (`"sm=9 bonus=2"`).
    fn score(words: &str) -> Result<Score> {
        let specs = ScoreParams::specs("");
        let words: Vec<String> = words.split_whitespace().map(str::to_string).collect();
        let given = parse_assignments("maitrise.score", &specs, &words)?;
        let values = ParamValues::resolve(
            "maitrise.score",
            &specs,
            &given,
            crate::engine::Rosters::none(),
        )?;
        Score::from_config(read_config(&values)?)
    }

    /// The first roll's score and the later rolls' of the score of `words`
    /// (`"sm=9 bonus=2"`).
    fn rolls(words: &str) -> (i64, i64) {
        let s = score(words).unwrap_or_else(|e| panic!("{words}: {e}"));
        (s.first_roll(), s.later_rolls())
    }

    /// The first roll's score of `words`.
    fn first(words: &str) -> i64 {
        rolls(words).0
    }

    fn error(words: &str) -> String {
        error_text(score(words))
    }

    #[test]
    fn red_swims_at_11() {
        // 7 + 8 - 4 = 11, given as a net modifier or as a malus.
        assert_eq!(first("characteristic=7 skill=8 modifiers=-4"), 11);
        assert_eq!(first("characteristic=7 skill=8 malus=4"), 11);
    }

    #[test]
    fn red_shipwreck_starts_at_12() {
        assert_eq!(rolls("characteristic=4 skill=8"), (12, 12));
    }

    #[test]
    fn skill_0_gives_the_automatic_malus_by_itself() {
        // Perception 9 + Jeu de Poker 0: 9 - 5 = 4, with or without the flag.
        assert_eq!(first("characteristic=9 skill=0"), 4);
        assert_eq!(first("characteristic=9 skill=0 skill_zero=true"), 4);
        // A score given whole hides the skill: the flag says it.
        assert_eq!(first("sm=9"), 9);
        assert_eq!(first("sm=9 skill_zero=true"), 4);
        // A skill of 1 has no automatic malus.
        assert_eq!(first("characteristic=9 skill=1"), 10);
    }

    #[test]
    fn red_at_poker_scores_1() {
        // Not his first game: 9 + 0 - 5 - 3 = 1, every roll.
        assert_eq!(rolls("characteristic=9 skill=0 malus=3"), (1, 1));
        assert_eq!(rolls("characteristic=9 skill=0 modifiers=-3"), (1, 1));
        // His first game: the Chance du Débutant drops the malus of 3, not the automatic 5.
        assert_eq!(
            rolls("characteristic=9 skill=0 malus=3 first_use=true"),
            (4, 1)
        );
    }

    #[test]
    fn chance_du_debutant_drops_mali_and_keeps_boni() {
        // A bonus of 2 and a malus of 3 given apart: the malus goes, the bonus stays (+2).
        let apart = "characteristic=9 skill=0 bonus=2 malus=3 first_use=true";
        assert_eq!(rolls(apart), (6, 3));
        // The same as one net -1: a net malus, dropped whole (the reading of a net number).
        let net = "characteristic=9 skill=0 modifiers=-1 first_use=true";
        assert_eq!(rolls(net), (4, 3));
        // A net bonus stays.
        assert_eq!(
            first("characteristic=9 skill=0 modifiers=2 first_use=true"),
            6
        );
        // Everything together: 9 - 5 + 1 + 2 (malus 4 and net -2 dropped), later 9-5-2+2-4.
        let all = "sm=9 skill_zero=true first_use=true bonus=2 malus=4 modifiers=-2";
        assert_eq!(rolls(all), (6, 0));
        // Without the Chance du Débutant, bonus and malus simply add up.
        assert_eq!(first("sm=12 bonus=2 malus=3"), 11);
        assert_eq!(first("sm=12 bonus=2 malus=3 modifiers=1"), 12);
    }

    #[test]
    fn bad_score_input_is_a_clear_error() {
        for (words, says) in [
            ("sm=11 skill=3", "not both"),
            ("sm=11 characteristic=3", "not both"),
            ("sm=11 speciality=2", "add it to sm"),
            ("skill=3", "give characteristic too"),
            ("characteristic=9", "give skill too"),
            ("speciality=2", "give the score"),
            ("", "give the score"),
            ("skill=2 characteristic=9 skill_zero=true", "skill > 0"),
            ("sm=9 first_use=true", "skill of 0 only"),
            ("skill=1 characteristic=9 first_use=true", "skill of 0 only"),
            ("sm=101", "-100..=100"),
            ("skill=-1 characteristic=9", "0..=100"),
            ("sm=9 malus=-3", "0..=50"),
            ("sm=9 bonus=-1", "0..=50"),
        ] {
            let text = error(words);
            assert!(text.contains(says), "{words}: {text:?}");
        }
        assert!(score("sm=9 skill_zero=true first_use=true").is_ok());
        assert!(score("sm=0").is_ok());
    }
}
