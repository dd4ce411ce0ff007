//! Scripts loaded from files, enumerated and sampled.

use super::*;
use crate::engine::rng::chunk_rng;
use crate::engine::{ParamValues, Rosters, Simulation, Tally};
use std::path::PathBuf;

/// Writes `text` as the script `name` in the unit tests' folder of scripts.
fn write(name: &str, text: &str) -> PathBuf {
    let dir = crate::test_folders::test_folder("scripts");
    let path = dir.join(format!("{name}.rhai"));
    std::fs::write(&path, text).unwrap();
    path
}

fn build(
    path: &std::path::Path,
    words: &[(&str, crate::engine::Value)],
) -> Result<Box<dyn Simulation>> {
    let script = load(path)?;
    let given: Vec<(String, crate::engine::Value)> = words
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    let values = ParamValues::resolve(script.name(), &script.params(), &given, Rosters::none())?;
    script.build(&values)
}

const FOUR_D6: &str = include_str!("../../analyses/scripts/four_d6_drop_lowest.rhai");

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn the_shipped_4d6_script_is_exact() {
    let sim = build(&write("four_d6", FOUR_D6), &[]).unwrap();
    let exact = sim.exact().unwrap();
    let layout = sim.layout();
    let success = exact.value(layout.metric_id("success").unwrap()).unwrap();
    let mean = exact
        .value(layout.metric_id("mean_score").unwrap())
        .unwrap();
    assert!(close(success, 25.0 / 108.0), "{success}");
    assert!(close(mean, 15869.0 / 1296.0), "{mean}");
    assert_eq!(exact.tail, 0.0);
}

/// The same rule with every die its own choice (1,296 paths) and with a list sorted by the
/// script: the same distribution as the keep step.
#[test]
fn dice_one_by_one_and_lists_agree_with_the_step() {
    let text = r#"
        fn results() {[ result("score", "the score") ]}
        fn roll(p) {
            let r = rolls(4, 6);
            r.sort();
            #{ score: r[1] + r[2] + r[3] }
        }
    "#;
    let by_list = build(&write("by_list", text), &[]).unwrap();
    let by_step = build(&write("four_d6_again", FOUR_D6), &[]).unwrap();
    let (a, b) = (by_list.exact().unwrap(), by_step.exact().unwrap());
    let hist = |s: &dyn Simulation| s.layout().histogram_index("score").unwrap();
    let (ha, hb) = (
        &a.histograms[hist(&*by_list)],
        &b.histograms[hist(&*by_step)],
    );
    assert_eq!(ha.len(), 16);
    for (v, p) in ha {
        assert!(close(*p, hb[v]), "{v}");
    }
}

/// Sampling draws from the exact table: the estimates agree with the exact values within
/// their 95% intervals (seeded, so the same every run).
#[test]
fn sampling_draws_from_the_table() {
    let sim = build(&write("four_d6_sampled", FOUR_D6), &[]).unwrap();
    let mut tally = Tally::new(sim.layout());
    sim.run_chunk(chunk_rng(20261122, 0, 0), 200_000, &mut tally);
    let summary = crate::engine::summarize(sim.layout(), &tally, sim.exact().as_ref());
    for m in &summary.metrics {
        let exact = m.exact.unwrap();
        assert!(m.lo <= exact && exact <= m.hi, "{}: {m:?}", m.name);
    }
}

#[test]
fn parameters_are_declared_typed_and_checked() {
    let path = write("four_d6_params", FOUR_D6);
    let script = load(&path).unwrap();
    let names: Vec<String> = script.params().into_iter().map(|s| s.name).collect();
    assert_eq!(names, ["target", "dice"]);
    let sim = build(&path, &[("target", crate::engine::Value::Int(3))]).unwrap();
    let exact = sim.exact().unwrap();
    assert!(close(
        exact
            .value(sim.layout().metric_id("success").unwrap())
            .unwrap(),
        1.0
    ));
    assert!(build(&path, &[("target", crate::engine::Value::Int(19))]).is_err());
    let unknown = build(&path, &[("targte", crate::engine::Value::Int(3))])
        .err()
        .unwrap();
    assert!(
        unknown.to_string().contains("did you mean 'target'"),
        "{unknown}"
    );
}

fn error_of(name: &str, text: &str) -> String {
    match build(&write(name, text), &[]) {
        Ok(_) => panic!("{name}: no error"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn bad_scripts_are_clear_errors() {
    let syntax = error_of(
        "syntax",
        "fn results() {[ result(\"a\", \"b\") ]}\nfn roll(p) {\n  let x = ;\n}\n",
    );
    assert!(
        syntax.contains("syntax.rhai:3:11: syntax error"),
        "{syntax}"
    );
    let endless = error_of(
        "endless",
        "fn results() {[ result(\"a\", \"b\") ]}\nfn roll(p) {\n  loop { }\n}\n",
    );
    assert!(
        endless.contains("endless.rhai") && endless.contains("operations"),
        "{endless}"
    );
    let file = error_of(
        "file",
        "fn results() {[ result(\"a\", \"b\") ]}\nfn roll(p) {\n  #{ a: open_file(\"/etc/passwd\") }\n}\n",
    );
    assert!(
        file.contains("file.rhai:3") && file.contains("no function"),
        "{file}"
    );
    let import = error_of(
        "import",
        "import \"x\" as x;\nfn results() {[]}\nfn roll(p) { 1 }\n",
    );
    assert!(import.contains("import.rhai:1"), "{import}");
    let undeclared = error_of(
        "undeclared",
        "fn results() {[ result(\"a\", \"b\") ]}\nfn roll(p) { #{ a: 1, b: true } }\n",
    );
    assert!(
        undeclared.contains("'b', which results() does not declare"),
        "{undeclared}"
    );
    let real = error_of(
        "real",
        "fn results() {[ result(\"a\", \"b\") ]}\nfn roll(p) { #{ a: 1.5 } }\n",
    );
    assert!(real.contains("whole number"), "{real}");
    let mixed = error_of(
        "mixed",
        "fn results() {[ result(\"a\", \"b\") ]}\nfn roll(p) { if d(2) == 1 { #{ a: 1 } } else { #{ a: true } } }\n",
    );
    assert!(mixed.contains("one type"), "{mixed}");
    let no_roll = error_of("no_roll", "fn results() {[ result(\"a\", \"b\") ]}\n");
    assert!(no_roll.contains("no fn roll(p)"), "{no_roll}");
    let bad_die = error_of(
        "bad_die",
        "fn results() {[ result(\"a\", \"b\") ]}\nfn roll(p) { #{ a: d(0) } }\n",
    );
    assert!(bad_die.contains("faces"), "{bad_die}");
}

/// Past the enumeration's bound, exact values are refused with the reason and sampling
/// runs the script.
#[test]
fn too_many_paths_fall_back_to_sampling() {
    let text = r#"
        fn results() {[ result("total", "the sum") ]}
        fn roll(p) {
            let t = 0;
            for i in 0..8 { t += d(6); }
            #{ total: t }
        }
    "#;
    let sim = build(&write("many_paths", text), &[]).unwrap();
    assert!(sim.exact().is_none());
    let why = sim.no_exact_reason().unwrap();
    assert!(why.contains("paths"), "{why}");
    let mut tally = Tally::new(sim.layout());
    sim.run_chunk(chunk_rng(1, 0, 0), 2_000, &mut tally);
    assert!(sim.failure().is_none());
    assert_eq!(tally.samples, 2_000);
    let summary = crate::engine::summarize(sim.layout(), &tally, None);
    let mean = summary.metric("mean_total").unwrap();
    assert!(mean.lo <= 28.0 && 28.0 <= mean.hi, "{mean:?}");
}

/// An open loop of dice (reroll until a 6) is cut per path like any rule, its tail
/// reported.
#[test]
fn loops_of_dice_are_cut_with_a_tail() {
    let text = r#"
        fn results() {[ result("rolls", "dice rolled until one is not a 6") ]}
        fn roll(p) {
            let n = 1;
            while d(6) == 6 { n += 1; }
            #{ rolls: n }
        }
    "#;
    let sim = build(&write("until_six", text), &[]).unwrap();
    let exact = sim.exact().unwrap();
    let mean = exact
        .value(sim.layout().metric_id("mean_rolls").unwrap())
        .unwrap();
    assert!((mean - 1.2).abs() < 1e-9, "{mean}");
    assert!(exact.tail > 0.0 && exact.tail < 1e-9);
}
