//! Outcome-sampling MCCFR: one path per traversal. The traverser samples
//! its action from `ε · uniform + (1 − ε) · σ`, the opponent from its
//! strategy `σ`, chance from its probabilities given the deal.
//!
//! Importance weights: the deal, chance and the opponent are sampled
//! on-policy, so their probabilities cancel and only the traverser's own
//! sampling probability `q` (the product of its ε-mixed probabilities on
//! the path) is divided out. At a node of the traverser, the sampled
//! action `a` gets the estimated value `v_a = v / σ'(a)` (the child's
//! estimate over its sampling probability), the other actions 0, the node
//! `v_σ = σ(a) · v_a`, and each action `b` the regret `(v_b − v_σ) / q`.
//! The opponent's average strategy is updated where it is sampled, with
//! weight `1 / q`: its information set is reached with probability its own
//! reach times chance times `q`, so the weighted update is unbiased for its
//! own reach (times a chance factor that does not change between
//! iterations), with no information set left out, since ε > 0 gives every
//! path of the traverser a positive probability.

use super::mccfr::Mccfr;
use super::sampled::{SampledGame, pick};
use super::tree::NodeKind;
use crate::cfr::Player;

impl<G: SampledGame> Mccfr<'_, G> {
    /// Samples one path below `node` for `traverser` with the deal `hands`,
    /// the traverser's sampling probability so far being `own`; updates
    /// regrets and averages on the way back and returns the value estimate
    /// to `traverser` (the payoff times `σ / σ'` of the traverser's actions
    /// below `node`).
    pub(super) fn outcome(
        &mut self,
        node: usize,
        hands: [usize; 2],
        traverser: Player,
        exploration: f64,
        own: f64,
    ) -> f64 {
        let game = self.solver.game;
        let children = game.tree().children(node);
        match self.kind(node) {
            NodeKind::Terminal => traverser.sign() * game.payoff(node, hands),
            NodeKind::Chance => {
                let outcome = self.sample_chance(node, hands);
                self.outcome(children[outcome], hands, traverser, exploration, own)
            }
            NodeKind::Decision(actor) => {
                let hand = hands[actor.index()];
                let base = self.stack.len();
                self.push_strategy(node, actor, hand);
                if actor == traverser {
                    let actions = children.len();
                    let uniform = exploration / actions as f64;
                    for a in 0..actions {
                        let mixed = uniform + (1.0 - exploration) * self.stack[base + a];
                        self.stack.push(mixed);
                    }
                    let action = pick(&self.stack[base + actions..], &mut self.rng);
                    let (probability, mixed) = (
                        self.stack[base + action],
                        self.stack[base + actions + action],
                    );
                    let child =
                        self.outcome(children[action], hands, traverser, exploration, own * mixed);
                    let estimate = child / mixed;
                    let value = probability * estimate;
                    for b in 0..actions {
                        let action_value = if b == action { estimate } else { 0.0 };
                        self.add_regret(node, actor, hand, b, (action_value - value) / own);
                    }
                    self.stack.truncate(base);
                    value
                } else {
                    self.add_to_average(node, actor, hand, base, 1.0 / own);
                    let action = pick(&self.stack[base..], &mut self.rng);
                    self.stack.truncate(base);
                    self.outcome(children[action], hands, traverser, exploration, own)
                }
            }
        }
    }
}
