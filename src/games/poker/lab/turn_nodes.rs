//! The nodes a solved turn spot reports: every decision on the turn and,
//! for one river card, the first river decision after each turn line that
//! deals it; each hand with its reach, strategy, made-hand category and
//! EV under the solved strategies ([`ProfileValues`]). At the root the
//! other player's hands are listed too (EVs without actions), so that
//! both players' EVs at the start of the turn are in the rows.

use crate::games::poker::card::Card;
use crate::games::poker::combo::combo_mask;
use crate::games::poker::game::{NodeKind, PokerGame, ProfileValues, Step};

use super::nodes::{NodeRows, StreetHands};
use super::spot::CompiledSpot;

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

/// `player`'s reach at `index`: each hand's weight times its own actions'
/// frequencies on the way there, 0 for a hand holding the river card.
fn own_reach(
    game: &PokerGame,
    strategies: &[Option<Vec<f64>>],
    index: usize,
    player: usize,
) -> Vec<f64> {
    let tree = game.spot_tree();
    let combos = game.combos(player);
    let hands = combos.len();
    let mut reach: Vec<f64> = (0..hands).map(|h| game.weights(player)[h]).collect();
    let mut chain = Vec::new();
    let mut at = index;
    while let Some((parent, step)) = tree.nodes[at].parent {
        chain.push((parent, step));
        at = parent;
    }
    for &(parent, step) in chain.iter().rev() {
        let (
            NodeKind::Decision {
                player: actor,
                actions,
                ..
            },
            Step::Action(action),
        ) = (&tree.nodes[parent].kind, step)
        else {
            continue;
        };
        let (Some(k), Some(strategy)) = (
            actions.iter().position(|&a| a == action),
            &strategies[parent],
        ) else {
            continue;
        };
        if *actor == player {
            for (r, p) in reach.iter_mut().zip(&strategy[k * hands..]) {
                *r *= p;
            }
        }
    }
    if let Some(card) = tree.nodes[index].dealt[0] {
        for (r, &combo) in reach.iter_mut().zip(combos) {
            if combo_mask(combo as usize) & card.bit() != 0 {
                *r = 0.0;
            }
        }
    }
    reach
}

/// The reported nodes of a solved turn spot (see the module's notes),
/// with the river card `river`.
pub fn turn_nodes(
    spot: &CompiledSpot,
    game: &PokerGame,
    strategies: &[Option<Vec<f64>>],
    river: Card,
) -> Vec<NodeRows> {
    let tree = game.spot_tree();
    let profile = ProfileValues::new(game, strategies);
    let mut nodes: Vec<NodeRows> = reported(game, river)
        .into_iter()
        .filter_map(|index| {
            let node = &tree.nodes[index];
            NodeRows::street_decision(
                spot,
                index,
                &node.kind,
                tree.path(index),
                strategies,
                |player| {
                    let mut board = tree.board.cards().to_vec();
                    board.extend(node.dealt.iter().flatten());
                    StreetHands {
                        combos: game.combos(player).to_vec(),
                        reach: own_reach(game, strategies, index, player),
                        board,
                        evs: Some(profile.hand_evs(game, index, player)),
                    }
                },
            )
        })
        .collect();
    if let Some(root) = nodes.first().filter(|n| n.index == 0) {
        let other = usize::from(root.role == "OOP");
        let other_rows = NodeRows {
            index: 0,
            path: root.path.clone(),
            role: ["OOP", "IP"][other],
            actions: Vec::new(),
            combos: game.combos(other).to_vec(),
            reach: (0..game.combos(other).len())
                .map(|h| game.weights(other)[h])
                .collect(),
            strategy: Vec::new(),
            board: root.board.clone(),
            evs: Some(profile.hand_evs(game, 0, other)),
        };
        nodes.insert(1, other_rows);
    }
    nodes
}
