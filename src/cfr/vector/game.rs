//! The game abstraction of the vector-form solver: a public tree, a list
//! of private hands per player, and range-at-once values where the game
//! ends.

use super::tree::PublicTree;
use crate::cfr::Player;

/// A two-player zero-sum game in vector form, in the style of
/// postflop-solver's `Game`: the solver walks the [`PublicTree`] and keeps,
/// at every node, one entry per private hand of a player, and the game
/// values whole ranges at the terminal nodes.
///
/// A player's information set is a public node together with one of its
/// hands, so the game must give each player perfect recall of the public
/// history and of its own hand. Chance that deals the hands is not part of
/// the tree: it is in the initial weights and in the hand-against-hand
/// weights of [`VectorGame::terminal_values`] (card removal). So is the
/// part of a public chance event's probability that depends on the hands
/// (a dealt card a hand holds): the tree's chance weights are the part
/// that does not.
pub trait VectorGame: Sync {
    /// The public tree.
    fn tree(&self) -> &PublicTree;

    /// The initial weight of each hand of `player` (its range); the number
    /// of entries is the player's number of hands.
    fn initial_weights(&self, player: Player) -> &[f64];

    /// Fills `out` with the counterfactual value to `player` of each of its
    /// hands at terminal node `node`, given the opponent's reach
    /// `opponent_reach` (its initial weights times its strategy times the
    /// chance weights on the way).
    ///
    /// With `p(h, h')` the probability of the hand pair and of the public
    /// chance outcomes on the way to `node` given the reach, and `u` the
    /// payoff to `player`: `out[h] = Σ_{h'} opponent_reach[h'] · p(h, h') ·
    /// u(h, h')`, normalised so that `Σ_h w(h) · value(h)` at the root is
    /// the expected payoff to `player` (`w` its initial weights). Hands
    /// sharing a card get `p = 0`: card removal is the game's job.
    fn terminal_values(&self, node: usize, player: Player, opponent_reach: &[f64], out: &mut [f64]);

    /// Two terminal children of decision node `node` whose values against
    /// one opponent reach the game computes together
    /// ([`VectorGame::paired_values`]), by their indices among the
    /// children. The walk asks at the decisions of the player whose values
    /// it computes, where every child meets the same opponent reach. None
    /// by default.
    fn paired_terminals(&self, node: usize) -> Option<[usize; 2]> {
        let _ = node;
        None
    }
    /// The values of terminal nodes `nodes` ([`VectorGame::paired_terminals`])
    /// against the same `opponent_reach`, into `outs`: each what
    /// [`VectorGame::terminal_values`] gives, but for rounding (a game may
    /// share sums between them). By default one call each.
    fn paired_values(
        &self,
        nodes: [usize; 2],
        player: Player,
        opponent_reach: &[f64],
        outs: [&mut [f64]; 2],
    ) {
        for (node, out) in nodes.into_iter().zip(outs) {
            self.terminal_values(node, player, opponent_reach, out);
        }
    }
    /// The outcomes of chance node `node` that the tree does not list
    /// because each is solved as one that it does (suit isomorphism):
    /// `(child, permutation)` adds, for each hand `h` of the player whose
    /// values are summed, the listed `child`'s value of hand
    /// `permutation(player, permutation)[h]`. None by default.
    fn mirrors(&self, node: usize) -> &[(usize, usize)] {
        let _ = node;
        &[]
    }

    /// `player`'s hand permutation number `index` of [`VectorGame::mirrors`]:
    /// entry `h` is the hand that `h` becomes.
    fn permutation(&self, player: Player, index: usize) -> &[u32] {
        let _ = (player, index);
        &[]
    }

    /// Card abstraction: at decision node `node`, the bucket of each hand
    /// of the acting `player` (`0..n`, or `u32::MAX` for a hand left on
    /// its own). The hands of one bucket are one information set of a
    /// smaller game: the solver sums their regrets and their reach, so
    /// they share one strategy. None by default: every hand is its own
    /// information set. Best responses ignore it (they are the full
    /// game's).
    fn buckets(&self, node: usize, player: Player) -> Option<&[u32]> {
        let _ = (node, player);
        None
    }
}
