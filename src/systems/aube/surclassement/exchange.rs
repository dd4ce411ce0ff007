//! One *surclassement* exchange (seed "le système de combat par surclassement": "Le reste
//! se passe un peu comme lors d'une confrontation..."; the `aube` page → *Surclassement*)
//! and the `aube.surclassement.exchange` mechanic.
//!
//! Both fighters test their manœuvre's CA (nd 0, no crit die). A success has the modified
//! degree `E = °R + bonus + held feint points` (MP: `bp + 5`, MA: `ba` under `ma_adds_ba`,
//! MD: `bd - 5`).
//! - Both fail: nothing happens (and the held feint points vanish).
//! - One succeeds: it wins with magnitude `E`.
//! - Both succeed: the higher `E` wins with magnitude `E_winner - °R_loser` (or `- E_loser`
//!   under `loser_subtracts = modified`); equal `E` is a draw **\[choice\]**: nothing happens.
//!
//! Held feint points are spent by the fighter's next manœuvre whatever its outcome, so after
//! any exchange only the feint points just won are held. The winner's effect: MP nothing;
//! MA gains the magnitude as feint points (**\[choice\]**: never below 0); MD deals
//! `dom = magnitude` to the loser, who makes the damage step of Tableau 3.1 (even when
//! `dom <= 0`, which can only give "none").

use super::fighter::FightersParams;
use super::fighter::{Fighter, LoserSubtracts, Manoeuvre, Rules};
use super::table::RollTable;
use crate::engine::fight::Winner;
use crate::engine::{Dice, Dist, Layout, MetricId, Recorder, Report, Roll, Rolled, Step};
use crate::error::{Error, Result};
use crate::systems::aube::damage::{DamageResult, DamageRule};
use crate::systems::aube::resolution::{TestOutcome, TestRule};

/// One side of an exchange before the roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stance {
    /// The manœuvre chosen.
    pub manoeuvre: Manoeuvre,
    /// Its CA, handicaps (fatigue, étourdi) already subtracted.
    pub ca: i64,
    /// What the manœuvre adds to `°R` (see [`Fighter::bonus`]).
    pub bonus: i64,
    /// Feint points held from a won MA, added to `E` and spent.
    pub feint: i64,
}

impl Stance {
    /// `fighter` doing `m` with `feint` held points and `handicap` off the CA.
    pub fn new(fighter: &Fighter, m: Manoeuvre, rules: &Rules, feint: i64, handicap: i64) -> Self {
        Self {
            manoeuvre: m,
            ca: fighter.ca_of(m) - handicap,
            bonus: fighter.bonus(m, rules),
            feint,
        }
    }

    /// The test this stance makes.
    pub fn test(&self) -> TestRule {
        TestRule::new(self.ca, 0)
    }

    /// The manœuvre as rolled: success, `°R`, `E`.
    #[inline]
    pub fn read(&self, test: &TestOutcome) -> Move {
        Move {
            success: test.success,
            raw: test.raw_degree,
            e: test.raw_degree + self.bonus + self.feint,
        }
    }
}

/// A rolled manœuvre.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// The test succeeded.
    pub success: bool,
    /// `°R` (meaningful on a success).
    pub raw: i64,
    /// The modified degree `E`.
    pub e: i64,
}

/// Who wins and by how much (the magnitude is 0 unless A or B won): `None` when both
/// fail (nothing happens), a [`Winner::Draw`] when both succeed with the same `E`; the
/// winner's `E` loses the loser's `°R` or `E` as `loser_subtracts` says.
#[inline]
pub fn contest(loser_subtracts: LoserSubtracts, a: &Move, b: &Move) -> (Option<Winner>, i64) {
    let lose = |m: &Move| match loser_subtracts {
        LoserSubtracts::Raw => m.raw,
        LoserSubtracts::Modified => m.e,
    };
    match (a.success, b.success) {
        (false, false) => (None, 0),
        (true, false) => (Some(Winner::A), a.e),
        (false, true) => (Some(Winner::B), b.e),
        (true, true) if a.e > b.e => (Some(Winner::A), a.e - lose(b)),
        (true, true) if b.e > a.e => (Some(Winner::B), b.e - lose(a)),
        (true, true) => (Some(Winner::Draw), 0),
    }
}

/// The step of both tests of an exchange: each stance's test rolled on the shared
/// [`RollTable`] (A's, then B's), read and settled by [`contest`]. Enumerated once per
/// pair of stances: an exchange's law, a duel's round, branch over its few outcomes
/// rather than over the 400 faces of two d20s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contest {
    /// What the winner's `E` loses when both succeed.
    pub loser_subtracts: LoserSubtracts,
    /// A's and B's stances.
    pub stances: [Stance; 2],
}

impl Step for Contest {
    type Output = (Option<Winner>, i64);

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> (Option<Winner>, i64) {
        let table = RollTable::shared();
        let ta = table.roll(self.stances[0].ca, dice);
        let tb = table.roll(self.stances[1].ca, dice);
        contest(
            self.loser_subtracts,
            &self.stances[0].read(&ta),
            &self.stances[1].read(&tb),
        )
    }
}

/// The damage step of a won MD: the loser's resistance test rolled on the shared
/// [`RollTable`] against a blow of level `dom`, read on Tableau 3.1. Enumerated once per
/// target and blow (seven results at most, not twenty faces).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blow {
    /// The loser's damage step (its `enc` less its fatigue points).
    pub target: DamageRule,
    /// The blow's level: the magnitude of the MD that won.
    pub dom: i64,
}

impl std::hash::Hash for Blow {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // Equal blows have equal fields: hashing some of them is enough.
        let t = &self.target;
        (t.enc, t.be, t.fm, t.table, self.dom).hash(state);
    }
}

impl Step for Blow {
    type Output = DamageResult;

    #[inline(always)]
    fn run<D: Dice>(&self, dice: &mut D) -> DamageResult {
        let test = RollTable::shared().roll(self.target.resistance_test().ca, dice);
        self.target.resolve(self.dom, &test, dice).result
    }
}

/// What the winner's manœuvre does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// No winner, or MP won: nothing.
    Nothing,
    /// MA won: the winner now holds this many feint points.
    Feint(i64),
    /// MD won: a blow of `dom` this level against the loser.
    Blow(i64),
}

/// The effect of `m` winning with `magnitude`.
#[inline]
pub fn effect(m: Manoeuvre, magnitude: i64) -> Effect {
    match m {
        Manoeuvre::Mp => Effect::Nothing,
        Manoeuvre::Ma => Effect::Feint(magnitude.max(0)),
        Manoeuvre::Md => Effect::Blow(magnitude),
    }
}

/// The outcome of one exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ExchangeOutcome {
    /// Who won: `None` when both failed (nothing happens), [`Winner::Draw`] when both
    /// succeeded with the same `E`.
    pub winner: Option<Winner>,
    /// Feint points the winner gained (0 unless MA won).
    pub feint_gained: i64,
    /// The loser's damage result when MD won (`None` otherwise).
    pub damage: Option<DamageResult>,
}

/// One exchange with everything fixed: both stances and the damage step each fighter's
/// blow would meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exchange {
    /// The switches.
    pub rules: Rules,
    /// Fighter A's and B's stances.
    pub stances: [Stance; 2],
    /// The damage step a blow *against* A, then against B, goes through.
    pub targets: [DamageRule; 2],
}

impl Exchange {
    /// The exchange of `a` doing `moves[0]` with `feints[0]` held against `b`, unhurt.
    pub fn new(
        rules: Rules,
        [a, b]: [&Fighter; 2],
        moves: [Manoeuvre; 2],
        feints: [i64; 2],
    ) -> Self {
        Self {
            rules,
            stances: [
                Stance::new(a, moves[0], &rules, feints[0], 0),
                Stance::new(b, moves[1], &rules, feints[1], 0),
            ],
            targets: [
                DamageRule::new(a.enc, a.be, rules.fm).under(&rules.tables),
                DamageRule::new(b.enc, b.be, rules.fm).under(&rules.tables),
            ],
        }
    }

    /// The step of both tests.
    #[inline(always)]
    pub fn contest(&self) -> Contest {
        Contest {
            loser_subtracts: self.rules.loser_subtracts,
            stances: self.stances,
        }
    }

    /// The damage step target of the loser (`None` when nobody won).
    fn loser(winner: Option<Winner>) -> Option<usize> {
        match winner? {
            Winner::A => Some(1),
            Winner::B => Some(0),
            _ => None,
        }
    }

    /// Rolls the exchange: both tests (the [`Contest`] step), then the loser's damage step
    /// (the [`Blow`] step) if MD won.
    #[inline]
    pub fn roll<D: Dice>(&self, dice: &mut D) -> ExchangeOutcome {
        let (winner, magnitude) = dice.step(&self.contest());
        let eff = match winner {
            Some(Winner::A) => effect(self.stances[0].manoeuvre, magnitude),
            Some(Winner::B) => effect(self.stances[1].manoeuvre, magnitude),
            None | Some(Winner::Draw) => Effect::Nothing,
        };
        self.finish(winner, eff, |&target, dom| dice.step(&Blow { target, dom }))
    }

    fn finish(
        &self,
        winner: Option<Winner>,
        eff: Effect,
        mut damage: impl FnMut(&DamageRule, i64) -> DamageResult,
    ) -> ExchangeOutcome {
        let (feint_gained, dmg) = match (eff, Self::loser(winner)) {
            (Effect::Feint(f), _) => (f, None),
            (Effect::Blow(dom), Some(l)) => (0, Some(damage(&self.targets[l], dom))),
            _ => (0, None),
        };
        ExchangeOutcome {
            winner,
            feint_gained,
            damage: dmg,
        }
    }

    /// The exact distribution of the outcome: [`Exchange::roll`] over every path of its
    /// dice (two tests and a resistance test, 20 faces each).
    pub fn law(&self) -> Dist<ExchangeOutcome> {
        crate::engine::enumerate(|d| self.roll(d))
            .expect("an exchange rolls d20s only: every path is enumerated")
    }
}

/// Whether `o` is a blow by A (`side` 0) or B (1) that gave at least a blessure légère.
pub fn wounds(o: &ExchangeOutcome, side: usize) -> bool {
    let by = if side == 0 { Winner::A } else { Winner::B };
    o.winner == Some(by) && o.damage.is_some_and(|d| d >= DamageResult::Legere)
}

/// What one exchange reports (`aube.surclassement.exchange`, and
/// `aube.surclassement.optimal` under the optimal mixes).
#[derive(Debug, Clone, PartialEq)]
pub struct ExchangeMetrics {
    pub(super) a_wins: MetricId,
    b_wins: MetricId,
    nothing: MetricId,
    draw: MetricId,
    /// A's MD won with B's damage result, by [`DamageResult::index`].
    a_hit: [MetricId; 7],
    /// The same for B's blows against A.
    b_hit: [MetricId; 7],
    a_wounds: MetricId,
    b_wounds: MetricId,
    a_grave: MetricId,
    b_grave: MetricId,
    feint: MetricId,
}

impl ExchangeMetrics {
    /// Declares the metrics of an exchange at the end of `layout`.
    pub fn declare(layout: &mut Layout) -> Self {
        let a_wins = layout.proportion("a_wins", "chance A wins the exchange");
        let b_wins = layout.proportion("b_wins", "chance B wins the exchange");
        let nothing = layout.proportion("nothing", "chance both fail");
        let draw = layout.proportion("draw", "chance both succeed with equal E");
        let mut hits = |side: &str, name: &'static str, doc: &'static str| {
            let first = layout.metrics.len();
            let ids = DamageResult::ALL
                .map(|r| layout.proportion(format!("{side}_hit_{}", r.metric_name()), doc));
            layout.list_as_one(first, name, doc);
            ids
        };
        let a_hit = hits(
            "a",
            "a_hit_<result>",
            "chance A wins with MD and B's damage result is <result> (none, etourdi, sonne, \
             legere, grave, critique, fatale); unconditional",
        );
        let b_hit = hits("b", "b_hit_<result>", "the same for B's blows against A");
        Self {
            a_wins,
            b_wins,
            nothing,
            draw,
            a_hit,
            b_hit,
            a_wounds: layout.proportion(
                "a_wounds",
                "chance A's MD wins and gives B a blessure légère or worse",
            ),
            b_wounds: layout.proportion(
                "b_wounds",
                "chance B's MD wins and gives A a blessure légère or worse",
            ),
            a_grave: layout.proportion(
                "a_grave_or_worse_given_hit",
                "chance B's damage result is grave or worse, given A wins with MD",
            ),
            b_grave: layout.proportion(
                "b_grave_or_worse_given_hit",
                "the same for B's blows against A",
            ),
            feint: layout.mean(
                "mean_feint_gained",
                "mean feint points gained (0 unless an MA wins)",
            ),
        }
    }

    /// Records the outcome of one exchange.
    #[inline]
    pub fn record<R: Recorder>(&self, o: &ExchangeOutcome, rec: &mut R) {
        rec.event(self.a_wins, o.winner == Some(Winner::A));
        rec.event(self.b_wins, o.winner == Some(Winner::B));
        rec.event(self.nothing, o.winner.is_none());
        rec.event(self.draw, o.winner == Some(Winner::Draw));
        for r in DamageResult::ALL {
            let hit = o.damage == Some(r);
            rec.event(self.a_hit[r.index()], hit && o.winner == Some(Winner::A));
            rec.event(self.b_hit[r.index()], hit && o.winner == Some(Winner::B));
        }
        rec.event(self.a_wounds, wounds(o, 0));
        rec.event(self.b_wounds, wounds(o, 1));
        let grave = o.damage.is_some_and(|d| d >= DamageResult::Grave);
        let hit = o.damage.is_some();
        rec.event_given(self.a_grave, hit && o.winner == Some(Winner::A), grave);
        rec.event_given(self.b_grave, hit && o.winner == Some(Winner::B), grave);
        rec.value(self.feint, o.feint_gained);
    }
}

crate::config! {
    /// The parameters of `aube.surclassement.exchange`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct ExchangeParams {
        /// both fighters and the switches
        fighters: FightersParams = flatten(),
        /// A's manœuvre: mp, ma, md
        a_move: Manoeuvre = choice(),
        /// B's manœuvre: mp, ma, md
        b_move: Manoeuvre = choice(),
        /// feint points A holds from a won MA
        a_feint: i64 = int(0..=200, default = 0),
        /// feint points B holds from a won MA
        b_feint: i64 = int(0..=200, default = 0),
    }
}

/// One exchange rolled on the roll table (the rule of `aube.surclassement.exchange`).
#[derive(Debug, Clone, PartialEq)]
pub struct ExchangeRoll {
    /// The exchange.
    pub exchange: Exchange,
}

impl ExchangeRoll {
    /// One `exchange`.
    pub fn new(exchange: Exchange) -> Self {
        Self { exchange }
    }
}

impl TryFrom<ExchangeParams> for ExchangeRoll {
    type Error = Error;

    fn try_from(p: ExchangeParams) -> Result<Self> {
        let ([a, b], rules) = p.fighters.fighters()?;
        Ok(Self::new(Exchange::new(
            rules,
            [&a, &b],
            [p.a_move, p.b_move],
            [p.a_feint, p.b_feint],
        )))
    }
}

impl Roll for ExchangeRoll {
    type Outcome = ExchangeOutcome;

    #[inline(always)]
    fn roll<D: Dice>(&self, dice: &mut D) -> ExchangeOutcome {
        self.exchange.roll(dice)
    }
}

impl Report<ExchangeRoll> for ExchangeMetrics {
    fn declare(_: &ExchangeRoll, layout: &mut Layout) -> Self {
        ExchangeMetrics::declare(layout)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &ExchangeOutcome, rec: &mut R) {
        ExchangeMetrics::record(self, o, rec);
    }
}

/// `aube.surclassement.exchange`: one exchange between two fighters.
pub type ExchangeModel = Rolled<ExchangeRoll, ExchangeMetrics>;

#[cfg(test)]
#[path = "exchange_tests.rs"]
mod tests;
