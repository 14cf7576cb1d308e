//! How the terminal nodes of a river, turn or flop tree pay ([`Payoff`])
//! and their values from the showdown and fold kernels of `terminal.rs`
//! ([`StreetValues`]): one node at a time, or a fold and a showdown that
//! meet the same opponent reach together.

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

/// The tables a river, turn or flop game values its terminal nodes from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct StreetValues<'a> {
    /// Both players' hands, `[OOP, IP]`.
    pub hands: &'a [Hands; 2],
    /// Per showdown board: both players' strength orders on it.
    pub orders: &'a [Option<[Order; 2]>],
    /// The weight of all hand pairs without a shared card (the divisor).
    pub pairs: f64,
}

impl StreetValues<'_> {
    /// `out[h]`: the counterfactual value of player `me`'s hand `h` at a
    /// terminal node paying `payoff` (0 everywhere without one), against
    /// `opponent_reach`.
    pub fn terminal_values(
        &self,
        payoff: Option<Payoff>,
        me: usize,
        opponent_reach: &[f64],
        out: &mut [f64],
    ) {
        let hands = (&self.hands[me], &self.hands[1 - me]);
        match payoff {
            Some(Payoff::Fold {
                folder,
                amount,
                dead,
            }) => {
                let gain = if folder == me { -amount } else { amount } / self.pairs;
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

    /// At decision node `node` of `tree` (whose terminal nodes pay
    /// `payoffs`): the acting player's fold and a showdown, by their
    /// indices among the node's children, a pair whose values against one
    /// opponent reach [`StreetValues::paired_values`] computes with one
    /// sweep. (A call that ends the betting on the river is the showdown
    /// on the board that the fold's dead cards complete.)
    pub fn paired(
        payoffs: &[Option<Payoff>],
        tree: &PublicTree,
        node: usize,
    ) -> Option<[usize; 2]> {
        let NodeKind::Decision(actor) = tree.kind(node) else {
            return None;
        };
        let children = tree.children(node);
        let fold = children.iter().position(
            |&c| matches!(payoffs[c], Some(Payoff::Fold { folder, .. }) if folder == actor.index()),
        )?;
        let call = children
            .iter()
            .position(|&c| matches!(payoffs[c], Some(Payoff::Showdown { .. })))?;
        Some([fold, call])
    }

    /// The values of player `me`'s hands at two terminal nodes paying
    /// `payoffs` against the same `opponent_reach`, into `outs`: a fold
    /// and a showdown ([`StreetValues::paired`]) share the showdown's
    /// sweep ([`showdown_and_fold`]); any other two are valued one by one.
    pub fn paired_values(
        &self,
        payoffs: [Option<Payoff>; 2],
        me: usize,
        opponent_reach: &[f64],
        outs: [&mut [f64]; 2],
    ) {
        if let [
            Some(Payoff::Fold { folder, amount, .. }),
            Some(Payoff::Showdown { amount: won, board }),
        ] = payoffs
            && let Some(orders) = &self.orders[board]
        {
            let hands = (&self.hands[me], &self.hands[1 - me]);
            let gain = if folder == me { -amount } else { amount } / self.pairs;
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
        for (payoff, out) in payoffs.into_iter().zip(outs) {
            self.terminal_values(payoff, me, opponent_reach, out);
        }
    }
}
