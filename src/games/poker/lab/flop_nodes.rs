//! The nodes a solved flop spot reports: every decision on the flop, each
//! hand of the acting player with its reach, its average strategy and its
//! made-hand category on the flop (no EVs: the turn's and river's nodes
//! are many and are not reported).

use crate::games::poker::flop::FlopGame;
use crate::games::poker::turn::path::path_notation;
use crate::games::poker::turn::{Step, TurnKind};

use super::nodes::NodeRows;
use super::spot::Spot;

/// The flop's decision nodes of a solved flop spot, in tree order.
pub fn flop_nodes(spot: &Spot, game: &FlopGame, strategies: &[Option<Vec<f64>>]) -> Vec<NodeRows> {
    let tree = game.flop_tree();
    let chip = spot.position.chip;
    let history: Vec<Step> = spot
        .position
        .history
        .iter()
        .map(|&a| Step::Action(a))
        .collect();
    tree.nodes
        .iter()
        .enumerate()
        .filter(|(_, node)| node.street() == 0)
        .filter_map(|(index, node)| {
            let TurnKind::Decision {
                player, actions, ..
            } = &node.kind
            else {
                return None;
            };
            let strategy = strategies[index].clone()?;
            let mut steps = history.clone();
            steps.extend(tree.path(index));
            Some(NodeRows {
                index,
                path: path_notation(&steps, chip),
                role: ["OOP", "IP"][*player],
                actions: actions.iter().map(|&a| (a, a.notation(chip))).collect(),
                combos: game.combos(*player).to_vec(),
                reach: game.own_reach(strategies, index, *player),
                strategy,
                board: tree.board.cards().to_vec(),
                evs: None,
            })
        })
        .collect()
}
