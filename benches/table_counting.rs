//! The counting dealer's cost per table size (issue 18, item 1's last
//! gap): 1a's best response plus the counting dealer valued on the same
//! fresh rounds, 20 000 sampled rounds each, the DP strategy at every seat,
//! two threads.
//!
//! `cargo bench --bench table_counting`.

use std::hint::black_box;
use std::time::Duration;

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::rules::{CompiledRules, RuleSet};
use banluck_lab::games::banluck::table::dealer::TableDealerParams;
use banluck_lab::games::banluck::table::dealer::counting::counting_gain;
use criterion::{Criterion, criterion_group, criterion_main};

fn counting_dealer_per_table_size(c: &mut Criterion) {
    let table = CompiledRules::compile(RuleSet::default());
    let player = dp::solve(&table).player;
    let mut group = c.benchmark_group("table_counting");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for players in [1, 2, 4, 7] {
        let params = TableDealerParams {
            players,
            rounds: 20_000,
            fresh_rounds: 20_000,
            seed: 1,
            threads: 2,
            progress: false,
        };
        group.bench_function(format!("k{players}_20k"), |b| {
            b.iter(|| black_box(counting_gain(&table, &player, &params).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, counting_dealer_per_table_size);
criterion_main!(benches);
