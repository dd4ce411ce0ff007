//! Disengaging with *Acrobatie* in `sccs.skirmish`, run as a user runs it: a combatant of
//! the user's roster with a talent and a policy, each switch of the option, and bad
//! figures refused.

mod common;

use common::*;

/// A duelist of the user's roster (attack 7, protection 4 + 1 = 5) who disengages once
/// wounded, Acrobatie 2.
const RUNNER: &str = "system = \"sccs\"\n[[fighter]]\nname = \"runner\"\n\
    about = \"a duelist who leaves once wounded\"\nattack = 7\ndefense = 4\nresistance = 1\n\
    priority = 5\nacrobatie = 2\ndisengage = \"wounded\"\n";

/// The runner against the brute (axe, priority 4, attack 7, protection 5, so first), two
/// impacts to put one out; no die is rolled. The brute wounds it in round 1, and its
/// Acrobatie 2 − 1 beats the brute's 0: it leaves, and the brute holds the field, side B
/// winning in round 1 every time, the runner escaped. With `escaping_side_loses=false`
/// the fight ends a draw in round 1. Against the brute's attack (7), the test fails: it
/// stays and is put out in round 2, or in round 1 by the brute's free blow.
#[test]
fn a_wounded_runner_leaves_the_brute() {
    let dir = temp_dir("sccs-disengage");
    let roster = write_file(&dir, "runner.toml", RUNNER);
    let run = |switches: &[&str]| {
        let mut words = vec!["sccs.skirmish", "side_a=runner", "side_b=brute"];
        words.push("impacts_to_out=2");
        words.extend_from_slice(switches);
        answer(&words, &["--roster", &roster, "--samples", "2000"])
    };
    let v = run(&[]);
    assert_eq!(estimate(&v, "b_wins").0, 1.0, "{v}");
    assert_eq!(estimate(&v, "a_escaped").0, 1.0, "{v}");
    assert_eq!(estimate(&v, "mean_rounds").0, 1.0, "{v}");
    let v = run(&["escaping_side_loses=false"]);
    assert_eq!(estimate(&v, "draw").0, 1.0, "{v}");
    let v = run(&["disengage_difficulty=attack"]);
    assert_eq!(estimate(&v, "a_escaped").0, 0.0, "{v}");
    assert_eq!(estimate(&v, "mean_rounds").0, 2.0, "{v}");
    let v = run(&[
        "disengage_difficulty=attack",
        "disengage_failure=free_attack",
    ]);
    assert_eq!(estimate(&v, "b_wins").0, 1.0, "{v}");
    assert_eq!(estimate(&v, "mean_rounds").0, 1.0, "{v}");
}

/// Without a combatant who disengages the answer has no `a_escaped`, as before the option.
#[test]
fn nobody_disengaging_reports_no_escape() {
    let v = answer(
        &["sccs.skirmish", "side_a=duelist", "side_b=brute"],
        &["--samples", "500"],
    );
    assert!(v["metrics"].get("a_escaped").is_none(), "{v}");
    assert!(v["metrics"].get("a_standing").is_some(), "{v}");
}

/// A policy the option does not know, a bad switch value and a combatant taking two
/// options are refused with one clear message, exit code 2.
#[test]
fn bad_disengaging_is_refused() {
    let dir = temp_dir("sccs-disengage-bad");
    let bad = "system = \"sccs\"\n[[fighter]]\nname = \"coward\"\nattack = 5\ndefense = 3\n\
               resistance = 1\ndisengage = \"sometimes\"\n";
    let out = skirmish_with_roster(&dir, ("bad.toml", bad), "coward", &[]);
    assert_user_error(&out, &["disengage", "wounded", "outnumbered"]);
    let failure = ["disengage_failure=flee"];
    let out = skirmish_with_roster(&dir, ("good.toml", RUNNER), "runner", &failure);
    assert_user_error(&out, &["stays", "free_attack"]);
    let both = "system = \"sccs\"\n[[fighter]]\nname = \"both\"\nattack = 5\ndefense = 3\n\
                resistance = 1\ndisengage = \"always\"\nmanoeuvre = \"always\"\n";
    let out = skirmish_with_roster(&dir, ("both.toml", both), "both", &[]);
    assert_user_error(&out, &["UNE option"]);
}
