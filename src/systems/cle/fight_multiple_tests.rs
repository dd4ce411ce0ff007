//! Unit tests of [`super`] (`fight_multiple.rs`): attacks on several adversaries, on rigged
//! dice worked by hand from the text, and the chance of hitting k of n targets counted
//! from the dice.

use super::super::options::ALL;
use super::super::play::Battle;
use super::super::{FightRule, HeroPolicy, MAX_FOES, Opponent, Profile};
use super::*;
use crate::engine::{enumerate, replay};

/// Two PCs (Combat 8, Défense 6, 2d6 + 1, protection 1) against `foes` seconds couteaux of
/// the same profile and 30 vitality, no hero point spent; PC 0 aims at `targets`.
fn rule(foes: usize, targets: usize) -> FightRule {
    let mut r = FightRule {
        foes,
        ..FightRule::two_pcs_against(Opponent::Seconds)
    };
    r.pc[0].targets = targets;
    r
}

/// How many of 3d6's 216 rolls show `total` or less.
fn at_most(total: i64) -> f64 {
    let mut n = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            for c in 1..=6 {
                n += i64::from(a + b + c <= total);
            }
        }
    }
    f64::from(n as u32)
}

/// The chance that `k` of `n` defenders, each hit when its 3d6 is at most the attack's
/// 3d6 + 4 (Combat 8 against Défense 6 at −2, equal totals to the attack), are hit by one
/// throw: the mean over the throw `a` of C(n, k) q^k (1 − q)^(n − k), q = P(3d6 ≤ a + 4).
fn k_of_n(k: i32, n: i32) -> f64 {
    let choose = |n: i32, k: i32| (1..=k).fold(1.0, |c, j| c * f64::from(n - k + j) / f64::from(j));
    let mut p = 0.0;
    for a in 3..=18 {
        let weight = (at_most(a) - at_most(a - 1)) / 216.0;
        let q = at_most(a + 4) / 216.0;
        p += weight * choose(n, k) * q.powi(k) * (1.0 - q).powi(n - k);
    }
    p
}

#[test]
fn the_targets_are_the_one_aimed_at_then_the_next_or_the_weakest() {
    let mut b = Battle::for_tests(0);
    b.foes[1].kill();
    b.foes[3].vitality = 5;
    b.foes[4].vitality = 8;
    let mut out = [0; MAX_FOES];
    let foes = &b.foes[..5];
    // Aimed at 2: the next standing are 3 and 4, then round again to 0 (1 is dead).
    let n = pick_targets(foes, (2, 4), 1, TargetsPick::Next, &mut out);
    assert_eq!(&out[..n], &[2, 3, 4, 0]);
    // The weakest: 3 (5 left), 4 (8), then 0 (30).
    let n = pick_targets(foes, (0, 3), 1, TargetsPick::Weakest, &mut out);
    assert_eq!(&out[..n], &[0, 3, 4]);
    // No more than stand.
    let n = pick_targets(foes, (0, 9), 1, TargetsPick::Next, &mut out);
    assert_eq!(&out[..n], &[0, 2, 3, 4]);
}

#[test]
fn one_test_against_each_defence_and_the_damage_halved_rounding_up() {
    let mut r = rule(2, 2);
    r.foe[1].1.protection = 3;
    let mut b = Battle::for_tests(0);
    // The throw 3 + 5 + 4 + Combat 8 = 20 against foe 0's 1 + 1 + 1 + 6 - 2 (two PCs
    // stand) = 7 and foe 1's 2 + 2 + 2 + 6 - 2 = 10: both hit. The white dice 5 + 4, + 1:
    // foe 0 takes 10 - 1 = 9, halved and rounded up, 5; foe 1 10 - 3 = 7, halved, 4. The
    // pénalité by default, a Danger on PC 0's next defence.
    replay(&[3, 5, 4, 1, 1, 1, 2, 2, 2], |d| {
        r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1)
    });
    assert_eq!((b.foes[0].vitality, b.foes[1].vitality), (25, 26));
    assert_eq!(b.pcs[0].danger, 1);
    // One defence holds: 3 + 3 + 3 + 8 = 17 against 6 + 6 + 6 + 4 = 22 (foe 0) and
    // 1 + 1 + 1 + 4 = 7 (foe 1): only foe 1 is hit, 3 + 3 + 1 - 3 = 4, halved, 2.
    replay(&[3, 3, 3, 6, 6, 6, 1, 1, 1], |d| {
        r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1)
    });
    assert_eq!((b.foes[0].vitality, b.foes[1].vitality), (25, 24));
    // One foe left standing: a plain attack, not halved (17 against 7: 3 + 3 + 1 - 1 = 6).
    let mut b = Battle::for_tests(0);
    b.foes[1].kill();
    replay(&[3, 3, 3, 1, 1, 1], |d| {
        r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1)
    });
    assert_eq!((b.foes[0].vitality, b.pcs[0].danger), (24, 0));
}

#[test]
fn the_first_defence_may_stand_for_all() {
    let mut r = rule(2, 2);
    r.several.defence = MultipleDefence::First;
    let mut b = Battle::for_tests(0);
    // 17 against foe 0's 7: both are hit, foe 1 rolls nothing; 3 + 3 + 1 - 1 = 6, halved, 3.
    replay(&[3, 3, 3, 1, 1, 1], |d| {
        r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1)
    });
    assert_eq!((b.foes[0].vitality, b.foes[1].vitality), (27, 27));
    // Foe 0 holds (22): neither is hit.
    replay(&[3, 3, 3, 6, 6, 6], |d| {
        r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1)
    });
    assert_eq!((b.foes[0].vitality, b.foes[1].vitality), (27, 27));
}

#[test]
fn the_penalty_replaces_the_trade() {
    // Difficulté: -2 to the attack. 3 + 3 + 3 + 8 - 2 = 15 against 3 + 3 + 3 + 4 = 13 and
    // 4 + 4 + 4 + 4 = 16: foe 0 only (without the -2, 17 would hit both).
    let mut r = rule(2, 2);
    r.several.penalty = MultiplePenalty::Difficulte;
    r.pc_trade = Trade::EfficaciteDanger;
    let mut b = Battle::for_tests(0);
    replay(&[3, 3, 3, 3, 3, 3, 4, 4, 4], |d| {
        r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1)
    });
    // The trade's Efficacité is not played (it would make 17) nor its Danger paid.
    assert_eq!((b.foes[0].vitality, b.foes[1].vitality), (27, 30));
    assert_eq!(b.pcs[0].danger, 0);
    // Risque: an incident only when nobody is hit (17 against 22 and 22).
    r.several.penalty = MultiplePenalty::Risque;
    replay(&[3, 3, 3, 6, 6, 6, 6, 6, 6], |d| {
        r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1)
    });
    assert!(b.pcs[0].incident);
}

#[test]
fn a_zone_weapon_deals_its_full_damage_to_each_who_fails() {
    let mut r = rule(4, 1);
    r.pc[0].zone = true;
    r.pc_trade = Trade::EfficaciteDanger;
    let mut b = Battle::for_tests(0);
    // Three caught (zone_catches 3): foes 0, 1, 2. The throw 3 + 5 + 4 + 8 + 2
    // (Efficacité: a zone is no prime, the trade is played) = 22 against foe 0's and foe
    // 2's 1 + 1 + 1 + 6 - 2 = 7 and foe 1's 6 + 6 + 6 + 6 - 2 = 22 (equal totals, Combat 8
    // beats Défense 6): all three fail. Full damage: 5 + 4 + 1 - 1 = 9 each; foe 3
    // untouched; the trade's Danger paid.
    replay(&[3, 5, 4, 1, 1, 1, 6, 6, 6, 1, 1, 1], |d| {
        r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1)
    });
    let vitality = b.foes.map(|f| f.vitality);
    assert_eq!(vitality[..4], [21, 21, 21, 30]);
    assert_eq!(b.pcs[0].danger, 1);
}

#[test]
fn a_foe_attacks_two_pcs_each_buying_its_own_fourth_die() {
    let mut r = FightRule::two_pcs_against(Opponent::Seconds);
    r.foe[0].1.targets = 2;
    r.hero_policy = HeroPolicy::Defense;
    let mut b = Battle::for_tests(6);
    // The foe throws 5 + 5 + 5 + 8 = 23; PC 0 defends with 4d6, 1 + 1 + 1 + 2 + 6 = 11
    // (a lone foe: no -2), PC 1 with 6 + 6 + 6 + 6 + 6 = 30 and holds. PC 0 is hit: 5 + 5 + 1,
    // less its protection 1 and its fourth die 2, = 8, halved, 4.
    replay(&[5, 5, 5, 1, 1, 1, 2, 6, 6, 6, 6], |d| {
        r.foe_attacks::<ALL, _>(d, &mut b, (0, 1), 0, 1)
    });
    assert_eq!((b.pcs[0].vitality, b.pcs[1].vitality), (16, 20));
    assert_eq!((b.pcs[0].hero, b.pcs[1].hero, b.hero_spent), (5, 5, 2));
}

#[test]
fn both_targets_are_hit_more_often_than_the_square_of_one() {
    // Combat 8 against Défense 6 at -2: q(a) = P(3d6 <= a + 4). One throw against two
    // defences hits both with the mean of q(a)^2, more than (mean q)^2: the targets share
    // the throw. One alone: 9977/11664.
    let r = rule(2, 2);
    let dist = enumerate(|d| {
        let mut b = Battle::for_tests(0);
        r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1);
        (b.foes[0].vitality < 30, b.foes[1].vitality < 30)
    })
    .expect("an exact distribution");
    let one = 9977.0 / 11664.0;
    assert!((dist.p(&(true, true)) - k_of_n(2, 2)).abs() < 1e-12);
    assert!((k_of_n(2, 2) - 160561.0 / 209952.0).abs() < 1e-12);
    assert!((dist.p(&(false, false)) - k_of_n(0, 2)).abs() < 1e-12);
    assert!((dist.p_where(|o| o.0) - one).abs() < 1e-12);
    assert!(dist.p(&(true, true)) > one * one + 0.01);
}

#[test]
fn a_zone_attack_downs_k_of_three_figurants_as_counted() {
    // A grenade into four figurants (1 vitality, Défense 6, protection 1): three caught,
    // each down when its defence fails (the white dice + 1 - 1 >= 2 damage). The chance of
    // k of 3 down is the mean over the throw of C(3, k) q^k (1 - q)^(3 - k).
    let mut r = FightRule {
        foes: 4,
        ..FightRule::two_pcs_against(Opponent::Figurants)
    };
    r.pc[0].zone = true;
    let dist = enumerate(|d| {
        let mut b = Battle::for_tests(0);
        for foe in b.foes.iter_mut() {
            foe.vitality = 1;
        }
        r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1);
        b.foes[..4].iter().filter(|f| !f.standing(1)).count()
    })
    .expect("an exact distribution");
    for k in 0..=3 {
        assert!(
            (dist.p(&(k as usize)) - k_of_n(k, 3)).abs() < 1e-12,
            "{k}: {} against {}",
            dist.p(&(k as usize)),
            k_of_n(k, 3)
        );
    }
    // All three: 763237789/1088391168; none: 29276579/1088391168.
    assert!((dist.p(&3) - 763237789.0 / 1088391168.0).abs() < 1e-12);
    assert!((dist.p(&0) - 29276579.0 / 1088391168.0).abs() < 1e-12);
    // Catching every figurant: the fourth too.
    r.several.zone_catches = 20;
    let all = enumerate(|d| {
        let mut b = Battle::for_tests(0);
        for foe in b.foes.iter_mut() {
            foe.vitality = 1;
        }
        r.pc_attacks::<ALL, _>(d, &mut b, 0, 0, 1);
        b.foes[..4].iter().filter(|f| !f.standing(1)).count()
    })
    .expect("an exact distribution");
    assert!(
        (all.p(&4) - k_of_n(4, 4)).abs() < 1e-10,
        "{} against {}, tail {}",
        all.p(&4),
        k_of_n(4, 4),
        all.tail()
    );
}

#[test]
fn a_pc_spends_by_its_own_policy() {
    // The fight spends nothing; PC 0's own policy buys a fourth die on its attack: 6 + 6
    // + 6 + 6 + 8 against 1 + 1 + 1 + 6 - 2, the white dice and the fourth die 6 + 6 + 6,
    // + 1 - 1: 18.
    let mut r = FightRule::two_pcs_against(Opponent::Seconds);
    r.pc_hero[0] = Some(HeroPolicy::Attack);
    let mut b = Battle::for_tests(6);
    replay(&[6, 6, 6, 6, 1, 1, 1], |d| {
        r.pc_attacks::<0, _>(d, &mut b, 0, 0, 1)
    });
    assert_eq!(
        (b.foes[0].vitality, b.pcs[0].hero, b.hero_spent),
        (12, 5, 1)
    );
    // PC 1 follows the fight's: three dice, 6 + 6 + 6 + 8 against 9 - 2, 6 + 6 + 1 - 1.
    replay(&[6, 6, 6, 1, 1, 1], |d| {
        r.pc_attacks::<0, _>(d, &mut b, 1, 0, 1)
    });
    assert_eq!((b.foes[0].vitality, b.pcs[1].hero, b.hero_spent), (0, 6, 1));
    assert_eq!(
        [r.hero_policy_of(0), r.hero_policy_of(1)],
        [HeroPolicy::Attack, HeroPolicy::None]
    );
}

#[test]
fn a_profile_of_one_target_draws_as_before() {
    let p = Profile::for_tests(20);
    assert!(!p.several());
    assert!(Profile { targets: 2, ..p }.several() && Profile { zone: true, ..p }.several());
    assert!(!FightRule::two_pcs_against(Opponent::Boss).attacks_several());
}

#[test]
fn parameters_make_the_options() {
    use crate::systems::cle::FIGHT;
    use crate::systems::test_support::{assert_rejected, expect_model};
    let r = expect_model(
        &FIGHT,
        "party=tireur,grenadier,medecin foes=lieutenants multiple_defence=first \
         multiple_penalty=none targets_pick=weakest zone_catches=5",
    )
    .rule;
    assert_eq!(
        (r.pc[0].targets, r.pc[1].zone, r.pc[1].six_plus),
        (2, true, true)
    );
    assert_eq!(r.pc_hero[..3], [None, None, Some(HeroPolicy::Defense)]);
    assert_eq!(
        r.several,
        Several {
            defence: MultipleDefence::First,
            penalty: MultiplePenalty::None,
            pick: TargetsPick::Weakest,
            zone_catches: 5,
        }
    );
    // Every PC's own policy; by default each follows the fight's.
    let own = expect_model(&FIGHT, "pcs=3 pc.hero_policy=both").rule;
    assert_eq!(own.hero_policy_of(2), HeroPolicy::Both);
    let plain = expect_model(&FIGHT, "pcs=3").rule;
    assert_eq!((plain.pc_hero[0], plain.several), (None, Several::DEFAULT));
    assert_rejected(
        &FIGHT,
        &[
            "pc.targets=3",
            "pc.targets=2 pc.zone=true",
            "opponent=seconds foe.targets=5 foe.cibles_multiples=4",
            "foe.hero_policy=none",
            "zone_catches=21",
        ],
    );
}
