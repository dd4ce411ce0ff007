//! Unit tests of [`super`] (`fight.rs` and `fight_play.rs`), kept beside it.

use super::play::Battle;
use super::*;
use crate::engine::rng::chunk_rng;
use crate::engine::{RollDice, replay, simulation};
use crate::systems::cle::FIGHT;
use crate::systems::cle::damage::Weapon;
use crate::systems::test_support::{
    assert_rejected, assert_same_fights, error_text, expect_model, run_tally,
};

fn rule(opponent: Opponent, pcs: usize, foes: usize, foe_vitality: i64) -> FightRule {
    FightRule::uniform(
        pcs,
        Profile::for_tests(20),
        opponent,
        Profile::for_tests(foe_vitality),
        foes,
    )
}

#[test]
fn figurant_group_bonus_to_test_and_damage() {
    // One PC-less check of the group attack: 5 figurants, +4 to the test and damage.
    let r = rule(Opponent::Figurants, 2, 5, 1);
    let mut b = Battle {
        pcs: [State::new(20, 0); MAX_PCS],
        foes: [State::new(1, 0); MAX_FOES],
        hero_spent: 0,
    };
    // Attack 3+3+3 + 8 + 4 = 21 against 6+6+5 + 6 - 2 = 21: equal totals, Combat 8
    // beats Défense 6. Damage: whites 3 + 3, + bonus 1 + 4, - protection 1 = 10.
    replay(&[3, 3, 3, 6, 6, 5], |dice| {
        r.foe_attacks::<0, _>(dice, &mut b, (0, 5), 0, 1)
    });
    assert_eq!(b.pcs[0].vitality, 10);
}

/// The tally of `samples` fights of `rule` from `seed`, with the model that made it.
fn run(rule: FightRule, samples: u64, seed: u64) -> (FightModel, crate::engine::Tally) {
    let model = FightModel::new(rule);
    let tally = run_tally(simulation(model.clone()).as_ref(), 0, seed, samples);
    (model, tally)
}

#[test]
fn deterministic_for_a_seed() {
    let r = rule(Opponent::Figurants, 3, 8, 1);
    assert_eq!(run(r, 20_000, 5).1, run(r, 20_000, 5).1);
    // Another seed draws other fights.
    assert_ne!(run(r, 20_000, 5).1, run(r, 20_000, 6).1);
}

#[test]
fn invariants() {
    for (opp, pcs, foes, vit) in [
        (Opponent::Boss, 2, 1, 20),
        (Opponent::Boss, 5, 1, 50),
        (Opponent::Seconds, 3, 3, 12),
        (Opponent::Figurants, 4, 12, 1),
    ] {
        for policy in [HeroPolicy::None, HeroPolicy::Both] {
            let r = FightRule {
                hero_policy: policy,
                ..rule(opp, pcs, foes, vit)
            };
            let mut dice = RollDice::new(chunk_rng(11, 0, 0));
            for _ in 0..3000 {
                let o = r.roll(&mut dice);
                assert!(!(o.pcs_win && o.foes_win));
                assert!((1..=r.max_rounds).contains(&o.rounds));
                assert!(o.deaths as usize <= pcs);
                assert!(o.hero_spent <= hero_points(pcs) * pcs as i64);
                if policy == HeroPolicy::None {
                    assert_eq!(o.hero_spent, 0);
                }
                if o.foes_win {
                    // Every PC out: none can be standing, so some damage was taken.
                    assert!(o.rounds >= 1);
                }
            }
        }
    }
}

#[test]
fn stronger_parties_win_more() {
    let p = |(model, tally): (FightModel, crate::engine::Tally)| {
        let acc = tally.metric(model.m.pcs_win);
        acc.sum as f64 / acc.n as f64
    };
    let weak = p(run(rule(Opponent::Boss, 2, 1, 40), 20_000, 3));
    let strong = p(run(rule(Opponent::Boss, 5, 1, 40), 20_000, 3));
    assert!(strong > weak, "{strong} against {weak}");
}

#[test]
fn acting_first_helps_the_side_that_does() {
    // Four PCs against fifteen figurants: a figurant struck down before its turn never
    // acts that round, so the side that acts first wins more often; the default (each
    // attack answered at once) lies between (about 0.98, 0.88 and 0.47).
    let p_win = |order| {
        let r = FightRule {
            order,
            ..rule(Opponent::Figurants, 4, 15, 1)
        };
        let (model, tally) = run(r, 20_000, 9);
        let acc = tally.metric(model.m.pcs_win);
        acc.sum as f64 / acc.n as f64
    };
    let pcs_first = p_win(FightOrder::PcsFirst);
    let answer = p_win(FightOrder::Answer);
    let foes_first = p_win(FightOrder::FoesFirst);
    assert!(
        pcs_first > answer + 0.05 && answer > foes_first + 0.2,
        "{pcs_first} {answer} {foes_first}"
    );
}

#[test]
fn parameters_make_the_rule() {
    let words = "pcs=3 pc.vitality=15 pc.combat=9 pc.damage=3d6 opponent=seconds \
                 foe.vitality=[5,6,7,8] foe.count=[2,4,6,8] foe.protection=0 \
                 hero_policy=defense outnumbered=false order=foes_first max_rounds=30";
    let built = FIGHT.model_for(words).unwrap().rule;
    let pc = Profile {
        combat: 9,
        weapon: Weapon::D3,
        ..Profile::for_tests(15)
    };
    let foe = Profile {
        protection: 0,
        ..Profile::for_tests(6)
    };
    let expected = FightRule {
        hero_policy: HeroPolicy::Defense,
        outnumbered: false,
        order: FightOrder::FoesFirst,
        max_rounds: 30,
        ..FightRule::uniform(3, pc, Opponent::Seconds, foe, 4)
    };
    assert_eq!(built, expected);
    // One boss whatever foe.count; figurants have 1 vitality whatever foe.vitality.
    let boss = FIGHT.model_for("pcs=5").unwrap().rule;
    assert_eq!((boss.foes, boss.foe[0].1.vitality), (1, 50));
    let figurants = FIGHT.model_for("pcs=2 opponent=figurants").unwrap().rule;
    assert_eq!((figurants.foes, figurants.foe[0].1.vitality), (2, 1));
}

#[test]
fn bad_input_is_an_error() {
    assert!(FIGHT.model_for("").is_ok());
    assert_rejected(
        &FIGHT,
        &[
            "pcs=1",
            "pcs=6",
            "foe.vitality=[20,30,40]",
            "opponent=dragon",
            "opponent=figurants foe.count=[5,10,15,21]",
            "pc.damage=4d6",
        ],
    );
}

#[test]
fn parties_of_profiles_and_foes_of_tiers_come_from_the_rosters() {
    // One profile named for every PC, one kind of foe named: the same fight as the
    // numbers (the rule is equal, so its distribution is).
    let named = expect_model(&FIGHT, "party=bretteur*3 foes=lieutenants").rule;
    let by_group = expect_model(&FIGHT, "pcs=3 pc=bretteur opponent=seconds foe=lieutenants").rule;
    assert_eq!(named, by_group);
    // Different profiles, and a boss with a crowd: 1 + 6 figurants for 3 PCs.
    let r = expect_model(&FIGHT, "party=bretteur,costaud,erudit foes=boss_brute,mob").rule;
    assert_eq!(
        (r.pcs, r.pc[0].combat, r.pc[1].vitality, r.pc[2].combat),
        (3, 10, 24, 5)
    );
    assert_eq!(r.foes, 7);
    assert_eq!((r.foe[0].0, r.foe[0].1.vitality), (Opponent::Boss, 30));
    assert_eq!((r.foe[6].0, r.foe[6].1.vitality), (Opponent::Figurants, 1));
    // Groups: the boss alone, then the figurants by fives.
    let order: Vec<u8> = (0..7).collect();
    let mut groups = [(0, 0); MAX_FOES];
    let n = r.form_groups(&order, &mut groups);
    assert_eq!(&groups[..n], &[(0, 1), (1, 6), (6, 7)]);
    // Too many foes for the party's size.
    let e = FIGHT.model_for("party=bretteur*5 foes=mob*3").err();
    assert!(e.is_some_and(|e| e.to_string().contains("at most 20")));
    assert!(FIGHT.model_for("party=bretteur foes=mob").is_err());
}

#[test]
fn more_foes_never_help_the_party() {
    let p_win = |foes: &str| {
        let words = format!("party=bretteur,costaud,erudit foes={foes}");
        let (model, tally) = run(FIGHT.model_for(&words).unwrap().rule, 20_000, 4);
        let acc = tally.metric(model.m.pcs_win);
        let p = acc.sum as f64 / acc.n as f64;
        (p, 1.96 * (p * (1.0 - p) / acc.n as f64).sqrt())
    };
    let sizes = [
        p_win("boss_brute"),
        p_win("boss_brute,mob"),
        p_win("boss_brute,lieutenants,mob"),
    ];
    for k in 1..sizes.len() {
        assert!(
            sizes[k].0 <= sizes[k - 1].0 + sizes[k].1 + sizes[k - 1].1,
            "{sizes:?}"
        );
    }
    assert!(sizes[0].0 > sizes[2].0 + 0.2, "{sizes:?}");
}

#[test]
fn another_foe_answers_only_for_one_eliminated_with_answer_eliminated() {
    // Four PCs against a boss and its lieutenants: with `answer` a lieutenant answers the
    // attacks on the boss once the boss has acted; with `answer_eliminated` only once the
    // boss is out, so the foes act less early (about 0.530 against 0.522 measured; the
    // issue's reader gives 0.529 against 0.518).
    let p_win = |order: &str| {
        let words = format!("pcs=4 foes=boss_brute,lieutenants order={order}");
        let (model, tally) = run(FIGHT.model_for(&words).unwrap().rule, 200_000, 28);
        let acc = tally.metric(model.m.pcs_win);
        let p = acc.sum as f64 / acc.n as f64;
        (p, 1.96 * (p * (1.0 - p) / acc.n as f64).sqrt())
    };
    let (answer, eliminated) = (p_win("answer"), p_win("answer_eliminated"));
    assert!((answer.0 - 0.529).abs() < 2.0 * answer.1, "{answer:?}");
    assert!(
        eliminated.0 + eliminated.1 + answer.1 < answer.0,
        "{eliminated:?} {answer:?}"
    );
    // Against one boss nobody can answer for it: both orders play the same fights.
    let one = |order| FightRule {
        order,
        ..rule(Opponent::Boss, 3, 1, 30)
    };
    crate::systems::test_support::assert_same_fights(
        (28, 0),
        2_000,
        "one boss",
        |d| one(FightOrder::Answer).roll(d),
        |d| one(FightOrder::AnswerEliminated).roll(d),
    );
}

#[test]
fn a_named_party_or_foe_list_refuses_the_fields_it_replaces() {
    for (words, named) in [
        (
            "party=bretteur*2 foes=boss_brute pcs=5",
            "pcs: given with 'party'",
        ),
        (
            "party=bretteur*2 pc.combat=40",
            "pc.combat: given with 'party'",
        ),
        ("party=bretteur*2 pc=costaud", "pc: given with 'party'"),
        (
            "foes=boss_brute opponent=figurants",
            "opponent: given with 'foes'",
        ),
        (
            "foes=boss_brute foe.vitality=[1,1,1,1]",
            "foe.vitality: given with 'foes'",
        ),
    ] {
        let e = error_text(FIGHT.model_for(words));
        assert!(e.contains(named), "{words}: {e}");
    }
    // A profile named with pc= takes its explicit fields over the entry.
    let rule = expect_model(&FIGHT, "pc=bretteur pc.combat=40 pcs=2").rule;
    assert_eq!(
        (rule.pcs, rule.pc[0].combat, rule.pc[1].combat),
        (2, 40, 40)
    );
}

#[test]
fn a_foe_that_has_acted_leaves_the_attack_unanswered_with_answer_eliminated() {
    // Two PCs against two seconds, one round on rigged dice: each PC misses the first foe
    // (1+1+1 against 6+6+6); each foe attack hits (5+5+5 + Combat 8 against 1+1+1 +
    // Défense 6) for its two white dice 5 + 5, bonus +1, protection -1: 10 points.
    // `answer`: the first foe answers PC 1; it has acted, so the second foe answers PC 2
    // at once: 10 points each. `answer_eliminated` (the text: another NPC answers "si le
    // PNJ est éliminé"): PC 2's attack on the first foe, who has acted and stands, is not
    // answered; the second foe acts at the end of the round, against the first standing
    // PC: PC 1 takes 20 points, PC 2 none.
    let miss = [1, 1, 1, 6, 6, 6];
    let hit = [5, 5, 5, 1, 1, 1];
    let vitality_after_a_round = |order, rolls: &[u32]| {
        let rule = FightRule {
            order,
            hero_policy: HeroPolicy::None,
            ..rule(Opponent::Seconds, 2, 2, 30)
        };
        let mut b = Battle {
            pcs: [State::new(30, 0); MAX_PCS],
            foes: [State::new(30, 0); MAX_FOES],
            hero_spent: 0,
        };
        replay(rolls, |dice| rule.play_round::<0, _>(dice, &mut b, 1));
        (b.pcs[0].vitality, b.pcs[1].vitality)
    };
    let answer_order = [miss, hit, miss, hit].concat();
    assert_eq!(
        vitality_after_a_round(FightOrder::Answer, &answer_order),
        (20, 20)
    );
    let eliminated_order = [miss, hit, miss, hit].concat();
    assert_eq!(
        vitality_after_a_round(FightOrder::AnswerEliminated, &eliminated_order),
        (10, 30)
    );
}

/// Each option alone is played with only its own checks compiled in: dice for dice, that
/// play gives the outcomes of the play with every check (`options::ALL`), whose checks
/// then find the other options off.
#[test]
fn a_play_with_one_option_compiled_in_is_the_play_with_every_check() {
    use super::options::{ALL, DOWNED, HERO, INTERRUPT, SEVERAL, SURPRISE, TRADE, UNION};
    let mut base = rule(Opponent::Seconds, 3, 4, 20);
    base.foe[0].0 = Opponent::Boss;
    let several = {
        let mut r = base;
        r.pc[0].targets = 2;
        r.foe[1].1.targets = 2;
        r
    };
    let cases = [
        (0, base),
        (
            HERO,
            FightRule {
                hero: HeroSpending {
                    reroll: HeroReroll::Both,
                    cancel: HeroCancel::MalEnPoint,
                    cover: true,
                    ..HeroSpending::NONE
                },
                ..base
            },
        ),
        (
            TRADE,
            FightRule {
                pc_trade: Trade::EfficaciteRisque,
                foe_trade: Trade::MeurtriereDanger,
                ..base
            },
        ),
        (
            DOWNED,
            FightRule {
                downed: Downed {
                    finish_off: Sides::Both,
                    first_aid: Sides::Both,
                    aid_retry: true,
                    ..Downed::NONE
                },
                ..base
            },
        ),
        (
            TRADE,
            FightRule {
                pc_trade: Trade::PrudenceDifficulte,
                foe_trade: Trade::MeurtriereRisque,
                risque: Incident::Fall,
                ..base
            },
        ),
        (
            SURPRISE,
            FightRule {
                surprise: Surprise::Foes,
                ..base
            },
        ),
        (
            SURPRISE,
            FightRule {
                surprise: Surprise::Pcs,
                ..base
            },
        ),
        (
            UNION,
            FightRule {
                union: Union::All,
                ..base
            },
        ),
        (
            INTERRUPT,
            FightRule {
                interrupt: Sides::Both,
                ..base
            },
        ),
        (
            INTERRUPT,
            FightRule {
                interrupt: Sides::Both,
                interrupt_penalty: Penalty::Danger,
                ..base
            },
        ),
        (SEVERAL, several),
        (
            SEVERAL,
            FightRule {
                several: Several {
                    penalty: MultiplePenalty::Risque,
                    ..several.several
                },
                ..several
            },
        ),
    ];
    for (case, (option, rule)) in cases.into_iter().enumerate() {
        assert_eq!(rule.options_in_play(), option);
        assert_same_fights(
            (7, case as u64),
            3_000,
            &format!("case {case}, option {option}"),
            |d| rule.roll(d),
            |d| rule.fight::<ALL, _>(d),
        );
    }
}
