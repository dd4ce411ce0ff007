//! How a surclassement fighter picks its manœuvre each exchange (`RULES.md` `aube` →
//! *Surclassement*, "duels between strategies").
//!
//! - `always_md`: the blow, every exchange;
//! - `feint_then_md`: the feint MA while holding no feint points, MD while holding some;
//! - `parry_when_wounded`: MP once the fighter has a blessure grave or worse, else MD;
//! - `mixed`: MP, MA, MD drawn with the given chances `p_mp`, `p_ma`, `p_md` (real
//!   numbers adding up to 1, drawn with [`Dice::weighted`]);
//! - `optimal`: the optimal mix of the one-exchange game ([`super::game`]) against this
//!   opponent, **[choice]** computed once for both fighters unhurt and kept for the whole
//!   fight (it ignores fatigue and feint points).

use super::fighter::Manoeuvre;
use crate::engine::{Choice, Dice, ParamSpec, ParamValues};
use crate::error::{Error, Result};
use crate::systems::aube::damage::DamageResult;

/// The strategies by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StrategyName {
    /// Always MD.
    AlwaysMd,
    /// MA, then MD while feint points are held.
    FeintThenMd,
    /// MP at a blessure grave or worse, else MD.
    ParryWhenWounded,
    /// The given mix.
    Mixed,
    /// The optimal mix of the one-exchange game.
    Optimal,
}

impl Choice for StrategyName {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("always_md", StrategyName::AlwaysMd),
        ("feint_then_md", StrategyName::FeintThenMd),
        ("parry_when_wounded", StrategyName::ParryWhenWounded),
        ("mixed", StrategyName::Mixed),
        ("optimal", StrategyName::Optimal),
    ];
}

/// A strategy ready to play (`optimal` resolved to its mix).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Strategy {
    /// Always MD.
    AlwaysMd,
    /// MA, then MD while feint points are held.
    FeintThenMd,
    /// MP at a blessure grave or worse, else MD.
    ParryWhenWounded,
    /// MP, MA, MD with these chances.
    Mixed([f64; 3]),
}

impl Strategy {
    /// The manœuvre of a fighter holding `feint` points whose worst wound is `worst`.
    #[inline]
    pub fn choose<D: Dice>(&self, feint: i64, worst: DamageResult, dice: &mut D) -> Manoeuvre {
        match self {
            Strategy::AlwaysMd => Manoeuvre::Md,
            Strategy::FeintThenMd if feint > 0 => Manoeuvre::Md,
            Strategy::FeintThenMd => Manoeuvre::Ma,
            Strategy::ParryWhenWounded if worst >= DamageResult::Grave => Manoeuvre::Mp,
            Strategy::ParryWhenWounded => Manoeuvre::Md,
            Strategy::Mixed(p) => Manoeuvre::ALL[dice.weighted(p)],
        }
    }

    /// The parameters of one fighter's strategy, unprefixed.
    pub fn specs() -> Vec<ParamSpec> {
        let third = Some(1.0 / 3.0);
        vec![
            ParamSpec::choice(
                "strategy",
                "always_md, feint_then_md, parry_when_wounded, mixed (p_mp, p_ma, p_md), optimal",
                Some(StrategyName::AlwaysMd),
            ),
            ParamSpec::float("p_mp", "mixed: chance of the parry MP", 0.0, 1.0, third),
            ParamSpec::float("p_ma", "mixed: chance of the feint MA", 0.0, 1.0, third),
            ParamSpec::float(
                "p_md",
                "mixed: chance of the blow MD (the three add up to 1)",
                0.0,
                1.0,
                third,
            ),
        ]
    }

    /// Fighter `prefix`'s strategy name and, for `mixed`, its checked chances; `optimal`
    /// is returned as its name, for the caller to resolve.
    pub fn from_params(params: &ParamValues, prefix: &str) -> Result<(StrategyName, Self)> {
        let name: StrategyName = params.choice(&format!("{prefix}.strategy"));
        let strategy = match name {
            StrategyName::AlwaysMd | StrategyName::Optimal => Strategy::AlwaysMd,
            StrategyName::FeintThenMd => Strategy::FeintThenMd,
            StrategyName::ParryWhenWounded => Strategy::ParryWhenWounded,
            StrategyName::Mixed => {
                let p = ["p_mp", "p_ma", "p_md"].map(|n| params.float(&format!("{prefix}.{n}")));
                let total: f64 = p.iter().sum();
                if (total - 1.0).abs() > 1e-9 {
                    return Err(Error::value(
                        format!("{prefix}.p_mp"),
                        format!(
                            "{prefix}.p_mp + {prefix}.p_ma + {prefix}.p_md = {total}; the three \
                             chances of a mixed strategy must add up to 1"
                        ),
                    ));
                }
                Strategy::Mixed(p)
            }
        };
        Ok((name, strategy))
    }
}
