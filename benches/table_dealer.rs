//! The strategic table dealer's best response at four seats (issue 18,
//! item 1a: under a minute on two cores): 200 000 sampled rounds solved
//! on and 200 000 fresh rounds valued, the DP strategy at every seat; and
//! its cost by table size (K = 1, 2, 4, 7 on both cores, 50 000 rounds
//! solved on and 50 000 valued: the cost grows linearly in the rounds, so
//! a task of `experiments/table.toml` costs about its figure times the
//! rounds over 50 000, plus the rotation section's simulations).
//!
//! `cargo bench --bench table_dealer`.

use std::hint::black_box;
use std::time::Duration;

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::rules::{CompiledRules, RuleSet};
use banluck_lab::games::banluck::table::dealer::{TableDealerParams, best_response};
use criterion::{Criterion, criterion_group, criterion_main};

fn best_response_at_four_seats(c: &mut Criterion) {
    let table = CompiledRules::compile(RuleSet::default());
    let player = dp::solve(&table).player;
    let mut group = c.benchmark_group("table_dealer");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30));
    for threads in [1, 2] {
        let params = TableDealerParams {
            players: 4,
            rounds: 200_000,
            fresh_rounds: 200_000,
            seed: 1,
            threads,
            progress: false,
        };
        group.bench_function(format!("k4_200k_{threads}_threads"), |b| {
            b.iter(|| black_box(best_response(&table, &player, &params).unwrap()))
        });
    }
    group.finish();
}

fn best_response_by_seats(c: &mut Criterion) {
    let table = CompiledRules::compile(RuleSet::default());
    let player = dp::solve(&table).player;
    let mut group = c.benchmark_group("table_dealer_by_seats");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(15));
    for players in [1, 2, 4, 7] {
        let params = TableDealerParams {
            players,
            rounds: 50_000,
            fresh_rounds: 50_000,
            seed: 1,
            threads: 2,
            progress: false,
        };
        group.bench_function(format!("k{players}_50k_2_threads"), |b| {
            b.iter(|| black_box(best_response(&table, &player, &params).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, best_response_at_four_seats, best_response_by_seats);
criterion_main!(benches);
