//! One declared exchange, *attaque contre protection* (seed section 3, "Le Moteur de
//! Résolution", *l'Incantation Libre*, *Résultats de la Comparaison*, *l'Avantage
//! Tactique*, *Attaques Étendues et Multiples*; `RULES.md` `sccs`), and the
//! `sccs.exchange` mechanic: which case the comparison falls in and, for a persevering
//! attacker, how many exchanges until the impact.

use super::rules::{
    Comparison, Exchange, Mode, exchanges_to_impact, exchanges_to_impact_dist,
    tension_counts_tie_spec,
};
use crate::engine::{
    Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation, simulation,
};
use crate::error::{Error, Result};

/// Default of every score parameter (a tie: 3 + 3 against 3 + 3).
const DEFAULT_SCORE: i64 = 3;

/// The result of one exchange and of the attacker's perseverance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct ExchangeOutcome {
    /// Superiority, inferiority or tie.
    pub result: Comparison,
    /// Exchanges until the impact, the first exchange included (1 for an immediate
    /// impact, the counter's delay after a tie); 0 when countered (no impact ever).
    pub exchanges: i64,
}

/// `sccs.exchange`: one exchange, then perseverance.
#[derive(Debug, Clone, PartialEq)]
pub struct ExchangeModel {
    result: Comparison,
    counts_tie: bool,
}

const IMPACT: usize = 0;
const COUNTERED: usize = 1;
const TENSION: usize = 2;
const MEAN_EXCHANGES: usize = 3;
const EXCHANGES_HIST: usize = 0;

impl ExchangeModel {
    /// The model of `exchange`, with the switch `tension_counts_tie`.
    pub fn new(exchange: &Exchange, counts_tie: bool) -> Self {
        Self {
            result: exchange.compare(),
            counts_tie,
        }
    }
}

impl Model for ExchangeModel {
    type Outcome = ExchangeOutcome;

    fn layout(&self) -> Layout {
        Layout::new()
            .with_proportion("impact")
            .with_proportion("countered")
            .with_proportion("tension")
            .with_mean("mean_exchanges")
            .with_histogram("exchanges", (0, 7))
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> ExchangeOutcome {
        let exchanges = match self.result {
            Comparison::Impact => 1,
            Comparison::Countered => 0,
            Comparison::Tie => exchanges_to_impact(dice.d6(), self.counts_tie) as i64,
        };
        ExchangeOutcome {
            result: self.result,
            exchanges,
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &ExchangeOutcome, rec: &mut R) {
        rec.event(IMPACT, o.result == Comparison::Impact);
        rec.event(COUNTERED, o.result == Comparison::Countered);
        rec.event(TENSION, o.result == Comparison::Tie);
        rec.value_given(
            MEAN_EXCHANGES,
            o.result != Comparison::Countered,
            o.exchanges,
        );
        rec.hist(EXCHANGES_HIST, o.exchanges);
    }

    fn exact(&self) -> Option<Dist<ExchangeOutcome>> {
        let result = self.result;
        Some(match result {
            Comparison::Impact => Dist::certain(ExchangeOutcome {
                result,
                exchanges: 1,
            }),
            Comparison::Countered => Dist::certain(ExchangeOutcome {
                result,
                exchanges: 0,
            }),
            Comparison::Tie => exchanges_to_impact_dist(self.counts_tie)
                .map(|&exchanges| ExchangeOutcome { result, exchanges }),
        })
    }
}

/// The registry entry of `sccs.exchange`.
#[derive(Debug, Clone, Copy)]
pub struct ExchangeMechanic;

/// Reads the exchange from validated parameters, checking that the zone parameters go
/// with the general mode and `resistance` with the others.
pub fn exchange_from_params(params: &ParamValues) -> Result<Exchange> {
    let mode: Mode = params.choice("mode");
    let zones = [
        params.int("res_head"),
        params.int("res_trunk"),
        params.int("res_limbs"),
    ];
    let resistance = params.int("resistance");
    if mode == Mode::General && resistance != DEFAULT_SCORE {
        return Err(Error::value(
            "resistance",
            "mode general compares the type with the weakest of the three zones: give res_head, res_trunk and res_limbs instead of resistance",
        ));
    }
    if mode != Mode::General && zones.iter().any(|&z| z != DEFAULT_SCORE) {
        return Err(Error::value(
            "res_head",
            "res_head, res_trunk and res_limbs are the zones of mode general; in mode focused or intuitive give the résistance of the zone aimed at as resistance",
        ));
    }
    Ok(Exchange {
        type_score: params.int("type"),
        cible: params.int("cible"),
        advantage: params.int("advantage") == 1,
        targets: params.int("targets"),
        mode,
        defense: params.int("defense"),
        resistance,
        zones,
        intuitive_vs_resistance: params.bool("intuitive_vs_resistance"),
    })
}

impl Mechanic for ExchangeMechanic {
    fn name(&self) -> &'static str {
        "sccs.exchange"
    }

    fn summary(&self) -> &'static str {
        "one exchange: impact, countered or tie, and the exchanges until impact of a persevering attacker"
    }

    fn params(&self) -> Vec<ParamSpec> {
        let score = |name, doc| ParamSpec::int(name, doc, -20, 40, Some(DEFAULT_SCORE));
        vec![
            score(
                "type",
                "the attacker's type score (direct, circulaire, saisie)",
            ),
            score("cible", "the attacker's cible score (the zone aimed at)"),
            score("defense", "the defender's défense against this type"),
            score(
                "resistance",
                "the defender's résistance of the zone aimed at (not with mode general)",
            ),
            ParamSpec::int(
                "advantage",
                "avantage tactique: 1 gives +1 to the attack",
                0,
                1,
                Some(0),
            ),
            ParamSpec::int(
                "targets",
                "targets or actions this turn, n: -(n-1) to the attack",
                1,
                20,
                Some(1),
            ),
            ParamSpec::choice(
                "mode",
                "focused (type + cible), general (type alone, weakest zone), intuitive (cible alone)",
                Some(Mode::Focused),
            ),
            score("res_head", "mode general: the résistance of the head"),
            score("res_trunk", "mode general: the résistance of the trunk"),
            score("res_limbs", "mode general: the résistance of the limbs"),
            ParamSpec::bool(
                "intuitive_vs_resistance",
                "[choice] mode intuitive is compared with the résistance alone (no type to parry)",
                false,
            ),
            tension_counts_tie_spec(),
        ]
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("impact", "chance of superiority: impact on this exchange"),
            (
                "countered",
                "chance of inferiority: countered, no impact ever",
            ),
            ("tension", "chance of a tie: the D6 tension test"),
            (
                "mean_exchanges",
                "mean exchanges until impact (when not countered), this one included",
            ),
            (
                "exchanges",
                "histogram of exchanges until impact for a persevering attacker (0 = countered)",
            ),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let exchange = exchange_from_params(params)?;
        Ok(simulation(ExchangeModel::new(
            &exchange,
            params.bool("tension_counts_tie"),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::record_one;
    use crate::engine::{RiggedDice, Value};
    use crate::systems::test_support::assert_agrees_with_exact;
    use crate::systems::test_support::build_with;
    use crate::systems::test_support::error_text;

    fn build(words: &[&str]) -> Result<Box<dyn Simulation>> {
        build_with(&ExchangeMechanic, words)
    }

    #[test]
    fn superiority_is_one_exchange_without_dice() {
        let model = ExchangeModel::new(&Exchange::new(4, 3, 3, 3), false);
        let (o, _) = record_one(&model, &mut RiggedDice::new(&[]));
        assert_eq!((o.result, o.exchanges), (Comparison::Impact, 1));
    }

    #[test]
    fn inferiority_is_countered_without_dice() {
        let model = ExchangeModel::new(&Exchange::new(2, 3, 3, 3), false);
        let (o, tally) = record_one(&model, &mut RiggedDice::new(&[]));
        assert_eq!((o.result, o.exchanges), (Comparison::Countered, 0));
        assert_eq!(tally.metrics[MEAN_EXCHANGES].n, 0);
    }

    #[test]
    fn tie_rolls_the_counter() {
        let tie = Exchange::new(3, 3, 3, 3);
        let mut dice = RiggedDice::new(&[4]);
        let (o, _) = record_one(&ExchangeModel::new(&tie, false), &mut dice);
        assert_eq!((o.result, o.exchanges), (Comparison::Tie, 5));
        let mut dice = RiggedDice::new(&[4]);
        let (o, _) = record_one(&ExchangeModel::new(&tie, true), &mut dice);
        assert_eq!(o.exchanges, 4);
    }

    #[test]
    fn exact_closed_forms() {
        let model = ExchangeModel::new(&Exchange::new(3, 3, 3, 3), false);
        let dist = model.exact().unwrap();
        for e in 2..=7 {
            let p = dist.p_where(|o| o.exchanges == e);
            assert!((p - 1.0 / 6.0).abs() < 1e-12);
        }
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        let cases: [&[&str]; 5] = [
            &[],
            &["tension_counts_tie=true"],
            &["type=2", "advantage=1"],
            &["mode=general", "res_head=1", "res_trunk=4", "type=4"],
            &["mode=intuitive", "cible=5", "targets=3"],
        ];
        for (i, words) in cases.iter().enumerate() {
            let sim = build(words).unwrap_or_else(|e| panic!("{words:?}: {e}"));
            assert_agrees_with_exact(sim.as_ref(), 200_000, 500 + i as u64, 4, &words);
        }
    }

    #[test]
    fn bad_input() {
        let e = error_text(build(&["mode=frontal"]));
        assert!(e.contains("focused, general, intuitive"), "{e}");
        let e = error_text(build(&["mode=general", "resistance=5"]));
        assert!(e.contains("res_head"), "{e}");
        let e = error_text(build(&["res_limbs=1"]));
        assert!(e.contains("mode general"), "{e}");
        assert!(build(&["advantage=2"]).is_err());
        assert!(build(&["targets=0"]).is_err());
        let spec = ExchangeMechanic
            .params()
            .into_iter()
            .find(|s| s.name == "type");
        assert!(spec.is_some_and(|s| s.check(Value::Int(99)).is_err()));
    }
}
