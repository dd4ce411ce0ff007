//! Unit tests of disengaging with *Acrobatie* inside `sccs.skirmish` (a sibling file of
//! `skirmish.rs`): fights worked by hand from the text, every die enumerated, each switch
//! of the option, and the fight unchanged while nobody disengages.

use super::super::disengage::Disengage;
use super::fixtures::model;
use super::*;
use crate::engine::{Dist, Model, Roll, simulation};
use crate::systems::test_support::{assert_same_fights, estimate_of};

/// The skirmish of `words` with member `member` of side A given `disengage` and
/// `acrobatie`.
fn fleeing(words: &str, member: usize, disengage: Disengage, acrobatie: i64) -> Skirmish {
    let mut p = model(words).rule.params.clone();
    let f = &mut p.side_a.members[member].1;
    f.disengage = disengage;
    f.acrobatie = acrobatie;
    Skirmish::try_from(p).expect("a valid skirmish")
}

fn exact(rule: &Skirmish) -> Dist<SkirmishOutcome> {
    crate::engine::enumerate(|d| rule.roll(d)).expect("an exact distribution")
}

/// The outcome: `winner` after `rounds`, `standing` and `escaped` on each side.
fn end(winner: Winner, rounds: u32, standing: [u8; 2], escaped: [u8; 2]) -> SkirmishOutcome {
    SkirmishOutcome {
        winner,
        rounds,
        standing,
        escaped,
    }
}

fn surely(rule: &Skirmish, o: SkirmishOutcome) {
    let p = exact(rule).p_where(|x| *x == o);
    assert!((p - 1.0).abs() < 1e-12, "{o:?} with {p}");
}

const DUEL: &str = "side_a=duelist side_b=brute impacts_to_out=2";

/// The duelist (rapier, priority 5, attack 7, protection 4 + 1 = 5) against the brute
/// (axe, priority 4, attack 7, protection 5), two impacts to put one out; the brute acts
/// first. No die is rolled. Round 1: the brute's 7 against 5 wounds the duelist. Wounded,
/// it tries to disengage: its Acrobatie 2 − 1 = 1 against the brute's 0 (its talent,
/// `disengage_difficulty=acrobatie`), *Supériorité*: it leaves, its side has nobody left
/// standing, the brute holds the field: side B wins in round 1, nobody standing on side A,
/// one escaped. Without the option the duelist strikes back (6 against 5) and the brute's
/// second blow (6 against 4) puts it out in round 2. With `escaping_side_loses=false` the
/// fight ends in round 1 with no winner.
#[test]
fn a_wounded_duelist_disengages_and_ends_the_fight() {
    surely(
        &fleeing(DUEL, 0, Disengage::Wounded, 2),
        end(Winner::B, 1, [0, 1], [1, 0]),
    );
    surely(
        &fleeing(DUEL, 0, Disengage::Never, 2),
        end(Winner::B, 2, [0, 1], [0, 0]),
    );
    surely(
        &fleeing(
            &format!("{DUEL} escaping_side_loses=false"),
            0,
            Disengage::Wounded,
            2,
        ),
        end(Winner::Draw, 1, [0, 1], [1, 0]),
    );
}

/// The same duelist with the brute's attack as the difficulty
/// (`disengage_difficulty=attack`): 1 against 7, *Échec*. By default it stays engaged,
/// its action spent, and the brute's second blow puts it out in round 2; with
/// `disengage_failure=free_attack` the brute strikes it at once (7 against 4, eroded to
/// 3), and it is out in round 1.
#[test]
fn a_failure_stays_or_takes_the_free_attack() {
    let attack = format!("{DUEL} disengage_difficulty=attack");
    surely(
        &fleeing(&attack, 0, Disengage::Wounded, 2),
        end(Winner::B, 2, [0, 1], [0, 0]),
    );
    surely(
        &fleeing(
            &format!("{attack} disengage_failure=free_attack"),
            0,
            Disengage::Wounded,
            2,
        ),
        end(Winner::B, 1, [0, 1], [0, 0]),
    );
}

/// The duelist and the knight against the brute, two impacts to put one out; order brute,
/// duelist (7), knight (6). Round 1: the brute wounds the duelist (its lowest protection,
/// 5); the duelist, disengaging at every turn, beats the brute's Acrobatie 0 with 2 − 1 and
/// leaves; the knight's 6 against 5 wounds the brute. Round 2: the brute's 6 against the
/// knight's 7 is countered, the knight's 6 against 4 puts it out: side A wins in round 2,
/// the knight standing and the duelist escaped.
#[test]
fn one_leaves_and_its_side_fights_on() {
    let words = "side_a=duelist,knight side_b=brute impacts_to_out=2";
    surely(
        &fleeing(words, 0, Disengage::Always, 2),
        end(Winner::A, 2, [1, 0], [1, 0]),
    );
}

/// The knight (protection 7) disengaging at every turn from the militia (attack 5, which
/// never hurts it, acting first and so engaging it), both of Acrobatie 0: the tension test
/// at each turn. The first attempt (round 1) sets the counter c, the success comes at
/// attempt c + 1: the militia holds the field in round c + 1, rounds 2 to 7 each 1/6
/// (mean 4.5). With the tie counted, round c, 1 to 6 (mean 3.5). Not engaged (the knight
/// acting first, against a militia made to act after it), it leaves in round 1 without a
/// test. The fight is Monte Carlo only (no `sccs.melee`).
#[test]
fn a_tie_takes_the_tension_test_round_after_round() {
    let words = "side_a=knight side_b=militia";
    let rule = fleeing(words, 0, Disengage::Always, 0);
    assert!(rule.exact().is_none());
    let d = exact(&rule);
    for r in 2..=7 {
        let p = d.p_where(|o| *o == end(Winner::B, r, [0, 1], [1, 0]));
        assert!((p - 1.0 / 6.0).abs() < 1e-12, "round {r}: {p}");
    }
    let mean = d.map(|o| i64::from(o.rounds)).mean();
    assert!((mean - 4.5).abs() < 1e-12, "{mean}");
    let counted = fleeing(
        &format!("{words} tension_counts_tie=true"),
        0,
        Disengage::Always,
        0,
    );
    let counted_mean = exact(&counted).map(|o| i64::from(o.rounds)).mean();
    assert!((counted_mean - 3.5).abs() < 1e-12, "{counted_mean}");
    let mut p = rule.params.clone();
    p.side_b.members[0].1.priority = 6;
    surely(
        &Skirmish::try_from(p).expect("valid"),
        end(Winner::B, 1, [0, 1], [1, 0]),
    );
}

/// The switch `disengage_failure` in a direction: the knight failing every attempt against
/// two militia (the difficulty their attack 5, its Acrobatie 0). Staying, it is never hurt
/// (5 against 7, then 5 against 7 − 1 = 6: countered), a draw; the two free attacks of each
/// failure meet 7 − 2 = 5 (a tie) and 7 − 3, floored at 5 (the armour absorbs), and side B
/// wins some fights within the ten rounds.
#[test]
fn free_attacks_make_a_failure_cost_more() {
    let chance = |words: &str| {
        let rule = fleeing(
            &format!("side_a=knight side_b=militia*2 disengage_difficulty=attack {words}"),
            0,
            Disengage::Always,
            0,
        );
        estimate_of(
            simulation(SkirmishModel::new(rule)).as_ref(),
            0,
            20_261_127,
            20_000,
            "b_wins",
        )
    };
    let (stays, free) = (chance(""), chance("disengage_failure=free_attack"));
    assert_eq!(stays.estimate, 0.0);
    assert!(free.lo > stays.hi, "{stays:?} {free:?}");
}

/// While nobody's `disengage` is on, an Acrobatie changes nothing: the same fights on the
/// same dice, the option's switches set or not, and no `a_escaped` metric.
#[test]
fn nobody_disengaging_is_the_fight_as_before() {
    let words = "side_a=knight,duelist side_b=militia*3 impacts_to_out=2";
    let plain = model(words);
    let switched = fleeing(
        &format!("{words} disengage_difficulty=attack disengage_failure=free_attack"),
        1,
        Disengage::Never,
        5,
    );
    assert_same_fights(
        (39, 0),
        5_000,
        words,
        |dice| plain.sample(dice),
        |dice| switched.roll(dice),
    );
    assert!(simulation(plain).layout().metric_id("a_escaped").is_none());
    let fled = fleeing(words, 1, Disengage::Wounded, 5);
    let layout = simulation(SkirmishModel::new(fled)).layout().clone();
    assert!(layout.metric_id("a_escaped").is_some());
}

/// A combatant who disengages takes no other option (*Chaque personnage peut choisir UNE
/// option*): given the manœuvre défensive as well, it is refused.
#[test]
fn a_combatant_who_disengages_takes_one_option() {
    let mut p = model("side_a=knight_guard side_b=militia")
        .rule
        .params
        .clone();
    p.side_a.members[0].1.disengage = Disengage::Wounded;
    let e = Skirmish::try_from(p).expect_err("one option a turn");
    assert!(e.to_string().contains("UNE option"), "{e}");
}
