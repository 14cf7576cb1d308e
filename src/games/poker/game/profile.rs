//! Reach and counterfactual values of every hand at every node under a
//! fixed strategy profile (a saved solution's average strategies): what
//! `poker show` and the solver page read per-hand EVs from. A game with
//! suit isomorphism (a flop game) adds each mirrored card's values at its
//! deal, as the solver does.

use crate::cfr::Player;
use crate::cfr::vector::{NodeKind, VectorGame};

use super::poker_game::PokerGame;

/// Per player, `[node × hand]` reach (own strategy and chance) and
/// counterfactual values under one profile.
#[derive(Debug, Clone)]
pub struct ProfileValues {
    hands: [usize; 2],
    reach: [Vec<f64>; 2],
    values: [Vec<f64>; 2],
}

impl ProfileValues {
    /// The bytes [`ProfileValues::new`] allocates on `game`: per node, a
    /// reach and a value (`f64`) for each hand of each player.
    pub fn bytes<G: VectorGame>(game: &G) -> u64 {
        let hands: usize = Player::BOTH
            .iter()
            .map(|&p| game.initial_weights(p).len())
            .sum();
        16 * (game.tree().num_nodes() * hands) as u64
    }

    /// Sweeps `game` under `strategies` (per node, at decisions, the
    /// actor's `[action × hand]` probabilities, as a solution holds them).
    pub fn new<G: VectorGame>(game: &G, strategies: &[Option<Vec<f64>>]) -> ProfileValues {
        let tree = game.tree();
        let nodes = tree.num_nodes();
        let hands = Player::BOTH.map(|p| game.initial_weights(p).len());
        let mut reach = hands.map(|width| vec![0.0; nodes * width]);
        for player in Player::BOTH {
            let width = hands[player.index()];
            let reach = &mut reach[player.index()];
            reach[..width].copy_from_slice(game.initial_weights(player));
            for node in 0..nodes {
                let kind = tree.kind(node);
                let edges = tree.children(node).iter().zip(tree.weights(node));
                for (action, (&child, &weight)) in edges.enumerate() {
                    let (head, tail) = reach.split_at_mut(child * width);
                    let parent = &head[node * width..][..width];
                    let out = &mut tail[..width];
                    match (kind, &strategies[node]) {
                        (NodeKind::Decision(actor), Some(strategy)) if actor == player => {
                            let own = &strategy[action * width..][..width];
                            for ((out, &parent), &p) in out.iter_mut().zip(parent).zip(own) {
                                *out = parent * p;
                            }
                        }
                        _ => {
                            for (out, &parent) in out.iter_mut().zip(parent) {
                                *out = parent * weight;
                            }
                        }
                    }
                }
            }
        }
        let mut values = hands.map(|width| vec![0.0; nodes * width]);
        for player in Player::BOTH {
            let (me, other) = (player.index(), 1 - player.index());
            let (width, opponent) = (hands[me], hands[other]);
            let values = &mut values[me];
            for node in (0..nodes).rev() {
                let (head, tail) = values.split_at_mut((node + 1) * width);
                let out = &mut head[node * width..];
                out.fill(0.0);
                if tree.kind(node) == NodeKind::Terminal {
                    let opponent_reach = &reach[other][node * opponent..][..opponent];
                    game.terminal_values(node, player, opponent_reach, out);
                    continue;
                }
                let own = match (tree.kind(node), &strategies[node]) {
                    (NodeKind::Decision(actor), Some(strategy)) if actor == player => {
                        Some(strategy)
                    }
                    _ => None,
                };
                for (action, &child) in tree.children(node).iter().enumerate() {
                    let child = &tail[(child - node - 1) * width..][..width];
                    match own {
                        Some(strategy) => {
                            let p = &strategy[action * width..][..width];
                            for ((out, &value), &p) in out.iter_mut().zip(child).zip(p) {
                                *out += p * value;
                            }
                        }
                        None => {
                            for (out, &value) in out.iter_mut().zip(child) {
                                *out += value;
                            }
                        }
                    }
                }
                // Outcomes solved as a listed one (suit isomorphism).
                for &(child, permutation) in game.mirrors(node) {
                    let child = &tail[(child - node - 1) * width..][..width];
                    let permutation = game.permutation(player, permutation);
                    for (out, &hand) in out.iter_mut().zip(permutation) {
                        *out += child[hand as usize];
                    }
                }
            }
        }
        ProfileValues {
            hands,
            reach,
            values,
        }
    }

    /// `player`'s reach at `node`, per hand.
    pub fn reach(&self, node: usize, player: usize) -> &[f64] {
        let width = self.hands[player];
        &self.reach[player][node * width..][..width]
    }

    /// `player`'s counterfactual values at `node`, per hand.
    pub fn values(&self, node: usize, player: usize) -> &[f64] {
        let width = self.hands[player];
        &self.values[player][node * width..][..width]
    }

    /// The chip EV of each of `player`'s hands at `node` of `game`, given
    /// that the node is reached with that hand (its counterfactual value
    /// over the opponent reach it can meet there, plus half the starting
    /// pot; `None` for a hand no opponent hand meets there), with the
    /// chance of being there with it: its reach times the opponent reach
    /// it meets, over all pairs' weight. Weighted so, the EVs at the root
    /// average to the player's value.
    pub fn hand_evs(
        &self,
        game: &PokerGame,
        node: usize,
        player: usize,
    ) -> Vec<(Option<f64>, f64)> {
        let mut meeting = vec![0.0; self.hands[player]];
        game.meeting_reach(node, player, self.reach(node, 1 - player), &mut meeting);
        let half = game.pot() / 2.0;
        let pairs = game.pair_weight();
        meeting
            .iter()
            .zip(self.values(node, player))
            .zip(self.reach(node, player))
            .map(|((&meet, &value), &reach)| {
                let ev = (meet > 1e-300).then(|| value * pairs / meet + half);
                (ev, reach * meet / pairs)
            })
            .collect()
    }

    /// `player`'s expected payoff in chips at the root: each hand's value
    /// weighted by its initial weight, plus half the pot.
    pub fn root_value<G: VectorGame>(&self, game: &G, player: Player, pot: f64) -> f64 {
        let values = self.values(0, player.index());
        let weighted: f64 = game
            .initial_weights(player)
            .iter()
            .zip(values)
            .map(|(w, v)| w * v)
            .sum();
        weighted + pot / 2.0
    }
}
