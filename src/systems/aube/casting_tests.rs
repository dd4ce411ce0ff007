//! Unit tests of [`super`] (`casting.rs`), kept beside it: Ex. 2.10 cast after cast, and
//! castings whose every backlash is a légère, worked by hand.

use super::*;
use crate::engine::Model;
use crate::engine::model::replay_one;
use crate::systems::aube::CASTING;
use crate::systems::test_support::{assert_mechanic_agrees, assert_rejected, expect_model};

/// The exact distribution of `aube.casting <words>`.
fn exact(words: &str) -> crate::engine::Dist<CastingOutcome> {
    expect_model(&CASTING, words).exact().expect("exact")
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Ex. 2.10: Merlin's fireball, Eff 15, Diff 8, CA 17; d 12 beats 8: Dom 15 + 8 - 12 =
/// 11; My + Ré 14, d 7: 11 - 7 = 4, étourdi. Fatigue only: no karma; as a wound: an
/// étourdi pending, and the next cast at CA 16 ("aura de la difficulté à utiliser son
/// aspect Mystique").
#[test]
fn ex_2_10_the_fireball_and_its_backlash() {
    let words = "ca=17 diff=8 eff=15 enc=14 max_casts=1";
    let model = expect_model(&CASTING, words);
    let (o, _) = replay_one(&model, &[12, 7]);
    assert_eq!((o.end, o.casts, o.karma), (CastEnd::Capped, 1, 0));
    let casting = expect_model(&CASTING, &format!("{words} backlash=wounds")).casting;
    let (mut caster, mut target) = (WoundTrack::new(), WoundTrack::new());
    let cast = casting.cast(&caster, &target);
    assert_eq!(
        (cast.spell.ca, cast.spell.nd, cast.backlash.enc),
        (17, 8, 14)
    );
    let result = (true, DamageResult::Etourdi, None);
    casting.take(&result, &mut caster, &mut target);
    assert_eq!((caster.fatigue(), caster.stun()), (0, 1));
    assert_eq!(casting.cast(&caster, &target).spell.ca, 16);
    // A légère of karma (3 points) lowers the spell and the Foi alike.
    casting.take(
        &(false, DamageResult::Legere, None),
        &mut caster,
        &mut target,
    );
    let cast = casting.cast(&caster, &target);
    assert_eq!((cast.spell.ca, cast.backlash.enc), (14, 11));
}

/// Eff 20, Diff 8, CA 17 and a Foi of 0 (the resistance test fails without a roll): a
/// test that beats 8 (faces 9 to CA) leaves 28 - °R, 11 to 19, any other 20: every
/// backlash is a légère, 3 points de karma. The spell's CA falls 17, 14, 11, then 8: no
/// face beats 8, the caster is spent after 3 casts, with 9 karma.
const EVERY_BACKLASH_LEGERE: &str = "ca=17 diff=8 eff=20 enc=0";

#[test]
fn three_casts_and_the_caster_is_spent() {
    let d = exact(EVERY_BACKLASH_LEGERE);
    assert!(close(
        d.p_where(|o| o.end == CastEnd::Spent && o.casts == 3 && o.karma == 9),
        1.0
    ));
}

/// The same caster at a target of Endurance 0, the spell's blow 8 + 12 = 20, a légère, out
/// at a légère: the spell goes off on 9 faces in 20, then 6, then 3. The target falls with
/// 1 - 11/20 · 14/20 · 17/20 = 0.67275, after 0.45 · 1 + 0.165 · 2 + (0.05775 + 0.32725)
/// · 3 = 1.935 casts. With a knockout of 6 the caster is out after two casts (0.385).
/// With backlash wounds the first légère puts the caster out: the target falls only on
/// the first cast, 0.45.
#[test]
fn a_target_falls_or_the_caster_is_spent_by_hand() {
    let words = format!("{EVERY_BACKLASH_LEGERE} target.enc=0 bd=12 out_at=legere");
    let d = exact(&words);
    assert!(close(d.p_where(|o| o.end == CastEnd::TargetFalls), 0.67275));
    assert!(close(d.p_where(|o| o.end == CastEnd::Spent), 0.32725));
    assert!(close(d.map(|o| o.casts as i64).mean(), 1.935));
    let d = exact(&format!("{words} knockout=6"));
    assert!(close(d.p_where(|o| o.end == CastEnd::TargetFalls), 0.615));
    assert!(close(d.p_where(|o| o.end == CastEnd::CasterOut), 0.385));
    assert!(close(d.map(|o| o.casts as i64).mean(), 1.55));
    let d = exact(&format!("{words} backlash=wounds"));
    assert!(close(d.p_where(|o| o.end == CastEnd::TargetFalls), 0.45));
    assert!(close(
        d.p_where(|o| o.end == CastEnd::CasterOut && o.casts == 1),
        0.55
    ));
}

/// Read as a weapon's blow (D + bd, bd 0), the spell's blow is a sonné on 9 and 10 and a
/// légère from 11: 7 faces, then 4, then 1; the target falls with 1 - 13/20 · 16/20 ·
/// 19/20 = 0.506.
#[test]
fn the_spell_blow_read_as_a_degree() {
    let words = format!("{EVERY_BACKLASH_LEGERE} target.enc=0 out_at=legere spell_blow=degree");
    let d = exact(&words);
    assert!(close(d.p_where(|o| o.end == CastEnd::TargetFalls), 0.506));
    // Read as the intensity, 8 is a sonné: the target never falls.
    let d = exact(&format!(
        "{EVERY_BACKLASH_LEGERE} target.enc=0 out_at=legere"
    ));
    assert!(close(d.p_where(|o| o.end == CastEnd::TargetFalls), 0.0));
}

#[test]
fn bad_castings_are_rejected() {
    assert_rejected(
        &CASTING,
        &[
            "ca=8 diff=8 eff=15 enc=14",
            "ca=17 diff=8 eff=15 enc=14 backlash=wounds knockout=10",
            "ca=17 diff=8 eff=15",
            "ca=17 diff=8 eff=15 enc=14 backlash=blood",
            "ca=17 diff=8 eff=15 enc=14 spell_blow=maybe",
        ],
    );
}

#[test]
fn monte_carlo_agrees_with_exact() {
    assert_mechanic_agrees(
        &CASTING,
        &[
            "ca=17 diff=8 eff=15 enc=14 target.enc=12 bd=12",
            "ca=17 diff=8 eff=15 enc=14",
            "ca=15 diff=5 eff=25 enc=12 be=2 target.enc=10 target.be=3 backlash=wounds \
             spell_blow=degree bd=10 out_at=grave",
        ],
        3,
    );
}
