//! Magic over time in SCCS (issue 29), run as a user runs it: a *Saisie* that breaks a
//! kept spell without an impact, the ritual circle's relays and its required leader
//! (`sccs.spell`, exact), the built-in shooter and caster whose priorities change once
//! engaged, and the built-in healer's restorations (`sccs.skirmish`).

mod common;

use common::*;

/// A caster of protection 6 keeps a spell under an attacker at 5, the upkeep malus on the
/// total (protection 5 under it): 5 against 5 ties. A grab that ties breaks the spell on
/// the first malus turn: held the D6's turns, mean 3.5; an attack that is no grab breaks
/// it only when the tie's counter lands, mean 7.
#[test]
fn a_saisie_breaks_the_spell_without_an_impact() {
    let words = [
        "sccs.spell",
        "source=melee",
        "attack=5",
        "defense=3",
        "resistance=3",
        "upkeep_malus_on_total=true",
    ];
    assert!((exact(&words, "mean_turns") - 7.0).abs() < 1e-12);
    let mut grab = words.to_vec();
    grab.push("saisie=true");
    assert!((exact(&grab, "mean_turns") - 3.5).abs() < 1e-12);
    assert!((exact(&grab, "broken") - 1.0).abs() < 1e-12);
}

/// A circle of three, each hit with chance 0.3 a turn: the casting breaks in its first
/// turn (held 0) when two are hit, 0.216; with the leader required, when the leader is
/// hit or both others are, 0.363; with one relay, only when all three are, 0.027.
#[test]
fn the_circle_relays_and_its_leader() {
    let first_turn = |extra: &[&str]| {
        let mut words = vec!["sccs.spell", "keeper=circle", "casters=3", "p_hit=0.3"];
        words.extend_from_slice(extra);
        words.extend_from_slice(&["--exact", "--json"]);
        let mut args = vec!["prob"];
        args.extend_from_slice(&words);
        let v = json(&alea(&args));
        v["histograms"]["turns_held"]["0"]
            .as_f64()
            .unwrap_or_else(|| panic!("{v}"))
    };
    assert!((first_turn(&[]) - 0.216).abs() < 1e-12);
    assert!((first_turn(&["leader_required=true"]) - 0.363).abs() < 1e-12);
    assert!((first_turn(&["relays=1"]) - 0.027).abs() < 1e-12);
}

/// Relays belong to a circle: one clear message, exit code 2.
#[test]
fn relays_without_a_circle_are_refused() {
    let out = alea(&["prob", "sccs.spell", "relays=2"]);
    assert_user_error(&out, &["keeper = circle"]);
    let out = alea(&["prob", "sccs.spell", "saisie=true"]);
    assert_user_error(&out, &["source = melee"]);
}

/// The chances of side A and side B winning, and the mean rounds, of `words`, every
/// sample of 2,000.
fn ends(words: &[&str]) -> (f64, f64, f64) {
    let mut all = vec!["sccs.skirmish", "impacts_to_out=2"];
    all.extend_from_slice(words);
    let v = answer(&all, &["--samples", "2000"]);
    (
        estimate(&v, "a_wins").0,
        estimate(&v, "b_wins").0,
        estimate(&v, "mean_rounds").0,
    )
}

/// The built-in archer (priority 1, attack 6, protection 5) and mage (priority 2, attack
/// 6, protection 3) against the brute (axe, priority 4, attack 7, protection 5): every
/// attack gets through, both are hit in round 1. In round 2 the shooter or caster acts
/// first and wins; with `engaged_priority` the axe engages it, it acts at 7 or 8, after
/// the brute, and loses, every sample.
#[test]
fn the_builtin_shooter_and_caster_change_with_engaged_priority() {
    for who in ["side_a=archer", "side_a=mage"] {
        assert_eq!(ends(&[who, "side_b=brute"]), (1.0, 0.0, 2.0), "{who}");
        let on = [who, "side_b=brute", "engaged_priority=true"];
        assert_eq!(ends(&on), (0.0, 1.0, 2.0), "{who}");
    }
}

/// The built-in healer beside the knight against the brute: hit in round 1, it removes
/// its own −1 in round 2 and survives the brute's second blow, both standing when the
/// knight puts the brute out in round 2.
#[test]
fn the_builtin_healer_keeps_itself_standing() {
    let v = answer(
        &[
            "sccs.skirmish",
            "side_a=knight,healer",
            "side_b=brute",
            "impacts_to_out=2",
        ],
        &["--samples", "2000"],
    );
    assert_eq!(estimate(&v, "a_wins").0, 1.0, "{v}");
    assert_eq!(estimate(&v, "a_standing").0, 2.0, "{v}");
    assert_eq!(estimate(&v, "mean_rounds").0, 2.0, "{v}");
}
