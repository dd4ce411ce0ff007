//! Surprise in a fight (seed *Fiche 3*, "Surprise", "La défense"; the `cle` page →
//! `cle.fight`, *Surprise*): the side taken by surprise neither acts nor defends in the
//! first round, off by default.
//!
//! "Au cours d'un round où il est surpris, un personnage ne peut ni effectuer d'action, ni
//! se défendre." "Si un personnage ne perçoit pas une attaque, il ne peut se défendre
//! contre elle : il suffit que le joueur de son adversaire réussisse un test de *Combat*
//! avec une difficulté déterminée par le meneur de jeu selon les circonstances –
//! généralement 10 – pour qu'il réussisse son attaque." An attack on a surprised
//! character is such an attack ([`crate::systems::cle::attack::AttackRule::unperceived`],
//! difficulty `unperceived`, 10 by default): no defence, so no fourth die nor roll again
//! of the defence, no Prudence nor Danger spent, and the damage is read off the attack
//! as any hit's.
//!
//! Readings of this program (no switch): the surprise lasts the first round, for every
//! member of the side; a surprised PC may still spend hero points on the damage it takes
//! (a cancel, an ally's cover), which are no defence; the foes surprised do not answer
//! the PCs' attacks.

use super::FightRule;

crate::choice! {
    /// The side taken by surprise in the first round (switch `surprise`).
    ///
    /// - `none`: nobody.
    /// - `pcs`: the PCs: the foes act, the PCs neither act nor defend.
    /// - `foes`: the foes: the PCs act, the foes neither act nor defend.
    pub enum Surprise { None = "none", Pcs = "pcs", Foes = "foes" }
}

impl FightRule {
    /// The PCs are surprised in `round`.
    #[inline(always)]
    pub(super) fn pcs_surprised(&self, round: u32) -> bool {
        round == 1 && self.surprise == Surprise::Pcs
    }

    /// The foes are surprised in `round`.
    #[inline(always)]
    pub(super) fn foes_surprised(&self, round: u32) -> bool {
        round == 1 && self.surprise == Surprise::Foes
    }

    /// The difficulty of an attack on a defender who is surprised (`surprised`), else none.
    #[inline(always)]
    pub(super) fn unperceived_if(&self, surprised: bool) -> Option<i64> {
        surprised.then_some(self.unperceived)
    }
}

#[cfg(test)]
#[path = "fight_surprise_tests.rs"]
mod tests;
