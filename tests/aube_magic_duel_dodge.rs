//! The esquive of a caster in `aube.magic_duel` lowered by his Physique fatigue
//! (`esquive_fatigue`), and the handicaps of a caster who casts and dodges
//! (`dodge_actions`; issue "the rules still missing"), asked as a user asks them.

mod common;

use common::*;

/// A (CA 17, Diff 8, no backlash) at B, who never casts, esquive 5, Endurance 0: every
/// fireball that goes off is a légère on B.
const DUEL: [&str; 16] = [
    "aube.magic_duel",
    "a.ca=17",
    "a.diff=8",
    "a.eff=-20",
    "a.enc=14",
    "a.bd=12",
    "a.enc_hit=12",
    "a.esq=5",
    "b.ca=8",
    "b.diff=8",
    "b.eff=15",
    "b.enc=14",
    "b.enc_hit=0",
    "b.esq=5",
    "spell_dodge=esquive",
    "initiative=a",
];

fn with(more: &[&'static str]) -> Vec<&'static str> {
    DUEL.iter().copied().chain(more.iter().copied()).collect()
}

/// Out at a grave, five légères in five rounds: (4/20)^5 with the esquive as given;
/// tired, the ND falls by 3 a légère, 4 · 7 · 10 · 13 · 16 / 20^5.
#[test]
fn a_tired_dodger() {
    let plain = exact(
        &with(&["out_at=grave", "max_rounds=5", "esquive_fatigue=false"]),
        "a_wins",
    );
    assert!((plain - 1024.0 / 3_200_000.0).abs() < 1e-12, "{plain}");
    let tired = exact(&with(&["out_at=grave", "max_rounds=5"]), "a_wins");
    assert!((tired - 58_240.0 / 3_200_000.0).abs() < 1e-12, "{tired}");
}

/// Out at a légère in 3 rounds: free, 1 - (16/20)^3; casting first of two actions (the
/// spell 15, B's esquive 0), 1 - (13/20)^3.
#[test]
fn casting_and_dodging() {
    let three = ["out_at=legere", "max_rounds=3"];
    let free = exact(&with(&three), "a_wins");
    assert!((free - 0.488).abs() < 1e-12, "{free}");
    let mut planned = three.to_vec();
    planned.push("dodge_actions=cast_first");
    let both = exact(&with(&planned), "a_wins");
    assert!((both - 0.725375).abs() < 1e-12, "{both}");
}

/// Without a dodge the handicaps of casting and dodging are refused, exit code 2.
#[test]
fn the_switches_need_a_dodge() {
    let out = alea(&[
        "prob",
        "aube.magic_duel",
        "a.ca=17",
        "a.diff=8",
        "a.eff=15",
        "a.enc=14",
        "a.enc_hit=12",
        "b.ca=17",
        "b.diff=8",
        "b.eff=15",
        "b.enc=14",
        "b.enc_hit=12",
        "dodge_actions=cast_first",
    ]);
    assert_user_error(&out, &["spell_dodge=esquive"]);
}
