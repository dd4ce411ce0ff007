//! A whole encounter fought out: a party against a group of monsters (seed: *Séquence de
//! la rencontre*, *Surprise*, *Initiative*, *Séquence du round de combat*, *Moral*,
//! *Attaque*, *Dégâts*; the `ose` page → Surprise, Initiative, Morale, Melee duel), and
//! the `ose.encounter` mechanic.
//!
//! The sides are lists of roster names (`party=fighter1*2,cleric1 monsters=hd1*4`; see
//! `alea roster ose`). The encounter starts with surprise: each side rolls a d6 and is
//! surprised on 1-2 (`party_surprise`, `monsters_surprise`: x in 6); a surprised side does
//! not act in the first round (when both are, nobody does), and initiative is rolled only
//! when neither is. Each round both sides roll a d6 for initiative, the higher acting
//! first; ties as in `ose.duel` (switch `ties`: reroll, or simultaneous, where the second
//! side also strikes with the members it had at the start of the round). When a side acts,
//! each of its standing members attacks one standing foe (the d20 of [`super::attack`],
//! a PC adding STR to the attack and the damage; damage at least 1; dead at 0 HP).
//!
//! The options of the sheet's round (`encounter_round.rs`, [`super::encounter_kit`]), all
//! off by default: missiles during `approach` rounds before melee, slow weapons striking
//! last, damage spells (switch `cast`) lost when the caster is hit first (switch
//! `interrupt`), and PCs withdrawing or fleeing at `retreat_hp` (switch `retreat`).
//!
//! Morale (switch `morale`): the monsters check when their side acts, before attacking, if
//! since their last check their first member died or half of them came to be out: 2d6
//! above the morale score and the group flees, which ends the encounter. A score of 12
//! never fails. A score of 2 never fights unless cornered ([`super::morale::never_fights`],
//! switch `cornered` as in `ose.morale`): such a group flees, with no roll, the first time
//! its side acts, before any blow. The party does not check (the players decide).
//!
//! Choices of this program (the sheet leaves them open):
//! - **\[choice\]** who a fighter attacks (switches `party_target` and
//!   `monsters_target`, [`Target`]): `focus` takes the foe standing with the fewest hit
//!   points.
//! - The group's morale is its leader's: the first monster listed still standing.
//! - **\[choice\]** Monsters that flee on a failed morale roll are gone: no parting
//!   blows (switch `parting_blows`, default false; true: every PC standing strikes once
//!   at a fleeing monster as at a retreating foe, +2 to hit, the shield ignored: the
//!   monsters' entries give no shield, so their AC stays whole). A group of morale 2 that
//!   never fights is never in the fray to retreat from: no parting blows either way.
//! - The encounter starts in melee with hostile monsters: the distance (`ose.distance`)
//!   and the reaction (`ose.reaction`) are not played.
//! - **\[choice\]** "Ne combat jamais" read for a group: when its leader's morale is 2
//!   (and `cornered` is false) the group leaves the first time its side would act, with no
//!   roll and no blow struck; the party, when it acts before them (initiative, or the
//!   monsters surprised), strikes once at them as in any round. The encounter ends `Fled`
//!   (or `Party` if those blows killed them all): the party holds the field, no PC dies.
//!   With `morale=false` the monsters fight to the last, morale 2 too.
//! - A monster's hit points, when its entry gives none, are rolled as in `ose.duel` (d8
//!   per hit die, 1d4 for a normal human), before anything else.
//! - An encounter still going after `max_rounds` rounds (default [`MAX_ROUNDS`]) is won
//!   by nobody: a `draw`, as is a simultaneous round that drops both sides; it counts
//!   `max_rounds` rounds. A fight nobody can end (every blow missing but on the natural 20,
//!   for 1 damage, against hundreds of hit points) plays every round, so `max_rounds`
//!   counts in a run's budget of rounds.
//!
//! Exact values: one PC against one monster, without surprise, is `ose.duel` round for
//! round (a lone monster never checks morale: its first death is its last), so its exact
//! values are the duel's ([`super::duel_exact`]), under the same rule tables; a lone
//! monster of morale 2 (not cornered) does not fight, and larger encounters are Monte
//! Carlo only.

use super::attack::{ATTACK_DIE, hit_table_under};
use super::duel::{
    Duel, DuelEnd, DuelModel, DuelOutcome, MAX_ROUNDS, MOST_ROUNDS, Monster, Order, Ties, Winner,
    exact_budget,
};
pub use super::encounter_kit::{GroupMonster, MissileRange, PartyMember, Retreat};
use super::morale::never_fights;
use super::steps::{DAMAGE_DIE, INITIATIVE_DIE, MORALE_ROLL, check_initiative};
use super::tables::OseTables;
use crate::engine::fight_outcome::{ExactBudget, FightModel, FightOutcome};
use crate::engine::{Dice, FromConfig, HistId, Layout, MetricId, Party, Recorder, StepRule};
use crate::error::{Error, Result};
pub use crate::systems::target::Target;
use round::Attack;
use std::borrow::Cow;

/// Most fighters on a side.
pub const MAX_SIDE: usize = 30;

crate::config! {
    /// The parameters of `ose.encounter`.
    #[derive(Debug, Clone, PartialEq)]
    pub struct EncounterParams {
        /// the party: roster names with counts, like fighter1*2,cleric1
        party: Party<PartyMember> = side(len = 1..=MAX_SIDE),
        /// the monsters: roster names with counts, like hd1*4 (the first listed leads)
        monsters: Party<GroupMonster> = side(len = 1..=MAX_SIDE),
        /// how many of the last monster named in `monsters`, replacing its count (sweep it to find how many make a given risk)
        count: Option<u32> = int(1..=MAX_SIDE as i64, optional),
        /// the party is surprised on this many in 6 (the sheet: 1-2, so 2; 0: never)
        party_surprise: u32 = int(0..=6, default = 2),
        /// the monsters are surprised on this many in 6 (the sheet: 1-2, so 2; 0: never)
        monsters_surprise: u32 = int(0..=6, default = 2),
        /// [choice] initiative ties: reroll, or simultaneous (both sides act; both may fall)
        ties: Ties = choice(default = Ties::Reroll),
        /// [choice] whom each PC attacks: focus (the monster with the fewest HP), spread (one each, cyclically), random
        party_target: Target = choice(default = Target::Focus),
        /// [choice] whom each monster attacks: focus (the PC with the fewest HP), spread (one each, cyclically), random
        monsters_target: Target = choice(default = Target::Focus),
        /// the monsters check morale at their first death and when half are out (false: they fight to the end)
        morale: bool = switch(default = true),
        /// cornered: a group whose leader has morale 2 fights and checks like any other (false: it never fights, fleeing at once)
        cornered: bool = switch(default = false),
        /// [choice] monsters that flee on a failed morale roll take parting blows: every PC standing strikes once as at a retreating foe (+2, shield ignored); false: they are gone
        parting_blows: bool = switch(default = false),
        /// [choice] rounds fought at a distance before melee: those with a missile weapon shoot, the casters cast, nobody strikes in melee (0: the encounter starts in melee)
        approach: u32 = int(0..=20, default = 0),
        /// the range of the missiles during the approach: short (+1), medium, long (-1)
        range: MissileRange = choice(default = MissileRange::Medium),
        /// the PCs cast their damage spells (their `spells`), one a round instead of attacking (false: no spell is cast)
        cast: bool = switch(default = false),
        /// a spell is lost when its caster is hit before it acts in the round (the sheet; false: never lost)
        interrupt: bool = switch(default = true),
        /// a PC standing with this many hit points or fewer declares its retreat at the start of each round (0: never; the players decide)
        retreat_hp: i64 = int(0..=200, default = 0),
        /// [choice] how a PC retreats: withdraw (backs away: normal blows, out of reach once the monsters have acted) or flee (gone when its side acts; blows before that at +2, shield ignored)
        retreat: Retreat = choice(default = Retreat::Withdraw),
        /// [choice] the party did not rest (Repos): -1 to every PC's attack and damage rolls, melee and missiles (the monsters keep their figures)
        unrested: bool = switch(default = false),
        /// [choice] with unrested, a spell's damage loses 1 too (else a spell, which rolls no attack, keeps its damage)
        unrested_spells: bool = switch(default = false),
        /// rounds before the encounter is called a draw (both sides still standing: counted as `draw`, lasting max_rounds)
        max_rounds: u32 = int(1..=MOST_ROUNDS, default = MAX_ROUNDS as i64, bounds_rounds),
        /// the rule tables (THAC0 rows, bounds of the roll): `alea rules ose`
        tables: OseTables = rules(),
        /// the d20 of the attack rolls: official, or a house rule's script (`attack_die`)
        die: StepRule = house_step(&ATTACK_DIE),
        /// the damage die: official, or a house rule's script (`damage_die`)
        damage_die: StepRule = house_step(&DAMAGE_DIE),
        /// each side's initiative die: official, or a house rule's script (`initiative_die`)
        initiative_die: StepRule = house_step(&INITIATIVE_DIE),
        /// the morale roll: official, or a house rule's script (`morale_roll`)
        morale_roll: StepRule = house_step(&MORALE_ROLL),
    }
}

/// How an encounter ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum End {
    /// Every monster is dead; a PC stands.
    Party,
    /// The monsters fled.
    Fled,
    /// Every PC is dead; a monster stands.
    Monsters,
    /// Both sides fell in the same simultaneous round.
    Both,
    /// Still going after `max_rounds`.
    Neither,
    /// Every PC still alive retreated: the monsters hold the field.
    Retreated,
}

/// The end of one encounter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct EncounterOutcome {
    /// How it ended.
    pub end: End,
    /// Rounds played (a round where everyone was surprised counts).
    pub rounds: u32,
    /// PCs dead.
    pub pc_deaths: u8,
    /// Monsters dead.
    pub monster_deaths: u8,
}

/// One fighter as the fight sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Striker {
    /// Melee damage die (sides).
    damage: u32,
    /// Added to the melee damage (STR for a PC).
    bonus: i64,
    /// Missile damage die (sides; 0: none).
    missile: u32,
    /// Added to the missile damage (DEX does not count: the rest penalty of a PC).
    missile_bonus: i64,
    /// Its melee blow comes last in the round.
    slow: bool,
}

/// Which of the round's options can act in this encounter, worked out once: a step none
/// can take is skipped (the encounter as fast as before with the options off).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Options {
    /// A member of each side has a slow weapon.
    slow: [bool; 2],
    /// Switch `cast`, and a PC has spells.
    casting: bool,
    /// The PCs declare something at the start of a round (a spell or a retreat).
    declaring: bool,
}

/// What `ose.encounter` reports.
#[derive(Debug, Clone, PartialEq)]
struct EncounterMetrics {
    party_wins: MetricId,
    monsters_flee: MetricId,
    monsters_win: MetricId,
    both_fall: MetricId,
    draw: MetricId,
    any_pc_dies: MetricId,
    mean_pc_deaths: MetricId,
    mean_monster_deaths: MetricId,
    mean_rounds: MetricId,
    pc_deaths: HistId,
    rounds: HistId,
    party_retreats: MetricId,
}

impl EncounterMetrics {
    fn declare(layout: &mut Layout, party: usize) -> Self {
        Self {
            party_wins: layout.proportion(
                "party_wins",
                "chance the party holds the field: every monster dead or fled",
            ),
            monsters_flee: layout.proportion("monsters_flee", "chance the monsters flee (morale)"),
            monsters_win: layout.proportion("monsters_win", "chance every PC is dead"),
            both_fall: layout.proportion(
                "both_fall",
                "chance both sides fall in the same simultaneous round",
            ),
            draw: layout.proportion(
                "draw",
                "chance nobody holds the field: both sides fall at once, or both still stand after max_rounds",
            ),
            any_pc_dies: layout.proportion("any_pc_dies", "chance at least one PC dies"),
            mean_pc_deaths: layout.mean("mean_pc_deaths", "mean number of PCs dead"),
            mean_monster_deaths: layout.mean("mean_monster_deaths", "mean number of monsters dead"),
            mean_rounds: layout.mean("mean_rounds", "mean number of rounds"),
            pc_deaths: layout.histogram(
                "pc_deaths",
                "histogram of the number of PCs dead",
                (0, party as i64),
            ),
            rounds: layout.histogram("rounds", "histogram of the number of rounds", (1, 20)),
            // Declared last, so that the columns before it keep their places.
            party_retreats: layout.proportion(
                "party_retreats",
                "chance the party leaves the field: every PC alive retreated (retreat_hp)",
            ),
        }
    }
}

/// `ose.encounter`: a party against a group of monsters.
#[derive(Debug, Clone, PartialEq)]
pub struct EncounterModel {
    party: Vec<PartyMember>,
    monsters: Vec<GroupMonster>,
    /// `pc_hits[i * monsters + j]`: the d20 faces with which PC `i` hits monster `j`.
    pc_hits: Vec<[bool; 21]>,
    /// `monster_hits[j * party + i]`: the faces with which monster `j` hits PC `i`.
    monster_hits: Vec<[bool; 21]>,
    /// `parting_hits[i * monsters + j]`: the faces with which PC `i` hits monster `j`
    /// fleeing (switch `parting_blows`: +2 against a retreating foe; no shield to ignore).
    parting_hits: Vec<[bool; 21]>,
    /// `pc_missile_hits[i * monsters + j]`: PC `i` shooting monster `j` (DEX, range).
    pc_missile_hits: Vec<[bool; 21]>,
    /// `monster_missile_hits[j * party + i]`: monster `j` shooting PC `i` (range).
    monster_missile_hits: Vec<[bool; 21]>,
    /// `fleeing_hits[j * party + i]`: monster `j` striking PC `i` as it flees (switch
    /// `retreat`: +2, its shield ignored).
    fleeing_hits: Vec<[bool; 21]>,
    strikers: [Vec<Striker>; 2],
    options: Options,
    p: EncounterParams,
    layout: Layout,
    m: EncounterMetrics,
}

impl EncounterModel {
    /// The fighters of each side: (PCs, monsters).
    pub fn sides(&self) -> (&[PartyMember], &[GroupMonster]) {
        (&self.party, &self.monsters)
    }

    /// Whether attacker `a` of side `side` (0: party, 1: monsters) hits defender `d` with
    /// `attack` and the d20 face `face`; `fleeing`: the defender is a PC fleeing.
    #[inline]
    fn hits(
        &self,
        side: usize,
        attack: Attack,
        fleeing: bool,
        a: usize,
        d: usize,
        face: u32,
    ) -> bool {
        let (pc, monster) = (a * self.monsters.len() + d, a * self.party.len() + d);
        let table = match (side, attack) {
            (0, Attack::Melee) => &self.pc_hits[pc],
            (0, Attack::Parting) => &self.parting_hits[pc],
            (0, Attack::Missile) => &self.pc_missile_hits[pc],
            (_, Attack::Missile) => &self.monster_missile_hits[monster],
            _ if fleeing => &self.fleeing_hits[monster],
            _ => &self.monster_hits[monster],
        };
        table[face as usize]
    }

    /// The duel this encounter is, when it is one: one PC against one monster, no
    /// surprise (a lone monster never checks morale), starting in melee, no spell cast and
    /// no retreat. When one of the two has a slow weapon, the other always strikes first:
    /// the duel with that order fixed.
    pub fn as_duel(&self) -> Option<DuelModel> {
        let one_on_one = self.party.len() == 1 && self.monsters.len() == 1;
        let no_surprise = self.p.party_surprise == 0 && self.p.monsters_surprise == 0;
        let fights = !self.p.morale || !self.never_fights(0);
        let melee_only = self.p.approach == 0
            && self.p.retreat_hp == 0
            && !(self.p.cast && self.party.iter().any(|m| m.spells > 0));
        (one_on_one && no_surprise && fights && melee_only).then(|| {
            let order = match (self.strikers[0][0].slow, self.strikers[1][0].slow) {
                (true, false) => Some(Order::MonsterFirst),
                (false, true) => Some(Order::FighterFirst),
                _ => None,
            };
            DuelModel::under_rested(
                self.party[0].fighter,
                Monster::from(self.monsters[0].monster),
                self.p.ties,
                &self.p.tables,
                self.p.unrested,
            )
            .capped_at(self.p.max_rounds)
            .with_attack_die(self.p.die)
            .with_round_dice(self.p.damage_die, self.p.initiative_die)
            .with_fixed_order(order)
        })
    }

    /// Whether a group led by monster `leader` never fights (morale 2, not cornered).
    fn never_fights(&self, leader: usize) -> bool {
        never_fights(i64::from(self.monsters[leader].morale), self.p.cornered)
    }
}

impl FromConfig<EncounterParams> for EncounterModel {
    fn from_config(p: EncounterParams) -> Result<Self> {
        check_initiative(p.initiative_die, p.ties)?;
        if p.unrested_spells && !p.unrested {
            return Err(Error::value(
                "unrested_spells",
                "takes the rest penalty off the spells of a party that did not rest: give unrested=true",
            ));
        }
        let mut party: Vec<PartyMember> = p.party.fighters().copied().collect();
        if p.unrested_spells {
            for f in &mut party {
                f.spell_bonus -= super::rest::REST_PENALTY;
            }
        }
        let mut monsters: Vec<GroupMonster> = p.monsters.fighters().copied().collect();
        if let (Some(count), Some((_, listed))) = (p.count, p.monsters.names.last()) {
            let last = monsters[monsters.len() - 1];
            monsters.truncate(monsters.len() - *listed as usize);
            monsters.extend(std::iter::repeat_n(last, count as usize));
            if monsters.len() > MAX_SIDE {
                return Err(Error::value(
                    "count",
                    format!(
                        "makes {} monsters; a side has at most {MAX_SIDE}",
                        monsters.len()
                    ),
                ));
            }
        }
        let attack = &p.tables.attack;
        let range = match p.range {
            MissileRange::Short => attack.short,
            MissileRange::Medium => attack.medium,
            MissileRange::Long => attack.long,
        };
        // The PCs' tables against each monster, a bonus by PC.
        let pc_tables = |bonus: &dyn Fn(&PartyMember) -> i64| -> Vec<[bool; 21]> {
            party
                .iter()
                .flat_map(|f| {
                    let (thac0, bonus) = (f.fighter.thac0, bonus(f));
                    monsters
                        .iter()
                        .map(move |m| hit_table_under(thac0, m.monster.ac, bonus, attack))
                })
                .collect()
        };
        // The rest penalty: -1 to every PC's attack and damage rolls, worked in here.
        let rest = super::rest::penalty(p.unrested);
        let pc_hits = pc_tables(&|f| f.fighter.str - rest);
        let parting_hits = pc_tables(&|f| f.fighter.str + attack.retreating - rest);
        let pc_missile_hits = pc_tables(&|f| f.dex + range - rest);
        // The monsters' tables against each PC: (bonus, whether the shield counts).
        let monster_tables = |bonus: i64, shield: bool| -> Vec<[bool; 21]> {
            monsters
                .iter()
                .flat_map(|m| {
                    let thac0 = p.tables.thac0(m.monster.hd);
                    party.iter().map(move |f| {
                        let ac = f.fighter.ac + if shield { 0 } else { f.shield };
                        hit_table_under(thac0, ac, bonus, attack)
                    })
                })
                .collect()
        };
        let monster_hits = monster_tables(0, true);
        let monster_missile_hits = monster_tables(range, true);
        let fleeing_hits = monster_tables(attack.retreating, false);
        let strikers: [Vec<Striker>; 2] = [
            party
                .iter()
                .map(|f| Striker {
                    damage: f.fighter.damage,
                    bonus: f.fighter.str - rest,
                    missile: f.missile,
                    missile_bonus: -rest,
                    slow: f.slow,
                })
                .collect(),
            monsters
                .iter()
                .map(|m| Striker {
                    damage: m.monster.damage,
                    bonus: 0,
                    missile: m.missile,
                    missile_bonus: 0,
                    slow: m.slow,
                })
                .collect(),
        ];
        let casting = p.cast && party.iter().any(|f| f.spells > 0);
        let options = Options {
            slow: [0, 1].map(|s| strikers[s].iter().any(|f: &Striker| f.slow)),
            casting,
            declaring: casting || p.retreat_hp > 0,
        };
        let mut layout = Layout::new();
        let m = EncounterMetrics::declare(&mut layout, party.len());
        // The ranges of the means: their intervals stay inside, even with no spread.
        layout.bounded(m.mean_pc_deaths, 0, party.len() as i64);
        layout.bounded(m.mean_monster_deaths, 0, monsters.len() as i64);
        layout.bounded(m.mean_rounds, 1, i64::from(p.max_rounds));
        Ok(Self {
            party,
            monsters,
            pc_hits,
            monster_hits,
            parting_hits,
            pc_missile_hits,
            monster_missile_hits,
            fleeing_hits,
            strikers,
            options,
            p,
            layout,
            m,
        })
    }
}

impl FightModel for EncounterModel {
    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    fn sample<D: Dice>(&self, dice: &mut D) -> EncounterOutcome {
        let mut fight = self.start(dice);
        let surprised =
            [self.p.party_surprise, self.p.monsters_surprise].map(|x| x > 0 && dice.in_six(x));
        let mut fled = false;
        let mut rounds = 0;
        while rounds < self.p.max_rounds && fight.standing(0) > 0 && fight.standing(1) > 0 && !fled
        {
            rounds += 1;
            let approach = rounds <= self.p.approach;
            if rounds == 1 && (surprised[0] || surprised[1]) {
                self.declare(&mut fight, !surprised[0]);
                if let Some(side) = (0..2).find(|&s| !surprised[s]) {
                    fled = self.turn(&mut fight, side, approach, false, dice);
                    if !fled && !approach {
                        self.slow_blows(&mut fight, side, None, dice);
                    }
                }
                continue;
            }
            self.declare(&mut fight, true);
            let (a, b) = loop {
                let a = self.p.initiative_die.roll(dice, &[], |d| i64::from(d.d6()));
                let b = self.p.initiative_die.roll(dice, &[], |d| i64::from(d.d6()));
                if a != b || self.p.ties == Ties::Simultaneous {
                    break (a, b);
                }
            };
            if a == b {
                fled = self.together(&mut fight, approach, dice);
            } else {
                let first = usize::from(b > a);
                fled = self.turn(&mut fight, first, approach, true, dice);
                if !fled && fight.standing(1 - first) > 0 {
                    fled = self.turn(&mut fight, 1 - first, approach, false, dice);
                }
                if !fled && !approach {
                    self.slow_blows(&mut fight, first, None, dice);
                    self.slow_blows(&mut fight, 1 - first, None, dice);
                }
            }
        }
        // Parting blows may leave no monster to flee.
        let end = fight.end(fled && fight.standing(1) > 0);
        EncounterOutcome {
            end,
            rounds,
            pc_deaths: fight.dead(0) as u8,
            monster_deaths: fight.dead(1) as u8,
        }
    }

    fn record<R: Recorder>(&self, o: &EncounterOutcome, rec: &mut R) {
        rec.event(self.m.party_wins, matches!(o.end, End::Party | End::Fled));
        rec.event(self.m.monsters_flee, o.end == End::Fled);
        rec.event(self.m.monsters_win, o.end == End::Monsters);
        rec.event(self.m.both_fall, o.end == End::Both);
        rec.event(self.m.draw, matches!(o.end, End::Both | End::Neither));
        rec.event(self.m.any_pc_dies, o.pc_deaths > 0);
        rec.value(self.m.mean_pc_deaths, i64::from(o.pc_deaths));
        rec.value(self.m.mean_monster_deaths, i64::from(o.monster_deaths));
        rec.value(self.m.mean_rounds, i64::from(o.rounds));
        rec.hist(self.m.pc_deaths, i64::from(o.pc_deaths));
        rec.hist(self.m.rounds, i64::from(o.rounds));
        rec.event(self.m.party_retreats, o.end == End::Retreated);
    }
}

/// The duel's exact values, when the encounter is one ([`EncounterModel::as_duel`]).
impl FightOutcome for EncounterModel {
    type Fight = Duel;
    type Outcome = EncounterOutcome;

    fn exact_fight(&self) -> Option<Cow<'_, Duel>> {
        let duel = self.as_duel()?;
        let fight = duel.exact_fight()?.into_owned();
        Some(Cow::Owned(fight))
    }

    fn exact_budget(&self) -> ExactBudget {
        exact_budget(self.p.max_rounds)
    }

    fn outcome_of(&self, &end: &DuelEnd, rounds: u32) -> EncounterOutcome {
        from_duel(DuelOutcome { end, rounds })
    }
}

/// The encounter outcome of a duel's.
pub fn from_duel(d: DuelOutcome) -> EncounterOutcome {
    let (end, pc_deaths, monster_deaths) = match d.end.winner {
        Winner::A => (End::Party, 0, 1),
        Winner::B => (End::Monsters, 1, 0),
        Winner::Draw if d.end.both_fell => (End::Both, 1, 1),
        Winner::Draw => (End::Neither, 0, 0),
    };
    EncounterOutcome {
        end,
        rounds: d.rounds,
        pc_deaths,
        monster_deaths,
    }
}

#[path = "encounter_round.rs"]
mod round;

#[path = "encounter_side.rs"]
mod side;

#[cfg(test)]
#[path = "encounter_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "encounter_options_tests.rs"]
mod option_tests;
