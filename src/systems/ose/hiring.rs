//! Hiring over several offers (seed: *Recruter des suivants*, *Réaction des suivants à
//! l'embauche*; the `ose` page → Hiring), and the `ose.hiring` mechanic: the chance to
//! have a hireling within `offers` offers, each a roll on the hireling table.
//!
//! Each offer is 2d6 + the CHA reaction modifier + the offer's generosity + a bad
//! reputation, read on the sheet's table: 2 or less *Animosité (–1 jets suivants)*, 3–5
//! *Offre refusée*, 6–8 *Réessayer*, 9–11 *Offre acceptée*, 12 or more *Offre acceptée, +1
//! loyauté* (the bands are the `[reaction]` table of [`OseTables`]).
//!
//! Readings of this program (the sheet says no more):
//! - An offer not accepted is followed by another, up to `offers`: after "Réessayer" to the
//!   same candidate, after a refusal or animosity to another, on the same terms. \[choice\]
//!   switch `single_candidate`: the offers go to one candidate, who may be asked again only
//!   after "Réessayer"; a refusal or animosity ends the search.
//! - *Animosité* lowers every later roll by 1, and each further animosity by 1 more
//!   ("–1 jets suivants", once per result). \[choice\] switch `animosity_once`: the ill will
//!   is one −1, however many rolls give it.

use super::tables::{OseTables, ReactionTable};
use crate::engine::step::Step;
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Roll, Rolled};

/// The lines of the hireling table an offer falls on ([`ReactionTable::band`], the lines of
/// [`super::reaction::HIRELING_LINES`]): *Animosité*.
const ANIMOSITY: usize = 0;
/// *Offre refusée*.
const REFUSED: usize = 1;
/// *Réessayer*.
const TRY_AGAIN: usize = 2;
/// *Offre acceptée*.
const ACCEPTED: usize = 3;

crate::config! {
    /// The parameters of `ose.hiring`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct HiringParams {
        /// CHA reaction modifier
        cha_mod: i64 = int(-3..=3, default = 0),
        /// generosity of the offers, -2..+2
        offer: i64 = int(-2..=2, default = 0),
        /// bad reputation, -1 or -2
        reputation: i64 = int(-2..=0, default = 0),
        /// offers made at most (each a roll on the hireling table)
        offers: u32 = int(1..=50, default = 3),
        /// [choice] the offers go to one candidate: only "Réessayer" (6-8) gets another
        /// roll, a refusal or animosity ends the search; default false: another offer
        /// follows any answer but acceptance (to another candidate after a refusal)
        single_candidate: bool = switch(default = false),
        /// [choice] animosity lowers later rolls by 1 once, however many rolls give it;
        /// default false: each animosity another -1
        animosity_once: bool = switch(default = false),
        /// the rule tables (the bands of the hireling table): `alea rules ose`
        tables: OseTables = rules(),
    }
}

/// How a search for a hireling ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Answer {
    /// No offer accepted (every offer made, or the candidate gone with `single_candidate`).
    NotHired,
    /// *Offre acceptée*.
    Hired,
    /// *Offre acceptée, +1 loyauté*.
    HiredLoyal,
}

/// A search for a hireling: how it ends, the offers it took and the animosities met.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Search {
    /// How it ends.
    pub answer: Answer,
    /// Offers made (rolls).
    pub offers: u32,
    /// Rolls of 2 or less (*Animosité*).
    pub animosities: u32,
}

/// `ose.hiring`'s rule: up to `offers` rolls on the hireling table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HiringRule {
    /// The offers, from the first.
    search: Offers,
}

impl HiringRule {
    /// Up to `offers` offers with `modifier` (CHA + offer + reputation) added to 2d6.
    pub fn new(modifier: i64, offers: u32, single_candidate: bool, animosity_once: bool) -> Self {
        Self {
            search: Offers {
                modifier,
                ill_will: 0,
                left: offers,
                single_candidate,
                animosity_once,
                bands: OseTables::OFFICIAL.reaction,
            },
        }
    }

    /// The offers at most.
    pub fn offers(&self) -> u32 {
        self.search.left
    }
}

impl From<HiringParams> for HiringRule {
    fn from(p: HiringParams) -> Self {
        let mut rule = Self::new(
            p.cha_mod + p.offer + p.reputation,
            p.offers,
            p.single_candidate,
            p.animosity_once,
        );
        rule.search.bands = p.tables.reaction;
        rule
    }
}

impl Roll for HiringRule {
    type Outcome = Search;

    #[inline]
    fn roll<D: Dice>(&self, dice: &mut D) -> Search {
        dice.step(&self.search)
    }
}

/// The offers still to make (at least one), and the ill will so far: a step, so that the
/// exact distribution of a search is built from its shorter searches, each enumerated once,
/// rather than from every sequence of rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Offers {
    /// CHA + offer + reputation.
    modifier: i64,
    /// The malus of the animosities so far.
    ill_will: i64,
    /// Offers left, this one included.
    left: u32,
    single_candidate: bool,
    animosity_once: bool,
    bands: ReactionTable,
}

impl Step for Offers {
    type Output = Search;

    fn run<D: Dice>(&self, dice: &mut D) -> Search {
        let total = dice.sum(2, 6) as i64 + self.modifier - self.ill_will;
        let line = self.bands.band(total);
        let this = |answer| Search {
            answer,
            offers: 1,
            animosities: u32::from(line == ANIMOSITY),
        };
        let ends = match line {
            ANIMOSITY | REFUSED => self.single_candidate,
            TRY_AGAIN => false,
            ACCEPTED => return this(Answer::Hired),
            _ => return this(Answer::HiredLoyal),
        };
        if ends || self.left == 1 {
            return this(Answer::NotHired);
        }
        let ill_will = match (line, self.animosity_once) {
            (ANIMOSITY, true) => 1,
            (ANIMOSITY, false) => self.ill_will + 1,
            _ => self.ill_will,
        };
        let rest = dice.step(&Offers {
            ill_will,
            left: self.left - 1,
            ..*self
        });
        Search {
            offers: rest.offers + 1,
            animosities: rest.animosities + this(Answer::NotHired).animosities,
            ..rest
        }
    }
}

/// What `ose.hiring` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct HiringMetrics {
    hired: MetricId,
    hired_loyal: MetricId,
    any_animosity: MetricId,
    mean_offers: MetricId,
    offers: HistId,
}

impl Report<HiringRule> for HiringMetrics {
    fn declare(rule: &HiringRule, layout: &mut Layout) -> Self {
        Self {
            hired: layout.proportion(
                "hired",
                "chance that an offer is accepted within `offers` offers (9 or more)",
            ),
            hired_loyal: layout.proportion(
                "hired_loyal",
                "chance that the offer accepted gives +1 loyalty (12 or more)",
            ),
            any_animosity: layout.proportion(
                "any_animosity",
                "chance that at least one roll is 2 or less (Animosité)",
            ),
            mean_offers: {
                let id = layout.mean("mean_offers", "mean offers made until hired or stopped");
                layout.bounded(id, 1, i64::from(rule.offers()))
            },
            offers: layout.histogram(
                "offers",
                "histogram of the offers made until hired or stopped",
                (1, i64::from(rule.offers())),
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, s: &Search, rec: &mut R) {
        rec.event(self.hired, s.answer != Answer::NotHired);
        rec.event(self.hired_loyal, s.answer == Answer::HiredLoyal);
        rec.event(self.any_animosity, s.animosities > 0);
        rec.value(self.mean_offers, i64::from(s.offers));
        rec.hist(self.offers, i64::from(s.offers));
    }
}

/// `ose.hiring`: a search for a hireling over several offers.
pub type HiringModel = Rolled<HiringRule, HiringMetrics>;

#[cfg(test)]
#[path = "hiring_tests.rs"]
mod tests;
