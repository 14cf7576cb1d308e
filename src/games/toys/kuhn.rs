//! Kuhn poker: three cards (J, Q, K), one to each player, ante 1, one
//! betting round with a bet of 1.
//!
//! Player 0 passes or bets. After a pass, player 1 passes (showdown for 1)
//! or bets, and player 0 then folds or calls. After a bet, the other player
//! folds or calls (showdown for 2). Folding and calling reuse the moves
//! "pass" and "bet", so every decision has the two actions `p` and `b`.

use std::fmt;

use crate::cfr::{Game, Player, Turn};

/// A card of the Kuhn deck, in rank order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Card {
    /// Jack, the lowest.
    J,
    /// Queen.
    Q,
    /// King, the highest.
    K,
}

/// A move of Kuhn poker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KuhnAction {
    /// Chance deals this card to the next player.
    Deal(Card),
    /// Check, or fold when facing a bet.
    Pass,
    /// Bet, or call when facing a bet.
    Bet,
}

impl fmt::Display for KuhnAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KuhnAction::Deal(card) => write!(f, "{card:?}"),
            KuhnAction::Pass => f.write_str("p"),
            KuhnAction::Bet => f.write_str("b"),
        }
    }
}

/// A history of Kuhn poker.
#[derive(Clone, Debug, Default)]
pub struct KuhnState {
    /// Player 0's card, then player 1's.
    cards: Vec<Card>,
    /// The betting so far, one `p` or `b` per move.
    moves: String,
}

/// Kuhn poker. Information-set keys are the acting player's card and the
/// betting so far, e.g. `"K:pb"`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kuhn;

impl Game for Kuhn {
    type State = KuhnState;
    type Action = KuhnAction;

    fn initial_state(&self) -> KuhnState {
        KuhnState::default()
    }

    fn turn(&self, state: &KuhnState) -> Turn {
        if state.cards.len() < 2 {
            Turn::Chance
        } else if matches!(state.moves.as_str(), "pp" | "bp" | "bb" | "pbp" | "pbb") {
            Turn::Terminal
        } else {
            Turn::Decision(Player::BOTH[state.moves.len() % 2])
        }
    }

    fn chance_outcomes(&self, state: &KuhnState) -> Vec<(KuhnAction, f64)> {
        let left = [Card::J, Card::Q, Card::K]
            .into_iter()
            .filter(|card| !state.cards.contains(card));
        let probability = 1.0 / (3 - state.cards.len()) as f64;
        left.map(|card| (KuhnAction::Deal(card), probability))
            .collect()
    }

    fn legal_actions(&self, _state: &KuhnState) -> Vec<KuhnAction> {
        vec![KuhnAction::Pass, KuhnAction::Bet]
    }

    fn next_state(&self, state: &KuhnState, action: &KuhnAction) -> KuhnState {
        let mut next = state.clone();
        match action {
            KuhnAction::Deal(card) => next.cards.push(*card),
            KuhnAction::Pass => next.moves.push('p'),
            KuhnAction::Bet => next.moves.push('b'),
        }
        next
    }

    fn infoset_key(&self, state: &KuhnState) -> String {
        let card = state.cards[state.moves.len() % 2];
        format!("{card:?}:{}", state.moves)
    }

    fn payoff(&self, state: &KuhnState) -> f64 {
        let showdown = if state.cards[0] > state.cards[1] {
            1.0
        } else {
            -1.0
        };
        match state.moves.as_str() {
            "bp" => 1.0,
            "pbp" => -1.0,
            "pp" => showdown,
            _ => 2.0 * showdown,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfr::{Algorithm, Evaluator, Profile, SolveParams, Tree, solve};

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
