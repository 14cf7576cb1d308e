//! The nodes a solved flop spot reports: every decision on the flop, each
//! hand of the acting player with its reach, its average strategy and its
//! made-hand category on the flop (no EVs: the turn's and river's nodes
//! are many and are not reported).

use crate::games::poker::flop::FlopGame;
use crate::games::poker::turn::path::path_notation;
use crate::games::poker::turn::{Step, TurnKind};

use super::nodes::NodeRows;
use super::spot::Spot;

/// `player`'s reach at flop node `index`: each hand's weight times its own
/// actions' frequencies on the way there.
fn own_reach(
    game: &FlopGame,
    strategies: &[Option<Vec<f64>>],
    index: usize,
    player: usize,
) -> Vec<f64> {
    let tree = game.flop_tree();
    let mut reach = game.weights(player).to_vec();
    let hands = reach.len();
    let mut at = index;
    while let Some((parent, step)) = tree.nodes[at].parent {
        if let (
            TurnKind::Decision {
                player: actor,
                actions,
                ..
            },
            Step::Action(action),
            Some(strategy),
        ) = (&tree.nodes[parent].kind, step, &strategies[parent])
            && *actor == player
            && let Some(k) = actions.iter().position(|&a| a == action)
        {
            for (r, p) in reach.iter_mut().zip(&strategy[k * hands..]) {
                *r *= p;
            }
        }
        at = parent;
    }
    reach
}

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
                reach: own_reach(game, strategies, index, *player),
                strategy,
                board: tree.board.cards().to_vec(),
                evs: None,
            })
        })
        .collect()
}
