//! Disengaging with *Acrobatie* (seed section 4, *Note sur le Déplacement*: "L'utilisation
//! du talent Acrobatie est requise pour se désengager sauf circonstance particulière
//! (désavantage de l'adversaire ou avantage tactique)", and *Priorité 3 : Le Sprint*: "Se
//! déplacer pour s'éloigner ou rejoindre un lieu ... Une acrobatie peut être nécessaire
//! pour se désengager"), tested as section 7 tests a talent (*Le Test*: "On compare le
//! Talent à la Difficulté : Supériorité (Talent > Difficulté) : Réussite Automatique.
//! Infériorité (Talent < Difficulté) : Échec Automatique. Égalité (Talent = Difficulté) :
//! Test de Tension (D6) pour déterminer ... le temps nécessaire avant la réussite"), with
//! opponents (*La Difficulté* "Avec opposants : La Difficulté est égale au score de talent
//! (ou de statistique) le plus élevé parmi les adversaires, choisi selon la logique de
//! l'action entreprise").
//!
//! The comparison is [`compare`] and the tension test a [`Counter`], the steps of an
//! attack. Played in `sccs.skirmish` (`skirmish_disengage.rs`); every reading below is a
//! **\[choice\]** of the `sccs` page.

use super::resolution::{Comparison, Counter, compare};

crate::choice! {
    /// When a combatant tries to disengage at its turn instead of acting (the roster's
    /// `disengage`). **\[choice\]** The text leaves it to the player.
    ///
    /// - `never`: it never tries (the fight without disengaging).
    /// - `always`: it tries at every turn, from its first.
    /// - `wounded`: it tries at its turn once it has taken an impact (and not had it
    ///   restored).
    /// - `outnumbered`: it tries at its turn while the foes standing outnumber its own side
    ///   standing, itself included.
    #[derive(Hash, Default)]
    pub enum Disengage {
        #[default]
        Never = "never",
        Always = "always",
        Wounded = "wounded",
        Outnumbered = "outnumbered",
    }
}

crate::choice! {
    /// Which score of the foes engaging it is the *Difficulté* of a combatant's
    /// disengaging (switch `disengage_difficulty`), "le score de talent (ou de
    /// statistique) le plus élevé parmi les adversaires, choisi selon la logique de
    /// l'action".
    ///
    /// - `acrobatie`: the foes' own *Acrobatie*, the talent they follow it with.
    /// - `attack`: the foes' attack score (`type + cible`), the blow it must slip away from.
    pub enum DisengageDifficulty {
        Acrobatie = "acrobatie",
        Attack = "attack",
    }
}

crate::choice! {
    /// What a failed disengaging (*Échec*, the talent below the difficulty) costs (switch
    /// `disengage_failure`); the text does not say.
    ///
    /// - `stays`: the combatant stays engaged, its action spent on the attempt.
    /// - `free_attack`: the same, and every foe engaging it strikes it once at once (the
    ///   opening it gave).
    pub enum DisengageFailure {
        Stays = "stays",
        FreeAttack = "free_attack",
    }
}

crate::config! {
    /// The switches of disengaging in `sccs.skirmish`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct DisengageParams {
        /// [choice] the Difficulté of disengaging, the highest among the foes engaging the
        /// combatant (each less 1 per impact it has taken): acrobatie (their own talent),
        /// attack (their attack score type + cible)
        disengage_difficulty: DisengageDifficulty = choice(default = DisengageDifficulty::Acrobatie),
        /// [choice] a failed disengaging: stays (engaged, its action spent), free_attack
        /// (the same, and each foe engaging it strikes it once at once)
        disengage_failure: DisengageFailure = choice(default = DisengageFailure::Stays),
        /// [choice] a side whose combatants standing have all disengaged leaves the field
        /// to the other, which wins; false: the fight ends there with no winner (a draw)
        escaping_side_loses: bool = switch(default = true),
    }
}

/// What one attempt at the talent test gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TalentTest {
    /// *Réussite*: the talent above the difficulty, or the tension counter run out.
    Success,
    /// *Échec*: the talent below the difficulty.
    Failure,
    /// *Égalité* with the tension counter still running: the time the success needs has
    /// not passed yet.
    NotYet,
}

impl Disengage {
    /// Whether a combatant of this policy tries to disengage at its turn, having taken
    /// `impacts`, with `foes` foes and `allies` of its own side (itself included) standing.
    #[inline]
    pub fn tries(self, impacts: u32, foes: u8, allies: u8) -> bool {
        match self {
            Disengage::Never => false,
            Disengage::Always => true,
            Disengage::Wounded => impacts > 0,
            Disengage::Outnumbered => foes > allies,
        }
    }
}

/// One attempt at a talent test: `talent` against `difficulty`. Above, a success; below, a
/// failure; equal, the tension test: `counter` (the actor's, for this action) moves as an
/// attack's does on a tie ([`Counter::tie_with`], `d6` called only when it starts, switch
/// `tension_counts_tie` as `counts_tie`), and the success comes when it runs out.
#[inline(always)]
pub fn talent_test(
    talent: i64,
    difficulty: i64,
    counter: &mut Counter,
    d6: impl FnOnce() -> u32,
    counts_tie: bool,
) -> TalentTest {
    match compare(talent, difficulty) {
        Comparison::Impact => TalentTest::Success,
        Comparison::Countered => TalentTest::Failure,
        Comparison::Tie if counter.tie_with(d6, counts_tie) => TalentTest::Success,
        Comparison::Tie => TalentTest::NotYet,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Dice, enumerate};

    /// The chance that a talent gets its success within `attempts` attempts against
    /// `difficulty`, every D6 enumerated.
    fn within(talent: i64, difficulty: i64, attempts: u32, counts_tie: bool) -> f64 {
        let d = enumerate(|dice| {
            let mut counter = Counter::default();
            (0..attempts).any(|_| {
                talent_test(talent, difficulty, &mut counter, || dice.die(6), counts_tie)
                    == TalentTest::Success
            })
        })
        .expect("one die");
        d.p_where(|&ok| ok)
    }

    /// Acrobatie 3 against a difficulty of 2: *Supériorité*, the success at once, surely;
    /// 1 against 2: *Infériorité*, never, however often it tries; no die is rolled.
    #[test]
    fn above_succeeds_below_fails() {
        let mut c = Counter::default();
        let never = || panic!("no die");
        assert_eq!(talent_test(3, 2, &mut c, never, false), TalentTest::Success);
        assert_eq!(talent_test(1, 2, &mut c, never, false), TalentTest::Failure);
        assert_eq!(within(3, 2, 1, false), 1.0);
        assert_eq!(within(1, 2, 10, false), 0.0);
    }

    /// Acrobatie 2 against 2: the tension test. The first attempt sets the counter c (a
    /// D6) and does not succeed; the success comes at attempt c + 1. Within 3 attempts:
    /// c <= 2, 2/6 = 1/3; within 7, surely; within 1, never. With the tie counted, at
    /// attempt c: within 1, c = 1, 1/6; within 3, 3/6.
    #[test]
    fn a_tie_takes_the_tension_test() {
        assert_eq!(within(2, 2, 1, false), 0.0);
        assert!((within(2, 2, 3, false) - 1.0 / 3.0).abs() < 1e-12);
        assert!((within(2, 2, 7, false) - 1.0).abs() < 1e-12);
        assert!((within(2, 2, 1, true) - 1.0 / 6.0).abs() < 1e-12);
        assert!((within(2, 2, 3, true) - 0.5).abs() < 1e-12);
        // A 4 on the D6: not yet at attempts 1 to 4, the success at attempt 5.
        let mut c = Counter::default();
        let tries: Vec<TalentTest> = (0..5)
            .map(|_| talent_test(0, 0, &mut c, || 4, false))
            .collect();
        assert_eq!(tries[..4], [TalentTest::NotYet; 4]);
        assert_eq!(tries[4], TalentTest::Success);
    }

    #[test]
    fn each_policy_decides_at_the_turn() {
        assert!(!Disengage::Never.tries(3, 4, 1));
        assert!(Disengage::Always.tries(0, 1, 2));
        assert!(!Disengage::Wounded.tries(0, 3, 1));
        assert!(Disengage::Wounded.tries(1, 1, 1));
        // Two against three: outnumbered; two against two: not.
        assert!(Disengage::Outnumbered.tries(0, 3, 2));
        assert!(!Disengage::Outnumbered.tries(0, 2, 2));
        assert_eq!(Disengage::default(), Disengage::Never);
    }
}
