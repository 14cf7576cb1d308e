//! A node of a game's tree as the page shows it, whatever its root's
//! street: its kind, pot, the labels of its children and, at a deal, the
//! cards solved as another one. The hands at a decision are the
//! interpreter's ([`crate::games::poker::solved`]).

use crate::games::poker::action::Action;
use crate::games::poker::card::Card;
use crate::games::poker::chips::Chip;
use crate::games::poker::game::{NodeKind, PokerGame};

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
pub struct TreeNode {
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

/// Node `index` of `game`'s tree, its chips counted in `chip`.
pub fn tree_node(game: &PokerGame, chip: Chip, index: usize) -> TreeNode {
    let tree = game.spot_tree();
    let node = &tree.nodes[index];
    let (kind, children) = street_kind(&node.kind, chip);
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
    TreeNode {
        kind,
        pot: chip.value(node.pot),
        children,
        dealt: node.dealt.iter().flatten().copied().collect(),
        mirrors,
    }
}
