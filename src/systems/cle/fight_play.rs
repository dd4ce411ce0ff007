//! The play of a fight, round by round (the order of play of [`super`]'s module
//! documentation): who attacks whom, the figurants' groups, the hero points spent.

use super::{FightOrder, FightOutcome, FightRule, GROUP, HeroPolicy, MAX_FOES, MAX_PCS, Opponent};
use crate::engine::Dice;
use crate::systems::cle::attack::{AttackRule, DamageRule};
use crate::systems::cle::opposition::Side;
use crate::systems::cle::vitality::{State, hero_points};

/// Everyone's state during a fight.
pub(super) struct Battle {
    /// The PCs (the first `pcs` of them take part).
    pub(super) pcs: [State; MAX_PCS],
    /// The foes (the first `foes` of them take part).
    pub(super) foes: [State; MAX_FOES],
    /// Hero points spent so far.
    pub(super) hero_spent: i64,
}

impl FightRule {
    fn standing_count(states: &[State], round: u32) -> usize {
        states.iter().filter(|s| s.standing(round)).count()
    }

    fn group_size(&self) -> usize {
        if self.opponent == Opponent::Figurants {
            GROUP
        } else {
            1
        }
    }

    /// PC `i` attacks foe `t`.
    fn pc_attacks<D: Dice>(&self, dice: &mut D, b: &mut Battle, i: usize, t: usize, round: u32) {
        let use_hero =
            matches!(self.hero_policy, HeroPolicy::Attack | HeroPolicy::Both) && b.pcs[i].hero > 0;
        if use_hero {
            b.pcs[i].hero -= 1;
            b.hero_spent += 1;
        }
        let rule = AttackRule {
            attacker: Side {
                skill: self.pc.combat,
                dice: if use_hero { 4 } else { 3 },
                modifiers: 0,
            },
            defense: self.foe.defense,
            defender_dice: 3,
            outnumbered: self.outnumbered && Self::standing_count(&b.pcs[..self.pcs], round) >= 2,
            auto_triples: false,
            damage: DamageRule {
                bonus: self.pc.bonus,
                protection: self.foe.protection,
                ..DamageRule::new(self.pc.weapon)
            },
        };
        let (hit, damage) = rule.strike(dice);
        if hit {
            match self.opponent {
                Opponent::Boss => b.foes[t].wound_like_pc(dice, &self.foe, damage, round),
                _ => b.foes[t].wound_like_npc(&self.foe, damage),
            }
        }
    }

    /// A foe group of `size` standing members attacks PC `t`.
    pub(super) fn foe_attacks<D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        size: i64,
        t: usize,
        round: u32,
    ) {
        let pc = &mut b.pcs[t];
        let use_hero = matches!(self.hero_policy, HeroPolicy::Defense | HeroPolicy::Both)
            && pc.hero > 0
            && !pc.flag;
        if use_hero {
            pc.hero -= 1;
            pc.flag = true;
            b.hero_spent += 1;
        }
        let rule = AttackRule {
            attacker: Side {
                skill: self.foe.combat,
                dice: 3,
                modifiers: size - 1,
            },
            defense: self.pc.defense,
            defender_dice: if use_hero { 4 } else { 3 },
            outnumbered: self.outnumbered && Self::standing_count(&b.foes[..self.foes], round) >= 2,
            auto_triples: false,
            damage: DamageRule {
                bonus: self.foe.bonus + size - 1,
                protection: self.pc.protection,
                ..DamageRule::new(self.foe.weapon)
            },
        };
        let (hit, damage) = rule.strike(dice);
        if hit {
            b.pcs[t].wound_like_pc(dice, &self.pc, damage, round);
        }
    }

    /// Standing members of group `g` (consecutive chunk `g` of this round's `order`).
    fn group_members(&self, order: &[u8], g: usize) -> std::ops::Range<usize> {
        let k = self.group_size();
        (g * k).min(order.len())..((g + 1) * k).min(order.len())
    }

    /// Group `g` acts against PC `t`, if any of its members still stands.
    fn group_acts<D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        order: &[u8],
        g: usize,
        t: usize,
        round: u32,
    ) {
        let size = order[self.group_members(order, g)]
            .iter()
            .filter(|&&f| b.foes[f as usize].standing(round))
            .count() as i64;
        if size > 0 {
            self.foe_attacks(dice, b, size, t, round);
        }
    }

    fn group_can_act(
        &self,
        b: &Battle,
        order: &[u8],
        acted: &[bool],
        g: usize,
        round: u32,
    ) -> bool {
        !acted[g]
            && order[self.group_members(order, g)]
                .iter()
                .any(|&f| b.foes[f as usize].standing(round))
    }

    /// Every foe group that has not acted this round and still stands acts, the k-th of
    /// them against the k-th standing PC (cyclically).
    fn foes_act_in_turn<D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        order: &[u8],
        acted: &mut [bool],
        round: u32,
    ) {
        let n_pcs = self.pcs;
        let mut k = 0;
        for g in 0..order.len().div_ceil(self.group_size()) {
            if !self.group_can_act(b, order, acted, g, round) {
                continue;
            }
            let standing = Self::standing_count(&b.pcs[..n_pcs], round);
            if standing == 0 {
                break;
            }
            let nth = k % standing;
            let t = (0..n_pcs)
                .filter(|&i| b.pcs[i].standing(round))
                .nth(nth)
                .unwrap_or(0);
            acted[g] = true;
            self.group_acts(dice, b, order, g, t, round);
            k += 1;
        }
    }

    /// Plays the whole fight.
    pub fn roll<D: Dice>(&self, dice: &mut D) -> FightOutcome {
        let hero = hero_points(self.pcs);
        let mut b = Battle {
            pcs: [State::new(self.pc.vitality, hero); MAX_PCS],
            foes: [State::new(self.foe.vitality, 0); MAX_FOES],
            hero_spent: 0,
        };
        let (n_pcs, n_foes) = (self.pcs, self.foes);
        let mut rounds = self.max_rounds;
        let (mut pcs_win, mut foes_win) = (false, false);
        'fight: for round in 1..=self.max_rounds {
            // This round's foe order (standing ones) and groups.
            let mut order = [0u8; MAX_FOES];
            let mut n_order = 0;
            for f in 0..n_foes {
                if b.foes[f].standing(round) {
                    order[n_order] = f as u8;
                    n_order += 1;
                }
            }
            let order = &order[..n_order];
            let groups = n_order.div_ceil(self.group_size());
            let mut acted = [false; MAX_FOES];
            for pc in b.pcs.iter_mut() {
                pc.flag = false;
            }
            if self.order == FightOrder::FoesFirst {
                self.foes_act_in_turn(dice, &mut b, order, &mut acted, round);
            }
            for i in 0..n_pcs {
                if !b.pcs[i].standing(round) {
                    continue;
                }
                let Some(&t) = order.iter().find(|&&f| b.foes[f as usize].standing(round)) else {
                    break;
                };
                let t = t as usize;
                self.pc_attacks(dice, &mut b, i, t, round);
                // The attacked foe's group answers, else the first that has not acted.
                let own =
                    order.iter().position(|&f| f as usize == t).unwrap_or(0) / self.group_size();
                let answer = if self.order != FightOrder::Answer {
                    None
                } else if self.group_can_act(&b, order, &acted, own, round) {
                    Some(own)
                } else {
                    (0..groups).find(|&g| self.group_can_act(&b, order, &acted, g, round))
                };
                if let Some(g) = answer {
                    acted[g] = true;
                    self.group_acts(dice, &mut b, order, g, i, round);
                }
                if Self::standing_count(&b.pcs[..n_pcs], round) == 0
                    || Self::standing_count(&b.foes[..n_foes], round) == 0
                {
                    break;
                }
            }
            // Foes that have not acted, against the standing PCs in turn.
            self.foes_act_in_turn(dice, &mut b, order, &mut acted, round);
            // End of the round: the dying whose time has come die.
            for s in b.pcs[..n_pcs].iter_mut().chain(b.foes[..n_foes].iter_mut()) {
                if s.dies_at != 0 && s.dies_at <= round {
                    s.dead = true;
                }
            }
            // Out: dead, or unconscious (those who fell this round included).
            foes_win = b.pcs[..n_pcs].iter().all(|s| !s.standing(round));
            pcs_win = b.foes[..n_foes].iter().all(|s| !s.standing(round));
            if pcs_win || foes_win {
                rounds = round;
                break 'fight;
            }
        }
        // Both sides out at once: nobody wins.
        if pcs_win && foes_win {
            pcs_win = false;
            foes_win = false;
        }
        let deaths = b.pcs[..n_pcs]
            .iter()
            .filter(|s| s.dead || s.dies_at != 0)
            .count() as u32;
        FightOutcome {
            pcs_win,
            foes_win,
            rounds,
            deaths,
            hero_spent: b.hero_spent,
        }
    }
}
