//! How the terminal nodes of a river, turn or flop tree pay ([`Payoff`])
//! and their values from the showdown and fold kernels of `terminal.rs`
//! ([`StreetValues`]): one node at a time, or a fold and a showdown that
//! meet the same opponent reach together.

use crate::cfr::Player;
#[cfg(doc)]
use crate::cfr::vector::VectorGame;
use crate::cfr::vector::{NodeKind, PublicTree};

use super::terminal::{Hands, Order, fold, showdown, showdown_and_fold};

/// How a terminal node of a river, turn or flop tree pays, in the solver's
/// zero-sum units (each player's chip EV minus half the starting pot).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Payoff {
    /// The player folded; the other wins `amount` and the folder loses it.
    Fold {
        /// The folder (0 OOP, 1 IP).
        folder: usize,
        /// What the winner gains.
        amount: f64,
        /// The cards dealt since the root, as a card set (no hand may hold
        /// them).
        dead: u64,
    },
    /// The best hand wins `amount` from the other; ties split (0 each).
    Showdown {
        /// What the better hand gains.
        amount: f64,
        /// The showdown board's entry in the game's strength orders.
        board: usize,
    },
}

/// The tables a river, turn or flop game values its terminal nodes from:
/// its public tree, each node's payoff, the hands and the strength orders.
/// The games' [`VectorGame`] terminal methods are these, node by node.
#[derive(Debug, Clone, Copy)]
pub(crate) struct StreetValues<'a> {
    /// The public tree.
    pub public: &'a PublicTree,
    /// Each node's payoff (`None` for a node that is no terminal).
    pub payoffs: &'a [Option<Payoff>],
    /// Both players' hands, `[OOP, IP]`.
    pub hands: &'a [Hands; 2],
    /// Per showdown board: both players' strength orders on it.
    pub orders: &'a [Option<[Order; 2]>],
    /// The weight of all hand pairs without a shared card (the divisor).
    pub pairs: f64,
}

impl StreetValues<'_> {
    /// `out[h]`: the counterfactual value of `player`'s hand `h` at
    /// terminal node `node` (0 everywhere at a node without a payoff),
    /// against `opponent_reach` ([`VectorGame::terminal_values`]).
    pub fn terminal_values(
        &self,
        node: usize,
        player: Player,
        opponent_reach: &[f64],
        out: &mut [f64],
    ) {
        let me = player.index();
        let hands = (&self.hands[me], &self.hands[1 - me]);
        match self.payoffs[node] {
            Some(Payoff::Fold {
                folder,
                amount,
                dead,
            }) => {
                let gain = self.fold_gain(folder, amount, me);
                fold(hands, dead, opponent_reach, gain, out);
            }
            Some(Payoff::Showdown { amount, board }) => match &self.orders[board] {
                Some(orders) => {
                    let orders = (&orders[me], &orders[1 - me]);
                    showdown(orders, opponent_reach, amount / self.pairs, out);
                }
                None => out.fill(0.0),
            },
            None => out.fill(0.0),
        }
    }

    /// At decision node `node`: the acting player's fold and a showdown,
    /// by their indices among the node's children, a pair whose values
    /// against one opponent reach [`StreetValues::paired_values`] computes
    /// with one sweep ([`VectorGame::paired_terminals`]). (A call that
    /// ends the betting on the river is the showdown on the board that the
    /// fold's dead cards complete.)
    pub fn paired_terminals(&self, node: usize) -> Option<[usize; 2]> {
        let NodeKind::Decision(actor) = self.public.kind(node) else {
            return None;
        };
        let children = self.public.children(node);
        let payoffs = self.payoffs;
        let fold = children.iter().position(
            |&c| matches!(payoffs[c], Some(Payoff::Fold { folder, .. }) if folder == actor.index()),
        )?;
        let call = children
            .iter()
            .position(|&c| matches!(payoffs[c], Some(Payoff::Showdown { .. })))?;
        Some([fold, call])
    }

    /// The values of `player`'s hands at terminal nodes `nodes` against
    /// the same `opponent_reach`, into `outs`: a fold and a showdown
    /// ([`StreetValues::paired_terminals`]) share the showdown's sweep
    /// ([`showdown_and_fold`]); any other two are valued one by one.
    pub fn paired_values(
        &self,
        nodes: [usize; 2],
        player: Player,
        opponent_reach: &[f64],
        outs: [&mut [f64]; 2],
    ) {
        let me = player.index();
        if let [
            Some(Payoff::Fold { folder, amount, .. }),
            Some(Payoff::Showdown { amount: won, board }),
        ] = nodes.map(|node| self.payoffs[node])
            && let Some(orders) = &self.orders[board]
        {
            let hands = (&self.hands[me], &self.hands[1 - me]);
            let gain = self.fold_gain(folder, amount, me);
            let [fold_out, showdown_out] = outs;
            showdown_and_fold(
                hands,
                (&orders[me], &orders[1 - me]),
                opponent_reach,
                (won / self.pairs, gain),
                (showdown_out, fold_out),
            );
            return;
        }
        for (node, out) in nodes.into_iter().zip(outs) {
            self.terminal_values(node, player, opponent_reach, out);
        }
    }

    /// What player `me` gains per unit of compatible reach at a fold by
    /// `folder` of `amount`: negative for the folder, over the pairs'
    /// weight.
    fn fold_gain(&self, folder: usize, amount: f64, me: usize) -> f64 {
        (if folder == me { -amount } else { amount }) / self.pairs
    }
}
