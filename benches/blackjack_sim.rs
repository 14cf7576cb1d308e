//! Blackjack simulator throughput: rounds per second of the six-deck S17
//! DAS game with the composition-dependent strategy (`cdp1`), a fresh shoe
//! every round and a 75% cut shoe, on one thread and on two; and the
//! basic-strategy chart on one thread.
//!
//! `cargo bench --bench blackjack_sim`; criterion reports the rate as
//! elements/s (one element = one round). The clock is the driver's own
//! (`seconds` of the result): playing only, not the exact solve (done once)
//! nor the strategy tables built from it on each call.

use std::hint::black_box;
use std::time::Duration;

use banluck_lab::games::blackjack::rules::BlackjackRules;
use banluck_lab::games::blackjack::sim::{BlackjackSimParams, Strategy, simulate_solved};
use banluck_lab::games::blackjack::solve;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const ROUNDS: u64 = 2_000_000;

fn rounds_per_second(c: &mut Criterion) {
    let fresh = BlackjackRules::default();
    let mut cut = fresh.clone();
    cut.shoe.penetration = Some(0.75);
    let solution = solve(&fresh);
    let mut group = c.benchmark_group("blackjack_sim");
    group
        .throughput(Throughput::Elements(ROUNDS))
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    let cases = [
        ("cd_fresh", &fresh, Strategy::Cd, [1, 2].as_slice()),
        ("cd_cut75", &cut, Strategy::Cd, [1, 2].as_slice()),
        ("chart_fresh", &fresh, Strategy::Chart, [1].as_slice()),
    ];
    for (name, rules, strategy, threads) in cases {
        for &threads in threads {
            let params = BlackjackSimParams {
                rounds: ROUNDS,
                seed: 1,
                threads,
                progress: false,
            };
            group.bench_function(format!("{name}_{threads}_thread"), |b| {
                b.iter_custom(|iters| {
                    (0..iters)
                        .map(|_| {
                            let result = simulate_solved(rules, &solution, strategy, &params);
                            Duration::from_secs_f64(black_box(result.unwrap()).seconds)
                        })
                        .sum()
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, rounds_per_second);
criterion_main!(benches);
