//! The tension test over several exchanges (seed section 3, *Cas C : Égalité*,
//! *Persévérance* and *Changement*; the `sccs` page), and the `sccs.tension` mechanic:
//! exchanges until impact for an attacker who ties, either persevering with the same type
//! and cible, or changing them every few exchanges (which drops the counter: a new D6 is
//! rolled at the next tie).

use super::resolution::{Counter, TieParams};
use super::tension_die::TensionDie;
use crate::engine::step::Step;
use crate::engine::{
    Dice, HistId, Layout, MetricFamily, MetricId, MetricKind, Recorder, Report, Rolled,
};
use crate::error::{Error, Result};

/// Largest `r` of the metrics `p_within_<r>`.
pub const WITHIN_MAX: i64 = 6;

crate::config! {
    /// The parameters of `sccs.tension`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct TensionParams {
        /// the attacker changes type or cible every this many exchanges (dropping the
        /// counter); 0 = perseveres
        change_every: u32 = int(0..=50, default = 0),
        /// the tension switch
        tie: TieParams = flatten(),
    }
}

/// An attacker who ties on every exchange (every new type or cible ties again) until the
/// impact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tension {
    /// Exchanges between two changes of type or cible; 0 when the attacker perseveres.
    pub change_every: u32,
    /// Switch `tension_counts_tie`.
    pub counts_tie: bool,
    /// The tension die (a D6 in the text).
    pub die: TensionDie,
}

impl Tension {
    /// Checks that an impact can happen at all: changing every exchange with the tie not
    /// counted never reaches the end of a counter.
    pub fn new(change_every: u32, counts_tie: bool) -> Result<Self> {
        Self::with_die(change_every, counts_tie, TensionDie::official(6))
    }

    /// The same with a tension die of `die` faces.
    pub fn with_die(change_every: u32, counts_tie: bool, die: TensionDie) -> Result<Self> {
        if change_every == 1 && !counts_tie {
            return Err(Error::value(
                "change_every",
                "changing type or cible on every exchange never lands an impact when the tying exchange does not count (the counter needs at least one repetition); use change_every >= 2, change_every = 0 (persevere) or tension_counts_tie = true",
            ));
        }
        Ok(Self {
            change_every,
            counts_tie,
            die,
        })
    }

    /// Exchanges until the impact (the first tying exchange is exchange 1).
    ///
    /// Each attempt (from a tie with no counter running to the next change of type or
    /// cible, which drops the counter) rolls the counter's die once: the impact comes
    /// within the attempt when the counter's delay fits in it ([`Attempt`]), else a new
    /// counter is rolled at the first exchange of the next attempt.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> i64 {
        let attempt = Attempt {
            change_every: self.change_every,
            counts_tie: self.counts_tie,
            die: self.die,
        };
        let mut before: i64 = 0;
        loop {
            if let Some(delay) = dice.step(&attempt) {
                return before + i64::from(delay);
            }
            before += i64::from(self.change_every);
        }
    }
}

/// One attempt at the impact: a tie with no counter running, the counter rolled, then
/// repetitions of the same type and cible until the counter runs out (the impact, its
/// exchange counted from the tie) or the attacker changes type or cible after
/// `change_every` exchanges (`None`; 0: never). A step, so the exact law of a persevering
/// or changing attacker costs one table, however many attempts it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Attempt {
    /// Exchanges before the attacker changes (0: never).
    pub change_every: u32,
    /// Switch `tension_counts_tie`.
    pub counts_tie: bool,
    /// The tension die.
    pub die: TensionDie,
}

impl Step for Attempt {
    type Output = Option<u32>;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> Option<u32> {
        let mut counter = Counter::default();
        let mut exchange: u32 = 0;
        loop {
            exchange += 1;
            if self.change_every > 0 && exchange > self.change_every {
                return None;
            }
            if counter.tie(dice, self.die, self.counts_tie) {
                return Some(exchange);
            }
        }
    }
}

impl TryFrom<TensionParams> for Tension {
    type Error = Error;

    fn try_from(p: TensionParams) -> Result<Self> {
        Self::with_die(
            p.change_every,
            p.tie.tension_counts_tie,
            p.tie.tables.tension_die(),
        )
    }
}

crate::rolls!(Tension => i64);

/// What `sccs.tension` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct TensionMetrics {
    mean_exchanges: MetricId,
    p_within: MetricFamily,
    exchanges: HistId,
}

impl Report<Tension> for TensionMetrics {
    fn declare(_: &Tension, layout: &mut Layout) -> Self {
        Self {
            mean_exchanges: layout.mean(
                "mean_exchanges",
                "mean exchanges until impact, the tying exchange included",
            ),
            p_within: layout.family(
                MetricKind::Proportion,
                "p_within_<r>",
                "chance the impact comes within r exchanges, r = 1..=6",
                1..=WITHIN_MAX,
            ),
            exchanges: layout.histogram(
                "exchanges",
                "histogram of exchanges until impact",
                (1, 12),
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, &exchanges: &i64, rec: &mut R) {
        rec.value(self.mean_exchanges, exchanges);
        for (r, id) in self.p_within.iter() {
            rec.event(id, exchanges <= r);
        }
        rec.hist(self.exchanges, exchanges);
    }
}

/// `sccs.tension`: exchanges until the impact of an attacker who ties.
pub type TensionModel = Rolled<Tension, TensionMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::replay_one;
    use crate::engine::{Roll, replay, simulation};
    use crate::systems::sccs::TENSION;
    use crate::systems::test_support::{assert_each_agrees, error_text};

    fn run(model: &TensionModel, rolls: &[u32]) -> i64 {
        replay(rolls, |dice| model.rule.roll(dice))
    }

    fn model(change_every: u32, counts_tie: bool) -> TensionModel {
        TensionModel::new(Tension::new(change_every, counts_tie).unwrap())
    }

    #[test]
    fn persevering() {
        assert_eq!(run(&model(0, false), &[1]), 2);
        assert_eq!(run(&model(0, false), &[6]), 7);
        // The switch tension_counts_tie: one exchange fewer.
        assert_eq!(run(&model(0, true), &[1]), 1);
        assert_eq!(run(&model(0, true), &[6]), 6);
    }

    #[test]
    fn changing_type_or_cible() {
        // Changes every 3 exchanges: a 5 does not fit (impact would be on exchange 6), the
        // change at exchange 4 rolls a new counter, a 2: impact on exchange 4 + 2 = 6.
        assert_eq!(run(&model(3, false), &[5, 2]), 6);
        // With the tie counted, a 3 fits in 3 exchanges.
        assert_eq!(run(&model(3, true), &[3]), 3);
        // Every exchange, tie counted: only a 1 lands (third attempt here).
        assert_eq!(run(&model(1, true), &[4, 6, 1]), 3);
    }

    #[test]
    fn records_the_within_family() {
        // A 3, persevering: impact on exchange 4, within 4, 5 and 6 exchanges only.
        let m = model(0, false);
        let (exchanges, tally) = replay_one(&m, &[3]);
        assert_eq!(exchanges, 4);
        let within: Vec<i64> =
            m.m.p_within
                .iter()
                .map(|(_, id)| tally.metric(id).sum)
                .collect();
        assert_eq!(within, [0, 0, 0, 1, 1, 1]);
        assert_eq!(tally.metric(m.m.mean_exchanges).sum, 4);
    }

    #[test]
    fn exact_closed_forms() {
        let d = Roll::exact(&model(0, false).rule).expect("exact");
        assert!((d.mean() - 4.5).abs() < 1e-12);
        // Every exchange with the tie counted: geometric with p = 1/6, mean 6.
        let g = Roll::exact(&model(1, true).rule).expect("exact");
        assert!((g.mean() - 6.0).abs() < 1e-9);
        assert!(g.tail() > 0.0 && g.tail() < crate::engine::dist::TAIL_BOUND);
        // Changing every 7 exchanges never interrupts a counter.
        let seven = Roll::exact(&model(7, false).rule).expect("exact");
        assert_eq!(
            seven.iter().collect::<Vec<_>>(),
            d.iter().collect::<Vec<_>>()
        );
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        let cases = [
            (0, false),
            (0, true),
            (2, false),
            (3, true),
            (4, false),
            (1, true),
        ];
        assert_each_agrees(cases, 8, |(k, tie)| simulation(model(k, tie)));
    }

    #[test]
    fn impossible_change_is_an_error() {
        let e = error_text(TENSION.model_for("change_every=1"));
        assert!(e.contains("never lands an impact"), "{e}");
        assert!(
            TENSION
                .model_for("change_every=1 tension_counts_tie=true")
                .is_ok()
        );
    }
}
