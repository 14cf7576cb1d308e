//! The vector-form CFR solver checked on the toys: Kuhn's closed-form
//! value, Leduc against the per-history engine (the same best responses,
//! the same iterates), the clairvoyance game's closed form, and a wide
//! public chance node in front of a game.

use crate::support;

use banluck_lab::cfr::vector::{VectorGame, VectorSolver};
use banluck_lab::cfr::{Algorithm, Iterate, LogRow, StopRule, converge};

use support::history_cfr::{Evaluator, Profile, SolveParams, Tree, solve};
use support::toys::kuhn::Kuhn;
use support::toys::leduc::Leduc;
use support::toys::one_card::OneCardPoker;

/// Runs `algorithm` on a vector game until `rule` stops it.
fn solve_vector(game: &impl VectorGame, algorithm: Algorithm, rule: StopRule) -> Vec<LogRow> {
    let mut solver = VectorSolver::new(game, algorithm);
    converge(&mut solver, &rule).log
}

#[test]
fn best_responses_to_uniform_match_the_per_history_engine() {
    let kuhn = (OneCardPoker::kuhn(), Tree::build(&Kuhn).unwrap());
    let leduc = (OneCardPoker::leduc(), Tree::build(&Leduc).unwrap());
    let suited = (OneCardPoker::leduc_suited(), Tree::build(&Leduc).unwrap());
    for (game, tree) in [kuhn, leduc, suited] {
        // Before any iteration the average strategy is uniform.
        let bounds = VectorSolver::new(&game, Algorithm::CFR_PLUS).measure();
        let expected = Evaluator::new(&tree).evaluate(&Profile::uniform(&tree));
        assert!(
            (bounds.upper - expected.upper_bound).abs() < 1e-12,
            "{bounds:?}"
        );
        assert!(
            (bounds.lower - expected.lower_bound).abs() < 1e-12,
            "{bounds:?}"
        );
        assert!((bounds.value - expected.value).abs() < 1e-12, "{bounds:?}");
    }
    // Leduc's published figures (OpenSpiel): uniform NashConv 4.7472..., value -0.078125.
    let bounds = VectorSolver::new(&OneCardPoker::leduc(), Algorithm::DCFR).measure();
    assert!((bounds.upper - bounds.lower - 4.747222222222222).abs() < 1e-12);
}

#[test]
fn kuhn_converges_to_its_value() {
    // DCFR measured every 10 iterations first gets under 1e-6 at 71 890
    // with f32 regrets and sums (68 710 in f64; CFR+ needs more than
    // 100 000, in both engines alike).
    let rule = StopRule {
        max_iterations: 75_000,
        target_exploitability: 1e-6,
        check_every: 10,
    };
    let log = solve_vector(&OneCardPoker::kuhn(), Algorithm::DCFR, rule);
    let last = log.last().unwrap();
    assert!(last.exploitability < 1e-6, "{last:?}");
    assert!(
        last.lower <= -1.0 / 18.0 && -1.0 / 18.0 <= last.upper,
        "{last:?}"
    );
    assert!((last.value + 1.0 / 18.0).abs() < 2e-6, "{last:?}");
}

/// Asserts that the vector solver on `game` and the per-history engine on
/// `tree` measure the same rows, to `tolerance`, for `iterations`
/// iterations.
fn assert_same_iterates(game: &impl VectorGame, tree: &Tree, iterations: u64, tolerance: f64) {
    for algorithm in [
        Algorithm::CFR_PLUS,
        Algorithm::DCFR,
        Algorithm::DCFR_RESTARTED,
    ] {
        let rule = StopRule {
            max_iterations: iterations,
            target_exploitability: 0.0,
            check_every: 10,
        };
        let vector = solve_vector(game, algorithm, rule);
        let params = SolveParams {
            algorithm,
            max_iterations: rule.max_iterations,
            target_exploitability: rule.target_exploitability,
            check_every: rule.check_every,
        };
        let history = solve(tree, params).log;
        assert_eq!(vector.len(), history.len());
        for (v, h) in vector.iter().zip(&history) {
            assert_eq!(v.iteration, h.iteration);
            for (a, b) in [
                (v.value, h.value),
                (v.upper, h.upper),
                (v.lower, h.lower),
                (v.exploitability, h.exploitability),
            ] {
                assert!((a - b).abs() < tolerance, "{algorithm:?}\n{v:?}\n{h:?}");
            }
        }
    }
}

#[test]
fn kuhn_iterates_like_the_per_history_engine() {
    // Kuhn's rows agree over the whole run: the same arithmetic up to
    // rounding, and rounding does not grow. The vector solver stores its
    // regrets and sums in f32 (the per-history engine in f64): the rows are
    // at most 4.6e-7 apart over 5000 iterations (1e-9 when both were f64).
    let tree = Tree::build(&Kuhn).unwrap();
    assert_same_iterates(&OneCardPoker::kuhn(), &tree, 5000, 1e-6);
}

#[test]
fn leduc_iterates_like_the_per_history_engine() {
    // The same algorithm up to rounding, which CFR's dynamics amplify: in
    // f64 the rows differed by at most 6e-11 after 60 iterations. The
    // vector solver stores regrets and sums in f32, so its rounding starts
    // near 1e-7 and the rows are at most 3.5e-6 apart after 20 iterations
    // (1.4e-5 after 40, 1e-3 after 60). Both hand forms, ranks and cards.
    let tree = Tree::build(&Leduc).unwrap();
    assert_same_iterates(&OneCardPoker::leduc(), &tree, 20, 1e-5);
    assert_same_iterates(&OneCardPoker::leduc_suited(), &tree, 20, 1e-5);
}

#[test]
fn kuhn_strategy_is_the_equilibrium() {
    let game = OneCardPoker::kuhn();
    let mut solver = VectorSolver::new(&game, Algorithm::DCFR);
    let rule = StopRule {
        max_iterations: 20_000,
        target_exploitability: 1e-6,
        check_every: 10,
    };
    converge(&mut solver, &rule);
    let tree = game.tree();
    // Player 1 after a check (node 0's first child): bluff J a third of the
    // time, always bet K. Hands are J, Q, K; actions check, bet.
    let after_check = tree.children(0)[0];
    let bet = &solver.average_strategy(after_check).unwrap()[3..];
    assert!(
        (bet[0] - 1.0 / 3.0).abs() < 1e-2 && bet[2] > 0.999,
        "{bet:?}"
    );
    // Player 0 bets K three times as often as it bluffs J.
    let open = &solver.average_strategy(0).unwrap()[3..];
    assert!((open[2] - 3.0 * open[0]).abs() < 1e-2, "{open:?}");
    assert_eq!(solver.average_strategy(tree.children(0)[1] + 1), None);
}

#[test]
fn leduc_converges_to_its_value() {
    // The per-history engine's Leduc test: the value of the average at
    // exploitability 1e-5 is within 1e-6 of the game value.
    const GAME_VALUE: f64 = -0.085606424;
    let rule = StopRule {
        max_iterations: 100_000,
        target_exploitability: 1e-5,
        check_every: 10,
    };
    let params = SolveParams {
        algorithm: Algorithm::DCFR,
        max_iterations: rule.max_iterations,
        target_exploitability: rule.target_exploitability,
        check_every: rule.check_every,
    };
    let history = solve(&Tree::build(&Leduc).unwrap(), params);
    for game in [OneCardPoker::leduc(), OneCardPoker::leduc_suited()] {
        let log = solve_vector(&game, Algorithm::DCFR, rule);
        let last = log.last().unwrap();
        assert!(last.exploitability <= 1e-5, "{last:?}");
        assert!((last.value - GAME_VALUE).abs() < 1e-6, "{last:?}");
        assert!(last.lower <= GAME_VALUE && GAME_VALUE <= last.upper);
        // Both engines' values lie in their brackets, which both hold the
        // game value.
        let bound = 2.0 * (last.exploitability + history.exploitability);
        assert!((last.value - history.value).abs() <= bound, "{last:?}");
    }
}

/// The clairvoyance river game.
mod clairvoyance {
    use banluck_lab::cfr::vector::VectorSolver;
    use banluck_lab::cfr::{Algorithm, LogRow, StopRule, converge};

    use crate::vector_toys::support::toys::clairvoyance::Clairvoyance;

    /// The closed-form value to player 0 (see the module documentation).
    fn value(pot: f64, bet: f64, nuts: f64) -> f64 {
        nuts * pot * (pot + 2.0 * bet) / (pot + bet) - pot / 2.0
    }

    fn solve(game: &Clairvoyance) -> (LogRow, VectorSolver<'_, Clairvoyance>) {
        let mut solver = VectorSolver::new(game, Algorithm::DCFR);
        let rule = StopRule {
            // 440 to 6 940 iterations for the spots below.
            max_iterations: 100_000,
            target_exploitability: 1e-5,
            check_every: 10,
        };
        let row = *converge(&mut solver, &rule).log.last().unwrap();
        (row, solver)
    }

    #[test]
    fn one_bet_size_has_the_closed_form_value_and_strategies() {
        // A quarter nuts (weights 1 and 3), pot 1.
        for bet in [0.5, 1.0, 2.0] {
            let game = Clairvoyance::new(1.0, &[bet], [1.0, 3.0]);
            let (row, solver) = solve(&game);
            let expected = value(1.0, bet, 0.25);
            assert!(row.exploitability <= 1e-5, "{row:?}");
            assert!(
                (row.value - expected).abs() < 1e-6,
                "{bet}: {row:?} vs {expected}"
            );
            assert!(row.lower <= expected + 1e-12 && expected <= row.upper + 1e-12);
            // The catcher calls P / (P + B); air bluffs x B / ((1 - x)(P + B)).
            let call = solver.average_strategy(2).unwrap()[1];
            assert!((call - 1.0 / (1.0 + bet)).abs() < 1e-3, "{bet}: {call}");
            let bluff = solver.average_strategy(0).unwrap()[3];
            let expected_bluff = 0.25 * bet / (0.75 * (1.0 + bet));
            assert!((bluff - expected_bluff).abs() < 1e-3, "{bet}: {bluff}");
        }
    }

    #[test]
    fn with_several_sizes_the_largest_sets_the_value() {
        let game = Clairvoyance::new(2.0, &[0.5, 1.0, 3.0], [0.3, 0.7]);
        let (row, _) = solve(&game);
        assert!(row.exploitability <= 1e-5, "{row:?}");
        let expected = value(2.0, 3.0, 0.3);
        assert!((row.value - expected).abs() < 1e-6, "{row:?} vs {expected}");
    }
}

/// Copies of a game under a public chance node.
mod repeated {
    use banluck_lab::cfr::vector::{VectorGame, VectorSolver};
    use banluck_lab::cfr::{Algorithm, Iterate};

    use crate::vector_toys::support::toys::one_card::OneCardPoker;
    use crate::vector_toys::support::toys::repeated::Repeated;

    #[test]
    fn copies_keep_the_inner_games_values() {
        let leduc = OneCardPoker::leduc();
        let repeated = Repeated::new(&leduc, 7);
        assert_eq!(
            repeated.tree().num_nodes(),
            1 + 7 * leduc.tree().num_nodes()
        );
        assert_eq!(repeated.tree().children(0).len(), 7);
        let mut inner = VectorSolver::new(&leduc, Algorithm::DCFR);
        let mut outer = VectorSolver::new(&repeated, Algorithm::DCFR);
        for _ in 0..20 {
            inner.iterate();
            outer.iterate();
        }
        let (a, b) = (inner.measure(), outer.measure());
        for (x, y) in [(a.value, b.value), (a.upper, b.upper), (a.lower, b.lower)] {
            // The same iterates up to rounding. The solver stores regrets
            // and sums in f32, where a copy's values (a seventh of the
            // inner game's) round differently, and CFR's dynamics amplify
            // the difference (3e-5 after 50 iterations): 20 iterations and
            // a tolerance that follows f32.
            assert!((x - y).abs() < 1e-5, "{a:?} {b:?}");
        }
        let first_copy = repeated.tree().children(0)[0];
        let (x, y) = (
            inner.average_strategy(0).unwrap(),
            outer.average_strategy(first_copy).unwrap(),
        );
        assert!(x.iter().zip(&y).all(|(x, y)| (x - y).abs() < 1e-5));
        assert_eq!(Repeated::new(&leduc, 0).tree().children(0).len(), 1);
    }
}
