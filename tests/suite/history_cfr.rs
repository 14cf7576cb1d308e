//! The per-history CFR engine of `tests/support`: flattening a game into
//! a tree, exact best responses, the CFR+ and DCFR iterations, and the
//! driver (where it stops, what it measures, its solutions' JSON) on the
//! toys.

use crate::support;

/// Flattening a game into a tree.
mod flatten {
    use banluck_lab::cfr::Player;

    use crate::history_cfr::support::history_cfr::test_game::{Spec, matrix_game};
    use crate::history_cfr::support::history_cfr::{Tree, TreeError};

    fn decision(player: Player, key: &'static str, actions: Vec<(&'static str, Spec)>) -> Spec {
        Spec::Decision {
            player,
            key,
            actions,
        }
    }

    #[test]
    fn children_follow_their_parent_and_histories_share_their_infoset() {
        let game = Spec::Chance(vec![
            (0.25, matrix_game(&[&[1.0, 2.0], &[3.0, 4.0]])),
            (0.75, Spec::Terminal(-1.0)),
        ]);
        let tree = Tree::build(&game).unwrap();
        assert_eq!(tree.num_nodes(), 1 + 2 + 2 + 4);
        assert_eq!(tree.num_infosets(), 2);
        assert_eq!(tree.num_slots(), 4);
        assert_eq!(tree.chance_prob[1..3], [0.25, 0.75]);
        let mut next_child = 1;
        for (node, record) in tree.nodes.iter().enumerate() {
            assert!(record.children().all(|child| child > node));
            assert_eq!(record.children().start, next_child);
            next_child = record.children().end;
        }
        assert_eq!(next_child, tree.num_nodes());
        let column = tree.infoset_index("column").unwrap();
        assert_eq!(tree.infoset_player(column), Player::P1);
        assert_eq!(tree.infoset_histories(column).len(), 2);
        for &history in tree.infoset_histories(column) {
            assert_eq!(
                tree.nodes[history as usize].slots(),
                tree.action_slots(column)
            );
        }
        assert_eq!(tree.infosets[column].prior_slot, None);
    }

    #[test]
    fn forgetting_an_own_action_is_rejected() {
        let again = || {
            decision(
                Player::P0,
                "again",
                vec![("x", Spec::Terminal(0.0)), ("y", Spec::Terminal(1.0))],
            )
        };
        let game = decision(Player::P0, "first", vec![("l", again()), ("r", again())]);
        assert_eq!(
            Tree::build(&game).unwrap_err(),
            TreeError::ImperfectRecall {
                key: "again".into()
            }
        );
    }

    #[test]
    fn infosets_with_different_actions_are_rejected() {
        let game = Spec::Chance(vec![
            (
                0.5,
                decision(Player::P0, "same", vec![("a", Spec::Terminal(0.0))]),
            ),
            (
                0.5,
                decision(Player::P0, "same", vec![("b", Spec::Terminal(0.0))]),
            ),
        ]);
        assert_eq!(
            Tree::build(&game).unwrap_err(),
            TreeError::InconsistentInfoset { key: "same".into() }
        );
    }

    #[test]
    fn bad_chance_and_empty_decisions_are_rejected() {
        let game = Spec::Chance(vec![(0.5, Spec::Terminal(0.0)), (0.4, Spec::Terminal(1.0))]);
        assert!(matches!(
            Tree::build(&game),
            Err(TreeError::BadChance { .. })
        ));
        let game = decision(Player::P1, "stuck", vec![]);
        assert_eq!(
            Tree::build(&game).unwrap_err(),
            TreeError::NoActions {
                key: "stuck".into()
            }
        );
    }
}

/// Exact best responses.
mod best_response {
    use banluck_lab::cfr::Player;

    use crate::history_cfr::support::history_cfr::test_game::Spec;
    use crate::history_cfr::support::history_cfr::{Evaluator, Profile, Tree};

    /// Player 1's information set `x` holds a history at depth 1 (chance
    /// then x) and one at depth 2 (chance, player 0, then x).
    fn uneven_game() -> Spec {
        let x = |up: f64, down: f64| Spec::Decision {
            player: Player::P1,
            key: "x",
            actions: vec![("u", Spec::Terminal(up)), ("d", Spec::Terminal(down))],
        };
        let a = Spec::Decision {
            player: Player::P0,
            key: "a",
            actions: vec![("l", x(3.0, -1.0)), ("r", Spec::Terminal(0.0))],
        };
        Spec::Chance(vec![(0.5, a), (0.5, x(-2.0, 2.0))])
    }

    #[test]
    fn best_responses_pool_histories_of_different_depths() {
        let game = uneven_game();
        let tree = Tree::build(&game).unwrap();
        let evaluation = Evaluator::new(&tree).evaluate(&Profile::uniform(&tree));
        // Both uniform: 0.5 (0.5 * 1 + 0.5 * 0) + 0.5 * 0 = 0.25.
        assert!((evaluation.value - 0.25).abs() < 1e-12);
        // Player 0 plays l (worth 1 > 0): 0.5 * 1 = 0.5.
        assert!((evaluation.upper_bound - 0.5).abs() < 1e-12);
        // Player 1 at x: u costs 0.25 * 3 + 0.5 * -2 = -0.25, d costs
        // 0.25 * -1 + 0.5 * 2 = 0.75; u gives 0.5 * 1.5 - 1 = -0.25.
        assert!((evaluation.lower_bound + 0.25).abs() < 1e-12);
        assert!((evaluation.exploitability - 0.375).abs() < 1e-12);
    }

    #[test]
    fn best_response_to_a_pure_profile_picks_the_best_action() {
        let game = uneven_game();
        let tree = Tree::build(&game).unwrap();
        let always_first = Profile::from_fn(&tree, |_, labels| {
            let mut one_hot = vec![0.0; labels.len()];
            one_hot[0] = 1.0;
            one_hot
        });
        let mut evaluator = Evaluator::new(&tree);
        // Player 0 against u: l is worth 3, r 0.
        assert!((evaluator.best_response(&always_first, Player::P0) - 0.5).abs() < 1e-12);
        // Player 1 against l: u costs 0.5 * 3 - 0.5 * 2 = 0.5, d costs
        // -0.5 + 1 = 0.5; either gives 0.5.
        assert!((evaluator.best_response(&always_first, Player::P1) - 0.5).abs() < 1e-12);
        assert!((evaluator.value(&always_first) - 0.5).abs() < 1e-12);
    }
}

/// The CFR+ and DCFR iterations on matrix games.
mod solver {
    use banluck_lab::cfr::Algorithm;

    use crate::history_cfr::support::history_cfr::test_game::matrix_game;
    use crate::history_cfr::support::history_cfr::{Evaluator, Solver, Tree};

    /// Runs `iterations` of `algorithm` on a matrix game and returns the
    /// average strategies of the row and column players and the evaluation.
    fn solve_matrix(
        payoffs: &[&[f64]],
        algorithm: Algorithm,
        iterations: u64,
    ) -> (Vec<f64>, Vec<f64>, f64, f64) {
        let game = matrix_game(payoffs);
        let tree = Tree::build(&game).unwrap();
        let mut solver = Solver::new(&tree, algorithm);
        for _ in 0..iterations {
            solver.iterate();
        }
        let average = solver.average();
        let row = average.action_probabilities(&tree, tree.infoset_index("row").unwrap());
        let column = average.action_probabilities(&tree, tree.infoset_index("column").unwrap());
        let evaluation = Evaluator::new(&tree).evaluate(&average);
        (
            row.to_vec(),
            column.to_vec(),
            evaluation.value,
            evaluation.exploitability,
        )
    }

    fn assert_close(actual: &[f64], expected: &[f64], tolerance: f64) {
        for (a, e) in actual.iter().zip(expected) {
            assert!((a - e).abs() < tolerance, "{actual:?} != {expected:?}");
        }
    }

    #[test]
    fn both_algorithms_find_the_mixed_equilibrium_of_a_2x2_game() {
        // Indifference: 2q - (1 - q) = -q + (1 - q) gives q = 2/5 for both
        // players, and the value 3q - 1 = 1/5.
        for algorithm in [
            Algorithm::CFR_PLUS,
            Algorithm::DCFR,
            Algorithm::DCFR_RESTARTED,
        ] {
            let (row, column, value, exploitability) =
                solve_matrix(&[&[2.0, -1.0], &[-1.0, 1.0]], algorithm, 2000);
            assert_close(&row, &[0.4, 0.6], 1e-3);
            assert_close(&column, &[0.4, 0.6], 1e-3);
            assert!((value - 0.2).abs() < 1e-3, "{value}");
            assert!((0.0..1e-3).contains(&exploitability), "{exploitability}");
        }
    }

    #[test]
    fn both_algorithms_find_the_equilibrium_of_weighted_rock_paper_scissors() {
        // Paper beats rock by 2, scissors beats paper by 3, rock beats
        // scissors by 1: A y = 0 gives y = (1/2, 1/6, 1/3) for both.
        let payoffs: [&[f64]; 3] = [&[0.0, -2.0, 1.0], &[2.0, 0.0, -3.0], &[-1.0, 3.0, 0.0]];
        let equilibrium = [0.5, 1.0 / 6.0, 1.0 / 3.0];
        for algorithm in [
            Algorithm::CFR_PLUS,
            Algorithm::DCFR,
            Algorithm::DCFR_RESTARTED,
        ] {
            let (row, column, value, exploitability) = solve_matrix(&payoffs, algorithm, 2000);
            assert_close(&row, &equilibrium, 1e-3);
            assert_close(&column, &equilibrium, 1e-3);
            assert!(
                value.abs() < 1e-3 && exploitability < 1e-3,
                "{value} {exploitability}"
            );
        }
    }

    #[test]
    fn delay_leaves_early_iterations_out_of_the_cfr_plus_average() {
        let game = matrix_game(&[&[2.0, -1.0], &[-1.0, 1.0]]);
        let tree = Tree::build(&game).unwrap();
        let mut solver = Solver::new(&tree, Algorithm::CfrPlus { delay: 1 });
        solver.iterate();
        // Iteration 1 has weight 0, so nothing is averaged yet.
        assert!(solver.average_sum.iter().all(|&sum| sum == 0.0));
        solver.iterate();
        assert!(solver.average_sum.iter().any(|&sum| sum > 0.0));
    }
}

/// The driver on the toys: where it stops, what it measures, and its
/// solutions' JSON.
mod driver {
    use banluck_lab::cfr::Algorithm;

    use crate::history_cfr::support::history_cfr::{Solution, SolveParams, Tree, solve};
    use crate::history_cfr::support::toys::kuhn::Kuhn;
    use crate::history_cfr::support::toys::leduc::Leduc;

    #[test]
    fn stops_at_the_first_measurement_under_the_target() {
        let tree = Tree::build(&Kuhn).unwrap();
        let params = SolveParams {
            target_exploitability: 1e-3,
            check_every: 5,
            ..SolveParams::default()
        };
        let solution = solve(&tree, params);
        assert!(solution.exploitability <= 1e-3);
        assert_eq!(solution.iterations % 5, 0);
        let [.., before, last] = solution.log.as_slice() else {
            panic!("at least two measurements");
        };
        assert!(before.exploitability > 1e-3);
        assert_eq!(last.iteration, solution.iterations);
        assert_eq!(last.exploitability, solution.exploitability);
    }

    #[test]
    fn stops_at_the_iteration_limit_and_measures_it() {
        let tree = Tree::build(&Kuhn).unwrap();
        let params = SolveParams {
            max_iterations: 23,
            target_exploitability: 0.0,
            check_every: 10,
            ..SolveParams::default()
        };
        let solution = solve(&tree, params);
        let measured: Vec<u64> = solution.log.iter().map(|row| row.iteration).collect();
        assert_eq!(measured, [0, 10, 20, 23]);
        assert_eq!(solution.iterations, 23);
    }

    #[test]
    fn exploitability_is_non_negative_bounds_the_value_and_decreases() {
        let tree = Tree::build(&Leduc).unwrap();
        for algorithm in [
            Algorithm::CFR_PLUS,
            Algorithm::DCFR,
            Algorithm::DCFR_RESTARTED,
        ] {
            let params = SolveParams {
                algorithm,
                max_iterations: 1000,
                target_exploitability: 0.0,
                check_every: 10,
            };
            let log = solve(&tree, params).log;
            for row in &log {
                assert!(row.exploitability >= 0.0, "{row:?}");
                assert!(row.lower <= row.value && row.value <= row.upper, "{row:?}");
            }
            let at = |iteration: u64| {
                log.iter()
                    .find(|row| row.iteration == iteration)
                    .unwrap()
                    .exploitability
            };
            assert!(
                at(0) > at(10) && at(10) > at(100) && at(100) > at(1000),
                "{algorithm:?}"
            );
            assert!(at(1000) < 1e-2 * at(10));
        }
    }

    #[test]
    fn solutions_round_trip_through_json_and_look_up_by_key() {
        let tree = Tree::build(&Kuhn).unwrap();
        let params = SolveParams {
            max_iterations: 50,
            ..SolveParams::default()
        };
        let solution = solve(&tree, params);
        let json = serde_json::to_string(&solution).unwrap();
        let back: Solution = serde_json::from_str(&json).unwrap();
        // serde_json may parse a float one unit in the last place off.
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-15 * a.abs().max(1.0);
        assert_eq!(
            (back.params, back.iterations, back.log.len()),
            (solution.params, 50, solution.log.len())
        );
        assert!(
            close(back.value, solution.value)
                && close(back.exploitability, solution.exploitability)
        );
        for ((key, entry), (original_key, original)) in
            back.strategy.iter().zip(solution.strategy.iter())
        {
            assert_eq!(
                (key, &entry.actions, entry.player),
                (original_key, &original.actions, original.player)
            );
            assert!(
                entry
                    .probabilities
                    .iter()
                    .zip(&original.probabilities)
                    .all(|(&a, &b)| close(a, b))
            );
        }
        let king_facing_bet = back.strategy.get("K:b").unwrap();
        assert_eq!(king_facing_bet.actions, ["p", "b"]);
        assert!(king_facing_bet.probability("b").unwrap() > 0.9);
        assert_eq!(back.strategy.iter().count(), 12);
    }
}
