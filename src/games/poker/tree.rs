//! The public betting tree of one street as a flat arena of nodes: who
//! acts, the actions with their amounts, the children, and at the leaves a
//! fold or a showdown with the pot and each side's commitment. This is the
//! shape a vector-form solver walks.

use std::collections::VecDeque;

use super::action::Action;
use super::betting::{Ending, Street};
use super::sizes::Sizes;

/// The most nodes a tree may have (a guard against sizes that would take
/// all the memory).
pub const MAX_NODES: usize = 100_000;

/// The bet and raise sizes of one player.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayerSizes {
    /// Sizes for a bet (nobody has bet yet).
    pub bet: Sizes,
    /// Sizes for a raise (facing a bet); empty means no raises.
    pub raise: Sizes,
}

/// What a node is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NodeKind {
    /// A player (0 OOP, 1 IP) chooses among `actions`; `children[i]` is
    /// the node after `actions[i]`.
    Decision {
        /// The player to act.
        player: usize,
        /// The actions in order: check then bets, or fold, call, raises.
        actions: Vec<Action>,
        /// The node index after each action.
        children: Vec<usize>,
    },
    /// The street ended: a fold or a showdown.
    Terminal(Ending),
}

/// One node of the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// A decision or a terminal.
    pub kind: NodeKind,
    /// The pot at this node (the street's starting pot plus both
    /// commitments).
    pub pot: u64,
    /// What each player (0 OOP, 1 IP) has put in on this street.
    pub committed: [u64; 2],
    /// The parent node and the action that led here (`None` at the root).
    pub parent: Option<(usize, Action)>,
}

/// The tree; node 0 is the root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tree {
    /// The nodes, parents before children (breadth first).
    pub nodes: Vec<Node>,
    /// The betting state at the root.
    pub root: Street,
}

/// The tree would be too large.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the betting tree would have more than {MAX_NODES} nodes; use fewer or larger sizes")]
pub struct TreeTooLarge;

impl Tree {
    /// Builds the tree from the betting state `root` (which must not have
    /// ended) with each player's sizes (`sizes[0]` OOP, `sizes[1]` IP).
    pub fn build(root: Street, sizes: &[PlayerSizes; 2]) -> Result<Tree, TreeTooLarge> {
        let mut nodes = vec![placeholder(&root, None)];
        let mut queue = VecDeque::from([(0usize, root)]);
        while let Some((index, street)) = queue.pop_front() {
            if let Some(ending) = street.ending {
                nodes[index].kind = NodeKind::Terminal(ending);
                continue;
            }
            let actions = legal_actions(&street, &sizes[street.to_act]);
            let mut children = Vec::with_capacity(actions.len());
            for &action in &actions {
                let mut next = street;
                if next.apply(action).is_err() {
                    continue;
                }
                if nodes.len() >= MAX_NODES {
                    return Err(TreeTooLarge);
                }
                children.push(nodes.len());
                nodes.push(placeholder(&next, Some((index, action))));
                queue.push_back((nodes.len() - 1, next));
            }
            nodes[index].kind = NodeKind::Decision {
                player: street.to_act,
                actions,
                children,
            };
        }
        Ok(Tree { nodes, root })
    }

    /// The actions from the root to node `index`.
    pub fn path(&self, index: usize) -> Vec<Action> {
        let mut actions = Vec::new();
        let mut at = index;
        while let Some((parent, action)) = self.nodes[at].parent {
            actions.push(action);
            at = parent;
        }
        actions.reverse();
        actions
    }

    /// The number of decision nodes and of terminal nodes.
    pub fn counts(&self) -> (usize, usize) {
        let decisions = self
            .nodes
            .iter()
            .filter(|n| matches!(n.kind, NodeKind::Decision { .. }))
            .count();
        (decisions, self.nodes.len() - decisions)
    }
}

/// A node whose kind is filled in when it is expanded.
fn placeholder(street: &Street, parent: Option<(usize, Action)>) -> Node {
    Node {
        kind: NodeKind::Terminal(Ending::Showdown),
        pot: street.pot_now(),
        committed: street.committed,
        parent,
    }
}

/// The actions of the player to act, in the tree's order.
pub fn legal_actions(street: &Street, sizes: &PlayerSizes) -> Vec<Action> {
    if street.facing().is_some() {
        let mut actions = vec![Action::Fold, Action::Call];
        actions.extend(sizes.raise.raises(street).into_iter().map(Action::Raise));
        actions
    } else {
        let mut actions = vec![Action::Check];
        actions.extend(sizes.bet.bets(street).into_iter().map(Action::Bet));
        actions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::poker::action::history_notation;
    use crate::games::poker::chips::Chip;

    fn sizes(bet: &str, raise: &str) -> PlayerSizes {
        PlayerSizes {
            bet: Sizes::parse(bet).unwrap(),
            raise: Sizes::parse(raise).unwrap(),
        }
    }

    fn paths(tree: &Tree) -> Vec<String> {
        (0..tree.nodes.len())
            .map(|i| history_notation(&tree.path(i), Chip::default()))
            .collect()
    }

    #[test]
    fn pot_20_stack_100_one_bet_no_raise() {
        let both = sizes("66%", "");
        let tree = Tree::build(Street::new(20, [100, 100]), &[both.clone(), both]).unwrap();
        assert_eq!(
            paths(&tree),
            [
                "", "x", "b13", "xx", "xb13", "b13f", "b13c", "xb13f", "xb13c"
            ]
        );
        assert_eq!(tree.counts(), (4, 5));
        let call = &tree.nodes[6];
        assert_eq!((call.pot, call.committed), (46, [13, 13]));
        assert_eq!(call.kind, NodeKind::Terminal(Ending::Showdown));
        assert_eq!(tree.nodes[5].kind, NodeKind::Terminal(Ending::Fold(1)));
        assert_eq!(tree.nodes[5].pot, 33);
    }

    #[test]
    fn raises_cap_at_all_in_and_merge() {
        // Pot 20, stacks 100: OOP bets 75 % = 15; IP raises 100 % of the pot
        // after the call (50) to 65; OOP's 100 % raise would go to 65 + 150,
        // capped all-in at 100; IP then may only fold or call.
        let oop = sizes("75%", "100%");
        let ip = sizes("", "100%, a");
        let tree = Tree::build(Street::new(20, [100, 100]), &[oop, ip]).unwrap();
        let all = paths(&tree);
        for path in [
            "b15",
            "b15r65",
            "b15r100",
            "b15r65r100",
            "b15r65r100c",
            "b15r100f",
        ] {
            assert!(all.contains(&path.to_string()), "{path}: {all:?}");
        }
        // IP has no bet sizes: after a check only a check.
        assert!(!all.iter().any(|p| p.starts_with("xb")));
        let facing_all_in = all.iter().position(|p| p == "b15r65r100").unwrap();
        match &tree.nodes[facing_all_in].kind {
            NodeKind::Decision { actions, .. } => {
                assert_eq!(actions, &[Action::Fold, Action::Call]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(tree.counts(), (6, 9));
    }

    #[test]
    fn small_sizes_that_would_be_enormous_are_refused() {
        let many = sizes("10%", "10%, 20%, 30%, 40%, 50%");
        let deep = Street::new(100, [1_000_000_000, 1_000_000_000]);
        let tree = Tree::build(deep, &[many.clone(), many]);
        assert_eq!(tree, Err(TreeTooLarge));
    }
}
