//! Unit tests of blows on the Mental and the Mystique in `aube.duel` and `aube.melee` (a
//! sibling file of `duel.rs`): the CAs each aspect's fatigue lowers, worked by hand, a
//! rigged fight, the relabelled duel, Monte Carlo against exact.

use super::*;
use crate::engine::{Model, replay};
use crate::systems::aube::aspect::{Aspect, AspectFigures};
use crate::systems::aube::damage::DamageResult;
use crate::systems::aube::tables::AubeTables;
use crate::systems::aube::wounds::EtourdiScope;
use crate::systems::aube::{DUEL, MELEE};
use crate::systems::test_support::{assert_mechanic_agrees, assert_rejected, expect_model};

/// The average fighter (ca 12, bp 0, enc 12, be 3) with its skill in `skill`, Volonté 15
/// and a Mental armour of 2.
fn thinker(skill: Aspect) -> Fighter {
    Fighter {
        aspects: AspectFigures {
            skill_aspect: skill,
            enc_mental: Some(15),
            be_mental: 2,
            ..AspectFigures::DEFAULT
        },
        ..Fighter::AVERAGE
    }
}

/// After a blessure légère on the Mental (3 points de crise) and an étourdi: a fighter of
/// a Physique skill keeps TA 12 and TP 2; its Volonté 15 falls to 12 and its Mental armour
/// is 2. A fighter of a Mental skill loses the 3 on TA and TP too, and the étourdi on its
/// next attack.
#[test]
fn the_fatigue_of_an_aspect_lowers_its_cas_only() {
    let steps = &AubeTables::OFFICIAL.multiple;
    let next = EtourdiScope::NextAttack;
    for (skill, ta, tp) in [
        (Aspect::Physique, 12, 2),
        (Aspect::Mental, 12 - 3 - 1, 2 - 3),
    ] {
        let fighter = thinker(skill);
        let mut s = FighterState::new(&fighter);
        s.wounds.take(DamageResult::Legere);
        s.wounds.take(DamageResult::Etourdi);
        assert_eq!(s.fight_parry_total(10, steps, next, Aspect::Mental), tp);
        assert_eq!(s.encaissement_in(next, Aspect::Mental), 15 - 3);
        assert_eq!(s.be_in(Aspect::Mental), 2);
        assert_eq!(s.fight_attack_total(steps, Aspect::Mental), ta);
        // The attack spent the étourdi, whatever its aspect.
        assert_eq!(s.wounds.stun(), 0);
    }
    // A Mental skill in a fight of the Physique: the Physique track does not touch it.
    let fighter = thinker(Aspect::Mental);
    let mut s = FighterState::new(&fighter);
    s.wounds.take(DamageResult::Grave);
    assert_eq!(s.fight_attack_total(steps, Aspect::Physique), 12);
    assert_eq!(s.fight_parry_total(10, steps, next, Aspect::Physique), 2);
    assert_eq!(s.encaissement_in(next, Aspect::Physique), 12 - 5);
    assert_eq!(s.be_in(Aspect::Physique), 3);
}

/// A (Physique skill) and B (Mental skill) in a fight of the Mental, Volonté 0 (the
/// resistance test fails without a roll) and bd 8: every hit of faces 3 to 12 is a blow of
/// 11 to 20, a légère (3 points de crise). A hits on 12 twice: B's TA falls 12 → 9 → 6
/// and its TP 2 → -1 → -4; B hits on 6 (above A's TP 2, at most its TA 6): A's TA and TP
/// stay, only its Volonté falls.
#[test]
fn a_rigged_fight_of_the_mental() {
    let words = "a=average b=average a.bd=8 b.bd=8 aspect=mental a.enc_mental=0 \
                 b.enc_mental=0 b.skill_aspect=mental initiative=a max_rounds=4";
    let model = expect_model(&DUEL, words);
    let mut seen = Vec::new();
    let o = replay(&[12, 20, 12, 20, 20, 6, 20, 20], |d| {
        model.fight(d, |e| seen.push((e.ta, e.tp, e.enc)))
    });
    assert_eq!(
        seen,
        [
            (12, 2, 0),
            (9, 2, 0),
            (12, -1, -3),
            (6, 2, 0),
            (12, -4, -6),
            (6, 2, 0),
            (12, -4, -6),
            (6, 2, -3),
        ]
    );
    assert_eq!((o.winner, o.a_wounds, o.b_wounds), (Winner::Draw, 1, 2));
}

/// The duel of the average fighters whose skills, encaissements and armours are all of
/// the Mental (or the Mystique), every blow landing there, is the Physique duel relabelled:
/// the same exact distribution.
#[test]
fn a_fight_of_one_aspect_is_the_physique_duel_relabelled() {
    let physique = expect_model(&DUEL, "a=average b=average");
    let p = physique.exact().expect("exact");
    for aspect in ["mental", "mystique"] {
        let words = format!(
            "a=average b=average aspect={aspect} a.skill_aspect={aspect} \
             b.skill_aspect={aspect} a.enc_{aspect}=12 b.enc_{aspect}=12 \
             a.be_{aspect}=3 b.be_{aspect}=3 a.be=0 b.enc=30"
        );
        let model = expect_model(&DUEL, &words);
        let d = model.exact().expect("exact");
        for rounds in 1..=80u32 {
            for winner in [Winner::A, Winner::B, Winner::Draw] {
                let at = |d: &crate::engine::Dist<DuelOutcome>| {
                    d.p_where(|o| o.rounds == rounds && o.winner == winner)
                };
                assert!((at(&d) - at(&p)).abs() < 1e-12, "{aspect} {rounds}");
            }
        }
    }
}

/// A fighter of a Physique skill is not slowed by points de crise: in a fight of the
/// Mental it does better than the same fighter with a Mental skill.
#[test]
fn an_unhampered_skill_wins_more() {
    let base = "a=average b=average aspect=mental a.enc_mental=12 b.enc_mental=12 \
                b.skill_aspect=mental";
    let a_wins = |words: &str| {
        let d = expect_model(&DUEL, words).exact().expect("exact");
        d.p_where(|o| o.winner == Winner::A)
    };
    let unhampered = a_wins(base);
    let hampered = a_wins(&format!("{base} a.skill_aspect=mental"));
    assert!((hampered - 0.5).abs() < 1e-9, "{hampered}");
    assert!(unhampered > hampered + 0.05, "{unhampered}");
}

#[test]
fn a_blow_on_an_aspect_needs_its_encaissement() {
    assert_rejected(
        &DUEL,
        &[
            "a=average b=average aspect=mental a.enc_mental=12",
            "a=average b=average aspect=mystique a.enc_mental=12 b.enc_mental=12",
            "a=average b=average aspect=astral",
            "a=average b=average a.skill_aspect=soul",
        ],
    );
    assert_rejected(&MELEE, &["side_a=average side_b=average*2 aspect=mystique"]);
}

#[test]
fn monte_carlo_agrees_with_exact() {
    assert_mechanic_agrees(
        &DUEL,
        &[
            "a=average b=average aspect=mental a.enc_mental=14 b.enc_mental=10 b.be_mental=2 \
             b.skill_aspect=mental",
            "a=krom b=bjorn aspect=mystique a.enc_mystique=8 b.enc_mystique=12 \
             a.skill_aspect=mystique etourdi=aspect out_at=grave",
        ],
        3,
    );
}
