//! Exact best responses, the profile's value and its exploitability in
//! vector form.
//!
//! A player's information set is a public node with one of its hands, so
//! its best response takes, hand by hand, the action of highest
//! counterfactual value against the opponent's average strategy: one
//! forward sweep of the opponent's reach and one backward sweep with a
//! maximum at the player's own decisions. The two players' best responses
//! share nothing they write, so on a big enough tree they run at the same
//! time, each with its own player's values and its opponent's reach.

use super::backward::Own;
use super::game::VectorGame;
use super::solver::VectorSolver;
use super::sweeps::Sweep;
use super::tree::NodeKind;
use crate::cfr::regret::average_probability;
use crate::cfr::{Bounds, Player};

impl<G: VectorGame> VectorSolver<'_, G> {
    /// Writes the average strategy of the decision at position `p` into
    /// `out`, laid out `[action × hand]`.
    pub(super) fn fill_average(&self, p: usize, out: &mut [f64]) {
        let layout = &self.layout;
        let hands = layout.column(p + 1) - layout.column(p);
        let sums = &self.average_sum[layout.slot(p)..layout.slot(p + 1)];
        let totals = &self.average_total[layout.column(p)..layout.column(p + 1)];
        let uniform = 1.0 / (sums.len() / hands.max(1)).max(1) as f64;
        for (probabilities, sums) in out.chunks_mut(hands.max(1)).zip(sums.chunks(hands.max(1))) {
            for ((probability, &sum), &total) in probabilities.iter_mut().zip(sums).zip(totals) {
                *probability = average_probability(sum, total, uniform);
            }
        }
    }

    /// The value of the average strategy profile and both best responses
    /// to it, in payoff units of player 0.
    pub(super) fn evaluate_average(&mut self) -> Bounds {
        let mut average = std::mem::take(&mut self.average);
        for p in 0..self.layout.len() {
            if let NodeKind::Decision(_) = self.layout.kind(p) {
                let block = &mut average[self.layout.slot(p)..self.layout.slot(p + 1)];
                self.fill_average(p, block);
            }
        }
        self.average = average;
        self.reach_overwritten();
        let sweep = Sweep {
            game: self.game,
            layout: &self.layout,
            min_work: self.min_work(),
        };
        let average = &self.average[..];
        let [reach_0, reach_1] = &mut self.reach;
        let [values_0, values_1] = &mut self.values;
        let mut player_0 = || {
            sweep.forward(Player::P1, average, reach_1);
            sweep.backward(Player::P0, Own::Best, reach_1, values_0);
            let upper = root_value(sweep.game, Player::P0, values_0);
            sweep.backward(Player::P0, Own::Average(average), reach_1, values_0);
            (upper, root_value(sweep.game, Player::P0, values_0))
        };
        let mut player_1 = || {
            sweep.forward(Player::P0, average, reach_0);
            sweep.backward(Player::P1, Own::Best, reach_0, values_1);
            -root_value(sweep.game, Player::P1, values_1)
        };
        let whole = self.layout.work(0, self.layout.len());
        let ((upper, value), lower) = if whole >= sweep.min_work {
            rayon::join(player_0, player_1)
        } else {
            (player_0(), player_1())
        };
        Bounds {
            value,
            upper,
            lower,
        }
    }
}

/// `player`'s expected payoff from its root `values`: each hand's value
/// weighted by its initial weight.
fn root_value(game: &impl VectorGame, player: Player, values: &[f64]) -> f64 {
    game.initial_weights(player)
        .iter()
        .zip(values)
        .map(|(weight, value)| weight * value)
        .sum()
}
