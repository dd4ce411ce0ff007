//! *L'Attente* in `sccs.skirmish` (issue 29), run as a user runs it: a combatant holding its
//! action at every turn and striking a foe just before that foe acts (« J'interromps ! »),
//! from the built-in roster and from the user's own; exact one against one (the melee a
//! round late), the switch `attente_lapses`, and a combatant given two options refused.

mod common;

use common::*;

/// The knight waiting against the militia, who acts first and never beats the knight's 7:
/// the knight ties in round 2 (6 against 6) and the D6's counter c lands in round c + 2,
/// exactly: side A wins surely, in 5.5 rounds on average (4.5 attacking).
#[test]
fn the_knight_waiting_is_exact() {
    let words = ["sccs.skirmish", "side_a=knight_waiting", "side_b=militia"];
    assert!((exact(&words, "a_wins") - 1.0).abs() < 1e-12);
    assert!((exact(&words, "mean_rounds") - 5.5).abs() < 1e-12);
    let plain = ["sccs.skirmish", "side_a=knight", "side_b=militia"];
    assert!((exact(&plain, "mean_rounds") - 4.5).abs() < 1e-12);
}

/// The duelist of the user's roster waiting against the militia: the militia ties it in
/// round 1, and in round 2 the duelist interrupts it before it acts (7 against 6): side
/// B wins in round 2, every sample. With `attente_lapses` the held action is lost at the
/// end of each round before the militia acts: the duelist never strikes, and the militia's
/// counter lands within 7 rounds: side A wins, every sample.
#[test]
fn a_waiting_duelist_from_the_users_roster() {
    let dir = temp_dir("sccs-attente");
    let roster = write_file(
        &dir,
        "waiting.toml",
        "system = \"sccs\"\n[[fighter]]\nname = \"fencer\"\nabout = \"a duelist who waits\"\n\
         attack = 7\ndefense = 4\nresistance = 1\npriority = 5\nattente = \"always\"\n",
    );
    let words = ["sccs.skirmish", "side_a=militia", "side_b=fencer"];
    let extra = ["--roster", &roster, "--samples", "2000"];
    let v = answer(&words, &extra);
    assert_eq!(estimate(&v, "b_wins").0, 1.0, "{v}");
    assert_eq!(estimate(&v, "mean_rounds").0, 2.0, "{v}");
    let mut lapses = words.to_vec();
    lapses.push("attente_lapses=true");
    let v = answer(&lapses, &extra);
    assert_eq!(estimate(&v, "a_wins").0, 1.0, "{v}");
}

/// One option a turn: a fighter given both L'Attente and the manœuvre défensive is refused
/// with the text's reason, exit code 2; so are an `attente` and an `attente_target` the
/// text does not know, with the words they take.
#[test]
fn two_options_and_unknown_words_are_refused() {
    let dir = temp_dir("sccs-attente-bad");
    let both = write_file(
        &dir,
        "both.toml",
        "system = \"sccs\"\n[[fighter]]\nname = \"both\"\nattack = 5\ndefense = 3\n\
         resistance = 1\nmanoeuvre = \"always\"\nattente = \"always\"\n",
    );
    let odd = write_file(
        &dir,
        "odd.toml",
        "system = \"sccs\"\n[[fighter]]\nname = \"odd\"\nattack = 5\ndefense = 3\n\
         resistance = 1\nattente = \"sometimes\"\n",
    );
    let run = |side: &str, roster: &str| {
        alea(&[
            "prob",
            "sccs.skirmish",
            side,
            "side_b=militia",
            "--roster",
            roster,
        ])
    };
    assert_user_error(&run("side_a=both", &both), &["both", "UNE option"]);
    assert_user_error(&run("side_a=odd", &odd), &["attente", "always"]);
    let out = alea(&[
        "prob",
        "sccs.skirmish",
        "side_a=knight_waiting",
        "side_b=militia",
        "attente_target=whoever",
    ]);
    assert_user_error(&out, &["next_foe", "chosen"]);
}
