//! The play of a fight, round by round (the order of play of [`super`]'s module
//! documentation): who attacks whom, the figurants' groups, the hero points spent.
//!
//! Each round the foes standing, in order, form groups: a figurant with up to four more
//! figurants of the same profile right after it, any other foe alone.

use super::interrupt::hurry;
use super::options::{
    ALL, DOWNED, FULL_STRIKE, GUARDS, HERO, INCIDENTS, INTERRUPT, PRIMES, SEVERAL, SURPRISE, TRADE,
    TURNS_TAKEN, UNION, has,
};
use super::trade::{Trade, guard};
use super::{
    Downed, FightOrder, FightOutcome, FightRule, GROUP, HeroPolicy, MAX_FOES, MAX_PCS, Opponent,
};
use crate::engine::Dice;
use crate::systems::cle::attack::{AttackRule, DamageRule, Rerolls};
use crate::systems::cle::opposition::Contender;
use crate::systems::cle::vitality::State;

/// Everyone's state during a fight.
pub(super) struct Battle {
    /// The PCs (the first `pcs` of them take part).
    pub(super) pcs: [State; MAX_PCS],
    /// The foes (the first `foes` of them take part).
    pub(super) foes: [State; MAX_FOES],
    /// Hero points spent so far.
    pub(super) hero_spent: i64,
}

#[cfg(test)]
impl Battle {
    /// The start of the unit tests' fights: the PCs with 20 vitality and `hero` points
    /// each, the foes with 30, no hero point spent yet.
    pub(super) fn for_tests(hero: i64) -> Self {
        Self {
            pcs: [State::new(20, hero); MAX_PCS],
            foes: [State::new(30, 0); MAX_FOES],
            hero_spent: 0,
        }
    }
}

impl FightRule {
    fn standing_count(states: &[State], round: u32) -> usize {
        states.iter().filter(|s| s.standing(round)).count()
    }

    /// This round's groups as ranges of `order` (the foes standing, in order), into
    /// `groups`; returns how many.
    pub(super) fn form_groups(&self, order: &[u8], groups: &mut [(u8, u8); MAX_FOES]) -> usize {
        let (mut n, mut i) = (0, 0);
        while i < order.len() {
            let first = self.foe[order[i] as usize];
            let mut j = i + 1;
            if first.0 == Opponent::Figurants {
                while j < order.len() && j - i < GROUP && self.foe[order[j] as usize] == first {
                    j += 1;
                }
            }
            groups[n] = (i as u8, j as u8);
            n += 1;
            i = j;
        }
        n
    }

    /// PC `i` attacks foe `t`.
    pub(super) fn pc_attacks<const OPTIONS: u8, D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        i: usize,
        t: usize,
        round: u32,
    ) {
        self.new_turn::<OPTIONS>(b);
        if has(OPTIONS, SEVERAL)
            && self.pc[i].several()
            && self.pc_attacks_several(dice, b, i, t, round)
        {
            return;
        }
        let unseen = has(OPTIONS, SURPRISE) && self.foes_surprised(round);
        let guard = if has(OPTIONS, GUARDS) && !unseen {
            guard(&mut b.foes[t])
        } else {
            0
        };
        let rule = self.pc_attack_rule::<OPTIONS>(b, i, t, round, (guard, self.pc_trade));
        let (hit, damage) = if has(OPTIONS, FULL_STRIKE) {
            let strike = rule.strike_full(dice);
            Self::pay_reroll(b, i, &strike);
            self.pc_trade.after_attack(&mut b.pcs[i], strike.hit);
            (strike.hit, strike.damage)
        } else {
            rule.strike_plain(dice)
        };
        if hit {
            self.foe_is_hit(dice, b, t, damage, round);
        }
    }

    /// The attack of PC `i` on foe `t`, the defence's Prudence and Danger `guard` already
    /// spent: the PC's fourth die bought (its hero policy), the prime of `trade` and a
    /// fall's −2 taken (with [`PRIMES`] in `OPTIONS`), its roll again of a
    /// miss allowed (with [`HERO`]), unperceived by surprised foes (with [`SURPRISE`]).
    #[inline(always)]
    pub(super) fn pc_attack_rule<const OPTIONS: u8>(
        &self,
        b: &mut Battle,
        i: usize,
        t: usize,
        round: u32,
        (guard, trade): (i64, Trade),
    ) -> AttackRule {
        let (pc, foe) = (&self.pc[i], &self.foe[t].1);
        let use_hero = matches!(
            self.hero_policy_of(i),
            HeroPolicy::Attack | HeroPolicy::Both
        ) && b.pcs[i].hero > 0;
        if use_hero {
            b.pcs[i].hero -= 1;
            b.hero_spent += 1;
        }
        let (modifiers, murderous) = self.prime::<OPTIONS>(&mut b.pcs[i], trade);
        let unseen = has(OPTIONS, SURPRISE) && self.foes_surprised(round);
        AttackRule {
            attacker: Contender {
                skill: pc.combat,
                dice: if use_hero { 4 } else { 3 },
                modifiers,
                total: self.test_total,
            },
            defense: foe.defense,
            defender_dice: 3,
            outnumbered: self.outnumbered && Self::standing_count(&b.pcs[..self.pcs], round) >= 2,
            guard,
            auto_triples: false,
            damage: DamageRule {
                bonus: pc.bonus,
                protection: foe.protection,
                murderous,
                six_plus: pc.six_plus,
                dice: self.damage_dice,
                ..DamageRule::new(pc.weapon)
            },
            rerolls: Rerolls {
                attacker: has(OPTIONS, HERO) && self.rerolls_attack(&b.pcs[i]),
                defender: false,
            },
            unperceived: self.unperceived_if(unseen),
        }
    }

    /// Foe `t` takes a hit of `damage`: like a PC for a boss, like an NPC otherwise.
    #[inline(always)]
    pub(super) fn foe_is_hit<D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        t: usize,
        damage: i64,
        round: u32,
    ) {
        let (tier, foe) = &self.foe[t];
        match tier {
            Opponent::Boss => b.foes[t].wound_like_pc(dice, (foe, self.test_total), damage, round),
            _ => b.foes[t].wound_like_npc(foe, damage),
        }
    }

    /// The modifier and *Attaques meurtrières* of `attacker`'s attack: the prime of
    /// `trade`, a fall's −2 and an interruption's *Difficulté* (with [`PRIMES`] in
    /// `OPTIONS`; none without).
    #[inline(always)]
    pub(super) fn prime<const OPTIONS: u8>(
        &self,
        attacker: &mut State,
        trade: Trade,
    ) -> (i64, u32) {
        if has(OPTIONS, PRIMES) {
            let (modifiers, murderous) = trade.attack();
            let hindered = self.risque.hindrance(attacker) + hurry(attacker);
            (modifiers + hindered, murderous)
        } else {
            (0, 0)
        }
    }

    /// The attack of a foe group of `size` standing members, led by foe `f`, on PC `t`,
    /// with the group's `prime` (modifier, *Attaques meurtrières*): when PC `t`
    /// `defends`, its fourth die bought (its hero policy), its Prudence and Danger spent
    /// (with [`GUARDS`] in `OPTIONS`) and its roll again of a failed defence allowed (with
    /// [`HERO`]).
    #[inline(always)]
    pub(super) fn foe_attack_rule<const OPTIONS: u8>(
        &self,
        b: &mut Battle,
        (f, size): (usize, i64),
        t: usize,
        round: u32,
        (prime, defends): ((i64, u32), bool),
    ) -> AttackRule {
        let (foe, profile) = (&self.foe[f].1, &self.pc[t]);
        let unseen = has(OPTIONS, SURPRISE) && self.pcs_surprised(round);
        let defends = defends && !unseen;
        let pc = &mut b.pcs[t];
        let use_hero = matches!(
            self.hero_policy_of(t),
            HeroPolicy::Defense | HeroPolicy::Both
        ) && pc.hero > 0
            && !pc.flag
            && defends;
        if use_hero {
            pc.hero -= 1;
            pc.flag = true;
            b.hero_spent += 1;
        }
        let (modifiers, murderous) = prime;
        AttackRule {
            attacker: Contender {
                skill: foe.combat,
                dice: 3,
                modifiers: size - 1 + modifiers,
                total: self.test_total,
            },
            defense: profile.defense,
            defender_dice: if use_hero { 4 } else { 3 },
            outnumbered: self.outnumbered && Self::standing_count(&b.foes[..self.foes], round) >= 2,
            guard: if has(OPTIONS, GUARDS) && defends {
                guard(&mut b.pcs[t])
            } else {
                0
            },
            auto_triples: false,
            damage: DamageRule {
                bonus: foe.bonus + size - 1,
                protection: profile.protection,
                murderous,
                six_plus: foe.six_plus,
                dice: self.damage_dice,
                ..DamageRule::new(foe.weapon)
            },
            rerolls: Rerolls {
                attacker: false,
                defender: has(OPTIONS, HERO) && defends && self.rerolls_defence(&b.pcs[t]),
            },
            unperceived: self.unperceived_if(unseen),
        }
    }

    /// A foe group of `size` standing members, led by foe `f`, attacks PC `t`.
    pub(super) fn foe_attacks<const OPTIONS: u8, D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        (f, size): (usize, i64),
        t: usize,
        round: u32,
    ) {
        if has(OPTIONS, SEVERAL)
            && self.foe[f].1.several()
            && self.foe_attacks_several(dice, b, (f, size), t, round)
        {
            return;
        }
        let prime = self.prime::<OPTIONS>(&mut b.foes[f], self.foe_trade);
        let rule = self.foe_attack_rule::<OPTIONS>(b, (f, size), t, round, (prime, true));
        if has(OPTIONS, FULL_STRIKE) {
            let strike = rule.strike_full(dice);
            Self::pay_reroll(b, t, &strike);
            self.foe_trade.after_attack(&mut b.foes[f], strike.hit);
            if strike.hit {
                self.pc_is_hit(dice, b, (t, &strike), &rule.damage, round);
            }
        } else {
            let (hit, damage) = rule.strike_plain(dice);
            if hit {
                b.pcs[t].wound_like_pc(dice, (&self.pc[t], self.test_total), damage, round);
            }
        }
    }

    /// The members of group `g` (a range of this round's `order`).
    fn members<'a>(order: &'a [u8], groups: &[(u8, u8)], g: usize) -> &'a [u8] {
        let (start, end) = groups[g];
        &order[start as usize..end as usize]
    }

    /// Group `g` acts against PC `t`, if any of its members still stands (the first
    /// standing leads).
    fn group_acts<const OPTIONS: u8, D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        (order, groups): (&[u8], &[(u8, u8)]),
        g: usize,
        t: usize,
        round: u32,
    ) {
        let members = Self::members(order, groups, g);
        let lead_of = |b: &Battle| {
            let mut standing = members
                .iter()
                .filter(|&&f| b.foes[f as usize].standing(round));
            standing
                .next()
                .map(|&lead| (lead as usize, 1 + standing.count() as i64))
        };
        if let Some(lead) = lead_of(&*b) {
            self.new_turn::<OPTIONS>(b);
            if has(OPTIONS, INCIDENTS) && self.risque.loses_turn(&mut b.foes[lead.0]) {
                return;
            }
            // PC `t` may interrupt the attack; the group then resumes, if it still stands.
            let lead = if has(OPTIONS, INTERRUPT) && self.pc_may_interrupt(b, t, round) {
                self.pc_interrupts(dice, b, (order, lead.0), t, round);
                match lead_of(&*b) {
                    Some(lead) if b.pcs[t].standing(round) => lead,
                    _ => return,
                }
            } else {
                lead
            };
            if !(has(OPTIONS, DOWNED) && self.foe_tends_or_finishes(dice, b, lead, round)) {
                self.foe_attacks::<OPTIONS, D>(dice, b, lead, t, round);
            }
        }
    }

    fn group_can_act(
        b: &Battle,
        (order, groups): (&[u8], &[(u8, u8)]),
        acted: &[bool],
        g: usize,
        round: u32,
    ) -> bool {
        !acted[g]
            && Self::members(order, groups, g)
                .iter()
                .any(|&f| b.foes[f as usize].standing(round))
    }

    /// Every foe group that has not acted this round and still stands acts, the k-th of
    /// them against the k-th standing PC (cyclically).
    fn foes_act_in_turn<const OPTIONS: u8, D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        round_groups: (&[u8], &[(u8, u8)]),
        acted: &mut [bool],
        round: u32,
    ) {
        let n_pcs = self.pcs;
        let mut k = 0;
        for g in 0..round_groups.1.len() {
            if !Self::group_can_act(b, round_groups, acted, g, round) {
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
            self.group_acts::<OPTIONS, D>(dice, b, round_groups, g, t, round);
            k += 1;
        }
    }

    /// Plays round `round` of the fight: the PCs' attacks and the foes' answers in the
    /// order of play, then the foes that have not acted; at its end the dying whose time
    /// has come die.
    #[inline(always)]
    pub(super) fn play_round<const OPTIONS: u8, D: Dice>(
        &self,
        dice: &mut D,
        b: &mut Battle,
        round: u32,
    ) {
        let (n_pcs, n_foes) = (self.pcs, self.foes);
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
        let mut group_ranges = [(0u8, 0u8); MAX_FOES];
        let groups = self.form_groups(order, &mut group_ranges);
        let round_groups = (order, &group_ranges[..groups]);
        // Surprised foes neither act nor answer this round.
        let mut acted = [has(OPTIONS, SURPRISE) && self.foes_surprised(round); MAX_FOES];
        for pc in b.pcs.iter_mut() {
            pc.flag = false;
            if has(OPTIONS, HERO | TURNS_TAKEN) {
                pc.hero_used = 0;
                pc.acted = false;
            }
        }
        if self.order == FightOrder::FoesFirst {
            self.foes_act_in_turn::<OPTIONS, D>(dice, b, round_groups, &mut acted, round);
        }
        // Surprised PCs do not act this round.
        let pcs_acting = if has(OPTIONS, SURPRISE) && self.pcs_surprised(round) {
            0
        } else {
            n_pcs
        };
        for i in 0..pcs_acting {
            if !b.pcs[i].standing(round) || (has(OPTIONS, TURNS_TAKEN) && b.pcs[i].acted) {
                continue;
            }
            let Some(&t) = order.iter().find(|&&f| b.foes[f as usize].standing(round)) else {
                break;
            };
            let t = t as usize;
            if has(OPTIONS, TURNS_TAKEN) {
                b.pcs[i].acted = true;
            }
            if has(OPTIONS, INCIDENTS) && self.risque.loses_turn(&mut b.pcs[i]) {
                // The turn lost to a Risque: nothing to answer.
                continue;
            }
            if has(OPTIONS, DOWNED) && self.downed != Downed::NONE {
                self.new_turn::<OPTIONS>(b);
                if self.pc_tends_or_finishes(dice, b, i, round) {
                    // No attack: nothing to answer.
                    continue;
                }
            }
            // The group of the foe attacked, which answers.
            let at = order.iter().position(|&f| f as usize == t).unwrap_or(0);
            let own = round_groups
                .1
                .iter()
                .position(|&(start, end)| (start as usize..end as usize).contains(&at))
                .unwrap_or(0);
            // It may interrupt the attack: on a win it attacks first; either way it has
            // had its turn.
            if has(OPTIONS, INTERRUPT)
                && self.foes_may_interrupt(round)
                && Self::group_can_act(b, round_groups, &acted, own, round)
            {
                acted[own] = true;
                let lead = Self::members(order, round_groups.1, own)
                    .iter()
                    .find(|&&f| b.foes[f as usize].standing(round))
                    .map_or(t, |&f| f as usize);
                if self.foe_interrupts(dice, b, lead, i) {
                    self.group_acts::<OPTIONS, D>(dice, b, round_groups, own, i, round);
                }
                if !b.pcs[i].standing(round) {
                    continue;
                }
            }
            // The PC attacked for, answered: the leader of a cooperative attack.
            let mut members = [0; MAX_PCS];
            let together = if has(OPTIONS, UNION) && self.joins_forces(t) {
                self.union_members(b, i, round, &mut members)
            } else {
                0
            };
            let i = if together > 1 {
                self.pcs_attack_together(dice, b, &members[..together], t, round)
            } else {
                self.pc_attacks::<OPTIONS, D>(dice, b, i, t, round);
                i
            };
            // The attacked foe's group answers, else the first that has not acted (with
            // `answer_eliminated`, only when the attacked foe is out).
            let answer = match self.order {
                FightOrder::PcsFirst | FightOrder::FoesFirst => None,
                _ if Self::group_can_act(b, round_groups, &acted, own, round) => Some(own),
                FightOrder::AnswerEliminated if b.foes[t].standing(round) => None,
                _ => (0..groups).find(|&g| Self::group_can_act(b, round_groups, &acted, g, round)),
            };
            if let Some(g) = answer {
                acted[g] = true;
                self.group_acts::<OPTIONS, D>(dice, b, round_groups, g, i, round);
            }
            if Self::standing_count(&b.pcs[..n_pcs], round) == 0
                || Self::standing_count(&b.foes[..n_foes], round) == 0
            {
                break;
            }
        }
        // Foes that have not acted, against the standing PCs in turn.
        self.foes_act_in_turn::<OPTIONS, D>(dice, b, round_groups, &mut acted, round);
        // End of the round: the dying whose time has come die.
        for s in b.pcs[..n_pcs].iter_mut().chain(b.foes[..n_foes].iter_mut()) {
            if s.dies_at != 0 && s.dies_at <= round {
                s.kill();
            }
        }
    }

    /// Plays the whole fight, with the checks of the options it has in play compiled in
    /// and those of the others compiled out (chosen once per fight, not at every attack):
    /// a play of its own for no option and for each option alone, the play with every
    /// check for two options or more.
    pub fn roll<D: Dice>(&self, dice: &mut D) -> FightOutcome {
        match self.options_in_play() {
            0 => self.fight::<0, D>(dice),
            HERO => self.fight::<HERO, D>(dice),
            TRADE => self.fight::<TRADE, D>(dice),
            DOWNED => self.fight::<DOWNED, D>(dice),
            SURPRISE => self.fight::<SURPRISE, D>(dice),
            UNION => self.fight::<UNION, D>(dice),
            INTERRUPT => self.fight::<INTERRUPT, D>(dice),
            SEVERAL => self.fight::<SEVERAL, D>(dice),
            _ => self.fight::<ALL, D>(dice),
        }
    }

    /// Plays the whole fight, the checks of `OPTIONS` (bits of [`super::options`]) compiled
    /// in.
    #[inline(always)]
    pub(super) fn fight<const OPTIONS: u8, D: Dice>(&self, dice: &mut D) -> FightOutcome {
        let hero = self.hero_points;
        let mut b = Battle {
            pcs: self.pc.map(|p| State::new(p.vitality, hero)),
            foes: self.foe.map(|(_, p)| State::new(p.vitality, 0)),
            hero_spent: 0,
        };
        let (n_pcs, n_foes) = (self.pcs, self.foes);
        let mut rounds = self.max_rounds;
        let (mut pcs_win, mut foes_win) = (false, false);
        for round in 1..=self.max_rounds {
            self.play_round::<OPTIONS, D>(dice, &mut b, round);
            // Out: dead, or unconscious (those who fell this round included).
            foes_win = b.pcs[..n_pcs].iter().all(|s| !s.standing(round));
            pcs_win = b.foes[..n_foes].iter().all(|s| !s.standing(round));
            if pcs_win || foes_win {
                rounds = round;
                break;
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
