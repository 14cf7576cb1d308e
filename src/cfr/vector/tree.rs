//! The public tree of a vector-form game: what both players see. A node is
//! a decision of one player (one child per action), a chance event (one
//! child per public outcome, with its weight) or the end of the game.
//!
//! Children are numbered after their parent, so one forward sweep over the
//! node numbers visits parents before children and one backward sweep
//! children before parents, with no recursion.

use std::ops::Range;

use thiserror::Error;

use crate::cfr::Player;

/// A node as a game describes it to [`PublicTree::new`].
#[derive(Clone, Debug, PartialEq)]
pub enum PublicNode {
    /// The game is over; the game values it
    /// ([`VectorGame::terminal_values`](super::VectorGame::terminal_values)).
    Terminal,
    /// A public chance event: each child with its weight, the probability of
    /// the outcome as far as it does not depend on the players' hands (the
    /// game's terminal values weigh the rest, e.g. a dealt card that a hand
    /// holds).
    Chance(Vec<(usize, f64)>),
    /// `player` picks one child; action `k` leads to `children[k]`.
    Decision {
        /// Who acts.
        player: Player,
        /// The child of each action, in action order.
        children: Vec<usize>,
    },
}

/// What happens at a node of a [`PublicTree`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// The game is over.
    Terminal,
    /// A public chance event.
    Chance,
    /// The player picks an action.
    Decision(Player),
}

/// Why nodes do not form a public tree.
#[derive(Debug, Error, PartialEq)]
pub enum PublicTreeError {
    /// There is no node.
    #[error("the public tree has no node")]
    Empty,
    /// A child is not numbered after its parent, or does not exist.
    #[error("node {parent}: child {child} must exist and be numbered after it")]
    ChildOrder {
        /// The parent.
        parent: usize,
        /// The child.
        child: usize,
    },
    /// A node other than the root does not have exactly one parent.
    #[error("node {node} has {parents} parents (the root none, every other node one)")]
    Parents {
        /// The node.
        node: usize,
        /// How many parents list it.
        parents: usize,
    },
    /// A chance or decision node has no child.
    #[error("node {node} has no child")]
    NoChild {
        /// The node.
        node: usize,
    },
    /// A chance weight is not a positive number.
    #[error("chance node {node}: weight {weight} is not positive")]
    BadWeight {
        /// The chance node.
        node: usize,
        /// The weight.
        weight: f64,
    },
}

/// A validated public tree, flattened into arrays.
#[derive(Clone, Debug)]
pub struct PublicTree {
    /// What happens at each node.
    kinds: Vec<NodeKind>,
    /// Each node's range in `children` and `weights`.
    edges: Vec<Range<usize>>,
    /// The children of all nodes, node by node.
    children: Vec<usize>,
    /// The chance weight of each edge (1 below decisions).
    weights: Vec<f64>,
}

impl PublicTree {
    /// Checks and flattens `nodes`; node 0 is the root.
    pub fn new(nodes: Vec<PublicNode>) -> Result<PublicTree, PublicTreeError> {
        if nodes.is_empty() {
            return Err(PublicTreeError::Empty);
        }
        let mut tree = PublicTree {
            kinds: Vec::with_capacity(nodes.len()),
            edges: Vec::with_capacity(nodes.len()),
            children: Vec::new(),
            weights: Vec::new(),
        };
        let mut parents = vec![0_usize; nodes.len()];
        for (parent, node) in nodes.iter().enumerate() {
            let start = tree.children.len();
            let (kind, edges): (NodeKind, Vec<(usize, f64)>) = match node {
                PublicNode::Terminal => (NodeKind::Terminal, Vec::new()),
                PublicNode::Chance(outcomes) => (NodeKind::Chance, outcomes.clone()),
                PublicNode::Decision { player, children } => (
                    NodeKind::Decision(*player),
                    children.iter().map(|&child| (child, 1.0)).collect(),
                ),
            };
            if kind != NodeKind::Terminal && edges.is_empty() {
                return Err(PublicTreeError::NoChild { node: parent });
            }
            for (child, weight) in edges {
                if child <= parent || child >= nodes.len() {
                    return Err(PublicTreeError::ChildOrder { parent, child });
                }
                if weight.is_nan() || weight <= 0.0 || weight.is_infinite() {
                    return Err(PublicTreeError::BadWeight {
                        node: parent,
                        weight,
                    });
                }
                parents[child] += 1;
                tree.children.push(child);
                tree.weights.push(weight);
            }
            tree.kinds.push(kind);
            tree.edges.push(start..tree.children.len());
        }
        for (node, &count) in parents.iter().enumerate() {
            if count != usize::from(node > 0) {
                return Err(PublicTreeError::Parents {
                    node,
                    parents: count,
                });
            }
        }
        Ok(tree)
    }

    /// The number of nodes.
    pub fn num_nodes(&self) -> usize {
        self.kinds.len()
    }

    /// What happens at `node`.
    pub fn kind(&self, node: usize) -> NodeKind {
        self.kinds[node]
    }

    /// The children of `node`, in action or outcome order.
    pub fn children(&self, node: usize) -> &[usize] {
        &self.children[self.edges[node].clone()]
    }

    /// The chance weights of `node`'s children (1 below a decision).
    pub fn weights(&self, node: usize) -> &[f64] {
        &self.weights[self.edges[node].clone()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decision(player: Player, children: Vec<usize>) -> PublicNode {
        PublicNode::Decision { player, children }
    }

    #[test]
    fn a_valid_tree_keeps_its_children_and_weights() {
        let tree = PublicTree::new(vec![
            decision(Player::P0, vec![1, 2]),
            PublicNode::Chance(vec![(3, 0.25), (4, 0.75)]),
            PublicNode::Terminal,
            PublicNode::Terminal,
            PublicNode::Terminal,
        ])
        .unwrap();
        assert_eq!(tree.num_nodes(), 5);
        assert_eq!(tree.kind(0), NodeKind::Decision(Player::P0));
        assert_eq!(tree.children(0), [1, 2]);
        assert_eq!(tree.weights(0), [1.0, 1.0]);
        assert_eq!(tree.kind(1), NodeKind::Chance);
        assert_eq!(tree.weights(1), [0.25, 0.75]);
        assert!(tree.children(4).is_empty());
    }

    #[test]
    fn malformed_trees_are_rejected() {
        let terminal = || PublicNode::Terminal;
        assert_eq!(PublicTree::new(vec![]).unwrap_err(), PublicTreeError::Empty);
        assert_eq!(
            PublicTree::new(vec![decision(Player::P1, vec![0])]).unwrap_err(),
            PublicTreeError::ChildOrder {
                parent: 0,
                child: 0
            }
        );
        assert_eq!(
            PublicTree::new(vec![decision(Player::P1, vec![1, 1]), terminal()]).unwrap_err(),
            PublicTreeError::Parents {
                node: 1,
                parents: 2
            }
        );
        assert_eq!(
            PublicTree::new(vec![terminal(), terminal()]).unwrap_err(),
            PublicTreeError::Parents {
                node: 1,
                parents: 0
            }
        );
        assert_eq!(
            PublicTree::new(vec![PublicNode::Chance(vec![])]).unwrap_err(),
            PublicTreeError::NoChild { node: 0 }
        );
        assert!(matches!(
            PublicTree::new(vec![PublicNode::Chance(vec![(1, f64::NAN)]), terminal()]),
            Err(PublicTreeError::BadWeight { node: 0, .. })
        ));
    }
}
