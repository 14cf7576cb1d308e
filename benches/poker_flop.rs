//! Issue 24's seed flop example: `AA,AKs` against `KK-JJ,AQs-AJs` on
//! `Th9h2c`, pot 30, stacks 100, bets 33 % and 75 % and a 60 % raise on
//! every street, every turn and river card dealt (suit isomorphism on).
//! Solved by DCFR to 0.2 % of the pot; the game is built once, each sample
//! is one whole solve, measurements included. Before the samples it prints
//! the tree's size, the iterations and the solver's `memory_bytes`.

use std::hint::black_box;
use std::time::Duration;

use banluck_lab::cfr::Algorithm;
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::game::SolveOptions;
use banluck_lab::games::poker::game::{Keep, solve};
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::sizes::PlayerSizes;
use banluck_lab::games::poker::sizes::Sizes;
use banluck_lab::games::poker::sizes::StreetSizes;
use banluck_lab::games::poker::spot::{GameOptions, Spot, build_game};
use criterion::{Criterion, criterion_group, criterion_main};

fn flop_to_target(c: &mut Criterion) {
    let text = "OOP:AA,AKs:S100/IP:KK-JJ,AQs-AJs:S100|P30|Th9h2c||>OOP";
    let position = Position::parse(text, Chip::default()).expect("the spot parses");
    let one = PlayerSizes {
        bet: Sizes::parse("33%, 75%").expect("sizes parse"),
        raise: Sizes::parse("60%").expect("sizes parse"),
    };
    let both = [one.clone(), one];
    let spot = Spot {
        position: position.clone(),
        sizes: StreetSizes {
            flop: both.clone(),
            turn: both.clone(),
            river: both,
        },
        ranges: position.ranges(&[]).expect("the ranges are given"),
        options: GameOptions {
            isomorphism: true,
            ..GameOptions::default()
        },
    };
    let game = build_game(&spot).expect("the game builds");
    let options = SolveOptions {
        algorithm: Algorithm::DCFR,
        target: 0.002 * game.pot(),
        max_iterations: 100_000,
        check_every: 10,
    };
    let once = solve(&game, &options, Keep::RootStreet);
    let (decisions, deals, nodes) = game.spot_tree().counts();
    eprintln!(
        "{nodes} nodes ({decisions:?} decisions, {deals} deals), {} iterations, {:.4} % of the pot, {:.2} s, memory_bytes {:.1} MB",
        once.iterations,
        once.exploitability_pct(game.pot()),
        once.seconds,
        once.memory_bytes as f64 / 1e6
    );
    let mut group = c.benchmark_group("poker_flop");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(60));
    group.bench_function("seed_to_0.2%", |b| {
        b.iter(|| black_box(solve(&game, &options, Keep::RootStreet).iterations))
    });
    group.finish();
}

criterion_group!(benches, flop_to_target);
criterion_main!(benches);
