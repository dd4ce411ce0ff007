//! Exact fights against sampled ones: the time to propagate a duel's whole distribution
//! (the engine's Markov chain over merged states) beside the time to sample it 10^5
//! times on one core. Run with `cargo bench --bench fights`.

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
        ),
        (
            "ose.duel",
            "50 HP against 50 HP",
            vec!["fighter.hp=50", "monster.hp=50", "monster.hd=9"],
        ),
    ];
    for (mechanic, label, words) in cases {
        let q = query(mechanic, &words);
        let mut group = c.benchmark_group(format!("{mechanic} {label}"));
        group.bench_function("exact", |b| b.iter(|| black_box(exact(&q))));
        group.bench_function("100000 sampled", |b| {
            b.iter(|| black_box(sampled(&q, 100_000)))
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
