//! How a fighter conducts itself in a fight of classic combat (seed chapter 2, "les actions
//! multiples", Ex. 2.9; chapter 4, "total de parade", "l'esquive"; the `aube` page →
//! *Fighting while doing something else, or only defending*): the options `a.stance`,
//! `a.evitement`, `a.actions` and `a.rank` of a fighter in `aube.duel` and `aube.melee`.
//!
//! - **Multiple actions.** "Lorsqu'un personnage décide de faire plusieurs actions
//!   simultanément [...] L'action la plus importante subira un handicap égal au nombre
//!   d'actions simultanées, et les suivantes [...] 3 points supplémentaires": a fighter
//!   that does `actions` things at once each round (attack while dodging a shot, cutting a
//!   rope...) makes its action of the fight, ranked `rank` of them by importance, with the
//!   handicap of [`multiple::handicap`] (the rule step of `aube.multiple`, with the table
//!   `[multiple]` in force): Mireille's avoiding the knight, first of three, at 3. The
//!   other actions happen outside the fight: only their handicap is played here.
//!   \[choice\] A lone action is no multiple action: `actions = 1` (the default) has no
//!   handicap (`aube.multiple`'s `lone_action_free`), so the default fight is the game
//!   without the option. \[choice\] The parry is not an action (the text makes it a total,
//!   not a roll): the handicap lowers the attack (TA), never the parry.
//! - **Defending only.** "Si le personnage ne se bat pas et tente d'éviter les coups, on
//!   utilisera plutôt son esquive": with `stance=defend` the fighter never attacks, and its
//!   total de parade is its *esquive* `Esq = évitement - fa`, where `evitement` is its CA in
//!   Évitement (`Ph + Ma + BC(Évitement)`), lowered by fatigue like every Physique CA and by
//!   the handicap of its rank when it dodges while doing other things.

use super::multiple;
use super::tables::MultipleTable;
use crate::error::{Error, Result};

crate::choice! {
    /// What a fighter does in a fight.
    ///
    /// - `fight`: attacks each round and parries with its total de parade (the default).
    /// - `defend`: does not attack; dodges every attack with its esquive (`evitement - fa`).
    #[derive(Hash)]
    pub enum Stance { Fight = "fight", Defend = "defend" }
}

crate::config! {
    /// How a fighter conducts itself in the fight (`a.stance`, `a.evitement`, `a.actions`,
    /// `a.rank`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct Conduct {
        /// fight (attack and parry) or defend (no attack; dodge with the esquive, evitement - fa)
        stance: Stance = choice(default = Stance::Fight),
        /// CA in Évitement (Ph + Ma + BC): the esquive is evitement - fa; needed by stance=defend
        evitement: Option<i64> = int(-100..=100, optional),
        /// [choice] actions done at once each round, the fight's among them (1: no multiple action, no handicap)
        actions: u32 = int(1..=10, default = 1),
        /// the rank by importance of the fight's action (the attack, or the dodge) among the actions: handicap actions + 3(rank - 1)
        rank: u32 = int(1..=10, default = 1),
    }
}

impl Conduct {
    /// The game without the options: fights, one action.
    pub const DEFAULT: Conduct = Conduct {
        stance: Stance::Fight,
        evitement: None,
        actions: 1,
        rank: 1,
    };

    /// Whether the fighter attacks (`stance=fight`).
    #[inline]
    pub fn strikes(&self) -> bool {
        self.stance == Stance::Fight
    }

    /// The handicap of the fighter's action in the fight ([`multiple::handicap`] of its
    /// rank among its actions; none for a lone action).
    #[inline]
    pub fn handicap(&self, steps: &MultipleTable) -> i64 {
        multiple::handicap(self.actions as usize, self.rank as usize, steps, true)
    }

    /// What the fighter's attack loses: the handicap when it fights, else nothing.
    #[inline]
    pub fn attack_handicap(&self, steps: &MultipleTable) -> i64 {
        if self.strikes() {
            self.handicap(steps)
        } else {
            0
        }
    }

    /// The fighter's total de parade before fatigue: `tp` (`ca + bp - fa`) when it fights,
    /// its esquive `evitement - fa` less the handicap when it only defends.
    #[inline]
    pub fn defence(&self, tp: i64, fa: i64, steps: &MultipleTable) -> i64 {
        match (self.stance, self.evitement) {
            (Stance::Defend, Some(evitement)) => evitement - fa - self.handicap(steps),
            _ => tp,
        }
    }

    /// One clear error when the options do not fit together: `stance=defend` without
    /// `evitement`, a rank past the actions. `who` names the fighter (`a`, `side_a`...).
    pub fn check(&self, who: &str) -> Result<()> {
        if self.stance == Stance::Defend && self.evitement.is_none() {
            return Err(Error::value(
                format!("{who}.evitement"),
                format!(
                    "{who}.stance=defend dodges with the esquive (evitement - fa): give {who}.evitement, the CA in Évitement (Ph + Ma + BC)"
                ),
            ));
        }
        if self.rank > self.actions {
            return Err(Error::value(
                format!("{who}.rank"),
                format!(
                    "{who}.rank={} is past {who}.actions={}: the fight's action is one of the actions",
                    self.rank, self.actions
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::aube::tables::AubeTables;

    fn conduct(stance: Stance, actions: u32, rank: u32) -> Conduct {
        Conduct {
            stance,
            evitement: Some(14),
            actions,
            rank,
        }
    }

    #[test]
    fn ex_2_9_the_handicaps_of_the_fight_action() {
        // Mireille: three actions, avoiding the knight first (3), then 6 and 9.
        let steps = &AubeTables::OFFICIAL.multiple;
        let h = |actions, rank| conduct(Stance::Fight, actions, rank).handicap(steps);
        assert_eq!([h(3, 1), h(3, 2), h(3, 3)], [3, 6, 9]);
        // Attacking while dodging a shot: 2 first, 5 second; a lone attack: none.
        assert_eq!([h(2, 1), h(2, 2), h(1, 1)], [2, 5, 0]);
        assert_eq!(Conduct::DEFAULT.handicap(steps), 0);
        // A house table's steps.
        let house = MultipleTable {
            planned: 2,
            unplanned: 4,
        };
        assert_eq!(conduct(Stance::Fight, 3, 3).handicap(&house), 7);
    }

    #[test]
    fn the_attack_or_the_dodge_takes_the_handicap() {
        let steps = &AubeTables::OFFICIAL.multiple;
        let fighting = conduct(Stance::Fight, 2, 2);
        assert_eq!(fighting.attack_handicap(steps), 5);
        // The parry is no action: the TP given stays.
        assert_eq!(fighting.defence(2, 10, steps), 2);
        let dodging = conduct(Stance::Defend, 2, 1);
        assert_eq!(dodging.attack_handicap(steps), 0);
        // Esquive 14 - 10, less the handicap 2 of the first of two actions.
        assert_eq!(dodging.defence(2, 10, steps), 2);
        assert_eq!(conduct(Stance::Defend, 1, 1).defence(-5, 10, steps), 4);
    }

    #[test]
    fn options_that_do_not_fit_are_errors() {
        assert!(Conduct::DEFAULT.check("a").is_ok());
        let no_evitement = Conduct {
            evitement: None,
            ..conduct(Stance::Defend, 1, 1)
        };
        let e = no_evitement
            .check("a")
            .expect_err("no evitement")
            .to_string();
        assert!(e.contains("a.evitement"), "{e}");
        let e = conduct(Stance::Fight, 2, 3)
            .check("b")
            .expect_err("rank")
            .to_string();
        assert!(e.contains("b.rank"), "{e}");
    }
}
