//! Unit tests of `sccs.melee`.

use super::*;
use crate::engine::model::replay_one;
use crate::engine::runner::{RunPlan, SampleSize, run_point};
use crate::engine::{Dist, Simulation, replay, simulation};
use crate::systems::sccs::rules::exchanges_to_impact_dist;
use crate::systems::test_support::{
    AGREEMENT_SAMPLES, AGREEMENT_SEED, assert_agrees_with_exact, build_with, error_text,
};

/// The model of `sccs.melee` for `name=value` words.
fn model(words: &str) -> MeleeModel {
    MELEE
        .model_for(words)
        .unwrap_or_else(|e| panic!("{words}: {e}"))
}

/// `[5,5,6,4]` for a list of scores.
fn list(attackers: &[i64]) -> String {
    let scores: Vec<String> = attackers.iter().map(i64::to_string).collect();
    format!("[{}]", scores.join(","))
}

/// Défense 3 + résistance 3 (armour 2 of it): protection 6, 4 without the armour.
fn melee(attackers: &[i64], durability: i64) -> Melee {
    model(&format!(
        "attackers={} durability={durability}",
        list(attackers)
    ))
    .melee
}

fn run(m: Melee, rolls: &[u32]) -> MeleeOutcome {
    replay(rolls, |dice| m.run(dice))
}

fn build(words: &[&str]) -> Result<Box<dyn Simulation>> {
    build_with(&MELEE, words)
}

fn error(words: &[&str]) -> String {
    error_text(build(words))
}

#[test]
fn parameters_reach_the_fight() {
    let m = melee(&[5, 6], 4);
    assert_eq!(
        m,
        Melee {
            attackers: [5, 6, 0, 0],
            n: 2,
            protection: 6,
            armour_res: 2,
            durability: 4,
            rounds: 10,
            counts_tie: false,
        }
    );
    let m = model("n_attackers=3 attack=4 defensive_manoeuvre=true tension_counts_tie=true").melee;
    assert_eq!(
        (m.attackers, m.n, m.protection, m.counts_tie),
        ([4, 4, 4, 0], 3, 7, true)
    );
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
    // The switch tension_counts_tie: the tie is the first repetition, impact in round 2.
    let counted = model("attackers=[6] tension_counts_tie=true").melee;
    assert_eq!(run(counted, &[2]).round, 2);
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
    let m = model("attackers=[5,5,5] armour_res=0 durability=0").melee;
    let o = run(m, &[6, 1]);
    assert_eq!((o.round, o.durability_spent), (2, 0));
    // Armour at 0 from the start no longer adds its résistance: 4 against 5.
    let o = run(melee(&[5], 0), &[]);
    assert_eq!(o.round, 1);
}

#[test]
fn records_the_fight() {
    // Round 1: 2nd ties, 3rd and 4th absorbed; round 2: the 3rd absorbed, the 4th hits.
    let m = model("attackers=[5,5,5,5]");
    let (o, tally) = replay_one(&m, &[6]);
    assert_eq!(o.round, 2);
    let by: Vec<i64> =
        m.m.impact_by_round
            .iter()
            .map(|(_, id)| tally.metric(id).sum)
            .collect();
    assert_eq!(by, [0, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(tally.metric(m.m.mean_round).sum, 2);
    assert_eq!(tally.metric(m.m.armour_broken).sum, 1);
    assert_eq!(tally.metric(m.m.mean_durability_spent).sum, 3);
    // Without armour, armour_broken is undefined.
    let bare = model("attackers=[7] armour_res=0 durability=0");
    let (_, tally) = replay_one(&bare, &[]);
    assert_eq!(tally.metric(bare.m.armour_broken).n, 0);
}

#[test]
fn defensive_manoeuvre_adds_one() {
    // 7 against 6 hits in round 1.
    let plain = model("attackers=[7]");
    let (o, tally) = replay_one(&plain, &[]);
    assert_eq!(o.round, 1);
    let first = plain.m.impact_by_round.get(1).unwrap();
    assert_eq!(tally.metric(first).sum, 1);
    // Against 7 (manoeuvre) it ties: D6 = 2, impact in round 3, none by round 1.
    let guarded = model("attackers=[7] defensive_manoeuvre=true");
    let (o, tally) = replay_one(&guarded, &[2]);
    assert_eq!(o.round, 3);
    assert_eq!(tally.metric(first).sum, 0);
}

#[test]
fn invariants_and_determinism() {
    let m = model("n_attackers=4 attack=5 durability=5 rounds=12");
    let sim = simulation(m.clone());
    let plan = RunPlan {
        seed: 42,
        size: SampleSize::Samples(50_000),
    };
    let a = run_point(&[sim.as_ref()], 3, &plan, &|_| {});
    let b = run_point(&[sim.as_ref()], 3, &plan, &|_| {});
    assert_eq!(a.tallies, b.tallies);
    let t = &a.tallies[0];
    assert!(
        t.histogram(m.m.durability_spent)
            .iter()
            .all(|(v, _)| (0..=5).contains(&v))
    );
    assert!(
        t.histogram(m.m.round_of_first_impact)
            .iter()
            .all(|(v, _)| (0..=12).contains(&v))
    );
    // impact_by_round_<r> never decreases.
    assert_eq!(m.m.impact_by_round.len(), 12);
    let by: Vec<i64> =
        m.m.impact_by_round
            .iter()
            .map(|(_, id)| t.metric(id).sum)
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
    fn exact(&self) -> Option<Dist<MeleeOutcome>> {
        let m = self.0.melee;
        let delay = exchanges_to_impact_dist(m.counts_tie);
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
    let mut case = 0;
    for n in 1..=4 {
        for (counts_tie, rounds) in [(false, 10), (true, 4)] {
            let words = format!(
                "attackers={} armour_res=0 durability=0 rounds={rounds} tension_counts_tie={counts_tie}",
                list(&scores[..n])
            );
            let sim = simulation(AllTie(model(&words)));
            let seed = AGREEMENT_SEED + case;
            assert_agrees_with_exact(sim.as_ref(), AGREEMENT_SAMPLES, seed, 5, &words);
            case += 1;
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
    let e = error(&["attackers=[5]", "armour_res=-1"]);
    assert!(e.contains("cannot be negative"), "{e}");
    assert!(build(&["attackers=[5]", "rounds=0"]).is_err());
}
