//! The vector-form solver's subtree-parallel sweeps give the same results,
//! bit for bit, on 1, 2 and 4 threads and whatever the parallel threshold:
//! measured rows (value and both best responses) and every average
//! strategy, on Leduc, on issue 16's river spot, and on a wide chance node
//! (copies of the river spot behind one public deal, the turn's shape).

use banluck_lab::cfr::vector::{PARALLEL_WORK, VectorGame, VectorSolver};
use banluck_lab::cfr::{Algorithm, StopRule, converge};
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::game::PokerGame;
use banluck_lab::games::poker::game::Tree;
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::sizes::Sizes;
use banluck_lab::games::poker::sizes::{PlayerSizes, StreetSizes};

use crate::support;

use support::toys::one_card::OneCardPoker;
use support::toys::repeated::Repeated;

/// Issue 16's spot with `--bet "33%, 75%" --raise "60%"`.
fn river() -> PokerGame {
    let spot = "OOP:22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+:S150/IP:22+,A2s+,K9s+,Q9s+,J9s+,T8s+,A9o+,KTo+,QTo+:S150|P60|Ks8h5d3c2h||>OOP";
    let position = Position::parse(spot, Chip::default()).unwrap();
    let ranges = position.ranges(&[]).unwrap();
    let sizes = PlayerSizes {
        bet: Sizes::parse("33%, 75%").unwrap(),
        raise: Sizes::parse("60%").unwrap(),
    };
    let tree = Tree::build(
        position.street(),
        &position.board,
        &StreetSizes::every_street([sizes.clone(), sizes]),
        None,
    )
    .unwrap();
    PokerGame::new(tree, &ranges, 1.0).unwrap()
}

/// Everything a run produces, as bits: each measured row's value and
/// bounds, then every decision node's average strategy.
fn run(
    game: &impl VectorGame,
    algorithm: Algorithm,
    threads: usize,
    work: usize,
    iterations: u64,
) -> Vec<u64> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        let mut solver = VectorSolver::new(game, algorithm).parallel_work(work);
        let rule = StopRule {
            max_iterations: iterations,
            target_exploitability: 0.0,
            check_every: 7,
        };
        let log = converge(&mut solver, &rule).log;
        assert_eq!(solver.iterations(), iterations);
        let rows = log.iter().flat_map(|row| [row.value, row.upper, row.lower]);
        let strategies = (0..game.tree().num_nodes())
            .flat_map(|node| solver.average_strategy(node).unwrap_or_default());
        rows.chain(strategies).map(f64::to_bits).collect()
    })
}

/// Asserts that runs on 1, 2 and 4 threads, each with the default
/// threshold and with splitting everywhere, give the same bits.
fn assert_thread_count_free(game: &impl VectorGame, algorithm: Algorithm, iterations: u64) {
    let reference = run(game, algorithm, 1, PARALLEL_WORK, iterations);
    assert!(reference.len() > 3 * (iterations / 7) as usize);
    for threads in [1, 2, 4] {
        for work in [0, PARALLEL_WORK] {
            let bits = run(game, algorithm, threads, work, iterations);
            let differences = reference.iter().zip(&bits).filter(|(a, b)| a != b).count();
            assert_eq!(
                (bits.len(), differences),
                (reference.len(), 0),
                "{threads} threads, threshold {work}: {differences} of {} numbers differ",
                reference.len()
            );
        }
    }
}

#[test]
fn leduc_is_the_same_on_any_number_of_threads() {
    for algorithm in [Algorithm::DCFR, Algorithm::CFR_PLUS] {
        assert_thread_count_free(&OneCardPoker::leduc_suited(), algorithm, 100);
    }
}

#[test]
fn the_river_spot_is_the_same_on_any_number_of_threads() {
    assert_thread_count_free(&river(), Algorithm::DCFR, 40);
}

#[test]
fn a_wide_chance_node_is_the_same_on_any_number_of_threads() {
    let river = river();
    assert_thread_count_free(&Repeated::new(&river, 12), Algorithm::DCFR, 15);
    let leduc = OneCardPoker::leduc_suited();
    assert_thread_count_free(&Repeated::new(&leduc, 44), Algorithm::CFR_PLUS, 30);
}
