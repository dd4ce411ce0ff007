//! Unit tests of [`super`] (`attack.rs`): the attack of `cle` against the text.
use super::*;
use crate::engine::model::replay_one;
use crate::engine::{replay, simulation};
use crate::systems::cle::{ATTACK, exact_of};
use crate::systems::test_support::{assert_each_agrees, assert_rejected};

fn rule(combat: i64, defense: i64, weapon: Weapon) -> AttackRule {
    AttackRule {
        attacker: Contender::new(combat),
        defense,
        defender_dice: 3,
        outnumbered: false,
        guard: 0,
        auto_triples: false,
        damage: DamageRule::new(weapon),
        rerolls: Rerolls::NONE,
        unperceived: None,
    }
}

fn strike(rule: AttackRule, dice: &[u32]) -> (bool, i64) {
    replay(dice, |d| rule.strike(d))
}

#[test]
fn red_die_white_dice_all_three() {
    // Attack red 5, whites 2 and 4 (11 + 6 = 17) against 3 + 3 + 3 + 6 = 15.
    let dice = [5, 2, 4, 3, 3, 3];
    assert_eq!(strike(rule(6, 6, Weapon::D1), &dice), (true, 5));
    assert_eq!(strike(rule(6, 6, Weapon::D2), &dice), (true, 6));
    assert_eq!(strike(rule(6, 6, Weapon::D3), &dice), (true, 11));
    // A miss rolls no damage die.
    assert_eq!(
        strike(rule(6, 6, Weapon::D3), &[1, 2, 2, 4, 4, 4]),
        (false, 0)
    );
}

#[test]
fn hero_die_adds_to_the_damage() {
    let r = AttackRule {
        attacker: Contender {
            dice: 4,
            ..Contender::new(6)
        },
        ..rule(6, 6, Weapon::D1)
    };
    assert_eq!(strike(r, &[5, 2, 4, 3, 3, 3, 3]), (true, 8));
}

#[test]
fn defender_hero_die_is_taken_off_even_on_a_failed_defence() {
    let r = AttackRule {
        defender_dice: 4,
        ..rule(10, 6, Weapon::D2)
    };
    // 11 + 10 = 21 against 9 + 6 = 15 (with the fourth die, 1 + 2 + 2 + 4): the white
    // dice 3 + 3, less the defender's fourth die 4: 2.
    assert_eq!(strike(r, &[5, 3, 3, 1, 2, 2, 4]), (true, 2));
}

#[test]
fn murderous_adds_fresh_dice_and_bonus_protection_floor() {
    let mut r = rule(6, 0, Weapon::D1);
    r.damage.murderous = 2;
    r.damage.bonus = 2;
    r.damage.protection = 3;
    // Red 4, two fresh dice 5 and 1: 4 + 5 + 1 + 2 - 3 = 9.
    assert_eq!(strike(r, &[4, 3, 3, 1, 1, 2, 5, 1]), (true, 9));
    r.damage.murderous = 0;
    r.damage.protection = 8;
    assert_eq!(strike(r, &[4, 3, 3, 1, 1, 2]), (true, 0));
}

#[test]
fn murderous_read_takes_the_dice_off_the_attack() {
    let mut r = rule(6, 0, Weapon::D1);
    r.damage.murderous = 1;
    r.damage.murderous_read = true;
    // 1d6 + 1 reads as 2d6: the white dice 2 + 4, no fresh die.
    assert_eq!(strike(r, &[5, 2, 4, 1, 1, 2]), (true, 6));
    // The default adds a fresh die to the red one: 5 + 3.
    r.damage.murderous_read = false;
    assert_eq!(strike(r, &[5, 2, 4, 1, 1, 2, 3]), (true, 8));
    // 2d6 + 2 read: all three dice, then one fresh die: 5 + 2 + 4 + 6.
    let mut r = rule(6, 0, Weapon::D2);
    r.damage.murderous = 2;
    r.damage.murderous_read = true;
    assert_eq!((r.damage.read_dice(), r.damage.fresh_dice()), (3, 1));
    assert_eq!(strike(r, &[5, 2, 4, 1, 1, 2, 6]), (true, 17));
}

#[test]
fn murderous_read_raises_the_damage_of_a_hit() {
    // Dice that hit are high: reading the murderous die off them gives more than a
    // fresh die, while the plain damage (the same dice on their own) is unchanged.
    let mean_hit = |read: bool| {
        let mut r = rule(5, 5, Weapon::D1);
        r.damage.murderous = 1;
        r.damage.murderous_read = read;
        let d = exact_of(&r);
        let hit = d.p_where(|o| o.hit);
        let mean_plain: f64 = d.iter().map(|(o, p)| o.plain as f64 * p).sum();
        assert!((mean_plain - 7.0).abs() < 1e-12);
        d.iter()
            .filter(|(o, _)| o.hit)
            .map(|(o, p)| o.damage as f64 * p)
            .sum::<f64>()
            / hit
    };
    let (fresh, read) = (mean_hit(false), mean_hit(true));
    assert!(read > fresh + 0.3, "{read} against {fresh}");
    // A certain hit reads dice that are plain 3d6 dice: the white pair's mean, 7.
    let mut sure = rule(40, -10, Weapon::D1);
    sure.damage.murderous = 1;
    sure.damage.murderous_read = true;
    let d = exact_of(&sure);
    assert!((d.p_where(|o| o.hit) - 1.0).abs() < 1e-12);
    let mean: f64 = d.iter().map(|(o, p)| o.damage as f64 * p).sum();
    assert!((mean - 7.0).abs() < 1e-12, "{mean}");
}

#[test]
fn six_plus_explodes_repeatedly() {
    let mut r = rule(6, 0, Weapon::D2);
    r.damage.six_plus = true;
    // White dice 6 and 3; the 6 is rolled again: 6, then 2: 6 + 3 + 6 + 2 = 17.
    assert_eq!(strike(r, &[1, 6, 3, 1, 1, 2, 6, 2]), (true, 17));
    // The red die's 6 does not count for a 2d6 weapon.
    assert_eq!(strike(r, &[6, 5, 3, 1, 1, 2]), (true, 8));
    r.damage.six_plus = false;
    assert_eq!(strike(r, &[1, 6, 3, 1, 1, 2]), (true, 9));
}

#[test]
fn halving_rounds_up_after_everything_else() {
    let mut r = rule(6, 0, Weapon::D3);
    r.damage.bonus = 2;
    r.damage.protection = 1;
    r.damage.light_wound = true;
    // 3d6 showing 5, 2, 4: 11 + 2 - 1 = 12, halved: 6.
    assert_eq!(strike(r, &[5, 2, 4, 1, 1, 2]), (true, 6));
    assert_eq!(strike(r, &[5, 2, 3, 1, 1, 2]), (true, 6)); // 10 + 1 = 11 → 6
    r.damage.multiple = true;
    assert_eq!(strike(r, &[5, 2, 3, 1, 1, 2]), (true, 3)); // 11 → 6 → 3
    assert_eq!(r.damage.finish(1, 5), 0);
}

#[test]
fn light_wound_halves_before_or_after_the_protection() {
    // 2d6 + 1 against protection 3, the dice rolled on their own: halved after the
    // protection (the default) a mean of 11/4, before it 4/3.
    let mean_plain = |first: bool| {
        let mut r = rule(5, 5, Weapon::D2);
        r.damage.bonus = 1;
        r.damage.protection = 3;
        r.damage.light_wound = true;
        r.damage.light_wound_before_protection = first;
        let d = exact_of(&r);
        d.iter().map(|(o, p)| o.plain as f64 * p).sum::<f64>()
    };
    assert!((mean_plain(false) - 11.0 / 4.0).abs() < 1e-12);
    assert!((mean_plain(true) - 4.0 / 3.0).abs() < 1e-12);
    let mut r = rule(6, 0, Weapon::D3);
    (r.damage.bonus, r.damage.protection) = (2, 1);
    r.damage.light_wound = true;
    r.damage.light_wound_before_protection = true;
    // 3d6 showing 5, 2, 4: 11 + 2 = 13, halved 7, less 1: 6; 10 + 2 = 12: 6 - 1 = 5.
    assert_eq!(strike(r, &[5, 2, 4, 1, 1, 2]), (true, 6));
    assert_eq!(strike(r, &[5, 2, 3, 1, 1, 2]), (true, 5));
    assert_eq!(r.damage.finish(-3, 0), 0);
}

#[test]
fn an_unarmed_attack_deals_the_bonus_only() {
    let mut r = rule(6, 0, Weapon::Unarmed);
    r.damage.bonus = 2;
    assert_eq!(strike(r, &[6, 6, 5, 1, 1, 2]), (true, 2));
    r.damage.protection = 3;
    assert_eq!(strike(r, &[6, 6, 5, 1, 1, 2]), (true, 0));
    let mut r = rule(5, 5, Weapon::Unarmed);
    r.damage.bonus = 3;
    let d = exact_of(&r);
    let hit = d.p_where(|o| o.hit);
    assert!((d.p_where(|o| o.plain == 3) - 1.0).abs() < 1e-12);
    assert!((d.p_where(|o| o.damage == 3) - hit).abs() < 1e-12);
    assert_eq!(
        ATTACK
            .model_for("combat=1 defense=1 damage=unarmed")
            .unwrap()
            .rule
            .damage
            .weapon,
        Weapon::Unarmed
    );
}

#[test]
fn ties_go_to_the_attacker_unless_the_defence_is_higher() {
    // 12 + 5 = 17 against 12 + 5 = 17, equal skills: the attacker (active) hits.
    assert!(strike(rule(5, 5, Weapon::D1), &[4, 4, 4, 4, 4, 4]).0);
    // 12 + 5 against 11 + 6: the higher Défense wins the tie.
    assert!(!strike(rule(5, 6, Weapon::D1), &[4, 4, 4, 4, 4, 3]).0);
    // Outnumbered: 17 against 10 + 6 + 1 - 2 = 15.
    let out = AttackRule {
        outnumbered: true,
        ..rule(5, 6, Weapon::D1)
    };
    assert!(strike(out, &[4, 4, 4, 4, 4, 3]).0);
}

#[test]
fn damage_given_hit_differs_from_plain() {
    // A 3d6 weapon: the dice that hit are high, so the damage given a hit is higher.
    let d = exact_of(&rule(5, 5, Weapon::D3));
    let hit = d.p_where(|o| o.hit);
    let mean_hit: f64 = d
        .iter()
        .filter(|(o, _)| o.hit)
        .map(|(o, p)| o.damage as f64 * p)
        .sum::<f64>()
        / hit;
    let mean_plain: f64 = d.iter().map(|(o, p)| o.plain as f64 * p).sum();
    assert!((mean_plain - 10.5).abs() < 1e-12);
    assert!(mean_hit > mean_plain + 1.0, "{mean_hit}");
}

#[test]
fn six_plus_exact_tail_is_bounded() {
    let mut r = rule(5, 5, Weapon::D3);
    r.damage.six_plus = true;
    r.damage.murderous = 1;
    let d = exact_of(&r);
    assert!(d.tail() > 0.0 && d.tail() < 1e-10, "{}", d.tail());
    let mean_plain: f64 = d.iter().map(|(o, p)| o.plain as f64 * p).sum();
    // An exploding d6 has mean 3.5 / (1 - 1/6) = 4.2; four of them 16.8.
    assert!((mean_plain - 16.8).abs() < 1e-9, "{mean_plain}");
}

#[test]
fn monte_carlo_agrees_with_exact() {
    let mut cases = vec![rule(5, 5, Weapon::D1), rule(8, 4, Weapon::D3)];
    let mut r = rule(6, 7, Weapon::D2);
    r.attacker.dice = 4;
    r.damage.six_plus = true;
    r.damage.protection = 2;
    cases.push(r);
    let mut r = rule(4, 6, Weapon::D3);
    r.defender_dice = 4;
    r.outnumbered = true;
    r.damage.murderous = 1;
    r.damage.light_wound = true;
    r.damage.bonus = 3;
    cases.push(r);
    r.damage.light_wound_before_protection = true;
    r.damage.protection = 4;
    cases.push(r);
    let mut r = rule(6, 6, Weapon::D1);
    r.damage.murderous = 3;
    r.damage.murderous_read = true;
    cases.push(r);
    assert_each_agrees(cases, 15, |r| simulation(AttackModel::new(r)));
}

#[test]
fn parameters_make_the_rule() {
    let words = "combat=7 defense=5 damage=3d6 bonus=2 protection=1 modifiers=-2 \
                 murderous=1 six_plus=true multiple=true hero_die=true outnumbered=true";
    let mut expected = rule(7, 5, Weapon::D3);
    expected.attacker.dice = 4;
    expected.attacker.modifiers = -2;
    expected.outnumbered = true;
    expected.damage.bonus = 2;
    expected.damage.protection = 1;
    expected.damage.murderous = 1;
    expected.damage.six_plus = true;
    expected.damage.multiple = true;
    assert_eq!(ATTACK.model_for(words).unwrap().rule, expected);
    let defended = ATTACK.model_for("combat=7 defense=5 defender_hero_die=true");
    assert_eq!(defended.unwrap().rule.defender_dice, 4);
}

#[test]
fn model_records_hit_and_both_damages() {
    let model = ATTACK.model_for("combat=6 defense=6 damage=2d6").unwrap();
    // Hit (17 against 15), damage the whites 2 + 4; then the plain dice 3 and 5.
    let (o, tally) = replay_one(&model, &[5, 2, 4, 3, 3, 3, 3, 5]);
    assert_eq!(
        o,
        AttackOutcome {
            hit: true,
            damage: 6,
            plain: 8
        }
    );
    assert_eq!(
        tally.sums([
            model.m.hit,
            model.m.mean_given_hit,
            model.m.mean_plain,
            model.m.mean_per_attack
        ]),
        [1, 6, 8, 6]
    );
    let given_hit: Vec<_> = tally.histogram(model.m.given_hit).iter().collect();
    assert_eq!(given_hit, [(6, 1)]);
    // A miss records no damage of a hit, and 0 per attack.
    let (o, tally) = replay_one(&model, &[1, 2, 2, 4, 4, 4, 3, 5]);
    assert!(!o.hit);
    assert_eq!(tally.metric(model.m.mean_given_hit).n, 0);
    assert_eq!(tally.metric(model.m.mean_per_attack).sum, 0);
    assert_eq!(tally.histogram(model.m.given_hit).total(), 0);
}

#[test]
fn bad_input_is_an_error() {
    assert!(ATTACK.model_for("combat=5 defense=5").is_ok());
    assert_rejected(
        &ATTACK,
        &[
            "combat=5 defense=5 damage=4d6",
            "combat=5 defense=5 damage=d6",
            "combat=5",
            "combat=5 defense=5 murderous=9",
        ],
    );
}

#[test]
fn a_hero_point_rolls_a_failed_test_again_against_the_same_roll() {
    // Combat 5 against Défense 5: a hit when the attack's 3d6 reach the defence's (the
    // active side wins ties), 4249/7776. Rolled again on a miss, against the same defence
    // d: the mean of 1 - P(a < d)^2; a failed defence rolled again against the same attack
    // a: the mean of P(d <= a)^2. Counted here over the 216 faces of each roll.
    let mut by_sum = [0u64; 19];
    for roll in D6Roll::all(3) {
        by_sum[roll.sum() as usize] += 1;
    }
    let at_most = |s: usize| by_sum[..=s].iter().sum::<u64>() as f64 / 216.0;
    let p = |s: usize| by_sum[s] as f64 / 216.0;
    let again: f64 = (3..=18)
        .map(|d| p(d) * (1.0 - at_most(d - 1).powi(2)))
        .sum();
    let defended_again: f64 = (3..=18).map(|a| p(a) * at_most(a).powi(2)).sum();
    assert!((again - 1792481.0 / 2519424.0).abs() < 1e-12);
    assert!((defended_again - 960871.0 / 2519424.0).abs() < 1e-12);
    let hit = |rerolls| {
        exact_of(&AttackRule {
            rerolls,
            ..rule(5, 5, Weapon::D1)
        })
        .p_where(|o| o.hit)
    };
    assert!((hit(Rerolls::NONE) - 4249.0 / 7776.0).abs() < 1e-12);
    let attacker = Rerolls {
        attacker: true,
        defender: false,
    };
    assert!((hit(attacker) - again).abs() < 1e-12);
    let defender = Rerolls {
        attacker: false,
        defender: true,
    };
    assert!((hit(defender) - defended_again).abs() < 1e-12);
}

#[test]
fn rolls_again_on_rigged_dice() {
    let both = AttackRule {
        rerolls: Rerolls {
            attacker: true,
            defender: true,
        },
        ..rule(5, 5, Weapon::D2)
    };
    // A miss (3 + 5 against 18 + 5), rolled again: 6 + 5 + 4 = 15 + 5 against 23, still a
    // miss; nothing more is rolled.
    let s = replay(&[1, 1, 1, 6, 6, 6, 6, 5, 4], |d| both.strike_full(d));
    assert!(!s.hit && s.attacker_rerolled && !s.defender_rerolled);
    // A hit (16 against 3), the defence rolled again (6 + 6 + 6 = 18): defended.
    let s = replay(&[6, 5, 5, 1, 1, 1, 6, 6, 6], |d| both.strike_full(d));
    assert!(!s.hit && !s.attacker_rerolled && s.defender_rerolled);
    // A hit dealing 0 damage (protection 12 against the white dice 10) is not defended
    // again.
    let armoured = AttackRule {
        damage: DamageRule {
            protection: 12,
            ..both.damage
        },
        ..both
    };
    let s = replay(&[6, 5, 5, 1, 1, 1], |d| armoured.strike_full(d));
    assert_eq!(
        (s.hit, s.damage, s.raw, s.defender_rerolled),
        (true, 0, 10, false)
    );
}

#[test]
fn an_unperceived_attack_is_a_combat_test_against_the_difficulty() {
    let unseen = |combat: i64, difficulty: i64| AttackRule {
        unperceived: Some(difficulty),
        ..rule(combat, 30, Weapon::D2)
    };
    // No defence rolled, the damage read off the attack: red 5, whites 2 + 4.
    assert_eq!(strike(unseen(5, 10), &[5, 2, 4]), (true, 6));
    // Combat 5 against 10: 3d6 >= 5, 212/216; Combat 0: 3d6 >= 10, 135/216; Combat -10
    // against 10: only the automatic success of three 6, 1/216; Combat 20: every roll
    // but the automatic failure of three 1, 215/216. The defender's hero die and rolls
    // again, and the -2 of being outnumbered, do nothing.
    let p_hit = |r: AttackRule| exact_of(&r).p_where(|o| o.hit);
    assert!((p_hit(unseen(5, 10)) - 212.0 / 216.0).abs() < 1e-12);
    assert!((p_hit(unseen(0, 10)) - 135.0 / 216.0).abs() < 1e-12);
    assert!((p_hit(unseen(-10, 10)) - 1.0 / 216.0).abs() < 1e-12);
    assert!((p_hit(unseen(20, 10)) - 215.0 / 216.0).abs() < 1e-12);
    let defended = AttackRule {
        defender_dice: 4,
        outnumbered: true,
        rerolls: Rerolls {
            attacker: false,
            defender: true,
        },
        ..unseen(0, 10)
    };
    assert!((p_hit(defended) - 135.0 / 216.0).abs() < 1e-12);
    // A miss rolled again by the attacker: 1 - (81/216)^2.
    let again = AttackRule {
        rerolls: Rerolls {
            attacker: true,
            defender: false,
        },
        ..unseen(0, 10)
    };
    let missed = 81.0_f64 / 216.0;
    assert!((p_hit(again) - (1.0 - missed * missed)).abs() < 1e-12);
}
