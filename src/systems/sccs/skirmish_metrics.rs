//! What `sccs.skirmish` reports: the common fight metrics, the combatants still standing
//! on each side, the rounds fought, and, when some may disengage, those who left.

use super::{Skirmish, SkirmishOutcome};
use crate::engine::fight::FightMetrics;
use crate::engine::{HistId, Layout, MetricId, Recorder, Report};

/// What `sccs.skirmish` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct SkirmishMetrics {
    fight: FightMetrics,
    mean_standing: [MetricId; 2],
    standing: [HistId; 2],
    rounds: HistId,
    /// The combatants of each side who disengaged, reported when some may.
    escaped: Option<[MetricId; 2]>,
}

impl Report<Skirmish> for SkirmishMetrics {
    fn declare(rule: &Skirmish, layout: &mut Layout) -> Self {
        let sizes = [rule.na, rule.fighters.len() - rule.na];
        let metrics = Self {
            fight: FightMetrics::declare(
                layout,
                [
                    "chance side A puts every foe out",
                    "chance side B puts every foe out",
                ],
                "chance both sides still stand after rounds",
                "mean rounds fought (a draw counts rounds)",
            ),
            mean_standing: [
                layout.mean(
                    "a_standing",
                    "mean combatants of side A standing at the end",
                ),
                layout.mean(
                    "b_standing",
                    "mean combatants of side B standing at the end",
                ),
            ],
            standing: [
                layout.histogram(
                    "a_survivors",
                    "histogram of the combatants of side A standing at the end",
                    (0, sizes[0] as i64),
                ),
                layout.histogram(
                    "b_survivors",
                    "histogram of the combatants of side B standing at the end",
                    (0, sizes[1] as i64),
                ),
            ],
            rounds: layout.histogram(
                "rounds",
                "histogram of the rounds fought",
                (1, i64::from(rule.rounds)),
            ),
            escaped: rule.disengage.is_some().then(|| {
                [
                    layout.mean(
                        "a_escaped",
                        "mean combatants of side A who disengaged and left the fight",
                    ),
                    layout.mean(
                        "b_escaped",
                        "mean combatants of side B who disengaged and left the fight",
                    ),
                ]
            }),
        };
        // Each side's combatants standing are 0 to its size, the rounds at most `rounds`:
        // the intervals stay inside.
        for (id, size) in metrics.mean_standing.iter().zip(sizes) {
            layout.bounded(*id, 0, size as i64);
        }
        for (id, size) in metrics.escaped.iter().flatten().zip(sizes) {
            layout.bounded(*id, 0, size as i64);
        }
        layout.bounded(metrics.fight.mean_rounds, 0, i64::from(rule.rounds));
        metrics
    }

    fn record<R: Recorder>(&self, o: &SkirmishOutcome, rec: &mut R) {
        self.fight.record(rec, o.winner, o.rounds);
        for k in 0..2 {
            rec.value(self.mean_standing[k], i64::from(o.standing[k]));
            rec.hist(self.standing[k], i64::from(o.standing[k]));
        }
        rec.hist(self.rounds, i64::from(o.rounds));
        for (id, n) in self.escaped.iter().flatten().zip(o.escaped) {
            rec.value(*id, i64::from(n));
        }
    }
}
