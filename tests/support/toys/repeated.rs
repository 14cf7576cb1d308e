//! A wide public chance node in front of a game: `copies` equally likely
//! public outcomes, each followed by the whole of another vector game. The
//! copies are the same subgame, so the game's value and equilibrium are
//! the inner game's; its tree has the shape of a turn spot's deal of 44–48
//! river cards, each followed by a river subtree, which is what the
//! solver's subtree-parallel sweeps and their benchmark need.

use banluck_lab::cfr::Player;
use banluck_lab::cfr::vector::{NodeKind, PublicNode, PublicTree, VectorGame};

/// `copies` equally likely public outcomes, each followed by `G`.
#[derive(Clone, Debug)]
pub struct Repeated<'g, G: VectorGame> {
    inner: &'g G,
    tree: PublicTree,
    /// Per node: the inner game's node it copies (0 at the chance root,
    /// which copies none).
    of_node: Vec<usize>,
}

impl<'g, G: VectorGame> Repeated<'g, G> {
    /// `inner` after a chance node with `copies` outcomes (at least one).
    pub fn new(inner: &'g G, copies: usize) -> Repeated<'g, G> {
        let copies = copies.max(1);
        let source = inner.tree();
        let size = source.num_nodes();
        let weight = 1.0 / copies as f64;
        let root = PublicNode::Chance((0..copies).map(|k| (1 + k * size, weight)).collect());
        let mut nodes = vec![root];
        let mut of_node = vec![0];
        for k in 0..copies {
            let shift = |child: &usize| 1 + k * size + child;
            for node in 0..size {
                let children = source.children(node).iter().map(shift);
                nodes.push(match source.kind(node) {
                    NodeKind::Terminal => PublicNode::Terminal,
                    NodeKind::Chance => PublicNode::Chance(
                        children.zip(source.weights(node).iter().copied()).collect(),
                    ),
                    NodeKind::Decision(player) => PublicNode::Decision {
                        player,
                        children: children.collect(),
                    },
                });
                of_node.push(node);
            }
        }
        Repeated {
            inner,
            tree: PublicTree::new(nodes).expect("copies of a public tree form one"),
            of_node,
        }
    }
}

impl<G: VectorGame> VectorGame for Repeated<'_, G> {
    fn tree(&self) -> &PublicTree {
        &self.tree
    }

    fn initial_weights(&self, player: Player) -> &[f64] {
        self.inner.initial_weights(player)
    }

    fn terminal_values(
        &self,
        node: usize,
        player: Player,
        opponent_reach: &[f64],
        out: &mut [f64],
    ) {
        // The chance weight is in the opponent's reach.
        self.inner
            .terminal_values(self.of_node[node], player, opponent_reach, out);
    }
}
