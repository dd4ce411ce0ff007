//! Keeping a spell (seed section 6, *Maintien d'un sort sur la durée*: *Individuel*,
//! *Contrecoup*, *La Rupture*, *Cercle Rituel*; the `sccs` page), and the `sccs.spell`
//! mechanic: how many turns a spell is held before an impact breaks it.
//!
//! - Individual caster: a D6 sets the turns held without malus (the *compteur de
//!   tension*); after them the caster takes −1 to every statistic (*contrecoup*), and an
//!   impact in that state breaks the spell (*rupture*). Impacts come each turn with chance
//!   `p_hit`, or from one attacker's melee against the caster's protection (lowered by the
//!   malus once it applies). Impacts before the malus do not break the spell, and (a
//!   simplification) their own −1 wound malus is not applied.
//! - Ritual circle (*cercle rituel*): one D6 sets the casting time in turns; every caster
//!   concentrates under the malus, each is hit with chance `p_hit` each turn and leaves the
//!   circle; with fewer than two still concentrated the casting breaks. **\[choice\]** (the
//!   reading of `keeper = circle`): a hit member leaves the circle for good and nobody
//!   relays them (the text allows relays and, for keeping the spell, speaks of one
//!   participant; the casting needs two); the circle's effect uses the best caster's
//!   statistics + 1, a fixed number with nothing to roll.

use super::rules::{Comparison, Counter, TieParams, compare, each_face};
use super::tables::SccsTables;
use crate::engine::chain::{Chain, Limits, Next, propagate};
use crate::engine::dist::TAIL_BOUND;
use crate::engine::{Dice, Dist, HistId, Layout, MetricId, Recorder, Report, Roll, Rolled};
use crate::error::{Error, Result};

crate::choice! {
    /// Who keeps the spell.
    ///
    /// - `individual`: one caster keeping a spell (the default).
    /// - `circle`: a ritual circle casting a spell together.
    pub enum Keeper { Individual = "individual", Circle = "circle" }
}

crate::choice! {
    /// Where the impacts on the caster come from.
    ///
    /// - `chance`: an impact each turn with chance `p_hit` (the default).
    /// - `melee`: one attacker of score `attack` strikes each turn against the caster's
    ///   protection.
    pub enum Source { Chance = "chance", Melee = "melee" }
}

crate::config! {
    /// The parameters of `sccs.spell`.
    #[derive(Debug, Clone, Copy, PartialEq)]
    pub struct SpellParams {
        /// individual (a D6 of malus-free turns, then the malus) or circle (a D6 of casting
        /// turns, everyone under the malus); [choice] in the circle a hit member leaves for
        /// good, no relays, and the effect uses the best caster's stats + 1
        keeper: Keeper = choice(default = Keeper::Individual),
        /// chance (an impact each turn with chance p_hit) or melee (one attacker of score
        /// attack; individual only)
        source: Source = choice(default = Source::Chance),
        /// chance of an impact on a caster each turn (source chance)
        p_hit: f64 = float(0.0..=1.0, default = 0.2),
        /// turns followed at most (individual)
        max_turns: u32 = int(1..=100, default = 20),
        /// source melee: the attacker's score (type + cible)
        attack: i64 = int(-20..=40, default = 5),
        /// source melee: the caster's défense
        defense: i64 = int(-20..=40, default = 3),
        /// source melee: the caster's résistance
        resistance: i64 = int(-20..=40, default = 3),
        /// [choice] the -1 of the upkeep lowers the protection by 1, not by 2 (-1 on défense
        /// and on résistance)
        upkeep_malus_on_total: bool = switch(default = false),
        /// circle: casters concentrating (the casting breaks below 2)
        casters: u32 = int(2..=20, default = 3),
        /// the tension switch
        tie: TieParams = flatten(),
    }
}

/// A configured upkeep.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Upkeep {
    /// Individual caster or ritual circle.
    pub keeper: Keeper,
    /// Source of the impacts.
    pub source: Source,
    /// Chance of an impact on a caster each turn (source chance).
    pub p_hit: f64,
    /// Turns followed at most (individual caster).
    pub max_turns: u32,
    /// The attacker's score (source melee).
    pub attack: i64,
    /// The caster's protection `défense + résistance` (source melee).
    pub protection: i64,
    /// How much the upkeep malus lowers the protection: 2 (−1 on défense and on
    /// résistance, the default) or 1 with the switch `upkeep_malus_on_total` **\[choice\]**.
    pub malus: i64,
    /// Casters in the circle, at least 2.
    pub casters: u32,
    /// Switch `tension_counts_tie` (the attacker's counter, source melee).
    pub counts_tie: bool,
    /// The tension die and the dice of the turns (D6s in the text).
    pub dice: SpellDice,
}

/// The faces of the dice of an upkeep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpellDice {
    /// The attacker's tension die (source melee).
    pub tension: u32,
    /// The die of a lone caster's malus-free turns.
    pub free: u32,
    /// The die of a circle's casting turns.
    pub casting: u32,
}

impl SpellDice {
    /// The dice of `tables`.
    pub fn of(tables: &SccsTables) -> Self {
        Self {
            tension: tables.tension_die(),
            free: tables.spell.free_die as u32,
            casting: tables.spell.casting_die as u32,
        }
    }
}

/// How long a spell was held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct SpellOutcome {
    /// Whole turns held (individual) or concentrated (circle) before the break, or until
    /// `max_turns` (individual) or the end of the casting (circle).
    pub held: i64,
    /// True when an impact broke the spell (or the circle's casting).
    pub broken: bool,
}

/// The upkeep of `p`, checked: source melee goes with an individual caster only.
impl TryFrom<SpellParams> for Upkeep {
    type Error = Error;

    fn try_from(p: SpellParams) -> Result<Self> {
        if p.keeper == Keeper::Circle && p.source == Source::Melee {
            return Err(Error::value(
                "source",
                "source melee follows one attacker against one caster: use keeper = individual, or source = chance for a circle",
            ));
        }
        Ok(Self {
            keeper: p.keeper,
            source: p.source,
            p_hit: p.p_hit,
            max_turns: p.max_turns,
            attack: p.attack,
            protection: p.defense + p.resistance,
            malus: p.tie.tables.spell.contrecoup * if p.upkeep_malus_on_total { 1 } else { 2 },
            casters: p.casters,
            counts_tie: p.tie.tension_counts_tie,
            dice: SpellDice::of(&p.tie.tables),
        })
    }
}

impl Upkeep {
    /// The faces of the die rolled first: the casting turns of a circle, the malus-free
    /// turns of a lone caster.
    fn first_die(&self) -> u32 {
        match self.keeper {
            Keeper::Circle => self.dice.casting,
            Keeper::Individual => self.dice.free,
        }
    }

    /// Turn `turn` under source melee, after `free` malus-free turns: the attacker
    /// strikes (`d6` is called only when a tie starts its counter). Returns true when an
    /// impact under the malus breaks the spell; an impact before the malus only ends the
    /// attacker's counter.
    #[inline(always)]
    fn melee_turn(
        &self,
        turn: u32,
        free: u32,
        counter: &mut Counter,
        d6: impl FnOnce() -> u32,
    ) -> bool {
        let under_malus = turn > free;
        let p = self.protection - if under_malus { self.malus } else { 0 };
        let hit = match compare(self.attack, p) {
            Comparison::Impact => true,
            Comparison::Countered => false,
            Comparison::Tie => counter.tie_with(d6, self.counts_tie),
        };
        if hit && !under_malus {
            counter.drop_counter();
        }
        hit && under_malus
    }

    fn run_circle<D: Dice>(&self, dice: &mut D, casting: u32) -> SpellOutcome {
        let mut concentrated = self.casters;
        for turn in 1..=casting {
            let mut hit = 0;
            for _ in 0..concentrated {
                hit += u32::from(dice.bernoulli(self.p_hit));
            }
            concentrated -= hit;
            if concentrated < 2 {
                return broken_in(turn);
            }
        }
        SpellOutcome {
            held: casting as i64,
            broken: false,
        }
    }

    fn held_to_the_end(&self) -> SpellOutcome {
        SpellOutcome {
            held: self.max_turns as i64,
            broken: false,
        }
    }
}

impl Roll for Upkeep {
    type Outcome = SpellOutcome;

    /// Plays one upkeep.
    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> SpellOutcome {
        let free = dice.die(self.first_die());
        match (self.keeper, self.source) {
            (Keeper::Circle, _) => self.run_circle(dice, free),
            (Keeper::Individual, Source::Chance) => {
                for turn in free + 1..=self.max_turns {
                    if dice.bernoulli(self.p_hit) {
                        return broken_in(turn);
                    }
                }
                self.held_to_the_end()
            }
            (Keeper::Individual, Source::Melee) => {
                let mut counter = Counter::default();
                for turn in 1..=self.max_turns {
                    if self.melee_turn(turn, free, &mut counter, || dice.die(self.dice.tension)) {
                        return broken_in(turn);
                    }
                }
                self.held_to_the_end()
            }
        }
    }

    /// The exact distribution: source melee as a chain over the turns (the attacker's
    /// counter is the whole state, `MeleeUpkeep`), source chance in closed form.
    fn exact(&self) -> Option<Dist<SpellOutcome>> {
        let p = self.p_hit;
        match (self.keeper, self.source) {
            (Keeper::Individual, Source::Melee) => Some(Dist::die(self.dice.free).then(|&free| {
                let chain = MeleeUpkeep {
                    upkeep: self,
                    free: free as u32,
                };
                let limits = Limits {
                    max_rounds: self.max_turns,
                    tolerance: TAIL_BOUND,
                };
                propagate(&chain, limits).endings.map(|(o, _)| *o)
            })),
            (Keeper::Individual, Source::Chance) => Some(Dist::die(self.dice.free).then(|&free| {
                let free = free as u32;
                let mut items = Vec::new();
                let mut alive = 1.0;
                for turn in free + 1..=self.max_turns {
                    items.push((broken_in(turn), alive * p));
                    alive *= 1.0 - p;
                }
                items.push((self.held_to_the_end(), alive));
                Dist::from_weights(items.into_iter().filter(|(_, w)| *w > 0.0))
            })),
            (Keeper::Circle, _) => Some(Dist::die(self.dice.casting).then(|&casting| {
                // State: (concentrated casters, outcome so far).
                let mut state = Dist::certain((
                    self.casters as i64,
                    SpellOutcome {
                        held: 0,
                        broken: false,
                    },
                ));
                for turn in 1..=casting as u32 {
                    state = state.then(|&(left, o)| {
                        if o.broken {
                            return Dist::certain((left, o));
                        }
                        binomial(left, p).map(|&hit| {
                            let left = left - hit;
                            if left < 2 {
                                (left, broken_in(turn))
                            } else {
                                (
                                    left,
                                    SpellOutcome {
                                        held: turn as i64,
                                        broken: false,
                                    },
                                )
                            }
                        })
                    });
                }
                state.map(|(_, o)| *o)
            })),
        }
    }
}

/// Source melee after `free` malus-free turns, as a chain: a round is a turn, the state
/// the turns played and the attacker's tension counter.
struct MeleeUpkeep<'a> {
    upkeep: &'a Upkeep,
    free: u32,
}

impl Chain for MeleeUpkeep<'_> {
    type State = (u32, Counter);
    type End = SpellOutcome;

    fn start(&self) -> (u32, Counter) {
        (0, Counter::default())
    }

    fn round(
        &self,
        &(played, counter): &(u32, Counter),
    ) -> Vec<(Next<(u32, Counter), SpellOutcome>, f64)> {
        let turn = played + 1;
        each_face(self.upkeep.dice.tension, |d6| {
            let mut c = counter;
            let broken = self.upkeep.melee_turn(turn, self.free, &mut c, d6);
            if broken {
                Next::End(broken_in(turn))
            } else {
                Next::Round((turn, c))
            }
        })
    }

    fn at_cap(&self, _: &(u32, Counter)) -> SpellOutcome {
        self.upkeep.held_to_the_end()
    }
}

/// Broken by an impact during `turn`: `turn − 1` whole turns held.
fn broken_in(turn: u32) -> SpellOutcome {
    SpellOutcome {
        held: turn as i64 - 1,
        broken: true,
    }
}

/// Number of successes among `n` independent chances `p`.
fn binomial(n: i64, p: f64) -> Dist<i64> {
    let one = Dist::bernoulli(p).map(|&b| i64::from(b));
    (0..n).fold(Dist::certain(0), |acc, _| acc.add(&one))
}

/// What `sccs.spell` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct SpellMetrics {
    mean_turns: MetricId,
    broken: MetricId,
    turns_held: HistId,
}

impl Report<Upkeep> for SpellMetrics {
    fn declare(upkeep: &Upkeep, layout: &mut Layout) -> Self {
        let top = match upkeep.keeper {
            Keeper::Individual => i64::from(upkeep.max_turns),
            Keeper::Circle => 6,
        };
        Self {
            mean_turns: layout.mean(
                "mean_turns",
                "mean whole turns held (individual) or concentrated (circle)",
            ),
            broken: layout.proportion(
                "broken",
                "chance an impact breaks the spell within max_turns (individual) or the casting (circle)",
            ),
            turns_held: layout.histogram("turns_held", "histogram of whole turns held", (0, top)),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &SpellOutcome, rec: &mut R) {
        rec.value(self.mean_turns, o.held);
        rec.event(self.broken, o.broken);
        rec.hist(self.turns_held, o.held);
    }
}

/// `sccs.spell`.
pub type SpellModel = Rolled<Upkeep, SpellMetrics>;

#[cfg(test)]
#[path = "spell_tests.rs"]
mod tests;
