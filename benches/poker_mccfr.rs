//! Exploitability against wall time for DCFR, CFR+ and external- and
//! outcome-sampling MCCFR on the same spots: issue 16's river spot (200+
//! combos a side, bets 33 % and 75 %, a 60 % raise) and Leduc hold'em.
//! Every point is an exact best response; the clock runs during iterations
//! only ([`timed_run`]).
//!
//! First each algorithm's curve is printed (time to 1 %, 0.1 % and 0.01 %
//! of the pot, and the exploitability reached within 0.1, 1 and 10
//! seconds); then criterion times each one to a fixed target (1 % of the
//! pot on the river, 0.1 chips on Leduc), measurements included.

use std::hint::black_box;
use std::time::Duration;

use banluck_lab::cfr::Algorithm;
use banluck_lab::cfr::vector::{
    Budget, Mccfr, SampledGame, Sampling, TimedPoint, VectorSolver, exploitability_at, time_to,
    timed_run,
};
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::game::PokerGame;
use banluck_lab::games::poker::game::Tree;
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::sizes::Sizes;
use banluck_lab::games::poker::sizes::{PlayerSizes, StreetSizes};
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "../tests/support/mod.rs"]
mod support;

use support::toys::one_card::OneCardPoker;

/// Issue 16's spot.
const SPOT: &str = "OOP:22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+:S150/IP:22+,A2s+,K9s+,Q9s+,J9s+,T8s+,A9o+,KTo+,QTo+:S150|P60|Ks8h5d3c2h||>OOP";

/// The MCCFR seed.
const SEED: u64 = 1;

/// The game with `--bet "33%, 75%" --raise "60%"` for both players.
fn spot() -> PokerGame {
    let position = Position::parse(SPOT, Chip::default()).expect("the spot parses");
    let ranges = position.ranges(&[]).expect("both ranges are given");
    let sizes = PlayerSizes {
        bet: Sizes::parse("33%, 75%").expect("sizes parse"),
        raise: Sizes::parse("60%").expect("sizes parse"),
    };
    let tree = Tree::build(
        position.street(),
        &position.board,
        &StreetSizes::every_street([sizes.clone(), sizes]),
        None,
    )
    .expect("a small tree");
    PokerGame::new(tree, &ranges, 1.0).expect("the ranges meet")
}

/// The four algorithms' names.
const ALGORITHMS: [&str; 4] = ["dcfr", "cfr+", "mccfr-es", "mccfr-os"];

/// Runs algorithm `name` on `game` under `budget`.
fn run<G: SampledGame>(game: &G, name: &str, budget: &Budget) -> Vec<TimedPoint> {
    match name {
        "dcfr" => timed_run(&mut VectorSolver::new(game, Algorithm::DCFR), budget),
        "cfr+" => timed_run(&mut VectorSolver::new(game, Algorithm::CFR_PLUS), budget),
        "mccfr-es" => timed_run(&mut mccfr(game, Sampling::External), budget),
        _ => timed_run(&mut mccfr(game, Sampling::OUTCOME), budget),
    }
}

/// A seeded MCCFR solver.
fn mccfr<G: SampledGame>(game: &G, sampling: Sampling) -> Mccfr<'_, G> {
    Mccfr::new(game, sampling, SEED).expect("the game has deals")
}

/// Prints each algorithm's curve on `game`: times to the `targets` and the
/// exploitability at the budgets, in units of `unit` (the pot, or 1).
fn print_curves<G: SampledGame>(label: &str, game: &G, unit: f64, targets: [f64; 3]) {
    let fmt =
        |x: Option<f64>, suffix: &str| x.map_or("-".to_string(), |x| format!("{x:.4}{suffix}"));
    for name in ALGORITHMS {
        let budget = Budget {
            seconds: 10.0,
            target: targets[2] * unit,
            max_iterations: u64::MAX,
            growth: 1.25,
        };
        let points = run(game, name, &budget);
        let last = points.last().expect("a run measures once at least");
        let times = targets.map(|target| fmt(time_to(&points, target * unit), " s"));
        let reached =
            [0.1, 1.0, 10.0].map(|s| fmt(exploitability_at(&points, s).map(|e| e / unit), ""));
        eprintln!(
            "{label} {name}: time to {targets:?} = {times:?}; exploitability at 0.1/1/10 s = {reached:?}; last: {} iterations, {:.4} s, {:.6}",
            last.iterations,
            last.seconds,
            last.exploitability / unit
        );
    }
}

fn exploitability_against_time(c: &mut Criterion) {
    let river = spot();
    let leduc = OneCardPoker::leduc_suited();
    print_curves(
        "river (share of pot)",
        &river,
        river.pot(),
        [0.01, 0.001, 0.0001],
    );
    print_curves("leduc (chips)", &leduc, 1.0, [0.1, 0.01, 0.001]);
    let mut group = c.benchmark_group("poker_mccfr");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for name in ALGORITHMS {
        let to_one_percent = Budget {
            seconds: f64::INFINITY,
            target: 0.01 * river.pot(),
            max_iterations: u64::MAX,
            growth: 1.25,
        };
        group.bench_function(format!("river_to_1%/{name}"), |b| {
            b.iter(|| black_box(run(&river, name, &to_one_percent).len()))
        });
        let to_tenth = Budget {
            target: 0.1,
            ..to_one_percent
        };
        group.bench_function(format!("leduc_to_0.1/{name}"), |b| {
            b.iter(|| black_box(run(&leduc, name, &to_tenth).len()))
        });
    }
    group.finish();
}

criterion_group!(benches, exploitability_against_time);
criterion_main!(benches);
