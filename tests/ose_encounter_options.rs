//! The options of `ose.encounter` from the sheet's round (issue 29), run as a user runs
//! them: a slow weapon given in the user's roster, missiles during an approach, spells
//! interrupted, a retreat, and a bad option refused.

mod common;

use common::*;

const QUIET: [&str; 2] = ["party_surprise=0", "monsters_surprise=0"];

/// "Armes lentes : agissent toujours en dernier dans le round": a level-1 fighter of the
/// user's roster with a two-handed sword against an HD-1 monster, one round: the monster
/// always strikes first (kills with 0.1), then the fighter hits on 11 (1/2) for a d6+1
/// reaching the monster's d8 (9/16): exactly 0.9 × 0.28125.
#[test]
fn a_slow_weapon_from_the_roster_is_exact_one_against_one() {
    let dir = temp_dir("ose-encounter-slow");
    let roster = write_file(
        &dir,
        "slow.toml",
        "system = \"ose\"\n[[fighter]]\nname = \"slowpoke\"\nabout = \"a fighter with a \
         two-handed sword\"\nthac0 = 19\nac = 4\nhp = 5\ndamage = 6\nstr = 1\nslow = true\n",
    );
    let mut words = vec!["ose.encounter", "party=slowpoke", "monsters=hd1"];
    words.extend(QUIET);
    words.push("max_rounds=1");
    let v = answer(&words, &["--exact", "--roster", &roster]);
    let exact = v["metrics"]["party_wins"]["exact"]
        .as_f64()
        .unwrap_or_else(|| panic!("{v}"));
    assert!((exact - 0.253125).abs() < 1e-12, "{v}");
}

/// Two rounds of missiles before melee (every built-in PC carries one) against monsters
/// that have none: the party holds the field more often than when it starts in melee;
/// and one round of missiles alone kills with 9/20 × 21/48, within the interval.
#[test]
fn missiles_during_the_approach_help_the_party() {
    let group = [
        "ose.encounter",
        "party=fighter1*2,cleric1,thief1",
        "monsters=hd1*4",
    ];
    let extra = ["--samples", "20000"];
    let melee = estimate(&answer(&group, &extra), "party_wins");
    let mut shooting = group.to_vec();
    shooting.push("approach=2");
    let shot = estimate(&answer(&shooting, &extra), "party_wins");
    assert!(shot.1 > melee.2, "{shot:?} against {melee:?}");
    let mut one = vec![
        "ose.encounter",
        "party=fighter1",
        "monsters=hd1",
        "approach=1",
        "max_rounds=1",
    ];
    one.extend(QUIET);
    let (_, lo, hi) = estimate(&answer(&one, &["--samples", "100000"]), "party_wins");
    let exact = 9.0 / 20.0 * 21.0 / 48.0;
    let width = hi - lo;
    assert!(lo - width <= exact && exact <= hi + width, "{lo} {hi}");
}

/// Spells cast by two level-3 magic-users against two HD-2 monsters: lost when the caster
/// is hit first (the sheet), the party wins less than if they never were.
#[test]
fn interrupted_spells_cost_the_party() {
    let words = [
        "ose.encounter",
        "party=mu3*2",
        "monsters=hd2*2",
        "cast=true",
    ];
    let extra = ["--samples", "20000"];
    let lost = estimate(&answer(&words, &extra), "party_wins");
    let mut kept = words.to_vec();
    kept.push("interrupt=false");
    let kept = estimate(&answer(&kept, &extra), "party_wins");
    assert!(lost.2 < kept.1, "{lost:?} against {kept:?}");
}

/// A level-1 fighter fleeing from the first round (`retreat_hp=5`, its hit points) gets
/// away but when the monster strikes first and kills it (0.075),
/// reported as `party_retreats`; a retreat the sheet does not have is refused (exit 2).
#[test]
fn a_retreat_is_reported_and_a_bad_one_refused() {
    let words = [
        "ose.encounter",
        "party=fighter1",
        "monsters=hd1",
        "retreat_hp=5",
        "retreat=flee",
    ];
    let v = answer(&words, &["--samples", "20000"]);
    let (retreats, ..) = estimate(&v, "party_retreats");
    assert!(retreats > 0.8, "{v}");
    let out = alea(&["prob", "ose.encounter", "retreat=run"]);
    assert_user_error(&out, &["retreat"]);
}
