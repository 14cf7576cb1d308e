//! The clairvoyance game, a one-street river spot with ranges and a
//! closed-form value: player 0 holds the nuts or air (its range), player 1
//! a bluff-catcher that beats air only. Player 0 checks (showdown) or bets
//! one of its sizes; player 1 folds or calls.
//!
//! With pot `P` (half from each player), bet `B` and a share `x` of nuts no
//! more than `(P + B) / (P + 2B)`, the equilibrium bluffs just enough to
//! make calls break even and calls `P / (P + B)` of the time, which makes
//! bluffs break even: player 0 wins `x · P (P + 2B) / (P + B) - P / 2`.

use banluck_lab::cfr::Player;
use banluck_lab::cfr::vector::{PublicNode, PublicTree, VectorGame};

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
