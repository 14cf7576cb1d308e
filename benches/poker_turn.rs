//! Issue 17's turn spot: issue 16's ranges (200+ combos a side) on the
//! turn Ks8h5d3c, pot 60, stacks 150, bets 33 % and 75 % and a 60 % raise
//! on both streets, every river card dealt. Solved by DCFR to 0.1 % and to
//! 0.01 % of the pot; the game (tree, hands, 48 river rankings) is built
//! once, each sample is one whole solve, measurements included. Before
//! the samples it prints the tree's size, the iterations, the solver's
//! `memory_bytes` and the process's peak resident memory.

use std::hint::black_box;
use std::time::Duration;

use banluck_lab::cfr::Algorithm;
use banluck_lab::games::poker::game::SolveOptions;
use banluck_lab::games::poker::game::{Keep, solve};
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "common/turn.rs"]
mod turn_common;

use turn_common::turn_spot;

/// The process's peak resident memory in bytes (Linux), if known.
fn peak_resident() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn turn_to_target(c: &mut Criterion) {
    let game = turn_spot();
    let ([_, turn, _], deals, nodes) = game.spot_tree().counts();
    let mut group = c.benchmark_group("turn_dcfr");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(30));
    for (name, share) in [("to_0.1%", 0.001), ("to_0.01%", 0.0001)] {
        let options = SolveOptions {
            algorithm: Algorithm::DCFR,
            target: share * game.pot(),
            max_iterations: 100_000,
            check_every: 10,
        };
        let once = solve(&game, &options, Keep::All);
        eprintln!(
            "{name}: {}×{} hands, {nodes} nodes ({turn} turn decisions, {deals} deals), {} iterations, \
             exploitability {:.5} chips ({:.4} % of the pot), {:.2} s, memory_bytes {:.1} MB, peak RSS {:.1} MB",
            game.combos(0).len(),
            game.combos(1).len(),
            once.iterations,
            once.exploitability,
            once.exploitability_pct(game.pot()),
            once.seconds,
            once.memory_bytes as f64 / 1e6,
            peak_resident().unwrap_or(0) as f64 / 1e6
        );
        group.bench_function(name, |b| {
            b.iter(|| black_box(solve(&game, &options, Keep::All).iterations))
        });
    }
    group.finish();
}

criterion_group!(benches, turn_to_target);
criterion_main!(benches);
