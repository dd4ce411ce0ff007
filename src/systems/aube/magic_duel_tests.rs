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
             spell_blow=degree out_at=legere",
        ],
        3,
    );
}
