//! House rules as scripts replacing a step of a system, run through the `alea` binary as
//! a user runs them: the shipped aube advantage rule (exact values from the text), the
//! official-against-house comparison, the listing of steps, and bad scripts refused with
//! the file and line, quickly.

mod common;

use common::{alea, assert_user_error, json, stderr, stdout, temp_dir};
use std::time::{Duration, Instant};

const ADVANTAGE: &str = "analyses/house/aube_advantage.toml";

/// An exchange of surclassement between two equal fighters, both on MD.
const SURCLASSEMENT_EXCHANGE: [&str; 11] = [
    "aube.surclassement.exchange",
    "a.ca_mp=9",
    "a.ca_ma=9",
    "a.ca_md=9",
    "a.enc=11",
    "b.ca_mp=9",
    "b.ca_ma=9",
    "b.ca_md=9",
    "b.enc=11",
    "a_move=md",
    "b_move=md",
];

fn exact_of(answer: &serde_json::Value, name: &str) -> f64 {
    answer["metrics"][name]["exact"].as_f64().unwrap()
}

/// The exact value of `metric` from `alea prob WORDS... EXTRA... --exact --json`.
fn exact_answer(words: &[&str], extra: &[&str], metric: &str) -> f64 {
    let mut args = vec!["prob"];
    args.extend(words);
    args.extend(extra);
    args.extend(["--exact", "--json"]);
    exact_of(&json(&alea(&args)), metric)
}

/// Runs `words` sampled (2,000 samples) under the rules file `rules`, with `extra`
/// arguments: it must succeed.
fn assert_samples_with(words: &[&str], rules: &str, extra: &[&str]) {
    let mut args = vec!["prob"];
    args.extend(words);
    args.extend(["--rules", rules, "--samples", "2000"]);
    args.extend(extra);
    let out = alea(&args);
    assert!(out.status.success(), "{words:?}: {}", stderr(&out));
}

/// A rules file of `system` naming a script `source`, written in a fresh folder.
fn house_rules(label: &str, system: &str, source: &str) -> std::path::PathBuf {
    let dir = temp_dir(label);
    std::fs::write(dir.join("house.rhai"), source).unwrap();
    std::fs::write(
        dir.join("house.toml"),
        format!("system = \"{system}\"\nscript = \"house.rhai\"\n"),
    )
    .unwrap();
    dir.join("house.toml")
}

#[test]
fn advantage_gives_the_chances_of_the_lower_of_two_d20() {
    let answer = json(&alea(&[
        "prob",
        "aube.test",
        "ca=12",
        "nd=5",
        "--rules",
        ADVANTAGE,
        "--exact",
        "--json",
    ]));
    // P(min of 2d20 <= 12) = 1 - (8/20)^2; beating ND 5: 6 <= min <= 12.
    assert!((exact_of(&answer, "success") - 21.0 / 25.0).abs() < 1e-12);
    assert!((exact_of(&answer, "beats_nd") - 161.0 / 400.0).abs() < 1e-12);
}

#[test]
fn advantage_sampled_holds_its_exact_values_on_any_thread_count() {
    let args = [
        "prob",
        "aube.attack",
        "att=krom",
        "def=bjorn",
        "--rules",
        ADVANTAGE,
        "--samples",
        "200000",
        "--json",
    ];
    let one = alea(&[&args[..], &["--threads", "1"]].concat());
    let two = alea(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(stdout(&one), stdout(&two));
    let answer = json(&one);
    let metrics = answer["metrics"].as_object().unwrap();
    for (name, m) in metrics {
        if let (Some(x), Some(lo), Some(hi)) =
            (m["exact"].as_f64(), m["lo"].as_f64(), m["hi"].as_f64())
        {
            assert!(lo <= x && x <= hi, "{name}: {x} outside [{lo}, {hi}]");
        }
    }
}

#[test]
fn compare_prints_official_house_and_the_difference() {
    let out = alea(&[
        "prob",
        "aube.duel",
        "a=krom",
        "b=bjorn",
        "--rules",
        ADVANTAGE,
        "--compare",
    ]);
    let text = stdout(&out);
    assert!(text.contains("test_die replaced by the script"), "{text}");
    assert!(text.contains("exact values"), "{text}");
    let line = text.lines().find(|l| l.starts_with("a_wins")).unwrap();
    assert!(
        line.contains("61.85%") && line.contains("66.28%") && line.contains("+4.43 pts"),
        "{line}"
    );
    // Sampled (a crit die has no exact duel): a paired interval.
    let out = alea(&[
        "prob",
        "aube.duel",
        "a=krom",
        "b=bjorn",
        "a.crit=d6",
        "--rules",
        ADVANTAGE,
        "--compare",
        "--samples",
        "20000",
    ]);
    let text = stdout(&out);
    assert!(text.contains("paired difference"), "{text}");
    assert!(text.contains("95% interval of the difference"), "{text}");
    let e = assert_user_error(&alea(&["prob", "aube.test", "ca=12", "--compare"]), &[]);
    assert!(e.contains("--rules"), "{e}");
}

#[test]
fn rules_list_the_steps_and_print_them_as_a_script() {
    let text = stdout(&alea(&["rules", "aube"]));
    assert!(text.contains("test_die(ca) -> the face read"), "{text}");
    let script = stdout(&alea(&["rules", "aube", "--script"]));
    assert!(
        script.contains("fn test_die(ca) {\n    d(20)\n}"),
        "{script}"
    );
    // The official procedure written as a script gives the official answer.
    let dir = temp_dir("official_step");
    std::fs::write(dir.join("official.rhai"), &script).unwrap();
    std::fs::write(dir.join("house.toml"), "script = \"official.rhai\"\n").unwrap();
    let house = dir.join("house.toml");
    let scripted = json(&alea(&[
        "prob",
        "aube.duel",
        "a=krom",
        "b=bjorn",
        "--exact",
        "--json",
        "--rules",
        house.to_str().unwrap(),
    ]));
    let official = json(&alea(&[
        "prob",
        "aube.duel",
        "a=krom",
        "b=bjorn",
        "--exact",
        "--json",
    ]));
    for name in ["a_wins", "b_wins", "mean_rounds"] {
        assert!(
            (exact_of(&scripted, name) - exact_of(&official, name)).abs() < 1e-12,
            "{name}"
        );
    }
}

#[test]
fn bad_step_scripts_end_quickly_with_the_file_and_line() {
    let dir = temp_dir("bad_steps");
    let cases = [
        (
            "loop.rhai",
            "fn test_die(ca) {\n    let x = 0;\n    loop { x += 1; }\n}\n",
            "loop.rhai:3",
        ),
        (
            "file.rhai",
            "fn test_die(ca) {\n    open_file(\"/etc/passwd\")\n}\n",
            "file.rhai:2",
        ),
        (
            "syntax.rhai",
            "fn test_die(ca) {\n    d(20\n}\n",
            "syntax.rhai:3",
        ),
        (
            "signature.rhai",
            "\n\nfn test_die(ca, nd) { d(20) }\n",
            "signature.rhai:3",
        ),
        (
            "unknown.rhai",
            "fn test_dice(ca) { d(20) }\n",
            "did you mean 'test_die'",
        ),
    ];
    for (name, text, expected) in cases {
        std::fs::write(dir.join(name), text).unwrap();
        let rules = dir.join(format!("{name}.toml"));
        std::fs::write(&rules, format!("script = \"{name}\"\n")).unwrap();
        let start = Instant::now();
        let out = alea(&[
            "prob",
            "aube.test",
            "ca=12",
            "--rules",
            rules.to_str().unwrap(),
        ]);
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{name}: {:?}",
            start.elapsed()
        );
        assert_user_error(&out, &[expected]);
    }
}

#[test]
fn surclassement_refuses_a_house_test_die_rather_than_ignore_it() {
    let e = assert_user_error(
        &alea(
            &[
                &["prob"][..],
                &SURCLASSEMENT_EXCHANGE,
                &["--rules", ADVANTAGE],
            ]
            .concat(),
        ),
        &[],
    );
    assert!(e.contains("official d20"), "{e}");
}

#[test]
fn ose_attack_rolls_on_3d6_in_every_mechanic_that_attacks() {
    let rules = "analyses/house/ose_3d6.toml";
    // THAC0 19 against AC 4 needs 15: 3d6 >= 15 is 20 of 216.
    let answer = json(&alea(&[
        "prob",
        "ose.attack",
        "thac0=19",
        "ac=4",
        "--rules",
        rules,
        "--exact",
        "--json",
    ]));
    assert!((exact_of(&answer, "hit") - 20.0 / 216.0).abs() < 1e-12);
    // The duel plays the same step: exact values, and estimates inside their intervals.
    let duel = json(&alea(&[
        "prob",
        "ose.duel",
        "fighter=fighter3",
        "monster=ogre",
        "--rules",
        rules,
        "--samples",
        "100000",
        "--json",
    ]));
    let official = json(&alea(&[
        "prob",
        "ose.duel",
        "fighter=fighter3",
        "monster=ogre",
        "--exact",
        "--json",
    ]));
    for (name, m) in duel["metrics"].as_object().unwrap() {
        let (x, lo, hi) = (m["exact"].as_f64(), m["lo"].as_f64(), m["hi"].as_f64());
        if let (Some(x), Some(lo), Some(hi)) = (x, lo, hi) {
            assert!(lo <= x && x <= hi, "{name}: {x} outside [{lo}, {hi}]");
        }
    }
    assert_ne!(
        exact_of(&duel, "fighter_wins"),
        exact_of(&official, "fighter_wins")
    );
}

#[test]
fn maitrise_rolls_on_2d10_in_a_test_and_a_series() {
    let rules = "analyses/house/maitrise_2d10.toml";
    // 2d10 <= 12 is 64 of 100; the 11 is the only critical success left (10 of 100).
    let answer = json(&alea(&[
        "prob",
        "maitrise.test",
        "sm=12",
        "--rules",
        rules,
        "--exact",
        "--json",
    ]));
    assert!((exact_of(&answer, "success") - 0.64).abs() < 1e-12);
    assert!((exact_of(&answer, "crit_success") - 0.10).abs() < 1e-12);
    // A series of three rolls that must all succeed: 0.64^3.
    let series = json(&alea(&[
        "prob",
        "maitrise.series",
        "sm=12",
        "n=3",
        "--rules",
        rules,
        "--exact",
        "--json",
    ]));
    let all = exact_of(&series, "all_succeed");
    assert!((all - 0.64f64.powi(3)).abs() < 1e-12, "{all}");
}

#[test]
fn a_mechanic_that_plays_only_steps_refuses_table_changes() {
    let dir = temp_dir("steps_only");
    std::fs::copy("analyses/house/aube_advantage.rhai", dir.join("adv.rhai")).unwrap();
    let both = dir.join("both.toml");
    std::fs::write(&both, "script = \"adv.rhai\"\n[damage]\nlegere = 15\n").unwrap();
    // aube.test plays the test's d20 but reads no table: the damage change would do nothing.
    assert_user_error(
        &alea(&[
            "prob",
            "aube.test",
            "ca=12",
            "--rules",
            both.to_str().unwrap(),
        ]),
        &["aube.test reads none of aube's rule tables"],
    );
    // aube.attack reads both.
    json(&alea(&[
        "prob",
        "aube.attack",
        "att=krom",
        "def=bjorn",
        "--exact",
        "--json",
        "--rules",
        both.to_str().unwrap(),
    ]));
    let listed = stdout(&alea(&["list", "aube.test"]));
    assert!(listed.contains("may replace aube's steps"), "{listed}");
}

#[test]
fn sccs_tension_die_of_a_d8_with_a_floor_in_every_mechanic_that_ties() {
    let rules = "analyses/house/sccs_d8_tension.toml";
    let tie = ["type=3", "cible=3", "defense=3", "resistance=3"];
    let exchange = ["sccs.exchange", tie[0], tie[1], tie[2], tie[3]];
    let mean = |extra: &[&str]| exact_answer(&exchange, extra, "mean_exchanges");
    // The impact comes one exchange after the counter runs out: d6 + 1 (mean 4.5) and
    // max(d8, 2) + 1 (mean (2 + 2 + 3 + ... + 8) / 8 + 1 = 45/8).
    assert!((mean(&[]) - 4.5).abs() < 1e-12);
    assert!((mean(&["--rules", rules]) - 45.0 / 8.0).abs() < 1e-12);
    // One attacker tying at 6 in a melee lands the impact within 3 rounds when the
    // counter is at most 2: 2/6 with the D6, 2/8 (the floor) with the house die.
    let melee = |extra: &[&str]| {
        let words = ["sccs.melee", "n_attackers=1", "attack=6"];
        exact_answer(&words, extra, "impact_by_round_3")
    };
    assert!((melee(&[]) - 1.0 / 3.0).abs() < 1e-12);
    assert!((melee(&["--rules", rules]) - 0.25).abs() < 1e-12);
    // The skirmish and the spell roll the same counters: they run with the house die.
    for mechanic in [
        &["sccs.skirmish", "side_a=knight,soldier", "side_b=militia*3"][..],
        &["sccs.spell", "source=melee"],
    ] {
        assert_samples_with(mechanic, rules, &[]);
    }
}

#[test]
fn cle_exploding_damage_adds_a_d6_per_six_read_off_the_attack() {
    let rules = "analyses/house/cle_exploding_damage.toml";
    let plain = |damage: &str, rules: Option<&str>| {
        let weapon = format!("damage={damage}");
        let mut args = vec![
            "prob",
            "cle.attack",
            "combat=8",
            "defense=5",
            weapon.as_str(),
            "--exact",
            "--json",
        ];
        if let Some(r) = rules {
            args.extend(["--rules", r]);
        }
        let answer = json(&alea(&args));
        (
            exact_of(&answer, "mean_damage_plain"),
            exact_of(&answer, "mean_damage_given_hit"),
        )
    };
    // Each die shows 6 one time in six and then adds 3.5: n x (3.5 + 3.5 / 6).
    for (weapon, n) in [("1d6", 1.0), ("3d6", 3.0)] {
        let (official, official_hit) = plain(weapon, None);
        let (house, house_hit) = plain(weapon, Some(rules));
        assert!((official - 3.5 * n).abs() < 1e-12, "{weapon}: {official}");
        assert!(
            (house - n * (3.5 + 3.5 / 6.0)).abs() < 1e-12,
            "{weapon}: {house}"
        );
        assert!(
            house_hit > official_hit,
            "{weapon}: {house_hit} <= {official_hit}"
        );
    }
    // In a whole fight more damage ends it sooner: the paired interval of the change in
    // mean rounds lies below 0.
    let out = alea(&[
        "prob",
        "cle.fight",
        "--rules",
        rules,
        "--compare",
        "--samples",
        "20000",
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("damage_dice replaced by the script"),
        "{text}"
    );
    let line = text.lines().find(|l| l.starts_with("mean_rounds")).unwrap();
    let upper: f64 = line
        .rsplit(", ")
        .next()
        .and_then(|s| s.trim_end_matches(']').trim().parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(upper < 0.0, "{line}");
}

#[test]
fn ose_damage_initiative_and_morale_are_steps_of_every_mechanic_that_rolls_them() {
    let dir = temp_dir("ose_steps");
    std::fs::write(
        dir.join("house.rhai"),
        "fn morale_roll() { d(12) }\nfn damage_die(sides) { sides }\nfn initiative_die() { d(10) }\n",
    )
    .unwrap();
    let rules = dir.join("house.toml");
    std::fs::write(&rules, "system = \"ose\"\nscript = \"house.rhai\"\n").unwrap();
    let rules = rules.to_str().unwrap();
    // One check on a d12 holds at morale 7 with chance 7/12 (21/36 on 2d6).
    let morale =
        |extra: &[&str]| exact_answer(&["ose.morale", "morale=7", "checks=1"], extra, "holds");
    assert!((morale(&[]) - 21.0 / 36.0).abs() < 1e-12);
    assert!((morale(&["--rules", rules]) - 7.0 / 12.0).abs() < 1e-12);
    // Every blow dealing its die's most ends a duel sooner; the encounter of one PC
    // against one monster is that duel, exactly.
    let rounds = |mechanic: &[&str], extra: &[&str]| exact_answer(mechanic, extra, "mean_rounds");
    let duel = ["ose.duel", "fighter=fighter3", "monster=ogre"];
    let encounter = [
        "ose.encounter",
        "party=fighter3",
        "monsters=ogre",
        "party_surprise=0",
        "monsters_surprise=0",
    ];
    let house = rounds(&duel, &["--rules", rules]);
    assert!(house < rounds(&duel, &[]), "{house}");
    assert!((rounds(&encounter, &["--rules", rules]) - house).abs() < 1e-9);
    // A house initiative die of one value ties every round: rolling again never ends.
    std::fs::write(dir.join("house.rhai"), "fn initiative_die() { 3 }\n").unwrap();
    let e = assert_user_error(&alea(&["prob", "ose.duel", "--rules", rules]), &["ties"]);
    assert!(e.contains("initiative_die"), "{e}");
}

#[test]
fn sccs_exchange_margin_puts_dice_into_every_exchange() {
    // A house exchange: the margin (attack less protection) plus d6 - d6. An even exchange
    // (3 + 3 against 3 + 3) lands when d6 - d6 > 0 (15 in 36), is countered when < 0 (15
    // in 36), ties when 0 (6 in 36); the text, rolling no die, always ties.
    let rules = house_rules(
        "sccs-margin",
        "sccs",
        "fn exchange_margin(margin) {\n    margin + d(6) - d(6)\n}\n",
    );
    let house = ["--rules", rules.to_str().unwrap()];
    let exchange = ["sccs.exchange"];
    for (metric, official, scripted) in [
        ("impact", 0.0, 15.0 / 36.0),
        ("countered", 0.0, 15.0 / 36.0),
        ("tension", 1.0, 6.0 / 36.0),
    ] {
        assert!((exact_answer(&exchange, &[], metric) - official).abs() < 1e-12);
        assert!((exact_answer(&exchange, &house, metric) - scripted).abs() < 1e-12);
    }
    // One attacker tying at 6 in a melee: officially no impact in the first round (a tie
    // sets the counter); with the house margin, 15 in 36 (one attacker meets no erosion).
    let melee = ["sccs.melee", "n_attackers=1", "attack=6"];
    assert!(exact_answer(&melee, &[], "impact_by_round_1").abs() < 1e-12);
    let first = exact_answer(&melee, &house, "impact_by_round_1");
    assert!((first - 15.0 / 36.0).abs() < 1e-12, "{first}");
    // A knight against a militiaman who can never hurt him is a melee, exact; with dice
    // in the exchange the militiaman may land a blow, and the skirmish has no exact answer.
    let duel = ["sccs.skirmish", "side_a=knight", "side_b=militia"];
    assert!((exact_answer(&duel, &[], "a_wins") - 1.0).abs() < 1e-12);
    let mut args = vec!["prob"];
    args.extend(duel);
    args.extend(house);
    args.push("--exact");
    assert_user_error(&alea(&args), &["no exact answer"]);
    // The skirmish and the spell compare attacks too: they run with the house margin.
    for mechanic in [
        &["sccs.skirmish", "side_a=knight,soldier", "side_b=militia*3"][..],
        &["sccs.spell", "source=melee"],
    ] {
        assert_samples_with(mechanic, house[1], &["--compare"]);
    }
}

#[test]
fn cle_test_total_replaces_the_total_of_every_roll() {
    // A total under 8 is rolled again once. Skill 0 against 10: 3d6 >= 10 is 5/8; the
    // house rule adds the totals under 8 (35/216) rolled again, less the roll of three
    // 1s, still an automatic failure (read off the faces): 5/8 * (1 + 35/216 - 1/216) =
    // 625/864.
    let rules = house_rules(
        "cle-total",
        "cle",
        "fn test_total(count, sum) {\n    if sum < 8 { d(6) + d(6) + d(6) } else { sum }\n}\n",
    );
    let house = ["--rules", rules.to_str().unwrap()];
    let test = ["cle.test", "skill=0", "difficulty=10"];
    assert!((exact_answer(&test, &[], "success") - 5.0 / 8.0).abs() < 1e-12);
    let scripted = exact_answer(&test, &house, "success");
    assert!((scripted - 625.0 / 864.0).abs() < 1e-12, "{scripted}");
    // The other rolls of the system play it: every exact mechanic moves, and the fight
    // runs with it.
    for words in [
        &["cle.opposition", "a.skill=5", "b.skill=5"][..],
        &["cle.attack", "combat=8", "defense=6"],
        &["cle.cooperation", "skill=3", "difficulty=15"],
        &["cle.mal_en_point", "damage=5", "resistance=5", "volonte=5"],
    ] {
        let metric = match words[0] {
            "cle.opposition" => "a_wins",
            "cle.attack" => "hit",
            "cle.cooperation" => "success",
            _ => "still_acting",
        };
        let (official, scripted) = (
            exact_answer(words, &[], metric),
            exact_answer(words, &house, metric),
        );
        assert!(
            scripted > official + 1e-3,
            "{words:?}: {official} {scripted}"
        );
    }
    assert_samples_with(&["cle.fight", "pcs=3", "foes=boss_brute"], house[1], &[]);
}

#[test]
fn aube_blow_effect_reads_every_blow() {
    // Kröm's blow on Björn (dom 28, be 4: 24; enc 11): the resistance test succeeds on
    // 1 to 11 and takes its degree off, leaving 13 to 23 (légère from face 4, 8 in 20;
    // grave below, 3 in 20); a failure (9 in 20) leaves 24, grave. A house rule where the
    // resistance test takes nothing off leaves 24 every time: grave for sure.
    let rules = house_rules(
        "aube-blow",
        "aube",
        "fn blow_effect(damage, degree) {\n    damage\n}\n",
    );
    let house = ["--rules", rules.to_str().unwrap()];
    let blow = ["aube.damage", "dom=28", "enc=11", "be=4"];
    assert!((exact_answer(&blow, &[], "legere") - 0.4).abs() < 1e-12);
    assert!((exact_answer(&blow, &[], "grave") - 0.6).abs() < 1e-12);
    assert!((exact_answer(&blow, &house, "grave") - 1.0).abs() < 1e-12);
    // A duel reads its blows the same way: Kröm, the better at softening blows with his
    // resistance tests, loses that edge (61.85% exact officially).
    let duel = ["aube.duel", "a=krom", "b=bjorn"];
    let (official, scripted) = (
        exact_answer(&duel, &[], "a_wins"),
        exact_answer(&duel, &house, "a_wins"),
    );
    assert!(scripted < official - 0.05, "{official} {scripted}");
    // Surclassement reads its blows as the text does, and says so.
    let mut args = vec!["prob"];
    args.extend(SURCLASSEMENT_EXCHANGE);
    args.extend(house);
    let e = assert_user_error(&alea(&args), &[]);
    assert!(e.contains("house blow_effect"), "{e}");
}
