//! The game tree flattened once into arrays, so that the solver's loops do
//! no hashing and no allocation ([`Tree::build`] flattens a game).
//!
//! Nodes are numbered breadth first: every node's children are consecutive
//! and numbered after it, so one forward sweep visits parents before children
//! and one backward sweep visits children before parents.

use std::collections::HashMap;
use std::ops::Range;

use banluck_lab::cfr::Player;

/// What happens at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NodeKind {
    /// The game is over.
    Terminal,
    /// Chance draws a child.
    Chance,
    /// The player picks a child.
    Decision(Player),
}

/// One node: what the sweeps read about it, in one record.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// What happens here.
    pub(crate) kind: NodeKind,
    /// The first child; the children are consecutive.
    pub(crate) first_child: u32,
    /// The number of children.
    pub(crate) arity: u32,
    /// The first action slot of a decision node (0 elsewhere).
    pub(crate) first_slot: u32,
}

impl Node {
    /// The children.
    pub(crate) fn children(self) -> Range<usize> {
        self.first_child as usize..(self.first_child + self.arity) as usize
    }

    /// The action slots of a decision node, one per child.
    pub(crate) fn slots(self) -> Range<usize> {
        self.first_slot as usize..(self.first_slot + self.arity) as usize
    }
}

/// One information set: a decision the acting player makes without telling
/// its histories apart.
#[derive(Clone, Debug)]
pub(crate) struct Infoset {
    /// The key the game gave it.
    pub(crate) key: String,
    /// Who acts.
    pub(crate) player: Player,
    /// Its actions' slots in every per-action array.
    pub(crate) slots: Range<usize>,
    /// The slot of the acting player's previous action, the same for every
    /// history (perfect recall); `None` at the player's first decision.
    pub(crate) prior_slot: Option<usize>,
    /// Its histories in `Tree::histories`.
    pub(crate) histories: Range<usize>,
}

/// A game tree flattened into arrays, with its information sets numbered
/// densely and their actions numbered as consecutive *slots*.
#[derive(Clone, Debug)]
pub struct Tree {
    /// Every node, numbered breadth first.
    pub(crate) nodes: Vec<Node>,
    /// The chance and decision nodes, in increasing order.
    pub(crate) internal: Vec<u32>,
    /// The probability of the chance edge into each node (1 below decisions).
    pub(crate) chance_prob: Vec<f64>,
    /// The payoff to player 0 at each terminal node (0 elsewhere).
    pub(crate) payoff: Vec<f64>,
    /// The information sets, numbered in order of discovery, so that a
    /// player's earlier decisions come first.
    pub(crate) infosets: Vec<Infoset>,
    /// The histories of all information sets, grouped by information set.
    pub(crate) histories: Vec<u32>,
    /// The label of every action slot.
    pub(crate) labels: Vec<String>,
    /// Information-set keys to indices.
    pub(crate) index: HashMap<String, usize>,
}

impl Tree {
    /// The number of nodes (histories).
    pub fn num_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// The number of information sets of both players.
    pub fn num_infosets(&self) -> usize {
        self.infosets.len()
    }

    /// The number of action slots: the sum over information sets of their
    /// action counts.
    pub fn num_slots(&self) -> usize {
        self.labels.len()
    }

    /// The index of the information set with this key.
    pub fn infoset_index(&self, key: &str) -> Option<usize> {
        self.index.get(key).copied()
    }

    /// The key of information set `infoset`.
    pub fn infoset_key(&self, infoset: usize) -> &str {
        &self.infosets[infoset].key
    }

    /// The player acting at information set `infoset`.
    pub fn infoset_player(&self, infoset: usize) -> Player {
        self.infosets[infoset].player
    }

    /// The action slots of information set `infoset`.
    pub fn action_slots(&self, infoset: usize) -> Range<usize> {
        self.infosets[infoset].slots.clone()
    }

    /// The action labels of information set `infoset`.
    pub fn action_labels(&self, infoset: usize) -> &[String] {
        &self.labels[self.action_slots(infoset)]
    }

    /// The histories of information set `infoset`.
    pub(crate) fn infoset_histories(&self, infoset: usize) -> &[u32] {
        &self.histories[self.infosets[infoset].histories.clone()]
    }

    /// Fills `reach` with every node's reach probability through chance and
    /// the opponent of `player` only, the opponent playing `probabilities`
    /// (laid out by action slot).
    pub(crate) fn counterfactual_reach(
        &self,
        player: Player,
        probabilities: &[f64],
        reach: &mut [f64],
    ) {
        reach[0] = 1.0;
        for &node in &self.internal {
            let record = self.nodes[node as usize];
            let parent = reach[node as usize];
            let children = &mut reach[record.children()];
            let edges = match record.kind {
                NodeKind::Decision(actor) if actor != player => &probabilities[record.slots()],
                _ => &self.chance_prob[record.children()],
            };
            for (child, edge) in children.iter_mut().zip(edges) {
                *child = parent * edge;
            }
        }
    }

    /// The expected payoff to player 0 at `node` when every decision plays
    /// `probabilities`, given the values of its children.
    #[inline]
    pub(crate) fn expected_value(&self, node: usize, probabilities: &[f64], values: &[f64]) -> f64 {
        let record = self.nodes[node];
        let children = &values[record.children()];
        let weights = match record.kind {
            NodeKind::Terminal => return self.payoff[node],
            NodeKind::Chance => &self.chance_prob[record.children()],
            NodeKind::Decision(_) => &probabilities[record.slots()],
        };
        weights
            .iter()
            .zip(children)
            .map(|(weight, value)| weight * value)
            .sum()
    }
}
