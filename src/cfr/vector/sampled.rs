//! The sampling side of a vector-form game, for Monte Carlo CFR: one deal
//! of one hand per player instead of whole ranges, the public chance
//! outcomes given that deal, and the payoff of one hand pair.
//!
//! The joint distribution of the hands is the one the vector form uses:
//! `P(h0, h1) ∝ w0(h0) · w1(h1) · f(h0, h1)`, with `w` the initial weights
//! and `f` the game's [`SampledGame::deal_factor`] (0 where the hands share
//! a card). [`DealSampler`] draws from it exactly, by rejection: each hand
//! from its own player's weights, the pair kept with probability `f`.

use rand::{Rng, RngExt};

use super::game::VectorGame;
use crate::cfr::Player;

/// A [`VectorGame`] that can also be played one deal at a time.
///
/// The three methods must agree with
/// [`VectorGame::terminal_values`]: for a terminal node `z` reached through
/// public chance outcomes `c₁ … c_k`, and an opponent reach that is one
/// hand `h'` times the tree's chance weights on the way,
/// `w(h) · w'(h') · value(h) = P(h, h') · Π P(c_j | h, h') · u(h, h')`,
/// with `P(h, h')` the deal probability of [`DealSampler::probability`],
/// `P(c_j | h, h')` [`SampledGame::chance_probability`] and `u` the payoff
/// to the player of [`SampledGame::payoff`].
///
/// A turn game implements it with a chance node over the river cards:
/// `deal_factor` is 0 for hands sharing a card and 1 otherwise;
/// `chance_probability` is 0 for a river card either hand holds and
/// `1 / (cards left)` otherwise; `payoff` looks up the fold amount or
/// compares the two hands' ranks on the board that the terminal's river
/// card completes.
pub trait SampledGame: VectorGame {
    /// How much the deal of `hands` (`[player 0's, player 1's]`) weighs
    /// beside the product of their initial weights, between 0 and 1: 0
    /// where the hands cannot be dealt together (a shared card), less than
    /// 1 where fewer ways deal them (two hands of one rank with two copies
    /// of each rank).
    fn deal_factor(&self, hands: [usize; 2]) -> f64;

    /// The probability of outcome `outcome` (the index of the child) of
    /// chance node `node` given the deal `hands`: 0 where it is impossible
    /// (a dealt card one of the hands holds); the outcomes of a node sum to
    /// 1 for every deal. By default the tree's chance weight, right for a
    /// chance event that does not depend on the hands.
    fn chance_probability(&self, node: usize, outcome: usize, hands: [usize; 2]) -> f64 {
        let _ = hands;
        self.tree().weights(node)[outcome]
    }

    /// The payoff to player 0 at terminal node `node` when the players hold
    /// `hands` (player 1 gets its negative).
    fn payoff(&self, node: usize, hands: [usize; 2]) -> f64;
}

/// Draws deals of a [`SampledGame`] from the joint distribution of its
/// hands, card removal included.
#[derive(Clone, Debug)]
pub struct DealSampler {
    /// Per player, the running sums of its initial weights.
    cumulative: [Vec<f64>; 2],
    /// `Σ w0(h0) · w1(h1) · f(h0, h1)` over all pairs: the normaliser.
    total: f64,
}

impl DealSampler {
    /// The sampler of `game`'s deals, or `None` if no pair of hands can be
    /// dealt (no positive weight).
    pub fn new(game: &impl SampledGame) -> Option<DealSampler> {
        let weights = Player::BOTH.map(|player| game.initial_weights(player));
        let mut total = 0.0;
        for (h0, &w0) in weights[0].iter().enumerate() {
            for (h1, &w1) in weights[1].iter().enumerate() {
                total += w0 * w1 * game.deal_factor([h0, h1]);
            }
        }
        let cumulative = weights.map(|weights| {
            weights
                .iter()
                .scan(0.0, |sum, &weight| {
                    *sum += weight;
                    Some(*sum)
                })
                .collect()
        });
        (total > 0.0).then_some(DealSampler { cumulative, total })
    }

    /// The probability of the deal `hands`.
    pub fn probability(&self, game: &impl SampledGame, hands: [usize; 2]) -> f64 {
        let [w0, w1] =
            Player::BOTH.map(|player| game.initial_weights(player)[hands[player.index()]]);
        w0 * w1 * game.deal_factor(hands) / self.total
    }

    /// Draws one deal: a hand of each player from its weights, kept with
    /// probability [`SampledGame::deal_factor`], else drawn again.
    pub fn sample(&self, game: &impl SampledGame, rng: &mut impl Rng) -> [usize; 2] {
        loop {
            let hands = [0, 1].map(|player| {
                let cumulative = &self.cumulative[player];
                let total = cumulative.last().copied().unwrap_or(0.0);
                let target = rng.random::<f64>() * total;
                cumulative
                    .partition_point(|&sum| sum <= target)
                    .min(cumulative.len() - 1)
            });
            let factor = game.deal_factor(hands);
            if factor >= 1.0 || (factor > 0.0 && rng.random::<f64>() < factor) {
                return hands;
            }
        }
    }
}

/// Draws an index with probability proportional to `weights` (not
/// necessarily normalised, not all zero).
pub fn pick(weights: &[f64], rng: &mut impl Rng) -> usize {
    let total: f64 = weights.iter().sum();
    let mut target = rng.random::<f64>() * total;
    for (index, &weight) in weights.iter().enumerate() {
        if target < weight {
            return index;
        }
        target -= weight;
    }
    // Rounding left the target past the end: the last index with weight.
    weights
        .iter()
        .rposition(|&weight| weight > 0.0)
        .unwrap_or(0)
}
