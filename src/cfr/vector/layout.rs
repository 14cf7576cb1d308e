//! The solver's own numbering of a public tree: its nodes in preorder (a
//! node, then the subtree of each child in action order), so that every
//! subtree is one run of positions, of decision blocks and of hand
//! columns, and the sweeps can hand disjoint subtrees to different threads
//! as disjoint slices. Games keep their own node numbers: the layout maps
//! between the two. Positions and node numbers are `u32` (a tree has fewer
//! than 2³² nodes), slots `usize`.

use super::tree::{NodeKind, PublicTree};

/// A public tree in preorder, with where each position's data lives in the
/// solver's flat arrays.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    /// Per position: the game's node number.
    node: Vec<u32>,
    /// Per game node: its position.
    position: Vec<u32>,
    /// Per position: what happens there.
    kind: Vec<NodeKind>,
    /// Per position: one past the last position of its subtree.
    end: Vec<u32>,
    /// Per position, and one more: where its `[action × hand]` block starts
    /// in the per-action arrays. Prefix sums, so the subtree of `p` owns
    /// `slot[p]..slot[end[p]]`.
    slot: Vec<usize>,
    /// The number of hands of each player.
    hands: [usize; 2],
    /// Per walking player: the scratch entries a walk from the root needs
    /// ([`Layout::need`]).
    need: [usize; 2],
}

impl Layout {
    /// The layout of `tree` for players with `hands` hands each.
    pub fn new(tree: &PublicTree, hands: [usize; 2]) -> Layout {
        let nodes = tree.num_nodes();
        let mut node = Vec::with_capacity(nodes);
        let mut stack = vec![0];
        while let Some(at) = stack.pop() {
            node.push(at as u32);
            stack.extend(tree.children(at).iter().rev());
        }
        let mut position = vec![0; nodes];
        for (p, &n) in node.iter().enumerate() {
            position[n as usize] = p as u32;
        }
        let kind: Vec<NodeKind> = node.iter().map(|&n| tree.kind(n as usize)).collect();
        // Children come after their parent, so a backward pass sizes them
        // first.
        let mut end = vec![0; nodes];
        for p in (0..nodes).rev() {
            end[p] = tree
                .children(node[p] as usize)
                .last()
                .map_or(p as u32 + 1, |&last| end[position[last] as usize]);
        }
        let mut slot = vec![0];
        for (p, &n) in node.iter().enumerate() {
            let mut slots = slot[p];
            if let NodeKind::Decision(actor) = kind[p] {
                slots += tree.children(n as usize).len() * hands[actor.index()];
            }
            slot.push(slots);
        }
        Layout {
            node,
            position,
            kind,
            end,
            slot,
            hands,
            need: scratch_need(tree, hands),
        }
    }

    /// The number of positions (nodes).
    pub fn len(&self) -> usize {
        self.node.len()
    }

    /// The game's node number at position `p`.
    pub fn node(&self, p: usize) -> usize {
        self.node[p] as usize
    }

    /// The position of the game's node `node`.
    pub fn position(&self, node: usize) -> usize {
        self.position[node] as usize
    }

    /// What happens at position `p`.
    pub fn kind(&self, p: usize) -> NodeKind {
        self.kind[p]
    }

    /// One past the last position of `p`'s subtree.
    pub fn end(&self, p: usize) -> usize {
        self.end[p] as usize
    }

    /// Where `p`'s block starts in the per-action arrays (`p = len()` gives
    /// their length).
    pub fn slot(&self, p: usize) -> usize {
        self.slot[p]
    }

    /// The scratch entries (`f64`) a walk of `player`'s values from the
    /// root needs below the root's own rows: at each node of a path its
    /// frame (the acting player's strategy and, at the opponent's
    /// decision, a row of its totals; one value row per child; at the
    /// walker's own decision a row per child to update, whose first row
    /// holds the totals first), and per child both players' reach rows;
    /// the most over all paths.
    pub fn need(&self, player: usize) -> usize {
        self.need[player]
    }

    /// The number of hands of each player.
    pub fn hands(&self) -> [usize; 2] {
        self.hands
    }

    /// The work of a sweep over the positions `from..to`: nodes times the
    /// hands of both players.
    pub fn work(&self, from: usize, to: usize) -> usize {
        (to - from) * (self.hands[0] + self.hands[1])
    }
}

/// Per walking player, the scratch entries (`f64`) a walk of `tree` from
/// the root needs below the root's own rows ([`Layout::need`]).
pub(super) fn scratch_need(tree: &PublicTree, hands: [usize; 2]) -> [usize; 2] {
    let entry = hands[0] + hands[1];
    let mut need = vec![[0_usize; 2]; tree.num_nodes()];
    // Children are numbered after their parent: a backward pass sizes them
    // first.
    for n in (0..tree.num_nodes()).rev() {
        let children = tree.children(n);
        let deepest = children.iter().fold([0, 0], |most: [usize; 2], &c| {
            [0, 1].map(|i| most[i].max(entry + need[c][i]))
        });
        let k = children.len();
        need[n] = [0, 1].map(|i| {
            let frame = match tree.kind(n) {
                NodeKind::Terminal => 0,
                NodeKind::Chance => k * hands[i],
                NodeKind::Decision(actor) if actor.index() == i => 3 * k * hands[i],
                NodeKind::Decision(actor) => {
                    k * (hands[actor.index()] + hands[i]) + hands[actor.index()]
                }
            };
            frame + deepest[i]
        });
    }
    need[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfr::Player;
    use crate::cfr::vector::PublicNode;

    #[test]
    fn a_breadth_first_tree_is_laid_out_in_preorder() {
        // 0 → (1, 2); 1 → (3, 4); 2 → (5); all numbered breadth first.
        let decision = |player, children| PublicNode::Decision { player, children };
        let tree = PublicTree::new(vec![
            decision(Player::P0, vec![1, 2]),
            decision(Player::P1, vec![3, 4]),
            PublicNode::Chance(vec![(5, 1.0)]),
            PublicNode::Terminal,
            PublicNode::Terminal,
            PublicNode::Terminal,
        ])
        .unwrap();
        let layout = Layout::new(&tree, [3, 2]);
        assert_eq!(layout.node, [0, 1, 3, 4, 2, 5]);
        assert_eq!(layout.end, [6, 4, 3, 4, 6, 6]);
        // A node's children: the next position, then each one's end.
        assert_eq!([layout.end(1), layout.end(2), layout.end(3)], [4, 3, 4]);
        assert_eq!(
            (0..6)
                .map(|p| layout.position(layout.node(p)))
                .collect::<Vec<_>>(),
            [0, 1, 2, 3, 4, 5]
        );
        // P0's root has 2 actions × 3 hands, P1's node 2 × 2.
        assert_eq!(layout.slot, [0, 6, 10, 10, 10, 10, 10]);
        assert_eq!(layout.work(1, 4), 15);
        // Walking P0: the root's frame 3 × 2 × 3, a child's reach rows (5),
        // P1's node 2 × (2 + 3) + 2 and its child's rows; walking P1: 2 ×
        // (3 + 2) + 3, 5, its own node 3 × 2 × 2, 5. The chance node needs
        // less.
        assert_eq!(layout.need, [18 + 5 + 12 + 5, 13 + 5 + 12 + 5]);
    }
}
