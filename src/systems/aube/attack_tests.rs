//! Unit tests of [`super`] (`attack.rs`), kept beside it.

use super::*;
use crate::engine::model::replay_one;
use crate::engine::{Mechanic, replay, simulation};
use crate::systems::aube::ATTACK;
use crate::systems::aube::fighter::Fighter;
use crate::systems::aube::resolution::CritDie;
use crate::systems::test_support::{
    assert_each_agrees, build_with, error_text, exact_values, example_error, expect_model,
};

/// The distribution of an attack, [`AttackRule::roll`] enumerated.
fn exact(rule: &AttackRule, swing: &Swing) -> crate::engine::Dist<AttackOutcome> {
    crate::engine::enumerate(|d| rule.roll(swing, d)).unwrap()
}

fn p_hit(rule: &AttackRule, a: &Fighter, d: &Fighter) -> f64 {
    let swing = rule.fresh(&a.attacker(), &d.defender());
    exact(rule, &swing).p_where(|o| o.hit)
}

fn with_options(f: Fighter, options: TestOptions) -> Fighter {
    Fighter { options, ..f }
}

const KROM_ON_BJORN: &str = "att.ca=9 att.ba=1 att.bd=20 def.ca=9 def.bp=2 def.enc=11 def.be=4";
const AVERAGE_ON_AVERAGE: &str =
    "att.ca=12 att.ba=0 att.bd=15 def.ca=12 def.bp=0 def.enc=12 def.be=3";

#[test]
fn krom_and_bjorn_hit_ranges() {
    let rule = AttackRule::new(10, 0);
    // Kröm (TA 10) on Björn (TP 1): hit iff d in 2..=10.
    let swing = rule.fresh(&Fighter::KROM.attacker(), &Fighter::BJORN.defender());
    let t = rule.attack_test(&swing);
    for d in 1..=20 {
        assert_eq!(t.resolve(d, 0).beats_nd, (2..=10).contains(&d), "d {d}");
    }
    // Björn (TA 10) on Kröm (TP -4): hit iff d in 1..=10.
    let swing = rule.fresh(&Fighter::BJORN.attacker(), &Fighter::KROM.defender());
    let t = rule.attack_test(&swing);
    for d in 1..=20 {
        assert_eq!(t.resolve(d, 0).beats_nd, d <= 10, "d {d}");
    }
    assert!((p_hit(&rule, &Fighter::KROM, &Fighter::BJORN) - 9.0 / 20.0).abs() < 1e-12);
    assert!((p_hit(&rule, &Fighter::BJORN, &Fighter::KROM) - 10.0 / 20.0).abs() < 1e-12);
}

#[test]
fn krom_hits_bjorn_for_a_legere() {
    // d 8 hits (°R 8 > TP 1); dom 8 + 20 = 28; be 4 → 24; enc 11, d 5 → 19: légère.
    let model = ATTACK.model_for(KROM_ON_BJORN).expect("Kröm on Björn");
    let (o, tally) = replay_one(&model, &[8, 5]);
    assert!(o.hit);
    assert_eq!(o.damage.effective, 19);
    assert_eq!(o.damage.result, DamageResult::Legere);
    assert_eq!(tally.metric(model.m.hit).sum, 1);
    let (miss, tally) = replay_one(&model, &[1]);
    assert_eq!(miss, AttackOutcome::MISS);
    assert_eq!(tally.metric(model.m.miss).sum, 1);
    // The rule alone rolls the same.
    let strike = &model.rule;
    let swing = strike
        .rule
        .fresh(&Fighter::KROM.attacker(), &Fighter::BJORN.defender());
    assert_eq!(swing, strike.swing);
    assert_eq!(replay(&[8, 5], |d| strike.rule.roll(&swing, d)), o);
}

#[test]
fn identical_fighters_hit_each_other_half_the_time() {
    let rule = AttackRule::new(10, 0);
    for ca in 10..=19 {
        let f = Fighter {
            ca,
            ba: 0,
            bp: 0,
            ..Fighter::AVERAGE
        };
        assert!((p_hit(&rule, &f, &f) - 0.5).abs() < 1e-12, "ca {ca}");
    }
}

#[test]
fn fa_raises_hits_and_fm_raises_damage() {
    let f = Fighter::AVERAGE;
    let low = p_hit(&AttackRule::new(5, 0), &f, &f);
    let high = p_hit(&AttackRule::new(15, 0), &f, &f);
    assert!(low < 0.5 && high > 0.5);
    let grave = |fm| {
        let rule = AttackRule::new(10, fm);
        let swing = rule.fresh(&f.attacker(), &f.defender());
        exact(&rule, &swing).p_where(|o| o.damage.result >= DamageResult::Grave)
    };
    assert!(grave(10) > grave(0));
}

#[test]
fn exact_sums_to_one_and_metrics_partition() {
    let model = AttackModel::new(Strike::new(
        AttackRule::new(10, 3),
        &Fighter::KROM.attacker(),
        &Fighter::BJORN.defender(),
    ));
    let t = exact_values(&model);
    let results: f64 = DamageResult::ALL
        .iter()
        .map(|&r| t.value(model.m.results.id(r)).unwrap_or(0.0))
        .sum();
    let miss = t.value(model.m.miss).unwrap_or(0.0);
    assert!((results + miss - 1.0).abs() < 1e-12);
    assert!((t.value(model.m.hit).unwrap_or(0.0) + miss - 1.0).abs() < 1e-12);
}

#[test]
fn monte_carlo_agrees_with_exact_over_a_grid() {
    let crit = TestOptions {
        crit: CritDie::Die(10),
        ..TestOptions::DEFAULT
    };
    let heroic = TestOptions {
        heroism_rules: true,
        ..TestOptions::DEFAULT
    };
    let strong = Fighter {
        ca: 25,
        enc: 27,
        ..Fighter::AVERAGE
    };
    let average = Fighter::AVERAGE;
    let cases = [
        (AttackRule::new(10, 0), Fighter::KROM, Fighter::BJORN),
        (AttackRule::new(10, 0), Fighter::BJORN, Fighter::KROM),
        (AttackRule::new(20, 15), average, average),
        (AttackRule::new(-5, -5), average, Fighter::KROM),
        (
            AttackRule::new(10, 0),
            with_options(average, crit),
            with_options(average, crit),
        ),
        (AttackRule::new(0, 5), with_options(strong, heroic), average),
        // A heroic defender against an ordinary attacker, and a crit die on one side.
        (
            AttackRule::new(10, 0),
            average,
            with_options(strong, heroic),
        ),
        (AttackRule::new(10, 5), with_options(average, crit), average),
        (
            AttackRule {
                armour: Armour::RaisesEnc,
                ..AttackRule::new(10, 0)
            },
            Fighter::KROM,
            Fighter::BJORN,
        ),
    ];
    assert_each_agrees(cases, 10, |(rule, a, d)| {
        simulation(AttackModel::new(Strike::new(
            rule,
            &a.attacker(),
            &d.defender(),
        )))
    });
}

#[test]
fn bad_input_is_an_error() {
    assert_eq!(example_error(&ATTACK, ""), "");
    for bad in ["fa=41", "fa=-21", "att.crit=d7", "def.xx=1", "armour=skin"] {
        let e = example_error(&ATTACK, bad);
        let name = bad.split('=').next().unwrap_or_default();
        assert!(e.contains(name), "{e}");
    }
    // The options are per side now: there is no global `crit`.
    let e = example_error(&ATTACK, "crit=d10");
    assert!(e.contains("crit"), "{e}");
    // Every field of each side is required: none is read as 0 when left out.
    let base: Vec<&str> = ATTACK.example().split_whitespace().collect();
    for missing in 0..base.len() {
        let mut words = base.clone();
        let name = words.remove(missing).split('=').next().unwrap_or_default();
        let e = error_text(build_with(&ATTACK, &words));
        assert!(e.contains(&format!("needs a value for '{name}'")), "{e}");
    }
}

#[test]
fn parameters_build_the_totals() {
    let model = ATTACK
        .model_for(&format!("{KROM_ON_BJORN} fa=7 fm=3 armour=enc"))
        .expect("valid");
    // TA 9 + 1, TP 9 + 2 - 7, bd 20; enc 11 and be 4 (fm is the rule's).
    let s = model.rule.swing;
    assert_eq!((s.ta, s.tp, s.bd, s.enc, s.be), (10, 4, 20, 11, 4));
    assert_eq!((s.att, s.def), (TestOptions::DEFAULT, TestOptions::DEFAULT));
    assert_eq!(
        (
            model.rule.rule.fa,
            model.rule.rule.fm,
            model.rule.rule.armour
        ),
        (7, 3, Armour::RaisesEnc)
    );
}

/// Each side's options reach only its own test: the attacker's crit die is rolled with
/// the attack test, the defender's with the resistance test.
#[test]
fn crit_die_per_side() {
    let att = ATTACK
        .model_for(&format!("{AVERAGE_ON_AVERAGE} att.crit=d10"))
        .expect("valid");
    assert_eq!(att.rule.swing.att.crit, CritDie::Die(10));
    assert_eq!(att.rule.swing.def.crit, CritDie::None);
    // d 8 hits, the crit die shows 2 (nothing), resistance d 5: dom 23 - 3 - 5 = 15.
    let (o, _) = replay_one(&att, &[8, 2, 5]);
    assert_eq!(o.damage.effective, 15);
    // The crit die's 1 adds an open-ended 7: dom 30 - 3 - 5 = 22, a grave.
    let (o, _) = replay_one(&att, &[8, 1, 7, 5]);
    assert_eq!(
        (o.damage.effective, o.damage.result),
        (22, DamageResult::Grave)
    );
    let def = ATTACK
        .model_for(&format!("{AVERAGE_ON_AVERAGE} def.crit=d10"))
        .expect("valid");
    // d 8 hits; resistance d 5, its crit die 1 and an open-ended 9: °R 14, 20 - 14 = 6.
    let (o, _) = replay_one(&def, &[8, 5, 1, 9]);
    assert_eq!(
        (o.damage.effective, o.damage.result),
        (6, DamageResult::Sonne)
    );
}

/// A heroic defender (enc 25 with the heroism rules: CA 5, th 1) against an ordinary
/// attacker; and a heroic attacker (CA 25: CA 5, th 1) against an ordinary defender.
#[test]
fn heroism_per_side() {
    let words = "att.ca=12 att.ba=0 att.bd=15 def.ca=12 def.bp=0 def.enc=25 def.be=0";
    let heroic = ATTACK
        .model_for(&format!("{words} def.heroism_rules=true"))
        .expect("valid");
    // d 8 hits (TP 2): dom 23. Resistance CA 5, d 10: °É 5, D = 15: 23 - 15 = 8, sonné.
    let (o, _) = replay_one(&heroic, &[8, 10]);
    assert_eq!(
        (o.damage.effective, o.damage.result),
        (8, DamageResult::Sonne)
    );
    // Without the heroism rules enc 25 succeeds without a roll, °R 25: no effect.
    let plain = ATTACK.model_for(words).expect("valid");
    let (o, _) = replay_one(&plain, &[8]);
    assert_eq!(
        (o.damage.effective, o.damage.result),
        (-2, DamageResult::None)
    );
    // The attacker's heroism rules do not reach the defender's test.
    let att_only = ATTACK
        .model_for(&format!("{words} att.heroism_rules=true"))
        .expect("valid");
    assert_eq!(replay_one(&att_only, &[8]).0, o);
    // A heroic attacker: TA 25 is CA 5 with th 1; d 10 fails by 5 but D = 15 beats TP 2
    // and the blow is 15 + 15 = 30; enc 12 - 3 resisted with d 4: 30 - 3 - 4 = 23.
    let strong = expect_model(
        &ATTACK,
        "att.ca=25 att.ba=0 att.bd=15 def.ca=12 def.bp=0 def.enc=12 def.be=3 att.heroism_rules=true",
    );
    let (o, _) = replay_one(&strong, &[10, 4]);
    assert!(o.hit);
    assert_eq!(
        (o.damage.effective, o.damage.result),
        (23, DamageResult::Grave)
    );
}

/// The armour switch: with `armour=enc` Björn's be 4 raises his resistance test (CA 15)
/// instead of lowering the blow.
#[test]
fn armour_switch_reaches_the_damage_step() {
    let dom = ATTACK.model_for(KROM_ON_BJORN).expect("valid");
    let enc = ATTACK
        .model_for(&format!("{KROM_ON_BJORN} armour=enc"))
        .expect("valid");
    // d 8 hits: dom 28. Resistance d 13: fails against 11 (28 - 4 = 24, grave), succeeds
    // against 15 (28 - 13 = 15, légère).
    assert_eq!(replay_one(&dom, &[8, 13]).0.damage.effective, 24);
    assert_eq!(replay_one(&enc, &[8, 13]).0.damage.effective, 15);
    // d 4: 24 - 4 = 20 (légère) against 28 - 4 = 24 (grave).
    assert_eq!(replay_one(&dom, &[8, 4]).0.damage.effective, 20);
    assert_eq!(replay_one(&enc, &[8, 4]).0.damage.effective, 24);
}
