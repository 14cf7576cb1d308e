//! A spot as a vector-form game, whatever its root's street: the tree as
//! a public tree, each player's hands, the strength orders of every
//! showdown board, the payoff of each terminal node, the hand
//! permutations of the mirrored cards, and the options the solver reads
//! (a card abstraction, 16-bit stores).

use std::collections::HashMap;

use rayon::prelude::*;

use crate::cfr::Player;
use crate::cfr::vector::{PublicNode, PublicTree, VectorGame};
use crate::games::poker::card::Card;
use crate::games::poker::range::Range;
use crate::games::poker::ranking::RiverRanking;

use super::buckets::Buckets;
use super::iso::swap_combo;
use super::street::{Payoff, StreetValues};
use super::terminal::{Hands, Order, pair_weight};
use super::tree::{NodeKind, Tree};

/// Why a game cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// No hand of one range can meet a hand of the other.
    #[error("the ranges have no pair of hands without a shared card")]
    NoPair,
}

/// A spot: the tree, both players' hands, and the payoffs. Player 0 is
/// OOP, player 1 IP. The solver's payoffs are zero-sum: each player's
/// chip EV minus half the starting pot ([`PokerGame::pot`]).
#[derive(Debug, Clone)]
pub struct PokerGame {
    pub(super) tree: Tree,
    public: PublicTree,
    pub(super) hands: [Hands; 2],
    /// By showdown board ([`board_key`]): both players' strength orders
    /// on it.
    pub(super) orders: Vec<Option<[Order; 2]>>,
    pub(super) payoffs: Vec<Option<Payoff>>,
    /// Per chance node with mirrors: `(child, permutation)` pairs.
    mirrors: HashMap<usize, Vec<(usize, usize)>>,
    /// Per suit exchange `[a, b]` (`4a + b`), per player: each hand's image.
    permutations: Vec<[Vec<u32>; 2]>,
    pub(super) pairs: f64,
    pot: f64,
    /// The card abstraction, if the game is solved with one.
    pub(super) buckets: Option<Buckets>,
    /// Whether the solver stores 16-bit regrets and sums.
    compressed: bool,
}

/// The showdown boards a root on `street` (0 flop, 1 turn, 2 river) can
/// reach: one entry per pair of cards dealt, per card, or the one board.
fn board_count(street: usize) -> usize {
    [52 * 52, 52, 1][street]
}

/// The key of the showdown board after the cards `dealt` since the root:
/// `52 × lower + higher` for two, the card's number for one, 0 for none.
fn board_key(dealt: [Option<Card>; 2]) -> usize {
    match dealt {
        [Some(a), Some(b)] => {
            let (low, high) = if a < b { (a, b) } else { (b, a) };
            52 * usize::from(low.index()) + usize::from(high.index())
        }
        [Some(card), None] => usize::from(card.index()),
        _ => 0,
    }
}

impl PokerGame {
    /// The game of `tree` between `ranges` (`[OOP, IP]`); `chip` is the
    /// chip size in the unit the values are wanted in (e.g. 1 for chips).
    pub fn new(tree: Tree, ranges: &[Range; 2], chip: f64) -> Result<PokerGame, GameError> {
        let board_mask = tree.board.mask();
        let hands = [0, 1].map(|p| Hands::new(&ranges[p], board_mask));
        let pairs = pair_weight(&hands[0], &hands[1]);
        if pairs <= 0.0 {
            return Err(GameError::NoPair);
        }
        let pot = tree.nodes[0].pot as f64 * chip;
        let mut nodes = Vec::with_capacity(tree.nodes.len());
        let mut payoffs = Vec::with_capacity(tree.nodes.len());
        let mut boards = Vec::new();
        for node in &tree.nodes {
            let put_in = node.put_in.map(|chips| chips as f64 * chip);
            let (public, payoff) = match &node.kind {
                NodeKind::Decision {
                    player, children, ..
                } => (
                    PublicNode::Decision {
                        player: if *player == 0 { Player::P0 } else { Player::P1 },
                        children: children.clone(),
                    },
                    None,
                ),
                NodeKind::Chance { children, .. } => {
                    let weight = tree.chance_weights[node.deals()];
                    (
                        PublicNode::Chance(children.iter().map(|&c| (c, weight)).collect()),
                        None,
                    )
                }
                &NodeKind::Fold(folder) => (
                    PublicNode::Terminal,
                    Some(Payoff::Fold {
                        folder,
                        amount: pot / 2.0 + put_in[folder],
                        dead: node.dead(),
                    }),
                ),
                NodeKind::Showdown => {
                    let key = board_key(node.dealt);
                    boards.push((key, node.dealt));
                    (
                        PublicNode::Terminal,
                        Some(Payoff::Showdown {
                            amount: pot / 2.0 + put_in[0],
                            board: key,
                        }),
                    )
                }
            };
            nodes.push(public);
            payoffs.push(payoff);
        }
        let public = PublicTree::new(nodes).expect("the tree numbers children after parents");
        boards.sort_unstable_by_key(|&(key, _)| key);
        boards.dedup_by_key(|&mut (key, _)| key);
        let root_cards = tree.board.cards();
        let built: Vec<(usize, [Order; 2])> = boards
            .par_iter()
            .map(|&(key, dealt)| {
                let mut cards = root_cards.to_vec();
                cards.extend(dealt.iter().flatten());
                let cards: [Card; 5] = cards.try_into().expect("a showdown has five cards");
                let ranking = RiverRanking::of_cards(&cards);
                let dense = ranking.dense_ranks();
                (key, [0, 1].map(|p| Order::new(&hands[p], &ranking, &dense)))
            })
            .collect();
        let mut orders = vec![None; board_count(tree.root_street())];
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
        Ok(PokerGame {
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
    /// every turn and river board below a flop root (`buckets.rs`): the
    /// hands of a bucket share one strategy there. Best responses stay the
    /// full game's. A turn or river root is solved exactly.
    pub fn with_buckets(mut self, count: u32) -> PokerGame {
        if self.tree.root_street() == 0 {
            self.buckets = Some(Buckets::new(&self.tree, &self.hands, count));
        }
        self
    }

    /// The card abstraction, if any.
    pub fn buckets(&self) -> Option<&Buckets> {
        self.buckets.as_ref()
    }

    /// The same game, solved with regrets and average sums stored as 16-bit
    /// integers with a scale per decision node if `compressed`.
    pub fn with_compression(mut self, compressed: bool) -> PokerGame {
        self.compressed = compressed;
        self
    }

    /// Whether the solver stores 16-bit regrets and sums.
    pub fn compressed(&self) -> bool {
        self.compressed
    }

    /// The tree (node numbers are the public tree's).
    pub fn spot_tree(&self) -> &Tree {
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

    /// The two cards of `player`'s hand `hand` as a card set.
    pub fn hand_mask(&self, player: usize, hand: usize) -> u64 {
        let [a, b] = self.hands[player].cards[hand];
        (1_u64 << a) | (1_u64 << b)
    }

    /// The sum of `w_oop(h) · w_ip(h')` over the hand pairs without a
    /// shared card: the divisor of every terminal value.
    pub fn pair_weight(&self) -> f64 {
        self.pairs
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

impl PokerGame {
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

impl VectorGame for PokerGame {
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
