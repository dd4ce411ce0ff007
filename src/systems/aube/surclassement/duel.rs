//! A surclassement duel (`RULES.md` `aube` → *Surclassement*, "duels between strategies",
//! with the wound track, fatigue and `out_at` of *Classic combat*) and the
//! `aube.surclassement.duel` mechanic.
//!
//! Each round is one exchange ([`super::exchange`]): both fighters pick a manœuvre by
//! their strategy ([`super::strategy`]) and test at once. The fighters carry from round to
//! round their wound track ([`WoundTrack`]) and their feint points. Fatigue points lower
//! the three manœuvre CAs (all Physique) and `enc` by 1 each; pending étourdis lower the
//! fighter's next manœuvre, **[choice]** whichever it is, and are spent by it. A fighter
//! whose worst wound reaches `out_at` loses. Only the winner of an exchange hurts, so
//! both fighters can never fall together; a fight still on after `max_rounds` is a draw.
//! Draws are mostly stalemates: fatigue points lower every CA, and once both fighters'
//! CAs are at 1 or less every test fails and nothing can happen any more (the duel plays
//! on to `max_rounds` as the classic duel does; `mean_rounds_decided` leaves draws out).

use super::exchange::Winner;
use super::exchange::{Effect, RollTable, Stance, contest, effect, fighters_and_rules_specs};
use super::fighter::{Fighter, Rules};
use super::game::optimal;
use super::strategy::{Strategy, StrategyName};
use crate::engine::{
    Dice, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation, simulation,
};
use crate::error::Result;
use crate::systems::aube::damage::{DamageResult, DamageRule};
use crate::systems::aube::duel_end::{duel_end_layout, duel_end_specs, record_duel_end};
use crate::systems::aube::wounds::{OutAt, WoundTrack};

/// Everything fixed about a duel.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Duel {
    /// The switches.
    pub rules: Rules,
    /// Fighters A and B.
    pub fighters: [Fighter; 2],
    /// Their strategies (`optimal` already resolved to a mix).
    pub strategies: [Strategy; 2],
    /// When a fighter is out.
    pub out_at: OutAt,
    /// The cap on rounds (a capped fight is a draw).
    pub max_rounds: u32,
}

/// The outcome of a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DuelOutcome {
    /// `A`, `B`, or `Draw` for a capped fight.
    pub winner: Winner,
    /// Rounds fought.
    pub rounds: u32,
    /// Blows that reached the damage step (won MDs), both sides.
    pub hits: u32,
    /// Of those, the ones whose result was a blessure grave or worse (as read on Tableau
    /// 3.1, before any move up the track).
    pub grave_hits: u32,
    /// Whether the first blow of the fight was grave or worse (`None`: no blow).
    pub first_hit_grave: Option<bool>,
}

impl Duel {
    /// The duel with each side's strategy; `optimal` is resolved here to each fighter's
    /// optimal mix against the other (both unhurt).
    pub fn new(
        rules: Rules,
        fighters: [Fighter; 2],
        strategies: [(StrategyName, Strategy); 2],
        out_at: OutAt,
        max_rounds: u32,
    ) -> Self {
        let solution = optimal(rules, &fighters[0], &fighters[1]);
        let mixes = [solution.row, solution.col];
        let mut resolved = [strategies[0].1, strategies[1].1];
        for (side, (name, _)) in strategies.iter().enumerate() {
            if *name == StrategyName::Optimal {
                resolved[side] = Strategy::Mixed(mixes[side]);
            }
        }
        Self {
            rules,
            fighters,
            strategies: resolved,
            out_at,
            max_rounds,
        }
    }

    /// Side `s` picks its manœuvre and takes its handicap (fatigue and pending étourdis,
    /// which this spends).
    #[inline]
    fn stance<D: Dice>(
        &self,
        s: usize,
        track: &mut WoundTrack,
        feint: i64,
        dice: &mut D,
    ) -> Stance {
        let m = self.strategies[s].choose(feint, track.worst(), dice);
        let handicap = track.attack_handicap();
        Stance::new(&self.fighters[s], m, &self.rules, feint, handicap)
    }

    /// Fights until one is out or `max_rounds` have passed.
    #[inline]
    pub fn fight<D: Dice>(&self, table: &RollTable, dice: &mut D) -> DuelOutcome {
        let mut tracks = [WoundTrack::new(); 2];
        let mut feints = [0i64; 2];
        let mut out = DuelOutcome {
            winner: Winner::Draw,
            rounds: 0,
            hits: 0,
            grave_hits: 0,
            first_hit_grave: None,
        };
        for round in 1..=self.max_rounds {
            out.rounds = round;
            let stances = [
                self.stance(0, &mut tracks[0], feints[0], dice),
                self.stance(1, &mut tracks[1], feints[1], dice),
            ];
            let ta = table.roll(stances[0].ca, dice);
            let tb = table.roll(stances[1].ca, dice);
            let (winner, magnitude) =
                contest(&self.rules, &stances[0].read(&ta), &stances[1].read(&tb));
            // Held feint points are spent by the manœuvre just made.
            feints = [0, 0];
            let (w, l) = match winner {
                Winner::A => (0, 1),
                Winner::B => (1, 0),
                Winner::Nobody | Winner::Draw => continue,
            };
            match effect(stances[w].manoeuvre, magnitude) {
                Effect::Nothing => {}
                Effect::Feint(f) => feints[w] = f,
                Effect::Blow(dom) => {
                    let loser = &self.fighters[l];
                    let fatigue = tracks[l].fatigue();
                    let target = DamageRule::new(loser.enc - fatigue, loser.be, self.rules.fm);
                    let test = table.roll(target.resistance_test().ca, dice);
                    let result = target.resolve(dom, &test).result;
                    let grave = result >= DamageResult::Grave;
                    out.hits += 1;
                    out.grave_hits += grave as u32;
                    out.first_hit_grave.get_or_insert(grave);
                    tracks[l].take(result);
                    if tracks[l].is_out(self.out_at) {
                        out.winner = winner;
                        return out;
                    }
                }
            }
        }
        out
    }
}

/// `aube.surclassement.duel`: a duel between two strategies.
#[derive(Debug, Clone, PartialEq)]
pub struct DuelModel {
    duel: Duel,
    table: RollTable,
}

impl DuelModel {
    /// The model of `duel`.
    pub fn new(duel: Duel) -> Self {
        Self {
            duel,
            table: RollTable::new(),
        }
    }
}

const FIRST_HIT_GRAVE: usize = 4;
const MEAN_HITS: usize = 5;
const MEAN_GRAVE_HITS: usize = 6;
const MEAN_ROUNDS_DECIDED: usize = 7;
const ROUNDS_HIST: usize = 0;

impl Model for DuelModel {
    type Outcome = DuelOutcome;

    fn layout(&self) -> Layout {
        duel_end_layout()
            .with_proportion("first_hit_grave")
            .with_mean("mean_hits")
            .with_mean("mean_grave_hits")
            .with_mean("mean_rounds_decided")
            .with_histogram("rounds", (1, 100))
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> DuelOutcome {
        self.duel.fight(&self.table, dice)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &DuelOutcome, rec: &mut R) {
        record_duel_end(rec, o.winner == Winner::A, o.winner == Winner::B, o.rounds);
        rec.event_given(
            FIRST_HIT_GRAVE,
            o.first_hit_grave.is_some(),
            o.first_hit_grave == Some(true),
        );
        rec.value(MEAN_HITS, o.hits as i64);
        rec.value(MEAN_GRAVE_HITS, o.grave_hits as i64);
        rec.value_given(
            MEAN_ROUNDS_DECIDED,
            o.winner != Winner::Draw,
            o.rounds as i64,
        );
        rec.hist(ROUNDS_HIST, o.rounds as i64);
    }
}

/// The registry entry of `aube.surclassement.duel`.
#[derive(Debug, Clone, Copy)]
pub struct DuelMechanic;

impl Mechanic for DuelMechanic {
    fn name(&self) -> &'static str {
        "aube.surclassement.duel"
    }

    fn summary(&self) -> &'static str {
        "a surclassement duel between two strategies, until one is out"
    }

    fn params(&self) -> Vec<ParamSpec> {
        let mut specs = fighters_and_rules_specs();
        for p in ["a", "b"] {
            specs.extend(Strategy::specs().into_iter().map(|s| s.prefixed(p)));
        }
        specs.extend(duel_end_specs());
        specs
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("a_wins", "chance A puts B out"),
            ("b_wins", "chance B puts A out"),
            ("draw", "chance the fight reaches max_rounds"),
            (
                "mean_rounds",
                "mean number of exchanges (a draw counts max_rounds)",
            ),
            (
                "first_hit_grave",
                "chance the first blow that reaches the damage step is grave or worse (given one does)",
            ),
            ("mean_hits", "mean number of blows reaching the damage step"),
            (
                "mean_grave_hits",
                "mean number of blows giving grave or worse",
            ),
            (
                "mean_rounds_decided",
                "mean number of exchanges of the fights that end before max_rounds",
            ),
            ("rounds", "histogram of the number of exchanges"),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let a = Fighter::from_params(params, "a")?;
        let b = Fighter::from_params(params, "b")?;
        let duel = Duel::new(
            Rules::from_params(params),
            [a, b],
            [
                Strategy::from_params(params, "a")?,
                Strategy::from_params(params, "b")?,
            ],
            params.choice::<OutAt>("out_at"),
            params.int("max_rounds") as u32,
        );
        Ok(simulation(DuelModel::new(duel)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::params::parse_assignments;
    use crate::engine::{RiggedDice, RunPlan, SampleSize, run_point};
    use crate::systems::aube::duel_end::{A_WINS, B_WINS, DRAW, MEAN_ROUNDS};
    use crate::systems::aube::surclassement::fighter::Manoeuvre;

    fn fight(duel: &Duel, dice: &[u32]) -> DuelOutcome {
        let mut rigged = RiggedDice::new(dice);
        let o = duel.fight(&RollTable::new(), &mut rigged);
        assert_eq!(rigged.remaining(), 0, "every rigged die is used");
        o
    }

    fn duel(
        a: Fighter,
        b: Fighter,
        sa: StrategyName,
        sb: StrategyName,
        out_at: OutAt,
        max: u32,
    ) -> Duel {
        let pure = |n: StrategyName| {
            let s = match n {
                StrategyName::FeintThenMd => Strategy::FeintThenMd,
                StrategyName::ParryWhenWounded => Strategy::ParryWhenWounded,
                _ => Strategy::AlwaysMd,
            };
            (n, s)
        };
        Duel::new(Rules::default(), [a, b], [pure(sa), pure(sb)], out_at, max)
    }

    #[test]
    fn one_blow_ends_it() {
        let f = Fighter::new([10, 10, 10], [0, 0, 40], 10, 0);
        let d = duel(
            f,
            f,
            StrategyName::AlwaysMd,
            StrategyName::AlwaysMd,
            OutAt::Critique,
            1000,
        );
        // A d 5: E = 5 + 35 = 40; B fails; B's resistance fails: 40 → critique, out.
        let o = fight(&d, &[5, 15, 20]);
        assert_eq!(
            (o.winner, o.rounds, o.hits, o.grave_hits),
            (Winner::A, 1, 1, 1)
        );
        assert_eq!(o.first_hit_grave, Some(true));
    }

    #[test]
    fn feint_fatigue_and_etourdi_carry_from_round_to_round() {
        let a = Fighter::new([10, 10, 10], [3, 0, 20], 10, 0);
        let b = Fighter::new([10, 10, 10], [0, 0, 10], 10, 0);
        let d = duel(
            a,
            b,
            StrategyName::FeintThenMd,
            StrategyName::AlwaysMd,
            OutAt::Fatale,
            6,
        );
        let rolls = [
            4, 15, // 1: A's MA d 4 → E 7 wins; A holds 7 feint points.
            2, 12,
            20, // 2: A's MD d 2 → E 2 + 15 + 7 = 24; B's resistance fails: grave, 5 PF.
            20, 6, // 3: A's MA fails; B's MD CA is 10 - 5 = 5, so its 6 fails.
            1, 5,
            4, // 4: B's MD d 5 (E 10) beats A's MA d 1 (E 4) by 10 - 1 = 9; 9 - 4: étourdi.
            10, 18, // 5: A's stunned MA has CA 9: its 10 fails.
            10, 19, // 6: the étourdi is spent: A's MA d 10 succeeds again.
        ];
        let o = fight(&d, &rolls);
        assert_eq!((o.winner, o.rounds), (Winner::Draw, 6));
        assert_eq!(
            (o.hits, o.grave_hits, o.first_hit_grave),
            (2, 1, Some(true))
        );
    }

    #[test]
    fn parry_when_wounded_parries_from_a_grave_on() {
        let s = Strategy::ParryWhenWounded;
        let mut no_dice = RiggedDice::new(&[]);
        assert_eq!(
            s.choose(0, DamageResult::Legere, &mut no_dice),
            Manoeuvre::Md
        );
        assert_eq!(
            s.choose(0, DamageResult::Grave, &mut no_dice),
            Manoeuvre::Mp
        );
        assert_eq!(
            s.choose(0, DamageResult::Critique, &mut no_dice),
            Manoeuvre::Mp
        );
        let f = Strategy::FeintThenMd;
        assert_eq!(f.choose(0, DamageResult::None, &mut no_dice), Manoeuvre::Ma);
        assert_eq!(f.choose(3, DamageResult::None, &mut no_dice), Manoeuvre::Md);
        // Mixed 0.2 / 0.3 / 0.5: a draw of 0.5 falls in MA's share.
        let m = Strategy::Mixed([0.2, 0.3, 0.5]);
        let half = [(1 << 25) + 1, 1];
        assert_eq!(
            m.choose(0, DamageResult::None, &mut RiggedDice::new(&half)),
            Manoeuvre::Md
        );
        let low = [(1 << 24) + 1, 1];
        assert_eq!(
            m.choose(0, DamageResult::None, &mut RiggedDice::new(&low)),
            Manoeuvre::Ma
        );
    }

    fn build(extra: &[&str]) -> Result<Box<dyn Simulation>> {
        let m = DuelMechanic;
        let specs = m.params();
        let mut words: Vec<String> = [
            "a.ph=7",
            "a.pu=6",
            "a.ma=5",
            "a.ex=5",
            "a.bc=-3",
            "a.bd=15",
            "a.bp=1",
            "a.enc=11",
            "a.be=3",
            "b.ca_mp=9",
            "b.ca_ma=9",
            "b.ca_md=9",
            "b.bd=20",
            "b.bp=-3",
            "b.enc=13",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        words.extend(extra.iter().map(|s| s.to_string()));
        let given = parse_assignments(m.name(), &specs, &words)?;
        m.build(&ParamValues::resolve(m.name(), &specs, &given)?)
    }

    #[test]
    fn bad_input_is_an_error() {
        let e = build(&["a.strategy=turtle"]).err().unwrap().to_string();
        assert!(e.contains("always_md") && e.contains("optimal"), "{e}");
        let e = build(&["a.strategy=mixed", "a.p_mp=0.5", "a.p_ma=0.5", "a.p_md=0.5"])
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("add up to 1"), "{e}");
        assert!(build(&["b.strategy=mixed", "b.p_md=1.5"]).is_err());
        assert!(build(&["out_at=mort"]).is_err());
        assert!(build(&["max_rounds=0"]).is_err());
        assert!(
            build(&[
                "a.strategy=mixed",
                "a.p_mp=0.25",
                "a.p_ma=0.25",
                "a.p_md=0.5"
            ])
            .is_ok()
        );
        assert!(build(&["a.strategy=optimal", "b.strategy=parry_when_wounded"]).is_ok());
    }

    #[test]
    fn same_seed_same_tally_and_every_fight_ends_once() {
        let sim = build(&[
            "a.strategy=mixed",
            "a.p_mp=0.2",
            "a.p_ma=0.3",
            "a.p_md=0.5",
            "b.strategy=feint_then_md",
        ])
        .unwrap();
        let plan = RunPlan {
            seed: 9,
            size: SampleSize::Samples(30_000),
        };
        let one = run_point(&[sim.as_ref()], 0, &plan, &|_| {});
        let two = run_point(&[sim.as_ref()], 0, &plan, &|_| {});
        assert_eq!(one.tallies, two.tallies);
        let t = &one.tallies[0];
        let ends = t.metrics[A_WINS].sum + t.metrics[B_WINS].sum + t.metrics[DRAW].sum;
        assert_eq!(ends as u64, t.samples);
        assert!(t.metrics[MEAN_ROUNDS].sum as u64 >= t.samples);
        assert!(t.metrics[MEAN_GRAVE_HITS].sum <= t.metrics[MEAN_HITS].sum);
        // A fatale ends the fight, so a win needs a blow at least.
        assert!(
            t.metrics[MEAN_HITS].sum as u64
                >= (t.metrics[A_WINS].sum + t.metrics[B_WINS].sum) as u64
        );
    }

    #[test]
    fn optimal_resolves_to_each_sides_mix() {
        let krom = Fighter::new([9, 9, 9], [1, -3, 20], 13, 3);
        let bjorn = Fighter::new([9, 9, 9], [1, 1, 15], 11, 4);
        let d = Duel::new(
            Rules::default(),
            [krom, bjorn],
            [
                (StrategyName::Optimal, Strategy::AlwaysMd),
                (StrategyName::Optimal, Strategy::AlwaysMd),
            ],
            OutAt::Fatale,
            1000,
        );
        let s = optimal(Rules::default(), &krom, &bjorn);
        assert_eq!(
            d.strategies,
            [Strategy::Mixed(s.row), Strategy::Mixed(s.col)]
        );
    }
}
