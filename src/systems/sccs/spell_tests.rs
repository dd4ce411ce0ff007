//! Unit tests of `sccs.spell`.

use super::*;
use crate::engine::dice::BERNOULLI_NO;
use crate::engine::model::replay_one;
use crate::engine::{Simulation, replay};
use crate::systems::sccs::SPELL;
use crate::systems::test_support::{assert_each_agrees, build_with, error_text};

const YES: u32 = 1;
const NO: u32 = BERNOULLI_NO;

fn upkeep() -> Upkeep {
    Upkeep {
        keeper: Keeper::Individual,
        source: Source::Chance,
        p_hit: 0.3,
        max_turns: 10,
        attack: 5,
        protection: 6,
        malus: 2,
        casters: 3,
        grab: Grab::None,
        leader_required: false,
        relays: 0,
        circle_upkeep: CircleUpkeep::None,
        healer: false,
        counts_tie: false,
        dice: SpellDice::of(&crate::systems::sccs::tables::SccsTables::OFFICIAL),
    }
}

fn run(u: Upkeep, rolls: &[u32]) -> SpellOutcome {
    replay(rolls, |dice| u.roll(dice))
}

fn build(words: &[&str]) -> Result<Box<dyn Simulation>> {
    build_with(&SPELL, words)
}

/// The upkeep of `sccs.spell` for `name=value` words.
fn upkeep_for(words: &str) -> Upkeep {
    SPELL
        .model_for(words)
        .unwrap_or_else(|e| panic!("{words}: {e}"))
        .rule
}

#[test]
fn parameters_reach_the_upkeep() {
    let u = upkeep_for("source=melee p_hit=0.3 max_turns=10 defense=4 resistance=2");
    assert_eq!(
        u,
        Upkeep {
            source: Source::Melee,
            ..upkeep()
        }
    );
    // The switch upkeep_malus_on_total lowers the protection by 1 instead of 2.
    assert_eq!(upkeep_for("").malus, 2);
    assert_eq!(upkeep_for("upkeep_malus_on_total=true").malus, 1);
    let circle = upkeep_for("keeper=circle casters=5 tension_counts_tie=true");
    assert_eq!(
        (circle.keeper, circle.casters, circle.counts_tie),
        (Keeper::Circle, 5, true)
    );
}

#[test]
fn malus_free_turns_then_break() {
    // D6 = 3 free turns; impacts are only drawn from turn 4: miss, miss, hit in turn 6.
    let o = run(upkeep(), &[3, NO, NO, YES]);
    assert_eq!((o.held, o.broken), (5, true));
    // A 6 with max_turns 6: held to the end, no chance drawn.
    let short = Upkeep {
        max_turns: 6,
        ..upkeep()
    };
    assert_eq!(run(short, &[6]), short.held_to_the_end());
}

#[test]
fn melee_source_breaks_once_the_malus_lowers_the_protection() {
    // 5 against 6: countered while free (D6 = 2), then 5 against 4: impact in turn 3.
    let u = Upkeep {
        source: Source::Melee,
        ..upkeep()
    };
    assert_eq!(run(u, &[2]), broken_in(3));
    // Malus on the total: 5 against 5, a tie: counter 2, impact in turn 5.
    let total = Upkeep { malus: 1, ..u };
    assert_eq!(run(total, &[2, 2]), broken_in(5));
    // The same with the tie counted: impact on the second tie, in turn 4.
    let counted = Upkeep {
        counts_tie: true,
        ..total
    };
    assert_eq!(run(counted, &[2, 2]), broken_in(4));
    // A tie before the malus (4 free turns): counter 2, the impact in turn 3 does not
    // break the spell; turn 4 ties again (new counter 3); 6 against 4 in turn 5 breaks.
    let tie = Upkeep { attack: 6, ..u };
    assert_eq!(run(tie, &[4, 2, 3]), broken_in(5));
}

#[test]
fn ritual_circle() {
    let circle = Upkeep {
        keeper: Keeper::Circle,
        ..upkeep()
    };
    // Casting time 2, three casters: one hit in turn 1, none in turn 2: cast.
    let o = run(circle, &[2, YES, NO, NO, NO, NO]);
    assert_eq!((o.held, o.broken), (2, false));
    // Two hits in turn 1: one caster left, the casting breaks.
    let o = run(circle, &[4, YES, YES, NO]);
    assert_eq!((o.held, o.broken), (0, true));
}

#[test]
fn records_the_upkeep() {
    let model = SpellModel::new(upkeep());
    let (o, tally) = replay_one(&model, &[3, NO, NO, YES]);
    assert_eq!(o, broken_in(6));
    assert_eq!(tally.sums([model.m.mean_turns, model.m.broken]), [5, 1]);
    assert_eq!(model.m.cast, None);
    assert_eq!(
        tally
            .histogram(model.m.turns_held)
            .iter()
            .collect::<Vec<_>>(),
        [(5, 1)]
    );
}

#[test]
fn exact_closed_forms() {
    // p_hit = 0: never broken, held max_turns.
    let never = Upkeep {
        p_hit: 0.0,
        ..upkeep()
    };
    let d = never.exact().unwrap();
    assert!((d.p_where(|o| !o.broken && o.held == 10) - 1.0).abs() < 1e-12);
    // p_hit = 1: broken on the first malus turn, held = the D6: mean 3.5.
    let always = Upkeep {
        p_hit: 1.0,
        ..upkeep()
    };
    let mean: f64 = always
        .exact()
        .unwrap()
        .iter()
        .map(|(o, p)| o.held as f64 * p)
        .sum();
    assert!((mean - 3.5).abs() < 1e-12);
    // A circle of three: the casting breaks in its first turn when two or three of them
    // are hit (a binomial), whatever the casting die.
    let circle = Upkeep {
        keeper: Keeper::Circle,
        ..upkeep()
    };
    let d = circle.exact().unwrap();
    let p = 0.3;
    let two_or_more = 3.0 * p * p * (1.0 - p) + p * p * p;
    assert!((d.p_where(|o| o.broken && o.held == 0) - two_or_more).abs() < 1e-12);
    // Cast when the casting die shows 1 and fewer than two are hit.
    let cast_in_one = (1.0 - two_or_more) / 6.0;
    assert!((d.p_where(|o| !o.broken && o.held == 1) - cast_in_one).abs() < 1e-12);
}

#[test]
fn exact_melee_source_by_hand() {
    // 5 against 6: countered while free, then 5 against 4 on the first malus turn: the
    // spell is held exactly the D6 turns, always broken.
    let u = upkeep_for("source=melee");
    let d = u.exact().unwrap();
    assert!((d.p_where(|o| o.broken) - 1.0).abs() < 1e-12);
    let mean: f64 = d.iter().map(|(o, p)| o.held as f64 * p).sum();
    assert!((mean - 3.5).abs() < 1e-12, "{mean}");
    // Malus on the total: 5 against 5 from the first malus turn, a tie; its counter c
    // lands c turns later: held = D6 + c, mean 7.
    let d = upkeep_for("source=melee upkeep_malus_on_total=true")
        .exact()
        .unwrap();
    let mean: f64 = d.iter().map(|(o, p)| o.held as f64 * p).sum();
    assert!((mean - 7.0).abs() < 1e-12, "{mean}");
    // ... and with max_turns 4 the spell survives when D6 + c >= 4: 1 - P(D6 + c <= 3)
    // = 1 - 3/36.
    let d = upkeep_for("source=melee upkeep_malus_on_total=true max_turns=4")
        .exact()
        .unwrap();
    assert!((d.p_where(|o| !o.broken) - 33.0 / 36.0).abs() < 1e-12);
    let total: f64 = d.iter().map(|(_, p)| p).sum();
    assert!((total + d.tail() - 1.0).abs() < 1e-12);
}

#[test]
fn the_magic_over_time_reaches_the_upkeep() {
    assert_eq!(upkeep_for("source=melee saisie=true").grab, Grab::OnTie);
    let attempt = upkeep_for("source=melee saisie=true saisie_breaks_on=attempt");
    assert_eq!(attempt.grab, Grab::OnAttempt);
    // saisie_breaks_on alone, without the grab, changes nothing.
    assert_eq!(upkeep_for("saisie_breaks_on=attempt"), upkeep_for(""));
    let circle = upkeep_for("keeper=circle leader_required=true relays=2");
    assert_eq!((circle.leader_required, circle.relays), (true, 2));
}

#[test]
fn a_saisie_under_the_malus_breaks_without_an_impact() {
    // Malus on the total: 5 against 5 under the malus, a tie. A grab that ties breaks the
    // spell on the first malus turn (D6 = 2: turn 3), no tension die rolled; without the
    // grab the tie's counter 2 lands in turn 5.
    let tie = Upkeep {
        source: Source::Melee,
        malus: 1,
        ..upkeep()
    };
    let grab = Upkeep {
        grab: Grab::OnTie,
        ..tie
    };
    assert_eq!(run(grab, &[2]), broken_in(3));
    assert_eq!(run(tie, &[2, 2]), broken_in(5));
    // 3 against 6, then 4: always countered, never broken, unless every grab breaks it
    // (attempt): on the first malus turn.
    let weak = Upkeep {
        source: Source::Melee,
        attack: 3,
        ..upkeep()
    };
    assert_eq!(run(weak, &[2]), weak.held_to_the_end());
    let every = Upkeep {
        grab: Grab::OnAttempt,
        ..weak
    };
    assert_eq!(run(every, &[2]), broken_in(3));
    // A grab that ties before the malus only starts the counter (6 against 6, D6 = 4:
    // counter 2, an impact in turn 3 that does not break); turn 4 ties again, turn 5
    // is under the malus (6 against 4): broken.
    let early = Upkeep {
        attack: 6,
        grab: Grab::OnTie,
        ..weak
    };
    assert_eq!(run(early, &[4, 2, 3]), broken_in(5));
}

#[test]
fn the_circle_with_relays_and_its_leader() {
    let circle = Upkeep {
        keeper: Keeper::Circle,
        ..upkeep()
    };
    // One relay: two of three hit in turn 1, one relayed, two left; none hit in turn 2:
    // cast in 2 turns.
    let relayed = Upkeep {
        relays: 1,
        ..circle
    };
    let o = run(relayed, &[2, YES, YES, NO, NO, NO]);
    assert_eq!((o.held, o.broken), (2, false));
    // Without the relay the same hits leave one: broken in turn 1.
    assert_eq!(run(circle, &[2, YES, YES, NO]), broken_in(1));
    // The leader required: its hit, drawn first, breaks the casting at once.
    let led = Upkeep {
        leader_required: true,
        ..circle
    };
    assert_eq!(run(led, &[4, YES]), broken_in(1));
}

#[test]
fn exact_magic_over_time_by_hand() {
    // A grab that ties under the malus (5 against 5, the malus on the total): held the D6
    // turns, always broken, mean 3.5 (7 without the grab); at most 4 turns, broken when
    // the D6 is 1 to 3.
    let d = upkeep_for("source=melee upkeep_malus_on_total=true saisie=true")
        .exact()
        .unwrap();
    let mean: f64 = d.iter().map(|(o, p)| o.held as f64 * p).sum();
    assert!((mean - 3.5).abs() < 1e-12, "{mean}");
    let d = upkeep_for("source=melee upkeep_malus_on_total=true saisie=true max_turns=4")
        .exact()
        .unwrap();
    assert!((d.p_where(|o| o.broken) - 0.5).abs() < 1e-12);
    // Every grab breaks (attempt): an attacker at 3, always countered, still breaks it on
    // the first malus turn.
    let d = upkeep_for("source=melee attack=3 saisie=true saisie_breaks_on=attempt")
        .exact()
        .unwrap();
    assert!((d.p_where(|o| o.broken) - 1.0).abs() < 1e-12);
    let d = upkeep_for("source=melee attack=3 saisie=true")
        .exact()
        .unwrap();
    assert!(d.p_where(|o| o.broken).abs() < 1e-12);
    // A circle of three hit with chance 0.3, broken in its first turn: two or three hit
    // (0.216) by default; the leader hit, or both others (0.3 + 0.7 × 0.09 = 0.363) with
    // leader_required; all three hit (0.027) with one relay; the leader alone (0.3) with
    // both.
    let p = 0.3;
    let first_turn = |words: &str| {
        let d = upkeep_for(&format!("keeper=circle p_hit=0.3 {words}"))
            .exact()
            .unwrap();
        d.p_where(|o| o.broken && o.held == 0)
    };
    let cases = [
        ("", 3.0 * p * p * (1.0 - p) + p * p * p),
        ("leader_required=true", p + (1.0 - p) * p * p),
        ("relays=1", p * p * p),
        ("relays=1 leader_required=true", p),
    ];
    for (words, want) in cases {
        let got = first_turn(words);
        assert!((got - want).abs() < 1e-12, "{words}: {got} against {want}");
    }
}

#[test]
fn monte_carlo_agrees_with_exact() {
    let cases: [&[&str]; 16] = [
        &[],
        &["p_hit=0.5", "max_turns=8"],
        &["p_hit=0.05"],
        &["keeper=circle", "casters=3", "p_hit=0.15"],
        &["keeper=circle", "casters=5", "p_hit=0.3"],
        &["source=melee"],
        &["source=melee", "upkeep_malus_on_total=true"],
        &["source=melee", "attack=6", "max_turns=10"],
        &["source=melee", "attack=6", "tension_counts_tie=true"],
        &["source=melee", "attack=7", "resistance=4", "max_turns=6"],
        &["source=melee", "saisie=true"],
        &[
            "source=melee",
            "saisie=true",
            "attack=6",
            "upkeep_malus_on_total=true",
        ],
        &[
            "source=melee",
            "saisie=true",
            "saisie_breaks_on=attempt",
            "attack=3",
        ],
        &[
            "keeper=circle",
            "casters=3",
            "p_hit=0.3",
            "leader_required=true",
        ],
        &["keeper=circle", "casters=4", "p_hit=0.3", "relays=2"],
        &[
            "keeper=circle",
            "casters=3",
            "p_hit=0.2",
            "relays=1",
            "leader_required=true",
        ],
    ];
    assert_each_agrees(cases, 4, |words| {
        build(words).unwrap_or_else(|e| panic!("{words:?}: {e}"))
    });
}

#[test]
fn bad_input() {
    let e = error_text(build(&["keeper=circle", "source=melee"]));
    assert!(e.contains("keeper = individual"), "{e}");
    assert!(build(&["p_hit=1.5"]).is_err());
    assert!(build(&["keeper=coven"]).is_err());
    assert!(build(&["casters=1"]).is_err());
    let e = error_text(build(&["saisie=true"]));
    assert!(e.contains("source = melee"), "{e}");
    let e = error_text(build(&["relays=2"]));
    assert!(e.contains("keeper = circle"), "{e}");
    let e = error_text(build(&["leader_required=true", "source=melee"]));
    assert!(e.contains("keeper = circle"), "{e}");
    for words in ["healer=true", "circle_upkeep=one"] {
        let e = error_text(build(&[words]));
        assert!(e.contains("keeper = circle"), "{words}: {e}");
    }
    assert!(build(&["keeper=circle", "relays=21"]).is_err());
}
