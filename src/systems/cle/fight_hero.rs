//! Hero points spent in a fight as the text spends them (seed *Fiche 2*, "Les points
//! d'héroïsme"; the `cle` page → `cle.fight`, *Hero points*): the effects beyond the
//! fourth die of `hero_policy`, each switched off by default.
//!
//! The text's five effects: a test with 4d6 (1 point: `hero_policy`); "après avoir
//! effectué un test, l'annuler et le recommencer" (1 point: [`HeroReroll`]); an atout's
//! heroic effect (1 point: no atouts are played); "au moment de subir des dégâts annoncés
//! par le MJ, les annuler" (2 points: [`HeroCancel`]); "encaisser des dégâts à la place
//! d'un allié proche" (2 points: `hero_cover`). "Il ne peut utiliser chacun des cinq effets
//! \[…\] qu'une seule fois par tour de jeu": **\[choice, switch `hero_limit`\]** a round
//! (the default: a PC's *tour de jeu* comes once a round, so each effect is used at most
//! once a round, as the fourth die on defence already is) or each character's turn (every
//! PC's attack and every foe's action is a *tour de jeu*; each effect, the fourth die on
//! defence too, may be used once in each).
//!
//! Readings of this program (no switch): the PCs spend as the switches say while their
//! points last, the fourth die first (it is bought before the roll), then a roll again,
//! then a cancel, then a cover; NPCs have none. The fight has no positions, so every
//! standing ally is *proche*. An ally covers only a wound that would bring the target's
//! *mal en point* tests, and only when it stays above 0 vitality itself (the first such
//! ally in the party's order).

use super::options::{HERO, has};
use super::play::Battle;
use super::{FightRule, State};
use crate::engine::Dice;
use crate::systems::cle::attack::{DamageRule, Strike};

crate::choice! {
    /// Which failed tests a PC rolls again for 1 hero point (switch `hero_reroll`).
    ///
    /// - `none`: never.
    /// - `attack`: a missed attack.
    /// - `defense`: a failed defence against a hit that deals damage.
    /// - `both`: either, the first that fails in the round (one effect, once).
    pub enum HeroReroll { None = "none", Attack = "attack", Defense = "defense", Both = "both" }
}

crate::choice! {
    /// Which wounds a PC cancels for 2 hero points (switch `hero_cancel`).
    ///
    /// - `none`: never.
    /// - `mal_en_point`: a wound that would bring the *mal en point* tests (one leaving the
    ///   PC at 0 vitality, or any wound once at 0).
    /// - `any`: every wound.
    pub enum HeroCancel { None = "none", MalEnPoint = "mal_en_point", Any = "any" }
}

crate::choice! {
    /// How often each hero point effect may be used (switch `hero_limit`, a \[choice\]).
    ///
    /// - `round`: once a round (a PC's *tour de jeu* comes once a round).
    /// - `turn`: once in each character's turn (each PC's attack, each foe's action).
    pub enum HeroLimit { Round = "round", Turn = "turn" }
}

/// How the PCs spend their hero points beyond the fourth die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeroSpending {
    /// Switch `hero_reroll`.
    pub reroll: HeroReroll,
    /// Switch `hero_cancel`.
    pub cancel: HeroCancel,
    /// Switch `hero_cover`: an ally takes a wound that would bring the target's *mal en
    /// point* tests.
    pub cover: bool,
    /// Switch `cover_protection` (a \[choice\]): the ally who covers takes the hit's damage
    /// with its own protection instead of the damage announced to the target.
    pub cover_protection: bool,
    /// Switch `hero_limit` (a \[choice\]).
    pub limit: HeroLimit,
}

impl HeroSpending {
    /// Nothing spent beyond the fourth die: the fight as it was.
    pub const NONE: Self = Self {
        reroll: HeroReroll::None,
        cancel: HeroCancel::None,
        cover: false,
        cover_protection: false,
        limit: HeroLimit::Round,
    };
}

/// The effect bits of [`State::hero_used`].
const REROLL: u8 = 1;
const CANCEL: u8 = 2;
const COVER: u8 = 4;

/// `pc` may use `effect` for `cost` points: it has them and has not used it yet.
#[inline(always)]
fn can(pc: &State, effect: u8, cost: i64) -> bool {
    pc.hero >= cost && pc.hero_used & effect == 0
}

/// `pc` pays `cost` points for `effect`.
#[inline(always)]
fn pay(pc: &mut State, spent: &mut i64, effect: u8, cost: i64) {
    pc.hero -= cost;
    pc.hero_used |= effect;
    *spent += cost;
}

impl FightRule {
    /// A new *tour de jeu* begins: with `hero_limit=turn` every PC may use each effect
    /// (and the fourth die on defence) again.
    #[inline(always)]
    pub(super) fn new_turn<const OPTIONS: u8>(&self, b: &mut Battle) {
        if has(OPTIONS, HERO) && self.hero.limit == HeroLimit::Turn {
            for pc in b.pcs.iter_mut() {
                pc.flag = false;
                pc.hero_used = 0;
            }
        }
    }

    /// PC `pc` would roll a missed attack again.
    #[inline(always)]
    pub(super) fn rerolls_attack(&self, pc: &State) -> bool {
        matches!(self.hero.reroll, HeroReroll::Attack | HeroReroll::Both) && can(pc, REROLL, 1)
    }

    /// PC `pc` would roll a failed defence again.
    #[inline(always)]
    pub(super) fn rerolls_defence(&self, pc: &State) -> bool {
        matches!(self.hero.reroll, HeroReroll::Defense | HeroReroll::Both) && can(pc, REROLL, 1)
    }

    /// PC `i` pays for the roll again it made in `strike`, if any.
    #[inline(always)]
    pub(super) fn pay_reroll(b: &mut Battle, i: usize, strike: &Strike) {
        if strike.attacker_rerolled || strike.defender_rerolled {
            pay(&mut b.pcs[i], &mut b.hero_spent, REROLL, 1);
        }
    }

    /// PC `t` is hit by `strike` (whose damage `damage` counts): it cancels the wound, or
    /// an ally takes it, as the switches say; else it takes it.
    #[inline(always)]
    pub(super) fn pc_is_hit<D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        (t, strike): (usize, &Strike),
        damage: &DamageRule,
        round: u32,
    ) {
        if strike.damage > 0 && (self.hero.cancel != HeroCancel::None || self.hero.cover) {
            let target = &b.pcs[t];
            let brings_tests = target.mal || target.vitality <= strike.damage;
            let cancels = match self.hero.cancel {
                HeroCancel::None => false,
                HeroCancel::MalEnPoint => brings_tests,
                HeroCancel::Any => true,
            };
            if cancels && can(target, CANCEL, 2) {
                pay(&mut b.pcs[t], &mut b.hero_spent, CANCEL, 2);
                return;
            }
            if self.hero.cover
                && brings_tests
                && let Some((j, taken)) = self.coverer(b, (t, strike), damage, round)
            {
                pay(&mut b.pcs[j], &mut b.hero_spent, COVER, 2);
                b.pcs[j].wound_like_pc(dice, (&self.pc[j], self.test_total), taken, round);
                return;
            }
        }
        b.pcs[t].wound_like_pc(dice, (&self.pc[t], self.test_total), strike.damage, round);
    }

    /// The first ally of PC `t` that can take `strike` for it and stays above 0 vitality,
    /// and the damage it takes (the damage announced, or with `cover_protection` the hit
    /// against its own protection).
    fn coverer(
        &self,
        b: &Battle,
        (t, strike): (usize, &Strike),
        damage: &DamageRule,
        round: u32,
    ) -> Option<(usize, i64)> {
        (0..self.pcs).filter(|&j| j != t).find_map(|j| {
            let ally = &b.pcs[j];
            let taken = if self.hero.cover_protection {
                DamageRule {
                    protection: self.pc[j].protection,
                    ..*damage
                }
                .finish(strike.raw, 0)
            } else {
                strike.damage
            };
            let able = ally.standing(round) && !ally.mal && ally.vitality > taken;
            (able && can(ally, COVER, 2)).then_some((j, taken))
        })
    }
}

#[cfg(test)]
#[path = "fight_hero_tests.rs"]
mod tests;
