//! The margin of an exchange (seed section 3, *Résolution*, the three cases *Supériorité*,
//! *Infériorité*, *Égalité*; the `sccs` page → *Exchange*): the attack score `A` less the
//! protection `P`. The text rolls no die: the sign of the margin decides (above 0 an
//! impact, below 0 countered, 0 a tie). It is the step of `sccs` a house rule's script
//! may replace ([`EXCHANGE_MARGIN`]) to put dice into the exchange: every mechanic that compares
//! an attack with a protection reads the margin through an [`ExchangeMargin`].
//!
//! A replaced margin moves the attack score by what the script adds: the exchange then
//! goes on as the text has it with that score (erosion, the armour's floor and the tension
//! test included). In a melee the margin given to the script is the one before erosion.

use crate::engine::Dice;
use crate::engine::house_step::{StepInput, StepRule, StepSignature};

/// The largest margin, either way, a script is given: a margin beyond it is given as
/// this bound (a house rule of a few dice does not turn an exchange won or lost by more).
pub const MAX_MARGIN: i64 = 40;

/// The step a house rule may replace: the margin an exchange reads.
pub static EXCHANGE_MARGIN: StepSignature = StepSignature {
    system: "sccs",
    name: "exchange_margin",
    doc: "the margin an exchange reads, attack score less protection: above 0 an impact (Supériorité), below 0 countered (Infériorité), 0 a tie (Égalité, the tension test); the text rolls no die",
    inputs: &[StepInput {
        name: "margin",
        range: -MAX_MARGIN..=MAX_MARGIN,
        doc: "the attack score less the protection (before erosion in a melee; brought into -40..=40)",
    }],
    output: "the margin as the exchange reads it",
    outputs: -2 * MAX_MARGIN..=2 * MAX_MARGIN,
    official: "fn exchange_margin(margin) {\n    margin\n}",
    used_by: "every sccs mechanic that compares an attack with a protection: sccs.exchange, sccs.melee, sccs.skirmish, sccs.spell (source melee)",
};

/// How an exchange reads its margin: as it is, or through a house rule's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ExchangeMargin(pub StepRule);

impl ExchangeMargin {
    /// The text's exchange: the margin as it is.
    pub const OFFICIAL: ExchangeMargin = ExchangeMargin(StepRule::OFFICIAL);

    /// The attack score the exchange of attack `a` against protection `p` compares with
    /// `p`: `a` itself, or moved by what a house rule's margin adds.
    #[inline(always)]
    pub fn attack<D: Dice>(self, dice: &mut D, a: i64, p: i64) -> i64 {
        if self.0.is_official() {
            return a;
        }
        let margin = (a - p).clamp(-MAX_MARGIN, MAX_MARGIN);
        a + self.0.roll(dice, &[margin], |_| margin) - margin
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::replay;

    #[test]
    fn the_text_reads_the_margin_as_it_is() {
        for (a, p) in [(5, 3), (3, 5), (4, 4), (90, -10)] {
            assert_eq!(replay(&[], |d| ExchangeMargin::OFFICIAL.attack(d, a, p)), a);
        }
    }
}
