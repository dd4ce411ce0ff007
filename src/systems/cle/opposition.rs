//! The opposition (seed *Fiche 2*, "Opposition"; the `cle` page → *Opposition*), and the
//! `cle.opposition` mechanic. Attacks, pursuits and fights decide their oppositions with
//! [`winner`].
//!
//! Both sides roll; the higher total wins; on a tie the higher skill wins; on equal
//! skills the active side (the one who started the action: side `a` here) wins, or the
//! opposition is a draw (*match nul*) when both sides are active.

use super::roll::{Auto, D6Roll, Reading, TEST_TOTAL};
use crate::engine::house_step::StepRule;
use crate::engine::step::Step;
use crate::engine::{Dice, HistId, Layout, MetricId, Recorder, Report, Rolled};

/// Who wins an opposition: side `a` (the active side), side `b`, or nobody (`Draw`: equal
/// totals and skills, both sides active).
pub use crate::engine::fight::Winner;

/// One side's roll as the opposition sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Score {
    /// Automatic result of the dice (used only with `auto_triples`).
    pub auto: Auto,
    /// Dice + skill + modifiers.
    pub total: i64,
}

/// Decides an opposition. `a` is the active side, with skill `skill_a`.
///
/// **\[choice, switch `auto_triples`\]** (the system's page: the automatic triples do not apply to
/// oppositions, the default): when they do, an automatic success beats any roll that is
/// not one, an automatic failure loses to any roll that is not one, and equal automatic
/// results fall back on the totals.
#[inline(always)]
pub fn winner(
    a: Score,
    skill_a: i64,
    b: Score,
    skill_b: i64,
    both_active: bool,
    auto_triples: bool,
) -> Winner {
    use std::cmp::Ordering::*;
    let auto = if auto_triples {
        a.auto.rank().cmp(&b.auto.rank())
    } else {
        Equal
    };
    match auto.then(a.total.cmp(&b.total)).then(skill_a.cmp(&skill_b)) {
        Greater => Winner::A,
        Less => Winner::B,
        Equal if both_active => Winner::Draw,
        Equal => Winner::A,
    }
}

/// One of the two sides of an opposition: a contender.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contender {
    /// Skill value (breaks ties).
    pub skill: i64,
    /// 3 dice, or 4 with a hero point.
    pub dice: u32,
    /// Sum of modifiers.
    pub modifiers: i64,
    /// How the total is read off the dice: the sum, or a house rule's
    /// ([`super::roll::TEST_TOTAL`]).
    pub total: StepRule,
}

impl Contender {
    /// A side with 3 dice and no modifier.
    pub fn new(skill: i64) -> Self {
        Self {
            skill,
            dice: 3,
            modifiers: 0,
            total: StepRule::OFFICIAL,
        }
    }

    /// The score of a roll.
    #[inline(always)]
    pub fn score(&self, roll: &D6Roll) -> Score {
        self.score_reading(Reading::from(roll))
    }

    /// The score of a roll read as its sum and automatic result.
    #[inline(always)]
    pub fn score_reading(&self, Reading { sum, auto }: Reading) -> Score {
        Score {
            auto,
            total: sum + self.skill + self.modifiers,
        }
    }

    /// Rolls this side.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> Score {
        self.score_reading(D6Roll::read(dice, self.dice, self.total))
    }
}

/// One opposition's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OppositionRule {
    /// The active side.
    pub a: Contender,
    /// The other side.
    pub b: Contender,
    /// Both sides active: equal totals and skills are a draw.
    pub both_active: bool,
    /// Switch `auto_triples`: the automatic results apply (see [`winner`]).
    pub auto_triples: bool,
}

/// The outcome of an opposition: the winner and `a`'s total minus `b`'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct OppositionOutcome {
    /// Who wins.
    pub winner: Winner,
    /// Total of `a` minus total of `b`.
    pub margin: i64,
}

impl OppositionRule {
    fn decide(&self, a: Score, b: Score) -> OppositionOutcome {
        OppositionOutcome {
            winner: winner(
                a,
                self.a.skill,
                b,
                self.b.skill,
                self.both_active,
                self.auto_triples,
            ),
            margin: a.total - b.total,
        }
    }

    /// Rolls `a`, then `b`.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> OppositionOutcome {
        let a = self.a.roll(dice);
        let b = self.b.roll(dice);
        self.decide(a, b)
    }

    /// The exact chance that `a` wins (derived from [`OppositionRule::roll`]).
    pub fn p_a_wins(&self) -> f64 {
        crate::engine::enumerate(|dice| dice.step(&AWins(*self))).map_or(0.0, |d| d.p(&true))
    }
}

/// An opposition asked only whether side `a` wins: the step the rules that call the same
/// opposition again and again take (the stop attempt of a pursuit), enumerated once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AWins(pub OppositionRule);

impl Step for AWins {
    type Output = bool;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> bool {
        self.0.roll(dice).winner == Winner::A
    }
}

crate::config! {
    /// One side's parameters (`a.*`, `b.*`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct ContenderParams {
        /// skill value
        skill: i64 = int(-10..=40),
        /// dice rolled: 3, or 4 with a hero point
        dice: u32 = int(3..=4, default = 3),
        /// sum of modifiers
        modifiers: i64 = int(-20..=20, default = 0),
    }
}

impl From<ContenderParams> for Contender {
    fn from(p: ContenderParams) -> Self {
        Self {
            skill: p.skill,
            dice: p.dice,
            modifiers: p.modifiers,
            total: StepRule::OFFICIAL,
        }
    }
}

crate::config! {
    /// The parameters of `cle.opposition`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct OppositionParams {
        /// the active side
        a: ContenderParams = group("a"),
        /// the other side
        b: ContenderParams = group("b"),
        /// both sides active: equal totals and skills are a draw (else a, the active side, wins)
        both_active: bool = switch(default = false),
        /// [choice] the automatic triples (all 1, three 6) apply to oppositions
        auto_triples: bool = switch(default = false),
        /// the total read off each side's dice: official, or a house rule's script
        /// (`test_total`)
        test_total: StepRule = house_step(&TEST_TOTAL),
    }
}

crate::rolls!(OppositionRule => OppositionOutcome);

/// What `cle.opposition` reports.
#[derive(Debug, Clone, PartialEq)]
pub struct OppositionMetrics {
    a_wins: MetricId,
    b_wins: MetricId,
    draw: MetricId,
    margin: HistId,
}

impl Report<OppositionRule> for OppositionMetrics {
    fn declare(_rule: &OppositionRule, layout: &mut Layout) -> Self {
        Self {
            a_wins: layout.proportion("a_wins", "chance the active side a wins"),
            b_wins: layout.proportion("b_wins", "chance side b wins"),
            draw: layout.proportion("draw", "chance of a draw (only with both_active)"),
            margin: layout.histogram("margin", "histogram of a's total minus b's", (-20, 20)),
        }
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &OppositionOutcome, rec: &mut R) {
        rec.event(self.a_wins, o.winner == Winner::A);
        rec.event(self.b_wins, o.winner == Winner::B);
        rec.event(self.draw, o.winner == Winner::Draw);
        rec.hist(self.margin, o.margin);
    }
}

impl From<OppositionParams> for OppositionRule {
    fn from(p: OppositionParams) -> Self {
        OppositionRule {
            a: Contender {
                total: p.test_total,
                ..p.a.into()
            },
            b: Contender {
                total: p.test_total,
                ..p.b.into()
            },
            both_active: p.both_active,
            auto_triples: p.auto_triples,
        }
    }
}

/// `cle.opposition`: one opposition.
pub type OppositionModel = Rolled<OppositionRule, OppositionMetrics>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::replay_one;
    use crate::engine::{replay, simulation};
    use crate::systems::cle::{OPPOSITION, exact_of};
    use crate::systems::test_support::{assert_each_agrees, assert_rejected};

    fn rule(a: i64, b: i64) -> OppositionRule {
        OppositionRule {
            a: Contender::new(a),
            b: Contender::new(b),
            both_active: false,
            auto_triples: false,
        }
    }

    /// `rule(a, b)` under the switch auto_triples.
    fn auto_triples(a: i64, b: i64) -> OppositionRule {
        OppositionRule {
            auto_triples: true,
            ..rule(a, b)
        }
    }

    fn roll(rule: OppositionRule, dice: &[u32]) -> Winner {
        replay(dice, |d| rule.roll(d)).winner
    }

    #[test]
    fn higher_total_wins() {
        assert_eq!(roll(rule(5, 5), &[4, 4, 4, 3, 4, 4]), Winner::A);
        assert_eq!(roll(rule(5, 5), &[3, 4, 4, 4, 4, 4]), Winner::B);
    }

    #[test]
    fn ties_go_to_the_higher_skill_then_the_active_side() {
        // 12 + 6 = 18 against 11 + 7 = 18: b has the higher skill.
        assert_eq!(roll(rule(6, 7), &[4, 4, 4, 4, 4, 3]), Winner::B);
        assert_eq!(roll(rule(7, 6), &[4, 4, 3, 4, 4, 4]), Winner::A);
        // Equal totals, equal skills: the active side wins, or a draw when both are.
        assert_eq!(roll(rule(5, 5), &[4, 4, 4, 4, 4, 4]), Winner::A);
        let both = OppositionRule {
            both_active: true,
            ..rule(5, 5)
        };
        assert_eq!(roll(both, &[4, 4, 4, 4, 4, 4]), Winner::Draw);
    }

    #[test]
    fn automatic_triples_only_with_the_switch() {
        // Triple 6 (18 + 0) against 6 + 15 = 21: the totals decide by default.
        assert_eq!(roll(rule(0, 15), &[6, 6, 6, 2, 2, 2]), Winner::B);
        assert_eq!(roll(auto_triples(0, 15), &[6, 6, 6, 2, 2, 2]), Winner::A);
        assert_eq!(roll(auto_triples(0, 15), &[2, 2, 2, 1, 1, 1]), Winner::A);
        assert_eq!(roll(auto_triples(15, 0), &[1, 1, 1, 2, 2, 2]), Winner::B);
    }

    #[test]
    fn equal_sides_exact() {
        // Equal skills, a active: a wins on ties, so P(a) = P(X >= Y) for two 3d6.
        let d3 = crate::engine::Dist::dice_sum(3, 6);
        let p_tie: f64 = d3.iter().map(|(_, p)| p * p).sum();
        let p = rule(5, 5).p_a_wins();
        assert!((p - (0.5 + p_tie / 2.0)).abs() < 1e-12);
        let both = OppositionRule {
            both_active: true,
            ..rule(5, 5)
        };
        let d = exact_of(&both);
        assert!((d.p_where(|o| o.winner == Winner::Draw) - p_tie).abs() < 1e-12);
    }

    #[test]
    fn monte_carlo_agrees_with_exact() {
        let cases = [
            rule(5, 5),
            OppositionRule {
                both_active: true,
                ..rule(8, 8)
            },
            OppositionRule {
                a: Contender {
                    dice: 4,
                    modifiers: -2,
                    ..Contender::new(6)
                },
                auto_triples: true,
                ..rule(6, 9)
            },
        ];
        assert_each_agrees(cases, 10, |r| simulation(OppositionModel::new(r)));
    }

    #[test]
    fn sides_are_read_from_their_groups() {
        let model =
            OPPOSITION.model_for("a.skill=7 a.dice=4 b.skill=6 b.modifiers=-2 both_active=true");
        let rule = model.unwrap().rule;
        assert_eq!(
            (rule.a, rule.b, rule.both_active, rule.auto_triples),
            (
                Contender {
                    skill: 7,
                    dice: 4,
                    modifiers: 0,
                    total: StepRule::OFFICIAL,
                },
                Contender {
                    skill: 6,
                    dice: 3,
                    modifiers: -2,
                    total: StepRule::OFFICIAL,
                },
                true,
                false
            )
        );
        assert_rejected(&OPPOSITION, &["a.skill=7", "a.skill=7 b.skill=5 b.dice=5"]);
    }

    #[test]
    fn model_records_the_winner_and_margin() {
        let model = OPPOSITION.model_for("a.skill=5 b.skill=5").unwrap();
        let (o, tally) = replay_one(&model, &[3, 4, 4, 4, 4, 4]);
        assert_eq!((o.winner, o.margin), (Winner::B, -1));
        assert_eq!(
            tally.sums([model.m.a_wins, model.m.b_wins, model.m.draw]),
            [0, 1, 0]
        );
        assert_eq!(tally.histogram(model.m.margin).counts(), [(-1, 1)]);
    }
}
