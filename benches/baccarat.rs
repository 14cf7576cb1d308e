//! The baccarat engine: one exact full-shoe analysis (the count study
//! calls it at every point of a shoe) and the side-bet effects of removal.

use std::hint::black_box;

use banluck_lab::games::baccarat::count::removal_effects;
use banluck_lab::games::baccarat::exact::{Shoe, count_outcomes};
use banluck_lab::games::baccarat::rules::BaccaratRules;
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

criterion_group!(benches, exact);
criterion_main!(benches);
