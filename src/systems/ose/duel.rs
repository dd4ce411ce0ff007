//! A melee duel, fighter against monster (seed: *Initiative*, *Séquence du round de
//! combat*, *Attaque*, *Dégâts*, *Matrice ... TAC0*; the `ose` page → Initiative, Melee
//! duel), and the `ose.duel` mechanic.
//!
//! Each round both sides roll a d6 for initiative; the higher acts first and a side at 0
//! HP or less does not act. On a tie (switch `ties`, **\[choice\]** of the system's page) the dice
//! are rolled again (`reroll`) or both sides act at once (`simultaneous`, where both may
//! die). An attack is the d20 of [`super::attack`]; the fighter adds STR to the attack
//! and damage rolls; damage is at least 1.
//!
//! Choices of this program: the monster's HP, when not given, are d8 per hit die (1d4 for
//! a normal human, `21+` as 22 HD); a duel still running after `max_rounds` rounds
//! (default [`MAX_ROUNDS`], at most [`MOST_ROUNDS`]) counts for neither side: a `draw`,
//! as is a simultaneous exchange that drops both.
//!
//! The duel is written once, as a [`Fight`] ([`Duel`]): sampled round by round, and solved
//! exactly as a chain over the two sides' hit points whose transitions are its round
//! enumerated from each state ([`super::duel_exact`]), with a neglected mass below 1e-12
//! (and the initiative's rerolled ties cut below 1e-12 a round), for duels of at most
//! [`EXACT_MAX_STATES`] states (fighter's HP × monster's highest HP); larger duels are
//! Monte Carlo only.

use super::attack::{ATTACK_DIE, hit_table, hit_table_under};
use super::d20::chance_of;
use super::duel_exact::{EXACT_MAX_STATES, TOLERANCE};
pub use super::duel_round::{Blow, Initiative, Order, RoundDice};
use super::sheet::{Hd, HpRoll};
use super::steps::{DAMAGE_DIE, INITIATIVE_DIE, check_initiative};
use super::tables::OseTables;
use crate::engine::chain::Next;
pub use crate::engine::fight::Winner;
use crate::engine::fight::{Fight, play};
use crate::engine::fight_outcome::{ExactBudget, FightModel, FightOutcome};
use crate::engine::{Dice, FromConfig, HistId, Layout, MetricId, Recorder, StepRule};
use crate::error::Result;
use std::borrow::Cow;
use std::hash::{Hash, Hasher};

/// The default round cap (`max_rounds`): a duel longer than this counts for neither side.
pub const MAX_ROUNDS: u32 = 1000;
/// The largest `max_rounds` accepted (a run's rounds also count in its budget).
pub const MOST_ROUNDS: i64 = 100_000;
/// Most rounds the exact duel propagates: a duel whose cap is later and that still has
/// mass in play then (above [`TOLERANCE`]) has no exact values, so the exact work stays
/// bounded by [`EXACT_MAX_STATES`] × this.
pub const EXACT_MAX_ROUNDS: u32 = 1000;

crate::choice! {
    /// What to do when the initiative dice tie.
    ///
    /// - `reroll`: roll both dice again (the default).
    /// - `simultaneous`: both sides act at the same time.
    pub enum Ties { Reroll = "reroll", Simultaneous = "simultaneous" }
}

crate::config! {
    /// The fighter's side (parameters `fighter.*`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Fighter {
        /// fighter's THAC0 (19 at level 1)
        thac0: i64 = int(1..=30, default = 19),
        /// fighter's armour class
        ac: i64 = int(-10..=12, default = 4),
        /// fighter's hit points
        hp: i64 = int(1..=200, default = 6),
        /// fighter's damage die (sides)
        damage: u32 = int(2..=20, default = 6),
        /// fighter's STR modifier (attack and damage)
        str: i64 = int(-3..=3, default = 0),
    }
}

crate::config! {
    /// The monster's side as given (parameters `monster.*`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct MonsterParams {
        /// monster's hit dice: human, 1/2, 1..25, 21+, 4+1, 1-1 (sets THAC0 and rolled HP)
        hd: Hd = choice(default = Hd::Dice(1)),
        /// monster's armour class
        ac: i64 = int(-10..=12, default = 7),
        /// [choice] monster's hit points (0: roll d8 per hit die, 1d4 for a human; the
        /// sheet gives none)
        hp: i64 = int(0..=500, default = 0),
        /// monster's damage die (sides)
        damage: u32 = int(2..=20, default = 6),
    }
}

crate::config! {
    /// The parameters of `ose.duel`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct DuelParams {
        /// the fighter
        fighter: Fighter = fighter("fighter"),
        /// the monster
        monster: MonsterParams = fighter("monster"),
        /// [choice] initiative ties: reroll, or simultaneous (both act; both may die)
        ties: Ties = choice(default = Ties::Reroll),
        /// [choice] the fighter did not rest (Repos): -1 to its attack and damage rolls (the monster keeps its figures)
        unrested: bool = switch(default = false),
        /// rounds before the duel is called a draw (both still standing: counted as `draw`, lasting max_rounds)
        max_rounds: u32 = int(1..=MOST_ROUNDS, default = MAX_ROUNDS as i64, bounds_rounds),
        /// the rule tables (THAC0 rows, bounds of the roll): `alea rules ose`
        tables: OseTables = rules(),
        /// the d20 of the attack rolls: official, or a house rule's script (`attack_die`)
        die: StepRule = house_step(&ATTACK_DIE),
        /// the damage die: official, or a house rule's script (`damage_die`)
        damage_die: StepRule = house_step(&DAMAGE_DIE),
        /// each side's initiative die: official, or a house rule's script (`initiative_die`)
        initiative_die: StepRule = house_step(&INITIATIVE_DIE),
    }
}

/// The monster's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Monster {
    /// Hit dice (sets the THAC0 and, when `hp` is `None`, the rolled HP).
    pub hd: Hd,
    /// Armour class (descending).
    pub ac: i64,
    /// Hit points, or `None` to roll them.
    pub hp: Option<i64>,
    /// Damage die (sides).
    pub damage: u32,
}

impl From<MonsterParams> for Monster {
    /// The monster as given; hit points of 0 are rolled.
    fn from(p: MonsterParams) -> Self {
        Self {
            hd: p.hd,
            ac: p.ac,
            hp: (p.hp > 0).then_some(p.hp),
            damage: p.damage,
        }
    }
}

/// How a duel ended: who is left standing ([`Winner::A`] the fighter, [`Winner::B`] the
/// monster), and, when nobody is ([`Winner::Draw`]), whether both fell in one
/// simultaneous exchange (`both_fell`) or the duel was still going after its `max_rounds`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DuelEnd {
    /// Who won.
    pub winner: Winner,
    /// Both fell in the same simultaneous exchange (a draw that is not the cap).
    pub both_fell: bool,
}

impl DuelEnd {
    /// The monster is down, the fighter is not.
    pub const FIGHTER: DuelEnd = DuelEnd::won(Winner::A);
    /// The fighter is down, the monster is not.
    pub const MONSTER: DuelEnd = DuelEnd::won(Winner::B);
    /// Both fell in the same simultaneous exchange.
    pub const BOTH_FELL: DuelEnd = DuelEnd {
        winner: Winner::Draw,
        both_fell: true,
    };
    /// Still going after its `max_rounds`.
    pub const CAP: DuelEnd = DuelEnd::won(Winner::Draw);

    const fn won(winner: Winner) -> Self {
        Self {
            winner,
            both_fell: false,
        }
    }

    /// Who is down after a round that leaves `f` and `m` hit points (`None`: nobody).
    #[inline(always)]
    fn after(f: i64, m: i64) -> Option<DuelEnd> {
        match (f <= 0, m <= 0) {
            (false, false) => None,
            (false, true) => Some(DuelEnd::FIGHTER),
            (true, false) => Some(DuelEnd::MONSTER),
            (true, true) => Some(DuelEnd::BOTH_FELL),
        }
    }
}

/// The end of one duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DuelOutcome {
    /// Who won, and whether both fell.
    pub end: DuelEnd,
    /// Rounds fought.
    pub rounds: u32,
}

impl DuelOutcome {
    /// Who won.
    pub fn winner(&self) -> Winner {
        self.end.winner
    }
}

/// What `ose.duel` reports.
#[derive(Debug, Clone, PartialEq)]
struct DuelMetrics {
    fighter_wins: MetricId,
    monster_wins: MetricId,
    both_die: MetricId,
    draw: MetricId,
    mean_rounds: MetricId,
    rounds: HistId,
}

impl DuelMetrics {
    fn declare(layout: &mut Layout) -> Self {
        Self {
            fighter_wins: layout.proportion("fighter_wins", "chance the fighter is left standing"),
            monster_wins: layout.proportion("monster_wins", "chance the monster is left standing"),
            both_die: layout
                .proportion("both_die", "chance both fall in one simultaneous exchange"),
            draw: layout.proportion(
                "draw",
                "chance nobody is left standing: both fall at once, or both still stand after max_rounds",
            ),
            mean_rounds: layout.mean("mean_rounds", "mean number of rounds"),
            rounds: layout.histogram("rounds", "histogram of the number of rounds", (1, 20)),
        }
    }

    /// Records who won (the three chances).
    fn record_end<R: Recorder>(&self, end: DuelEnd, rec: &mut R) {
        rec.event(self.fighter_wins, end.winner == Winner::A);
        rec.event(self.monster_wins, end.winner == Winner::B);
        rec.event(self.both_die, end.both_fell);
        rec.event(self.draw, end.winner == Winner::Draw);
    }
}

/// The state of a duel between rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum DuelState {
    /// Before the monster's hit points are rolled (they are, at the start of the first
    /// round).
    Unrolled,
    /// Fighter's and monster's hit points, both above 0.
    Hp(i64, i64),
}

/// Hashes one word (the exact chain hashes each state it meets).
impl Hash for DuelState {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(match *self {
            DuelState::Unrolled => u64::MAX,
            DuelState::Hp(f, m) => (f as u64) << 32 ^ m as u64,
        });
    }
}

/// The duel as a [`Fight`]: the two sides' hit points, one round of initiative and blows.
///
/// The state after a round is the two sides' hit points and nothing else: initiative is
/// rolled afresh each round, and the hit tables and damage dice do not change, so two
/// duels with the same hit points left have the same future (merged by the exact chain).
#[derive(Debug, Clone, PartialEq)]
pub struct Duel {
    /// The fighter's attack on the monster.
    fighter_blow: Blow,
    /// The monster's attack on the fighter.
    monster_blow: Blow,
    /// The fighter's starting hit points.
    fighter_hp: i64,
    /// The monster's hit points, or `None` to roll them.
    monster_hp: Option<i64>,
    /// Dice rolled for the monster's HP (a d8 per hit die, `+k` added).
    hp_roll: HpRoll,
    /// The initiative tie rule.
    initiative: Initiative,
    /// The hit points that matter in a round, (fighter, monster): one more than the most
    /// damage the other side's blow deals ([`Duel::with_caps`]).
    hp_caps: (i64, i64),
}

impl Duel {
    /// The same duel with its hit point caps worked out from its blows.
    fn with_caps(mut self) -> Self {
        self.hp_caps = (self.monster_blow.most() + 1, self.fighter_blow.most() + 1);
        self
    }
}

impl Fight for Duel {
    type State = DuelState;
    type End = DuelEnd;

    fn start(&self) -> DuelState {
        match self.monster_hp {
            Some(hp) => DuelState::Hp(self.fighter_hp, hp),
            None => DuelState::Unrolled,
        }
    }

    /// One round: its dice are one [`RoundDice`], which needs of the hit points only
    /// whether a first blow can drop its target.
    #[inline(always)]
    fn round<D: Dice>(&self, state: &DuelState, dice: &mut D) -> Next<DuelState, DuelEnd> {
        self.round_as::<true, D>(state, dice)
    }

    fn at_cap(&self, _: &DuelState) -> DuelEnd {
        DuelEnd::CAP
    }
}

impl Duel {
    /// [`Fight::round`]; with `HOUSE = false` the duel is known to play every die as the
    /// rules do (no house rule: `Duel::is_official`) and the round's dice are played
    /// in place rather than as steps, their house rule's code compiled out.
    #[inline(always)]
    fn round_as<const HOUSE: bool, D: Dice>(
        &self,
        state: &DuelState,
        dice: &mut D,
    ) -> Next<DuelState, DuelEnd> {
        let (f, m) = match *state {
            DuelState::Hp(f, m) => (f, m),
            DuelState::Unrolled => (
                self.fighter_hp,
                self.hp_roll
                    .hp(dice.sum(self.hp_roll.count, self.hp_roll.sides)),
            ),
        };
        let exchange = RoundDice {
            fighter_blow: self.fighter_blow,
            monster_blow: self.monster_blow,
            initiative: self.initiative,
            fighter_hp: f.min(self.hp_caps.0),
            monster_hp: m.min(self.hp_caps.1),
        };
        let (to_monster, to_fighter) = if HOUSE {
            dice.step(&exchange)
        } else {
            exchange.play::<false, D>(dice)
        };
        let (f, m) = (f - to_fighter, m - to_monster);
        match DuelEnd::after(f, m) {
            Some(end) => Next::End(end),
            None => Next::Round(DuelState::Hp(f, m)),
        }
    }

    /// Whether every die of the duel is official: [`OfficialDuel`] may play it.
    fn is_official(&self) -> bool {
        self.fighter_blow.is_official()
            && self.monster_blow.is_official()
            && self.initiative.die.is_official()
    }
}

/// A duel whose dice are all official, as the sampler plays it: the same round
/// (`Duel::round_as`) with the house rules' code compiled out, a fast path kept because it
/// is measured faster (the README's performance table): the house rules' calls, never made
/// but present in the loop, kept the generator's state in memory. A test checks that it
/// plays exactly the duels [`Duel`] plays.
pub struct OfficialDuel<'d>(&'d Duel);

impl Fight for OfficialDuel<'_> {
    type State = DuelState;
    type End = DuelEnd;

    fn start(&self) -> DuelState {
        self.0.start()
    }

    #[inline(always)]
    fn round<D: Dice>(&self, state: &DuelState, dice: &mut D) -> Next<DuelState, DuelEnd> {
        self.0.round_as::<false, D>(state, dice)
    }

    fn at_cap(&self, state: &DuelState) -> DuelEnd {
        self.0.at_cap(state)
    }
}

/// `ose.duel`: one fight to the death.
#[derive(Debug, Clone, PartialEq)]
pub struct DuelModel {
    duel: Duel,
    fighter: Fighter,
    monster: Monster,
    /// Rounds before the duel is called a draw.
    max_rounds: u32,
    layout: Layout,
    m: DuelMetrics,
}

impl DuelModel {
    /// The duel of `fighter` against `monster`.
    pub fn new(fighter: Fighter, monster: Monster, ties: Ties) -> Self {
        Self::under(fighter, monster, ties, &OseTables::OFFICIAL)
    }

    /// The same under `tables` (the monster's THAC0, the bounds of the roll needed).
    pub fn under(fighter: Fighter, monster: Monster, ties: Ties, tables: &OseTables) -> Self {
        Self::under_rested(fighter, monster, ties, tables, false)
    }

    /// [`DuelModel::under`], the fighter `unrested` or not: its attack and damage rolls
    /// lose the rest penalty ([`super::rest`]), worked into its blow once.
    pub fn under_rested(
        fighter: Fighter,
        monster: Monster,
        ties: Ties,
        tables: &OseTables,
        unrested: bool,
    ) -> Self {
        let attack = &tables.attack;
        let bonus = fighter.str - super::rest::penalty(unrested);
        let fighter_hits = hit_table_under(fighter.thac0, monster.ac, bonus, attack);
        let monster_hits = hit_table_under(tables.thac0(monster.hd), fighter.ac, 0, attack);
        let mut layout = Layout::new();
        let m = DuelMetrics::declare(&mut layout);
        layout.bounded(m.mean_rounds, 1, i64::from(MAX_ROUNDS));
        Self {
            duel: Duel {
                fighter_blow: Blow::new(&fighter_hits, fighter.damage, bonus),
                monster_blow: Blow::new(&monster_hits, monster.damage, 0),
                fighter_hp: fighter.hp,
                monster_hp: monster.hp,
                hp_roll: monster.hd.hp_roll(),
                initiative: Initiative::from(ties),
                hp_caps: (0, 0),
            }
            .with_caps(),
            fighter,
            monster,
            max_rounds: MAX_ROUNDS,
            layout,
            m,
        }
    }

    /// The same duel called a draw after `max_rounds` rounds.
    pub fn capped_at(mut self, max_rounds: u32) -> Self {
        self.max_rounds = max_rounds;
        self.layout
            .bounded(self.m.mean_rounds, 1, i64::from(max_rounds));
        self
    }

    /// Rounds before the duel is called a draw.
    pub fn max_rounds(&self) -> u32 {
        self.max_rounds
    }

    /// The duel itself (its state, round and end).
    pub fn duel(&self) -> &Duel {
        &self.duel
    }

    /// The initiative tie rule.
    pub fn ties(&self) -> Ties {
        self.duel.initiative.ties()
    }

    /// The fighter's starting hit points.
    pub fn fighter_hp(&self) -> i64 {
        self.fighter.hp
    }

    /// The monster's hit points when given (`None`: rolled with [`DuelModel::hp_dice`]).
    pub fn monster_hp(&self) -> Option<i64> {
        self.monster.hp
    }

    /// The most states the exact duel can meet: the fighter's HP times the monster's
    /// highest HP.
    pub fn max_states(&self) -> i64 {
        let monster = self.monster.hp.unwrap_or(self.duel.hp_roll.most());
        self.fighter.hp * monster
    }

    /// The dice of the monster's rolled hit points: (count, sides); its hit dice's `+k`
    /// is added to their sum ([`HpRoll`]).
    pub fn hp_dice(&self) -> (u32, u32) {
        (self.duel.hp_roll.count, self.duel.hp_roll.sides)
    }
}

impl DuelModel {
    /// The same duel with the d20 of its attack rolls played as `die` says.
    pub fn with_attack_die(mut self, die: StepRule) -> Self {
        let b = &mut self.duel;
        b.fighter_blow = b.fighter_blow.with_dice(die, b.fighter_blow.damage_die());
        b.monster_blow = b.monster_blow.with_dice(die, b.monster_blow.damage_die());
        self
    }

    /// The same duel with its damage dice and initiative dice played as `damage` and
    /// `initiative` say.
    pub fn with_round_dice(mut self, damage: StepRule, initiative: StepRule) -> Self {
        let b = &mut self.duel;
        b.fighter_blow = b.fighter_blow.with_dice(b.fighter_blow.die(), damage);
        b.monster_blow = b.monster_blow.with_dice(b.monster_blow.die(), damage);
        self.duel.initiative.die = initiative;
        self.duel = self.duel.with_caps();
        self
    }
}

impl DuelModel {
    /// The same duel with the order of every round fixed (`Some`: no initiative rolled),
    /// as when one side's weapon is slow and the other's is not (`ose.encounter`).
    pub fn with_fixed_order(mut self, order: Option<Order>) -> Self {
        self.duel.initiative.fixed = order;
        self
    }
}

impl FromConfig<DuelParams> for DuelModel {
    fn from_config(p: DuelParams) -> Result<Self> {
        check_initiative(p.initiative_die, p.ties)?;
        Ok(
            Self::under_rested(p.fighter, p.monster.into(), p.ties, &p.tables, p.unrested)
                .capped_at(p.max_rounds)
                .with_attack_die(p.die)
                .with_round_dice(p.damage_die, p.initiative_die),
        )
    }
}

impl FightModel for DuelModel {
    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    #[inline]
    fn sample<D: Dice>(&self, dice: &mut D) -> DuelOutcome {
        let (end, rounds) = if self.duel.is_official() {
            play(&OfficialDuel(&self.duel), dice, self.max_rounds)
        } else {
            play(&self.duel, dice, self.max_rounds)
        };
        DuelOutcome { end, rounds }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &DuelOutcome, rec: &mut R) {
        self.m.record_end(o.end, rec);
        rec.value(self.m.mean_rounds, o.rounds as i64);
        rec.hist(self.m.rounds, o.rounds as i64);
    }
}

/// Exact values up to [`EXACT_MAX_STATES`] states, propagated until less than
/// [`TOLERANCE`] is in play (see [`super::duel_exact`]), up to `max_rounds` and at most
/// [`EXACT_MAX_ROUNDS`] rounds.
impl FightOutcome for DuelModel {
    type Fight = Duel;
    type Outcome = DuelOutcome;

    fn exact_fight(&self) -> Option<Cow<'_, Duel>> {
        (self.max_states() <= EXACT_MAX_STATES).then_some(Cow::Borrowed(&self.duel))
    }

    fn exact_budget(&self) -> ExactBudget {
        exact_budget(self.max_rounds)
    }

    fn outcome_of(&self, &end: &DuelEnd, rounds: u32) -> DuelOutcome {
        DuelOutcome { end, rounds }
    }
}

/// The exact budget of a duel capped at `max_rounds`: nothing cut off but below
/// [`TOLERANCE`], at most [`EXACT_MAX_ROUNDS`] rounds propagated.
pub fn exact_budget(max_rounds: u32) -> ExactBudget {
    ExactBudget {
        max_propagated: EXACT_MAX_ROUNDS,
        ..ExactBudget::whole(max_rounds).tolerance(TOLERANCE)
    }
}

/// The damage of a hit rolling `face` with `bonus` added: at least 1.
#[inline(always)]
pub fn damage(face: u32, bonus: i64) -> i64 {
    (face as i64 + bonus).max(1)
}

/// The chance that one swing of `thac0` against `ac` with `bonus` hits.
pub fn hit_chance(thac0: i64, ac: i64, bonus: i64) -> f64 {
    chance_of(&hit_table(thac0, ac, bonus))
}

#[cfg(test)]
#[path = "duel_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "duel_exact_tests.rs"]
mod exact_tests;
