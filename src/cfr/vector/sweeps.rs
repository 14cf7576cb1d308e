//! The two sweeps over the public tree: reach forward (a node before its
//! children, here) and counterfactual values backward (children before
//! their node, `backward.rs`), one hand-indexed row per node, with no
//! allocation.
//!
//! Both walk the [`Layout`]'s preorder. A subtree too small to be shared
//! between threads is one plain loop over its run of positions; above it,
//! where a node's children's subtrees are big enough they go to different
//! threads ([`for_children`]), each with its own slices of the arrays it
//! writes. Every node does the same arithmetic in the same order on any
//! thread and in either walk, so the results are the same, bit for bit,
//! whatever the number of threads.

use super::game::VectorGame;
use super::layout::Layout;
use super::split::{Rows, Split, for_children};
use super::tree::NodeKind;
use crate::cfr::Player;

/// What a sweep reads and never writes: the game, its layout, and the
/// smallest work worth handing to another thread.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sweep<'a, G> {
    /// The game.
    pub game: &'a G,
    /// Its tree in preorder.
    pub layout: &'a Layout,
    /// The least work ([`Layout::work`]) of each half of a node's children
    /// for them to be visited in parallel (`usize::MAX`: never).
    pub min_work: usize,
}

impl<G: VectorGame> Sweep<'_, G> {
    /// Whether position `p`'s subtree is too small to share between two
    /// threads, so that one loop over its positions does it.
    pub fn serial(&self, p: usize) -> bool {
        self.layout.work(p, self.layout.end(p)) / 2 < self.min_work
    }

    /// Fills `player`'s reach (`[position × hand]`): its initial weights,
    /// times `probabilities` (per-action arrays) at its decisions, times
    /// the weight of each chance event.
    pub fn forward(&self, player: Player, probabilities: &[f64], reach: &mut [f64]) {
        let width = self.layout.hands()[player.index()];
        reach[..width].copy_from_slice(self.game.initial_weights(player));
        let rows = Rows {
            start: 0,
            width,
            data: reach,
        };
        self.forward_from(0, player, probabilities, rows);
    }

    /// The forward sweep below position `p`, whose row of `rows` is filled.
    fn forward_from(&self, p: usize, player: Player, probabilities: &[f64], rows: Rows<'_>) {
        if self.serial(p) {
            return self.forward_serial(p, player, probabilities, rows);
        }
        if self.layout.kind(p) == NodeKind::Terminal {
            return;
        }
        let (own, children) = rows.split(self.layout, p + 1);
        self.forward_node(p, player, probabilities, own.data, children.data);
        let visit = |child: usize, rows: Rows<'_>| {
            self.forward_from(child, player, probabilities, rows);
        };
        for_children(self.layout, p, children, self.min_work, &visit);
    }

    /// The forward sweep below position `p` in one loop.
    fn forward_serial(&self, p: usize, player: Player, probabilities: &[f64], rows: Rows<'_>) {
        let (start, width) = (rows.start, rows.width);
        for q in p..self.layout.end(p) {
            if self.layout.kind(q) == NodeKind::Terminal {
                continue;
            }
            let (head, tail) = rows.data.split_at_mut((q + 1 - start) * width);
            let parent = &head[(q - start) * width..];
            self.forward_node(q, player, probabilities, parent, tail);
        }
    }

    /// Fills the reach of position `q`'s children, whose rows are in
    /// `below` (the rows from position `q + 1` on), from `q`'s row `parent`.
    fn forward_node(
        &self,
        q: usize,
        player: Player,
        probabilities: &[f64],
        parent: &[f64],
        below: &mut [f64],
    ) {
        let width = parent.len();
        let kind = self.layout.kind(q);
        let weights = self.game.tree().weights(self.layout.node(q));
        let slot = self.layout.slot(q);
        for (action, child) in self.layout.children(q).enumerate() {
            let out = &mut below[(child - q - 1) * width..][..width];
            match kind {
                NodeKind::Decision(actor) if actor == player => {
                    let own = &probabilities[slot + action * width..][..width];
                    for ((out, &parent), &probability) in out.iter_mut().zip(parent).zip(own) {
                        *out = parent * probability;
                    }
                }
                NodeKind::Chance => {
                    for (out, &parent) in out.iter_mut().zip(parent) {
                        *out = parent * weights[action];
                    }
                }
                _ => out.copy_from_slice(parent),
            }
        }
    }
}
