//! Flattening a per-history game into a [`Tree`]: one breadth-first walk,
//! with information sets numbered on first sight and checked for consistent
//! actions and perfect recall.

use std::collections::{HashMap, VecDeque};

use banluck_lab::cfr::Player;
use thiserror::Error;

use super::game::{Game, Turn};
use super::tree::{Infoset, Node, NodeKind, Tree};

/// Why a game could not be flattened.
#[derive(Debug, Error, PartialEq)]
pub enum TreeError {
    /// Histories sharing an information-set key differ in the acting player
    /// or in their actions.
    #[error("information set {key:?}: histories differ in player or actions")]
    InconsistentInfoset {
        /// The information-set key.
        key: String,
    },
    /// Histories sharing an information-set key differ in what the acting
    /// player did before.
    #[error("information set {key:?}: the acting player forgets an earlier decision")]
    ImperfectRecall {
        /// The information-set key.
        key: String,
    },
    /// A decision history has no legal action.
    #[error("information set {key:?} has no actions")]
    NoActions {
        /// The information-set key.
        key: String,
    },
    /// Chance outcomes are missing, not positive, or do not sum to one.
    #[error("chance outcomes must be positive and sum to one (they sum to {sum})")]
    BadChance {
        /// The sum of the outcome probabilities.
        sum: f64,
    },
    /// The tree has more nodes than 32-bit indices can number.
    #[error("the game tree has more than {} nodes", u32::MAX)]
    TooLarge,
}

/// A history waiting for its node number during the breadth-first walk.
struct Pending<S> {
    state: S,
    /// The probability of the chance edge into it.
    chance_prob: f64,
    /// Each player's last action slot on the way here.
    prior_slot: [Option<usize>; 2],
}

impl Tree {
    /// Walks the whole game once and flattens it.
    pub fn build<G: Game>(game: &G) -> Result<Tree, TreeError> {
        let mut tree = Tree {
            nodes: Vec::new(),
            internal: Vec::new(),
            chance_prob: Vec::new(),
            payoff: Vec::new(),
            infosets: Vec::new(),
            histories: Vec::new(),
            labels: Vec::new(),
            index: HashMap::new(),
        };
        let mut queue = VecDeque::from([Pending {
            state: game.initial_state(),
            chance_prob: 1.0,
            prior_slot: [None, None],
        }]);
        // Nodes numbered so far: the ones built and the queued ones.
        let mut allocated = 1_usize;
        let mut node_infoset = Vec::new();
        while let Some(pending) = queue.pop_front() {
            let node = tree.nodes.len();
            let first_child = node_index(allocated)?;
            let state = &pending.state;
            let (kind, infoset, payoff, arity) = match game.turn(state) {
                Turn::Terminal => (NodeKind::Terminal, None, game.payoff(state), 0),
                Turn::Chance => {
                    let outcomes = game.chance_outcomes(state);
                    let sum: f64 = outcomes.iter().map(|(_, p)| p).sum();
                    if outcomes.is_empty()
                        || outcomes.iter().any(|&(_, p)| p.is_nan() || p <= 0.0)
                        || (sum - 1.0).abs() > 1e-9
                    {
                        return Err(TreeError::BadChance { sum });
                    }
                    queue.extend(outcomes.iter().map(|(outcome, p)| Pending {
                        state: game.next_state(state, outcome),
                        chance_prob: *p,
                        prior_slot: pending.prior_slot,
                    }));
                    (NodeKind::Chance, None, 0.0, outcomes.len())
                }
                Turn::Decision(player) => {
                    let actions = game.legal_actions(state);
                    let infoset = tree.infoset_for(
                        game.infoset_key(state),
                        player,
                        &actions,
                        pending.prior_slot[player.index()],
                    )?;
                    let first_slot = tree.infosets[infoset].slots.start;
                    queue.extend(actions.iter().enumerate().map(|(k, action)| {
                        let mut prior_slot = pending.prior_slot;
                        prior_slot[player.index()] = Some(first_slot + k);
                        Pending {
                            state: game.next_state(state, action),
                            chance_prob: 1.0,
                            prior_slot,
                        }
                    }));
                    (
                        NodeKind::Decision(player),
                        Some(infoset),
                        0.0,
                        actions.len(),
                    )
                }
            };
            allocated += arity;
            if kind != NodeKind::Terminal {
                tree.internal.push(node_index(node)?);
            }
            let first_slot = infoset.map_or(0, |i| tree.infosets[i].slots.start);
            tree.nodes.push(Node {
                kind,
                first_child,
                arity: node_index(arity)?,
                first_slot: node_index(first_slot)?,
            });
            tree.chance_prob.push(pending.chance_prob);
            tree.payoff.push(payoff);
            node_infoset.push(infoset);
        }
        node_index(allocated)?;
        tree.group_histories(&node_infoset);
        Ok(tree)
    }

    /// The index of the information set `key`, created on first sight and
    /// checked for consistency and perfect recall afterwards.
    fn infoset_for<A: std::fmt::Display>(
        &mut self,
        key: String,
        player: Player,
        actions: &[A],
        prior_slot: Option<usize>,
    ) -> Result<usize, TreeError> {
        if let Some(&infoset) = self.index.get(&key) {
            let known = &self.infosets[infoset];
            let labels = &self.labels[known.slots.clone()];
            let same_actions = labels.len() == actions.len()
                && labels
                    .iter()
                    .zip(actions)
                    .all(|(label, action)| *label == action.to_string());
            if known.player != player || !same_actions {
                return Err(TreeError::InconsistentInfoset { key });
            }
            if known.prior_slot != prior_slot {
                return Err(TreeError::ImperfectRecall { key });
            }
            return Ok(infoset);
        }
        if actions.is_empty() {
            return Err(TreeError::NoActions { key });
        }
        let start = self.labels.len();
        self.labels.extend(actions.iter().map(ToString::to_string));
        let infoset = self.infosets.len();
        self.index.insert(key.clone(), infoset);
        self.infosets.push(Infoset {
            key,
            player,
            slots: start..self.labels.len(),
            prior_slot,
            histories: 0..0,
        });
        Ok(infoset)
    }

    /// Fills `histories` and each information set's range in it, given
    /// each node's information set.
    fn group_histories(&mut self, node_infoset: &[Option<usize>]) {
        let mut counts = vec![0_usize; self.infosets.len()];
        for &infoset in node_infoset.iter().flatten() {
            counts[infoset] += 1;
        }
        let mut start = 0;
        for (infoset, count) in self.infosets.iter_mut().zip(counts) {
            infoset.histories = start..start + count;
            start += count;
        }
        let mut next: Vec<usize> = self.infosets.iter().map(|i| i.histories.start).collect();
        self.histories = vec![0; start];
        for (node, &infoset) in node_infoset.iter().enumerate() {
            if let Some(infoset) = infoset {
                self.histories[next[infoset]] = node as u32;
                next[infoset] += 1;
            }
        }
    }
}

/// `index` as a 32-bit node or information-set number.
fn node_index(index: usize) -> Result<u32, TreeError> {
    u32::try_from(index)
        .ok()
        .filter(|&i| i != u32::MAX)
        .ok_or(TreeError::TooLarge)
}
