//! "L'union fait la force" (seed *Fiche 3*; *Fiche 2*, "Coopération"; the `cle` page →
//! `cle.fight`, *L'union fait la force*): the PCs attack a foe together by the rule of
//! cooperation, off by default.
//!
//! "Si plusieurs combattants attaquent une même cible, ils peuvent choisir d'utiliser la
//! règle de coopération […]. Contre certains adversaires redoutables, ce peut même être
//! indispensable pour vaincre." The cooperation: "Lors des scènes d'action […], tous les
//! personnages qui coopèrent agissent exceptionnellement ensemble, au cours d'un unique
//! tour de jeu. On considère que celui qui obtient le meilleur résultat a spontanément
//! pris l'ascendant sur le groupe. C'est donc son test qui est utilisé […]. Le résultat
//! est augmenté de 1 point pour chaque autre joueur qui a obtenu un résultat supérieur ou
//! égal à 15, et diminué de 1 point pour chaque autre test strictement inférieur à 10."
//!
//! Each member throws its attack (3d6, or 4d6 with the fourth die of `hero_policy`, +
//! Combat + its trade's prime); the group is joined and its result read by the rule of
//! `cle.cooperation` itself ([`Group`](crate::systems::cle::cooperation::Group), with
//! its default reading of the automatic results, `auto_results=best`); the leader's throw, its total raised or lowered to the group's
//! result, is one attack against the target's single defence; the damage is read off the
//! leader's dice, with the leader's weapon, bonus and fourth die.
//!
//! **\[choice, switch `union`\]** which foes the PCs attack together: the text's "certains
//! adversaires redoutables" are read as a boss (`boss`), or every foe (`all`); `none`, the
//! default, plays every attack alone. Readings of this program (no switch): when a PC's
//! turn comes to attack such a foe, every standing PC after it in the party's order that
//! has not acted this round joins it (a PC whose *Risque* costs it its turn does not); it
//! is their one *tour de jeu*; the foe attacked answers the leader; among equal best
//! results the first member in the party's order leads; a cooperative attack is not rolled
//! again with a hero point (no member's test is the attack's own); each member pays its
//! trade's pénalité (a *Risque* when the joint attack misses).

use super::options::ALL;
use super::play::Battle;
use super::trade::guard;
use super::{FightRule, MAX_PCS, Opponent};
use crate::engine::Dice;
use crate::systems::cle::attack::{AttackRule, Thrown};
use crate::systems::cle::cooperation::{AutoResults, Group, lead_rank};

crate::choice! {
    /// Which foes the PCs attack together by the rule of cooperation (switch `union`, a
    /// \[choice\]).
    ///
    /// - `none`: every attack alone.
    /// - `boss`: a boss (the text's "adversaires redoutables").
    /// - `all`: every foe.
    pub enum Union { None = "none", Boss = "boss", All = "all" }
}

/// How the leader of a cooperative attack is chosen: `cle.cooperation`'s default.
const LEAD: AutoResults = AutoResults::Best;

impl FightRule {
    /// The PCs attack foe `t` together.
    #[inline(always)]
    pub(super) fn joins_forces(&self, t: usize) -> bool {
        match self.union {
            Union::None => false,
            Union::Boss => self.foe[t].0 == Opponent::Boss,
            Union::All => true,
        }
    }

    /// The members of a cooperative attack started by PC `i` in `round`: `i` and every
    /// standing PC after it that has not acted, now marked as having acted (those who lose
    /// their turn to a *Risque* too). Returns how many, in `members`.
    pub(super) fn union_members(
        &self,
        b: &mut Battle,
        i: usize,
        round: u32,
        members: &mut [usize; MAX_PCS],
    ) -> usize {
        let mut n = 0;
        for j in i..self.pcs {
            if j != i && (b.pcs[j].acted || !b.pcs[j].standing(round)) {
                continue;
            }
            b.pcs[j].acted = true;
            if j != i && self.risque.loses_turn(&mut b.pcs[j]) {
                continue;
            }
            members[n] = j;
            n += 1;
        }
        n
    }

    /// The PCs `members` (at least one) attack foe `t` together: each throws, the
    /// cooperation's rule picks the leader and adjusts its result, the leader's throw is
    /// resolved against one defence. Returns the leader.
    pub(super) fn pcs_attack_together<D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        members: &[usize],
        t: usize,
        round: u32,
    ) -> usize {
        self.new_turn::<ALL>(b);
        let unseen = self.foes_surprised(round);
        let guard = if unseen { 0 } else { guard(&mut b.foes[t]) };
        let mut group = Group::EMPTY;
        let mut throws = [None::<(i64, usize, AttackRule, Thrown)>; MAX_PCS];
        for (slot, &m) in throws.iter_mut().zip(members) {
            let mut rule = self.pc_attack_rule::<ALL>(b, m, t, round, (guard, self.pc_trade));
            rule.rerolls.attacker = false;
            let thrown = rule.throw(dice);
            let score = rule.attacker.score_reading(thrown.reading);
            group = group.join(score.total, score.auto, LEAD);
            *slot = Some((lead_rank(score.total, score.auto, LEAD), m, rule, thrown));
        }
        // The leader: the first member whose result is the group's best.
        let Some((_, leader, mut rule, thrown)) = throws
            .iter()
            .flatten()
            .find(|(rank, ..)| *rank == group.best_rank())
            .copied()
        else {
            return members[0];
        };
        let own = rule.attacker.score_reading(thrown.reading).total;
        rule.attacker.modifiers += group.result(LEAD).0 - own;
        let strike = rule.strike_thrown(dice, thrown);
        for &m in members {
            self.pc_trade.after_attack(&mut b.pcs[m], strike.hit);
        }
        if strike.hit {
            self.foe_is_hit(dice, b, t, strike.damage, round);
        }
        leader
    }
}

#[cfg(test)]
#[path = "fight_union_tests.rs"]
mod tests;
