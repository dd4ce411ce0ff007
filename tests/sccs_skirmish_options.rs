//! The options of `sccs.skirmish` from the text (issue 29), run as a user runs them: the
//! *manœuvre défensive* (a combatant holding from the built-in roster and from the user's
//! own, exact one against one, the switch of how long the bonus lasts, a bad policy
//! refused), the attacks from the second rank (switch `second_rank`) and two weapons.

mod common;

use common::*;

/// The soldier holding (`soldier_guard`: manœuvre défensive at every turn) against the
/// duelist: it acts first, so the duelist's 7 always meets 3 + 3 + 1 = 7, a tie; the D6
/// sets the counter c and the duelist wins in round c + 1: mean 4.5 rounds, surely.
#[test]
fn a_soldier_holding_is_exact_one_against_one() {
    let words = ["sccs.skirmish", "side_a=soldier_guard", "side_b=duelist"];
    assert!((exact(&words, "b_wins") - 1.0).abs() < 1e-12);
    assert!((exact(&words, "mean_rounds") - 4.5).abs() < 1e-12);
}

/// A knight of the user's roster holding against the duelist, who acts first: by default
/// the +1 lasts to the knight's next turn, every attack after the first is countered, a
/// draw over the 10 rounds (Monte Carlo: no exact value); with `manoeuvre_lasts=round`
/// every attack ties, and the duelist wins in round c + 1, exactly.
#[test]
fn a_holding_knight_from_the_users_roster_and_the_switch() {
    let dir = temp_dir("sccs-manoeuvre");
    let roster = write_file(
        &dir,
        "guard.toml",
        "system = \"sccs\"\n[[fighter]]\nname = \"warden\"\nabout = \"a knight who holds\"\n\
         attack = 6\ndefense = 3\nresistance = 4\narmour_res = 3\ndurability = 4\n\
         priority = 5\nmanoeuvre = \"always\"\n",
    );
    let words = ["sccs.skirmish", "side_a=warden", "side_b=duelist"];
    let v = answer(&words, &["--roster", &roster, "--samples", "2000"]);
    assert_eq!(estimate(&v, "draw").0, 1.0, "{v}");
    let mut round = words.to_vec();
    round.push("manoeuvre_lasts=round");
    round.extend(["--roster", &roster]);
    assert!((exact(&round, "mean_rounds") - 4.5).abs() < 1e-12);
}

/// A policy the text does not know is refused with the words it takes, exit code 2.
#[test]
fn a_bad_manoeuvre_is_refused() {
    let dir = temp_dir("sccs-manoeuvre-bad");
    let bad = "system = \"sccs\"\n[[fighter]]\nname = \"coward\"\nattack = 5\ndefense = 3\n\
               resistance = 1\nmanoeuvre = \"sometimes\"\n";
    let out = skirmish_with_roster(&dir, ("bad.toml", bad), "coward", &[]);
    assert_user_error(&out, &["manoeuvre", "outnumbered"]);
    let out = alea(&[
        "prob",
        "sccs.skirmish",
        "side_a=knight",
        "side_b=militia",
        "manoeuvre_lasts=forever",
    ]);
    assert_user_error(&out, &["next_turn", "round"]);
}

/// The second rank (switch `second_rank`): six militia against the knight and the soldier
/// win more often when the spears beyond the four engaged strike too; four fill no
/// target, so the switch changes nothing, estimate for estimate.
#[test]
fn the_second_rank_through_the_binary() {
    let six = ["sccs.skirmish", "side_a=knight,soldier", "side_b=militia*6"];
    let extra = ["--samples", "4000"];
    let plain = estimate(&answer(&six, &extra), "b_wins");
    let mut reach = six.to_vec();
    reach.push("second_rank=true");
    let reach = estimate(&answer(&reach, &extra), "b_wins");
    assert!(reach.1 > plain.2, "{plain:?} {reach:?}");
    let four = ["sccs.skirmish", "side_a=knight,soldier", "side_b=militia*4"];
    let mut four_reach = four.to_vec();
    four_reach.push("second_rank=true");
    assert_eq!(
        estimate(&answer(&four, &extra), "b_wins"),
        estimate(&answer(&four_reach, &extra), "b_wins")
    );
}

/// Two daggers (the built-in `bravo`) against the militia: the second dagger spends the
/// militia's armour in round 1 and the first lands in round 2, whatever the D6: side A
/// wins within two rounds surely. A user's fighter with two weapons and a sword's
/// priority is refused: dual_wield is a short weapon in each hand.
#[test]
fn two_daggers_through_the_binary() {
    let words = [
        "sccs.skirmish",
        "side_a=bravo",
        "side_b=militia",
        "rounds=2",
    ];
    let v = answer(&words, &["--samples", "2000"]);
    assert_eq!(estimate(&v, "a_wins").0, 1.0, "{v}");
    assert_eq!(estimate(&v, "mean_rounds").0, 2.0, "{v}");
    let dir = temp_dir("sccs-dual");
    let roster = write_file(
        &dir,
        "dual.toml",
        "system = \"sccs\"\n[[fighter]]\nname = \"swords\"\nattack = 6\ndefense = 3\n\
         resistance = 2\npriority = 5\ndual_wield = true\n",
    );
    let out = alea(&[
        "prob",
        "sccs.skirmish",
        "side_a=swords",
        "side_b=militia",
        "--roster",
        &roster,
    ]);
    assert_user_error(&out, &["swords", "short weapon in each hand"]);
}
