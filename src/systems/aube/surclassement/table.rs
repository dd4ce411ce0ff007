//! The prepared tests of surclassement: every test a surclassement mechanic makes is a
//! plain test against nd 0 (a manœuvre, or the resistance test of the damage step).

use crate::engine::Dice;
use crate::systems::aube::resolution::{Prepared, TestOutcome, TestRule};
use std::sync::OnceLock;

/// The CA table of every test a surclassement mechanic makes (nd 0, default options):
/// each CA in `LO..=HI` prepared once, so the hot loop makes no preparation; other CAs
/// fall back to [`TestRule::roll`].
#[derive(Debug, Clone, PartialEq)]
pub struct RollTable {
    tests: Vec<Prepared>,
}

impl RollTable {
    const LO: i64 = -60;
    const HI: i64 = 60;

    /// Prepares every CA of the table.
    pub fn new() -> Self {
        Self {
            tests: (Self::LO..=Self::HI)
                .map(|ca| Prepared::new(&TestRule::new(ca, 0)))
                .collect(),
        }
    }

    /// The table every step of surclassement rolls on ([`super::exchange::Contest`],
    /// [`super::exchange::Blow`]): prepared once for the whole program.
    #[inline(always)]
    pub fn shared() -> &'static RollTable {
        static SHARED: OnceLock<RollTable> = OnceLock::new();
        SHARED.get_or_init(RollTable::new)
    }

    /// Rolls the test of `ca` against nd 0.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, ca: i64, dice: &mut D) -> TestOutcome {
        if (Self::LO..=Self::HI).contains(&ca) {
            self.tests[(ca - Self::LO) as usize].roll(dice)
        } else {
            TestRule::new(ca, 0).roll(dice)
        }
    }
}

impl Default for RollTable {
    fn default() -> Self {
        Self::new()
    }
}
