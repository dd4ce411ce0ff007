//! The steps of `ose` a house rule may replace besides the attack roll's d20
//! ([`super::attack::ATTACK_DIE`]): the damage die of a blow, each side's initiative die
//! and the morale roll. Each is played through a [`crate::engine::StepRule`] by the
//! mechanics named in its signature (`alea rules ose --script` prints them).

use super::duel::Ties;
use crate::engine::house_step::{StepInput, StepRule, StepSignature};
use crate::error::{Error, Result};

/// The damage die of a blow that hits.
pub static DAMAGE_DIE: StepSignature = StepSignature {
    system: "ose",
    name: "damage_die",
    doc: "the damage die of a blow that hits: the weapon's or the monster's die; the Strength bonus is added after it and a blow deals at least 1",
    inputs: &[StepInput {
        name: "sides",
        range: 2..=20,
        doc: "the faces of the damage die (damage=8: a d8)",
    }],
    output: "the damage read, before the bonus",
    outputs: 0..=100,
    official: "fn damage_die(sides) {\n    d(sides)\n}",
    used_by: "ose.duel, ose.encounter",
};

/// Each side's initiative die.
pub static INITIATIVE_DIE: StepSignature = StepSignature {
    system: "ose",
    name: "initiative_die",
    doc: "each side's initiative die, rolled every round: the higher acts first; equal dice are rolled again or act at once (switch ties)",
    inputs: &[],
    output: "the side's initiative, 1 to 20",
    outputs: 1..=20,
    official: "fn initiative_die() {\n    d(6)\n}",
    used_by: "ose.duel, ose.encounter",
};

/// The morale roll.
pub static MORALE_ROLL: StepSignature = StepSignature {
    system: "ose",
    name: "morale_roll",
    doc: "the monsters' morale roll: above their morale they flee (the check fails)",
    inputs: &[],
    output: "the roll compared with the morale, 0 to 30",
    outputs: 0..=30,
    official: "fn morale_roll() {\n    dice(2, 6)\n}",
    used_by: "ose.morale, ose.encounter",
};

/// Checks that the initiative can end under `ties`: a house die that always gives the
/// same value ties every time, and rolling again on a tie would never stop.
pub fn check_initiative(die: StepRule, ties: Ties) -> Result<()> {
    if ties == Ties::Reroll && die.is_constant(&[]) {
        return Err(Error::value(
            "ties",
            "the house initiative_die always gives the same value, so every round ties and rolling again never ends; use ties=simultaneous or a die with two values or more",
        ));
    }
    Ok(())
}
