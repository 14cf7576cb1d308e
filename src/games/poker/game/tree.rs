//! The public tree of a spot whose root is on the flop, the turn or the
//! river: the betting of the root's street; at every line that goes to a
//! showdown before the river a chance node that deals each card left,
//! followed by the next street's betting (or, when a player is all-in,
//! by the next deal or the showdown); the showdown on the river. A river
//! spot's tree is its betting alone.
//!
//! Nodes are numbered in preorder (depth first, parents before children),
//! so every node's subtree, and so each dealt card's, is one contiguous
//! range of node numbers. The tree is built by [`Tree::build`]
//! (`build.rs`).

use std::collections::VecDeque;

use crate::games::poker::action::Action;
use crate::games::poker::betting::Street;
use crate::games::poker::card::{Board, Card};
use crate::games::poker::chips::Chip;

/// The streets by number: the flop, the turn and the river.
pub const STREETS: [&str; 3] = ["flop", "turn", "river"];

/// What leads from a parent to a child.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A betting action.
    Action(Action),
    /// A card dealt.
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
pub enum NodeKind {
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
    /// A card is dealt: `children[i]` follows `cards[i]`.
    Chance {
        /// The cards dealt (one of each class of alike cards with suit
        /// isomorphism), in card order.
        cards: Vec<Card>,
        /// The node after each card.
        children: Vec<usize>,
    },
    /// This player (0 OOP, 1 IP) folded.
    Fold(usize),
    /// The showdown on the river.
    Showdown,
}

/// One node of the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// A decision, a deal or an end.
    pub kind: NodeKind,
    /// The pot at this node.
    pub pot: u64,
    /// What each player (0 OOP, 1 IP) has put in since the root.
    pub put_in: [u64; 2],
    /// The parent and the step that led here (`None` at the root).
    pub parent: Option<(usize, Step)>,
    /// The cards dealt since the root, in deal order.
    pub dealt: [Option<Card>; 2],
}

impl Node {
    /// How many cards have been dealt since the root.
    pub fn deals(&self) -> usize {
        self.dealt.iter().flatten().count()
    }

    /// The cards dealt since the root as a card set.
    pub fn dead(&self) -> u64 {
        self.dealt
            .iter()
            .flatten()
            .fold(0, |mask, card| mask | card.bit())
    }
}

/// A card a deal does not list because it is solved as another one: its
/// subtree is the listed card's with the suits `swap` exchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mirror {
    /// The chance node.
    pub chance: usize,
    /// The listed card's child.
    pub child: usize,
    /// The card not listed.
    pub card: Card,
    /// The two suits exchanged between them.
    pub swap: [u8; 2],
}

/// The tree; node 0 is the root.
#[derive(Debug, Clone, PartialEq)]
pub struct Tree {
    /// The nodes in preorder.
    pub nodes: Vec<Node>,
    /// The board at the root (three, four or five cards).
    pub board: Board,
    /// The betting state at the root.
    pub root: Street,
    /// The chance weight of a card at the first and at the second deal
    /// below the root: `1 / (cards left − 4)`, the chance of the card
    /// given two hands that do not hold it.
    pub chance_weights: [f64; 2],
    /// The cards solved as another one (empty without isomorphism).
    pub mirrors: Vec<Mirror>,
}

impl Tree {
    /// The root's street: 0 flop, 1 turn, 2 river.
    pub fn root_street(&self) -> usize {
        self.board.cards().len() - 3
    }

    /// Node `index`'s street: 0 flop, 1 turn, 2 river.
    pub fn street(&self, index: usize) -> usize {
        self.root_street() + self.nodes[index].deals()
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

    /// The actions from the root to node `index` of a tree without deals
    /// (a river spot's); the deals, if any, are left out.
    pub fn actions(&self, index: usize) -> Vec<Action> {
        self.path(index)
            .into_iter()
            .filter_map(|step| match step {
                Step::Action(action) => Some(action),
                Step::Deal(_) => None,
            })
            .collect()
    }

    /// What each player has put in on node `index`'s street, the root's
    /// commitments included on the root's street.
    pub fn committed(&self, index: usize) -> [u64; 2] {
        let node = &self.nodes[index];
        let since = match node.deals() {
            0 => [0, 1].map(|p| self.root.committed[p] + node.put_in[p]),
            _ => node.put_in,
        };
        let mut at = index;
        // Subtract what was put in before this street's deal.
        while let Some((parent, step)) = self.nodes[at].parent {
            if matches!(step, Step::Deal(_)) {
                let before = self.nodes[parent].put_in;
                return [0, 1].map(|p| since[p] - before[p]);
            }
            at = parent;
        }
        since
    }

    /// The child of node `at` that `step` leads to, if any.
    pub fn find_from(&self, at: usize, step: Step) -> Option<usize> {
        match (&self.nodes[at].kind, step) {
            (
                NodeKind::Decision {
                    actions, children, ..
                },
                Step::Action(action),
            ) => Some(children[actions.iter().position(|&a| a == action)?]),
            (NodeKind::Chance { cards, children }, Step::Deal(card)) => {
                Some(children[cards.iter().position(|&c| c == card)?])
            }
            _ => None,
        }
    }

    /// The number of decision nodes per street (`[flop, turn, river]`),
    /// of deals, and of all nodes.
    pub fn counts(&self) -> ([usize; 3], usize, usize) {
        let mut decisions = [0; 3];
        let mut deals = 0;
        for (index, node) in self.nodes.iter().enumerate() {
            match node.kind {
                NodeKind::Decision { .. } => decisions[self.street(index)] += 1,
                NodeKind::Chance { .. } => deals += 1,
                _ => {}
            }
        }
        (decisions, deals, self.nodes.len())
    }

    /// The node numbers breadth first (the root, its children, theirs…):
    /// the order in which a river spot's nodes are listed.
    pub fn breadth_first(&self) -> Vec<usize> {
        let mut order = Vec::with_capacity(self.nodes.len());
        let mut queue = VecDeque::from([0]);
        while let Some(index) = queue.pop_front() {
            order.push(index);
            if let NodeKind::Decision { children, .. } | NodeKind::Chance { children, .. } =
                &self.nodes[index].kind
            {
                queue.extend(children);
            }
        }
        order
    }
}
