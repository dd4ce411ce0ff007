//! The Mental and Mystique tracks of `aube` (issue 29), asked as a user asks them: blows on
//! the Mental or the Mystique in `aube.duel` and `aube.melee`, and a caster casting again
//! and again in `aube.casting`, one command each, its exact value worked from the text by
//! hand.

mod common;

use common::{alea, assert_user_error, exact, write_file};

/// True when `a` and `b` agree to rounding.
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn a_caster_is_spent_after_three_casts() {
    // Eff 20, Diff 8 and a Foi of 0: every backlash is a légère, 3 points de karma; the
    // spell's CA falls 17, 14, 11, 8, and at 8 no face beats 8.
    let words = ["aube.casting", "ca=17", "diff=8", "eff=20", "enc=0"];
    assert!(same(exact(&words, "mean_casts"), 3.0));
    assert!(same(exact(&words, "caster_spent"), 1.0));
    assert!(same(exact(&words, "mean_karma"), 9.0));
    // At a target of Endurance 0 that the spell's légère (8 + 12) puts out: the spell
    // goes off on 9 faces, then 6, then 3.
    let at_target = [&words[..], &["target.enc=0", "bd=12", "out_at=legere"]].concat();
    let falls = 1.0 - 11.0 / 20.0 * 14.0 / 20.0 * 17.0 / 20.0;
    assert!(same(exact(&at_target, "target_falls"), falls));
    assert!(same(exact(&at_target, "mean_casts"), 1.935));
}

#[test]
fn a_spell_that_never_goes_off_is_refused() {
    assert_user_error(
        &alea(&["prob", "aube.casting", "ca=8", "diff=8", "eff=15", "enc=14"]),
        &["diff"],
    );
    assert_user_error(
        &alea(&[
            "prob",
            "aube.casting",
            "ca=17",
            "diff=8",
            "eff=15",
            "enc=14",
            "backlash=wounds",
            "knockout=10",
        ]),
        &["knockout"],
    );
}

#[test]
fn a_fight_of_the_mental_is_the_physique_duel_relabelled() {
    let physique = ["aube.duel", "a=average", "b=average"];
    let mental = [
        "aube.duel",
        "a=average",
        "b=average",
        "aspect=mental",
        "a.skill_aspect=mental",
        "b.skill_aspect=mental",
        "a.enc_mental=12",
        "b.enc_mental=12",
        "a.be_mental=3",
        "b.be_mental=3",
    ];
    for metric in ["a_wins", "mean_rounds"] {
        assert!(
            same(exact(&physique, metric), exact(&mental, metric)),
            "{metric}"
        );
    }
    assert_user_error(
        &alea(&[
            "prob",
            "aube.duel",
            "a=average",
            "b=average",
            "aspect=mental",
        ]),
        &["a.enc_mental"],
    );
}

#[test]
fn a_roster_mage_in_a_fight_of_the_mystique() {
    // A mage of the roster fights with a Mystique skill, Foi 14, against a knight of a
    // Physique skill, Foi 9: its points de karma lower the mage's blows, not the knight's.
    // One against one the melee is the duel, with its exact values.
    let dir = common::temp_dir("aube_aspects");
    let roster = write_file(
        &dir,
        "mage.toml",
        "system = \"aube\"\n[[fighter]]\nname = \"mage\"\nca = 12\nba = 0\nbp = 0\nbd = 15\nenc = 10\nbe = 0\nskill_aspect = \"mystique\"\nenc_mystique = 14\nbe_mystique = 2\n\n[[fighter]]\nname = \"knight\"\nca = 12\nba = 0\nbp = 0\nbd = 15\nenc = 12\nbe = 3\nenc_mystique = 9\n",
    );
    let fight = |words: &[&str]| {
        let words = [words, &["aspect=mystique", "--roster", &roster]].concat();
        exact(&words, "a_wins")
    };
    let duel = fight(&["aube.duel", "a=mage", "b=knight"]);
    let melee = fight(&["aube.melee", "side_a=mage", "side_b=knight"]);
    assert!(same(duel, melee), "{duel} {melee}");
    assert!(duel > 0.0 && duel < 0.5, "{duel}");
    // Without a Foi the knight cannot be hit in the Mystique.
    assert_user_error(
        &alea(&[
            "prob",
            "aube.melee",
            "side_a=knight",
            "side_b=average",
            "aspect=mystique",
            "--roster",
            &roster,
        ]),
        &["enc_mystique"],
    );
}
