//! A turn spot as a vector-form game: the turn tree as a public tree, each
//! player's hands, each river card's strength order, and the payoff of
//! each terminal node.

use crate::cfr::Player;
use crate::cfr::vector::{PublicNode, PublicTree, VectorGame};
use crate::games::poker::card::Card;
use crate::games::poker::range::Range;
use crate::games::poker::ranking::RiverRanking;
use crate::games::poker::river::street::{Payoff, StreetValues};
use crate::games::poker::river::terminal::{Hands, Order, compatible_reach, pair_weight};

use super::tree::{TurnKind, TurnTree};

/// Why a turn game cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// No hand of one range can meet a hand of the other.
    #[error("the ranges have no pair of hands without a shared card")]
    NoPair,
}

/// A turn spot: the tree, both players' hands, and the payoffs. Player 0
/// is OOP, player 1 IP. The solver's payoffs are zero-sum: each player's
/// chip EV minus half the starting pot ([`TurnGame::pot`]).
#[derive(Debug, Clone)]
pub struct TurnGame {
    tree: TurnTree,
    public: PublicTree,
    hands: [Hands; 2],
    /// Per card number: both players' strength orders with that river card.
    orders: Vec<Option<[Order; 2]>>,
    payoffs: Vec<Option<Payoff>>,
    /// The sum of `w_oop(h) · w_ip(h')` over hand pairs without a shared card.
    pairs: f64,
    /// The pot at the root.
    pot: f64,
}

impl TurnGame {
    /// The game of `tree` between `ranges` (`[OOP, IP]`); `chip` is the
    /// chip size in whatever unit the values are wanted (e.g. 1 for chips).
    pub fn new(tree: TurnTree, ranges: &[Range; 2], chip: f64) -> Result<TurnGame, TurnError> {
        let board_mask = tree.board.mask();
        let hands = [0, 1].map(|p| Hands::new(&ranges[p], board_mask));
        let turn: [Card; 4] = tree
            .board
            .cards()
            .try_into()
            .expect("a turn tree has 4 cards");
        let mut orders = vec![None; 52];
        for index in 0..52 {
            let river = Card::from_index(index);
            if board_mask & river.bit() != 0 {
                continue;
            }
            let [a, b, c, d] = turn;
            let ranking = RiverRanking::of_cards(&[a, b, c, d, river]);
            let dense = ranking.dense_ranks();
            orders[usize::from(index)] =
                Some([0, 1].map(|p| Order::new(&hands[p], &ranking, &dense)));
        }
        let pot = tree.nodes[0].pot as f64 * chip;
        let mut nodes = Vec::with_capacity(tree.nodes.len());
        let mut payoffs = Vec::with_capacity(tree.nodes.len());
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
                TurnKind::Chance { children, .. } => (
                    PublicNode::Chance(children.iter().map(|&c| (c, tree.chance_weight)).collect()),
                    None,
                ),
                &TurnKind::Fold(folder) => (
                    PublicNode::Terminal,
                    Some(Payoff::Fold {
                        folder,
                        amount: pot / 2.0 + put_in[folder],
                        dead: node.dealt.map_or(0, Card::bit),
                    }),
                ),
                TurnKind::Showdown => (
                    PublicNode::Terminal,
                    Some(Payoff::Showdown {
                        amount: pot / 2.0 + put_in[0],
                        board: usize::from(node.dealt.expect("a showdown is on the river").index()),
                    }),
                ),
            };
            nodes.push(public);
            payoffs.push(payoff);
        }
        let public = PublicTree::new(nodes).expect("the turn tree numbers children after parents");
        let pairs = pair_weight(&hands[0], &hands[1]);
        if pairs <= 0.0 {
            return Err(TurnError::NoPair);
        }
        Ok(TurnGame {
            tree,
            public,
            hands,
            orders,
            payoffs,
            pairs,
            pot,
        })
    }

    /// The turn tree (node numbers are the public tree's).
    pub fn turn_tree(&self) -> &TurnTree {
        &self.tree
    }

    /// The pot at the root.
    pub fn pot(&self) -> f64 {
        self.pot
    }

    /// The initial weight of `player`'s hand `hand`.
    pub fn weight(&self, player: usize, hand: usize) -> f64 {
        self.hands[player].weights[hand]
    }

    /// The combo indices of `player`'s hands (0 OOP, 1 IP), in hand order.
    pub fn combos(&self, player: usize) -> &[u16] {
        &self.hands[player].combos
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

    /// What OOP wins (zero-sum units) at terminal `node` when OOP holds
    /// hand `oop` and IP hand `ip`; `None` at other nodes, or when the
    /// hands share a card or one holds the node's river card.
    pub fn pair_payoff(&self, node: usize, oop: usize, ip: usize) -> Option<f64> {
        let (mine, theirs) = (&self.hands[0], &self.hands[1]);
        let river = self.tree.nodes[node].dealt.map_or(0, Card::bit);
        let ip_mask = self.hand_mask(1, ip);
        if mine.holds(oop, ip_mask | river) || theirs.holds(ip, river) {
            return None;
        }
        match self.payoffs[node]? {
            Payoff::Fold { folder, amount, .. } => Some(if folder == 0 { -amount } else { amount }),
            Payoff::Showdown { amount, board } => {
                let [first, second] = self.orders[board].as_ref()?;
                let ordering = first.by_hand[oop].cmp(&second.by_hand[ip]);
                Some(amount * f64::from(ordering as i8))
            }
        }
    }

    /// `out[h]` = the reach of `opponent_reach` that `player`'s hand `h`
    /// can meet at `node` (no shared card, none holding the river card).
    pub fn meeting_reach(
        &self,
        node: usize,
        player: usize,
        opponent_reach: &[f64],
        out: &mut [f64],
    ) {
        let dead = self.tree.nodes[node].dealt.map_or(0, Card::bit);
        let (mine, theirs) = (&self.hands[player], &self.hands[1 - player]);
        compatible_reach(mine, theirs, dead, opponent_reach, out);
    }

    /// The bytes of the game's own tables (tree, hands, orders, payoffs).
    pub fn memory_bytes(&self) -> usize {
        let nodes = self.tree.nodes.len();
        let node = std::mem::size_of::<super::tree::TurnNode>() + 2 * 8 + 8;
        let edges = self.tree.nodes.len() * (8 + 8 + 8);
        let hands: usize = self.hands.iter().map(|h| h.len() * 28 + 4 * 1326).sum();
        let orders: usize = self
            .orders
            .iter()
            .flatten()
            .flatten()
            .map(Order::bytes)
            .sum();
        nodes * (node + std::mem::size_of::<Option<Payoff>>() + 24) + edges + hands + orders
    }
}

impl TurnGame {
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

impl VectorGame for TurnGame {
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
}
