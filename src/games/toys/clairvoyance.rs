//! The clairvoyance game, a one-street river spot with ranges and a
//! closed-form value: player 0 holds the nuts or air (its range), player 1
//! a bluff-catcher that beats air only. Player 0 checks (showdown) or bets
//! one of its sizes; player 1 folds or calls.
//!
//! With pot `P` (half from each player), bet `B` and a share `x` of nuts no
//! more than `(P + B) / (P + 2B)`, the equilibrium bluffs just enough to
//! make calls break even and calls `P / (P + B)` of the time, which makes
//! bluffs break even: player 0 wins `x · P (P + 2B) / (P + B) - P / 2`.

use crate::cfr::Player;
use crate::cfr::vector::{PublicNode, PublicTree, VectorGame};

/// How a terminal node settles.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Ending {
    /// Both checked: the nuts win the pot, air loses it.
    Showdown,
    /// Player 1 folded to a bet.
    Fold,
    /// Player 1 called a bet of this size.
    Call(f64),
}

/// A clairvoyance game: player 0's hands are the nuts and air, player 1's
/// one bluff-catcher.
#[derive(Clone, Debug)]
pub struct Clairvoyance {
    pot: f64,
    tree: PublicTree,
    endings: Vec<Option<Ending>>,
    /// Player 0's range: the weights of the nuts and of air.
    range: [f64; 2],
    /// Player 1's one hand.
    catcher: [f64; 1],
}

impl Clairvoyance {
    /// The game with pot `pot`, player 0's bet sizes `bets` and range
    /// `[nuts, air]` (weights, not necessarily summing to 1).
    pub fn new(pot: f64, bets: &[f64], range: [f64; 2]) -> Clairvoyance {
        let mut nodes = vec![PublicNode::Terminal, PublicNode::Terminal];
        let mut endings = vec![None, Some(Ending::Showdown)];
        let mut root = vec![1];
        for &bet in bets {
            let facing = nodes.len();
            root.push(facing);
            nodes.push(PublicNode::Decision {
                player: Player::P1,
                children: vec![facing + 1, facing + 2],
            });
            nodes.extend([PublicNode::Terminal, PublicNode::Terminal]);
            endings.extend([None, Some(Ending::Fold), Some(Ending::Call(bet))]);
        }
        nodes[0] = PublicNode::Decision {
            player: Player::P0,
            children: root,
        };
        Clairvoyance {
            pot,
            tree: PublicTree::new(nodes).expect("children are numbered after their parent"),
            endings,
            range,
            catcher: [1.0],
        }
    }

    /// The payoff to player 0 holding the nuts (`nuts`) or air.
    fn payoff(&self, ending: Ending, nuts: bool) -> f64 {
        let half = self.pot / 2.0;
        let sign = if nuts { 1.0 } else { -1.0 };
        match ending {
            Ending::Showdown => sign * half,
            Ending::Fold => half,
            Ending::Call(bet) => sign * (half + bet),
        }
    }
}

impl VectorGame for Clairvoyance {
    fn tree(&self) -> &PublicTree {
        &self.tree
    }

    fn initial_weights(&self, player: Player) -> &[f64] {
        match player {
            Player::P0 => &self.range,
            Player::P1 => &self.catcher,
        }
    }

    fn terminal_values(
        &self,
        node: usize,
        player: Player,
        opponent_reach: &[f64],
        out: &mut [f64],
    ) {
        let Some(ending) = self.endings[node] else {
            out.fill(0.0);
            return;
        };
        // Every hand pair is possible: normalise by the product of the
        // ranges' total weights (player 1's is 1).
        let total = self.range[0] + self.range[1];
        let payoffs = [self.payoff(ending, true), self.payoff(ending, false)];
        match player {
            Player::P0 => {
                for (out, payoff) in out.iter_mut().zip(payoffs) {
                    *out = opponent_reach[0] * payoff / total;
                }
            }
            Player::P1 => {
                let gain: f64 = opponent_reach.iter().zip(payoffs).map(|(r, u)| r * u).sum();
                out[0] = -gain / total;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfr::vector::VectorSolver;
    use crate::cfr::{Algorithm, StopRule, converge};

    /// The closed-form value to player 0 (see the module documentation).
    fn value(pot: f64, bet: f64, nuts: f64) -> f64 {
        nuts * pot * (pot + 2.0 * bet) / (pot + bet) - pot / 2.0
    }

    fn solve(game: &Clairvoyance) -> (crate::cfr::LogRow, VectorSolver<'_, Clairvoyance>) {
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
