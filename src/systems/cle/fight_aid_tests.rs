//! Unit tests of [`super`] (`fight_aid.rs`): finishing off and first aid in a fight, on
//! rigged dice worked by hand from the text.

use super::super::play::Battle;
use super::super::{FightRule, Opponent, Profile, State};
use super::*;
use crate::engine::{enumerate, replay};

/// Two PCs (Combat 8, Défense 6, 2d6 + 1, protection 1, Soins 5) against a boss of the
/// same profile, no hero point spent, with `downed`.
fn rule(downed: Downed) -> FightRule {
    FightRule {
        downed,
        ..FightRule::two_pcs_against(Opponent::Boss)
    }
}

fn battle() -> Battle {
    Battle::for_tests(0)
}

/// A character at 0, unconscious through round `until`, dying at the end of `dies_at`.
fn downed(until: u32, dies_at: u32) -> State {
    State {
        vitality: 0,
        mal: true,
        later_wounds: 2,
        out_until: until,
        dies_at,
        ..State::new(20, 0)
    }
}

fn with(f: impl FnOnce(&mut Downed)) -> FightRule {
    let mut d = Downed::NONE;
    f(&mut d);
    rule(d)
}

#[test]
fn the_patient_is_the_ally_who_dies_soonest_then_the_unconscious() {
    let mut side = [State::new(20, 0); 4];
    assert_eq!(patient(&side, 0, 1, false), None);
    side[1] = downed(5, 0);
    side[2] = downed(0, 4);
    side[3] = downed(0, 3);
    // Dying ones first, the one who dies soonest.
    assert_eq!(patient(&side, 0, 1, false), Some(3));
    // Never itself.
    assert_eq!(patient(&side, 3, 1, false), Some(2));
    side[2].aid_failed = true;
    side[3].aid_failed = true;
    // A failed one only with aid_retry; else the unconscious one.
    assert_eq!(patient(&side, 0, 1, false), Some(1));
    assert_eq!(patient(&side, 0, 1, true), Some(3));
    // Awake again from round 6: nobody left but the failed ones.
    assert_eq!(patient(&side, 0, 6, false), None);
    side[3].kill();
    assert_eq!(patient(&side, 0, 6, true), Some(2));
}

#[test]
fn the_victim_is_an_unconscious_adversary_who_would_stand_again() {
    let mut side = [State::new(20, 0); 3];
    assert_eq!(victim(&side, 1, false), None);
    // Out for the fight (a second couteau at 0): only when its side gives first aid.
    side[0].out_until = u32::MAX;
    // Dies at the end of round 3, unconscious through round 7: dies first.
    side[1] = downed(7, 3);
    assert_eq!(victim(&side, 1, false), None);
    assert_eq!(victim(&side, 1, true), Some(0));
    // Unconscious through round 7, dying at the end of round 9: would wake.
    side[2] = downed(7, 9);
    assert_eq!(victim(&side, 1, false), Some(2));
    // A dying one still standing is no victim (it must be attacked).
    side[2] = downed(0, 9);
    assert_eq!(victim(&side, 1, false), None);
}

#[test]
fn a_pc_tends_the_dying_ally_with_a_soins_test_against_20() {
    let r = with(|d| d.first_aid = Sides::Pcs);
    let mut b = battle();
    b.pcs[1] = downed(6, 3);
    // Soins 5 + 6 + 5 + 4 = 20: the ally gets 1 vitality, stops dying, wakes, its wounds
    // cleared; nothing else rolled (the boss is not attacked).
    replay(&[6, 5, 4], |d| {
        assert!(r.pc_tends_or_finishes(d, &mut b, 0, 2))
    });
    let s = b.pcs[1];
    assert_eq!(
        (s.vitality, s.mal, s.later_wounds, s.dies_at),
        (1, false, 0, 0)
    );
    assert!(s.standing(2));
    // 19 fails: marked, and not tried again (the PC attacks instead)...
    let mut b = battle();
    b.pcs[1] = downed(6, 3);
    replay(&[6, 5, 3], |d| {
        assert!(r.pc_tends_or_finishes(d, &mut b, 0, 2))
    });
    assert!(b.pcs[1].aid_failed && b.pcs[1].dies_at == 3);
    replay(&[], |d| assert!(!r.pc_tends_or_finishes(d, &mut b, 0, 2)));
    // ... unless aid_retry.
    let retry = with(|d| {
        d.first_aid = Sides::Pcs;
        d.aid_retry = true;
    });
    replay(&[6, 6, 6], |d| {
        assert!(retry.pc_tends_or_finishes(d, &mut b, 0, 2))
    });
    assert_eq!(b.pcs[1].dies_at, 0);
    // The foes do not tend with first_aid=pcs.
    let mut b = battle();
    b.foes[1] = downed(6, 3);
    replay(&[], |d| {
        assert!(!r.foe_tends_or_finishes(d, &mut b, (0, 1), 2))
    });
}

#[test]
fn first_aid_succeeds_with_the_chance_of_the_soins_test() {
    // Soins 5 against 20: 3d6 >= 15, 20/216, the enumeration of the turn.
    let r = with(|d| d.first_aid = Sides::Pcs);
    let dist = enumerate(|d| {
        let mut b = battle();
        b.pcs[1] = downed(6, 3);
        r.pc_tends_or_finishes(d, &mut b, 0, 2);
        b.pcs[1].dies_at == 0
    })
    .unwrap();
    assert!((dist.p(&true) - 20.0 / 216.0).abs() < 1e-12);
}

#[test]
fn a_figurant_group_tends_at_plus_one_per_other_member() {
    let r = FightRule {
        downed: Downed {
            first_aid: Sides::Foes,
            ..Downed::NONE
        },
        ..FightRule::uniform(
            2,
            Profile::for_tests(20),
            Opponent::Figurants,
            Profile::for_tests(1),
            6,
        )
    };
    let mut b = battle();
    b.foes[5] = State {
        vitality: 0,
        out_until: u32::MAX,
        ..State::new(1, 0)
    };
    // Soins 5 + 4 (five members) + 4 + 4 + 3 = 20: the figurant stands again with 1.
    replay(&[4, 4, 3], |d| {
        assert!(r.foe_tends_or_finishes(d, &mut b, (0, 5), 2))
    });
    assert!(b.foes[5].standing(3) && b.foes[5].vitality == 1);
}

#[test]
fn an_adversary_finishes_off_the_unconscious_with_its_action() {
    let r = with(|d| d.finish_off = Sides::Foes);
    let mut b = battle();
    b.pcs[1] = downed(6, 0);
    // No dice: the kill is automatic, and the foe's action is spent.
    replay(&[], |d| {
        assert!(r.foe_tends_or_finishes(d, &mut b, (0, 1), 2))
    });
    assert!(b.pcs[1].dead);
    // Nobody left to finish off: the foe attacks.
    replay(&[], |d| {
        assert!(!r.foe_tends_or_finishes(d, &mut b, (0, 1), 2))
    });
    // The PCs do not with finish_off=foes; they do with both.
    let mut b = battle();
    b.foes[0] = downed(6, 0);
    replay(&[], |d| assert!(!r.pc_tends_or_finishes(d, &mut b, 0, 2)));
    let both = with(|d| d.finish_off = Sides::Both);
    replay(&[], |d| assert!(both.pc_tends_or_finishes(d, &mut b, 0, 2)));
    assert!(b.foes[0].dead);
}

#[test]
fn first_aid_comes_before_finishing_off() {
    let r = with(|d| {
        d.first_aid = Sides::Both;
        d.finish_off = Sides::Both;
    });
    let mut b = battle();
    b.pcs[1] = downed(6, 0);
    b.foes[0] = downed(6, 0);
    // The PC tends its ally (a failed test: 3 + 5 = 8) rather than kill the boss.
    replay(&[1, 1, 1], |d| {
        assert!(r.pc_tends_or_finishes(d, &mut b, 0, 2))
    });
    assert!(!b.foes[0].dead && b.pcs[1].aid_failed);
    // Its ally failed already: it finishes off the boss.
    replay(&[], |d| assert!(r.pc_tends_or_finishes(d, &mut b, 0, 2)));
    assert!(b.foes[0].dead);
}
