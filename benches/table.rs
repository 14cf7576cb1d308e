//! Multi-player throughput: player-hands per second (rounds × players) of
//! the canonical rules with the stand-on-17 habit against the fixed dealer,
//! at 2 and 7 players, reveal off and on, on two threads.
//!
//! `cargo bench --bench table`; criterion reports elements/s (one element =
//! one player-hand).

use std::hint::black_box;
use std::time::Duration;

use banluck_lab::games::banluck::rules::{CompiledRules, RevealPolicy, RuleSet};
use banluck_lab::games::banluck::strategy_file::Chart;
use banluck_lab::games::banluck::table::play::{TableParams, simulate_table};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const ROUNDS: u64 = 1_000_000;

fn player_hands_per_second(c: &mut Criterion) {
    let mut group = c.benchmark_group("table");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    for reveal in [RevealPolicy::Off, RevealPolicy::On] {
        let mut rules = RuleSet::default();
        rules.dealer.fixed.reveal = reveal;
        let table = CompiledRules::compile(rules);
        let player = Chart::stand17().expand(&table).unwrap();
        for players in [2, 7] {
            let params = TableParams {
                players,
                rounds: ROUNDS,
                seed: 1,
                threads: 2,
                progress: false,
            };
            group.throughput(Throughput::Elements(ROUNDS * players as u64));
            group.bench_function(format!("{players}_players_reveal_{reveal:?}"), |b| {
                b.iter(|| black_box(simulate_table(&table, &player, &params).unwrap()))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, player_hands_per_second);
criterion_main!(benches);
