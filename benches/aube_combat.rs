//! Throughput of `aube.attack` (one attack of fresh average fighters) and `aube.duel` (a
//! whole duel of two average fighters until one is out), in samples per second. Run with
//! `cargo bench --bench aube_combat`.

use alea::engine::Tally;
use alea::engine::rng::chunk_rng;
use alea::query::Query;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn run(query: &Query, n: u64) -> u64 {
    let sim = query.simulation.as_ref();
    let mut tally = Tally::new(sim.layout());
    sim.run_chunk(chunk_rng(1, 0, 0), n, &mut tally);
    tally.metrics[0].sum as u64
}

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn bench(c: &mut Criterion) {
    let attack = Query::parse(
        "aube.attack",
        &words(&[
            "att.ca=12",
            "att.ba=0",
            "att.bd=15",
            "def.ca=12",
            "def.bp=0",
            "def.enc=12",
            "def.be=3",
        ]),
    )
    .expect("valid query");
    let mut group = c.benchmark_group("aube.attack");
    const ATTACKS: u64 = 1_000_000;
    group.throughput(Throughput::Elements(ATTACKS));
    group.bench_function("average fighters fa=10 fm=0", |b| {
        b.iter(|| black_box(run(&attack, ATTACKS)))
    });
    group.finish();

    let fighter = ["ca=12", "ba=0", "bp=0", "bd=15", "enc=12", "be=3"];
    let mut duel_words: Vec<String> = ["a", "b"]
        .iter()
        .flat_map(|p| fighter.map(|f| format!("{p}.{f}")))
        .collect();
    let duel = Query::parse("aube.duel", &duel_words).expect("valid query");
    duel_words.push("fm=10".into());
    let deadly = Query::parse("aube.duel", &duel_words).expect("valid query");
    let mut group = c.benchmark_group("aube.duel");
    const DUELS: u64 = 100_000;
    group.throughput(Throughput::Elements(DUELS));
    group.bench_function("average fighters fa=10 fm=0", |b| {
        b.iter(|| black_box(run(&duel, DUELS)))
    });
    group.bench_function("average fighters fa=10 fm=10", |b| {
        b.iter(|| black_box(run(&deadly, DUELS)))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(std::time::Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
