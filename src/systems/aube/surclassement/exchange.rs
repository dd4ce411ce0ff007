//! One *surclassement* exchange (seed "le système de combat par surclassement": "Le reste
//! se passe un peu comme lors d'une confrontation..."; `RULES.md` `aube` → *Surclassement*)
//! and the `aube.surclassement.exchange` mechanic.
//!
//! Both fighters test their manœuvre's CA (nd 0, no crit die). A success has the modified
//! degree `E = °R + bonus + held feint points` (MP: `bp + 5`, MA: `ba` under `ma_adds_ba`,
//! MD: `bd - 5`).
//! - Both fail: nothing happens (and the held feint points vanish).
//! - One succeeds: it wins with magnitude `E`.
//! - Both succeed: the higher `E` wins with magnitude `E_winner - °R_loser` (or `- E_loser`
//!   under `loser_subtracts = modified`); equal `E` is a draw **[choice]**: nothing happens.
//!
//! Held feint points are spent by the fighter's next manœuvre whatever its outcome, so after
//! any exchange only the feint points just won are held. The winner's effect: MP nothing;
//! MA gains the magnitude as feint points (**[choice]**: never below 0); MD deals
//! `dom = magnitude` to the loser, who makes the damage step of Tableau 3.1 (even when
//! `dom <= 0`, which can only give "none").

use super::fighter::{Fighter, LoserSubtracts, Manoeuvre, Rules};
use crate::engine::{
    Dice, Dist, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation, simulation,
};
use crate::error::Result;
use crate::systems::aube::damage::{DamageResult, DamageRule};
use crate::systems::aube::resolution::{Prepared, TestOutcome, TestRule};

/// Who won an exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Winner {
    /// Both failed: nothing happens.
    Nobody,
    /// Both succeeded with the same `E`.
    Draw,
    /// Fighter A won.
    A,
    /// Fighter B won.
    B,
}

/// One side of an exchange before the roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// Who wins and by how much (the magnitude is 0 unless A or B won).
#[inline]
pub fn contest(rules: &Rules, a: &Move, b: &Move) -> (Winner, i64) {
    let lose = |m: &Move| match rules.loser_subtracts {
        LoserSubtracts::Raw => m.raw,
        LoserSubtracts::Modified => m.e,
    };
    match (a.success, b.success) {
        (false, false) => (Winner::Nobody, 0),
        (true, false) => (Winner::A, a.e),
        (false, true) => (Winner::B, b.e),
        (true, true) if a.e > b.e => (Winner::A, a.e - lose(b)),
        (true, true) if b.e > a.e => (Winner::B, b.e - lose(a)),
        (true, true) => (Winner::Draw, 0),
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
    /// Who won.
    pub winner: Winner,
    /// Feint points the winner gained (0 unless MA won).
    pub feint_gained: i64,
    /// The loser's damage result when MD won (`None` otherwise).
    pub damage: Option<DamageResult>,
}

/// The CA table of every test a surclassement mechanic makes (nd 0, default options):
/// each CA in `LO..=HI` prepared once, so the hot loop makes no preparation; other CAs
/// fall back to [`TestRule::roll`].
#[derive(Debug, Clone, PartialEq)]
pub struct RollTable {
    tests: Vec<Prepared>,
}

impl RollTable {
    const LO: i64 = -60;
    const HI: i64 = 60;

    /// Prepares every CA of the table.
    pub fn new() -> Self {
        Self {
            tests: (Self::LO..=Self::HI)
                .map(|ca| Prepared::new(&TestRule::new(ca, 0)))
                .collect(),
        }
    }

    /// Rolls the test of `ca` against nd 0.
    #[inline(always)]
    pub fn roll<D: Dice>(&self, ca: i64, dice: &mut D) -> TestOutcome {
        if (Self::LO..=Self::HI).contains(&ca) {
            self.tests[(ca - Self::LO) as usize].roll(dice)
        } else {
            TestRule::new(ca, 0).roll(dice)
        }
    }
}

impl Default for RollTable {
    fn default() -> Self {
        Self::new()
    }
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
                DamageRule::new(a.enc, a.be, rules.fm),
                DamageRule::new(b.enc, b.be, rules.fm),
            ],
        }
    }

    /// Winner, magnitude and effect once both tests are known.
    #[inline]
    pub fn settle(&self, ta: &TestOutcome, tb: &TestOutcome) -> (Winner, i64, Effect) {
        let (winner, magnitude) = contest(
            &self.rules,
            &self.stances[0].read(ta),
            &self.stances[1].read(tb),
        );
        let eff = match winner {
            Winner::A => effect(self.stances[0].manoeuvre, magnitude),
            Winner::B => effect(self.stances[1].manoeuvre, magnitude),
            Winner::Nobody | Winner::Draw => Effect::Nothing,
        };
        (winner, magnitude, eff)
    }

    /// The damage step target of the loser (`None` when nobody won).
    fn loser(winner: Winner) -> Option<usize> {
        match winner {
            Winner::A => Some(1),
            Winner::B => Some(0),
            _ => None,
        }
    }

    /// Rolls the exchange: A's test, B's test, then the loser's resistance test if MD won.
    #[inline]
    pub fn roll<D: Dice>(&self, table: &RollTable, dice: &mut D) -> ExchangeOutcome {
        let ta = table.roll(self.stances[0].ca, dice);
        let tb = table.roll(self.stances[1].ca, dice);
        let (winner, _, eff) = self.settle(&ta, &tb);
        self.finish(winner, eff, |target, dom| {
            let test = table.roll(target.resistance_test().ca, dice);
            target.resolve(dom, &test).result
        })
    }

    fn finish(
        &self,
        winner: Winner,
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

    /// The exact distribution of the outcome.
    pub fn exact(&self) -> Dist<ExchangeOutcome> {
        let ta = self.stances[0].test().exact();
        let tb = self.stances[1].test().exact();
        ta.combine(&tb, |a, b| {
            let (winner, _, eff) = self.settle(a, b);
            (winner, eff_key(eff))
        })
        .then(|&(winner, (kind, n))| {
            let eff = match kind {
                1 => Effect::Feint(n),
                2 => Effect::Blow(n),
                _ => Effect::Nothing,
            };
            match (eff, Self::loser(winner)) {
                (Effect::Blow(dom), Some(l)) => {
                    self.targets[l].exact(dom).map(|d| ExchangeOutcome {
                        winner,
                        feint_gained: 0,
                        damage: Some(d.result),
                    })
                }
                _ => Dist::certain(self.finish(winner, eff, |_, _| DamageResult::None)),
            }
        })
    }
}

/// An orderable key of an [`Effect`] (for grouping exact outcomes).
fn eff_key(e: Effect) -> (u8, i64) {
    match e {
        Effect::Nothing => (0, 0),
        Effect::Feint(n) => (1, n),
        Effect::Blow(n) => (2, n),
    }
}

/// The metric names of an exchange, in recording order.
pub const METRICS: [&str; 23] = [
    "a_wins",
    "b_wins",
    "nothing",
    "draw",
    "a_hit_none",
    "a_hit_etourdi",
    "a_hit_sonne",
    "a_hit_legere",
    "a_hit_grave",
    "a_hit_critique",
    "a_hit_fatale",
    "b_hit_none",
    "b_hit_etourdi",
    "b_hit_sonne",
    "b_hit_legere",
    "b_hit_grave",
    "b_hit_critique",
    "b_hit_fatale",
    "a_wounds",
    "b_wounds",
    "a_grave_or_worse_given_hit",
    "b_grave_or_worse_given_hit",
    "mean_feint_gained",
];

const A_WINS: usize = 0;
const B_WINS: usize = 1;
const NOTHING: usize = 2;
const DRAW: usize = 3;
const A_HIT: usize = 4;
const B_HIT: usize = 11;
const A_WOUNDS: usize = 18;
const B_WOUNDS: usize = 19;
const A_GRAVE: usize = 20;
const B_GRAVE: usize = 21;
const FEINT: usize = 22;

/// The layout of [`METRICS`].
pub fn exchange_layout() -> Layout {
    let mut layout = Layout::new();
    for name in &METRICS[..FEINT] {
        layout.proportion(*name, "");
    }
    layout.mean(METRICS[FEINT], "");
    layout
}

/// Whether `o` is a blow by A (`side` 0) or B (1) that gave at least a blessure légère.
pub fn wounds(o: &ExchangeOutcome, side: usize) -> bool {
    let by = if side == 0 { Winner::A } else { Winner::B };
    o.winner == by && o.damage.is_some_and(|d| d >= DamageResult::Legere)
}

/// Records an exchange's metrics (shared with the optimal-strategy model).
#[inline]
pub fn record_exchange<R: Recorder>(o: &ExchangeOutcome, rec: &mut R) {
    rec.event(A_WINS, o.winner == Winner::A);
    rec.event(B_WINS, o.winner == Winner::B);
    rec.event(NOTHING, o.winner == Winner::Nobody);
    rec.event(DRAW, o.winner == Winner::Draw);
    for r in DamageResult::ALL {
        let hit = o.damage == Some(r);
        rec.event(A_HIT + r.index(), hit && o.winner == Winner::A);
        rec.event(B_HIT + r.index(), hit && o.winner == Winner::B);
    }
    rec.event(A_WOUNDS, wounds(o, 0));
    rec.event(B_WOUNDS, wounds(o, 1));
    let grave = o.damage.is_some_and(|d| d >= DamageResult::Grave);
    let hit = o.damage.is_some();
    rec.event_given(A_GRAVE, hit && o.winner == Winner::A, grave);
    rec.event_given(B_GRAVE, hit && o.winner == Winner::B, grave);
    rec.value(FEINT, o.feint_gained);
}

/// `aube.surclassement.exchange`: one exchange between two fighters.
#[derive(Debug, Clone, PartialEq)]
pub struct ExchangeModel {
    exchange: Exchange,
    table: RollTable,
}

impl ExchangeModel {
    /// The model of one exchange.
    pub fn new(exchange: Exchange) -> Self {
        Self {
            exchange,
            table: RollTable::new(),
        }
    }
}

impl Model for ExchangeModel {
    type Outcome = ExchangeOutcome;

    fn layout(&self) -> Layout {
        exchange_layout()
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> ExchangeOutcome {
        self.exchange.roll(&self.table, dice)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &ExchangeOutcome, rec: &mut R) {
        record_exchange(o, rec);
    }

    fn exact(&self) -> Option<Dist<ExchangeOutcome>> {
        Some(self.exchange.exact())
    }
}

/// The parameters of both fighters and the switches (every surclassement mechanic).
pub fn fighters_and_rules_specs() -> Vec<ParamSpec> {
    let mut specs = super::fighter::both_fighters_specs();
    specs.extend(Rules::specs());
    specs
}

/// The registry entry of `aube.surclassement.exchange`.
#[derive(Debug, Clone, Copy)]
pub struct ExchangeMechanic;

impl Mechanic for ExchangeMechanic {
    fn name(&self) -> &'static str {
        "aube.surclassement.exchange"
    }

    fn summary(&self) -> &'static str {
        "one surclassement exchange: who wins, the damage of a winning MD, feint points gained"
    }

    fn params(&self) -> Vec<ParamSpec> {
        let mut specs = fighters_and_rules_specs();
        specs.extend([
            ParamSpec::choice::<Manoeuvre>("a_move", "A's manœuvre: mp, ma, md", None),
            ParamSpec::choice::<Manoeuvre>("b_move", "B's manœuvre: mp, ma, md", None),
            ParamSpec::int(
                "a_feint",
                "feint points A holds from a won MA",
                0,
                200,
                Some(0),
            ),
            ParamSpec::int(
                "b_feint",
                "feint points B holds from a won MA",
                0,
                200,
                Some(0),
            ),
        ]);
        specs
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("a_wins", "chance A wins the exchange"),
            ("b_wins", "chance B wins the exchange"),
            ("nothing", "chance both fail"),
            ("draw", "chance both succeed with equal E"),
            (
                "a_hit_<result>",
                "chance A wins with MD and B's damage result is <result> (none, etourdi, sonne, legere, grave, critique, fatale); unconditional",
            ),
            ("b_hit_<result>", "the same for B's blows against A"),
            (
                "a_wounds",
                "chance A's MD wins and gives B a blessure légère or worse",
            ),
            (
                "b_wounds",
                "chance B's MD wins and gives A a blessure légère or worse",
            ),
            (
                "mean_feint_gained",
                "mean feint points gained (0 unless an MA wins)",
            ),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let a = Fighter::from_params(params, "a")?;
        let b = Fighter::from_params(params, "b")?;
        let exchange = Exchange::new(
            Rules::from_params(params),
            [&a, &b],
            [params.choice("a_move"), params.choice("b_move")],
            [params.int("a_feint"), params.int("b_feint")],
        );
        Ok(simulation(ExchangeModel::new(exchange)))
    }
}

#[cfg(test)]
#[path = "exchange_tests.rs"]
mod tests;
