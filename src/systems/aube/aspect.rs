//! The three aspects and the tracks of each (seed chapter 1, "les aspects"; chapter 3, "les
//! blessures", "la fatigue", "les dommages", "les armures"; the `aube` page → *The Mental
//! and Mystique tracks*).
//!
//! "Le personnage peut recevoir des blessures dans ses trois aspects: Physique, Mental ou
//! Mystique", each with its own track (4 légères, 2 graves, 1 critique) and its own fatigue
//! points: *points de douleur* (Physique), *points de crise* (Mental), *points de karma*
//! (Mystique), each "une pénalité sur toutes les CA reliées à ce domaine". A blow is
//! resisted by "un jet de Résistance dans l'aspect affecté" (its *encaissement*, aspect +
//! Résistance: Endurance in Physique, Volonté in Mental, Foi in Mystique), "éventuellement
//! augmenté d'un bonus dû à son armure (physique, mentale ou mystique)".
//!
//! A fighter's figures in each aspect ([`AspectFigures`], the fields `a.skill_aspect`,
//! `a.enc_mental`, `a.be_mental`, `a.enc_mystique`, `a.be_mystique`): the aspect of its
//! weapon skill (a skill is "reliée à un aspect particulier": the merchant's Épée de Tolède
//! is a Mental skill), and its encaissement and bonus d'encaisse in the Mental and the
//! Mystique (the Physique ones are the fighter's `enc` and `be`).

use crate::engine::Choice;
use crate::error::{Error, Result};

crate::choice! {
    /// One of the three aspects of a character.
    ///
    /// - `physique`: Ph, strength, endurance, agility; its fatigue points are *points de
    ///   douleur*.
    /// - `mental`: Me, intelligence, will, intuition; *points de crise*.
    /// - `mystique`: My, the soul; *points de karma*.
    #[derive(Hash)]
    pub enum Aspect { Physique = "physique", Mental = "mental", Mystique = "mystique" }
}

crate::config! {
    /// A fighter's figures in each aspect (`a.skill_aspect`, `a.enc_mental`...).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct AspectFigures {
        /// the aspect of the weapon skill: the fatigue of that aspect alone lowers TA and TP
        skill_aspect: Aspect = choice(default = Aspect::Physique),
        /// encaissement in Mental (Me + Ré, Volonté): the resistance test of a blow on the Mental
        enc_mental: Option<i64> = int(-100..=100, optional),
        /// bonus d'encaisse of a Mental armour (a blow on the Mental)
        be_mental: i64 = int(-100..=100, default = 0),
        /// encaissement in Mystique (My + Ré, Foi): the resistance test of a blow on the Mystique
        enc_mystique: Option<i64> = int(-100..=100, optional),
        /// bonus d'encaisse of a Mystique armour (a blow on the Mystique)
        be_mystique: i64 = int(-100..=100, default = 0),
    }
}

impl AspectFigures {
    /// A fighter of the Physique alone: its skill in Physique, no Mental or Mystique
    /// figures.
    pub const DEFAULT: AspectFigures = AspectFigures {
        skill_aspect: Aspect::Physique,
        enc_mental: None,
        be_mental: 0,
        enc_mystique: None,
        be_mystique: 0,
    };

    /// The encaissement in `aspect`, `physique` being the fighter's `enc` (`None`: not
    /// given).
    #[inline]
    pub fn enc_in(&self, aspect: Aspect, physique: i64) -> Option<i64> {
        match aspect {
            Aspect::Physique => Some(physique),
            Aspect::Mental => self.enc_mental,
            Aspect::Mystique => self.enc_mystique,
        }
    }

    /// The bonus d'encaisse in `aspect`, `physique` being the fighter's `be`.
    #[inline]
    pub fn be_in(&self, aspect: Aspect, physique: i64) -> i64 {
        match aspect {
            Aspect::Physique => physique,
            Aspect::Mental => self.be_mental,
            Aspect::Mystique => self.be_mystique,
        }
    }

    /// One clear error when blows land on `aspect` and the fighter `who` has no
    /// encaissement there.
    pub fn check(&self, who: &str, aspect: Aspect) -> Result<()> {
        if self.enc_in(aspect, 0).is_none() {
            let (field, what) = match aspect {
                Aspect::Mental => ("enc_mental", "Me + Ré, Volonté"),
                _ => ("enc_mystique", "My + Ré, Foi"),
            };
            return Err(Error::value(
                format!("{who}.{field}"),
                format!(
                    "the blows land on the {} (aspect={}): give {who}.{field}, the encaissement in that aspect ({what})",
                    aspect.label(),
                    aspect.name()
                ),
            ));
        }
        Ok(())
    }
}

impl Aspect {
    /// The aspect's name in the text (Physique, Mental, Mystique).
    pub fn label(self) -> &'static str {
        match self {
            Aspect::Physique => "Physique",
            Aspect::Mental => "Mental",
            Aspect::Mystique => "Mystique",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_in_each_aspect() {
        let f = AspectFigures {
            enc_mental: Some(15),
            be_mental: 2,
            ..AspectFigures::DEFAULT
        };
        assert_eq!(f.enc_in(Aspect::Physique, 12), Some(12));
        assert_eq!(f.enc_in(Aspect::Mental, 12), Some(15));
        assert_eq!(f.enc_in(Aspect::Mystique, 12), None);
        assert_eq!(
            [Aspect::Physique, Aspect::Mental, Aspect::Mystique].map(|a| f.be_in(a, 3)),
            [3, 2, 0]
        );
        assert!(f.check("a", Aspect::Mental).is_ok());
        assert!(f.check("a", Aspect::Physique).is_ok());
        let e = f.check("b", Aspect::Mystique).expect_err("no enc_mystique");
        assert!(e.to_string().contains("b.enc_mystique"), "{e}");
        assert_eq!(Aspect::from_name("mystique"), Some(Aspect::Mystique));
    }
}
