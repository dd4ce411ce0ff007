//! The effect of a blow (seed chapter 3, "l'encaissement"; the `aube` page → *Damage*): a
//! blow of level `dom`, less the armour's `be`, is reduced by the resistance test's signed
//! degree `D` when it is positive; what is left, the effective damage, is read on
//! Tableau 3.1. It is the step of the damage a house rule's script may replace
//! ([`BLOW_EFFECT`]): every mechanic that reads a blow reads its effective damage through
//! [`DamageRule`](super::damage::DamageRule).

use crate::engine::Dice;
use crate::engine::house_step::{StepInput, StepRule, StepSignature};

/// The largest blow level, after the armour, a script is given (a larger one is given as
/// this); the smallest is its opposite's third.
pub const MAX_DAMAGE: i64 = 120;

/// The largest degree, either way, a script is given (a larger one is given as this).
pub const MAX_DEGREE: i64 = 40;

/// The step a house rule may replace in every blow: the effective damage of a blow once
/// the resistance test is rolled (`alea rules aube --script`).
pub static BLOW_EFFECT: StepSignature = StepSignature {
    system: "aube",
    name: "blow_effect",
    doc: "the effective damage of a blow, read on Tableau 3.1: the blow's level after the armour, less the resistance test's signed degree when it is positive",
    inputs: &[
        StepInput {
            name: "damage",
            range: -MAX_DAMAGE / 3..=MAX_DAMAGE,
            doc: "the blow's level (dom) after the armour's be (brought into -40..=120)",
        },
        StepInput {
            name: "degree",
            range: -MAX_DEGREE..=MAX_DEGREE,
            doc: "the resistance test's signed degree, heroism included (brought into -40..=40)",
        },
    ],
    output: "the effective damage, read on Tableau 3.1",
    outputs: -200..=300,
    official: "fn blow_effect(damage, degree) {\n    damage - max(degree, 0)\n}",
    used_by: "every aube mechanic that reads a blow: aube.damage, aube.depassement, aube.attack, aube.tir, aube.duel, aube.melee, aube.gauntlet (surclassement refuses a replaced step rather than ignore it)",
};

/// The effective damage of a blow of level `damage` (after the armour) against a
/// resistance test of signed degree `degree`: the text's, or a house rule's.
#[inline(always)]
pub fn effective<D: Dice>(rule: StepRule, dice: &mut D, damage: i64, degree: i64) -> i64 {
    let official = damage - degree.max(0);
    if rule.is_official() {
        return official;
    }
    let inputs = [
        damage.clamp(-MAX_DAMAGE / 3, MAX_DAMAGE),
        degree.clamp(-MAX_DEGREE, MAX_DEGREE),
    ];
    rule.roll(dice, &inputs, |_| official)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::replay;

    #[test]
    fn a_positive_degree_reduces_the_blow() {
        // Kröm's blow on Björn (the text's vector): 24 after the armour, degree 5: 19.
        let e = |damage, degree| replay(&[], |d| effective(StepRule::OFFICIAL, d, damage, degree));
        assert_eq!(e(24, 5), 19);
        assert_eq!(e(24, -3), 24);
        assert_eq!(e(300, 0), 300);
    }
}
