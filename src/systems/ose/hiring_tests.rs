use super::*;
use crate::engine::model::replay_one;
use crate::systems::ose::HIRING;
use crate::systems::test_support::{assert_mechanic_agrees, assert_rejected, close, exact_value};

fn model(words: &str) -> HiringModel {
    HIRING
        .model_for(words)
        .unwrap_or_else(|e| panic!("{words}: {e}"))
}

fn hired(words: &str) -> f64 {
    let m = model(words);
    exact_value(&m, m.m.hired)
}

/// The search of one rigged sequence of d6 (two a roll).
fn rigged(words: &str, dice: &[u32]) -> Search {
    replay_one(&model(words), dice).0
}

#[test]
fn one_offer_is_one_roll_on_the_table() {
    // 9 or more on 2d6: 10/36; 12: 1/36; 2: 1/36.
    let m = model("offers=1");
    assert!(close(exact_value(&m, m.m.hired), 10.0 / 36.0));
    assert!(close(exact_value(&m, m.m.hired_loyal), 1.0 / 36.0));
    assert!(close(exact_value(&m, m.m.any_animosity), 1.0 / 36.0));
    // CHA +1 and a generous offer +2: 6 or more, 26/36.
    assert!(close(hired("offers=1 cha_mod=1 offer=2"), 26.0 / 36.0));
}

#[test]
fn two_offers_by_hand() {
    // Accepted at once (10/36); else after 3-8 (25/36) a second offer at the same odds,
    // after animosity (1/36) one at -1 (10 or more: 6/36): (360 + 250 + 6) / 1296.
    assert!(close(hired("offers=2"), 616.0 / 1296.0));
    // One candidate: only 6-8 (16/36) gets a second roll: (360 + 160) / 1296.
    assert!(close(
        hired("offers=2 single_candidate=true"),
        520.0 / 1296.0
    ));
    // The offers made: 1, and 2 unless the first is accepted (26/36), or with one
    // candidate unless it is accepted or refused (16/36).
    let m = model("offers=2");
    assert!(close(exact_value(&m, m.m.mean_offers), 1.0 + 26.0 / 36.0));
    let m = model("offers=2 single_candidate=true");
    assert!(close(exact_value(&m, m.m.mean_offers), 1.0 + 16.0 / 36.0));
}

#[test]
fn one_candidate_asked_again_and_again() {
    // Each roll: accepted 10/36, again 16/36: within k offers 10/36 (1 - r^k) / (1 - r)
    // with r = 16/36, that is (1 - (4/9)^k) / 2.
    for k in [1, 3, 10, 50] {
        let want = (1.0 - (4.0f64 / 9.0).powi(k)) / 2.0;
        assert!(
            close(hired(&format!("offers={k} single_candidate=true")), want),
            "{k}"
        );
    }
}

#[test]
fn animosity_lowers_the_later_rolls() {
    // CHA -1, three offers. In 36ths, at -1: animosity (2d6 <= 3) 3, accepted (>= 10) 6,
    // else 27; at -2: 6, 3, 27; at -3: accepted (12) 1.
    let (a1, o1, n1) = (6.0, 27.0, 3.0);
    let (a2, o2, n2) = (3.0, 27.0, 6.0);
    let a3 = 1.0;
    let t = 36.0f64;
    // Two offers left at -1: a1 + o1 a1 + n1 a2; at -2: a2 + o2 a2 + n2 a3 (stacking) or
    // a2 + (o2 + n2) a2 (one -1 whatever the animosities).
    let from_1 = (a1 * t + o1 * a1 + n1 * a2) / t.powi(2);
    let stacks = (a2 * t + o2 * a2 + n2 * a3) / t.powi(2);
    let once = (a2 * t + (o2 + n2) * a2) / t.powi(2);
    assert!(close(
        hired("cha_mod=-1 offers=3"),
        a1 / t + o1 / t * from_1 + n1 / t * stacks
    ));
    assert!(close(hired("cha_mod=-1 offers=3"), 18810.0 / 46656.0));
    assert!(close(
        hired("cha_mod=-1 offers=3 animosity_once=true"),
        a1 / t + o1 / t * from_1 + n1 / t * once
    ));
    assert!(close(
        hired("cha_mod=-1 offers=3 animosity_once=true"),
        18846.0 / 46656.0
    ));
}

#[test]
fn rigged_searches() {
    // 1+1: animosity; then 6+6 = 12 at -1 is 11: accepted, without the loyalty.
    let s = rigged("offers=3", &[1, 1, 6, 6]);
    assert_eq!((s.answer, s.offers, s.animosities), (Answer::Hired, 2, 1));
    // 3+3: try again; 1+2: refused; 6+6: accepted with +1 loyalty.
    let s = rigged("offers=3", &[3, 3, 1, 2, 6, 6]);
    assert_eq!((s.answer, s.offers), (Answer::HiredLoyal, 3));
    // One candidate: the refusal ends it.
    let s = rigged("offers=3 single_candidate=true", &[3, 3, 1, 2]);
    assert_eq!((s.answer, s.offers), (Answer::NotHired, 2));
    // Every offer made: 3 then 4 then 5.
    let s = rigged("offers=3", &[1, 2, 2, 2, 2, 3]);
    assert_eq!(
        (s.answer, s.offers, s.animosities),
        (Answer::NotHired, 3, 0)
    );
}

#[test]
fn house_bands_are_read() {
    // Acceptance from 8 ([reaction] bands 3, 6, 8, 12): one offer 15/36.
    use crate::engine::tables::RuleSchema;
    let given = toml::from_str("[reaction]\nbands = [3, 6, 8, 12]\n").unwrap();
    let loaded = super::super::tables::SCHEMA.load(&given).unwrap();
    let tables = *loaded.tables::<OseTables>().unwrap();
    let mut rule = HiringRule::new(0, 1, false, false);
    rule.search.bands = tables.reaction;
    let exact = rule.exact().unwrap();
    assert!(close(
        exact.p_where(|s| s.answer != Answer::NotHired),
        15.0 / 36.0
    ));
}

#[test]
fn bad_input_is_an_error() {
    assert_rejected(
        &HIRING,
        &["offers=0", "offers=51", "offer=3", "reputation=1"],
    );
}

#[test]
fn monte_carlo_agrees_with_exact() {
    assert_mechanic_agrees(
        &HIRING,
        &[
            "offers=5",
            "cha_mod=-2 reputation=-2 offers=6",
            "cha_mod=1 offers=4 single_candidate=true",
            "cha_mod=-3 offers=8 animosity_once=true",
        ],
        3,
    );
}
