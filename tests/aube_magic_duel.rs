//! A magic duel and a dodged spell in `aube` (issue 29), asked as a user asks them: two
//! casters casting at each other in `aube.magic_duel`, and `spell_dodge=esquive` in
//! `aube.casting`, their exact values worked from the text or from the casting they reduce
//! to, and the sampled estimates around them.

mod common;

use common::{alea, answer, assert_user_error, estimate, exact};

/// True when `a` and `b` agree to rounding.
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Two Merlins of Ex. 2.10 (CA 17, Diff 8, Eff 15, Foi 14), fireballs of Diff + 15 on an
/// Endurance of 12 and armour 3, out at a légère.
const MERLINS: [&str; 16] = [
    "aube.magic_duel",
    "a.ca=17",
    "a.diff=8",
    "a.eff=15",
    "a.enc=14",
    "a.bd=15",
    "a.enc_hit=12",
    "a.be_hit=3",
    "b.ca=17",
    "b.diff=8",
    "b.eff=15",
    "b.enc=14",
    "b.bd=15",
    "b.enc_hit=12",
    "b.be_hit=3",
    "out_at=legere",
];

#[test]
fn a_caster_who_never_casts_is_the_target_of_a_casting() {
    // B's CA 8 never beats his Diff 8: A casts at him alone, as aube.casting does.
    let casting = [
        "aube.casting",
        "ca=17",
        "diff=8",
        "eff=15",
        "enc=14",
        "bd=15",
        "target.enc=12",
        "target.be=3",
        "out_at=legere",
    ];
    let mut duel = MERLINS.to_vec();
    duel[8] = "b.ca=8";
    let falls = exact(&casting, "target_falls");
    assert!(falls > 0.5 && falls < 0.9, "{falls}");
    assert!(same(exact(&duel, "a_wins"), falls));
    assert!(same(exact(&duel, "b_wins"), exact(&casting, "caster_out")));
    assert!(same(
        exact(&duel, "mean_casts_a"),
        exact(&casting, "mean_casts")
    ));
    assert!(same(exact(&duel, "mean_casts_b"), 0.0));
}

#[test]
fn two_equal_casters_and_the_sampled_duel_around_the_exact_one() {
    // Equal casters, the initiative drawn each round: even odds.
    let a = exact(&MERLINS, "a_wins");
    assert!(same(a, exact(&MERLINS, "b_wins")));
    assert!(same(a + a + exact(&MERLINS, "draw"), 1.0));
    // The sampled duel agrees with the chain, within its interval.
    let v = answer(&MERLINS, &["--samples", "200000", "--seed", "7"]);
    for metric in [
        "a_wins",
        "draw",
        "mean_rounds",
        "mean_casts_b",
        "mean_karma_a",
    ] {
        let (_, low, high) = estimate(&v, metric);
        let x = exact(&MERLINS, metric);
        assert!(
            low <= x && x <= high,
            "{metric}: {x} not in [{low}, {high}]"
        );
    }
}

#[test]
fn a_spell_dodged_by_hand() {
    // Eff 20 and a Foi of 0: every backlash a légère (3 karma). The target's esquive 5
    // makes the ND 13: beaten on 14 to 17 at CA 17, on 14 at CA 14, never at CA 11.
    let words = [
        "aube.casting",
        "ca=17",
        "diff=8",
        "eff=20",
        "enc=0",
        "target.enc=0",
        "bd=12",
        "out_at=legere",
        "spell_dodge=esquive",
        "target.esq=5",
    ];
    assert!(same(
        exact(&words, "target_falls"),
        1.0 - 16.0 / 20.0 * 19.0 / 20.0
    ));
    assert!(same(exact(&words, "mean_casts"), 1.8));
    // Not dodged (the default), the same caster fells it with 1 - 11/20 · 14/20 · 17/20.
    assert!(same(
        exact(&words[..8], "target_falls"),
        1.0 - 11.0 / 20.0 * 14.0 / 20.0 * 17.0 / 20.0
    ));
}

#[test]
fn bad_magic_duels_are_refused() {
    let no_hit: Vec<&str> = MERLINS
        .iter()
        .copied()
        .filter(|w| *w != "b.enc_hit=12")
        .collect();
    let mut args = vec!["prob"];
    args.extend_from_slice(&no_hit);
    assert_user_error(&alea(&args), &["b.enc_hit"]);
    let mut args = vec!["prob"];
    args.extend_from_slice(&MERLINS);
    args.push("a.esq=3");
    assert_user_error(&alea(&args), &["esq"]);
    let mut args = vec!["prob"];
    args.extend_from_slice(&MERLINS);
    (args[2], args[9]) = ("a.ca=8", "b.ca=8");
    assert_user_error(&alea(&args), &["diff"]);
}
