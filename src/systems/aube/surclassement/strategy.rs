//! How a surclassement fighter picks its manœuvre each exchange (the `aube` page →
//! *Surclassement*, "duels between strategies").
//!
//! - `always_md`: the blow, every exchange;
//! - `feint_then_md`: the feint MA while holding no feint points, MD while holding some;
//! - `parry_when_wounded`: MP once the fighter has a blessure grave or worse, else MD;
//! - `mixed`: MP, MA, MD drawn with the given chances `p_mp`, `p_ma`, `p_md` (real
//!   numbers adding up to 1, drawn with [`Dice::weighted`]);
//! - `optimal`: the optimal mix of the one-exchange game ([`super::game`]) against this
//!   opponent, **\[choice\]** computed once for both fighters unhurt and kept for the whole
//!   fight (it ignores fatigue and feint points);
//! - `optimal_duel`: the optimal stationary strategy of the whole duel ([`super::whole`]):
//!   in each position (both wound tracks, the feint points held) the fighter's optimal mix
//!   of the stochastic game that values winning the duel, not one exchange.

use super::fighter::Manoeuvre;
use super::game::Mix;
use crate::engine::Dice;
use crate::engine::config::key;
use crate::error::{Error, Result};
use crate::systems::aube::damage::DamageResult;

crate::choice! {
    /// The strategies by name.
    ///
    /// - `always_md`: always MD.
    /// - `feint_then_md`: MA, then MD while feint points are held.
    /// - `parry_when_wounded`: MP at a blessure grave or worse, else MD.
    /// - `mixed`: the given mix.
    /// - `optimal`: the optimal mix of the one-exchange game.
    /// - `optimal_duel`: the optimal stationary strategy of the whole duel.
    pub enum StrategyName {
        AlwaysMd = "always_md", FeintThenMd = "feint_then_md",
        ParryWhenWounded = "parry_when_wounded", Mixed = "mixed", Optimal = "optimal",
        OptimalDuel = "optimal_duel",
    }
}

crate::config! {
    /// One fighter's strategy as given (`a.strategy`, `a.p_mp`, ...).
    #[derive(Debug, Clone, Copy, PartialEq)]
    pub struct StrategyParams {
        /// always_md, feint_then_md, parry_when_wounded, mixed (p_mp, p_ma, p_md), optimal (one exchange), optimal_duel (the whole duel)
        strategy: StrategyName = choice(default = StrategyName::AlwaysMd),
        /// mixed: chance of the parry MP
        p_mp: f64 = float(0.0..=1.0, default = 1.0 / 3.0),
        /// mixed: chance of the feint MA
        p_ma: f64 = float(0.0..=1.0, default = 1.0 / 3.0),
        /// mixed: chance of the blow MD (the three add up to 1)
        p_md: f64 = float(0.0..=1.0, default = 1.0 / 3.0),
    }
}

/// A strategy ready to play (`optimal` resolved to its mix).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Strategy {
    /// The whole-duel game's mix in each position (the duel holds the solved game).
    OptimalDuel,
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
    /// The manœuvre of a deterministic strategy for a fighter holding `feint` points
    /// whose worst wound is `worst` (`None` for `mixed` and `optimal_duel`).
    #[inline]
    fn pure(&self, feint: i64, worst: DamageResult) -> Option<Manoeuvre> {
        match self {
            Strategy::AlwaysMd => Some(Manoeuvre::Md),
            Strategy::FeintThenMd if feint > 0 => Some(Manoeuvre::Md),
            Strategy::FeintThenMd => Some(Manoeuvre::Ma),
            Strategy::ParryWhenWounded if worst >= DamageResult::Grave => Some(Manoeuvre::Mp),
            Strategy::ParryWhenWounded => Some(Manoeuvre::Md),
            Strategy::Mixed(_) | Strategy::OptimalDuel => None,
        }
    }

    /// The manœuvre of a fighter holding `feint` points whose worst wound is `worst`
    /// (`optimal_duel` needs the whole position: the duel draws it from the game's mix
    /// with [`pick`]; here it strikes).
    #[inline]
    pub fn choose<D: Dice>(&self, feint: i64, worst: DamageResult, dice: &mut D) -> Manoeuvre {
        match self {
            Strategy::Mixed(p) => Manoeuvre::ALL[dice.weighted(p)],
            _ => self.pure(feint, worst).unwrap_or(Manoeuvre::Md),
        }
    }

    /// The chances of MP, MA, MD [`Strategy::choose`] draws from (`None` for
    /// `optimal_duel`, which reads the whole position).
    pub fn mix(&self, feint: i64, worst: DamageResult) -> Option<Mix> {
        match self {
            Strategy::Mixed(p) => Some(*p),
            Strategy::OptimalDuel => None,
            _ => self.pure(feint, worst).map(|m| {
                let mut x = [0.0; 3];
                x[m.index()] = 1.0;
                x
            }),
        }
    }

    /// Fighter `side`'s strategy name and, for `mixed`, its checked chances; `optimal`
    /// is returned as its name, for the caller to resolve.
    pub fn from_config(side: &str, p: &StrategyParams) -> Result<(StrategyName, Self)> {
        let strategy = match p.strategy {
            StrategyName::AlwaysMd | StrategyName::Optimal => Strategy::AlwaysMd,
            StrategyName::OptimalDuel => Strategy::OptimalDuel,
            StrategyName::FeintThenMd => Strategy::FeintThenMd,
            StrategyName::ParryWhenWounded => Strategy::ParryWhenWounded,
            StrategyName::Mixed => {
                let chances = [p.p_mp, p.p_ma, p.p_md];
                let total: f64 = chances.iter().sum();
                if (total - 1.0).abs() > 1e-9 {
                    return Err(Error::value(
                        key(side, "p_mp"),
                        format!(
                            "{side}.p_mp + {side}.p_ma + {side}.p_md = {total}; the three \
                             chances of a mixed strategy must add up to 1"
                        ),
                    ));
                }
                Strategy::Mixed(chances)
            }
        };
        Ok((p.strategy, strategy))
    }
}

/// A manœuvre drawn from `mix`: no die when it is pure (as the pure strategies draw none).
#[inline]
pub fn pick<D: Dice>(mix: &Mix, dice: &mut D) -> Manoeuvre {
    match mix.iter().position(|&p| p >= 1.0) {
        Some(i) => Manoeuvre::ALL[i],
        None => Manoeuvre::ALL[dice.weighted(mix)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::replay;

    /// The manœuvre `s` picks holding `feint` points, worst wound `worst`, from `rolls`.
    fn choose(s: Strategy, feint: i64, worst: DamageResult, rolls: &[u32]) -> Manoeuvre {
        replay(rolls, |dice| s.choose(feint, worst, dice))
    }

    #[test]
    fn parry_when_wounded_parries_from_a_grave_on() {
        let s = Strategy::ParryWhenWounded;
        assert_eq!(choose(s, 0, DamageResult::Legere, &[]), Manoeuvre::Md);
        assert_eq!(choose(s, 0, DamageResult::Grave, &[]), Manoeuvre::Mp);
        assert_eq!(choose(s, 0, DamageResult::Critique, &[]), Manoeuvre::Mp);
        let f = Strategy::FeintThenMd;
        assert_eq!(choose(f, 0, DamageResult::None, &[]), Manoeuvre::Ma);
        assert_eq!(choose(f, 3, DamageResult::None, &[]), Manoeuvre::Md);
        // Mixed 0.2 / 0.3 / 0.5: a draw of 0.5 falls in MD's share, a draw of 0.25 in
        // MA's (the two dice of `unit_real`).
        let m = Strategy::Mixed([0.2, 0.3, 0.5]);
        let half = [(1 << 25) + 1, 1];
        assert_eq!(choose(m, 0, DamageResult::None, &half), Manoeuvre::Md);
        let quarter = [(1 << 24) + 1, 1];
        assert_eq!(choose(m, 0, DamageResult::None, &quarter), Manoeuvre::Ma);
    }

    #[test]
    fn the_mix_each_strategy_draws_from() {
        let md = Some([0.0, 0.0, 1.0]);
        assert_eq!(Strategy::AlwaysMd.mix(3, DamageResult::Critique), md);
        assert_eq!(
            Strategy::FeintThenMd.mix(0, DamageResult::None),
            Some([0.0, 1.0, 0.0])
        );
        assert_eq!(Strategy::FeintThenMd.mix(2, DamageResult::None), md);
        let parry = Strategy::ParryWhenWounded;
        assert_eq!(parry.mix(0, DamageResult::Grave), Some([1.0, 0.0, 0.0]));
        assert_eq!(parry.mix(0, DamageResult::Legere), md);
        assert_eq!(
            Strategy::Mixed([0.2, 0.3, 0.5]).mix(0, DamageResult::None),
            Some([0.2, 0.3, 0.5])
        );
        assert_eq!(Strategy::OptimalDuel.mix(0, DamageResult::None), None);
        // A pure mix draws no die; a mixed one draws from the weights.
        assert_eq!(replay(&[], |d| pick(&[0.0, 1.0, 0.0], d)), Manoeuvre::Ma);
        let quarter = [(1 << 24) + 1, 1];
        assert_eq!(
            replay(&quarter, |d| pick(&[0.2, 0.3, 0.5], d)),
            Manoeuvre::Ma
        );
        let p = StrategyParams {
            strategy: StrategyName::OptimalDuel,
            p_mp: 0.0,
            p_ma: 0.0,
            p_md: 1.0,
        };
        assert_eq!(
            Strategy::from_config("a", &p).unwrap(),
            (StrategyName::OptimalDuel, Strategy::OptimalDuel)
        );
    }

    #[test]
    fn mixed_chances_must_add_up_to_one() {
        let p = StrategyParams {
            strategy: StrategyName::Mixed,
            p_mp: 0.2,
            p_ma: 0.3,
            p_md: 0.5,
        };
        assert_eq!(
            Strategy::from_config("a", &p).unwrap(),
            (StrategyName::Mixed, Strategy::Mixed([0.2, 0.3, 0.5]))
        );
        let e = Strategy::from_config("b", &StrategyParams { p_md: 0.6, ..p })
            .unwrap_err()
            .to_string();
        assert!(e.contains("b.p_mp + b.p_ma + b.p_md"), "{e}");
        // The chances matter only to `mixed`; `optimal` is left for the duel to resolve.
        let optimal = StrategyParams {
            strategy: StrategyName::Optimal,
            ..p
        };
        assert_eq!(
            Strategy::from_config("a", &optimal).unwrap(),
            (StrategyName::Optimal, Strategy::AlwaysMd)
        );
    }
}
