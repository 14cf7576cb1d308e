//! The nodes a solved turn spot reports: every decision on the turn and,
//! for one river card, the first river decision after each turn line that
//! deals it; each hand read root down ([`Reading::RootDown`]: its own
//! reach, 0 holding the river card, and its EV under the solved
//! strategies). At the root the other player's hands are listed too (EVs
//! without actions), so that both players' EVs at the start of the turn
//! are in the rows.

use crate::games::poker::card::Card;
use crate::games::poker::game::{NodeKind, PokerGame};
use crate::games::poker::solved::{Reading, SolvedSpot};

use super::nodes::NodeRows;

/// The first river card `game` deals (in card order): the default river
/// card of the report.
pub fn first_river_card(game: &PokerGame) -> Option<Card> {
    game.spot_tree()
        .nodes
        .iter()
        .find_map(|node| match &node.kind {
            NodeKind::Chance { cards, .. } => cards.first().copied(),
            _ => None,
        })
}

/// The nodes to report, in tree order: the turn's decisions and, below
/// each deal of `river`, the river's first decision.
fn reported(game: &PokerGame, river: Card) -> Vec<usize> {
    let tree = game.spot_tree();
    let mut chosen = Vec::new();
    for (index, node) in tree.nodes.iter().enumerate() {
        match &node.kind {
            NodeKind::Decision { .. } if node.deals() == 0 => chosen.push(index),
            NodeKind::Chance { cards, children } => {
                let dealt = cards.iter().position(|&card| card == river);
                if let Some(child) = dealt.map(|k| children[k])
                    && matches!(tree.nodes[child].kind, NodeKind::Decision { .. })
                {
                    chosen.push(child);
                }
            }
            _ => {}
        }
    }
    chosen
}

/// The reported nodes of a solved turn spot (see the module's notes),
/// with the river card `river`.
pub fn turn_nodes(solved: &SolvedSpot, river: Card) -> Vec<NodeRows> {
    let mut nodes: Vec<NodeRows> = reported(&solved.game, river)
        .into_iter()
        .filter_map(|index| solved.node_as(index, Reading::RootDown))
        .map(|view| NodeRows::of(solved, view))
        .collect();
    if let Some(root) = nodes.first().filter(|n| n.index == 0) {
        let other = usize::from(root.role == "OOP");
        let other_rows = NodeRows {
            index: 0,
            path: root.path.clone(),
            role: ["OOP", "IP"][other],
            actions: Vec::new(),
            hands: solved.hand_rows_as(0, other, Reading::RootDown),
            board: root.board.clone(),
        };
        nodes.insert(1, other_rows);
    }
    nodes
}
