//! Unit tests of `sccs.melee`.

use super::*;
use crate::engine::Model;
use crate::engine::dist::TAIL_BOUND;
use crate::engine::model::replay_one;
use crate::engine::{Dice, Dist, Roll, Simulation, replay, simulation};
use crate::systems::sccs::MELEE;
use crate::systems::sccs::exchange_margin::ExchangeMargin;
use crate::systems::sccs::resolution::exchanges_to_impact;
use crate::systems::sccs::restoration::RestorationFirst;
use crate::systems::sccs::tension_die::TensionDie;
use crate::systems::test_support::{
    assert_mechanic_agrees, build_with, error_text, expect_model, run_tally,
};

/// The model of `sccs.melee` for `name=value` words.
fn model(words: &str) -> MeleeModel {
    expect_model(&MELEE, words)
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
    .rule
}

fn run(m: Melee, rolls: &[u32]) -> MeleeOutcome {
    replay(rolls, |dice| m.roll(dice))
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
            impacts_to_out: 1,
            wound_malus: 1,
            erosion: true,
            floor_ties: true,
            spent_armour_protects: false,
            covers_deficit: false,
            tension_die: TensionDie::official(6),
            exchange_margin: ExchangeMargin::OFFICIAL,
            erosion_by_rank: [0, 1, 2, 3],
            healer: Healer::None,
            restoration_first: RestorationFirst::Malus,
        }
    );
    let m = model("n_attackers=3 attack=4 defensive_manoeuvre=true tension_counts_tie=true").rule;
    assert_eq!(
        (m.attackers, m.n, m.protection, m.counts_tie),
        ([4, 4, 4, 0], 3, 7, true)
    );
    let m = model(
        "attackers=[5] impacts_to_out=3 wound_malus=2 erosion=false floor_tie_without_armour=false spent_armour_protects=true",
    )
    .rule;
    assert_eq!(
        (
            m.impacts_to_out,
            m.wound_malus,
            m.erosion,
            m.floor_ties,
            m.spent_armour_protects
        ),
        (3, 2, false, false, true)
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
    let counted = model("attackers=[6] tension_counts_tie=true").rule;
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
fn an_armour_that_covers_only_its_bonus() {
    // Four attackers at 6 against défense 3 + résistance 3, armour 1 of durability 3.
    // By default the armour absorbs the 2nd, 3rd and 4th attacks whatever the deficit and
    // is spent in round 1: every fight's first impact is in round 2. With
    // armour_covers_deficit it absorbs only the 2nd (a deficit of 1), the 3rd and 4th
    // tie at the floor: no impact in round 2 with chance (5/6)^3, so a mean of
    // 2 + 125/216 = 557/216 ≈ 2.58.
    let words = "n_attackers=4 attack=6 defense=3 resistance=3 armour_res=1 durability=3";
    let mean_round = |words: &str| {
        let d = model(words).exact().unwrap();
        d.iter().map(|(o, p)| f64::from(o.round) * p).sum::<f64>()
    };
    assert!((mean_round(words) - 2.0).abs() < 1e-12);
    let covers = format!("{words} armour_covers_deficit=true");
    assert!((mean_round(&covers) - 557.0 / 216.0).abs() < 1e-12);
    let o = run(model(&covers).rule, &[6, 6, 6]);
    assert_eq!((o.round, o.durability_spent), (3, 3));
}

#[test]
fn erosion_by_the_attackers_engaged() {
    // [6, 5] against 6, one round: by rank the 1st ties (6) and the 2nd meets 5, a tie;
    // with erosion_by_engaged both meet 6 - 1 = 5: the 1st is floored and absorbed.
    let by_rank = run(model("attackers=[6,5] rounds=1").rule, &[3, 3]);
    assert_eq!(by_rank.durability_spent, 0);
    let engaged = model("attackers=[6,5] rounds=1 erosion_by_engaged=true").rule;
    assert_eq!(engaged.erosion_by_rank, [1, 1, 1, 1]);
    assert_eq!(run(engaged, &[3]).durability_spent, 1);
    // Four at 5 against 6: every attack floored, the armour (3) spent in round 1 by the
    // first three; the 4th meets 4 - 3 = 1: an impact in round 1, surely.
    let d = model("n_attackers=4 attack=5 erosion_by_engaged=true")
        .exact()
        .unwrap();
    assert!((d.p_where(|o| o.round == 1) - 1.0).abs() < 1e-12);
}

#[test]
fn armour_at_zero_gives_ties_at_the_floor() {
    // No armour (armour_res 0): protection 6, the 3rd attacker at 5 is floored and
    // ties instead of being absorbed: counters 6 (2nd) and 1 (3rd).
    let m = model("attackers=[5,5,5] armour_res=0 durability=0").rule;
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
    assert_eq!(
        tally.sums([m.m.mean_round, m.m.armour_broken, m.m.mean_durability_spent]),
        [2, 1, 3]
    );
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
    let t = run_tally(sim.as_ref(), 3, 42, 50_000);
    assert_eq!(t, run_tally(sim.as_ref(), 3, 42, 50_000));
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
        let o = m.roll(&mut dice);
        assert_eq!(o.durability_spent + o.durability_left, 5);
    }
}

#[test]
fn both_forms_give_the_same_fight() {
    let a = build(&["attackers=[5,5,5]"]).unwrap();
    let b = build(&["n_attackers=3", "attack=5"]).unwrap();
    assert_eq!(
        run_tally(a.as_ref(), 0, 7, 20_000),
        run_tally(b.as_ref(), 0, 7, 20_000)
    );
}

#[test]
fn bad_input() {
    let e = error(&["attackers=[5,5,6,4,5]"]);
    assert!(e.contains("at most 4") && e.contains("second rank"), "{e}");
    let e = error(&["n_attackers=5", "attack=5"]);
    assert!(e.contains("n_attackers") && e.contains("at most 4"), "{e}");
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

#[test]
fn erosion_off_meets_the_full_protection() {
    // Four attackers at 5 against 6: with erosion the 2nd ties and the 3rd and 4th wear
    // the armour down (impact in round 2, see floor_and_armour_absorbing); without it
    // every attack meets 6 and is countered: no die, no impact, no durability spent.
    let m = model("attackers=[5,5,5,5] erosion=false").rule;
    let o = run(m, &[]);
    assert_eq!((o.round, o.durability_spent), (0, 0));
    // [6, 6] against 6 without erosion: both tie (counters 1 and 3), the first lands in
    // round 2; with erosion the 2nd is floored at 6 and absorbed, once before the 1st
    // lands in round 2.
    let o = run(model("attackers=[6,6] erosion=false").rule, &[1, 3]);
    assert_eq!((o.round, o.durability_spent), (2, 0));
    let o = run(model("attackers=[6,6]").rule, &[1]);
    assert_eq!((o.round, o.durability_spent), (2, 1));
}

#[test]
fn floor_without_armour_switch() {
    // [5, 5, 5] against 6 without armour: the 2nd ties at 6 - 1 = 5 (D6 = 6); the 3rd
    // meets 6 - 2 = 4, floored at 5. By default the floor gives a tie (D6 = 1: impact
    // in round 2); with the switch off nothing holds the erosion: impact in round 1.
    let words = "attackers=[5,5,5] armour_res=0 durability=0";
    assert_eq!(run(model(words).rule, &[6, 1]).round, 2);
    let off = model(&format!("{words} floor_tie_without_armour=false")).rule;
    assert_eq!(run(off, &[6]).round, 1);
}

#[test]
fn spent_armour_keeps_its_resistance_with_the_switch() {
    // 5 against an armour at 0 durability: by default it lost its résistance (5 against
    // 4, impact in round 1); with the switch it still counts (5 against 6, countered).
    assert_eq!(run(melee(&[5], 0), &[]).round, 1);
    let kept = model("attackers=[5] durability=0 spent_armour_protects=true").rule;
    assert_eq!(run(kept, &[]).round, 0);
    // At equal protection the armour only absorbs: four at 5 against 6 with durability
    // 0 kept at 6, the 3rd and 4th floored get ties instead (counters 6, 6, 1).
    let kept = model("attackers=[5,5,5,5] durability=0 spent_armour_protects=true").rule;
    let o = run(kept, &[6, 6, 1]);
    assert_eq!((o.round, o.durability_spent), (2, 0));
}

#[test]
fn impacts_to_out_and_the_wound_malus() {
    // One attacker at 6 against 6, out at the 2nd impact. Tie (D6 = 2): impact in round
    // 3; the wound lowers the protection to 5: superiority, out in round 4.
    let m = model("attackers=[6] impacts_to_out=2").rule;
    let o = run(m, &[2]);
    assert_eq!(
        (o.round, o.round_out, o.exchanges_out, o.impacts),
        (3, 4, 4, 2)
    );
    // wound_malus = 0: still 6 against 6, a new counter (D6 = 1): out in round 5.
    let m = model("attackers=[6] impacts_to_out=2 wound_malus=0").rule;
    let o = run(m, &[2, 1]);
    assert_eq!((o.round, o.round_out, o.exchanges_out), (3, 5, 5));
    // wound_malus = 2 against [5, 5]: the 2nd ties at 5 (D6 = 1, impact in round 2 on
    // exchange 4); then 6 - 2 = 4 and the 1st lands in round 3 (exchange 5).
    let m = model("attackers=[5,5] armour_res=0 durability=0 impacts_to_out=2 wound_malus=2");
    let (o, tally) = replay_one(&m, &[1]);
    assert_eq!(
        (o.round, o.round_out, o.exchanges_out, o.impacts),
        (2, 3, 5, 2)
    );
    assert_eq!(
        tally.sums([
            m.m.out,
            m.m.mean_round_out,
            m.m.mean_exchanges_out,
            m.m.mean_impacts
        ]),
        [1, 3, 5, 2]
    );
    // Not out within the rounds: one impact taken, round_out and exchanges_out 0.
    let m = model("attackers=[6] impacts_to_out=2 wound_malus=0 rounds=4");
    let (o, tally) = replay_one(&m, &[2, 6]);
    assert_eq!(
        (o.round, o.round_out, o.exchanges_out, o.impacts),
        (3, 0, 0, 1)
    );
    assert_eq!(tally.metric(m.m.out).sum, 0);
    assert_eq!(tally.metric(m.m.mean_round_out).n, 0);
}

#[test]
fn the_first_impact_is_the_out_at_one() {
    // impacts_to_out = 1: the defender is out at the first impact.
    let m = model("attackers=[5,5,5,5]");
    let (o, _) = replay_one(&m, &[6]);
    assert_eq!(
        (o.round, o.round_out, o.exchanges_out, o.impacts),
        (2, 2, 8, 1)
    );
}

/// The tension delay of a D6 counter, enumerated.
fn exchanges_to_impact_dist(sides: u32, counts_tie: bool) -> Dist<i64> {
    crate::engine::enumerate(|d| exchanges_to_impact(d.die(sides), counts_tie) as i64)
        .expect("one die")
}

/// `k` independent tension delays: the round of the first impact is their minimum.
fn first_of_ties(k: usize, counts_tie: bool, rounds: u32) -> Dist<u32> {
    let delay = exchanges_to_impact_dist(6, counts_tie);
    let first = (1..k).fold(delay.clone(), |acc, _| {
        acc.combine(&delay, |a, b| *a.min(b))
    });
    first.map(|&r| if r <= i64::from(rounds) { r as u32 } else { 0 })
}

#[test]
fn all_tie_matches_its_closed_form() {
    // [6, 5, 4, 3] against 6 without armour: every attacker ties at its rank, so the
    // first impact comes at the smallest of independent D6 delays.
    let scores = [6, 5, 4, 3];
    for n in 1..=4 {
        for (counts_tie, rounds) in [(false, 10), (true, 4), (false, 3)] {
            let words = format!(
                "attackers={} armour_res=0 durability=0 rounds={rounds} tension_counts_tie={counts_tie}",
                list(&scores[..n])
            );
            let exact = model(&words).exact().unwrap().map(|o| o.round);
            let closed = first_of_ties(n, counts_tie, rounds);
            for r in 0..=rounds {
                let (e, c) = (exact.p(&r), closed.p(&r));
                assert!((e - c).abs() < 1e-12, "{words}: round {r}: {e} against {c}");
            }
        }
    }
    // Four tying attackers, tie not counted: the first impact by round 2 is
    // 1 - (5/6)^4 (a counter of 1 in one of them).
    let exact = model("attackers=[6,5,4,3] armour_res=0 durability=0")
        .exact()
        .unwrap();
    let by_2 = exact.p_where(|o| o.round == 2);
    assert!((by_2 - (1.0 - (5.0f64 / 6.0).powi(4))).abs() < 1e-12);
}

#[test]
fn exact_values_by_hand() {
    // One attacker at 7 against 6: an impact in round 1, surely.
    let d = model("attackers=[7]").exact().unwrap();
    assert!((d.p_where(|o| o.round == 1 && o.exchanges_out == 1) - 1.0).abs() < 1e-12);
    // Four at 5 against 6, armour 3: the 2nd ties (D6 = c) and the 3rd and 4th spend the
    // armour (2, then 1 in round 2); in round 2 the 4th meets 6 - 2 - 3 = 1 < 5 with no
    // armour: every fight ends in round 2 on exchange 8 (unless the 2nd's counter of 1
    // lands first, on exchange 6).
    let d = model("attackers=[5,5,5,5]").exact().unwrap();
    assert!((d.p_where(|o| o.exchanges_out == 6) - 1.0 / 6.0).abs() < 1e-12);
    assert!((d.p_where(|o| o.exchanges_out == 8) - 5.0 / 6.0).abs() < 1e-12);
    assert!((d.p_where(|o| o.durability_left == 0) - 5.0 / 6.0).abs() < 1e-12);
    // Out at the 2nd impact, one attacker at 6, wound malus 1: first impact after a D6
    // delay (rounds 2..=7), out on the next round: round_out = round + 1.
    let d = model("attackers=[6] impacts_to_out=2 rounds=20")
        .exact()
        .unwrap();
    assert!((d.p_where(|o| o.round_out == o.round + 1) - 1.0).abs() < 1e-12);
    let mean: f64 = d.iter().map(|(o, p)| f64::from(o.round_out) * p).sum();
    assert!((mean - 5.5).abs() < 1e-12, "{mean}");
}

#[test]
fn exact_sums_to_one_less_the_tail() {
    for words in [
        "attackers=[5,5,6,4]",
        "n_attackers=4 attack=5 durability=5 impacts_to_out=3 rounds=20",
        "attackers=[6,5,4,3] armour_res=0 durability=0 rounds=50",
        "attackers=[6,6,6] erosion=false impacts_to_out=4 wound_malus=0 rounds=50",
    ] {
        let d = model(words).exact().unwrap();
        let total: f64 = d.iter().map(|(_, p)| p).sum();
        assert!(
            (total + d.tail() - 1.0).abs() < 1e-12,
            "{words}: {total} + {}",
            d.tail()
        );
        assert!(d.tail() <= TAIL_BOUND, "{words}: tail {}", d.tail());
    }
}

#[test]
fn exact_gives_up_past_its_budget() {
    let m = model("attackers=[6,5,4,3] armour_res=0 durability=0").rule;
    assert!(m.exact_within(1_000_000).is_some());
    assert!(m.exact_within(3).is_none());
}

#[test]
fn monte_carlo_agrees_with_exact() {
    let scores = [5, 6, 5, 4];
    let mut cases = Vec::new();
    for n in 1..=4 {
        for erosion in [true, false] {
            for counts_tie in [false, true] {
                cases.push(format!(
                    "attackers={} durability=2 rounds=8 erosion={erosion} tension_counts_tie={counts_tie}",
                    list(&scores[..n])
                ));
            }
        }
    }
    assert_mechanic_agrees(&MELEE, &cases, 10);
}

#[test]
fn monte_carlo_agrees_with_exact_on_the_switches() {
    let cases = [
        "attackers=[6,5,4,3] armour_res=0 durability=0 rounds=6",
        "n_attackers=4 attack=5 durability=0 spent_armour_protects=true",
        "n_attackers=3 attack=5 armour_res=0 durability=0 floor_tie_without_armour=false",
        "n_attackers=3 attack=5 durability=3 impacts_to_out=3 rounds=12",
        "attackers=[6,6] impacts_to_out=2 wound_malus=0 tension_counts_tie=true erosion=false",
        "attackers=[7,5] impacts_to_out=4 wound_malus=2 defensive_manoeuvre=true durability=4",
        "n_attackers=4 attack=6 armour_res=1 durability=3 armour_covers_deficit=true",
        "attackers=[6,5,5] erosion_by_engaged=true durability=2",
    ];
    assert_mechanic_agrees(&MELEE, &cases, 10);
}
