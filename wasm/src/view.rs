//! One view of a river or a turn game for the page: each node's kind, pot,
//! path and the labels of its children, whatever tree the game keeps.

use crate::cfr::vector::VectorGame;
use crate::games::poker::action::history_notation;
use crate::games::poker::betting::Ending;
use crate::games::poker::position::Position;
use crate::games::poker::river::RiverGame;
use crate::games::poker::tree::NodeKind;
use crate::games::poker::turn::path::path_notation;
use crate::games::poker::turn::{Step, TurnGame, TurnKind};

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
    /// The label of each child (`x`, `b20`, a river card `2s`) and its index.
    pub children: Vec<(String, usize)>,
    /// The river card dealt on the way, if any (hands holding it are out).
    pub river: Option<String>,
    /// The river card as a card-set bit (0 when there is none).
    pub dead: u64,
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

impl SpotGame for RiverGame {
    fn pot(&self) -> f64 {
        RiverGame::pot(self)
    }

    fn combos(&self, player: usize) -> &[u16] {
        RiverGame::combos(self, player)
    }

    fn node(&self, position: &Position, index: usize) -> NodeView {
        let node = &self.betting().nodes[index];
        let chip = position.chip;
        let (kind, children) = match &node.kind {
            NodeKind::Decision {
                player,
                actions,
                children,
            } => (
                Kind::Decision(*player),
                actions
                    .iter()
                    .map(|a| a.notation(chip))
                    .zip(children.iter().copied())
                    .collect(),
            ),
            NodeKind::Terminal(Ending::Fold(folder)) => (Kind::Fold(*folder), Vec::new()),
            NodeKind::Terminal(Ending::Showdown) => (Kind::Showdown, Vec::new()),
        };
        NodeView {
            kind,
            pot: chip.value(node.pot),
            children,
            river: None,
            dead: 0,
        }
    }

    fn path(&self, position: &Position, index: usize) -> String {
        let mut history = position.history.clone();
        history.extend(self.betting().path(index));
        history_notation(&history, position.chip)
    }

    fn table_bytes(&self) -> usize {
        0
    }
}

impl SpotGame for TurnGame {
    fn pot(&self) -> f64 {
        TurnGame::pot(self)
    }

    fn combos(&self, player: usize) -> &[u16] {
        TurnGame::combos(self, player)
    }

    fn node(&self, position: &Position, index: usize) -> NodeView {
        let node = &self.turn_tree().nodes[index];
        let chip = position.chip;
        let (kind, children) = match &node.kind {
            TurnKind::Decision {
                player,
                actions,
                children,
            } => (
                Kind::Decision(*player),
                actions
                    .iter()
                    .map(|a| a.notation(chip))
                    .zip(children.iter().copied())
                    .collect(),
            ),
            TurnKind::Chance { cards, children } => (
                Kind::Chance,
                cards
                    .iter()
                    .map(ToString::to_string)
                    .zip(children.iter().copied())
                    .collect(),
            ),
            TurnKind::Fold(folder) => (Kind::Fold(*folder), Vec::new()),
            TurnKind::Showdown => (Kind::Showdown, Vec::new()),
        };
        NodeView {
            kind,
            pot: chip.value(node.pot),
            children,
            river: node.dealt.map(|card| card.to_string()),
            dead: node.dealt.map_or(0, |card| card.bit()),
        }
    }

    fn path(&self, position: &Position, index: usize) -> String {
        let mut steps: Vec<Step> = position.history.iter().map(|&a| Step::Action(a)).collect();
        steps.extend(self.turn_tree().path(index));
        path_notation(&steps, position.chip)
    }

    fn table_bytes(&self) -> usize {
        self.memory_bytes()
    }
}
