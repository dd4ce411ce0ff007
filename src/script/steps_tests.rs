use super::*;

/// The script `text` in a file `name` of a folder of its own (tests run at once).
fn script(name: &str, text: &str) -> PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = crate::test_folders::fresh_test_folder(&format!("steps-{n}"));
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn aube() -> &'static [&'static StepSignature] {
    crate::house_rules::steps_of("aube")
}

#[test]
fn a_step_is_one_table_per_input() {
    let path = script(
        "low.rhai",
        "fn test_die(ca) { keep_lowest(2, 20, 1) }\nfn _unused() { 1 }\n",
    );
    let steps = house_steps(&path, "aube", aube()).unwrap();
    let step = steps.replaced().next().unwrap();
    assert_eq!(step.signature().name, "test_die");
    let t = &step.table(&[12]).exact;
    assert_eq!(t.outcomes.len(), 20);
    // min of 2d20 is 1 with chance 39/400.
    assert!((t.outcomes[0].1 - 39.0 / 400.0).abs() < 1e-15);
    // Loaded once per run: the same steps again.
    assert_eq!(house_steps(&path, "aube", aube()).unwrap(), steps);
}

#[test]
fn bad_step_scripts_are_clear_errors() {
    let cases = [
        (
            "unknown.rhai",
            "fn test_dice(ca) { d(20) }",
            "unknown.rhai:1: fn test_dice: no step 'test_dice' in aube, did you mean 'test_die'?",
        ),
        (
            "arity.rhai",
            "\nfn test_die(ca, nd) { d(20) }",
            "arity.rhai:2: fn test_die(ca, nd): the step takes 1 input",
        ),
        (
            "range.rhai",
            "fn test_die(ca) { d(20) + 1 }",
            "test_die(ca=-20) returned 21",
        ),
        (
            "loop.rhai",
            "fn test_die(ca) {\n  let x = 0;\n  loop { x += 1; }\n}",
            "loop.rhai:3: test_die() went past the limit",
        ),
        (
            "file.rhai",
            "fn test_die(ca) {\n  open(\"/etc/passwd\")\n}",
            "file.rhai:2",
        ),
        (
            "syntax.rhai",
            "fn test_die(ca) {\n  d(20\n}",
            "syntax.rhai:3",
        ),
        (
            "none.rhai",
            "fn _helper() { 1 }",
            "replaces none of aube's steps",
        ),
        (
            "real.rhai",
            "fn test_die(ca) { 1.5 }",
            "the step returns a whole number",
        ),
    ];
    for (name, text, expected) in cases {
        let err = house_steps(&script(name, text), "aube", aube())
            .unwrap_err()
            .to_string();
        assert!(err.contains(expected), "{name}: {err}");
    }
}

/// Dice whose every d20 is the lower of two: what the script `keep_lowest(2, 20, 1)` makes
/// of each test's d20, built here without scripts or tables.
struct LowerOfTwo<'a, D: crate::engine::Dice>(&'a mut D);

impl<D: crate::engine::Dice> crate::engine::Dice for LowerOfTwo<'_, D> {
    fn die(&mut self, sides: u32) -> u32 {
        if sides == 20 {
            self.0.die(20).min(self.0.die(20))
        } else {
            self.0.die(sides)
        }
    }
}

/// The aube test's d20 replaced by the lower of 2d20, through the script's tables.
fn lower_of_two() -> crate::engine::StepRule {
    let path = script("lower.rhai", "fn test_die(ca) { keep_lowest(2, 20, 1) }");
    let steps = house_steps(&path, "aube", aube()).unwrap();
    steps.rule_of(&crate::systems::aube::resolution::TEST_DIE)
}

#[test]
fn a_scripted_test_gives_the_texts_chances() {
    use crate::systems::aube::resolution::TestRule;
    let rule = TestRule {
        die: lower_of_two(),
        ..TestRule::new(12, 5)
    };
    let dist = crate::engine::enumerate(|d| rule.roll(d)).unwrap();
    // P(min of 2d20 <= 12) = 1 - (8/20)^2; beating ND 5: 6 <= min <= 12.
    assert!((dist.p_where(|o| o.success) - 21.0 / 25.0).abs() < 1e-12);
    assert!((dist.p_where(|o| o.beats_nd) - 161.0 / 400.0).abs() < 1e-12);
}

#[test]
fn a_scripted_attack_equals_the_attack_on_lower_of_two_dice() {
    use crate::systems::aube::attack::{AttackRule, Swing};
    use crate::systems::aube::resolution::TestOptions;
    let house = TestOptions {
        die: lower_of_two(),
        ..TestOptions::DEFAULT
    };
    let swing = |options: TestOptions| Swing {
        ta: 13,
        tp: 4,
        bd: 15,
        enc: 12,
        be: 3,
        att: options,
        def: options,
    };
    let rule = AttackRule::new(10, 0);
    let scripted = crate::engine::enumerate(|d| rule.roll(&swing(house), d)).unwrap();
    let independent =
        crate::engine::enumerate(|d| rule.roll(&swing(TestOptions::DEFAULT), &mut LowerOfTwo(d)))
            .unwrap();
    assert!(scripted.len() > 3);
    for (outcome, p) in independent.iter() {
        assert!((scripted.p(outcome) - p).abs() < 1e-12, "{outcome:?}");
    }
    assert!((scripted.p_where(|o| o.hit) - independent.p_where(|o| o.hit)).abs() < 1e-12);
}

#[test]
fn a_scripted_duel_agrees_with_duels_on_lower_of_two_dice() {
    use crate::engine::fight::Winner;
    use crate::engine::{Model, RollDice};
    use crate::systems::aube::attack::AttackRule;
    use crate::systems::aube::duel::DuelModel;
    use crate::systems::aube::fighter::Fighter;
    let house = |f: Fighter| Fighter {
        options: crate::systems::aube::resolution::TestOptions {
            die: lower_of_two(),
            ..f.options
        },
        ..f
    };
    let rule = AttackRule::new(10, 0);
    let scripted = DuelModel::new(house(Fighter::KROM), house(Fighter::BJORN), rule);
    let exact = scripted.exact().expect("an exact duel");
    let a_wins = exact.p_where(|o| o.winner == Winner::A);
    let mean_rounds: f64 = exact.iter().map(|(o, p)| o.rounds as f64 * p).sum();
    // Monte Carlo of the official duel on dice whose d20 is the lower of two.
    let official = DuelModel::new(Fighter::KROM, Fighter::BJORN, rule);
    let n = 200_000;
    let mut dice = RollDice::new(crate::engine::rng::chunk_rng(7, 0, 0));
    let (mut wins, mut rounds, mut rounds_sq) = (0u64, 0f64, 0f64);
    for _ in 0..n {
        let o = official.fight(&mut LowerOfTwo(&mut dice), |_| {});
        wins += (o.winner == Winner::A) as u64;
        rounds += o.rounds as f64;
        rounds_sq += (o.rounds as f64).powi(2);
    }
    let n = n as f64;
    let p = wins as f64 / n;
    // 99.9% intervals (z = 3.29) of the two estimates.
    let z = 3.29;
    assert!(
        (p - a_wins).abs() < z * (p * (1.0 - p) / n).sqrt(),
        "{p} vs {a_wins}"
    );
    let mean = rounds / n;
    let sd = (rounds_sq / n - mean * mean).sqrt();
    assert!(
        (mean - mean_rounds).abs() < z * sd / n.sqrt(),
        "{mean} vs {mean_rounds}"
    );
}
