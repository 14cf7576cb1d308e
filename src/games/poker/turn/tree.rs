//! The public tree of a turn spot: the turn betting, then at every turn
//! line that goes to a showdown a chance node that deals each river card
//! not on the board, each followed by the river betting (or, when a player
//! is all-in, by the showdown itself).
//!
//! Nodes are numbered in preorder (depth first, parents before children):
//! every node's subtree, and so each river card's subtree, is one
//! contiguous range of node numbers.

use super::super::action::Action;
use super::super::betting::{Ending, Street};
use super::super::card::{Board, Card};
use super::super::chips::Chip;
use super::super::tree::{PlayerSizes, legal_actions};

/// The most nodes a turn tree may have (a guard against sizes that would
/// take all the memory).
pub const MAX_NODES: usize = 1_500_000;

/// The sizes of both players on each street.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StreetSizes {
    /// `[OOP, IP]` on the turn.
    pub turn: [PlayerSizes; 2],
    /// `[OOP, IP]` on the river.
    pub river: [PlayerSizes; 2],
}

/// What leads from a parent to a child.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A betting action.
    Action(Action),
    /// The river card dealt.
    Deal(Card),
}

impl Step {
    /// The step as a path token: `x`, `b20`, `r60`, `c`, `f` or a card (`2s`).
    pub fn notation(self, chip: Chip) -> String {
        match self {
            Step::Action(action) => action.notation(chip),
            Step::Deal(card) => card.to_string(),
        }
    }
}

/// What a node is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnKind {
    /// A player (0 OOP, 1 IP) chooses among `actions`; `children[i]`
    /// follows `actions[i]`.
    Decision {
        /// The player to act.
        player: usize,
        /// The actions in order: check then bets, or fold, call, raises.
        actions: Vec<Action>,
        /// The node after each action.
        children: Vec<usize>,
    },
    /// The river card is dealt: `children[i]` follows `cards[i]`.
    Chance {
        /// The river cards, in card order.
        cards: Vec<Card>,
        /// The node after each card.
        children: Vec<usize>,
    },
    /// This player (0 OOP, 1 IP) folded.
    Fold(usize),
    /// The showdown on the river.
    Showdown,
}

/// One node of a tree that deals cards after its root's street: the turn
/// tree's ([`TurnNode`]) and the flop tree's
/// ([`FlopNode`](crate::games::poker::flop::FlopNode)), which differ only
/// in the cards `D` dealt so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StreetNode<D> {
    /// A decision, a deal or an end (a showdown is on the river).
    pub kind: TurnKind,
    /// The pot at this node.
    pub pot: u64,
    /// What each player (0 OOP, 1 IP) has put in since the root.
    pub put_in: [u64; 2],
    /// The parent and the step that led here (`None` at the root).
    pub parent: Option<(usize, Step)>,
    /// The cards dealt since the root.
    pub dealt: D,
}

/// One node of the turn tree: the river card once dealt.
pub type TurnNode = StreetNode<Option<Card>>;

/// The tree; node 0 is the root.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnTree {
    /// The nodes in preorder.
    pub nodes: Vec<TurnNode>,
    /// The board (four cards).
    pub board: Board,
    /// The weight of each river card at a deal: 1 / (cards left − 4), the
    /// chance of the card given two hands that do not hold it.
    pub chance_weight: f64,
}

/// The tree would be too large.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the turn tree would have more than {MAX_NODES} nodes; use fewer or larger sizes (on the river too)"
)]
pub struct TurnTreeTooLarge;

impl TurnTree {
    /// Builds the tree from the turn betting state `root` (not ended) on
    /// the four-card `board`; `None` if the board does not have four cards.
    pub fn build(
        root: Street,
        board: &Board,
        sizes: &StreetSizes,
    ) -> Result<Option<TurnTree>, TurnTreeTooLarge> {
        if board.cards().len() != 4 {
            return Ok(None);
        }
        let deck: Vec<Card> = (0..52)
            .map(Card::from_index)
            .filter(|card| board.mask() & card.bit() == 0)
            .collect();
        let mut builder = Builder {
            nodes: Vec::new(),
            sizes,
            deck: &deck,
            root_committed: root.committed,
        };
        builder.street(root, [0, 0], None, None)?;
        Ok(Some(TurnTree {
            nodes: builder.nodes,
            board: board.clone(),
            chance_weight: 1.0 / (deck.len() - 4) as f64,
        }))
    }

    /// The steps from the root to node `index`.
    pub fn path(&self, index: usize) -> Vec<Step> {
        let mut steps = Vec::new();
        let mut at = index;
        while let Some((parent, step)) = self.nodes[at].parent {
            steps.push(step);
            at = parent;
        }
        steps.reverse();
        steps
    }

    /// The child of node `at` that `step` leads to, if any.
    pub fn find_from(&self, at: usize, step: Step) -> Option<usize> {
        match (&self.nodes[at].kind, step) {
            (
                TurnKind::Decision {
                    actions, children, ..
                },
                Step::Action(action),
            ) => Some(children[actions.iter().position(|&a| a == action)?]),
            (TurnKind::Chance { cards, children }, Step::Deal(card)) => {
                Some(children[cards.iter().position(|&c| c == card)?])
            }
            _ => None,
        }
    }

    /// The number of decision nodes on the turn, of deals, and of all nodes.
    pub fn counts(&self) -> (usize, usize, usize) {
        let turn = self
            .nodes
            .iter()
            .filter(|n| n.dealt.is_none() && matches!(n.kind, TurnKind::Decision { .. }))
            .count();
        let deals = self
            .nodes
            .iter()
            .filter(|n| matches!(n.kind, TurnKind::Chance { .. }))
            .count();
        (turn, deals, self.nodes.len())
    }
}

/// The state of a build.
struct Builder<'a> {
    nodes: Vec<TurnNode>,
    sizes: &'a StreetSizes,
    /// The cards a river may be.
    deck: &'a [Card],
    /// What the players had put in on the turn at the root.
    root_committed: [u64; 2],
}

impl Builder<'_> {
    /// Adds a node with `kind` to be filled in; returns its number.
    fn push(
        &mut self,
        street: &Street,
        before: [u64; 2],
        river: Option<Card>,
        parent: Option<(usize, Step)>,
    ) -> Result<usize, TurnTreeTooLarge> {
        if self.nodes.len() >= MAX_NODES {
            return Err(TurnTreeTooLarge);
        }
        let put_in = [0, 1].map(|p| before[p] + street.committed[p] - self.root_committed[p]);
        self.nodes.push(TurnNode {
            kind: TurnKind::Showdown,
            pot: street.pot_now(),
            put_in,
            parent,
            dealt: river,
        });
        Ok(self.nodes.len() - 1)
    }

    /// Adds the subtree of `street` (on the river once `river` is dealt);
    /// `before` is what each player put in on earlier streets.
    fn street(
        &mut self,
        street: Street,
        before: [u64; 2],
        river: Option<Card>,
        parent: Option<(usize, Step)>,
    ) -> Result<usize, TurnTreeTooLarge> {
        let index = self.push(&street, before, river, parent)?;
        self.nodes[index].kind = match (street.ending, river) {
            (Some(Ending::Fold(folder)), _) => TurnKind::Fold(folder),
            (Some(Ending::Showdown), Some(_)) => TurnKind::Showdown,
            (Some(Ending::Showdown), None) => self.deal(index, &street)?,
            (None, _) => {
                let sizes = match river {
                    None => &self.sizes.turn,
                    Some(_) => &self.sizes.river,
                };
                let actions = legal_actions(&street, &sizes[street.to_act]);
                let mut children = Vec::with_capacity(actions.len());
                for &action in &actions {
                    let mut next = street;
                    // The sizes only offer legal amounts.
                    let applied = next.apply(action);
                    debug_assert!(applied.is_ok());
                    children.push(self.street(
                        next,
                        before,
                        river,
                        Some((index, Step::Action(action))),
                    )?);
                }
                TurnKind::Decision {
                    player: street.to_act,
                    actions,
                    children,
                }
            }
        };
        Ok(index)
    }

    /// The deal after the turn `street` went to a showdown at node `index`:
    /// the river betting, or the showdown when a player is all-in.
    fn deal(&mut self, index: usize, street: &Street) -> Result<TurnKind, TurnTreeTooLarge> {
        let stacks = [0, 1].map(|p| street.stacks[p] - street.committed[p]);
        let river_street = Street::new(street.pot_now(), stacks);
        let mut children = Vec::with_capacity(self.deck.len());
        for &card in self.deck {
            let parent = Some((index, Step::Deal(card)));
            children.push(if river_street.effective() == 0 {
                let mut ended = river_street;
                ended.ending = Some(Ending::Showdown);
                self.street(ended, street.committed, Some(card), parent)?
            } else {
                self.street(river_street, street.committed, Some(card), parent)?
            });
        }
        Ok(TurnKind::Chance {
            cards: self.deck.to_vec(),
            children,
        })
    }
}
