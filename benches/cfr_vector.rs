//! Leduc hold'em solved to a fixed exploitability by the per-history engine
//! and by the vector-form solver (one hand per rank, and one per card).

use std::hint::black_box;
use std::time::Duration;

use banluck_lab::cfr::vector::VectorSolver;
use banluck_lab::cfr::{Algorithm, StopRule, converge};
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "../tests/support/mod.rs"]
mod support;

use support::history_cfr::{SolveParams, Tree, solve};
use support::toys::leduc::Leduc;
use support::toys::one_card::OneCardPoker;

/// The exploitability every run solves to.
const TARGET: f64 = 1e-5;

const ALGORITHMS: [(&str, Algorithm); 2] =
    [("cfr+", Algorithm::CFR_PLUS), ("dcfr", Algorithm::DCFR)];

fn leduc_to_target(c: &mut Criterion) {
    let tree = Tree::build(&Leduc).expect("Leduc flattens");
    let ranks = OneCardPoker::leduc();
    let cards = OneCardPoker::leduc_suited();
    let rule = StopRule {
        max_iterations: 1_000_000,
        target_exploitability: TARGET,
        check_every: 10,
    };
    let mut group = c.benchmark_group(format!("leduc_to_{TARGET:e}"));
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for (name, algorithm) in ALGORITHMS {
        let params = SolveParams {
            algorithm,
            max_iterations: rule.max_iterations,
            target_exploitability: rule.target_exploitability,
            check_every: rule.check_every,
        };
        group.bench_function(format!("{name}/per_history"), |b| {
            b.iter(|| black_box(solve(&tree, params).exploitability))
        });
        for (form, game) in [("vector_ranks", &ranks), ("vector_cards", &cards)] {
            group.bench_function(format!("{name}/{form}"), |b| {
                b.iter(|| {
                    let mut solver = VectorSolver::new(game, algorithm);
                    black_box(converge(&mut solver, &rule).iterations)
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, leduc_to_target);
criterion_main!(benches);
