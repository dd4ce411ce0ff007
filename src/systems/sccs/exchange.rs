//! One declared exchange, *attaque contre protection* (seed section 3, "Le Moteur de
//! Résolution", *l'Incantation Libre*, *Résultats de la Comparaison*, *l'Avantage
//! Tactique*, *Attaques Étendues et Multiples*; the `sccs` page), and the
//! `sccs.exchange` mechanic: which case the comparison falls in and, for a persevering
//! attacker, how many exchanges until the impact.

use super::exchange_margin::ExchangeMargin;
use super::resolution::{Comparison, Exchange, Mode, TieParams, compare, exchanges_to_impact};
use super::tension_die::TensionDie;
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Rolled};
use crate::error::{Error, Result};

/// Default of every score parameter (a tie: 3 + 3 against 3 + 3).
const DEFAULT_SCORE: i64 = 3;

crate::config! {
    /// The parameters of `sccs.exchange`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct ExchangeParams {
        /// the attacker's type score (direct, circulaire, saisie)
        r#type: i64 = int(-20..=40, default = DEFAULT_SCORE),
        /// the attacker's cible score (the zone aimed at)
        cible: i64 = int(-20..=40, default = DEFAULT_SCORE),
        /// the defender's défense against this type
        defense: i64 = int(-20..=40, default = DEFAULT_SCORE),
        /// the defender's résistance of the zone aimed at (not with mode general)
        resistance: i64 = int(-20..=40, default = DEFAULT_SCORE),
        /// avantage tactique: 1 gives +1 to the attack
        advantage: i64 = int(0..=1, default = 0),
        /// targets or actions this turn, n: -(n-1) to the attack
        targets: i64 = int(1..=20, default = 1),
        /// focused (type + cible), general (type alone, weakest zone), intuitive (cible
        /// alone)
        mode: Mode = choice(default = Mode::Focused),
        /// mode general: the résistance of the head
        res_head: i64 = int(-20..=40, default = DEFAULT_SCORE),
        /// mode general: the résistance of the trunk
        res_trunk: i64 = int(-20..=40, default = DEFAULT_SCORE),
        /// mode general: the résistance of the limbs
        res_limbs: i64 = int(-20..=40, default = DEFAULT_SCORE),
        /// [choice] mode intuitive is compared with the résistance alone (no type to parry)
        intuitive_vs_resistance: bool = switch(default = false),
        /// [choice] mode general meets the strongest of the three zones (else the weakest)
        general_vs_strongest: bool = switch(default = false),
        /// the tension switch
        tie: TieParams = flatten(),
    }
}

impl Exchange {
    /// The exchange of `p`, checking that the zone parameters go with the general mode and
    /// `resistance` with the others.
    pub fn from_config(p: &ExchangeParams) -> Result<Self> {
        let zones = [p.res_head, p.res_trunk, p.res_limbs];
        if p.mode == Mode::General && p.resistance != DEFAULT_SCORE {
            return Err(Error::value(
                "resistance",
                "mode general compares the type with the weakest of the three zones: give res_head, res_trunk and res_limbs instead of resistance",
            ));
        }
        if p.mode != Mode::General && zones.iter().any(|&z| z != DEFAULT_SCORE) {
            return Err(Error::value(
                "res_head",
                "res_head, res_trunk and res_limbs are the zones of mode general; in mode focused or intuitive give the résistance of the zone aimed at as resistance",
            ));
        }
        Ok(Exchange {
            type_score: p.r#type,
            cible: p.cible,
            advantage: p.advantage == 1,
            targets: p.targets,
            mode: p.mode,
            defense: p.defense,
            resistance: p.resistance,
            zones,
            intuitive_vs_resistance: p.intuitive_vs_resistance,
            general_vs_strongest: p.general_vs_strongest,
            modifiers: p.tie.tables.modifiers,
        })
    }
}

/// The result of one exchange and of the attacker's perseverance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct ExchangeOutcome {
    /// Superiority, inferiority or tie.
    pub result: Comparison,
    /// Exchanges until the impact, the first exchange included (1 for an immediate
    /// impact, the counter's delay after a tie); 0 when countered (no impact ever).
    pub exchanges: i64,
}

/// One exchange compared, and the tension test a tie starts for a persevering attacker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExchangeRule {
    /// The attack score `A`.
    pub attack: i64,
    /// The protection `P`.
    pub protection: i64,
    /// Superiority, inferiority or tie, as the text compares `A` with `P`.
    pub result: Comparison,
    /// Switch `tension_counts_tie`.
    pub counts_tie: bool,
    /// The tension die (a D6 in the text).
    pub die: TensionDie,
    /// How the margin `A − P` is read: as it is, or a house rule's step.
    pub margin: ExchangeMargin,
}

impl ExchangeRule {
    /// `exchange` with the switch `tension_counts_tie`, the tension die a D6.
    pub fn new(exchange: &Exchange, counts_tie: bool) -> Self {
        let (attack, protection) = (exchange.attack(), exchange.protection());
        Self {
            attack,
            protection,
            result: compare(attack, protection),
            counts_tie,
            die: TensionDie::official(6),
            margin: ExchangeMargin::OFFICIAL,
        }
    }

    /// The comparison (through a house rule's margin, if any), then the counter's delay
    /// on a tie.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> ExchangeOutcome {
        let result = if self.margin.0.is_official() {
            self.result
        } else {
            let a = self.margin.attack(dice, self.attack, self.protection);
            compare(a, self.protection)
        };
        let exchanges = match result {
            Comparison::Impact => 1,
            Comparison::Countered => 0,
            Comparison::Tie => exchanges_to_impact(self.die.roll(dice), self.counts_tie) as i64,
        };
        ExchangeOutcome { result, exchanges }
    }
}

impl TryFrom<ExchangeParams> for ExchangeRule {
    type Error = Error;

    fn try_from(p: ExchangeParams) -> Result<Self> {
        Ok(Self {
            die: p.tie.tables.tension_die(),
            margin: p.tie.tables.exchange_margin(),
            ..Self::new(&Exchange::from_config(&p)?, p.tie.tension_counts_tie)
        })
    }
}

crate::rolls!(ExchangeRule => ExchangeOutcome);

/// What `sccs.exchange` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct ExchangeMetrics {
    impact: MetricId,
    countered: MetricId,
    tension: MetricId,
    mean_exchanges: MetricId,
    exchanges: HistId,
}

impl Report<ExchangeRule> for ExchangeMetrics {
    fn declare(_: &ExchangeRule, layout: &mut Layout) -> Self {
        Self {
            impact: layout.proportion("impact", "chance of superiority: impact on this exchange"),
            countered: layout.proportion(
                "countered",
                "chance of inferiority: countered, no impact ever",
            ),
            tension: layout.proportion("tension", "chance of a tie: the D6 tension test"),
            mean_exchanges: layout.mean(
                "mean_exchanges",
                "mean exchanges until impact (when not countered), this one included",
            ),
            exchanges: layout.histogram(
                "exchanges",
                "histogram of exchanges until impact for a persevering attacker (0 = countered)",
                (0, 7),
            ),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &ExchangeOutcome, rec: &mut R) {
        rec.event(self.impact, o.result == Comparison::Impact);
        rec.event(self.countered, o.result == Comparison::Countered);
        rec.event(self.tension, o.result == Comparison::Tie);
        rec.value_given(
            self.mean_exchanges,
            o.result != Comparison::Countered,
            o.exchanges,
        );
        rec.hist(self.exchanges, o.exchanges);
    }
}

/// `sccs.exchange`: one exchange, then perseverance.
pub type ExchangeModel = Rolled<ExchangeRule, ExchangeMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::config::Config;
    use crate::engine::model::replay_one;
    use crate::engine::{Simulation, Value};
    use crate::systems::sccs::EXCHANGE;
    use crate::systems::test_support::{assert_each_agrees, build_with, error_text};

    fn build(words: &[&str]) -> Result<Box<dyn Simulation>> {
        build_with(&EXCHANGE, words)
    }

    #[test]
    fn superiority_is_one_exchange_without_dice() {
        let model = ExchangeModel::new(ExchangeRule::new(&Exchange::new(4, 3, 3, 3), false));
        let (o, tally) = replay_one(&model, &[]);
        assert_eq!((o.result, o.exchanges), (Comparison::Impact, 1));
        assert_eq!(tally.sums([model.m.impact, model.m.mean_exchanges]), [1, 1]);
    }

    #[test]
    fn inferiority_is_countered_without_dice() {
        let model = ExchangeModel::new(ExchangeRule::new(&Exchange::new(2, 3, 3, 3), false));
        let (o, tally) = replay_one(&model, &[]);
        assert_eq!((o.result, o.exchanges), (Comparison::Countered, 0));
        assert_eq!(tally.metric(model.m.countered).sum, 1);
        assert_eq!(tally.metric(model.m.mean_exchanges).n, 0);
    }

    #[test]
    fn tie_rolls_the_counter() {
        let tie = Exchange::new(3, 3, 3, 3);
        let (o, _) = replay_one(&ExchangeModel::new(ExchangeRule::new(&tie, false)), &[4]);
        assert_eq!((o.result, o.exchanges), (Comparison::Tie, 5));
        // The switch tension_counts_tie: one exchange fewer.
        let (o, _) = replay_one(&ExchangeModel::new(ExchangeRule::new(&tie, true)), &[4]);
        assert_eq!(o.exchanges, 4);
    }

    #[test]
    fn parameters_reach_the_exchange() {
        let p = EXCHANGE
            .values("type=4 cible=2 defense=1 resistance=5 advantage=1 targets=2")
            .and_then(|v| ExchangeParams::read(&v, ""))
            .and_then(|p| Exchange::from_config(&p));
        assert_eq!(
            p.ok(),
            Some(Exchange {
                advantage: true,
                targets: 2,
                // The zones of mode general keep their defaults.
                zones: [DEFAULT_SCORE; 3],
                ..Exchange::new(4, 2, 1, 5)
            })
        );
        // The switch intuitive_vs_resistance: 3 against the résistance 1 alone, an impact
        // (3 against défense 2 + 1 without it, a tie).
        let words = "mode=intuitive cible=3 defense=2 resistance=1";
        let plain = EXCHANGE.model_for(words).map(|m| m.rule.result).ok();
        assert_eq!(plain, Some(Comparison::Tie));
        let switched = EXCHANGE
            .model_for(&format!("{words} intuitive_vs_resistance=true"))
            .map(|m| m.rule.result)
            .ok();
        assert_eq!(switched, Some(Comparison::Impact));
        // Mode general, type 4 against défense 1 and zones 2, 3, 4: the weakest gives 3,
        // an impact; the switch general_vs_strongest gives 5, countered.
        let words = "mode=general type=4 defense=1 res_head=2 res_trunk=3 res_limbs=4";
        let weakest = EXCHANGE.model_for(words).map(|m| m.rule.result).ok();
        assert_eq!(weakest, Some(Comparison::Impact));
        let strongest = EXCHANGE
            .model_for(&format!("{words} general_vs_strongest=true"))
            .map(|m| m.rule.result)
            .ok();
        assert_eq!(strongest, Some(Comparison::Countered));
    }

    #[test]
    fn exact_closed_forms() {
        let rule = ExchangeRule::new(&Exchange::new(3, 3, 3, 3), false);
        let dist = crate::engine::Roll::exact(&rule).expect("exact");
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
        assert_each_agrees(cases, 4, |words| {
            build(words).unwrap_or_else(|e| panic!("{words:?}: {e}"))
        });
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
        let spec = ExchangeParams::specs("")
            .into_iter()
            .find(|s| s.name == "type");
        assert!(spec.is_some_and(|s| s.check(Value::Int(99)).is_err()));
    }
}
