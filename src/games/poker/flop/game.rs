//! A flop spot as a vector-form game: the flop tree as a public tree, each
//! player's hands, the strength orders of every turn and river card pair,
//! the payoff of each terminal node, and the hand permutations of the
//! mirrored cards.

use std::collections::HashMap;

use rayon::prelude::*;

use crate::cfr::Player;
use crate::cfr::vector::{PublicNode, PublicTree, VectorGame};
use crate::games::poker::card::Card;
use crate::games::poker::range::Range;
use crate::games::poker::ranking::RiverRanking;
use crate::games::poker::river::street::{Payoff, StreetValues};
use crate::games::poker::river::terminal::{Hands, Order, pair_weight};
use crate::games::poker::turn::{TurnError, TurnKind};

use super::buckets::Buckets;
use super::iso::swap_combo;
use super::tree::FlopTree;

/// A flop spot: the tree, both players' hands, and the payoffs. Player 0
/// is OOP, player 1 IP; payoffs are zero-sum as on the turn.
#[derive(Debug, Clone)]
pub struct FlopGame {
    tree: FlopTree,
    public: PublicTree,
    hands: [Hands; 2],
    /// By `52 × lower + higher` of the turn and river cards: both players'
    /// strength orders on that board.
    orders: Vec<Option<[Order; 2]>>,
    payoffs: Vec<Option<Payoff>>,
    /// Per chance node with mirrors: `(child, permutation)` pairs.
    mirrors: HashMap<usize, Vec<(usize, usize)>>,
    /// Per suit exchange `[a, b]` (`4a + b`), per player: each hand's image.
    permutations: Vec<[Vec<u32>; 2]>,
    pairs: f64,
    pot: f64,
    /// The card abstraction, if the game is solved with one.
    buckets: Option<Buckets>,
    /// Whether the solver stores 16-bit regrets and sums (`--compress`).
    compressed: bool,
}

/// The key of the showdown board with turn and river cards `a` and `b`.
fn board_key(a: Card, b: Card) -> usize {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    52 * usize::from(low.index()) + usize::from(high.index())
}

impl FlopGame {
    /// The game of `tree` between `ranges` (`[OOP, IP]`); `chip` is the
    /// chip size in the unit the values are wanted in.
    pub fn new(tree: FlopTree, ranges: &[Range; 2], chip: f64) -> Result<FlopGame, TurnError> {
        let board_mask = tree.board.mask();
        let hands = [0, 1].map(|p| Hands::new(&ranges[p], board_mask));
        let pairs = pair_weight(&hands[0], &hands[1]);
        if pairs <= 0.0 {
            return Err(TurnError::NoPair);
        }
        let pot = tree.nodes[0].pot as f64 * chip;
        let mut nodes = Vec::with_capacity(tree.nodes.len());
        let mut payoffs = Vec::with_capacity(tree.nodes.len());
        let mut boards = Vec::new();
        for node in &tree.nodes {
            let put_in = node.put_in.map(|chips| chips as f64 * chip);
            let (public, payoff) = match &node.kind {
                TurnKind::Decision {
                    player, children, ..
                } => (
                    PublicNode::Decision {
                        player: if *player == 0 { Player::P0 } else { Player::P1 },
                        children: children.clone(),
                    },
                    None,
                ),
                TurnKind::Chance { children, .. } => {
                    let weight = tree.chance_weights[node.street()];
                    (
                        PublicNode::Chance(children.iter().map(|&c| (c, weight)).collect()),
                        None,
                    )
                }
                &TurnKind::Fold(folder) => (
                    PublicNode::Terminal,
                    Some(Payoff::Fold {
                        folder,
                        amount: pot / 2.0 + put_in[folder],
                        dead: node.dead(),
                    }),
                ),
                TurnKind::Showdown => {
                    let [Some(turn), Some(river)] = node.dealt else {
                        unreachable!("a showdown is on the river");
                    };
                    boards.push(board_key(turn, river));
                    (
                        PublicNode::Terminal,
                        Some(Payoff::Showdown {
                            amount: pot / 2.0 + put_in[0],
                            board: board_key(turn, river),
                        }),
                    )
                }
            };
            nodes.push(public);
            payoffs.push(payoff);
        }
        let public = PublicTree::new(nodes).expect("the flop tree numbers children after parents");
        boards.sort_unstable();
        boards.dedup();
        let flop: [Card; 3] = tree.board.cards().try_into().expect("a flop has 3 cards");
        let built: Vec<(usize, [Order; 2])> = boards
            .par_iter()
            .map(|&key| {
                let [a, b, c] = flop;
                let cards = [
                    a,
                    b,
                    c,
                    Card::from_index((key / 52) as u8),
                    Card::from_index((key % 52) as u8),
                ];
                let ranking = RiverRanking::of_cards(&cards);
                let dense = ranking.dense_ranks();
                (key, [0, 1].map(|p| Order::new(&hands[p], &ranking, &dense)))
            })
            .collect();
        let mut orders = vec![None; 52 * 52];
        for (key, pair) in built {
            orders[key] = Some(pair);
        }
        let permutations = (0..16)
            .map(|code| {
                let swap = [code / 4, code % 4];
                [0, 1].map(|p| permutation(&hands[p], swap))
            })
            .collect();
        let mut mirrors: HashMap<usize, Vec<(usize, usize)>> = HashMap::new();
        for mirror in &tree.mirrors {
            let code = usize::from(4 * mirror.swap[0] + mirror.swap[1]);
            mirrors
                .entry(mirror.chance)
                .or_default()
                .push((mirror.child, code));
        }
        Ok(FlopGame {
            tree,
            public,
            hands,
            orders,
            payoffs,
            mirrors,
            permutations,
            pairs,
            pot,
            buckets: None,
            compressed: false,
        })
    }

    /// The same game solved with at most `count` buckets per player on
    /// every turn and river board (`buckets.rs`): the hands of a bucket
    /// share one strategy there. Best responses stay the full game's.
    pub fn with_buckets(mut self, count: u32) -> FlopGame {
        self.buckets = Some(Buckets::new(&self.tree, &self.hands, count));
        self
    }

    /// The card abstraction, if any.
    pub fn buckets(&self) -> Option<&Buckets> {
        self.buckets.as_ref()
    }

    /// The information sets of both players, `[full game, abstract game]`:
    /// per decision node the acting player's hands, or in the abstract
    /// game its buckets there (the same without buckets).
    pub fn infosets(&self) -> [usize; 2] {
        let mut counts = [0, 0];
        for (node, flop_node) in self.tree.nodes.iter().enumerate() {
            if let TurnKind::Decision { player, .. } = flop_node.kind {
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

    /// The same game, solved with regrets and average sums stored as 16-bit
    /// integers with a scale per decision node (`--compress`) if
    /// `compressed`.
    pub fn with_compression(mut self, compressed: bool) -> FlopGame {
        self.compressed = compressed;
        self
    }

    /// Whether the solver stores 16-bit regrets and sums.
    pub fn compressed(&self) -> bool {
        self.compressed
    }

    /// The flop tree (node numbers are the public tree's).
    pub fn flop_tree(&self) -> &FlopTree {
        &self.tree
    }

    /// The pot at the root.
    pub fn pot(&self) -> f64 {
        self.pot
    }

    /// The combo indices of `player`'s hands (0 OOP, 1 IP), in hand order.
    pub fn combos(&self, player: usize) -> &[u16] {
        &self.hands[player].combos
    }

    /// The initial weights of `player`'s hands (0 OOP, 1 IP), in hand order.
    pub fn weights(&self, player: usize) -> &[f64] {
        &self.hands[player].weights
    }

    /// The cards dealt per street, `[turn, river]`, summed over the deals
    /// of the full tree (a deal below a mirrored turn card counts for each
    /// card it stands for), and how many of them the tree solves.
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
            if let TurnKind::Chance { cards, .. } = &node.kind {
                let street = node.street();
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
        let node = std::mem::size_of::<super::tree::FlopNode>()
            + std::mem::size_of::<Option<Payoff>>()
            + 3 * 24
            + 8;
        let edges: usize = self
            .tree
            .nodes
            .iter()
            .map(|n| match &n.kind {
                TurnKind::Decision { children, .. } => children.len() * (8 + 8 + 8 + 8),
                TurnKind::Chance { children, .. } => children.len() * (8 + 8 + 8 + 1),
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

/// Each hand's image under the suit exchange `swap` (itself where the
/// image is not a hand, which a symmetric range never has).
fn permutation(hands: &Hands, swap: [usize; 2]) -> Vec<u32> {
    let swap = swap.map(|s| s as u8);
    (0..hands.len())
        .map(|h| {
            let image = hands.of_combo[swap_combo(usize::from(hands.combos[h]), swap)];
            if image == u32::MAX { h as u32 } else { image }
        })
        .collect()
}

impl FlopGame {
    /// The tables the terminal values come from.
    fn street(&self) -> StreetValues<'_> {
        StreetValues {
            public: &self.public,
            payoffs: &self.payoffs,
            hands: &self.hands,
            orders: &self.orders,
            pairs: self.pairs,
        }
    }
}

impl VectorGame for FlopGame {
    fn tree(&self) -> &PublicTree {
        &self.public
    }

    fn initial_weights(&self, player: Player) -> &[f64] {
        &self.hands[player.index()].weights
    }

    fn terminal_values(
        &self,
        node: usize,
        player: Player,
        opponent_reach: &[f64],
        out: &mut [f64],
    ) {
        self.street()
            .terminal_values(node, player, opponent_reach, out);
    }

    fn paired_terminals(&self, node: usize) -> Option<[usize; 2]> {
        self.street().paired_terminals(node)
    }

    fn paired_values(
        &self,
        nodes: [usize; 2],
        player: Player,
        opponent_reach: &[f64],
        outs: [&mut [f64]; 2],
    ) {
        self.street()
            .paired_values(nodes, player, opponent_reach, outs);
    }

    fn mirrors(&self, node: usize) -> &[(usize, usize)] {
        self.mirrors.get(&node).map_or(&[], Vec::as_slice)
    }

    fn permutation(&self, player: Player, index: usize) -> &[u32] {
        &self.permutations[index][player.index()]
    }

    fn buckets(&self, node: usize, player: Player) -> Option<&[u32]> {
        self.buckets.as_ref()?.of(node, player.index())
    }
}
