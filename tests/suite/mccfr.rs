//! Monte Carlo CFR on the vector-form games: the sampling interface agrees
//! with the exact vector form (sampled play against exact values, pair
//! payoffs against terminal values), and external and outcome sampling
//! converge, measured by exact best responses, to what DCFR finds.

use banluck_lab::cfr::vector::{
    Budget, Mccfr, SampledGame, Sampling, VectorGame, exploitability_at, time_to, timed_run,
};
use banluck_lab::cfr::{Bounds, Iterate, LogRow, StopRule, converge};
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::game::PokerGame;
use banluck_lab::games::poker::game::Tree;
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::sizes::Sizes;
use banluck_lab::games::poker::sizes::{PlayerSizes, StreetSizes};

use crate::sampled_contract;
use crate::support;

use sampled_contract::{check_pair_payoffs, dcfr_profile, sampled_value_z};
use support::toys::one_card::OneCardPoker;

/// A small river spot: 40 to 50 combos a side, one bet and one raise size.
const SMALL_RIVER: &str = "OOP:AA,KK,QQ,AKs,AQs,KQs,JTs,T9s,65s:S100/IP:JJ,TT,AKo,KQs,QJs,T9s,98s,A5s:S100|P20|Ks8h5d3c2h||>OOP";

/// The river game of `spot` with `bet` and `raise` sizes for both players.
fn river(spot: &str, bet: &str, raise: &str) -> PokerGame {
    let position = Position::parse(spot, Chip::default()).unwrap();
    let ranges = position.ranges(&[]).unwrap();
    let sizes = PlayerSizes {
        bet: Sizes::parse(bet).unwrap(),
        raise: Sizes::parse(raise).unwrap(),
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

fn small_river() -> PokerGame {
    river(SMALL_RIVER, "75%", "100%")
}

/// The games of the checks, by name.
fn games() -> Vec<(&'static str, Game)> {
    vec![
        ("kuhn", Game::Toy(OneCardPoker::kuhn())),
        ("leduc", Game::Toy(OneCardPoker::leduc())),
        ("leduc suited", Game::Toy(OneCardPoker::leduc_suited())),
        ("small river", Game::River(small_river())),
    ]
}

/// One of the games, so that one function can check them all (a few, so
/// the variants' sizes do not matter).
#[allow(clippy::large_enum_variant)]
enum Game {
    Toy(OneCardPoker),
    River(PokerGame),
}

/// Runs `check` on the game inside `game`.
macro_rules! with_game {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            Game::Toy($g) => $body,
            Game::River($g) => $body,
        }
    };
}

#[test]
fn sampled_play_averages_to_the_exact_value() {
    for (name, game) in games() {
        let z = with_game!(&game, g => sampled_value_z(g, 200_000));
        eprintln!("{name}: z = {z:.3}");
        assert!(z.abs() < 4.0, "{name}: z = {z}");
    }
}

#[test]
fn pair_payoffs_match_the_terminal_values() {
    for (name, game) in games() {
        with_game!(&game, g => check_pair_payoffs(name, g));
    }
}

/// Runs `sampling` on `game` for `iterations` with `seed`; the last row.
fn mccfr_row(game: &impl SampledGame, sampling: Sampling, seed: u64, iterations: u64) -> LogRow {
    let mut solver = Mccfr::new(game, sampling, seed).unwrap();
    let rule = StopRule {
        max_iterations: iterations,
        target_exploitability: 0.0,
        check_every: iterations,
    };
    *converge(&mut solver, &rule).log.last().unwrap()
}

#[test]
fn kuhn_converges_to_its_value() {
    let kuhn = OneCardPoker::kuhn();
    for (sampling, iterations, bound) in [
        (Sampling::External, 100_000, 0.005),
        (Sampling::OUTCOME, 100_000, 0.01),
    ] {
        let row = mccfr_row(&kuhn, sampling, 1, iterations);
        eprintln!("kuhn {sampling:?}: {row:?}");
        assert!(row.exploitability < bound, "{sampling:?}: {row:?}");
        assert!(
            row.lower <= -1.0 / 18.0 && -1.0 / 18.0 <= row.upper,
            "{row:?}"
        );
        assert!((row.value + 1.0 / 18.0).abs() <= 2.0 * row.exploitability);
    }
}

/// Asserts that MCCFR's value after the given iterations and DCFR's agree
/// within the sum of their exploitabilities, and that MCCFR's
/// exploitability is below the given bound: `runs` lists, for external and
/// outcome sampling, `(iterations, bound)`.
fn agrees_with_dcfr(name: &str, game: &impl SampledGame, runs: [(u64, f64); 2]) {
    let (_, dcfr) = dcfr_profile(game, 1000);
    let dcfr = LogRow::new(1000, 0.0, dcfr);
    for (sampling, (iterations, bound)) in [Sampling::External, Sampling::OUTCOME]
        .into_iter()
        .zip(runs)
    {
        let row = mccfr_row(game, sampling, 3, iterations);
        eprintln!("{name} {sampling:?}: {row:?}; dcfr {dcfr:?}");
        assert!(row.exploitability < bound, "{name} {sampling:?}: {row:?}");
        let gap = (row.value - dcfr.value).abs();
        assert!(
            gap <= row.exploitability + dcfr.exploitability,
            "{name} {sampling:?}: {gap} apart; {row:?} {dcfr:?}"
        );
    }
}

#[test]
fn leduc_and_a_river_spot_agree_with_dcfr() {
    // Leduc's uniform profile is 2.37 from equilibrium.
    let leduc = OneCardPoker::leduc_suited();
    agrees_with_dcfr("leduc", &leduc, [(100_000, 0.15), (300_000, 0.5)]);
    let river = small_river();
    let pot = river.pot();
    agrees_with_dcfr(
        "small river",
        &river,
        [(100_000, 0.01 * pot), (300_000, 0.02 * pot)],
    );
}

#[test]
fn the_same_seed_gives_the_same_strategies() {
    let game = OneCardPoker::leduc();
    let nodes = game.tree().num_nodes();
    for sampling in [Sampling::External, Sampling::OUTCOME] {
        let run = |seed| {
            let mut solver = Mccfr::new(&game, sampling, seed).unwrap();
            for _ in 0..2000 {
                solver.iterate();
            }
            (0..nodes)
                .map(|n| solver.average_strategy(n))
                .collect::<Vec<_>>()
        };
        let first = run(5);
        let bits = |s: &[Option<Vec<f64>>]| -> Vec<u64> {
            s.iter().flatten().flatten().map(|p| p.to_bits()).collect()
        };
        assert_eq!(bits(&first), bits(&run(5)), "{sampling:?}");
        assert_ne!(bits(&first), bits(&run(6)), "{sampling:?}");
    }
}

#[test]
fn bad_settings_are_errors() {
    let game = OneCardPoker::kuhn();
    for exploration in [0.0, -0.5, 1.5, f64::NAN] {
        assert!(Mccfr::new(&game, Sampling::Outcome { exploration }, 0).is_err());
    }
    assert!(Mccfr::new(&game, Sampling::Outcome { exploration: 1.0 }, 0).is_ok());
}

/// A fake solver whose exploitability halves every iteration.
struct Halving(f64);

impl Iterate for Halving {
    fn iterate(&mut self, _t: u64) {
        self.0 /= 2.0;
    }

    fn measure(&mut self) -> Bounds {
        Bounds {
            value: 0.0,
            upper: self.0,
            lower: -self.0,
        }
    }
}

#[test]
fn timed_runs_measure_geometrically_and_stop_at_the_target_or_the_limit() {
    let budget = Budget {
        seconds: f64::INFINITY,
        target: 1e-3,
        max_iterations: 1000,
        growth: 2.0,
    };
    let points = timed_run(&mut Halving(1.0), &budget);
    let iterations: Vec<u64> = points.iter().map(|p| p.iterations).collect();
    // 2^-8 > 1e-3 at 8, 2^-16 < 1e-3 at 16.
    assert_eq!(iterations, [0, 1, 2, 4, 8, 16]);
    assert_eq!(points[3].exploitability, 1.0 / 16.0);
    assert!(points.windows(2).all(|w| w[0].seconds <= w[1].seconds));
    assert_eq!(time_to(&points, 0.1), Some(points[3].seconds));
    assert_eq!(time_to(&points, 0.0), None);
    assert_eq!(
        exploitability_at(&points, f64::INFINITY),
        Some(1.0 / 65536.0)
    );
    assert_eq!(exploitability_at(&points, -1.0), None);
    let limited = Budget {
        target: 0.0,
        max_iterations: 5,
        ..budget
    };
    let points = timed_run(&mut Halving(1.0), &limited);
    let iterations: Vec<u64> = points.iter().map(|p| p.iterations).collect();
    assert_eq!(iterations, [0, 1, 2, 4, 5]);
}

/// Runs the binary with `args`; its exit code and standard output.
fn cli(args: &[&str]) -> (Option<i32>, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .output()
        .unwrap();
    let out = String::from_utf8(output.stdout).unwrap();
    (output.status.code(), out)
}

#[test]
fn poker_solve_runs_mccfr_with_a_seed() {
    let spot = "OOP:AA,QQ:S100/IP:KK:S100|P20|Ks8h5d3c2h||>OOP";
    let solve = |algorithm: &str, seed: &str| {
        let args = ["poker", "solve", spot, "--algorithm", algorithm];
        let args = [
            &args[..],
            &["--seed", seed, "--iterations", "20000", "--json"],
        ]
        .concat();
        let (code, out) = cli(&args);
        assert_eq!(code, Some(0), "{args:?}");
        let mut json: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(json["algorithm"], algorithm);
        assert_eq!(json["seed"].to_string(), seed);
        assert_eq!(json["iterations"], 20000);
        json.as_object_mut().unwrap().remove("seconds");
        json
    };
    for algorithm in ["mccfr-es", "mccfr-os"] {
        assert_eq!(solve(algorithm, "3"), solve(algorithm, "3"), "{algorithm}");
    }
    let (code, _) = cli(&["poker", "solve", spot, "--algorithm", "mccfr"]);
    assert_eq!(code, Some(2));
}
