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
        layout.proportion(*name);
    }
    layout.mean(METRICS[FEINT]);
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
mod tests {
    use super::*;
    use crate::engine::RiggedDice;
    use crate::systems::test_support::assert_agrees_with_exact;
    use Manoeuvre::{Ma, Md, Mp};

    /// A: CAs 10, ba 2, bp 1, bd 12 (MD adds 7), enc 10. B: CAs 10, ba 0, bp 0, bd 10
    /// (MD adds 5), enc 10.
    fn pair() -> [Fighter; 2] {
        [
            Fighter::new([10, 10, 10], [2, 1, 12], 10, 0),
            Fighter::new([10, 10, 10], [0, 0, 10], 10, 0),
        ]
    }

    fn play(
        rules: Rules,
        moves: [Manoeuvre; 2],
        feints: [i64; 2],
        dice: &[u32],
    ) -> ExchangeOutcome {
        let [a, b] = pair();
        let ex = Exchange::new(rules, [&a, &b], moves, feints);
        let mut rigged = RiggedDice::new(dice);
        let o = ex.roll(&RollTable::new(), &mut rigged);
        assert_eq!(rigged.remaining(), 0, "every rigged die is used");
        o
    }

    fn magnitude(
        rules: Rules,
        moves: [Manoeuvre; 2],
        feints: [i64; 2],
        d: [u32; 2],
    ) -> (Winner, i64) {
        let [a, b] = pair();
        let ex = Exchange::new(rules, [&a, &b], moves, feints);
        let t = |s: usize| ex.stances[s].test().resolve(d[s], 0);
        let (w, m, _) = ex.settle(&t(0), &t(1));
        (w, m)
    }

    #[test]
    fn both_fail_nothing_happens_and_feint_points_vanish() {
        let o = play(Rules::default(), [Md, Ma], [5, 3], &[15, 12]);
        assert_eq!(o.winner, Winner::Nobody);
        assert_eq!((o.feint_gained, o.damage), (0, None));
    }

    #[test]
    fn one_succeeds_it_wins_with_its_e() {
        // A: d 6 → E = 6 + 12 - 5 = 13; B fails. dom 13 against enc 10, resistance d 4:
        // 13 - 4 = 9 → sonné.
        assert_eq!(
            magnitude(Rules::default(), [Md, Md], [0, 0], [6, 14]),
            (Winner::A, 13)
        );
        let o = play(Rules::default(), [Md, Md], [0, 0], &[6, 14, 4]);
        assert_eq!(o.winner, Winner::A);
        assert_eq!(o.damage, Some(DamageResult::Sonne));
        // B alone succeeds with the parry: E = 9 + 0 + 5.
        assert_eq!(
            magnitude(Rules::default(), [Md, Mp], [0, 0], [16, 9]),
            (Winner::B, 14)
        );
    }

    #[test]
    fn both_succeed_higher_e_wins_loser_subtracts_raw_or_modified() {
        // A MD d 8: E 15. B MP d 9: E 9 + 0 + 5 = 14. A wins; raw: 15 - 9 = 6; modified:
        // 15 - 14 = 1.
        let raw = Rules::default();
        let modified = Rules {
            loser_subtracts: LoserSubtracts::Modified,
            ..raw
        };
        assert_eq!(magnitude(raw, [Md, Mp], [0, 0], [8, 9]), (Winner::A, 6));
        assert_eq!(
            magnitude(modified, [Md, Mp], [0, 0], [8, 9]),
            (Winner::A, 1)
        );
        // dom 6 / 1 against a failed resistance test (d 12): sonné / étourdi.
        let o = play(raw, [Md, Mp], [0, 0], &[8, 9, 12]);
        assert_eq!(o.damage, Some(DamageResult::Sonne));
        let o = play(modified, [Md, Mp], [0, 0], &[8, 9, 12]);
        assert_eq!(o.damage, Some(DamageResult::Etourdi));
        // The higher °R does not win by itself: B's d 10 MD (E 15) beats A's d 9 MA
        // (E 11) and A's d 3 MD with 9 feint points (E 19) beats B's d 10 MD.
        assert_eq!(
            magnitude(raw, [Ma, Md], [0, 0], [9, 10]),
            (Winner::B, 15 - 9)
        );
        assert_eq!(
            magnitude(raw, [Md, Md], [9, 0], [3, 10]),
            (Winner::A, 19 - 10)
        );
    }

    #[test]
    fn equal_e_is_a_draw() {
        // A MD d 5: E 12; B MD d 7: E 12.
        let o = play(Rules::default(), [Md, Md], [0, 0], &[5, 7]);
        assert_eq!(o.winner, Winner::Draw);
        assert_eq!((o.feint_gained, o.damage), (0, None));
    }

    #[test]
    fn feint_points_are_gained_and_spent_by_the_next_manoeuvre() {
        // A MA d 3 holding 4: E = 3 + 2 + 4 = 9, B fails: A now holds 9.
        let o = play(Rules::default(), [Ma, Md], [4, 0], &[3, 15]);
        assert_eq!((o.winner, o.feint_gained), (Winner::A, 9));
        // Those points go into the next manœuvre's E: MD d 2 with 9 held: E = 2 + 7 + 9.
        assert_eq!(
            magnitude(Rules::default(), [Md, Mp], [9, 0], [2, 15]),
            (Winner::A, 18)
        );
        // A won MD gains nothing: the held points were spent.
        let o = play(Rules::default(), [Md, Mp], [9, 0], &[2, 15, 20]);
        assert_eq!((o.feint_gained, o.damage), (0, Some(DamageResult::Legere)));
        // A feint that loses both subtracts nothing from and gains nothing for A.
        let o = play(Rules::default(), [Ma, Mp], [0, 0], &[5, 4]);
        assert_eq!((o.winner, o.feint_gained), (Winner::B, 0));
    }

    #[test]
    fn a_winning_parry_stops_everything() {
        // A MP d 10: E = 10 + 1 + 5 = 16 beats B's MD d 9 (E 14): no damage roll at all.
        let o = play(Rules::default(), [Mp, Md], [0, 0], &[10, 9]);
        assert_eq!(o.winner, Winner::A);
        assert_eq!((o.feint_gained, o.damage), (0, None));
    }

    #[test]
    fn switch_ma_adds_ba() {
        let off = Rules {
            ma_adds_ba: false,
            ..Rules::default()
        };
        assert_eq!(
            magnitude(Rules::default(), [Ma, Mp], [0, 0], [3, 20]),
            (Winner::A, 5)
        );
        assert_eq!(magnitude(off, [Ma, Mp], [0, 0], [3, 20]), (Winner::A, 3));
    }

    #[test]
    fn exact_agrees_with_monte_carlo() {
        let krom = Fighter::new([9, 9, 9], [1, -3, 20], 13, 3);
        let bjorn = Fighter::new([9, 9, 9], [1, 1, 15], 11, 4);
        let modified = Rules {
            loser_subtracts: LoserSubtracts::Modified,
            ..Rules::default()
        };
        let mut cases = Vec::new();
        for ma in Manoeuvre::ALL {
            for mb in Manoeuvre::ALL {
                cases.push(Exchange::new(
                    Rules::default(),
                    [&krom, &bjorn],
                    [ma, mb],
                    [0, 0],
                ));
            }
        }
        let [a, b] = pair();
        cases.push(Exchange::new(modified, [&a, &b], [Md, Ma], [6, 0]));
        cases.push(Exchange::new(
            Rules {
                fm: 5,
                ..Rules::default()
            },
            [&a, &bjorn],
            [Ma, Md],
            [3, 2],
        ));
        let strong = Fighter::new([21, 0, 15], [0, 0, 40], 25, 0);
        cases.push(Exchange::new(
            Rules::default(),
            [&strong, &a],
            [Md, Md],
            [0, 0],
        ));
        for (i, ex) in cases.into_iter().enumerate() {
            let sim = simulation(ExchangeModel::new(ex));
            assert_agrees_with_exact(sim.as_ref(), 150_000, 400 + i as u64, 10, &ex);
        }
    }

    #[test]
    fn exact_probabilities_add_up() {
        let [a, b] = pair();
        let d = Exchange::new(Rules::default(), [&a, &b], [Md, Md], [0, 0]).exact();
        let total: f64 = d.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        // Both fail: (10/20)².
        assert!((d.p_where(|o| o.winner == Winner::Nobody) - 0.25).abs() < 1e-12);
    }

    #[test]
    fn bad_input_is_an_error() {
        let m = ExchangeMechanic;
        let specs = m.params();
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let base = [
            "a.ca_mp=9",
            "a.ca_ma=9",
            "a.ca_md=9",
            "a.enc=11",
            "b.ca_mp=9",
            "b.ca_ma=9",
            "b.ca_md=9",
            "b.enc=11",
        ];
        let parse = |extra: &[&str]| {
            let mut w = words(&base);
            w.extend(words(extra));
            crate::engine::params::parse_assignments(m.name(), &specs, &w)
                .and_then(|given| ParamValues::resolve(m.name(), &specs, &given))
        };
        let e = parse(&["a_move=mx", "b_move=md"]).unwrap_err().to_string();
        assert!(e.contains("mp, ma, md"), "{e}");
        assert!(parse(&["b_move=md"]).is_err(), "a_move is required");
        let ok = parse(&["a_move=ma", "b_move=md"]).unwrap();
        assert!(m.build(&ok).is_ok());
        let both = parse(&["a_move=ma", "b_move=md", "a.ph=5"]).unwrap();
        assert!(
            m.build(&both)
                .err()
                .unwrap()
                .to_string()
                .contains("both forms")
        );
    }
}
