//! The CFR engine on the poker toys: Kuhn solved to exploitability 1e-6,
//! and a fixed number of Leduc iterations.

use std::hint::black_box;
use std::time::Duration;

use banluck_lab::cfr::Algorithm;
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "../tests/support/mod.rs"]
mod support;

use support::history_cfr::{SolveParams, Solver, Tree, solve};
use support::toys::kuhn::Kuhn;
use support::toys::leduc::Leduc;

/// Leduc iterations per measured run.
const LEDUC_ITERATIONS: u64 = 1000;

const ALGORITHMS: [(&str, Algorithm); 2] =
    [("cfr+", Algorithm::CFR_PLUS), ("dcfr", Algorithm::DCFR)];

fn kuhn_solve(c: &mut Criterion) {
    let tree = Tree::build(&Kuhn).expect("Kuhn flattens");
    let mut group = c.benchmark_group("kuhn_to_1e-6");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for (name, algorithm) in ALGORITHMS {
        let params = SolveParams {
            algorithm,
            max_iterations: 10_000_000,
            target_exploitability: 1e-6,
            check_every: 10,
        };
        group.bench_function(name, |b| {
            b.iter(|| black_box(solve(&tree, params).exploitability))
        });
    }
    group.finish();
}

fn leduc_iterations(c: &mut Criterion) {
    let tree = Tree::build(&Leduc).expect("Leduc flattens");
    let mut group = c.benchmark_group(format!("leduc_{LEDUC_ITERATIONS}_iterations"));
    group.sample_size(20);
    for (name, algorithm) in ALGORITHMS {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut solver = Solver::new(&tree, algorithm);
                for _ in 0..LEDUC_ITERATIONS {
                    solver.iterate();
                }
                black_box(solver.average())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, kuhn_solve, leduc_iterations);
criterion_main!(benches);
