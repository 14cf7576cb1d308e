//! A river spot as a vector-form game: the betting tree as a public tree,
//! each player's hands (the combos its range holds, board-blocked ones
//! removed), and the payoff of each terminal node.

use crate::cfr::Player;
use crate::cfr::vector::{PublicNode, PublicTree, VectorGame};
use crate::games::poker::betting::Ending;
use crate::games::poker::card::Board;
use crate::games::poker::range::Range;
use crate::games::poker::ranking::RiverRanking;
use crate::games::poker::tree::{NodeKind, Tree};

use super::street::{Payoff, StreetValues};
use super::terminal::{Hands, Order, pair_weight};

/// Why a river game cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RiverError {
    /// The board does not have five cards.
    #[error("the board must have five cards (a river spot)")]
    NotRiver,
    /// No hand of one range can meet a hand of the other.
    #[error("the ranges have no pair of hands without a shared card")]
    NoPair,
}

/// A river spot: the betting tree, both players' hands, and the payoffs.
/// Player 0 is OOP, player 1 IP. The solver's payoffs are zero-sum: each
/// player's chip EV minus half the starting pot ([`RiverGame::pot`]).
#[derive(Debug, Clone)]
pub struct RiverGame {
    betting: Tree,
    public: PublicTree,
    pub(super) hands: [Hands; 2],
    /// Both players' hands in strength order on the board: the one board
    /// that [`Payoff::Showdown`]'s `board` 0 names.
    pub(super) orders: [Option<[Order; 2]>; 1],
    pub(super) payoffs: Vec<Option<Payoff>>,
    /// The sum of `w_oop(h) · w_ip(h')` over hand pairs without a shared card.
    pairs: f64,
    /// The pot at the root, in chips.
    pot: f64,
}

impl RiverGame {
    /// The game of `betting` (a tree built from the spot's root) between
    /// `ranges` (`[OOP, IP]`) on `board`; `chip` is the chip size in
    /// whatever unit the values are wanted (e.g. 1 for chips).
    pub fn new(
        betting: Tree,
        ranges: &[Range; 2],
        board: &Board,
        chip: f64,
    ) -> Result<RiverGame, RiverError> {
        let ranking = RiverRanking::new(board).ok_or(RiverError::NotRiver)?;
        let dense = ranking.dense_ranks();
        let hands = [0, 1].map(|p| Hands::new(&ranges[p], board.mask()));
        let orders = [Some(
            [0, 1].map(|p| Order::new(&hands[p], &ranking, &dense)),
        )];
        let root = &betting.nodes[0];
        let pot = root.pot as f64 * chip;
        let mut nodes = Vec::with_capacity(betting.nodes.len());
        let mut payoffs = Vec::with_capacity(betting.nodes.len());
        for node in &betting.nodes {
            let put_in = [0, 1].map(|p| (node.committed[p] - root.committed[p]) as f64 * chip);
            match &node.kind {
                NodeKind::Decision {
                    player, children, ..
                } => {
                    nodes.push(PublicNode::Decision {
                        player: if *player == 0 { Player::P0 } else { Player::P1 },
                        children: children.clone(),
                    });
                    payoffs.push(None);
                }
                NodeKind::Terminal(ending) => {
                    nodes.push(PublicNode::Terminal);
                    payoffs.push(Some(match *ending {
                        Ending::Fold(folder) => Payoff::Fold {
                            folder,
                            amount: pot / 2.0 + put_in[folder],
                            dead: 0,
                        },
                        Ending::Showdown => Payoff::Showdown {
                            amount: pot / 2.0 + put_in[0],
                            board: 0,
                        },
                    }));
                }
            }
        }
        let public =
            PublicTree::new(nodes).expect("the betting tree numbers children after parents");
        let mut game = RiverGame {
            betting,
            public,
            hands,
            orders,
            payoffs,
            pairs: 0.0,
            pot,
        };
        game.pairs = pair_weight(&game.hands[0], &game.hands[1]);
        if game.pairs <= 0.0 {
            return Err(RiverError::NoPair);
        }
        Ok(game)
    }

    /// The betting tree (node numbers are the public tree's).
    pub fn betting(&self) -> &Tree {
        &self.betting
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
}

impl RiverGame {
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

impl VectorGame for RiverGame {
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
