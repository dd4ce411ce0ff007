//! The options whose checks a play of the fight compiles in: the bits of the `const
//! OPTIONS: u8` parameter of the play's functions ([`super::play`]). A fight is played with
//! the options it has in play ([`FightRule::options_in_play`]), the checks of the others
//! compiled out; with [`ALL`] every check is made, and a check whose option is off finds
//! nothing to do. The play with one option alone gives, dice for dice, the outcomes of the
//! play with [`ALL`] (a unit test plays each option both ways).

use super::{Downed, FightRule, HeroSpending, Sides, Surprise, Trade, Union};

/// Hero point effects beyond the fourth die (rolls again, cancelled and covered wounds, a
/// limit per turn).
pub const HERO: u8 = 1;
/// Trades of primes and pénalités (Prudence and Danger on the next defences, a *Risque*'s
/// incident).
pub const TRADE: u8 = 1 << 1;
/// First aid and finishing off.
pub const DOWNED: u8 = 1 << 2;
/// A side surprised in the first round.
pub const SURPRISE: u8 = 1 << 3;
/// Cooperative attacks.
pub const UNION: u8 = 1 << 4;
/// Interruptions (their Danger and *Difficulté* among them).
pub const INTERRUPT: u8 = 1 << 5;
/// Attacks on several adversaries.
pub const SEVERAL: u8 = 1 << 6;
/// Every option's checks.
pub const ALL: u8 = (1 << 7) - 1;

/// The options that leave a Prudence or a Danger pending on a fighter's next defence (a
/// trade's pénalité, an interruption's, an *Attaques multiples*').
pub const GUARDS: u8 = TRADE | INTERRUPT | SEVERAL;

/// The options that leave a *Risque*'s incident pending (a trade's pénalité, an *Attaques
/// multiples*').
pub const INCIDENTS: u8 = TRADE | SEVERAL;

/// The options that change an attack's modifier: a trade's prime, a fall's −2, an
/// interruption's *Difficulté*.
pub const PRIMES: u8 = TRADE | INCIDENTS | INTERRUPT;

/// The options that give a PC its turn before its place in the order (a cooperative
/// attack it joins, an interruption it tries).
pub const TURNS_TAKEN: u8 = UNION | INTERRUPT;

/// The options that roll the attacker's and defender's dice in full (rolls again, an
/// unperceived attack) and pay what an attack costs afterwards (a reroll's hero point, a
/// trade's pénalité, a wound cancelled or covered).
pub const FULL_STRIKE: u8 = HERO | TRADE | SURPRISE;

/// Whether `options` compiles in the checks of any of `option`.
#[inline(always)]
pub const fn has(options: u8, option: u8) -> bool {
    options & option != 0
}

impl FightRule {
    /// The options this fight has in play: an option whose switches are all off is not.
    pub(super) fn options_in_play(&self) -> u8 {
        [
            (HERO, self.hero != HeroSpending::NONE),
            (
                TRADE,
                self.pc_trade != Trade::None || self.foe_trade != Trade::None,
            ),
            (DOWNED, self.downed != Downed::NONE),
            (SURPRISE, self.surprise != Surprise::None),
            (UNION, self.union != Union::None),
            (INTERRUPT, self.interrupt != Sides::None),
            (SEVERAL, self.attacks_several()),
        ]
        .into_iter()
        .filter(|&(_, on)| on)
        .fold(0, |options, (option, _)| options | option)
    }
}
