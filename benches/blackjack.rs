//! The blackjack engine: whole games with splits, and the six-deck S17 DAS
//! split-to-4 game under each split algorithm on one thread and on all of
//! rayon's threads.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use banluck_lab::games::blackjack;
use banluck_lab::games::blackjack::rules::load_blackjack_rules;
use criterion::{Criterion, criterion_group, criterion_main};

fn whole_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("blackjack_solve");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for file in [
        "rules/blackjack-1d-s17.toml",
        "rules/blackjack-6d-s17.toml",
        "rules/blackjack-infinite-s17.toml",
    ] {
        let rules = load_blackjack_rules(Some(Path::new(file)), &[]).expect("shipped rules load");
        let name = file.trim_start_matches("rules/").trim_end_matches(".toml");
        group.bench_function(name, |b| b.iter(|| blackjack::solve(black_box(&rules))));
    }
    group.finish();
}

fn split_algorithms(c: &mut Criterion) {
    let mut group = c.benchmark_group("blackjack_6d_split");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(15));
    let all = rayon::current_num_threads();
    for word in ["cdp1", "cdp", "cdz-"] {
        let set = format!("split.algorithm={word}")
            .parse()
            .expect("a valid override");
        let rules = load_blackjack_rules(Some(Path::new("rules/blackjack-6d-s17.toml")), &[set])
            .expect("shipped rules load");
        for threads in [1, all] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a thread pool");
            group.bench_function(format!("{word}/{threads}_threads"), |b| {
                b.iter(|| pool.install(|| blackjack::solve(black_box(&rules))))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, whole_games, split_algorithms);
criterion_main!(benches);
