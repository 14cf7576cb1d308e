//! Simulator throughput: hands per second of the canonical rules with the
//! stand-on-17 habit against the fixed dealer, on one thread and on two.
//!
//! `cargo bench --bench sim`; criterion reports the rate as elements/s
//! (one element = one hand).

use std::hint::black_box;
use std::time::Duration;

use banluck_lab::games::banluck::rules::{CompiledRules, RuleSet};
use banluck_lab::games::banluck::sim::{SimParams, simulate};
use banluck_lab::games::banluck::strategy::DealerStrategy;
use banluck_lab::games::banluck::strategy_file::Chart;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const HANDS: u64 = 4_000_000;

fn hands_per_second(c: &mut Criterion) {
    let table = CompiledRules::compile(RuleSet::default());
    let player = Chart::stand17().expand(&table).unwrap();
    let dealer = DealerStrategy::fixed(&table);
    let mut group = c.benchmark_group("sim");
    group
        .throughput(Throughput::Elements(HANDS))
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    for threads in [1, 2] {
        let params = SimParams {
            hands: HANDS,
            seed: 1,
            threads,
            progress: false,
        };
        group.bench_function(format!("canonical_stand17_{threads}_thread"), |b| {
            b.iter(|| black_box(simulate(&table, &player, &dealer, &params).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, hands_per_second);
criterion_main!(benches);
