//! The per-history toys against their closed forms: Kuhn's shape, best
//! responses and equilibrium by hand and by brute force, Leduc's against
//! OpenSpiel's published figures and its game value.

use crate::support;

/// Kuhn poker.
mod kuhn {
    use banluck_lab::cfr::{Algorithm, Player};

    use crate::history_toys::support::history_cfr::{
        Evaluator, Game, Profile, SolveParams, Tree, Turn, solve,
    };
    use crate::history_toys::support::toys::kuhn::{Kuhn, KuhnState};

    fn tree() -> Tree {
        Tree::build(&Kuhn).unwrap()
    }

    /// The payoff to player 0 with both players at `policy`, by plain
    /// recursion over the game (no tree, no engine).
    fn expected(state: &KuhnState, policy: &dyn Fn(&str) -> [f64; 2]) -> f64 {
        match Kuhn.turn(state) {
            Turn::Terminal => Kuhn.payoff(state),
            Turn::Chance => Kuhn
                .chance_outcomes(state)
                .iter()
                .map(|(deal, p)| p * expected(&Kuhn.next_state(state, deal), policy))
                .sum(),
            Turn::Decision(_) => {
                let probabilities = policy(&Kuhn.infoset_key(state));
                let actions = Kuhn.legal_actions(state);
                actions
                    .iter()
                    .zip(probabilities)
                    .map(|(action, p)| p * expected(&Kuhn.next_state(state, action), policy))
                    .sum()
            }
        }
    }

    /// The best payoff to `responder` against the uniform opponent, by
    /// trying all 64 pure strategies of its six information sets.
    fn brute_force_best_response(responder: Player) -> f64 {
        let tree = tree();
        let own: Vec<&str> = (0..tree.num_infosets())
            .filter(|&i| tree.infoset_player(i) == responder)
            .map(|i| tree.infoset_key(i))
            .collect();
        assert_eq!(own.len(), 6);
        (0..1_u32 << own.len())
            .map(|pure| {
                let policy = |key: &str| match own.iter().position(|k| *k == key) {
                    Some(bit) if pure >> bit & 1 == 1 => [0.0, 1.0],
                    Some(_) => [1.0, 0.0],
                    None => [0.5, 0.5],
                };
                responder.sign() * expected(&Kuhn.initial_state(), &policy)
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }

    #[test]
    fn tree_has_the_kuhn_shape() {
        let tree = tree();
        // 1 root deal, 3 second deals, 6 betting trees of 9 histories.
        assert_eq!(tree.num_nodes(), 1 + 3 + 6 * 9);
        assert_eq!(tree.num_infosets(), 12);
        assert_eq!(
            tree.action_labels(tree.infoset_index("Q:pb").unwrap()),
            ["p", "b"]
        );
    }

    #[test]
    fn best_responses_to_uniform_match_hand_derived_values() {
        // Player 0 best-responds: bet J (-1/2), bet Q (+1/2), K either way
        // (+3/2): (−1/2 + 1/2 + 3/2) / 3 = 1/2.
        // Player 1 best-responds: J folds to a bet, bluffs after a pass
        // (−3/4); Q calls, bets after a pass (+1/4); K calls, bets (+7/4):
        // (−3/4 + 1/4 + 7/4) / 3 = 5/12 to player 1.
        let tree = tree();
        let evaluation = Evaluator::new(&tree).evaluate(&Profile::uniform(&tree));
        assert!((evaluation.upper_bound - 0.5).abs() < 1e-12);
        assert!((evaluation.lower_bound + 5.0 / 12.0).abs() < 1e-12);
        // OpenSpiel's published NashConv of the uniform policy is 11/12.
        assert!((evaluation.exploitability - 11.0 / 24.0).abs() < 1e-12);
        let uniform = expected(&Kuhn.initial_state(), &|_| [0.5, 0.5]);
        assert!((evaluation.value - uniform).abs() < 1e-12);
    }

    #[test]
    fn best_responses_to_uniform_match_brute_force() {
        let tree = tree();
        let mut evaluator = Evaluator::new(&tree);
        let uniform = Profile::uniform(&tree);
        let upper = evaluator.best_response(&uniform, Player::P0);
        let lower = evaluator.best_response(&uniform, Player::P1);
        assert!((upper - brute_force_best_response(Player::P0)).abs() < 1e-12);
        assert!((lower + brute_force_best_response(Player::P1)).abs() < 1e-12);
    }

    fn solve_to_equilibrium(algorithm: Algorithm) {
        let tree = tree();
        let params = SolveParams {
            algorithm,
            max_iterations: 1_000_000,
            target_exploitability: 1e-6,
            check_every: 10,
        };
        let solution = solve(&tree, params);
        assert!(solution.exploitability < 1e-6, "{:?}", solution.log.last());
        assert!(
            (solution.value + 1.0 / 18.0).abs() < 1e-6,
            "{}",
            solution.value
        );
        assert!(solution.lower_bound <= -1.0 / 18.0 && -1.0 / 18.0 <= solution.upper_bound);
        let bet = |key: &str| {
            solution
                .strategy
                .get(key)
                .unwrap()
                .probability("b")
                .unwrap()
        };
        // Player 1's equilibrium strategy is unique: bluff J a third of the
        // time after a pass, call with Q a third of the time.
        assert!((bet("J:p") - 1.0 / 3.0).abs() < 1e-2, "{}", bet("J:p"));
        assert!((bet("Q:b") - 1.0 / 3.0).abs() < 1e-2, "{}", bet("Q:b"));
        assert!(bet("K:b") > 0.999 && bet("J:b") < 1e-3);
        // Player 0 bets K three times as often as it bluffs J.
        assert!((bet("K:") - 3.0 * bet("J:")).abs() < 1e-2);
    }

    #[test]
    fn cfr_plus_solves_kuhn() {
        solve_to_equilibrium(Algorithm::CFR_PLUS);
    }

    #[test]
    fn dcfr_solves_kuhn() {
        solve_to_equilibrium(Algorithm::DCFR);
    }
}

/// Leduc hold'em.
mod leduc {
    use banluck_lab::cfr::{Algorithm, Player};

    use crate::history_toys::support::history_cfr::{Evaluator, Profile, SolveParams, Tree, solve};
    use crate::history_toys::support::toys::leduc::Leduc;

    /// The equilibrium value of Leduc hold'em to the first player.
    const GAME_VALUE: f64 = -0.085606424;

    #[test]
    fn tree_has_the_leduc_shape() {
        let tree = Tree::build(&Leduc).unwrap();
        // Per player: 3 ranks × 3 first-round decisions, and 5 betting lines
        // reaching the second round × 3 × 3 ranks × 3 decisions.
        assert_eq!(tree.num_infosets(), 2 * (3 * 3 + 5 * 3 * 3 * 3));
        let first = tree.infoset_index("K:").unwrap();
        assert_eq!(tree.action_labels(first), ["c", "r"]);
        let facing_reraise = tree.infoset_index("JQ:cc/rr").unwrap();
        assert_eq!(tree.action_labels(facing_reraise), ["f", "c"]);
        assert_eq!(tree.infoset_player(facing_reraise), Player::P0);
    }

    #[test]
    fn uniform_and_first_action_profiles_match_openspiel() {
        // OpenSpiel's tests: uniform NashConv 4.747222222222222 and value
        // -0.078125; "first legal action" NashConv 2.
        let tree = Tree::build(&Leduc).unwrap();
        let mut evaluator = Evaluator::new(&tree);
        let uniform = evaluator.evaluate(&Profile::uniform(&tree));
        assert!((2.0 * uniform.exploitability - 4.747222222222222).abs() < 1e-12);
        assert!((uniform.value + 0.078125).abs() < 1e-12);
        let first_action = Profile::from_fn(&tree, |_, labels| {
            let mut one_hot = vec![0.0; labels.len()];
            one_hot[0] = 1.0;
            one_hot
        });
        let first = evaluator.evaluate(&first_action);
        assert!((2.0 * first.exploitability - 2.0).abs() < 1e-12);
    }

    fn solve_to_equilibrium(algorithm: Algorithm) {
        let tree = Tree::build(&Leduc).unwrap();
        // Exploitability e only guarantees |value - game value| <= 2e, but
        // the value of the average converges much faster than its
        // exploitability: at 1e-5 it is already within 1e-7 or so.
        let params = SolveParams {
            algorithm,
            target_exploitability: 1e-5,
            ..SolveParams::default()
        };
        let solution = solve(&tree, params);
        assert!(solution.exploitability <= 1e-5, "{:?}", solution.log.last());
        assert!(
            (solution.value - GAME_VALUE).abs() < 1e-6,
            "{}",
            solution.value
        );
        assert!(solution.lower_bound <= GAME_VALUE && GAME_VALUE <= solution.upper_bound);
    }

    #[test]
    fn cfr_plus_solves_leduc() {
        solve_to_equilibrium(Algorithm::CFR_PLUS);
    }

    #[test]
    fn dcfr_solves_leduc() {
        solve_to_equilibrium(Algorithm::DCFR);
    }
}
