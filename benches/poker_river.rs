//! Issue 16's river spot (200+ combos a side, two bet sizes, one raise
//! size) solved to 0.01 % of the pot, by DCFR and by CFR+, and 20 DCFR
//! iterations on 44 copies of it behind one public deal (the shape of a
//! turn spot's river cards, where the sweeps go parallel). The games are
//! built once; each sample is one whole run, measurements included. Run it
//! with `RAYON_NUM_THREADS=1` and `2` back to back; `benches/vector_threads.rs`
//! compares the two run by run.

mod common;
#[path = "../tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::time::Duration;

use banluck_lab::cfr::vector::{VectorGame, VectorSolver};
use banluck_lab::cfr::{Algorithm, StopRule, converge};
use banluck_lab::games::poker::game::{Keep, SolveOptions, solve};
use criterion::{Criterion, criterion_group, criterion_main};

use support::toys::repeated::Repeated;

fn river_to_target(c: &mut Criterion) {
    let game = common::river_spot();
    let mut group = c.benchmark_group("river_to_0.01%");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(10));
    for (name, algorithm) in [("dcfr", Algorithm::DCFR), ("cfr+", Algorithm::CFR_PLUS)] {
        let options = SolveOptions {
            algorithm,
            target: 0.0001 * game.pot(),
            max_iterations: 100_000,
            check_every: 10,
        };
        let once = solve(&game, &options, Keep::All);
        eprintln!(
            "{name}: {}×{} hands, {} nodes, {} iterations, exploitability {:.5} chips ({:.4} % of the pot), {} threads",
            game.combos(0).len(),
            game.combos(1).len(),
            game.tree().num_nodes(),
            once.iterations,
            once.exploitability,
            once.exploitability_pct(game.pot()),
            rayon::current_num_threads()
        );
        group.bench_function(name, |b| {
            b.iter(|| black_box(solve(&game, &options, Keep::All).iterations))
        });
    }
    group.finish();
}

fn wide_chance(c: &mut Criterion) {
    let river = common::river_spot();
    let game = Repeated::new(&river, 44);
    let rule = StopRule {
        max_iterations: 20,
        target_exploitability: 0.0,
        check_every: 10,
    };
    eprintln!(
        "44 copies: {} nodes, {} threads",
        game.tree().num_nodes(),
        rayon::current_num_threads()
    );
    let mut group = c.benchmark_group("wide_chance_44");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("dcfr_20_iterations", |b| {
        b.iter(|| {
            let mut solver = VectorSolver::new(&game, Algorithm::DCFR);
            black_box(converge(&mut solver, &rule).iterations)
        })
    });
    group.finish();
}

criterion_group!(benches, river_to_target, wide_chance);
criterion_main!(benches);
