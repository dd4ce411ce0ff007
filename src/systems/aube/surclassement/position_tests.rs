//! Unit tests of [`super`] (`position.rs`), kept beside it.

use super::*;
use crate::engine::Dist;
use crate::systems::aube::surclassement::exchange::{Exchange, ExchangeOutcome};

fn krom() -> Fighter {
    Fighter::new([7, 7, 9], [1, -3, 20], 13, 3)
}

fn bjorn() -> Fighter {
    Fighter::new([7, 7, 9], [1, 2, 15], 11, 4)
}

/// A track with `legere` légères, `fatigue` fatigue points and `stun` pending étourdis.
fn track(legere: u8, fatigue: i64, stun: u8) -> WoundTrack {
    let mut t = WoundTrack::new();
    for _ in 0..legere {
        t.take(DamageResult::Legere);
    }
    t.add_fatigue(fatigue - t.fatigue());
    for _ in 0..stun {
        t.take(DamageResult::Etourdi);
    }
    t
}

/// What an exchange outcome of [`Exchange::law`] does, as [`Fight::law`] says it.
fn as_effect(o: &ExchangeOutcome) -> Effect {
    let side = |w: Option<Winner>| usize::from(w == Some(Winner::B));
    match (o.damage, o.feint_gained) {
        (Some(r), _) => Effect::Blow(1 - side(o.winner), r),
        (None, f) if f > 0 => Effect::Feint(side(o.winner), f),
        _ => Effect::Quiet,
    }
}

/// The exchange mechanic's exact law (its sampling code enumerated), from the same
/// position, read as effects.
fn exchange_law(fight: &Fight, pos: &Position, moves: [Manoeuvre; 2]) -> Dist<Effect> {
    let rules = fight.rules();
    let f = fight.fighters();
    let exchange = Exchange {
        rules,
        stances: [0, 1].map(|s| {
            let t = &pos.tracks[s];
            Stance::new(
                &f[s],
                moves[s],
                &rules,
                pos.feints[s],
                t.fatigue() + t.stun(),
            )
        }),
        targets: [0, 1].map(|s| {
            DamageRule::new(f[s].enc - pos.tracks[s].fatigue(), f[s].be, rules.fm)
                .under(&rules.tables)
        }),
    };
    exchange.law().map(as_effect)
}

#[test]
fn the_law_of_an_exchange_is_the_exchange_mechanics() {
    for rules in [
        Rules::default(),
        Rules {
            fm: 10,
            loser_subtracts: LoserSubtracts::Modified,
            ..Rules::default()
        },
    ] {
        let fight = Fight::new(rules, [krom(), bjorn()], OutAt::Fatale);
        let positions = [
            Position::START,
            Position {
                tracks: [track(1, 4, 1), track(0, 2, 0)],
                feints: [0, 7],
            },
            Position {
                tracks: [track(2, 6, 0), track(3, 9, 1)],
                feints: [12, 0],
            },
        ];
        for pos in &positions {
            for ma in Manoeuvre::ALL {
                for mb in Manoeuvre::ALL {
                    let law = fight.law(pos, [ma, mb]);
                    let total: f64 = law.iter().map(|(_, p)| p).sum();
                    assert!((total - 1.0).abs() < 1e-12, "{total}");
                    let expected = exchange_law(&fight, pos, [ma, mb]);
                    for &(e, p) in law.iter() {
                        let q = expected.p(&e);
                        assert!(
                            (p - q).abs() < 1e-12,
                            "{pos:?} {ma:?} {mb:?} {e:?}: {p} vs {q}"
                        );
                    }
                    assert_eq!(law.len(), expected.len(), "{pos:?} {ma:?} {mb:?}");
                }
            }
        }
    }
}

#[test]
fn fatigue_past_the_cap_changes_nothing() {
    // A test of CA 1 or less fails automatically, whatever the CA.
    for ca in [-30, 0, 1] {
        assert!(test_law(ca).iter().all(|(t, _)| !t.success));
    }
    let fight = Fight::new(Rules::default(), [krom(), bjorn()], OutAt::Fatale);
    // Kröm's CAs are at most 9, his enc 13: every test fails from 12 fatigue points on.
    assert_eq!((fight.fatigue_cap(0), fight.fatigue_cap(1)), (12, 10));
    let tired = |fatigue| Position {
        tracks: [track(4, fatigue, 0), track(0, 3, 0)],
        feints: [0, 0],
    };
    for moves in [
        [Manoeuvre::Md, Manoeuvre::Md],
        [Manoeuvre::Mp, Manoeuvre::Ma],
    ] {
        assert_eq!(fight.law(&tired(12), moves), fight.law(&tired(40), moves));
    }
    let merged = fight.canonical(tired(40));
    assert_eq!(merged, tired(12));
    assert!(fight.idle(&merged, 0) && !fight.idle(&merged, 1));
    // A pending étourdi no longer matters there and is dropped.
    let stunned = Position {
        tracks: [track(4, 40, 1), track(0, 3, 0)],
        feints: [0, 0],
    };
    assert_eq!(fight.canonical(stunned), tired(12));
    assert!(fight.endless(
        &Position {
            tracks: [track(4, 12, 0), track(4, 12, 0)],
            feints: [0, 0],
        },
        [true; 2]
    ));
    // Kröm helpless; Björn at 6 fatigue points can no longer feint (MA CA 7 - 6) and his
    // best blow, E = 3 + 10, less Kröm's be 3, only dazes: endless. Fresher, or holding
    // feint points, Björn can still wound.
    let dazing = |fatigue, feint| Position {
        tracks: [track(0, 12, 0), track(0, fatigue, 0)],
        feints: [0, feint],
    };
    assert!(fight.endless(&dazing(6, 0), [true; 2]));
    assert!(!fight.endless(&dazing(5, 0), [true; 2]));
    assert!(!fight.endless(&dazing(6, 2), [true; 2]));
    assert!(!fight.endless(&Position::START, [true; 2]));
    // A weak blow (bd 5: E at most 9) only dazes even a fresh foe: only the feint can
    // build it up, so the fight is endless if and only if he never feints.
    let weak = Fighter::new([7, 7, 9], [1, 2, 5], 11, 4);
    let fight = Fight::new(Rules::default(), [krom(), weak], OutAt::Fatale);
    let helpless = Position {
        tracks: [track(0, 12, 0), WoundTrack::new()],
        feints: [0, 0],
    };
    assert!(!fight.endless(&helpless, [true; 2]));
    assert!(fight.endless(&helpless, [true, false]));
}

#[test]
fn an_exchange_moves_the_tracks_and_ends_the_fight() {
    // Kröm one légère from the grave (4 légères held): a légère of Björn's puts him out
    // under out_at = grave, and only a blow moves a track.
    let fight = Fight::new(Rules::default(), [krom(), bjorn()], OutAt::Grave);
    let pos = Position {
        tracks: [track(4, 12, 0), track(0, 0, 1)],
        feints: [0, 0],
    };
    let steps = fight.exchange(&pos, [Manoeuvre::Md, Manoeuvre::Md]);
    let total: f64 = steps.iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-12);
    let mut out = 0.0;
    for (step, p) in &steps {
        match (step.after, step.blow) {
            (After::Out(w), Some(r)) => {
                assert_eq!((w, r >= DamageResult::Legere), (Winner::B, true));
                out += p;
            }
            (After::Next(next), blow) => {
                // Kröm can no longer succeed: every step is Björn's or nothing; Björn's
                // étourdi was spent by his manœuvre.
                assert_eq!(next.tracks[1].stun(), 0);
                assert_eq!(next.tracks[1].fatigue(), 0);
                assert!(blow.is_none_or(|r| r < DamageResult::Legere), "{blow:?}");
            }
            (After::Out(_), None) => panic!("out without a blow"),
        }
    }
    assert!(out > 0.0);
    // The holder's cap: from there every success wins and every won MD is fatale.
    assert_eq!(fight.feint_cap(), 55);
}

#[test]
fn contests_merge_without_sorting_as_sorting_merges_them() {
    use super::{merged, merged_contests};
    use crate::engine::fight::Winner;
    let contests = vec![
        ((Some(Winner::B), 3), 0.1),
        ((None, 0), 0.2),
        ((Some(Winner::A), -2), 0.05),
        ((Some(Winner::Draw), 0), 0.15),
        ((Some(Winner::A), 5), 0.125),
        ((Some(Winner::B), 3), 0.3),
        ((None, 0), 0.05),
        ((Some(Winner::A), -2), 0.025),
    ];
    let dense = merged_contests(&contests);
    let sorted = merged(contests);
    assert_eq!(dense.len(), sorted.len());
    for (d, s) in dense.iter().zip(&sorted) {
        assert_eq!(d.0, s.0);
        assert_eq!(d.1.to_bits(), s.1.to_bits());
    }
    assert!(merged_contests(&[]).is_empty());
}

#[test]
fn a_dense_contest_table_is_left_empty_for_the_next_exchange() {
    use super::{merged, merged_contests_into};
    use crate::engine::fight::Winner;
    let first = vec![((Some(Winner::B), 40), 0.5), ((None, 0), 0.5)];
    let second = vec![((Some(Winner::A), 2), 0.25), ((Some(Winner::B), 1), 0.75)];
    let (mut sums, mut out) = (Vec::new(), Vec::new());
    merged_contests_into(&first, &mut sums, &mut out);
    assert_eq!(out, merged(first));
    assert!(sums.iter().all(Option::is_none));
    merged_contests_into(&second, &mut sums, &mut out);
    assert_eq!(out, merged(second));
    assert!(sums.iter().all(Option::is_none));
}

#[test]
fn the_dense_merge_of_effects_is_the_sorted_merge_bit_for_bit() {
    use super::{Effect, merged, merged_effects};
    let effects = vec![
        (Effect::Blow(1, DamageResult::Grave), 0.1),
        (Effect::Quiet, 0.2),
        (Effect::Feint(0, 3), 0.05),
        (Effect::Blow(0, DamageResult::None), 0.15),
        (Effect::Feint(1, 1), 0.125),
        (Effect::Blow(1, DamageResult::Grave), 0.3),
        (Effect::Quiet, 0.05),
        (Effect::Feint(0, 3), 0.025),
        (Effect::Blow(0, DamageResult::Fatale), 0.0125),
        (Effect::Feint(0, 1), 0.0625),
    ];
    let dense = merged_effects(&effects, &mut Vec::new());
    let sorted = merged(effects);
    assert_eq!(dense.len(), sorted.len());
    for (d, s) in dense.iter().zip(&sorted) {
        assert_eq!(d.0, s.0);
        assert_eq!(d.1.to_bits(), s.1.to_bits());
    }
    assert!(merged_effects(&[], &mut Vec::new()).is_empty());
}
