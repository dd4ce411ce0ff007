//! The tension die (seed section 3, *Cas C : Égalité*; the `sccs` page → *Tension*): on a
//! tie with no counter running, a die (a D6 in the text, `tension.die` in the rule tables)
//! sets the *compteur de tension*, the repetitions of the same action still needed for the
//! impact. It is the step of `sccs` a house rule's script may replace ([`TENSION_DIE`]):
//! every mechanic that rolls a counter rolls it through a [`TensionDie`].

use crate::engine::Dice;
use crate::engine::house_step::{StepInput, StepRule, StepSignature};

/// The largest counter a tension die may set (the counters are small numbers).
pub const MAX_COUNTER: i64 = 20;

/// The step a house rule may replace: the die that sets a tension counter.
pub static TENSION_DIE: StepSignature = StepSignature {
    system: "sccs",
    name: "tension_die",
    doc: "the die a tie rolls when no tension counter runs: it sets the counter, the repetitions of the same action still needed for the impact",
    inputs: &[StepInput {
        name: "faces",
        range: 1..=MAX_COUNTER,
        doc: "the faces of the tension die in the rule tables (tension.die: 6 in the text)",
    }],
    output: "the counter: the repetitions still needed for the impact (1 = the next repetition lands it)",
    outputs: 1..=MAX_COUNTER,
    official: "fn tension_die(faces) {\n    d(faces)\n}",
    used_by: "every sccs mechanic that rolls a counter: sccs.exchange, sccs.tension, sccs.melee, sccs.skirmish, sccs.spell (source melee)",
};

/// How a counter is set: a die of `faces` faces, or a house rule's table for those faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TensionDie {
    /// Faces of the official die (`tension.die`).
    faces: u32,
    /// The official die or a house rule's replacement.
    rule: StepRule,
}

impl TensionDie {
    /// The official die of `faces` faces.
    pub const fn official(faces: u32) -> Self {
        Self {
            faces,
            rule: StepRule::OFFICIAL,
        }
    }

    /// A die of `faces` faces played by `rule`.
    pub fn new(faces: u32, rule: StepRule) -> Self {
        Self { faces, rule }
    }

    /// The counter it sets (at least 1).
    #[inline(always)]
    pub fn roll<D: Dice>(self, dice: &mut D) -> u32 {
        let faces = self.faces;
        self.rule
            .roll(dice, &[i64::from(faces)], |d| i64::from(d.die(faces))) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::enumerate;

    #[test]
    fn the_official_die_sets_a_counter_from_1_to_its_faces() {
        let dist = enumerate(|d| TensionDie::official(6).roll(d)).unwrap();
        for counter in 1..=6 {
            assert!((dist.p(&counter) - 1.0 / 6.0).abs() < 1e-15);
        }
        assert_eq!(
            TensionDie::official(4),
            TensionDie::new(4, StepRule::OFFICIAL)
        );
    }
}
