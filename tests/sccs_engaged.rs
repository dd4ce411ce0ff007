//! The priorities that change once engaged in `sccs.skirmish` (issue 29), run as a user
//! runs it: a shooter (priority 1) and a caster (priority 2) of the user's roster against
//! the brute, the switch `engaged_priority` and its [choice] `engaged_by_any_foe`, and a
//! value the switch does not take refused.

mod common;

use common::*;

/// The user's roster: the duelist's figures (attack 7, protection 4 + 1 = 5) with a bow
/// (priority 1) or a spell (priority 2), and the brute's running (priority 3).
const ROSTER: &str = "system = \"sccs\"\n\
    [[fighter]]\nname = \"archer\"\nabout = \"a bow\"\nattack = 7\ndefense = 4\nresistance = 1\npriority = 1\n\
    [[fighter]]\nname = \"mage\"\nabout = \"a spell\"\nattack = 7\ndefense = 4\nresistance = 1\npriority = 2\n\
    [[fighter]]\nname = \"runner\"\nabout = \"the brute sprinting\"\nattack = 7\ndefense = 2\nresistance = 3\n\
    armour_res = 1\ndurability = 2\npriority = 3\n";

/// The chances of side A and side B winning, and the mean rounds, of `words` with the
/// user's roster, every sample.
fn ends(roster: &str, words: &[&str]) -> (f64, f64, f64) {
    let mut all = vec!["sccs.skirmish", "impacts_to_out=2"];
    all.extend_from_slice(words);
    let v = answer(&all, &["--roster", roster, "--samples", "2000"]);
    (
        estimate(&v, "a_wins").0,
        estimate(&v, "b_wins").0,
        estimate(&v, "mean_rounds").0,
    )
}

/// Two impacts put one out and every attack gets through (7, then 6, against 5 or less):
/// both are hit in round 1. In round 2 the archer, priority 1, shoots first and wins;
/// engaged by the brute's axe (*Priorité 7 : Le Tir en Mêlée*) it acts after the brute and
/// loses, every sample. The mage (2, then 8 *Sous Pression*) the same.
#[test]
fn an_engaged_shooter_or_caster_acts_after_the_axe() {
    let dir = temp_dir("sccs-engaged");
    let roster = write_file(&dir, "ranged.toml", ROSTER);
    for who in ["side_a=archer", "side_a=mage"] {
        assert_eq!(ends(&roster, &[who, "side_b=brute"]), (1.0, 0.0, 2.0));
        let on = [who, "side_b=brute", "engaged_priority=true"];
        assert_eq!(ends(&roster, &on), (0.0, 1.0, 2.0));
    }
}

/// The runner (priority 3, no melee weapon) engages the archer only with
/// `engaged_by_any_foe`: without it the archer shoots first and wins in round 2, with it
/// the runner acts first and wins in round 2.
#[test]
fn only_a_melee_weapon_engages_unless_switched() {
    let dir = temp_dir("sccs-engaged-any");
    let roster = write_file(&dir, "ranged.toml", ROSTER);
    let on = ["side_a=archer", "side_b=runner", "engaged_priority=true"];
    assert_eq!(ends(&roster, &on), (1.0, 0.0, 2.0));
    let mut any = on.to_vec();
    any.push("engaged_by_any_foe=true");
    assert_eq!(ends(&roster, &any), (0.0, 1.0, 2.0));
}

/// A switch given a word it does not take: one clear message, exit code 2.
#[test]
fn a_bad_switch_is_refused() {
    let out = alea(&[
        "prob",
        "sccs.skirmish",
        "side_a=knight",
        "side_b=militia",
        "engaged_priority=maybe",
    ]);
    assert_user_error(&out, &["engaged_priority"]);
}
