//! One defender against up to four engaged attackers (seed section 3, *La Loi du
//! Surnombre (L'Érosion Tactique)*, *Le Sacrifice de l'Armure*, *Règle d'Usure*; section 5,
//! *La Manœuvre Défensive*; `RULES.md` `sccs`), and the `sccs.melee` mechanic: rounds
//! until the first impact, and the armour's durability spent on the way.
//!
//! Each round the attackers strike in their given order; the `k`-th attack of the round
//! meets the protection eroded by `k − 1`, floored at that attacker's score (see
//! [`receive`]). Each attacker perseveres with the same type and cible, so keeps its own
//! tension counter from round to round. The fight is followed until the first impact or
//! `rounds` rounds.

use super::rules::{Counter, Received, receive, tension_counts_tie_spec};
use crate::engine::{
    Dice, Layout, Mechanic, Model, ParamSpec, ParamValues, Recorder, Simulation, simulation,
};
use crate::error::{Error, Result};

/// At most four human-sized foes engage one target in melee (face, back, both flanks).
pub const MAX_ENGAGED: usize = 4;

/// Largest number of attackers the parameters accept, so that a fifth gets the rule's
/// explanation from `build` rather than a bare range error.
const MAX_LISTED: i64 = 16;

/// The defender and the attackers, validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Melee {
    /// Attack scores (`type + cible`) in the order they strike; only `n` are used.
    pub attackers: [i64; MAX_ENGAGED],
    /// Number of engaged attackers, 1..=4.
    pub n: usize,
    /// The defender's protection `défense + résistance`, armour included, plus 1 for the
    /// *manœuvre défensive*.
    pub protection: i64,
    /// The part of the résistance given by the armour (lost when its durability is 0).
    pub armour_res: i64,
    /// The armour's durability at the start.
    pub durability: u32,
    /// Rounds followed at most.
    pub rounds: u32,
    /// Switch `tension_counts_tie`.
    pub counts_tie: bool,
}

/// How one fight ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct MeleeOutcome {
    /// Round of the first impact; 0 when there was none within `rounds`.
    pub round: u32,
    /// Durability points the armour lost.
    pub durability_spent: u32,
    /// Durability left at the end.
    pub durability_left: u32,
}

impl Melee {
    /// Validates a fight: 1 to 4 attackers, `0 <= armour_res`, durability only with armour.
    pub fn new(
        attackers: &[i64],
        protection: i64,
        armour_res: i64,
        durability: i64,
        rounds: u32,
        counts_tie: bool,
    ) -> Result<Self> {
        if attackers.is_empty() {
            return Err(Error::value(
                "attackers",
                "give the engaged attackers' scores, attackers = [5, 5, 6, 4], or n_attackers with attack",
            ));
        }
        if attackers.len() > MAX_ENGAGED {
            return Err(Error::value(
                "attackers",
                format!(
                    "{} attackers given, but at most {MAX_ENGAGED} human-sized foes can engage one target in melee (face, back, left and right flanks); the others must strike from the second rank with long reach weapons",
                    attackers.len()
                ),
            ));
        }
        if durability < 0 {
            return Err(Error::value(
                "durability",
                format!(
                    "durability {durability} is negative; an armour has 0 or more durability points"
                ),
            ));
        }
        if armour_res < 0 {
            return Err(Error::value(
                "armour_res",
                "the armour's part of the résistance cannot be negative",
            ));
        }
        if armour_res == 0 && durability > 0 {
            return Err(Error::value(
                "durability",
                "durability belongs to the armour: give armour_res > 0 (the armour's part of the résistance), or durability = 0",
            ));
        }
        let mut scores = [0; MAX_ENGAGED];
        scores[..attackers.len()].copy_from_slice(attackers);
        Ok(Self {
            attackers: scores,
            n: attackers.len(),
            protection,
            armour_res,
            durability: durability as u32,
            rounds,
            counts_tie,
        })
    }

    /// Plays the fight.
    #[inline(always)]
    pub fn run<D: Dice>(&self, dice: &mut D) -> MeleeOutcome {
        let mut counters = [Counter::default(); MAX_ENGAGED];
        let mut durability = self.durability;
        let mut round = 0;
        'fight: for r in 1..=self.rounds {
            for (k, (&a, counter)) in self
                .attackers
                .iter()
                .zip(counters.iter_mut())
                .take(self.n)
                .enumerate()
            {
                let p = if durability == 0 {
                    self.protection - self.armour_res
                } else {
                    self.protection
                };
                let hit = match receive(a, p, k as i64 + 1, durability > 0) {
                    Received::Impact => true,
                    Received::Countered => false,
                    Received::Tie => counter.tie(dice, self.counts_tie),
                    Received::Absorbed => {
                        durability -= 1;
                        false
                    }
                };
                if hit {
                    round = r;
                    break 'fight;
                }
            }
        }
        MeleeOutcome {
            round,
            durability_spent: self.durability - durability,
            durability_left: durability,
        }
    }
}

/// `sccs.melee`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeleeModel {
    melee: Melee,
}

const MEAN_ROUND: usize = 0;
const ARMOUR_BROKEN: usize = 1;
const MEAN_SPENT: usize = 2;
const FIRST_BY_ROUND: usize = 3;
const ROUND_HIST: usize = 0;
const SPENT_HIST: usize = 1;

impl MeleeModel {
    /// The model of `melee`.
    pub fn new(melee: Melee) -> Self {
        Self { melee }
    }
}

impl Model for MeleeModel {
    type Outcome = MeleeOutcome;

    fn layout(&self) -> Layout {
        let mut layout = Layout::new()
            .with_mean("mean_round")
            .with_proportion("armour_broken")
            .with_mean("mean_durability_spent");
        for r in 1..=self.melee.rounds {
            layout.proportion(format!("impact_by_round_{r}"), "");
        }
        layout
            .with_histogram("round_of_first_impact", (0, self.melee.rounds as i64))
            .with_histogram("durability_spent", (0, self.melee.durability as i64))
    }

    #[inline(always)]
    fn sample<D: Dice>(&self, dice: &mut D) -> MeleeOutcome {
        self.melee.run(dice)
    }

    #[inline(always)]
    fn record<R: Recorder>(&self, o: &MeleeOutcome, rec: &mut R) {
        rec.value_given(MEAN_ROUND, o.round > 0, o.round as i64);
        rec.event_given(
            ARMOUR_BROKEN,
            self.melee.armour_res > 0,
            o.durability_left == 0,
        );
        rec.value(MEAN_SPENT, o.durability_spent as i64);
        for r in 1..=self.melee.rounds {
            rec.event(FIRST_BY_ROUND + r as usize - 1, o.round > 0 && o.round <= r);
        }
        rec.hist(ROUND_HIST, o.round as i64);
        rec.hist(SPENT_HIST, o.durability_spent as i64);
    }
}

/// The registry entry of `sccs.melee`.
#[derive(Debug, Clone, Copy)]
pub struct MeleeMechanic;

impl Mechanic for MeleeMechanic {
    fn name(&self) -> &'static str {
        "sccs.melee"
    }

    fn summary(&self) -> &'static str {
        "one defender against 1 to 4 engaged attackers: rounds until the first impact, armour worn down by erosion"
    }

    fn params(&self) -> Vec<ParamSpec> {
        vec![
            ParamSpec::int("defense", "the defender's défense", -20, 40, Some(3)),
            ParamSpec::int(
                "resistance",
                "the defender's résistance, armour included",
                -20,
                40,
                Some(3),
            ),
            ParamSpec::int(
                "armour_res",
                "the part of the résistance given by the armour (lost at durability 0)",
                -20,
                40,
                Some(2),
            ),
            ParamSpec::int(
                "durability",
                "the armour's durability points",
                -50,
                50,
                Some(3),
            ),
            ParamSpec::bool(
                "defensive_manoeuvre",
                "manœuvre défensive: +1 to the défense for the whole fight",
                false,
            ),
            ParamSpec::int_list(
                "attackers",
                "attack scores (type + cible) of the engaged attackers, in the order they strike, e.g. [5,5,6,4] (or n_attackers with attack)",
                (-20, 40),
                (1, MAX_LISTED as usize),
                Some(Vec::new()),
            ),
            ParamSpec::int(
                "n_attackers",
                "instead of attackers: this many attackers, all of score attack (0 = use attackers)",
                0,
                MAX_LISTED,
                Some(0),
            ),
            ParamSpec::int(
                "attack",
                "with n_attackers: every attacker's score (type + cible)",
                -20,
                40,
                Some(0),
            ),
            ParamSpec::int("rounds", "rounds followed at most", 1, 50, Some(10)),
            tension_counts_tie_spec(),
        ]
    }

    fn metrics_doc(&self) -> &'static [(&'static str, &'static str)] {
        &[
            (
                "mean_round",
                "mean round of the first impact, over fights with an impact within rounds",
            ),
            (
                "armour_broken",
                "chance the armour ends at 0 durability (at 0 from the start counts; undefined without armour)",
            ),
            ("mean_durability_spent", "mean durability points lost"),
            (
                "impact_by_round_<r>",
                "chance of a first impact by round r, r = 1..=rounds",
            ),
            (
                "round_of_first_impact",
                "histogram of the round of the first impact (0 = none within rounds)",
            ),
            ("durability_spent", "histogram of durability points lost"),
        ]
    }

    fn build(&self, params: &ParamValues) -> Result<Box<dyn Simulation>> {
        let listed = params.int_list("attackers");
        let n = params.int("n_attackers");
        let attack = params.int("attack");
        let attackers: Vec<i64> = match (listed.is_empty(), n) {
            (false, 0) if attack != 0 => {
                return Err(Error::value(
                    "attack",
                    "attack goes with n_attackers; with a list of attackers, give each score in attackers",
                ));
            }
            (false, 0) => listed.to_vec(),
            (false, _) => {
                return Err(Error::value(
                    "n_attackers",
                    "give the attackers either as a list (attackers = [5, 5, 6, 4]) or as n_attackers with attack, not both",
                ));
            }
            (true, n) => vec![attack; n as usize],
        };
        let protection = params.int("defense")
            + params.int("resistance")
            + i64::from(params.bool("defensive_manoeuvre"));
        let armour_res = params.int("armour_res");
        if armour_res > params.int("resistance") {
            return Err(Error::value(
                "armour_res",
                "the armour's part of the résistance cannot exceed the résistance",
            ));
        }
        let melee = Melee::new(
            &attackers,
            protection,
            armour_res,
            params.int("durability"),
            params.int("rounds") as u32,
            params.bool("tension_counts_tie"),
        )?;
        Ok(simulation(MeleeModel::new(melee)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::runner::{RunPlan, SampleSize, run_point};
    use crate::engine::{RiggedDice, Tally};
    use crate::systems::test_support::assert_agrees_with_exact;
    use crate::systems::test_support::build_with;
    use crate::systems::test_support::error_text;

    /// Defence 3 + résistance 3 (armour 2 of it): protection 6, 4 without the armour.
    fn melee(attackers: &[i64], durability: i64) -> Melee {
        Melee::new(attackers, 6, 2, durability, 10, false).unwrap()
    }

    fn run(m: Melee, rolls: &[u32]) -> MeleeOutcome {
        let mut dice = RiggedDice::new(rolls);
        let o = m.run(&mut dice);
        assert_eq!(dice.remaining(), 0, "every rigged die is used");
        o
    }

    fn build(words: &[&str]) -> Result<Box<dyn Simulation>> {
        build_with(&MeleeMechanic, words)
    }

    fn error(words: &[&str]) -> String {
        error_text(build(words))
    }

    #[test]
    fn lone_superior_attacker_hits_in_round_one() {
        let o = run(melee(&[7], 3), &[]);
        assert_eq!((o.round, o.durability_spent), (1, 0));
    }

    #[test]
    fn lone_inferior_attacker_never_hits() {
        let o = run(melee(&[5], 3), &[]);
        assert_eq!((o.round, o.durability_spent), (0, 0));
    }

    #[test]
    fn lone_tying_attacker_keeps_its_counter() {
        // Tie in round 1, D6 = 2: repetitions in rounds 2 and 3, impact in round 3.
        assert_eq!(run(melee(&[6], 3), &[2]).round, 3);
    }

    #[test]
    fn erosion_for_the_second_third_and_fourth() {
        // [6, 5, 4, 3] against 6: the first ties, the others meet 5, 4, 3: all tie.
        // Counters 6, 6, 6, 1: the fourth lands on its first repetition, in round 2.
        let o = run(melee(&[6, 5, 4, 3], 3), &[6, 6, 6, 1]);
        assert_eq!((o.round, o.durability_spent), (2, 0));
        // One below each eroded protection: all countered, no die.
        let o = run(melee(&[5, 4, 3, 2], 3), &[]);
        assert_eq!(o.round, 0);
    }

    #[test]
    fn floor_and_armour_absorbing() {
        // Four attackers at 5 against 6: the 1st is countered, the 2nd ties (6 - 1), the
        // 3rd and 4th are floored at 5 and absorbed: 2 durability a round.
        // Round 1: 2nd ties (D6 = 6); 3rd, 4th absorbed (3 -> 1).
        // Round 2: 2nd repeats (5 left); 3rd absorbed (1 -> 0); the armour is gone, so the
        // 4th meets 4 - 3 = 1 < 5 and 4 < 5: superiority, impact in round 2.
        let o = run(melee(&[5, 5, 5, 5], 3), &[6]);
        assert_eq!((o.round, o.durability_spent, o.durability_left), (2, 3, 0));
    }

    #[test]
    fn armour_at_zero_gives_ties_at_the_floor() {
        // No armour (armour_res 0): protection 6, the 3rd attacker at 5 is floored and
        // ties instead of being absorbed: counters 6 (2nd) and 1 (3rd).
        let m = Melee::new(&[5, 5, 5], 6, 0, 0, 10, false).unwrap();
        let o = run(m, &[6, 1]);
        assert_eq!((o.round, o.durability_spent), (2, 0));
        // Armour at 0 from the start no longer adds its résistance: 4 against 5.
        let o = run(melee(&[5], 0), &[]);
        assert_eq!(o.round, 1);
    }

    #[test]
    fn defensive_manoeuvre_adds_one() {
        let tally = |words: &[&str]| -> Tally {
            let sim = build(words).unwrap();
            let plan = RunPlan {
                seed: 1,
                size: SampleSize::Samples(1000),
            };
            run_point(&[sim.as_ref()], 0, &plan, &|_| {})
                .tallies
                .remove(0)
        };
        // 7 against 6 hits in round 1; against 7 (manoeuvre) it ties.
        let plain = tally(&["attackers=[7]"]);
        assert_eq!(plain.metrics[FIRST_BY_ROUND].sum, 1000);
        let guarded = tally(&["attackers=[7]", "defensive_manoeuvre=true"]);
        assert_eq!(guarded.metrics[FIRST_BY_ROUND].sum, 0);
    }

    #[test]
    fn invariants_and_determinism() {
        let sim = build(&["n_attackers=4", "attack=5", "durability=5", "rounds=12"]).unwrap();
        let plan = RunPlan {
            seed: 42,
            size: SampleSize::Samples(50_000),
        };
        let a = run_point(&[sim.as_ref()], 3, &plan, &|_| {});
        let b = run_point(&[sim.as_ref()], 3, &plan, &|_| {});
        assert_eq!(a.tallies, b.tallies);
        let t = &a.tallies[0];
        let layout = sim.layout();
        let spent = layout.histogram_index("durability_spent").unwrap();
        assert!(
            t.histograms[spent]
                .iter()
                .all(|(v, _)| (0..=5).contains(&v))
        );
        let rounds = layout.histogram_index("round_of_first_impact").unwrap();
        assert!(
            t.histograms[rounds]
                .iter()
                .all(|(v, _)| (0..=12).contains(&v))
        );
        // impact_by_round_<r> never decreases.
        let by: Vec<i64> = (1..=12)
            .map(|r| {
                t.metrics[layout
                    .metric_index(&format!("impact_by_round_{r}"))
                    .unwrap()]
                .sum
            })
            .collect();
        assert!(by.windows(2).all(|w| w[0] <= w[1]));
        // Many random fights keep the durability within bounds.
        let m = melee(&[6, 6, 5, 4], 5);
        let mut dice = crate::engine::RollDice::new(crate::engine::rng::chunk_rng(9, 0, 0));
        for _ in 0..10_000 {
            let o = m.run(&mut dice);
            assert_eq!(o.durability_spent + o.durability_left, 5);
        }
    }

    /// Attackers who all tie at their rank (`[6, 5, 4, 3]` against 6, no armour): the
    /// first impact comes at the smallest of their independent counters' delays, an exact
    /// answer to check the simulated fight against.
    struct AllTie(MeleeModel);

    impl Model for AllTie {
        type Outcome = MeleeOutcome;
        fn layout(&self) -> Layout {
            self.0.layout()
        }
        fn sample<D: Dice>(&self, dice: &mut D) -> MeleeOutcome {
            self.0.sample(dice)
        }
        fn record<R: Recorder>(&self, o: &MeleeOutcome, rec: &mut R) {
            self.0.record(o, rec);
        }
        fn exact(&self) -> Option<crate::engine::Dist<MeleeOutcome>> {
            let m = self.0.melee;
            let delay = crate::systems::sccs::rules::exchanges_to_impact_dist(m.counts_tie);
            let first = (1..m.n).fold(delay.clone(), |acc, _| {
                acc.combine(&delay, |a, b| *a.min(b))
            });
            Some(first.map(|&r| MeleeOutcome {
                round: if r <= m.rounds as i64 { r as u32 } else { 0 },
                durability_spent: 0,
                durability_left: 0,
            }))
        }
    }

    #[test]
    fn tying_attackers_agree_with_exact() {
        let scores = [6, 5, 4, 3];
        for n in 1..=4 {
            for (counts_tie, rounds) in [(false, 10), (true, 4)] {
                let m = Melee::new(&scores[..n], 6, 0, 0, rounds, counts_tie).unwrap();
                let sim = simulation(AllTie(MeleeModel::new(m)));
                assert_agrees_with_exact(
                    sim.as_ref(),
                    200_000,
                    300 + n as u64,
                    5,
                    &format!("{n} {counts_tie}"),
                );
            }
        }
    }

    #[test]
    fn both_forms_give_the_same_fight() {
        let a = build(&["attackers=[5,5,5]"]).unwrap();
        let b = build(&["n_attackers=3", "attack=5"]).unwrap();
        let plan = RunPlan {
            seed: 7,
            size: SampleSize::Samples(20_000),
        };
        let ta = run_point(&[a.as_ref()], 0, &plan, &|_| {});
        let tb = run_point(&[b.as_ref()], 0, &plan, &|_| {});
        assert_eq!(ta.tallies, tb.tallies);
    }

    #[test]
    fn bad_input() {
        let e = error(&["attackers=[5,5,6,4,5]"]);
        assert!(e.contains("at most 4") && e.contains("second rank"), "{e}");
        let e = error(&["n_attackers=5", "attack=5"]);
        assert!(e.contains("at most 4"), "{e}");
        let e = error(&["attackers=[5]", "durability=-1"]);
        assert!(e.contains("negative"), "{e}");
        let e = error(&["attackers=[5]", "n_attackers=2", "attack=5"]);
        assert!(e.contains("not both"), "{e}");
        let e = error(&["attackers=[5]", "attack=5"]);
        assert!(e.contains("n_attackers"), "{e}");
        let e = error(&[]);
        assert!(e.contains("attackers = [5, 5, 6, 4]"), "{e}");
        let e = error(&["attackers=[5]", "armour_res=0"]);
        assert!(e.contains("armour_res > 0"), "{e}");
        let e = error(&["attackers=[5]", "armour_res=4"]);
        assert!(e.contains("exceed"), "{e}");
        assert!(build(&["attackers=[5]", "rounds=0"]).is_err());
    }
}
