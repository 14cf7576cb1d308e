//! The nodes a solved flop spot reports: every decision on the flop, each
//! hand of the acting player with its reach, its average strategy and its
//! made-hand category on the flop (no EVs: the turn's and river's nodes
//! are many and are not reported).

use crate::games::poker::game::PokerGame;

use super::nodes::{NodeRows, StreetHands};
use super::spot::CompiledSpot;

/// The flop's decision nodes of a solved flop spot, in tree order.
pub fn flop_nodes(
    spot: &CompiledSpot,
    game: &PokerGame,
    strategies: &[Option<Vec<f64>>],
) -> Vec<NodeRows> {
    let tree = game.spot_tree();
    tree.nodes
        .iter()
        .enumerate()
        .filter(|(_, node)| node.deals() == 0)
        .filter_map(|(index, node)| {
            NodeRows::street_decision(
                spot,
                index,
                &node.kind,
                tree.path(index),
                strategies,
                |player| StreetHands {
                    combos: game.combos(player).to_vec(),
                    reach: game.own_reach(strategies, index, player),
                    board: tree.board.cards().to_vec(),
                    evs: None,
                },
            )
        })
        .collect()
}
