//! Throughput of the `aube.test` sampling loop, beside a bare loop that draws the same
//! d20s from the same generator and does the same comparison without branches: the bound
//! set by the generator. Run with `cargo bench --bench aube_test`.

use alea::engine::Tally;
use alea::engine::dice::{Dice, RollDice};
use alea::engine::rng::chunk_rng;
use alea::query::Query;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const N: u64 = 1_000_000;

fn bare_loop(n: u64) -> [u64; 2] {
    let mut dice = RollDice::new(chunk_rng(1, 0, 0));
    let (ca, nd) = (12u32, 5u32);
    let mut counts = [0u64; 2];
    for _ in 0..n {
        let d = dice.d20();
        let success = (d == 1) | ((d <= ca) & (d != 20));
        counts[0] += success as u64;
        counts[1] += (success & (d > nd)) as u64;
    }
    counts
}

fn alea_loop(query: &Query, n: u64) -> u64 {
    let sim = query.simulation.as_ref();
    let mut tally = Tally::new(sim.layout());
    sim.run_chunk(chunk_rng(1, 0, 0), n, &mut tally);
    tally.metrics[1].sum as u64
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("aube.test");
    group.throughput(Throughput::Elements(N));
    group.bench_function("bare d20 loop (bound)", |b| {
        b.iter(|| black_box(bare_loop(black_box(N))))
    });
    let plain = Query::parse("aube.test", &["ca=12".into(), "nd=5".into()]).expect("valid query");
    group.bench_function("alea ca=12 nd=5", |b| {
        b.iter(|| black_box(alea_loop(&plain, N)))
    });
    let crit = Query::parse(
        "aube.test",
        &["ca=12".into(), "nd=5".into(), "crit=d10".into()],
    )
    .expect("valid query");
    group.bench_function("alea ca=12 nd=5 crit=d10", |b| {
        b.iter(|| black_box(alea_loop(&crit, N)))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(4));
    targets = bench
}
criterion_main!(benches);
