//! The vector-form solver on 1 thread against 2, run by run: each round
//! runs the single-threaded solve and then the two-threaded one at each
//! parallel threshold, so that all of them see the same load on a shared
//! machine. Prints, per case, the minimum and median wall time of each and
//! the median over rounds of the ratio 1 thread / 2 threads (above 1: the
//! second thread helps). `ROUNDS` sets the number of rounds (default 15).
//!
//! Cases: issue 16's river spot solved to 0.01 % of the pot, and 44 copies
//! of it behind one public deal (the shape of a turn spot's river cards),
//! 20 DCFR iterations.

mod common;
#[path = "../tests/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

use banluck_lab::cfr::vector::{PARALLEL_WORK, VectorGame, VectorSolver};
use banluck_lab::cfr::{Algorithm, StopRule, converge};
use rayon::ThreadPool;

use support::toys::repeated::Repeated;

/// Runs DCFR on `game` in `pool` with threshold `work` under `rule`.
fn timed(pool: &ThreadPool, game: &impl VectorGame, work: usize, rule: &StopRule) -> Duration {
    pool.install(|| {
        let start = Instant::now();
        let mut solver = VectorSolver::new(game, Algorithm::DCFR).parallel_work(work);
        converge(&mut solver, rule);
        start.elapsed()
    })
}

/// The middle of `values` (sorted in place).
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Measures `game` for `rounds` rounds and prints the case's lines.
fn compare(name: &str, game: &impl VectorGame, rule: &StopRule, works: &[usize], rounds: usize) {
    let pools = [1, 2].map(|threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool")
    });
    let mut single = Vec::new();
    let mut double = vec![Vec::new(); works.len()];
    for _ in 0..rounds {
        single.push(timed(&pools[0], game, PARALLEL_WORK, rule).as_secs_f64());
        for (times, &work) in double.iter_mut().zip(works) {
            times.push(timed(&pools[1], game, work, rule).as_secs_f64());
        }
    }
    let ms = |seconds: f64| seconds * 1e3;
    let min = |times: &[f64]| times.iter().copied().fold(f64::INFINITY, f64::min);
    println!(
        "{name}, 1 thread: min {:.1} ms, median {:.1} ms",
        ms(min(&single)),
        ms(median(&mut single.clone()))
    );
    for (times, &work) in double.iter().zip(works) {
        let mut ratios: Vec<f64> = single
            .iter()
            .zip(times)
            .map(|(one, two)| one / two)
            .collect();
        println!(
            "{name}, 2 threads, threshold {work}: min {:.1} ms, median {:.1} ms, median ratio 1/2 threads {:.3}",
            ms(min(times)),
            ms(median(&mut times.clone())),
            median(&mut ratios)
        );
    }
}

fn main() {
    let rounds = std::env::var("ROUNDS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(15);
    let river = common::river_spot();
    let to_target = StopRule {
        max_iterations: 100_000,
        target_exploitability: 0.0001 * river.pot(),
        check_every: 10,
    };
    let works = [0, PARALLEL_WORK, 10_000, 20_000];
    compare("river to 0.01 %", &river, &to_target, &works, rounds);
    let wide = Repeated::new(&river, 44);
    let twenty = StopRule {
        max_iterations: 20,
        target_exploitability: 0.0,
        check_every: 10,
    };
    let works = [PARALLEL_WORK, 20_000, 80_000, 320_000];
    compare(
        "44 river copies, 20 iterations",
        &wide,
        &twenty,
        &works,
        rounds,
    );
}
