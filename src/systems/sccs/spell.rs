//! Keeping a spell (seed section 6, *Maintien d'un sort sur la durée*: *Individuel*,
//! *Contrecoup*, *La Rupture*, *Cercle Rituel*; the `sccs` page), and the `sccs.spell`
//! mechanic: how many turns a spell is held before an impact breaks it.
//!
//! - Individual caster: a D6 sets the turns held without malus (the *compteur de
//!   tension*); after them the caster takes −1 to every statistic (*contrecoup*), and an
//!   impact in that state breaks the spell (*rupture*). Impacts come each turn with chance
//!   `p_hit`, or from one attacker's melee against the caster's protection (lowered by the
//!   malus once it applies). Impacts before the malus do not break the spell, and (a
//!   simplification) their own −1 wound malus is not applied. With switch `saisie` the
//!   attacker grabs (*Saisie*), and under the malus a grab breaks the spell without an
//!   impact ("si le lanceur subit un Impact ou une Saisie"): **\[choice\]** a grab that
//!   ties (switch `saisie_breaks_on`, default `tie`; `attempt`: every grab, even
//!   countered).
//! - Ritual circle (*cercle rituel*): one D6 sets the casting time in turns; every caster
//!   concentrates under the malus, each is hit with chance `p_hit` each turn and leaves the
//!   circle; with fewer than two still concentrated the casting breaks. **\[choice\]** (the
//!   reading of `keeper = circle`): a hit member leaves the circle for good (the casting
//!   needs two; the text, for keeping the spell, speaks of one participant); the circle's
//!   effect uses the best caster's statistics + 1, a fixed number with nothing to roll.
//!   `relays` casters stand by and take the place of hit members at once ("Ils peuvent
//!   être remplacés ou relayés"); with switch `leader_required` the most experienced
//!   caster must stay ("lanceur le plus expérimenté inclus"): its hit breaks the casting,
//!   no relay replacing it. With `circle_upkeep` the circle keeps the spell once cast
//!   (while one participant stays concentrated), and with switch `healer` a healer treats
//!   the members hit, who relay again (both in `spell_circle.rs`).
//!
//! The upkeep is written once, as a [`Fight`] whose round is a turn: sampled by
//! [`play`], and exact by [`solve`], which enumerates the same turn from every state
//! met (the turns played, the first die, the attacker's counter, the casters still
//! concentrated, the relays left). The casters hit in a turn are a step (`Hits`), counted
//! once per number of casters.

use super::exchange_margin::ExchangeMargin;
use super::resolution::{Comparison, Counter, TieParams, compare};
use super::tables::SccsTables;
use super::tension_die::TensionDie;
use crate::engine::chain::{Limits, Next};
use crate::engine::fight::{Fight, play, solve};
use crate::engine::{Dice, Dist, HistId, Layout, MetricId, Recorder, Report, Roll, Rolled};
use crate::error::{Error, Result};

#[path = "spell_circle.rs"]
mod circle;
pub use circle::CircleUpkeep;

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

crate::choice! {
    /// What a *Saisie* (a grab) must do to the caster under the contrecoup to break the
    /// spell without an impact (switch `saisie_breaks_on`, with `saisie`).
    ///
    /// - `tie`: a grab that lands or ties (*égalité*: the caster caught in the grab while
    ///   its tension counter runs), the default.
    /// - `attempt`: every grab aimed at the caster, even one the caster counters.
    pub enum SaisieBreaks { Tie = "tie", Attempt = "attempt" }
}

crate::config! {
    /// The parameters of `sccs.spell`.
    #[derive(Debug, Clone, Copy, PartialEq)]
    pub struct SpellParams {
        /// individual (a D6 of malus-free turns, then the malus) or circle (a D6 of casting
        /// turns, everyone under the malus); [choice] in the circle a hit member leaves for
        /// good (relayed only by relays), and the effect uses the best caster's stats + 1
        keeper: Keeper = choice(default = Keeper::Individual),
        /// chance (an impact each turn with chance p_hit) or melee (one attacker of score
        /// attack; individual only)
        source: Source = choice(default = Source::Chance),
        /// chance of an impact on a caster each turn (source chance)
        p_hit: f64 = float(0.0..=1.0, default = 0.2),
        /// turns followed at most (individual)
        max_turns: u32 = int(1..=100, default = 20, bounds_rounds),
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
        /// source melee: the attacker's attack is a Saisie (a grab); under the contrecoup a
        /// grab the caster undergoes breaks the spell without an impact (La Rupture: "un
        /// Impact ou une Saisie")
        saisie: bool = switch(default = false),
        /// [choice] with saisie, the grab that breaks the spell: tie (one that lands or
        /// ties), attempt (every grab, even countered)
        saisie_breaks_on: SaisieBreaks = choice(default = SaisieBreaks::Tie),
        /// circle: the most experienced caster must stay concentrated ("lanceur le plus
        /// expérimenté inclus"): the casting breaks when that leader is hit
        leader_required: bool = switch(default = false),
        /// circle: casters standing by who relay a hit member at once ("Ils peuvent être
        /// remplacés ou relayés"); never the leader with leader_required
        relays: u32 = int(0..=20, default = 0),
        /// [choice] circle: who keeps the spell once cast, for max_turns turns (it holds
        /// while one participant stays concentrated): none (the casting only), all (every
        /// member still concentrated), one (one keeps it, the others stand by as relays)
        circle_upkeep: CircleUpkeep = choice(default = CircleUpkeep::None),
        /// circle: a healer (La Magie de Restauration) removes the -1 of one member hit at
        /// the start of each turn; [choice] the spell always succeeds, and the member
        /// treated stands by as a relay again
        healer: bool = switch(default = false),
        /// the tension switch
        tie: TieParams = flatten(),
    }
}

/// How a grab of the attacker (source melee) breaks a spell kept under the contrecoup
/// without an impact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grab {
    /// The attacker does not grab (switch `saisie` off): only an impact breaks the spell.
    None,
    /// A grab that ties breaks it too (`saisie_breaks_on = tie`).
    OnTie,
    /// Every grab breaks it, even countered (`saisie_breaks_on = attempt`).
    OnAttempt,
}

/// Most distinct states the exact upkeep meets (turns × first die × tension counter ×
/// casters × relays: at most some 170,000 with the largest dice the tables allow and
/// twenty casters and relays; more for the largest circles kept long with
/// `circle_upkeep`, which are then Monte Carlo only).
pub const MAX_STATES: usize = 200_000;

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
    /// How a grab breaks the spell (source melee, switch `saisie`).
    pub grab: Grab,
    /// The circle's leader must stay concentrated (switch `leader_required`).
    pub leader_required: bool,
    /// Casters standing by to relay a hit member of the circle (`relays`).
    pub relays: u32,
    /// Who keeps the circle's spell once cast (`circle_upkeep`).
    pub circle_upkeep: CircleUpkeep,
    /// A healer treats the circle's members hit (switch `healer`).
    pub healer: bool,
    /// Switch `tension_counts_tie` (the attacker's counter, source melee).
    pub counts_tie: bool,
    /// The tension die and the dice of the turns (D6s in the text).
    pub dice: SpellDice,
}

/// The faces of the dice of an upkeep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpellDice {
    /// The attacker's tension die (source melee).
    pub tension: TensionDie,
    /// How the attacker's exchange reads its margin (source melee).
    pub margin: ExchangeMargin,
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
            margin: tables.exchange_margin(),
            free: tables.spell.free_die as u32,
            casting: tables.spell.casting_die as u32,
        }
    }
}

/// How long a spell was held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SpellOutcome {
    /// Whole turns held (individual) or concentrated (circle) before the break, or until
    /// `max_turns` (individual) or the end of the casting (circle).
    pub held: i64,
    /// True when an impact broke the spell (or the circle's casting).
    pub broken: bool,
    /// With `circle_upkeep`, true when the circle's casting was done (the spell then
    /// kept); false otherwise.
    pub cast: bool,
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
        if p.saisie && p.source != Source::Melee {
            return Err(Error::value(
                "saisie",
                "saisie is the attacker's grab: use source = melee (one attacker against one caster)",
            ));
        }
        if p.keeper != Keeper::Circle
            && (p.leader_required
                || p.relays > 0
                || p.healer
                || p.circle_upkeep != CircleUpkeep::None)
        {
            let given = if p.relays > 0 {
                "relays"
            } else if p.leader_required {
                "leader_required"
            } else if p.healer {
                "healer"
            } else {
                "circle_upkeep"
            };
            return Err(Error::value(
                given,
                "relays, leader_required, circle_upkeep and healer belong to a ritual circle: use keeper = circle",
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
            grab: match (p.saisie, p.saisie_breaks_on) {
                (false, _) => Grab::None,
                (true, SaisieBreaks::Tie) => Grab::OnTie,
                (true, SaisieBreaks::Attempt) => Grab::OnAttempt,
            },
            leader_required: p.leader_required,
            relays: p.relays,
            circle_upkeep: p.circle_upkeep,
            healer: p.healer,
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

    /// The turns followed at most: `max_turns` for a lone caster, the most a circle's
    /// casting die can give, and `max_turns` more when the circle keeps the spell.
    fn turns_followed(&self) -> u32 {
        match (self.keeper, self.circle_upkeep) {
            (Keeper::Circle, CircleUpkeep::None) => self.dice.casting,
            (Keeper::Circle, _) => self.dice.casting + self.max_turns,
            (Keeper::Individual, _) => self.max_turns,
        }
    }

    /// A turn under source melee, `under_malus` or not: the attacker strikes (the tension
    /// die is rolled only when a tie starts its counter). Returns true when an impact
    /// under the malus breaks the spell, or a grab ([`Grab`]: a tie, or any grab); an
    /// impact before the malus only ends the attacker's counter.
    #[inline(always)]
    fn melee_turn<D: Dice>(&self, under_malus: bool, counter: &mut Counter, dice: &mut D) -> bool {
        let p = self.protection - if under_malus { self.malus } else { 0 };
        let a = self.dice.margin.attack(dice, self.attack, p);
        let comparison = compare(a, p);
        if under_malus && self.grab_breaks(comparison) {
            return true;
        }
        let hit = match comparison {
            Comparison::Impact => true,
            Comparison::Countered => false,
            Comparison::Tie => counter.tie_with(|| self.dice.tension.roll(dice), self.counts_tie),
        };
        if hit && !under_malus {
            counter.drop_counter();
        }
        hit && under_malus
    }

    /// Whether the attacker's grab, compared as `comparison` with the caster's protection
    /// under the contrecoup, breaks the spell without an impact (*La Rupture*: "un Impact
    /// ou une Saisie"): never without `saisie`; a tie (or an impact) by default; every grab
    /// with `saisie_breaks_on = attempt`.
    #[inline(always)]
    fn grab_breaks(&self, comparison: Comparison) -> bool {
        match self.grab {
            Grab::None => false,
            Grab::OnTie => comparison != Comparison::Countered,
            Grab::OnAttempt => true,
        }
    }

    /// Held to the end: `max_turns` (a lone caster) or the casting's `turns` (a circle)
    /// whole turns, not broken.
    fn held(turns: u32) -> SpellOutcome {
        SpellOutcome {
            held: i64::from(turns),
            broken: false,
            cast: false,
        }
    }

    /// Held to the end by a lone caster: `max_turns`.
    fn held_to_the_end(&self) -> SpellOutcome {
        Self::held(self.max_turns)
    }
}

/// Everything that matters for the rest of an upkeep, between two turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UpkeepState {
    /// Turns played.
    turn: u32,
    /// What the first die gave (a lone caster's malus-free turns, a circle's casting
    /// turns); 0 before it is rolled, in the first round.
    first: u32,
    /// The attacker's tension counter (source melee).
    counter: Counter,
    /// The circle's casters still concentrated.
    concentrated: u32,
    /// The circle's relays still standing by (at most 20).
    relays: u8,
}

/// An upkeep is a fight against the impacts: a round is one turn, the first also rolls
/// the first die. A lone caster under source chance has nothing to roll in its
/// malus-free turns: they pass in the first round, with the die. It ends broken, or held
/// (a circle's casting done, or a lone caster at `max_turns`).
impl Fight for Upkeep {
    type State = UpkeepState;
    type End = SpellOutcome;

    fn start(&self) -> UpkeepState {
        UpkeepState {
            turn: 0,
            first: 0,
            counter: Counter::default(),
            concentrated: self.casters,
            relays: self.relays as u8,
        }
    }

    #[inline(always)]
    fn round<D: Dice>(&self, s: &UpkeepState, dice: &mut D) -> Next<UpkeepState, SpellOutcome> {
        let mut s = *s;
        if s.first == 0 {
            s.first = dice.die(self.first_die());
        }
        match (self.keeper, self.source) {
            (Keeper::Circle, _) => return self.circle_round(s, dice),
            (Keeper::Individual, Source::Chance) => {
                s.turn = s.turn.max(s.first) + 1;
                if s.turn > self.max_turns {
                    return Next::End(self.held_to_the_end());
                }
                if dice.bernoulli(self.p_hit) {
                    return Next::End(broken_in(s.turn));
                }
            }
            (Keeper::Individual, Source::Melee) => {
                s.turn += 1;
                if self.melee_turn(s.turn > s.first, &mut s.counter, dice) {
                    return Next::End(broken_in(s.turn));
                }
            }
        }
        if s.turn >= self.turns_followed() {
            return Next::End(Self::held(s.turn));
        }
        Next::Round(s)
    }

    fn at_cap(&self, s: &UpkeepState) -> SpellOutcome {
        Self::held(s.turn)
    }
}

impl Roll for Upkeep {
    type Outcome = SpellOutcome;

    /// Plays one upkeep.
    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> SpellOutcome {
        play(self, dice, self.turns_followed()).0
    }

    /// The exact distribution ([`solve`]): every turn followed, no tail.
    fn exact(&self) -> Option<Dist<SpellOutcome>> {
        let limits = Limits::new(self.turns_followed(), 0.0);
        let out = solve(self, limits, MAX_STATES).ok()?;
        Some(out.endings.map(|(o, _)| *o))
    }
}

/// Broken by an impact during `turn`: `turn − 1` whole turns held.
fn broken_in(turn: u32) -> SpellOutcome {
    SpellOutcome {
        held: turn as i64 - 1,
        broken: true,
        cast: false,
    }
}

/// What `sccs.spell` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct SpellMetrics {
    mean_turns: MetricId,
    broken: MetricId,
    turns_held: HistId,
    /// With `circle_upkeep`: the chance the casting is done.
    cast: Option<MetricId>,
}

impl Report<Upkeep> for SpellMetrics {
    fn declare(upkeep: &Upkeep, layout: &mut Layout) -> Self {
        let top = match (upkeep.keeper, upkeep.circle_upkeep) {
            (Keeper::Individual, _) => i64::from(upkeep.max_turns),
            (Keeper::Circle, CircleUpkeep::None) => 6,
            (Keeper::Circle, _) => i64::from(upkeep.turns_followed()),
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
            cast: (upkeep.circle_upkeep != CircleUpkeep::None).then(|| {
                layout.proportion(
                    "cast",
                    "chance the circle's casting is done (the spell then kept, circle_upkeep)",
                )
            }),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &SpellOutcome, rec: &mut R) {
        rec.value(self.mean_turns, o.held);
        rec.event(self.broken, o.broken);
        rec.hist(self.turns_held, o.held);
        if let Some(cast) = self.cast {
            rec.event(cast, o.cast);
        }
    }
}

/// `sccs.spell`.
pub type SpellModel = Rolled<Upkeep, SpellMetrics>;

#[cfg(test)]
#[path = "spell_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "spell_circle_tests.rs"]
mod circle_tests;
