//! Exact fights against sampled ones: the time to propagate a duel's whole distribution
//! (the engine's Markov chain over merged states) beside the time to sample it 10^5 times
//! (10^6 for `aube.duel`, issue 15's yardstick) on one core. Run with
//! `cargo bench --bench fights`, or `cargo bench --bench fights -- aube` for one mechanic.

use alea::engine::Tally;
use alea::engine::rng::chunk_rng;
use alea::query::Query;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn query(mechanic: &str, words: &[&str]) -> Query {
    let words: Vec<String> = words.iter().map(|s| s.to_string()).collect();
    Query::parse(mechanic, &words).expect("valid query")
}

fn sampled(query: &Query, n: u64) -> u64 {
    let sim = query.simulation.as_ref();
    let mut tally = Tally::new(sim.layout());
    sim.run_chunk(chunk_rng(1, 0, 0), n, &mut tally);
    tally.samples
}

fn exact(query: &Query) -> f64 {
    query.simulation.exact().map_or(f64::NAN, |t| {
        t.metrics.first().and_then(|m| m.value()).unwrap_or(0.0)
    })
}

fn bench(c: &mut Criterion) {
    let cases = [
        (
            "ose.duel",
            "level-1 fighter against 3 HD",
            vec!["monster.hd=3"],
            100_000,
        ),
        (
            "ose.duel",
            "12 HP against 15 HP (benches/icepool_duel.py 12 15)",
            vec!["fighter.hp=12", "monster.hp=15", "monster.hd=1"],
            100_000,
        ),
        (
            "ose.duel",
            "36 HP against 45 HP (benches/icepool_duel.py 36 45)",
            vec!["fighter.hp=36", "monster.hp=45", "monster.hd=1"],
            100_000,
        ),
        (
            "ose.duel",
            "50 HP against 50 HP",
            vec!["fighter.hp=50", "monster.hp=50", "monster.hd=9"],
            100_000,
        ),
        (
            "aube.duel",
            "two average fighters, FA 10, FM 0, random initiative, out at fatale",
            vec![
                "a.ca=12",
                "a.ba=0",
                "a.bp=0",
                "a.bd=15",
                "a.enc=12",
                "a.be=3",
                "b.ca=12",
                "b.ba=0",
                "b.bp=0",
                "b.bd=15",
                "b.enc=12",
                "b.be=3",
                "fa=10",
                "fm=0",
                "initiative=random",
                "out_at=fatale",
            ],
            1_000_000,
        ),
    ];
    for (mechanic, label, words, n) in cases {
        let q = query(mechanic, &words);
        let mut group = c.benchmark_group(format!("{mechanic} {label}"));
        group.bench_function("exact", |b| b.iter(|| black_box(exact(&q))));
        group.bench_function(format!("{n} sampled"), |b| {
            b.iter(|| black_box(sampled(&q, n)))
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(std::time::Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
