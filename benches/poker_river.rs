//! Issue 16's river spot (200+ combos a side, two bet sizes, one raise
//! size) solved to 0.01 % of the pot, by DCFR and by CFR+. The game (tree,
//! hands, ranking) is built once; each sample is one whole solve,
//! measurements included.

use std::hint::black_box;
use std::time::Duration;

use banluck_lab::cfr::Algorithm;
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::river::{RiverGame, SolveOptions, solve};
use banluck_lab::games::poker::sizes::Sizes;
use banluck_lab::games::poker::tree::{PlayerSizes, Tree};
use criterion::{Criterion, criterion_group, criterion_main};

/// The spot.
const SPOT: &str = "OOP:22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+:S150/IP:22+,A2s+,K9s+,Q9s+,J9s+,T8s+,A9o+,KTo+,QTo+:S150|P60|Ks8h5d3c2h||>OOP";

/// The game with `--bet "33%, 75%" --raise "60%"` for both players.
fn spot() -> RiverGame {
    let position = Position::parse(SPOT, Chip::default()).expect("the spot parses");
    let ranges = position.ranges(&[]).expect("both ranges are given");
    let sizes = PlayerSizes {
        bet: Sizes::parse("33%, 75%").expect("sizes parse"),
        raise: Sizes::parse("60%").expect("sizes parse"),
    };
    let tree = Tree::build(position.street(), &[sizes.clone(), sizes]).expect("a small tree");
    RiverGame::new(tree, &ranges, &position.board, 1.0).expect("the ranges meet")
}

fn river_to_target(c: &mut Criterion) {
    let game = spot();
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
        let once = solve(&game, &options);
        eprintln!(
            "{name}: {}×{} hands, {} iterations, exploitability {:.5} chips ({:.4} % of the pot)",
            game.combos(0).len(),
            game.combos(1).len(),
            once.iterations,
            once.exploitability,
            once.exploitability_pct(game.pot())
        );
        group.bench_function(name, |b| {
            b.iter(|| black_box(solve(&game, &options).iterations))
        });
    }
    group.finish();
}

criterion_group!(benches, river_to_target);
criterion_main!(benches);
