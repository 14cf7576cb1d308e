//! Exact best responses, the profile's value and its exploitability in
//! vector form.
//!
//! A player's information set is a public node with one of its hands, so
//! its best response takes, hand by hand, the action of highest
//! counterfactual value against the opponent's average strategy: one
//! forward sweep of the opponent's reach and one backward sweep with a
//! maximum at the player's own decisions.

use super::game::VectorGame;
use super::solver::{Own, Profile, VectorSolver};
use super::tree::NodeKind;
use crate::cfr::regret::average_probability;
use crate::cfr::{Bounds, Player};

impl<G: VectorGame> VectorSolver<'_, G> {
    /// Writes the average strategy of decision node `node` (whose actor
    /// has `hands` hands and which has `actions` actions) into `out`.
    pub(super) fn fill_average(&self, node: usize, hands: usize, actions: usize, out: &mut [f64]) {
        let slot = self.slot[node];
        let totals = &self.average_total[self.column[node]..][..hands];
        let uniform = 1.0 / actions as f64;
        let sums = &self.average_sum[slot..slot + actions * hands];
        for (probabilities, sums) in out.chunks_mut(hands.max(1)).zip(sums.chunks(hands.max(1))) {
            for ((probability, &sum), &total) in probabilities.iter_mut().zip(sums).zip(totals) {
                *probability = average_probability(sum, total, uniform);
            }
        }
    }

    /// The value of the average strategy profile and both best responses
    /// to it, in payoff units of player 0.
    pub(super) fn evaluate_average(&mut self) -> Bounds {
        let tree = self.game.tree();
        let mut average = std::mem::take(&mut self.average);
        for node in 0..tree.num_nodes() {
            if let NodeKind::Decision(actor) = tree.kind(node) {
                let hands = self.hands[actor.index()];
                let actions = tree.children(node).len();
                let block = &mut average[self.slot[node]..][..actions * hands];
                self.fill_average(node, hands, actions, block);
            }
        }
        self.average = average;
        self.reach_overwritten();
        self.forward(Player::P1, Profile::Average);
        self.backward(Player::P0, Own::Best);
        let upper = self.root_value(Player::P0);
        self.backward(Player::P0, Own::Average);
        let value = self.root_value(Player::P0);
        self.forward(Player::P0, Profile::Average);
        self.backward(Player::P1, Own::Best);
        let lower = -self.root_value(Player::P1);
        Bounds {
            value,
            upper,
            lower,
        }
    }

    /// `player`'s expected payoff from its root values: each hand's value
    /// weighted by its initial weight.
    fn root_value(&self, player: Player) -> f64 {
        self.game
            .initial_weights(player)
            .iter()
            .zip(&self.values[player.index()])
            .map(|(weight, value)| weight * value)
            .sum()
    }
}
