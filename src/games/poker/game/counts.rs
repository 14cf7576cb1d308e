//! What a game counts: its information sets with and without a card
//! abstraction, the cards its deals stand for and solve (suit
//! isomorphism), and the bytes of its own tables.

use super::buckets::Buckets;
use super::poker_game::PokerGame;
use super::street::Payoff;
use super::terminal::Order;
use super::tree::{Node, NodeKind};

impl PokerGame {
    /// The information sets of both players, `[full game, abstract game]`:
    /// per decision node the acting player's hands, or in the abstract
    /// game its buckets there (the same without buckets).
    pub fn infosets(&self) -> [usize; 2] {
        let mut counts = [0, 0];
        for (node, tree_node) in self.tree.nodes.iter().enumerate() {
            if let NodeKind::Decision { player, .. } = tree_node.kind {
                let hands = self.hands[player].len();
                let buckets = self.buckets.as_ref();
                counts[0] += hands;
                counts[1] += buckets
                    .and_then(|b| b.infosets(node, player))
                    .unwrap_or(hands);
            }
        }
        counts
    }

    /// The cards dealt per street, `[first deal, second deal]` below the
    /// root (`[turn, river]` below a flop), summed over the deals of the
    /// full tree (a deal below a mirrored card counts for each card it
    /// stands for), and how many of them the tree solves.
    pub fn isomorphism(&self) -> [[usize; 2]; 2] {
        let nodes = &self.tree.nodes;
        // Per node: how many mirrors stand for it, and (at a deal) how many
        // cards it does not list.
        let mut mirrored = vec![[0_usize; 2]; nodes.len()];
        for mirror in &self.tree.mirrors {
            mirrored[mirror.child][0] += 1;
            mirrored[mirror.chance][1] += 1;
        }
        // How many nodes of the full tree each node stands for (preorder:
        // parents first).
        let mut stands_for = vec![1_usize; nodes.len()];
        let mut counts = [[0; 2]; 2];
        for (index, node) in nodes.iter().enumerate() {
            if let Some((parent, _)) = node.parent {
                stands_for[index] = stands_for[parent] * (1 + mirrored[index][0]);
            }
            if let NodeKind::Chance { cards, .. } = &node.kind {
                let street = node.deals();
                let all = cards.len() + mirrored[index][1];
                counts[street][0] += stands_for[index] * all;
                counts[street][1] += cards.len();
            }
        }
        counts
    }

    /// The bytes of the game's own tables (tree, public tree, hands,
    /// orders, payoffs, mirrors), counted from their sizes.
    pub fn memory_bytes(&self) -> usize {
        let node = std::mem::size_of::<Node>() + std::mem::size_of::<Option<Payoff>>() + 3 * 24 + 8;
        let edges: usize = self
            .tree
            .nodes
            .iter()
            .map(|n| match &n.kind {
                NodeKind::Decision { children, .. } => children.len() * (8 + 8 + 8 + 8),
                NodeKind::Chance { children, .. } => children.len() * (8 + 8 + 8 + 1),
                _ => 0,
            })
            .sum();
        let hands: usize = self.hands.iter().map(|h| h.len() * 28 + 4 * 1326).sum();
        let orders: usize = self
            .orders
            .iter()
            .flatten()
            .flatten()
            .map(Order::bytes)
            .sum::<usize>()
            + self.orders.len() * std::mem::size_of::<Option<[Order; 2]>>();
        let permutations = 16 * 4 * (self.hands[0].len() + self.hands[1].len());
        self.tree.nodes.len() * node
            + self.buckets.as_ref().map_or(0, Buckets::bytes)
            + edges
            + hands
            + orders
            + permutations
            + 40 * self.tree.mirrors.len()
    }
}
