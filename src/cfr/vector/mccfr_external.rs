//! External-sampling MCCFR: the traverser tries every action; chance and
//! the opponent are sampled from their true probabilities.
//!
//! The deal, chance and the opponent are sampled on-policy, so the sampled
//! value of a leaf is an unbiased estimate of the counterfactual value
//! (their probabilities cancel the importance weights), and the regret of
//! an action is its value minus the strategy's, with no weight. The
//! opponent's average strategy is updated where it is sampled, with weight
//! 1: its information set is reached with probability its own reach times
//! a chance factor that does not change between iterations, since the
//! traverser explores everything.

use super::mccfr::Mccfr;
use super::sampled::{SampledGame, pick};
use super::tree::NodeKind;
use crate::cfr::Player;

impl<G: SampledGame> Mccfr<'_, G> {
    /// Traverses the subtree of `node` for `traverser` with the deal
    /// `hands`, updating regrets and averages; returns the sampled value to
    /// `traverser`.
    pub(super) fn external(&mut self, node: usize, hands: [usize; 2], traverser: Player) -> f64 {
        let game = self.solver.game;
        let children = game.tree().children(node);
        match self.kind(node) {
            NodeKind::Terminal => traverser.sign() * game.payoff(node, hands),
            NodeKind::Chance => {
                let outcome = self.sample_chance(node, hands);
                self.external(children[outcome], hands, traverser)
            }
            NodeKind::Decision(actor) => {
                let hand = hands[actor.index()];
                let base = self.stack.len();
                self.push_strategy(node, actor, hand);
                if actor == traverser {
                    let mut value = 0.0;
                    for (a, &child) in children.iter().enumerate() {
                        let child_value = self.external(child, hands, traverser);
                        value += self.stack[base + a] * child_value;
                        self.stack.push(child_value);
                    }
                    let actions = children.len();
                    for a in 0..actions {
                        let regret = self.stack[base + actions + a] - value;
                        self.add_regret(node, actor, hand, a, regret);
                    }
                    self.stack.truncate(base);
                    value
                } else {
                    self.add_to_average(node, actor, hand, base, 1.0);
                    let action = pick(&self.stack[base..], &mut self.rng);
                    self.stack.truncate(base);
                    self.external(children[action], hands, traverser)
                }
            }
        }
    }
}
