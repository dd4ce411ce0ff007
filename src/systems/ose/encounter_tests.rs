//! Unit tests of `ose.encounter` (a sibling file of `encounter.rs`): rounds on rigged dice,
//! the duel it becomes one against one, and more monsters never helping the party.

use super::*;
use crate::engine::model::replay_one;
use crate::engine::simulation;
use crate::systems::ose::ENCOUNTER;
use crate::systems::ose::sheet::Hd;
use crate::systems::test_support::{
    assert_each_agrees, assert_never_falls, assert_never_rises, assert_same_fights, error_text,
    estimate_of, expect_model,
};

fn model(words: &str) -> EncounterModel {
    expect_model(&ENCOUNTER, words)
}

fn play(words: &str, dice: &[u32]) -> EncounterOutcome {
    replay_one(&model(words), dice).0
}

const QUIET: &str = "party_surprise=0 monsters_surprise=0";

#[test]
fn sides_read_from_the_rosters_with_count_replacing_the_last() {
    let m = model("party=fighter1*2,cleric1 monsters=hd2,hd1*3 count=5");
    let (party, monsters) = m.sides();
    assert_eq!(party.len(), 3);
    assert_eq!(
        (
            party[0].fighter.hp,
            party[0].fighter.str,
            party[2].fighter.hp
        ),
        (5, 1, 4)
    );
    assert_eq!(monsters.len(), 6);
    assert_eq!(
        (monsters[0].monster.hd, monsters[5].monster.hd),
        (Hd::Dice(2), Hd::Dice(1))
    );
    assert_eq!(model("party=fighter1 monsters=hd1*3").sides().1.len(), 3);
    let e = error_text(ENCOUNTER.model_for("party=hd1 monsters=hd1"));
    assert!(e.contains("'hd1' is a monster"), "{e}");
    let e = ENCOUNTER.model_for("party=fighter1 monsters=hd1*2,hd2*20 count=29");
    assert!(e.is_err());
}

#[test]
fn a_round_the_side_with_initiative_strikes_the_weakest_first() {
    // HP 3 and 5; initiative 5-2: the fighter (needs 11+ with STR) hits the 3-HP monster
    // (15) for 2+1: dead. The other misses (14 < 15). Round 2, monsters first (1-6): 20
    // hits for 6, the fighter's 5 HP are gone.
    let words = format!("party=fighter1 monsters=hd1*2 {QUIET} morale=false");
    let o = play(&words, &[3, 5, 5, 2, 15, 2, 14, 1, 6, 20, 6]);
    assert_eq!(
        o,
        EncounterOutcome {
            end: End::Monsters,
            rounds: 2,
            pc_deaths: 1,
            monster_deaths: 1
        }
    );
}

#[test]
fn morale_is_checked_once_at_the_first_death_that_is_also_half() {
    let words = format!("party=fighter1 monsters=hd1*2 {QUIET}");
    // As above, then the monsters' 2d6 5+4 = 9 > 7: they flee.
    let o = play(&words, &[3, 5, 5, 2, 15, 2, 5, 4]);
    assert_eq!((o.end, o.rounds, o.monster_deaths), (End::Fled, 1, 1));
    // 3+3 = 6 holds; the survivor misses. Round 2, the party first: a miss (3), and no
    // second check (the first death and half out came together): 20 for 6 kills.
    let o = play(&words, &[3, 5, 5, 2, 15, 2, 3, 3, 14, 6, 1, 3, 20, 6]);
    assert_eq!((o.end, o.rounds, o.pc_deaths), (End::Monsters, 2, 1));
    // Morale 12 never fails: 6+6 holds.
    let words = format!("party=fighter1 monsters=hd1_fearless*2 {QUIET}");
    let o = play(&words, &[3, 5, 5, 2, 15, 2, 6, 6, 20, 6]);
    assert_eq!(o.end, End::Monsters);
}

#[test]
fn fleeing_monsters_take_parting_blows_with_the_switch() {
    // As in the morale test, the monsters flee after round 1 (5+4 = 9 > 7), the survivor
    // at 5 HP. By default they are gone, no die more.
    let words = format!("party=fighter1 monsters=hd1*2 {QUIET}");
    let o = play(&words, &[3, 5, 5, 2, 15, 2, 5, 4]);
    assert_eq!((o.end, o.monster_deaths), (End::Fled, 1));
    // parting_blows: the fighter strikes the fleeing survivor at +2 as at a retreating
    // foe: 9 hits (11 needed otherwise, 9 with the +2), 4+1 damage kills it: the party
    // holds the field with both monsters dead.
    let parting = format!("{words} parting_blows=true");
    let o = play(&parting, &[3, 5, 5, 2, 15, 2, 5, 4, 9, 4]);
    assert_eq!((o.end, o.rounds, o.monster_deaths), (End::Party, 1, 2));
    // 8 misses even at +2: the survivor is gone.
    let o = play(&parting, &[3, 5, 5, 2, 15, 2, 5, 4, 8]);
    assert_eq!((o.end, o.monster_deaths), (End::Fled, 1));
}

#[test]
fn a_surprised_side_loses_the_first_round() {
    // The party is surprised (1): the monster acts alone in round 1, without initiative:
    // 20 for 6 kills the fighter.
    let words = "party=fighter1 monsters=hd1 monsters_surprise=0 morale=false";
    let o = play(words, &[4, 1, 20, 6]);
    assert_eq!((o.end, o.rounds), (End::Monsters, 1));
    // Both surprised (2, 1): nothing in round 1; round 2 as usual.
    let words = "party=fighter1 monsters=hd1 morale=false";
    let o = play(words, &[4, 2, 1, 6, 1, 20, 6]);
    assert_eq!((o.end, o.rounds), (End::Party, 2));
}

#[test]
fn targets_spread_and_random() {
    // Two fighters against two monsters (4 and 4 HP), the party first. Spread: the
    // second fighter takes the second monster; both hit for 3+1.
    let words = format!("party=fighter1*2 monsters=hd1*2 {QUIET} morale=false party_target=spread");
    let o = play(&words, &[4, 4, 6, 1, 15, 3, 15, 3]);
    assert_eq!((o.end, o.monster_deaths), (End::Party, 2));
    // Focus: both on the first; the second's blow meets the second monster once the
    // first is dead. Random: a d2 for each target.
    let focus = format!("party=fighter1*2 monsters=hd1*2 {QUIET} morale=false");
    let o = play(&focus, &[4, 4, 6, 1, 15, 3, 15, 3]);
    assert_eq!(o.monster_deaths, 2);
    let random =
        format!("party=fighter1*2 monsters=hd1*2 {QUIET} morale=false party_target=random");
    let o = play(&random, &[4, 4, 6, 1, 2, 15, 3, 15, 3]);
    assert_eq!(o.monster_deaths, 2);
}

#[test]
fn simultaneous_rounds_let_the_fallen_strike_back() {
    // Tie 3-3: the fighter kills the monster (15, 6+1), which still strikes (20, 6).
    let words = format!("party=fighter1 monsters=hd1 {QUIET} morale=false ties=simultaneous");
    let o = play(&words, &[4, 3, 3, 15, 6, 20, 6]);
    assert_eq!((o.end, o.pc_deaths, o.monster_deaths), (End::Both, 1, 1));
}

/// One against one, without surprise and with steady morale, the encounter draws the
/// duel's dice in the duel's order: the same stream gives the same fight.
#[test]
fn one_against_one_is_the_duel_fight_for_fight() {
    for (i, extra) in [
        "",
        "ties=simultaneous",
        "party_target=random monsters_target=spread",
    ]
    .iter()
    .enumerate()
    {
        for (pc, monster) in [("fighter1", "hd1"), ("fighter3", "hd2"), ("mu1", "human")] {
            let words = format!("party={pc} monsters={monster} {QUIET} {extra}");
            let m = model(&words);
            let duel = m.as_duel().expect("a duel");
            assert_same_fights(
                (11, i as u64),
                5_000,
                &words,
                |dice| m.sample(dice),
                |dice| from_duel(duel.sample(dice)),
            );
        }
    }
}

/// The shared checker: Monte Carlo of the encounter against the duel's exact values.
#[test]
fn one_against_one_agrees_with_the_exact_duel() {
    let cases = [
        "party=fighter1 monsters=hd1",
        "party=fighter2 monsters=hd2 morale=false ties=simultaneous",
        "party=fighter3 monsters=hd3 max_rounds=2",
    ];
    assert_each_agrees(cases, 10, |words| {
        let m = model(&format!("{words} {QUIET}"));
        assert!(m.solved().is_some(), "{words}");
        simulation(m)
    });
    // Surprise, or a second fighter on a side: no exact values.
    for words in [
        "party=fighter1 monsters=hd1",
        "party=fighter1*2 monsters=hd1 party_surprise=0 monsters_surprise=0 morale=false",
        "party=fighter1 monsters=hd1*2 party_surprise=0 monsters_surprise=0",
    ] {
        assert!(model(words).solved().is_none(), "{words}");
    }
}

/// Each extra monster lowers the party's chance to win and raises the risk of a death,
/// beyond what chance explains (Wilson intervals at fixed seeds): a later size never
/// beats an earlier one by more than the two half-widths together.
#[test]
fn more_monsters_never_help_the_party() {
    let chance = |count: u32, metric: &str| {
        let m = model(&format!(
            "party=fighter1*2,cleric1 monsters=hd1 count={count}"
        ));
        estimate_of(
            simulation(m).as_ref(),
            u64::from(count),
            20_261_122,
            40_000,
            metric,
        )
    };
    for metric in ["party_wins", "any_pc_dies"] {
        let sizes: Vec<_> = (1..=6).map(|k| chance(k, metric)).collect();
        let what = format!("{metric} against 1 to 6 monsters");
        if metric == "party_wins" {
            assert_never_rises(&sizes, &what);
        } else {
            assert_never_falls(&sizes, &what);
        }
        // And the trend is large: one monster against six.
        let (first, last) = (sizes[0].estimate, sizes[5].estimate);
        assert!((first - last).abs() > 0.3, "{metric}: {sizes:?}");
    }
}

#[test]
fn an_encounter_at_its_round_cap_is_a_draw_lasting_max_rounds() {
    // Two fighters against three 4-HD monsters cannot all fall in one round.
    let m = model("party=fighter3*2 monsters=hd4*3 max_rounds=1");
    let sim = simulation(m.clone());
    let tally = crate::systems::test_support::run_tally(sim.as_ref(), 0, 11, 2_000);
    assert_eq!(tally.metric(m.m.mean_rounds).sum, 2_000);
    // Every encounter ends one way: the party holds the field, the monsters win, or a
    // draw (both fell at once, or both still stand at the cap).
    let [draw, party, monsters] = tally.sums([m.m.draw, m.m.party_wins, m.m.monsters_win]);
    assert!(draw > 0);
    assert_eq!(draw + party + monsters, 2_000);
}

/// `words` with every monster's morale set to 2 (no built-in monster has it).
fn cowards(words: &str) -> EncounterModel {
    let mut m = model(words);
    for g in &mut m.monsters {
        g.morale = 2;
    }
    m
}

/// "Score de 2 : ne combat jamais (sauf acculé)": the group leaves the first time it
/// would act, with no roll; cornered, it fights and checks as any other.
#[test]
fn morale_two_never_fights_unless_cornered() {
    let words = format!("party=fighter1 monsters=hd1*3 {QUIET}");
    // HP 3, 5, 4; the monsters win initiative (1-6) and leave: no die after that.
    let fled = |words: &str, dice: &[u32]| replay_one(&cowards(words), dice).0;
    let o = fled(&words, &[3, 5, 4, 1, 6]);
    let untouched = EncounterOutcome {
        end: End::Fled,
        rounds: 1,
        pc_deaths: 0,
        monster_deaths: 0,
    };
    assert_eq!(o, untouched);
    // The party first (6-1): the fighter kills the 3-HP one (15, 2+1), then they leave.
    let o = fled(&words, &[3, 5, 4, 6, 1, 15, 2]);
    assert_eq!((o.end, o.rounds, o.monster_deaths), (End::Fled, 1, 1));
    // Cornered: the same blow, then the check at the first death: 3+3 = 6 > 2, they flee.
    let o = fled(
        &format!("{words} cornered=true"),
        &[3, 5, 4, 6, 1, 15, 2, 3, 3],
    );
    assert_eq!((o.end, o.rounds, o.monster_deaths), (End::Fled, 1, 1));
    // Cornered and winning initiative, they strike (20 for 6: the fighter's 5 HP).
    let o = fled(&format!("{words} cornered=true"), &[3, 5, 4, 1, 6, 20, 6]);
    assert_eq!((o.end, o.pc_deaths), (End::Monsters, 1));
    // Without morale they fight to the last, morale 2 too.
    let o = fled(&format!("{words} morale=false"), &[3, 5, 4, 1, 6, 20, 6]);
    assert_eq!((o.end, o.pc_deaths), (End::Monsters, 1));
}

/// The encounter: a level-1 fighter against three HD-1 monsters of morale 2, with
/// surprise. Not cornered, no PC ever dies and the party always holds the field;
/// cornered, they fight (any_pc_dies near 0.47 at this seed, far from 0).
#[test]
fn morale_two_keeps_the_party_alive() {
    let samples = 4_000;
    let tally_of = |words: &str| {
        let m = cowards(words);
        let t =
            crate::systems::test_support::run_tally(simulation(m.clone()).as_ref(), 0, 11, samples);
        t.sums([
            m.m.any_pc_dies,
            m.m.party_wins,
            m.m.monsters_flee,
            m.m.mean_rounds,
        ])
    };
    let [dies, wins, flee, _] = tally_of("party=fighter1 monsters=hd1*3");
    let all = samples as i64;
    assert_eq!((dies, wins), (0, all));
    assert!(flee > 0 && flee <= all);
    let [dies, ..] = tally_of("party=fighter1 monsters=hd1*3 cornered=true");
    assert!(dies > all / 4, "{dies} of {samples}");
}

/// A lone monster of morale 2 is no duel (it leaves), unless cornered.
#[test]
fn a_lone_coward_is_no_duel() {
    let words = format!("party=fighter1 monsters=hd1 {QUIET}");
    assert!(cowards(&words).as_duel().is_none());
    assert!(
        cowards(&format!("{words} cornered=true"))
            .as_duel()
            .is_some()
    );
    assert!(
        cowards(&format!("{words} morale=false"))
            .as_duel()
            .is_some()
    );
    assert!(model(&words).as_duel().is_some());
}

/// The encounter rolls on the rule tables it is given: the monsters' THAC0 row and the
/// bounds of the roll, as `ose.duel` (one against one it is that duel under them).
#[test]
fn the_encounter_reads_the_rule_tables() {
    let words = format!("party=fighter1 monsters=hd1 {QUIET}");
    let mut p = model(&words).p.clone();
    p.tables.thac0.by_hd[0] -= 2;
    let house = EncounterModel::from_config(p.clone()).expect("a model");
    let duel = DuelModel::under(
        house.party[0].fighter,
        Monster::from(house.monsters[0].monster),
        Ties::Reroll,
        &p.tables,
    );
    assert_eq!(
        house.as_duel().map(|d| d.duel().clone()),
        Some(duel.duel().clone())
    );
    assert_ne!(house.monster_hits, model(&words).monster_hits);
    // THAC0 17 against AC 4: 13 or more, 8 faces of 20.
    assert_eq!(house.monster_hits[0].iter().filter(|h| **h).count(), 8);
}
