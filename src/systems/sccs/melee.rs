//! One defender against up to four engaged attackers (seed section 3, *La Loi du
//! Surnombre (L'Érosion Tactique)*, *Le Sacrifice de l'Armure*, *Règle d'Usure*,
//! *Conséquences de l'Impact*; section 5, *La Manœuvre Défensive*; the `sccs` page), and
//! the `sccs.melee` mechanic: rounds until the first impact and until the defender is out,
//! and the armour's durability spent on the way.
//!
//! Each round the attackers strike in their given order; the `k`-th attack of the round
//! meets the protection eroded by `k − 1`, floored at that attacker's score (see
//! `receive`; switch `erosion` turns erosion off). Each attacker perseveres with the
//! same type and cible, so keeps its own tension counter from round to round; an attacker
//! who lands an impact starts a new test at its next tie. Each impact that does not put
//! the defender out lowers the protection by `wound_malus` (the text's −1 to all actions,
//! cumulative); the `impacts_to_out`-th puts the defender out. The fight is followed until
//! then or `rounds` rounds.
//!
//! The fight itself, its round written once, sampled and solved exactly, is in
//! [`super::melee_fight`].

use super::exchange_margin::ExchangeMargin;
use super::resolution::{Guard, TieParams};
use super::restoration::RestorationFirst;
use super::tension_die::TensionDie;
use crate::engine::{HistId, Layout, MetricFamily, MetricId, MetricKind, Recorder, Report, Rolled};
use crate::error::{Error, Result};

/// At most four human-sized foes engage one target in melee (face, back, both flanks).
pub const MAX_ENGAGED: usize = 4;

/// Most impacts `impacts_to_out` accepts.
pub const MAX_IMPACTS: i64 = 10;

/// Largest number of attackers the parameters accept, so that a fifth gets the rule's
/// explanation from `build` rather than a bare range error.
const MAX_LISTED: usize = 16;

crate::choice! {
    /// Who casts *La Magie de Restauration* on the defender of `sccs.melee`, once a round
    /// while it has something to restore (switch `healer`). **\[choice\]** The text's
    /// initiative places the healer's turn: a caster not engaged acts at *Priorité 2 : La
    /// Magie « Libre »*, before the melee weapons (priorities 4 to 6); an engaged one at
    /// *Priorité 8 : La Magie « Sous Pression »*, after them.
    ///
    /// - `none`: nobody restores (the default: the fight as before).
    /// - `ally`: a healer of the defender's side, not engaged (the attackers all engage the
    ///   defender), restores it at the start of each round, before the attacks.
    /// - `defender`: the defender, engaged, restores itself at the end of each round,
    ///   after the attacks, when they have not put it out.
    pub enum Healer { None = "none", Ally = "ally", Defender = "defender" }
}

crate::config! {
    /// The parameters of `sccs.melee`.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct MeleeParams {
        /// the defender's défense
        defense: i64 = int(-20..=40, default = 3),
        /// the defender's résistance, armour included
        resistance: i64 = int(-20..=40, default = 3),
        /// the part of the résistance given by the armour (lost at durability 0, unless
        /// spent_armour_protects)
        armour_res: i64 = int(-20..=40, default = 2),
        /// the armour's durability points
        durability: i64 = int(-50..=50, default = 3),
        /// manœuvre défensive: +1 to the défense for the whole fight
        defensive_manoeuvre: bool = switch(default = false),
        /// attack scores (type + cible) of the 1 to 4 engaged attackers (at most 4 engage
        /// one target), in the order they strike, e.g. [5,5,6,4] (or n_attackers with
        /// attack)
        attackers: Vec<i64> = list(-20..=40, len = 1..=MAX_LISTED, default = Vec::new()),
        /// instead of attackers: this many attackers, 1 to 4, all of score attack (0 = use
        /// attackers)
        n_attackers: usize = int(0..=MAX_LISTED as i64, default = 0),
        /// with n_attackers: every attacker's score (type + cible)
        attack: i64 = int(-20..=40, default = 0),
        /// rounds followed at most
        rounds: u32 = int(1..=50, default = 10, bounds_rounds),
        /// [choice] impacts that put the defender out (the text leaves death to the GM);
        /// each impact before that lowers the protection by wound_malus; 1 = the first
        /// impact ends the fight
        impacts_to_out: u32 = int(1..=MAX_IMPACTS, default = 1),
        /// [choice] erosion counts the attackers engaged: every attack meets the protection
        /// lowered by (n - 1) x step, n the engaged attackers (else the k-th attack of a
        /// round meets it lowered by (k - 1) x step)
        erosion_by_engaged: bool = switch(default = false),
        /// `wound_malus`, `erosion`, `floor_tie_without_armour`, `spent_armour_protects`,
        /// `armour_covers_deficit`
        wear: WearParams = flatten(),
        /// [choice] La Magie de Restauration on the defender once a round: none, ally (a
        /// healer not engaged, priority 2, before the attacks), defender (itself, engaged,
        /// priority 8, after them); the spell always succeeds
        healer: Healer = choice(default = Healer::None),
        /// [choice] with healer, what it restores first: malus (one impact's -1, the impact
        /// no longer counting toward impacts_to_out) or durability (a point of armour)
        restoration_first: RestorationFirst = choice(default = RestorationFirst::Malus),
        /// the tension switch
        tie: TieParams = flatten(),
    }
}

crate::config! {
    /// How a fight wears a defender down: the switches `sccs.melee` and `sccs.skirmish`
    /// share.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct WearParams {
        /// [choice] protection lost per impact taken (the text's -1 to all actions,
        /// cumulative): 1 (-1 to the défense: parrying and dodging are actions), 0 (the -1
        /// falls only on the defender's own actions), 2 (-1 to défense and résistance)
        wound_malus: i64 = int(0..=2, default = 1),
        /// [choice] erosion applies (la Loi du Surnombre, the text's rule); false turns it
        /// off, every attack meeting the full protection, to compare
        erosion: bool = switch(default = true),
        /// [choice] when the erosion floor is what stops an impact and the armour has no
        /// durability left, the floor gives a tie (a tension test); false: an impact
        floor_tie_without_armour: bool = switch(default = true),
        /// [choice] an armour at 0 durability keeps its résistance in the protection and
        /// only stops absorbing (durability 0 then compares armour at equal protection);
        /// false: it no longer adds its résistance
        spent_armour_protects: bool = switch(default = false),
        /// [choice] the armour absorbs an attack only when its résistance covers the
        /// deficit (the eroded protection's shortfall below the attack); false: whatever
        /// the deficit
        armour_covers_deficit: bool = switch(default = false),
    }
}

/// The defender and the attackers, validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Melee {
    /// Attack scores (`type + cible`) in the order they strike; only `n` are used.
    pub attackers: [i64; MAX_ENGAGED],
    /// Number of engaged attackers, 1..=4.
    pub n: usize,
    /// The defender's protection `défense + résistance`, armour included, plus 1 for the
    /// *manœuvre défensive*.
    pub protection: i64,
    /// The part of the résistance given by the armour (lost when its durability is 0,
    /// unless `spent_armour_protects`).
    pub armour_res: i64,
    /// The armour's durability at the start.
    pub durability: u32,
    /// Rounds followed at most.
    pub rounds: u32,
    /// Switch `tension_counts_tie`.
    pub counts_tie: bool,
    /// Impacts that put the defender out (`impacts_to_out`, 1 or more).
    pub impacts_to_out: u32,
    /// Protection lost per impact taken (`wound_malus`).
    pub wound_malus: i64,
    /// Switch `erosion`.
    pub erosion: bool,
    /// Switch `floor_tie_without_armour`.
    pub floor_ties: bool,
    /// Switch `spent_armour_protects`.
    pub spent_armour_protects: bool,
    /// Switch `armour_covers_deficit`.
    pub covers_deficit: bool,
    /// The tension die (a D6 in the text).
    pub tension_die: TensionDie,
    /// How an exchange reads its margin: as it is, or a house rule's step.
    pub exchange_margin: ExchangeMargin,
    /// Protection erosion takes off the `k`-th attack of a round (from 0): `k` times the
    /// erosion step (1 in the text), 0 without erosion; with switch `erosion_by_engaged`,
    /// `n − 1` times the step for every attack.
    pub erosion_by_rank: [i64; MAX_ENGAGED],
    /// Who restores the defender once a round (switch `healer`).
    pub healer: Healer,
    /// What the healer restores first (switch `restoration_first`).
    pub restoration_first: RestorationFirst,
}

/// How one fight ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct MeleeOutcome {
    /// Round of the first impact; 0 when there was none within `rounds`.
    pub round: u32,
    /// Durability points the armour lost (less those a healer gave back).
    pub durability_spent: u32,
    /// Durability left at the end.
    pub durability_left: u32,
    /// Round the defender was out; 0 when not out within `rounds`.
    pub round_out: u32,
    /// Attacks received until the defender was out, the last included; 0 when not out.
    pub exchanges_out: u32,
    /// Impacts on the defender at the end: those taken, less those a restoration removed
    /// (switch `healer`); at most `impacts_to_out`.
    pub impacts: u32,
}

/// The fight of `p`, checked: the attackers as a list or as `n_attackers` with `attack`
/// (not both), 1 to 4 of them; `0 <= armour_res <= resistance`; a durability of 0 or
/// more, and only with armour.
impl TryFrom<MeleeParams> for Melee {
    type Error = Error;

    fn try_from(p: MeleeParams) -> Result<Self> {
        let attackers: Vec<i64> = match (p.attackers.is_empty(), p.n_attackers) {
            (false, 0) if p.attack != 0 => {
                return Err(Error::value(
                    "attack",
                    "attack goes with n_attackers; with a list of attackers, give each score in attackers",
                ));
            }
            (false, 0) => p.attackers,
            (false, _) => {
                return Err(Error::value(
                    "n_attackers",
                    "give the attackers either as a list (attackers = [5, 5, 6, 4]) or as n_attackers with attack, not both",
                ));
            }
            (true, n) => vec![p.attack; n],
        };
        if p.armour_res > p.resistance {
            return Err(Error::value(
                "armour_res",
                "the armour's part of the résistance cannot exceed the résistance",
            ));
        }
        if attackers.is_empty() {
            return Err(Error::value(
                "attackers",
                "give the engaged attackers' scores, attackers = [5, 5, 6, 4], or n_attackers with attack",
            ));
        }
        if attackers.len() > MAX_ENGAGED {
            let given = if p.n_attackers > 0 {
                "n_attackers"
            } else {
                "attackers"
            };
            return Err(Error::value(
                given,
                format!(
                    "{} attackers given, but at most {MAX_ENGAGED} human-sized foes can engage one target in melee (face, back, left and right flanks); the others must strike from the second rank with long reach weapons",
                    attackers.len()
                ),
            ));
        }
        let durability = p.durability;
        if durability < 0 {
            return Err(Error::value(
                "durability",
                format!(
                    "durability {durability} is negative; an armour has 0 or more durability points"
                ),
            ));
        }
        if p.armour_res < 0 {
            return Err(Error::value(
                "armour_res",
                "the armour's part of the résistance cannot be negative",
            ));
        }
        if p.healer == Healer::Defender && p.defensive_manoeuvre {
            return Err(Error::value(
                "healer",
                "one option a turn (Chaque personnage peut choisir UNE option): a defender who restores itself (healer = defender) does not take the manœuvre défensive; use healer = ally",
            ));
        }
        if p.armour_res == 0 && durability > 0 {
            return Err(Error::value(
                "durability",
                "durability belongs to the armour: give armour_res > 0 (the armour's part of the résistance), or durability = 0",
            ));
        }
        let mut scores = [0; MAX_ENGAGED];
        scores[..attackers.len()].copy_from_slice(&attackers);
        Ok(Self {
            attackers: scores,
            n: attackers.len(),
            protection: p.defense + p.resistance + i64::from(p.defensive_manoeuvre),
            armour_res: p.armour_res,
            durability: durability as u32,
            rounds: p.rounds,
            counts_tie: p.tie.tension_counts_tie,
            impacts_to_out: p.impacts_to_out,
            wound_malus: p.wear.wound_malus,
            erosion: p.wear.erosion,
            floor_ties: p.wear.floor_tie_without_armour,
            spent_armour_protects: p.wear.spent_armour_protects,
            covers_deficit: p.wear.armour_covers_deficit,
            tension_die: p.tie.tables.tension_die(),
            exchange_margin: p.tie.tables.exchange_margin(),
            erosion_by_rank: std::array::from_fn(|k| {
                let rank = if p.erosion_by_engaged {
                    attackers.len() - 1
                } else {
                    k
                };
                if p.wear.erosion {
                    rank as i64 * p.tie.tables.erosion.step
                } else {
                    0
                }
            }),
            healer: p.healer,
            restoration_first: p.restoration_first,
        })
    }
}

impl Melee {
    /// The defender's protection as the fight wears it.
    #[inline(always)]
    pub fn guard(&self) -> Guard {
        Guard {
            protection: self.protection,
            armour_res: self.armour_res,
            wound_malus: self.wound_malus,
            spent_armour_protects: self.spent_armour_protects,
        }
    }
}

/// What `sccs.melee` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct MeleeMetrics {
    mean_round: MetricId,
    armour_broken: MetricId,
    mean_durability_spent: MetricId,
    impact_by_round: MetricFamily,
    round_of_first_impact: HistId,
    durability_spent: HistId,
    out: MetricId,
    mean_round_out: MetricId,
    mean_exchanges_out: MetricId,
    mean_impacts: MetricId,
    round_out: HistId,
    exchanges_out: HistId,
    impacts_taken: HistId,
    /// Whether the defender wears armour (`armour_broken` is undefined without).
    armoured: bool,
}

impl Report<Melee> for MeleeMetrics {
    fn declare(melee: &Melee, layout: &mut Layout) -> Self {
        Self {
        mean_round: layout.mean(
            "mean_round",
            "mean round of the first impact, over fights with an impact within rounds",
        ),
        armour_broken: layout.proportion(
            "armour_broken",
            "chance the armour ends at 0 durability (at 0 from the start counts; undefined without armour)",
        ),
        mean_durability_spent: layout
            .mean("mean_durability_spent", "mean durability points lost"),
        impact_by_round: layout.family(
            MetricKind::Proportion,
            "impact_by_round_<r>",
            "chance of a first impact by round r, r = 1..=rounds",
            1..=i64::from(melee.rounds),
        ),
        round_of_first_impact: layout.histogram(
            "round_of_first_impact",
            "histogram of the round of the first impact (0 = none within rounds)",
            (0, i64::from(melee.rounds)),
        ),
        durability_spent: layout.histogram(
            "durability_spent",
            "histogram of durability points lost",
            (0, i64::from(melee.durability)),
        ),
        out: layout.proportion(
            "out",
            "chance the defender is out (impacts_to_out impacts) within rounds",
        ),
        mean_round_out: layout.mean(
            "mean_round_out",
            "mean round the defender is out, over fights where they are out within rounds",
        ),
        mean_exchanges_out: layout.mean(
            "mean_exchanges_out",
            "mean attacks received until the defender is out, the last included, over fights where they are out",
        ),
        mean_impacts: layout.mean(
            "mean_impacts",
            "mean impacts taken in the fight, less those a healer removed (at most impacts_to_out)",
        ),
        round_out: layout.histogram(
            "round_out",
            "histogram of the round the defender is out (0 = not out within rounds)",
            (0, i64::from(melee.rounds)),
        ),
        exchanges_out: layout.histogram(
            "exchanges_out",
            "histogram of the attacks received until the defender is out (0 = not out)",
            (0, i64::from(melee.rounds) * melee.n as i64),
        ),
        impacts_taken: layout.histogram(
            "impacts_taken",
            "histogram of the impacts taken in the fight, less those a healer removed",
            (0, i64::from(melee.impacts_to_out)),
        ),
        armoured: melee.armour_res > 0,
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &MeleeOutcome, rec: &mut R) {
        let round = i64::from(o.round);
        rec.value_given(self.mean_round, o.round > 0, round);
        rec.event_given(self.armour_broken, self.armoured, o.durability_left == 0);
        rec.value(self.mean_durability_spent, i64::from(o.durability_spent));
        for (r, id) in self.impact_by_round.iter() {
            rec.event(id, o.round > 0 && round <= r);
        }
        rec.hist(self.round_of_first_impact, round);
        rec.hist(self.durability_spent, i64::from(o.durability_spent));
        let out = o.round_out > 0;
        rec.event(self.out, out);
        rec.value_given(self.mean_round_out, out, i64::from(o.round_out));
        rec.value_given(self.mean_exchanges_out, out, i64::from(o.exchanges_out));
        rec.value(self.mean_impacts, i64::from(o.impacts));
        rec.hist(self.round_out, i64::from(o.round_out));
        rec.hist(self.exchanges_out, i64::from(o.exchanges_out));
        rec.hist(self.impacts_taken, i64::from(o.impacts));
    }
}

/// `sccs.melee`.
pub type MeleeModel = Rolled<Melee, MeleeMetrics>;

#[cfg(test)]
#[path = "melee_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "melee_restoration_tests.rs"]
mod restoration_tests;
