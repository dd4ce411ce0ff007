//! A group fight (seed section 4 "Déroulement d'un combat", *L'obligation d'agir* and *La
//! hiérarchie de l'Initiative*; section 3, *La Loi du Surnombre*, *Conséquences de
//! l'Impact*; the `sccs` page), and the `sccs.skirmish` mechanic: two sides of named
//! combatants (`side_a=knight,soldier side_b=militia*3`; `alea roster sccs`) fight until
//! one side is out.
//!
//! Every combatant standing acts once a round, in the order of the initiative: priority
//! 1 to 8 (lower first), on equal priority the higher attack score first, then a D6 each
//! ([`super::d6_order`]). **\[choice\]** The order is settled once, at the start of the
//! fight (the priorities are fixed by the equipment); switch `initiative_each_round` rolls
//! the dice of equal priorities again every round. A combatant out before its turn does
//! not act.
//!
//! Each attack is one exchange of [`Receiving::land`], the code `sccs.melee` runs: the
//! attacker's score `A`, less 1 per impact it has taken (the text's −1 to all actions),
//! against the target's [`Guard`], eroded by the attacks it already received this round
//! (switch `erosion`; the floor at `A`, the armour's sacrifice and the switches
//! `floor_tie_without_armour` and `spent_armour_protects` as in `sccs.melee`). A
//! combatant keeps one tension counter, against its current target: changing target
//! drops it (the text's *changement*). At most four attack one target in a round (the
//! engagement limit); a combatant whose target is full takes another foe with room, or
//! does not attack. The `impacts_to_out`-th impact puts a combatant out, each before that
//! lowering its protection by `wound_malus`.
//!
//! **\[choice\]** Whom a combatant attacks: switches `target_a` and `target_b`
//! ([`Target`]); `focus` takes the foe standing with the lowest protection now.
//!
//! The options of the text, each off by default (the fight then runs the code it ran
//! before them, chosen once per fight): the *manœuvre défensive* (section 5, a
//! combatant's `manoeuvre`, [`super::manoeuvre`]: +1 to its défense instead of attacking,
//! switches `manoeuvre_lasts` and `manoeuvre_drops_counter`), the attacks from the second
//! rank (switch `second_rank`: a long reach, priority 4, strikes a target already engaged
//! by four), two weapons (section 5, *L'Attaque*: a combatant's `dual_wield`, two
//! attacks a turn with a short weapon in each hand, switch `dual_wield_malus`) and
//! *L'Attente* (section 5, a combatant's `attente`, [`super::attente`]: it holds its action
//! and strikes a foe just before that foe acts, « J'interromps ! », switches
//! `attente_target` and `attente_lapses`; played in `skirmish_attente.rs`), and the
//! priorities that change once engaged (section 4, switch `engaged_priority`,
//! [`super::engagement`]: a shooter at 1 acts at 7 and a caster at 2 at 8 while a foe in
//! melee attacks it, switch `engaged_by_any_foe`; played in `skirmish_engaged.rs`), and
//! *La Magie de Restauration* (section 6, a combatant's `restores`,
//! [`super::restoration`]: a healer removes an ally's −1 or restores a point of its
//! armour instead of attacking, switch `restoration_first`; played in
//! `skirmish_restoration.rs`), and disengaging with *Acrobatie* (section 4, a combatant's
//! `disengage`, [`super::disengage`]: the talent test of section 7, a success leaving the
//! fight; played in `skirmish_disengage.rs`).
//!
//! One against one, this is not `sccs.melee`: there only the attackers strike, here both
//! do. The two fights are the same when one of the two can never hurt the other (its
//! attack below the other's protection: countered at every exchange, and a lone attacker
//! meets no erosion, and no house rule puts dice into the exchange); then `exact()` takes
//! `sccs.melee`'s exact values ([`as_melee`], in `skirmish_as_melee.rs`), and the tests
//! check it with the shared checker. Every other fight is Monte Carlo only.
//!
//! [`as_melee`]: Skirmish::as_melee

use super::attente::{AttenteTarget, NOT_WAITING, Waiting};
use super::d6_order::settle;
use super::disengage::DisengageParams;
use super::exchange_margin::ExchangeMargin;
use super::fighter::Fighter;
use super::manoeuvre::{MANOEUVRE_BONUS, Manoeuvre, ManoeuvreLasts};
use super::melee::{MAX_ENGAGED, MAX_IMPACTS, WearParams};
use super::resolution::{Counter, Guard, Receiving, TieParams};
use super::restoration::RestorationFirst;
use super::tension_die::TensionDie;
use crate::engine::fight::Side;
pub use crate::engine::fight::Winner;
use crate::engine::{Dice, Party, Rolled};
pub use crate::systems::target::Target;

/// Most combatants on a side.
pub const MAX_SIDE: usize = 16;

crate::config! {
    /// The parameters of `sccs.skirmish`.
    #[derive(Debug, Clone, PartialEq)]
    pub struct SkirmishParams {
        /// side A: roster names with counts, like knight,soldier
        side_a: Party<Fighter> = side(len = 1..=MAX_SIDE),
        /// side B: roster names with counts, like militia*3
        side_b: Party<Fighter> = side(len = 1..=MAX_SIDE),
        /// rounds followed at most (both sides standing then: a draw)
        rounds: u32 = int(1..=50, default = 10, bounds_rounds),
        /// [choice] impacts that put a combatant out; each impact before that lowers its
        /// protection by wound_malus and its attack by 1
        impacts_to_out: u32 = int(1..=MAX_IMPACTS, default = 1),
        /// `wound_malus`, `erosion`, `floor_tie_without_armour`, `spent_armour_protects`
        wear: WearParams = flatten(),
        /// [choice] the D6 that orders combatants of equal priority and attack is rolled
        /// again every round; false: once, at the start of the fight
        initiative_each_round: bool = switch(default = false),
        /// [choice] whom each combatant of side A attacks: focus (the foe with the lowest
        /// protection), spread (one each, cyclically), random
        target_a: Target = choice(default = Target::Focus),
        /// [choice] whom each combatant of side B attacks: focus, spread, random
        target_b: Target = choice(default = Target::Focus),
        /// [choice] how long the +1 of a manœuvre défensive (a fighter's manoeuvre) lasts:
        /// next_turn (until the start of its own next turn), round (until the end of the
        /// round)
        manoeuvre_lasts: ManoeuvreLasts = choice(default = ManoeuvreLasts::NextTurn),
        /// [choice] a combatant taking the manœuvre défensive drops its tension counter (it
        /// does not repeat its attack); false: it keeps it, only a change of type or cible
        /// dropping it
        manoeuvre_drops_counter: bool = switch(default = false),
        /// combatants with a long reach (priority 4, allonge longue: spears) strike a foe
        /// already engaged by four from the second rank; false: the fight as before, a
        /// combatant whose target is full taking another foe with room
        second_rank: bool = switch(default = false),
        /// [choice] the two attacks of a combatant with a short weapon in each hand
        /// (dual_wield) take the malus of multiple actions, -1 each (modifiers.extra_target);
        /// false: none, the two being the one action L'Attaque grants
        dual_wield_malus: bool = switch(default = false),
        /// [choice] whose action a combatant holding its action (a fighter's attente)
        /// interrupts: next_foe (the first foe to act, struck just before it acts), chosen
        /// (the foe its side's targeting picks when it holds)
        attente_target: AttenteTarget = choice(default = AttenteTarget::NextFoe),
        /// [choice] a held action (L'Attente) not used by the end of the round is lost;
        /// false: it waits into the next round ("à tout moment")
        attente_lapses: bool = switch(default = false),
        /// the priorities that change once engaged: a shooter (priority 1) engaged by a foe
        /// in melee acts at 7, a caster (2) at 8, read at the start of each round; false:
        /// every priority fixed
        engaged_priority: bool = switch(default = false),
        /// [choice] with engaged_priority, every foe attacking a combatant engages it;
        /// false: only a foe with a melee weapon (priority 4 to 6)
        engaged_by_any_foe: bool = switch(default = false),
        /// [choice] what a healer (a fighter's restores) treats first: malus (the -1 of an
        /// impact, on the most wounded ally), durability (a point of armour, on the most
        /// worn)
        restoration_first: RestorationFirst = choice(default = RestorationFirst::Malus),
        /// `disengage_difficulty`, `disengage_failure`, `escaping_side_loses`
        disengaging: DisengageParams = flatten(),
        /// the tension switch
        tie: TieParams = flatten(),
    }
}

/// The end of a skirmish.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SkirmishOutcome {
    /// The side left standing, or a draw (both sides still stand after `rounds`).
    pub winner: Winner,
    /// Rounds fought (the round the last of a side fell, or `rounds` for a draw).
    pub rounds: u32,
    /// Combatants of each side still standing at the end.
    pub standing: [u8; 2],
    /// Combatants of each side who disengaged and left the fight (neither out nor
    /// standing).
    pub escaped: [u8; 2],
}

/// `sccs.skirmish`'s fight: side A against side B.
#[derive(Debug, Clone, PartialEq)]
pub struct Skirmish {
    /// The combatants of side A, then of side B.
    pub fighters: Vec<Fighter>,
    /// How many of them are side A's.
    pub na: usize,
    guards: Vec<Guard>,
    receiving: Receiving,
    erosion: bool,
    /// The rule tables' erosion step, tension die and exchange margin.
    erosion_step: i64,
    tension_die: TensionDie,
    exchange_margin: ExchangeMargin,
    impacts_to_out: u32,
    rounds: u32,
    each_round: bool,
    targets: [Target; 2],
    /// Some option of the text beyond the plain attack is played (a combatant may take
    /// the *manœuvre défensive*, or strike from the second rank): the fight is played with
    /// them (settled once here, so that a fight without them plays the code it played
    /// before).
    options: bool,
    /// The most attacks a target may have received this round for each combatant to
    /// strike it: the engagement limit, four, or no limit for a combatant with a long
    /// reach striking from the second rank (switch `second_rank`).
    reach: Vec<i64>,
    /// What each combatant's attacks lose to the malus of multiple actions: the rule
    /// tables' `extra_target` for two weapons with switch `dual_wield_malus`, else 0.
    attack_malus: Vec<i64>,
    /// Switch `manoeuvre_lasts` is `round`.
    manoeuvre_for_the_round: bool,
    /// Switch `manoeuvre_drops_counter`.
    manoeuvre_drops_counter: bool,
    /// Some combatant may take *L'Attente* (a fighter's `attente`).
    attente: bool,
    /// Switch `attente_target` is `chosen`.
    attente_chosen: bool,
    /// Switch `attente_lapses`.
    attente_lapses: bool,
    /// Switch `engaged_priority`, with a shooter or a caster (priority 1 or 2) in the
    /// fight.
    engaged_priority: bool,
    /// Switch `engaged_by_any_foe`.
    engaged_by_any: bool,
    /// Switch `restoration_first`.
    restoration_first: RestorationFirst,
    /// The switches of disengaging, when some combatant may disengage.
    disengage: Option<DisengageParams>,
    params: SkirmishParams,
}

/// Most combatants in a skirmish: two full sides.
const MAX_FIGHTERS: usize = 2 * MAX_SIDE;

/// Each combatant's state in a fight, indexed as [`Skirmish::fighters`] (the slots past
/// the last combatant unused): fixed arrays, so that a fight allocates none of it.
struct State {
    durability: [u32; MAX_FIGHTERS],
    impacts: [u32; MAX_FIGHTERS],
    counter: [Counter; MAX_FIGHTERS],
    target: [usize; MAX_FIGHTERS],
    received: [i64; MAX_FIGHTERS],
    /// The protection each combatant's *manœuvre défensive* adds now (0 or
    /// [`MANOEUVRE_BONUS`]).
    guarding: [i64; MAX_FIGHTERS],
    /// What each combatant's held action (*L'Attente*) waits for.
    waiting: [Waiting; MAX_FIGHTERS],
    /// Each combatant has disengaged and left the fight.
    escaped: [bool; MAX_FIGHTERS],
    /// Each combatant's tension counter of its disengaging (a tied talent test).
    fleeing: [Counter; MAX_FIGHTERS],
}

impl State {
    /// The state at the start of a fight of `fighters` (at most [`MAX_FIGHTERS`]): every
    /// armour whole, nobody hit, no counter, no target, nothing received, held or guarded.
    fn new(fighters: &[Fighter]) -> Self {
        let mut durability = [0; MAX_FIGHTERS];
        for (d, f) in durability.iter_mut().zip(fighters) {
            *d = f.durability as u32;
        }
        Self {
            durability,
            impacts: [0; MAX_FIGHTERS],
            counter: [Counter::default(); MAX_FIGHTERS],
            target: [usize::MAX; MAX_FIGHTERS],
            received: [0; MAX_FIGHTERS],
            guarding: [0; MAX_FIGHTERS],
            waiting: [NOT_WAITING; MAX_FIGHTERS],
            escaped: [false; MAX_FIGHTERS],
            fleeing: [Counter::default(); MAX_FIGHTERS],
        }
    }
}

impl Skirmish {
    fn side(&self, i: usize) -> usize {
        usize::from(i >= self.na)
    }

    /// The indices of side `side`'s combatants.
    fn members(&self, side: usize) -> std::ops::Range<usize> {
        if side == 0 {
            0..self.na
        } else {
            self.na..self.fighters.len()
        }
    }

    /// The order of play: priority (lower first), then the higher attack, then a D6 each
    /// among those still equal, the higher first, rolled again while equal.
    pub fn initiative<D: Dice>(&self, dice: &mut D) -> Vec<usize> {
        self.initiative_by(|i| self.fighters[i].priority, dice)
    }

    /// [`Skirmish::initiative`] with the priorities `priority` gives (those in force with
    /// switch `engaged_priority`).
    fn initiative_by<D: Dice>(&self, priority: impl Fn(usize) -> i64, dice: &mut D) -> Vec<usize> {
        let key = |i: usize| (priority(i), -self.fighters[i].attack);
        let mut order: Vec<usize> = (0..self.fighters.len()).collect();
        order.sort_by_key(|&i| key(i));
        settle(&mut order, key, dice);
        order
    }

    /// Whether combatant `i` is no longer in the fight: put out, or escaped.
    fn out(&self, s: &State, i: usize) -> bool {
        s.impacts[i] >= self.impacts_to_out || s.escaped[i]
    }

    fn standing(&self, s: &State, side: usize) -> u8 {
        self.members(side).filter(|&i| !self.out(s, i)).count() as u8
    }

    /// Combatant `j`'s protection now, before erosion: its [`Guard`] worn by the fight,
    /// plus its *manœuvre défensive* while it lasts (only when `OPTIONS`).
    #[inline(always)]
    fn protection<const OPTIONS: bool>(&self, s: &State, j: usize) -> i64 {
        let p = self.guards[j].now(s.durability[j], s.impacts[j]);
        if OPTIONS { p + s.guarding[j] } else { p }
    }

    /// The most attacks a target may have received this round for combatant `i` to strike
    /// it: the engagement limit, or [`Skirmish::reach`]'s when `OPTIONS`.
    #[inline(always)]
    fn room<const OPTIONS: bool>(&self, i: usize) -> i64 {
        if OPTIONS {
            self.reach[i]
        } else {
            MAX_ENGAGED as i64
        }
    }

    /// Combatant `i`'s turn with manœuvres played: the bonus of its last manœuvre ends
    /// (switch `manoeuvre_lasts` at `next_turn`), and it takes a new one when its policy
    /// says so. Returns true when it took it (and so does not attack).
    fn manoeuvres(&self, s: &mut State, i: usize) -> bool {
        if !self.manoeuvre_for_the_round {
            s.guarding[i] = 0;
        }
        let side = self.side(i);
        let policy = self.fighters[i].manoeuvre;
        let takes = policy != Manoeuvre::Never
            && policy.takes(self.standing(s, 1 - side), self.standing(s, side));
        if takes {
            s.guarding[i] = MANOEUVRE_BONUS;
            if self.manoeuvre_drops_counter {
                s.counter[i].drop_counter();
            }
        }
        takes
    }

    /// Combatant `i` attacks: picks a foe standing with room (fewer than four attacks
    /// received this round) and strikes it. Returns true when the foe is put out.
    #[cfg(test)]
    fn act<D: Dice>(&self, s: &mut State, i: usize, foes: &mut Vec<usize>, dice: &mut D) -> bool {
        if self.options {
            self.attack::<true, D>(s, i, foes, dice)
        } else {
            self.attack::<false, D>(s, i, foes, dice)
        }
    }

    /// [`Skirmish::act`], with the options of the text when `OPTIONS`: the protections
    /// read with the *manœuvres défensives*, and a combatant with a long reach striking a
    /// target already engaged by four from the second rank (switch `second_rank`).
    #[inline(always)]
    fn attack<const OPTIONS: bool, D: Dice>(
        &self,
        s: &mut State,
        i: usize,
        foes: &mut Vec<usize>,
        dice: &mut D,
    ) -> bool {
        let side = self.side(i);
        foes.clear();
        foes.extend(
            self.members(1 - side)
                .filter(|&j| !self.out(s, j) && s.received[j] < self.room::<OPTIONS>(i)),
        );
        if foes.is_empty() {
            return false;
        }
        let k = self
            .members(side)
            .filter(|&j| j < i && !self.out(s, j))
            .count();
        let d = self.targets[side].pick(foes, k, |j| self.protection::<OPTIONS>(s, j), dice);
        self.strike::<OPTIONS, D>(s, i, d, dice)
    }

    /// Combatant `i` strikes foe `d` (one exchange): its counter dropped if `d` is a new
    /// target. Returns true when `d` is put out.
    #[inline(always)]
    fn strike<const OPTIONS: bool, D: Dice>(
        &self,
        s: &mut State,
        i: usize,
        d: usize,
        dice: &mut D,
    ) -> bool {
        if s.target[i] != d {
            s.counter[i].drop_counter();
            s.target[i] = d;
        }
        let a = self.fighters[i].attack - i64::from(s.impacts[i]);
        let a = if OPTIONS { a - self.attack_malus[i] } else { a };
        let p = self.protection::<OPTIONS>(s, d);
        let a = self.exchange_margin.attack(dice, a, p);
        s.received[d] += 1;
        let rank = if self.erosion { s.received[d] } else { 1 };
        let hit = self.receiving.land(
            a,
            (p, self.guards[d].armour_res),
            (rank - 1) * self.erosion_step,
            &mut s.durability[d],
            &mut s.counter[i],
            || self.tension_die.roll(dice),
        );
        if hit {
            s.impacts[d] += 1;
        }
        self.out(s, d)
    }
}

impl Skirmish {
    /// The fight, played with the options of the text (*manœuvre défensive*, the second
    /// rank) when `OPTIONS` (chosen once, in [`Roll::roll`], so that a fight without them
    /// runs no step of them).
    #[inline(always)]
    fn fight<const OPTIONS: bool, D: Dice>(&self, dice: &mut D) -> SkirmishOutcome {
        let n = self.fighters.len();
        let mut s = State::new(&self.fighters);
        let mut foes = Vec::with_capacity(n);
        let mut order = Vec::new();
        let mut now: Priorities = [0; MAX_FIGHTERS];
        for round in 1..=self.rounds {
            if OPTIONS && self.engaged_priority {
                if self.priorities_now(&s, &mut now) || self.each_round {
                    order = self.initiative_by(|i| now[i], dice);
                }
            } else if round == 1 || self.each_round {
                order = self.initiative(dice);
            }
            s.received.iter_mut().for_each(|r| *r = 0);
            if OPTIONS && self.manoeuvre_for_the_round {
                s.guarding.iter_mut().for_each(|g| *g = 0);
            }
            if OPTIONS && self.attente_lapses {
                s.waiting.iter_mut().for_each(|w| *w = NOT_WAITING);
            }
            for &i in &order {
                if self.out(&s, i) {
                    continue;
                }
                if OPTIONS && self.attente {
                    if let Some(winner) = self.interruptions(&mut s, i, &order, dice) {
                        return self.outcome(&s, winner, round);
                    }
                    if self.out(&s, i) || self.waits(&mut s, i, &mut foes, dice) {
                        continue;
                    }
                }
                if OPTIONS && let Some(d) = &self.disengage {
                    match self.disengages(&mut s, i, d, dice) {
                        Turn::Acts => {}
                        Turn::Spent => continue,
                        Turn::Ends(winner) => return self.outcome(&s, winner, round),
                    }
                }
                if OPTIONS && self.manoeuvres(&mut s, i) {
                    continue;
                }
                if OPTIONS && self.fighters[i].restores && self.restores(&mut s, i) {
                    continue;
                }
                let side = self.side(i);
                for _ in 0..self.strikes::<OPTIONS>(i) {
                    if self.attack::<OPTIONS, D>(&mut s, i, &mut foes, dice)
                        && self.standing(&s, 1 - side) == 0
                    {
                        let winner = Winner::from(Side::at(side));
                        return self.outcome(&s, winner, round);
                    }
                }
            }
        }
        self.outcome(&s, Winner::Draw, self.rounds)
    }

    /// The attacks combatant `i` makes at its turn: two with a short weapon in each hand
    /// (only when `OPTIONS`), else one.
    #[inline(always)]
    fn strikes<const OPTIONS: bool>(&self, i: usize) -> usize {
        if OPTIONS && self.fighters[i].dual_wield {
            2
        } else {
            1
        }
    }

    fn outcome(&self, s: &State, winner: Winner, rounds: u32) -> SkirmishOutcome {
        SkirmishOutcome {
            winner,
            rounds,
            standing: [self.standing(s, 0), self.standing(s, 1)],
            escaped: if self.disengage.is_some() {
                [0, 1].map(|side| self.members(side).filter(|&i| s.escaped[i]).count() as u8)
            } else {
                [0, 0]
            },
        }
    }
}

/// `sccs.skirmish`: side A against side B.
pub type SkirmishModel = Rolled<Skirmish, SkirmishMetrics>;

#[path = "skirmish_metrics.rs"]
mod metrics;
pub use metrics::SkirmishMetrics;

#[path = "skirmish_new.rs"]
mod new;

#[path = "skirmish_as_melee.rs"]
mod as_melee;
pub use as_melee::AsMelee;

#[path = "skirmish_attente.rs"]
mod attente;

#[path = "skirmish_engaged.rs"]
mod engaged;
use engaged::Priorities;

#[path = "skirmish_restoration.rs"]
mod healing;

#[path = "skirmish_disengage.rs"]
mod disengaging;
use disengaging::Turn;

#[cfg(test)]
#[path = "skirmish_fixtures.rs"]
mod fixtures;

#[cfg(test)]
#[path = "skirmish_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "skirmish_options_tests.rs"]
mod options_tests;

#[cfg(test)]
#[path = "skirmish_attente_tests.rs"]
mod attente_tests;

#[cfg(test)]
#[path = "skirmish_engaged_tests.rs"]
mod engaged_tests;

#[cfg(test)]
#[path = "skirmish_restoration_tests.rs"]
mod restoration_tests;

#[cfg(test)]
#[path = "skirmish_disengage_tests.rs"]
mod disengage_tests;
