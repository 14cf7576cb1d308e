//! The baccarat engine: one exact full-shoe analysis (the count study
//! calls it at every point of a shoe), the side-bet effects of removal,
//! and one chunk of the shoe simulator on one thread.

use std::hint::black_box;

use banluck_lab::games::baccarat::count::removal_effects;
use banluck_lab::games::baccarat::exact::{Shoe, count_outcomes};
use banluck_lab::games::baccarat::rules::BaccaratRules;
use banluck_lab::games::baccarat::sim::{CHUNK_HANDS, SimParams, simulate};
use criterion::{Criterion, criterion_group, criterion_main};

fn exact(c: &mut Criterion) {
    let mut group = c.benchmark_group("baccarat_exact");
    for decks in [8, 3] {
        let shoe = Shoe::decks(decks);
        group.bench_function(format!("full_shoe_{decks}d"), |b| {
            b.iter(|| count_outcomes(black_box(&shoe)))
        });
    }
    // A shoe two thirds through, uneven.
    let depleted = Shoe([40, 11, 9, 12, 10, 8, 13, 9, 11, 10]);
    group.bench_function("depleted_shoe", |b| {
        b.iter(|| count_outcomes(black_box(&depleted)))
    });
    let payouts = BaccaratRules::default().payouts;
    group.bench_function("removal_effects_8d", |b| {
        b.iter(|| removal_effects(black_box(&Shoe::decks(8)), &payouts))
    });
    group.finish();
}

fn simulator(c: &mut Criterion) {
    let mut group = c.benchmark_group("baccarat_sim");
    group.sample_size(10);
    let rules = BaccaratRules::default();
    let params = SimParams {
        hands: CHUNK_HANDS,
        seed: 1,
        threads: 1,
        progress: false,
    };
    group.throughput(criterion::Throughput::Elements(CHUNK_HANDS));
    group.bench_function("one_chunk_8d_one_thread", |b| {
        b.iter(|| simulate(black_box(&rules), &params))
    });
    group.finish();
}

criterion_group!(benches, exact, simulator);
criterion_main!(benches);
