//! Unit tests of [`super`] (`magic_duel.rs`), kept beside it: one round from given dice,
//! a spell on the Mystique lowering the next cast, and the duel against a caster who
//! never casts, which is `aube.casting`.

use super::*;
use crate::engine::Model;
use crate::engine::dice::RiggedDice;
use crate::engine::model::replay_one;
use crate::systems::aube::casting::CastEnd;
use crate::systems::aube::damage::DamageResult;
use crate::systems::aube::{CASTING, MAGIC_DUEL};
use crate::systems::test_support::{assert_mechanic_agrees, assert_rejected, expect_model};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Two Merlins of Ex. 2.10 (CA 17, Diff 8, Eff 15, Foi 14), fireballs of 8 + 12 on an
/// Endurance of 12, A first.
const TWO_MERLINS: &str = "a.ca=17 a.diff=8 a.eff=15 a.enc=14 a.bd=12 a.enc_hit=12 \
     b.ca=17 b.diff=8 b.eff=15 b.enc=14 b.bd=12 b.enc_hit=12 initiative=a";

/// A rolls 12 (beats 8): the blow 8 + 12 = 20 on B, whose Endurance 12 rolls 4: 16, a
/// légère; A's backlash 15 + 8 - 12 = 11, his Foi 14 rolls 7: 4, an étourdi, 0 karma.
/// B rolls 9: the blow 20 on A, whose Endurance rolls 13 (a failure): 20, a légère; B's
/// backlash 15 + 8 - 9 = 14, his Foi rolls 14: 0, nothing. Out at fatale, the round
/// ends with a légère each and no karma; out at a légère, A's fireball fells B, who does
/// not cast back.
#[test]
fn one_round_by_hand() {
    let model = expect_model(&MAGIC_DUEL, &format!("{TWO_MERLINS} max_rounds=1"));
    let (o, _) = replay_one(&model, &[12, 4, 7, 9, 13, 14]);
    assert_eq!(
        (o.winner, o.rounds, o.casts, o.karma),
        (Winner::Draw, 1, [1, 1], [0, 0])
    );
    let duel = model.duel;
    let mut t = [WoundTrack::new(); 4];
    let mut skipped = [0; 2];
    let dice = &mut RiggedDice::new(&[12, 4, 7]);
    assert_eq!(duel.turn(0, &mut t, &mut skipped, dice), None);
    assert_eq!(t[3].worst(), DamageResult::Legere);
    assert_eq!((t[0].fatigue(), t[0].stun(), t[3].fatigue()), (0, 0, 3));
    let model = expect_model(&MAGIC_DUEL, &format!("{TWO_MERLINS} out_at=legere"));
    let (o, _) = replay_one(&model, &[12, 4, 7]);
    assert_eq!((o.winner, o.rounds, o.casts), (Winner::A, 1, [1, 0]));
}

/// A curse on the Mystique lands on the track of the backlash: B's légère there (3
/// points de karma) lowers B's next cast to 14 and his Foi to 11.
#[test]
fn a_curse_lowers_the_next_cast() {
    let words = TWO_MERLINS
        .replace(" a.enc_hit=12", "")
        .replace(" b.enc_hit=12", "");
    let model = expect_model(&MAGIC_DUEL, &format!("{words} aspect=mystique"));
    let duel = model.duel;
    let mut t = [WoundTrack::new(); 4];
    let dice = &mut RiggedDice::new(&[12, 4, 7]);
    assert_eq!(duel.turn(0, &mut t, &mut [0; 2], dice), None);
    assert_eq!((t[1].worst(), t[1].fatigue()), (DamageResult::Legere, 3));
    let cast = duel.cast(1, &t);
    assert_eq!((cast.spell.ca, cast.backlash.enc), (14, 11));
}

/// B's CA 8 never beats his Diff 8: he is spent from the start and never casts, and the
/// duel is A's casting at him, `aube.casting` with `target.enc` B's Endurance: A wins
/// when the target falls, B when A is out, a draw when A is spent.
#[test]
fn a_caster_who_never_casts_is_a_target() {
    let casting = expect_model(
        &CASTING,
        "ca=17 diff=8 eff=15 enc=14 target.enc=12 target.be=3 bd=12 out_at=legere",
    )
    .exact()
    .expect("exact");
    let duel = expect_model(
        &MAGIC_DUEL,
        "a.ca=17 a.diff=8 a.eff=15 a.enc=14 a.bd=12 a.enc_hit=12 \
         b.ca=8 b.diff=8 b.eff=15 b.enc=14 b.enc_hit=12 b.be_hit=3 out_at=legere",
    )
    .exact()
    .expect("exact");
    let falls = casting.p_where(|o| o.end == CastEnd::TargetFalls);
    assert!(falls > 0.1 && falls < 0.99, "{falls}");
    assert!(close(duel.p_where(|o| o.winner == Winner::A), falls));
    assert!(close(
        duel.p_where(|o| o.winner == Winner::B),
        casting.p_where(|o| o.end == CastEnd::CasterOut)
    ));
    let casts = casting.map(|o| o.casts as i64).mean();
    assert!(close(duel.map(|o| o.casts[0] as i64).mean(), casts));
    assert!(close(duel.map(|o| o.rounds as i64).mean(), casts));
    assert!(close(duel.p_where(|o| o.casts[1] == 0), 1.0));
}

/// Dodging a spell (`spell_dodge=esquive`): with `eff` 20 and a Foi of 0 every backlash is
/// a légère (3 karma, whatever the test); the target's esquive 5 makes the ND 13, beaten
/// on 14 to 17 at CA 17, on 14 alone at CA 14, never at CA 11: the target of Endurance 0
/// that a légère fells falls with 1 - 16/20 · 19/20 = 0.24, after 0.2 · 1 + 0.8 · 2 = 1.8
/// casts. Off, a spell is not dodged and an esquive is refused.
#[test]
fn a_spell_dodged() {
    let words = "ca=17 diff=8 eff=20 enc=0 target.enc=0 bd=12 out_at=legere";
    let d = expect_model(
        &CASTING,
        &format!("{words} spell_dodge=esquive target.esq=5"),
    )
    .exact()
    .expect("exact");
    assert!(close(d.p_where(|o| o.end == CastEnd::TargetFalls), 0.24));
    assert!(close(d.map(|o| o.casts as i64).mean(), 1.8));
    assert_rejected(
        &CASTING,
        &[
            &format!("{words} target.esq=5"),
            &format!("{words} spell_dodge=esquive"),
            "ca=17 diff=8 eff=20 enc=0 spell_dodge=esquive target.esq=9",
        ],
    );
}

#[test]
fn bad_magic_duels_are_rejected() {
    let no_hit = TWO_MERLINS.replace(" b.enc_hit=12", "");
    assert_rejected(
        &MAGIC_DUEL,
        &[
            &no_hit,
            &format!("{TWO_MERLINS} aspect=mystique"),
            &format!("{TWO_MERLINS} spell_dodge=esquive a.esq=3"),
            &format!("{TWO_MERLINS} a.esq=3 b.esq=3"),
            &format!("{TWO_MERLINS} backlash=wounds knockout=10"),
            &TWO_MERLINS
                .replace("a.ca=17", "a.ca=8")
                .replace("b.ca=17", "b.ca=8"),
        ],
    );
}

#[test]
fn monte_carlo_agrees_with_exact() {
    assert_mechanic_agrees(
        &MAGIC_DUEL,
        &[
            &format!("{TWO_MERLINS} out_at=legere"),
            "a.ca=17 a.diff=8 a.eff=15 a.enc=14 a.bd=10 b.ca=15 b.diff=5 b.eff=20 b.enc=12 \
             b.be=2 b.bd=14 aspect=mystique backlash=wounds out_at=legere",
            "a.ca=16 a.diff=6 a.eff=15 a.enc=14 a.enc_hit=10 a.esq=4 b.ca=17 b.diff=10 \
             b.eff=12 b.enc=13 b.enc_hit=12 b.esq=2 b.bd=5 spell_dodge=esquive \
             spell_blow=degree out_at=legere esquive_fatigue=false",
        ],
        3,
    );
}

/// Two Merlins dodging, each esquive 5 (`spell_dodge=esquive`).
fn dodging(more: &str) -> MagicDuel {
    expect_model(
        &MAGIC_DUEL,
        &format!("{TWO_MERLINS} spell_dodge=esquive a.esq=5 b.esq=5 {more}"),
    )
    .duel
}

/// The chance A's cast on the tracks `t` beats its ND, its test enumerated.
fn p_goes_off(duel: &MagicDuel, t: &[WoundTrack; 4]) -> f64 {
    let cast = duel.cast(0, t);
    crate::engine::enumerate(|d| d.step(&cast.spell).beats_nd)
        .expect("exact")
        .p_where(|x| *x)
}

/// *La fatigue* on the esquive (switch `esquive_fatigue`, on by default): B's Physique track (index 3)
/// holds 2 points de douleur; his esquive 5, "un jet de Manœuvre en Physique", falls to
/// 5 - 2 = 3, so A's fireball (CA 17, Diff 8) meets the ND 8 + 3 = 11 and goes off on 12
/// to 17, 6/20 = 0.30, instead of the ND 13 and 14 to 17, 4/20 = 0.20, off.
#[test]
fn the_esquive_lowered_by_physique_fatigue() {
    let mut t = [WoundTrack::new(); 4];
    t[3].add_fatigue(2);
    let tired = dodging("");
    assert_eq!(
        (tired.cast(0, &t).spell.nd, tired.cast(0, &t).dodge),
        (11, 3)
    );
    assert!(close(p_goes_off(&tired, &t), 6.0 / 20.0));
    let plain = dodging("esquive_fatigue=false");
    assert_eq!(plain.cast(0, &t).spell.nd, 13);
    assert!(close(p_goes_off(&plain, &t), 4.0 / 20.0));
    // Fresh, the switch changes nothing; A's Mystique karma never lowers B's esquive.
    let fresh = [WoundTrack::new(); 4];
    assert_eq!(tired.cast(0, &fresh).spell.nd, 13);
    let mut karma = [WoundTrack::new(); 4];
    karma[1].add_fatigue(4);
    assert_eq!(tired.cast(0, &karma).spell.nd, 13);
}

/// The switch's direction on the duel: out at a légère, the sonnés before it tire the
/// Physique (a point each), each lowering the esquive, so spells land more often and
/// fewer duels end with both casters spent: draws 26.1% instead of 26.9%.
#[test]
fn tired_casters_dodge_worse() {
    let duel = |more: &str| {
        expect_model(
            &MAGIC_DUEL,
            &format!("{TWO_MERLINS} spell_dodge=esquive a.esq=3 b.esq=3 out_at=legere {more}"),
        )
        .exact()
        .expect("exact")
    };
    let (plain, tired) = (duel("esquive_fatigue=false"), duel(""));
    let draws = |d: &crate::engine::Dist<MagicDuelOutcome>| d.p_where(|o| o.winner == Winner::Draw);
    assert!(
        draws(&tired) < draws(&plain),
        "{} {}",
        draws(&tired),
        draws(&plain)
    );
    assert!((draws(&plain) - 0.2686).abs() < 1e-4 && (draws(&tired) - 0.2612).abs() < 1e-4);
}

/// *Les actions multiples* for a caster who casts and dodges (switch `dodge_actions`),
/// Ex. 2.9's handicaps for two actions, 2 then 2 + 3 = 5. A's fireball (CA 17, Diff 8)
/// at B (esquive 5): free, CA 17 against 8 + 5 = 13, off on 14 to 17 (4/20);
/// `cast_first`, CA 15 against 8 + 0 = 8, on 9 to 15 (7/20); `dodge_first`, CA 12
/// against 8 + 3 = 11, on 12 alone (1/20); `unplanned` (the dodge unplanned: 0 + 5), CA
/// 17 against 8, on 9 to 17 (9/20).
#[test]
fn a_caster_who_casts_and_dodges_takes_the_handicaps() {
    let fresh = [WoundTrack::new(); 4];
    for (plan, ca, nd, p) in [
        ("free", 17, 13, 4.0),
        ("cast_first", 15, 8, 7.0),
        ("dodge_first", 12, 11, 1.0),
        ("unplanned", 17, 8, 9.0),
    ] {
        let duel = dodging(&format!("dodge_actions={plan}"));
        let cast = duel.cast(0, &fresh);
        assert_eq!((cast.spell.ca, cast.spell.nd), (ca, nd), "{plan}");
        assert!(close(p_goes_off(&duel, &fresh), p / 20.0), "{plan}");
    }
}

#[test]
fn the_dodge_switches_need_a_dodge() {
    assert_rejected(
        &MAGIC_DUEL,
        &[
            &format!("{TWO_MERLINS} dodge_actions=cast_first"),
            &format!("{TWO_MERLINS} dodge_actions=twice"),
        ],
    );
}

/// Without a dodged spell, or with no Physique hit, the switch changes nothing.
#[test]
fn the_tired_esquive_needs_a_dodge_and_the_physique() {
    let curse = TWO_MERLINS
        .replace(" a.enc_hit=12", "")
        .replace(" b.enc_hit=12", "");
    for words in [
        format!("{TWO_MERLINS} out_at=legere"),
        format!("{curse} aspect=mystique spell_dodge=esquive a.esq=3 b.esq=3 out_at=legere"),
    ] {
        let exact = |more: &str| {
            expect_model(&MAGIC_DUEL, &format!("{words} {more}"))
                .exact()
                .expect("exact")
        };
        assert_eq!(exact(""), exact("esquive_fatigue=false"), "{words}");
    }
}

#[test]
fn monte_carlo_agrees_with_exact_on_the_dodge_switches() {
    let dodged = format!("{TWO_MERLINS} spell_dodge=esquive a.esq=3 b.esq=3 out_at=legere");
    assert_mechanic_agrees(
        &MAGIC_DUEL,
        &[
            &format!("{dodged} esquive_fatigue=false"),
            &format!("{dodged} dodge_actions=cast_first"),
            &format!("{dodged} dodge_actions=unplanned"),
        ],
        3,
    );
}

/// A against B, who never casts (CA 8 against his Diff 8), B's esquive 5 and Endurance 0:
/// A's fireball (CA 17, Diff 8, Eff -20: no backlash, no karma) is a blow of 8 + 12 = 20
/// that B's Endurance 0 never resists, a blessure légère (3 points de douleur) each time.
const A_AT_A_TARGET: &str = "a.ca=17 a.diff=8 a.eff=-20 a.enc=14 a.bd=12 a.enc_hit=12 \
     a.esq=5 b.ca=8 b.diff=8 b.eff=15 b.enc=14 b.enc_hit=0 b.esq=5 spell_dodge=esquive \
     initiative=a";

/// Out at a grave, B falls at the fifth légère (four fill the track, the fifth is a
/// grave). In 5 rounds A must hit every time: at the ND 8 + 5 = 13, on 14 to 17, (4/20)^5
/// = 0.00032; with `esquive_fatigue` each légère takes 3 off B's esquive, the ND 13, 10,
/// 7, 4, 1: 4/20 · 7/20 · 10/20 · 13/20 · 16/20 = 58,240/3,200,000 = 0.0182.
#[test]
fn a_tired_target_falls_by_hand() {
    let words = format!("{A_AT_A_TARGET} out_at=grave max_rounds=5");
    let a_wins = |more: &str| {
        expect_model(&MAGIC_DUEL, &format!("{words} {more}"))
            .exact()
            .expect("exact")
            .p_where(|o| o.winner == Winner::A)
    };
    assert!(close(a_wins("esquive_fatigue=false"), 1024.0 / 3_200_000.0));
    assert!(close(a_wins(""), 58_240.0 / 3_200_000.0));
}

/// Out at a légère, A's first hit wins. With `dodge_actions=cast_first` A casts at 17 - 2
/// = 15 and B dodges at 5 - 5 = 0: the ND 8, beaten on 9 to 15, 7/20 a round; free, on 14
/// to 17, 4/20. In 3 rounds: 1 - (13/20)^3 = 0.725375 against 1 - (16/20)^3 = 0.488.
#[test]
fn casting_and_dodging_by_hand() {
    let words = format!("{A_AT_A_TARGET} out_at=legere max_rounds=3");
    let a_wins = |more: &str| {
        expect_model(&MAGIC_DUEL, &format!("{words} {more}"))
            .exact()
            .expect("exact")
            .p_where(|o| o.winner == Winner::A)
    };
    assert!(close(a_wins(""), 1.0 - 0.8f64.powi(3)));
    assert!(close(
        a_wins("dodge_actions=cast_first"),
        1.0 - 0.65f64.powi(3)
    ));
}
