//! One defender against up to four engaged attackers (seed section 3, *La Loi du
//! Surnombre (L'Érosion Tactique)*, *Le Sacrifice de l'Armure*, *Règle d'Usure*; section 5,
//! *La Manœuvre Défensive*; `RULES.md` `sccs`), and the `sccs.melee` mechanic: rounds
//! until the first impact, and the armour's durability spent on the way.
//!
//! Each round the attackers strike in their given order; the `k`-th attack of the round
//! meets the protection eroded by `k − 1`, floored at that attacker's score (see
//! [`receive`]). Each attacker perseveres with the same type and cible, so keeps its own
//! tension counter from round to round. The fight is followed until the first impact or
//! `rounds` rounds.

use super::rules::{Counter, Received, TieParams, receive};
use crate::engine::{
    Dice, HistId, Layout, MetricFamily, MetricId, MetricKind, Model, Recorder, Registered,
};
use crate::error::{Error, Result};

/// At most four human-sized foes engage one target in melee (face, back, both flanks).
pub const MAX_ENGAGED: usize = 4;

/// Largest number of attackers the parameters accept, so that a fifth gets the rule's
/// explanation from `build` rather than a bare range error.
const MAX_LISTED: usize = 16;

crate::config! {
    /// The parameters of `sccs.melee`.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct MeleeParams {
        /// the defender's défense
        defense: i64 = int(-20..=40, default = 3),
        /// the defender's résistance, armour included
        resistance: i64 = int(-20..=40, default = 3),
        /// the part of the résistance given by the armour (lost at durability 0)
        armour_res: i64 = int(-20..=40, default = 2),
        /// the armour's durability points
        durability: i64 = int(-50..=50, default = 3),
        /// manœuvre défensive: +1 to the défense for the whole fight
        defensive_manoeuvre: bool = switch(default = false),
        /// attack scores (type + cible) of the engaged attackers, in the order they strike,
        /// e.g. [5,5,6,4] (or n_attackers with attack)
        attackers: Vec<i64> = list(-20..=40, len = 1..=MAX_LISTED, default = Vec::new()),
        /// instead of attackers: this many attackers, all of score attack (0 = use
        /// attackers)
        n_attackers: usize = int(0..=MAX_LISTED as i64, default = 0),
        /// with n_attackers: every attacker's score (type + cible)
        attack: i64 = int(-20..=40, default = 0),
        /// rounds followed at most
        rounds: u32 = int(1..=50, default = 10),
        /// the tension switch
        tie: TieParams = flatten(),
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
    /// The part of the résistance given by the armour (lost when its durability is 0).
    pub armour_res: i64,
    /// The armour's durability at the start.
    pub durability: u32,
    /// Rounds followed at most.
    pub rounds: u32,
    /// Switch `tension_counts_tie`.
    pub counts_tie: bool,
}

/// How one fight ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct MeleeOutcome {
    /// Round of the first impact; 0 when there was none within `rounds`.
    pub round: u32,
    /// Durability points the armour lost.
    pub durability_spent: u32,
    /// Durability left at the end.
    pub durability_left: u32,
}

impl Melee {
    /// The fight of `p`, checked: the attackers as a list or as `n_attackers` with
    /// `attack` (not both), 1 to 4 of them; `0 <= armour_res <= resistance`; a durability
    /// of 0 or more, and only with armour.
    pub fn from_config(p: &MeleeParams) -> Result<Self> {
        let attackers: Vec<i64> = match (p.attackers.is_empty(), p.n_attackers) {
            (false, 0) if p.attack != 0 => {
                return Err(Error::value(
                    "attack",
                    "attack goes with n_attackers; with a list of attackers, give each score in attackers",
                ));
            }
            (false, 0) => p.attackers.clone(),
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
            return Err(Error::value(
                "attackers",
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
        })
    }

    /// Plays the fight.
    #[inline(always)]
    pub fn run<D: Dice>(&self, dice: &mut D) -> MeleeOutcome {
        let mut counters = [Counter::default(); MAX_ENGAGED];
        let mut durability = self.durability;
        let mut round = 0;
        'fight: for r in 1..=self.rounds {
            for (k, (&a, counter)) in self
                .attackers
                .iter()
                .zip(counters.iter_mut())
                .take(self.n)
                .enumerate()
            {
                let p = if durability == 0 {
                    self.protection - self.armour_res
                } else {
                    self.protection
                };
                let hit = match receive(a, p, k as i64 + 1, durability > 0) {
                    Received::Impact => true,
                    Received::Countered => false,
                    Received::Tie => counter.tie(dice, self.counts_tie),
                    Received::Absorbed => {
                        durability -= 1;
                        false
                    }
                };
                if hit {
                    round = r;
                    break 'fight;
                }
            }
        }
        MeleeOutcome {
            round,
            durability_spent: self.durability - durability,
            durability_left: durability,
        }
    }
}

/// What `sccs.melee` reports.
#[derive(Debug, Clone, PartialEq)]
struct MeleeMetrics {
    mean_round: MetricId,
    armour_broken: MetricId,
    mean_durability_spent: MetricId,
    impact_by_round: MetricFamily,
    round_of_first_impact: HistId,
    durability_spent: HistId,
}

/// `sccs.melee`.
#[derive(Debug, Clone, PartialEq)]
pub struct MeleeModel {
    melee: Melee,
    layout: Layout,
    m: MeleeMetrics,
}

impl MeleeModel {
    /// The model of `melee`.
    pub fn new(melee: Melee) -> Self {
        let mut layout = Layout::new();
        let m = MeleeMetrics {
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
        };
        Self { melee, layout, m }
    }

    fn from_config(p: MeleeParams) -> Result<Self> {
        Ok(Self::new(Melee::from_config(&p)?))
    }
}

impl Model for MeleeModel {
    type Outcome = MeleeOutcome;

    fn layout(&self) -> Layout {
        self.layout.clone()
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> MeleeOutcome {
        self.melee.run(dice)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &MeleeOutcome, rec: &mut R) {
        let round = i64::from(o.round);
        rec.value_given(self.m.mean_round, o.round > 0, round);
        rec.event_given(
            self.m.armour_broken,
            self.melee.armour_res > 0,
            o.durability_left == 0,
        );
        rec.value(self.m.mean_durability_spent, i64::from(o.durability_spent));
        for (r, id) in self.m.impact_by_round.iter() {
            rec.event(id, o.round > 0 && round <= r);
        }
        rec.hist(self.m.round_of_first_impact, round);
        rec.hist(self.m.durability_spent, i64::from(o.durability_spent));
    }
}

/// The registry entry of `sccs.melee`.
pub static MELEE: Registered<MeleeParams, MeleeModel> = Registered::new(
    "sccs.melee",
    "one defender against 1 to 4 engaged attackers: rounds until the first impact, armour worn down by erosion",
    "attackers=[5,5,6,4]",
    MeleeModel::from_config,
);

#[cfg(test)]
#[path = "melee_tests.rs"]
mod tests;
