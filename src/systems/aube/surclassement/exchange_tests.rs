//! Unit tests of [`super`] (`exchange.rs`), kept beside it.

use super::*;
use crate::engine::Model;
use crate::engine::model::replay_one;
use crate::engine::{replay, simulation};
use crate::systems::aube::SURCLASSEMENT_EXCHANGE;
use crate::systems::test_support::{assert_each_agrees, error_text};
use Manoeuvre::{Ma, Md, Mp};

/// A: CAs 10, ba 2, bp 1, bd 12 (MD adds 7), enc 10. B: CAs 10, ba 0, bp 0, bd 10
/// (MD adds 5), enc 10.
fn pair() -> [Fighter; 2] {
    [
        Fighter::new([10, 10, 10], [2, 1, 12], 10, 0),
        Fighter::new([10, 10, 10], [0, 0, 10], 10, 0),
    ]
}

fn play(rules: Rules, moves: [Manoeuvre; 2], feints: [i64; 2], dice: &[u32]) -> ExchangeOutcome {
    let [a, b] = pair();
    let ex = Exchange::new(rules, [&a, &b], moves, feints);
    replay(dice, |d| ex.roll(d))
}

fn magnitude(
    rules: Rules,
    moves: [Manoeuvre; 2],
    feints: [i64; 2],
    d: [u32; 2],
) -> (Option<Winner>, i64) {
    let [a, b] = pair();
    let ex = Exchange::new(rules, [&a, &b], moves, feints);
    let t = |s: usize| ex.stances[s].test().resolve(d[s], 0);
    let [sa, sb] = ex.stances;
    contest(rules.loser_subtracts, &sa.read(&t(0)), &sb.read(&t(1)))
}

/// Exchanges that end without a damage roll: no feint point gained, no damage.
#[test]
fn exchanges_without_a_blow() {
    let cases = [
        // Both fail: nothing happens, and the feint points held vanish.
        ([Md, Ma], [5, 3], [15, 12], None),
        // Equal E is a draw: A MD d 5: E 12; B MD d 7: E 12.
        ([Md, Md], [0, 0], [5, 7], Some(Winner::Draw)),
        // A winning parry stops everything: A MP d 10: E = 10 + 1 + 5 = 16 beats B's MD
        // d 9 (E 14): no damage roll at all.
        ([Mp, Md], [0, 0], [10, 9], Some(Winner::A)),
    ];
    for (moves, feints, dice, winner) in cases {
        let o = play(Rules::default(), moves, feints, &dice);
        let case = format!("{moves:?} {feints:?} {dice:?}");
        assert_eq!(
            (o.winner, o.feint_gained, o.damage),
            (winner, 0, None),
            "{case}"
        );
    }
}

#[test]
fn one_succeeds_it_wins_with_its_e() {
    // A: d 6 → E = 6 + 12 - 5 = 13; B fails. dom 13 against enc 10, resistance d 4:
    // 13 - 4 = 9 → sonné.
    assert_eq!(
        magnitude(Rules::default(), [Md, Md], [0, 0], [6, 14]),
        (Some(Winner::A), 13)
    );
    let o = play(Rules::default(), [Md, Md], [0, 0], &[6, 14, 4]);
    assert_eq!(o.winner, Some(Winner::A));
    assert_eq!(o.damage, Some(DamageResult::Sonne));
    // B alone succeeds with the parry: E = 9 + 0 + 5.
    assert_eq!(
        magnitude(Rules::default(), [Md, Mp], [0, 0], [16, 9]),
        (Some(Winner::B), 14)
    );
}

#[test]
fn both_succeed_higher_e_wins_loser_subtracts_raw_or_modified() {
    // A MD d 8: E 15. B MP d 9: E 9 + 0 + 5 = 14. A wins; raw: 15 - 9 = 6; modified:
    // 15 - 14 = 1.
    let raw = Rules::default();
    let modified = Rules {
        loser_subtracts: LoserSubtracts::Modified,
        ..raw
    };
    assert_eq!(
        magnitude(raw, [Md, Mp], [0, 0], [8, 9]),
        (Some(Winner::A), 6)
    );
    assert_eq!(
        magnitude(modified, [Md, Mp], [0, 0], [8, 9]),
        (Some(Winner::A), 1)
    );
    // dom 6 / 1 against a failed resistance test (d 12): sonné / étourdi.
    let o = play(raw, [Md, Mp], [0, 0], &[8, 9, 12]);
    assert_eq!(o.damage, Some(DamageResult::Sonne));
    let o = play(modified, [Md, Mp], [0, 0], &[8, 9, 12]);
    assert_eq!(o.damage, Some(DamageResult::Etourdi));
    // The higher °R does not win by itself: B's d 10 MD (E 15) beats A's d 9 MA
    // (E 11) and A's d 3 MD with 9 feint points (E 19) beats B's d 10 MD.
    assert_eq!(
        magnitude(raw, [Ma, Md], [0, 0], [9, 10]),
        (Some(Winner::B), 15 - 9)
    );
    assert_eq!(
        magnitude(raw, [Md, Md], [9, 0], [3, 10]),
        (Some(Winner::A), 19 - 10)
    );
}

#[test]
fn feint_points_are_gained_and_spent_by_the_next_manoeuvre() {
    // A MA d 3 holding 4: E = 3 + 2 + 4 = 9, B fails: A now holds 9.
    let o = play(Rules::default(), [Ma, Md], [4, 0], &[3, 15]);
    assert_eq!((o.winner, o.feint_gained), (Some(Winner::A), 9));
    // Those points go into the next manœuvre's E: MD d 2 with 9 held: E = 2 + 7 + 9.
    assert_eq!(
        magnitude(Rules::default(), [Md, Mp], [9, 0], [2, 15]),
        (Some(Winner::A), 18)
    );
    // A won MD gains nothing: the held points were spent.
    let o = play(Rules::default(), [Md, Mp], [9, 0], &[2, 15, 20]);
    assert_eq!((o.feint_gained, o.damage), (0, Some(DamageResult::Legere)));
    // A feint that loses both subtracts nothing from and gains nothing for A.
    let o = play(Rules::default(), [Ma, Mp], [0, 0], &[5, 4]);
    assert_eq!((o.winner, o.feint_gained), (Some(Winner::B), 0));
}

#[test]
fn switch_ma_adds_ba() {
    let off = Rules {
        ma_adds_ba: false,
        ..Rules::default()
    };
    assert_eq!(
        magnitude(Rules::default(), [Ma, Mp], [0, 0], [3, 20]),
        (Some(Winner::A), 5)
    );
    assert_eq!(
        magnitude(off, [Ma, Mp], [0, 0], [3, 20]),
        (Some(Winner::A), 3)
    );
}

#[test]
fn exact_agrees_with_monte_carlo() {
    let krom = Fighter::new([9, 9, 9], [1, -3, 20], 13, 3);
    let bjorn = Fighter::new([9, 9, 9], [1, 1, 15], 11, 4);
    let modified = Rules {
        loser_subtracts: LoserSubtracts::Modified,
        ..Rules::default()
    };
    let mut cases = Vec::new();
    for ma in Manoeuvre::ALL {
        for mb in Manoeuvre::ALL {
            cases.push(Exchange::new(
                Rules::default(),
                [&krom, &bjorn],
                [ma, mb],
                [0, 0],
            ));
        }
    }
    let [a, b] = pair();
    cases.push(Exchange::new(modified, [&a, &b], [Md, Ma], [6, 0]));
    cases.push(Exchange::new(
        Rules {
            fm: 5,
            ..Rules::default()
        },
        [&a, &bjorn],
        [Ma, Md],
        [3, 2],
    ));
    let strong = Fighter::new([21, 0, 15], [0, 0, 40], 25, 0);
    cases.push(Exchange::new(
        Rules::default(),
        [&strong, &a],
        [Md, Md],
        [0, 0],
    ));
    assert_each_agrees(cases, 10, |ex| {
        simulation(ExchangeModel::new(ExchangeRoll::new(ex)))
    });
}

#[test]
fn exact_probabilities_add_up() {
    let [a, b] = pair();
    let d = Exchange::new(Rules::default(), [&a, &b], [Md, Md], [0, 0]).law();
    let total: f64 = d.iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-12);
    // Both fail: (10/20)².
    assert!((d.p_where(|o| o.winner.is_none()) - 0.25).abs() < 1e-12);
}

#[test]
fn the_metrics_of_a_rigged_blow() {
    // The blow of `one_succeeds_it_wins_with_its_e`: A's MD (E 13) sonne B.
    let [a, b] = pair();
    let model = ExchangeModel::new(ExchangeRoll::new(Exchange::new(
        Rules::default(),
        [&a, &b],
        [Md, Md],
        [0, 0],
    )));
    let (o, tally) = replay_one(&model, &[6, 14, 4]);
    assert_eq!(
        (o.winner, o.damage),
        (Some(Winner::A), Some(DamageResult::Sonne))
    );
    let m = &model.m;
    let sum = |id: MetricId| tally.metric(id).sum;
    assert_eq!((sum(m.a_wins), sum(m.b_wins), sum(m.nothing)), (1, 0, 0));
    for r in DamageResult::ALL {
        let sonne = i64::from(r == DamageResult::Sonne);
        assert_eq!(
            (sum(m.a_hit[r.index()]), sum(m.b_hit[r.index()])),
            (sonne, 0)
        );
    }
    // A sonné is no wound, nor grave; B's grave-given-hit has no trial at all.
    assert_eq!((sum(m.a_wounds), sum(m.a_grave)), (0, 0));
    assert_eq!(
        (tally.metric(m.a_grave).n, tally.metric(m.b_grave).n),
        (1, 0)
    );
    assert_eq!(sum(m.feint), 0);
    let layout = model.layout();
    let names: Vec<&str> = layout.metrics.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names[4..11].first(), Some(&"a_hit_none"));
    assert_eq!(names[11..18].last(), Some(&"b_hit_fatale"));
    assert_eq!(names.len(), 23);
}

/// The four fighter words of a fighter with all CAs 9 and `enc` 11, both sides.
const FIGHTERS: &str =
    "a.ca_mp=9 a.ca_ma=9 a.ca_md=9 a.enc=11 b.ca_mp=9 b.ca_ma=9 b.ca_md=9 b.enc=11";

fn error(words: &str) -> String {
    error_text(SURCLASSEMENT_EXCHANGE.model_for(&format!("{FIGHTERS} {words}")))
}

#[test]
fn bad_input_is_an_error() {
    let e = error("a_move=mx b_move=md");
    assert!(e.contains("mp, ma, md"), "{e}");
    assert!(error("b_move=md").contains("a_move"), "a_move is required");
    let ok = SURCLASSEMENT_EXCHANGE
        .model_for(&format!("{FIGHTERS} a_move=ma b_move=md a_feint=4"))
        .unwrap();
    let stances = ok.rule.exchange.stances;
    assert_eq!((stances[0].manoeuvre, stances[0].feint), (Ma, 4));
    assert_eq!((stances[1].manoeuvre, stances[1].feint), (Md, 0));
    let e = error("a_move=ma b_move=md a.ph=5");
    assert!(e.contains("fighter a is given both forms"), "{e}");
    assert!(error("a_move=ma b_move=md a_feint=-1").contains("a_feint"));
}
