//! The blackjack engine: whole games with splits, single threaded.

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

criterion_group!(benches, whole_games);
criterion_main!(benches);
