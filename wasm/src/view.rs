//! One view of a game for the page, whatever its root's street: each
//! node's kind, pot, path and the labels of its children.

use crate::cfr::vector::VectorGame;
use crate::games::poker::action::{Action, history_notation};
use crate::games::poker::card::Card;
use crate::games::poker::chips::Chip;
use crate::games::poker::game::path::path_notation;
use crate::games::poker::game::{NodeKind, PokerGame, Step};
use crate::games::poker::position::Position;

/// What a node is, for the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// A player (0 OOP, 1 IP) acts.
    Decision(usize),
    /// A card is dealt.
    Chance,
    /// This player (0 OOP, 1 IP) folded.
    Fold(usize),
    /// The hands are shown down.
    Showdown,
}

/// A node of the tree as the page shows it.
#[derive(Debug, Clone)]
pub struct NodeView {
    /// What it is.
    pub kind: Kind,
    /// The pot there, in chips.
    pub pot: f64,
    /// The label of each child (`x`, `b20`, a card `2s`) and its index.
    pub children: Vec<(String, usize)>,
    /// The cards dealt on the way (turn, river), in order; hands holding
    /// one of them are out.
    pub dealt: Vec<Card>,
    /// At a deal, the cards not listed because each is solved as a listed
    /// one (suit isomorphism): `(card, listed card)`.
    pub mirrors: Vec<(Card, Card)>,
}

impl NodeView {
    /// The dealt cards as a card set.
    pub fn dead(&self) -> u64 {
        self.dealt.iter().fold(0, |mask, card| mask | card.bit())
    }
}

/// A game the page can solve and browse.
pub trait SpotGame: VectorGame + 'static {
    /// The pot at the root, in chips.
    fn pot(&self) -> f64;
    /// `player`'s combos (0 OOP, 1 IP), in hand order.
    fn combos(&self, player: usize) -> &[u16];
    /// Node `index` as the page shows it.
    fn node(&self, position: &Position, index: usize) -> NodeView;
    /// The path of node `index`, the position's own history first.
    fn path(&self, position: &Position, index: usize) -> String;
    /// The bytes of the game's own tables.
    fn table_bytes(&self) -> usize;
}

/// The children of a node with their labels.
type Children = Vec<(String, usize)>;

/// A decision's kind and children, labelled by their actions.
fn decision(player: usize, actions: &[Action], children: &[usize], chip: Chip) -> (Kind, Children) {
    let labels = actions.iter().map(|a| a.notation(chip));
    (
        Kind::Decision(player),
        labels.zip(children.iter().copied()).collect(),
    )
}

/// A node's kind and children (a deal's labelled by card).
fn street_kind(kind: &NodeKind, chip: Chip) -> (Kind, Children) {
    match kind {
        NodeKind::Decision {
            player,
            actions,
            children,
        } => decision(*player, actions, children, chip),
        NodeKind::Chance { cards, children } => (
            Kind::Chance,
            cards
                .iter()
                .map(ToString::to_string)
                .zip(children.iter().copied())
                .collect(),
        ),
        NodeKind::Fold(folder) => (Kind::Fold(*folder), Vec::new()),
        NodeKind::Showdown => (Kind::Showdown, Vec::new()),
    }
}

/// The path of a node below a flop or turn root: the position's
/// history, then `steps`.
fn street_path(position: &Position, steps: Vec<Step>) -> String {
    let mut all: Vec<Step> = position.history.iter().map(|&a| Step::Action(a)).collect();
    all.extend(steps);
    path_notation(&all, position.chip)
}

impl SpotGame for PokerGame {
    fn pot(&self) -> f64 {
        PokerGame::pot(self)
    }

    fn combos(&self, player: usize) -> &[u16] {
        PokerGame::combos(self, player)
    }

    fn node(&self, position: &Position, index: usize) -> NodeView {
        let tree = self.spot_tree();
        let node = &tree.nodes[index];
        let (kind, children) = street_kind(&node.kind, position.chip);
        let mirrors = match &node.kind {
            NodeKind::Chance { cards, children } => tree
                .mirrors
                .iter()
                .filter(|m| m.chance == index)
                .filter_map(|m| {
                    let at = children.iter().position(|&c| c == m.child)?;
                    Some((m.card, cards[at]))
                })
                .collect(),
            _ => Vec::new(),
        };
        NodeView {
            kind,
            pot: position.chip.value(node.pot),
            children,
            dealt: node.dealt.iter().flatten().copied().collect(),
            mirrors,
        }
    }

    fn path(&self, position: &Position, index: usize) -> String {
        let tree = self.spot_tree();
        if tree.root_street() == 2 {
            // A river spot's path is its history, without spaces.
            let mut history = position.history.clone();
            history.extend(tree.actions(index));
            history_notation(&history, position.chip)
        } else {
            street_path(position, tree.path(index))
        }
    }

    fn table_bytes(&self) -> usize {
        self.memory_bytes()
    }
}
