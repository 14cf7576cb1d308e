//! The table equilibrium's cost per table size (issue 18, item 1b): one
//! seat's best reply on 16 + 16 rounds of the other seats (each round
//! values all of the seat's hands), and 5 MCCFR iterations of 4 seat
//! rounds and 1 024 table rounds each (NashConv measured on the smallest
//! sample the solver takes), at 2, 3 and 4 seats. Under three minutes.
//!
//! `cargo bench --bench table_equilibrium`.

use std::hint::black_box;
use std::time::Duration;

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::rules::{CompiledRules, RevealPolicy, RuleSet};
use banluck_lab::games::banluck::table::dealer::policy::TablePolicy;
use banluck_lab::games::banluck::table::equilibrium::{
    ReplyParams, TableEqParams, seat_best_reply, solve_table,
};
use criterion::{Criterion, criterion_group, criterion_main};

fn cost_per_table_size(c: &mut Criterion) {
    let table = CompiledRules::compile(RuleSet::default());
    let chart = dp::solve(&table).player;
    let dealer = TablePolicy::fixed_dealer(&table, RevealPolicy::Off);
    let mut group = c.benchmark_group("table_equilibrium");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    for players in 2..=4 {
        let reply = ReplyParams {
            rounds: 16,
            fresh_rounds: 16,
            seed: 1,
            threads: 0,
            progress: false,
        };
        group.bench_function(format!("reply_k{players}_16+16_rounds"), |b| {
            b.iter(|| black_box(seat_best_reply(&table, players, &chart, &dealer, &reply).unwrap()))
        });
        let params = TableEqParams {
            players,
            iterations: 5,
            seat_rounds: 4,
            dealer_rounds: 1024,
            br_rounds: 2,
            reply_rounds: 2,
            seed: 1,
            threads: 0,
            progress: false,
        };
        group.bench_function(format!("mccfr_k{players}_5_iterations"), |b| {
            b.iter(|| black_box(solve_table(&table, &params).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, cost_per_table_size);
criterion_main!(benches);
