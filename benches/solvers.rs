//! Criterion benches of the Banluck solvers on the canonical rules:
//! one exact fixed-dealer solve (`dp_solve`), one `advise` query, and the
//! equilibrium to an exploitability of 1e-6 (`cfr_solve`).

use criterion::{Criterion, criterion_group, criterion_main};

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::equilibrium::{self, CfrParams, CfrVariant};
use banluck_lab::games::banluck::rules::{CompiledRules, RuleSet};

fn benches(c: &mut Criterion) {
    let table = CompiledRules::compile(RuleSet::default());
    c.bench_function("dp_solve", |b| b.iter(|| dp::solve(&table).ev));
    c.bench_function("dp_best_response_value", |b| {
        let dealer = banluck_lab::games::banluck::strategy::DealerStrategy::fixed(&table);
        b.iter(|| dp::best_response_value(&table, &dealer))
    });
    let hand = table.find_hand("T 6").unwrap();
    c.bench_function("advise_t6", |b| {
        b.iter(|| dp::advise(&table, hand, None).ev_stand)
    });
    let mut group = c.benchmark_group("cfr_solve");
    group.sample_size(10);
    for algorithm in [CfrVariant::CfrPlus, CfrVariant::Dcfr] {
        let params = CfrParams {
            algorithm,
            target_exploitability: 1e-6,
            ..CfrParams::default()
        };
        group.bench_function(format!("{algorithm:?}_to_1e-6"), |b| {
            b.iter(|| equilibrium::solve(&table, &params).exploitability)
        });
    }
    group.finish();
}

criterion_group!(solvers, benches);
criterion_main!(solvers);
