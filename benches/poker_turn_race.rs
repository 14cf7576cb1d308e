//! Exploitability against wall time on issue 17's turn spot (the spot of
//! `poker_turn.rs`: 200+ combos a side, pot 60, stacks 150, bets 33 % and
//! 75 % and a 60 % raise on both streets, every river card dealt) for
//! DCFR, CFR+ and external- and outcome-sampling MCCFR. Every point is the
//! exact full best response; the clock runs during iterations only
//! ([`timed_run`]).
//!
//! First each algorithm's curve is printed (time to 1 %, 0.5 % and 0.1 %
//! of the pot, the exploitability reached within 1, 5 and 10 seconds of
//! iterating, then the points themselves). Then criterion times, iterations
//! only (each solver is built, and never measured, outside the clock):
//! DCFR and CFR+ for the iterations at which their curve first measured
//! 1 % of the pot or less (on the ×1.25 grid, so up to a quarter more
//! than the least that would do), and MCCFR for a fixed number of sampled
//! iterations, its cost per iteration (it is nowhere near 1 % within a
//! bench's time; its curve gives the exploitability it reaches).

use std::hint::black_box;
use std::time::{Duration, Instant};

use banluck_lab::cfr::vector::{
    Budget, Mccfr, Sampling, TimedPoint, VectorSolver, exploitability_at, time_to, timed_run,
};
use banluck_lab::cfr::{Algorithm, Iterate};
use banluck_lab::games::poker::game::PokerGame;
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "common/turn.rs"]
mod turn_common;

use turn_common::turn_spot;

/// The MCCFR seed.
const SEED: u64 = 1;

/// The four algorithms' names.
const ALGORITHMS: [&str; 4] = ["dcfr", "cfr+", "mccfr-es", "mccfr-os"];

/// The seconds of iteration each printed curve may take.
const CURVE_SECONDS: f64 = 10.0;

/// The sampled iterations of one criterion sample of MCCFR.
const SAMPLED_ITERATIONS: u64 = 50_000;

/// Runs algorithm `name` on `game` under `budget`.
fn run(game: &PokerGame, name: &str, budget: &Budget) -> Vec<TimedPoint> {
    match name {
        "dcfr" => timed_run(&mut VectorSolver::new(game, Algorithm::DCFR), budget),
        "cfr+" => timed_run(&mut VectorSolver::new(game, Algorithm::CFR_PLUS), budget),
        "mccfr-es" => timed_run(&mut mccfr(game, Sampling::External), budget),
        _ => timed_run(&mut mccfr(game, Sampling::OUTCOME), budget),
    }
}

/// A seeded MCCFR solver.
fn mccfr(game: &PokerGame, sampling: Sampling) -> Mccfr<'_, PokerGame> {
    Mccfr::new(game, sampling, SEED).expect("the game has deals")
}

/// Prints each algorithm's curve: times to 1 %, 0.5 % and 0.1 % of the
/// pot, the exploitability (share of the pot) at 1, 5 and 10 seconds, and
/// every point as `seconds:iterations:% of the pot`. DCFR and CFR+ are
/// measured every ×1.25 iterations, MCCFR every ×1.5 (a million sampled
/// iterations would otherwise take 60 best responses). Returns, per
/// algorithm, the iterations of its first point at 1 % of the pot or less.
fn print_curves(game: &PokerGame) -> [Option<u64>; 4] {
    let pot = game.pot();
    let targets = [0.01, 0.005, 0.001];
    let fmt =
        |x: Option<f64>, suffix: &str| x.map_or("-".to_string(), |x| format!("{x:.4}{suffix}"));
    ALGORITHMS.map(|name| {
        let budget = Budget {
            seconds: CURVE_SECONDS,
            target: targets[2] * pot,
            max_iterations: u64::MAX,
            growth: if name.starts_with("mccfr") { 1.5 } else { 1.25 },
        };
        let points = run(game, name, &budget);
        let last = points.last().expect("a run measures once at least");
        let times = targets.map(|target| fmt(time_to(&points, target * pot), " s"));
        let reached = [1.0, 5.0, CURVE_SECONDS]
            .map(|s| fmt(exploitability_at(&points, s).map(|e| 100.0 * e / pot), " %"));
        eprintln!(
            "turn {name}: time to 1/0.5/0.1 % of the pot = {times:?}; exploitability at 1/5/10 s = {reached:?}; \
             last: {} iterations, {:.3} s, {:.4} % of the pot",
            last.iterations,
            last.seconds,
            100.0 * last.exploitability / pot
        );
        let curve: Vec<String> = points
            .iter()
            .map(|p| {
                format!(
                    "{:.3}:{}:{:.4}",
                    p.seconds,
                    p.iterations,
                    100.0 * p.exploitability / pot
                )
            })
            .collect();
        eprintln!("turn {name} curve (s:iterations:% pot): {}", curve.join(" "));
        points
            .iter()
            .find(|p| p.exploitability <= targets[0] * pot)
            .map(|p| p.iterations)
    })
}

/// Seconds of `iterations` iterations of `solver` (built outside the clock).
fn iterating(mut solver: impl Iterate, iterations: u64) -> Duration {
    let started = Instant::now();
    for t in 1..=iterations {
        solver.iterate(t);
    }
    let elapsed = started.elapsed();
    black_box(&solver);
    elapsed
}

fn turn_race(c: &mut Criterion) {
    let game = turn_spot();
    let to_one_percent = print_curves(&game);
    let mut group = c.benchmark_group("poker_turn_race");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    for (name, iterations) in ALGORITHMS.into_iter().zip(to_one_percent) {
        let (label, iterations) = match iterations {
            Some(n) if !name.starts_with("mccfr") => (format!("to_1%_{n}_iterations/{name}"), n),
            _ => (
                format!("{SAMPLED_ITERATIONS}_iterations/{name}"),
                SAMPLED_ITERATIONS,
            ),
        };
        group.bench_function(label, |b| {
            b.iter_custom(|samples| {
                (0..samples)
                    .map(|_| match name {
                        "dcfr" => iterating(VectorSolver::new(&game, Algorithm::DCFR), iterations),
                        "cfr+" => {
                            iterating(VectorSolver::new(&game, Algorithm::CFR_PLUS), iterations)
                        }
                        "mccfr-es" => iterating(mccfr(&game, Sampling::External), iterations),
                        _ => iterating(mccfr(&game, Sampling::OUTCOME), iterations),
                    })
                    .sum()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, turn_race);
criterion_main!(benches);
