//! Visiting a node's child subtrees one after another or, where both
//! halves of the children are big enough, on two of rayon's threads.
//!
//! In the [`Layout`]'s preorder every subtree is one run of positions, so
//! the solver's per-position data of a node's children split into disjoint
//! slices, one per child: a thread owns whole subtrees and nothing else.
//! Each node's arithmetic reads only its own subtree (and shared, read-only
//! data) and sums its children in action order, so which thread visits a
//! subtree never changes a bit of the result.

use super::layout::Layout;

/// Per-position data of a run of consecutive subtrees, which splits in two
/// at a position between them.
pub(super) trait Split: Send + Sized {
    /// The data of the positions before `at`, and of those from `at` on.
    fn split(self, layout: &Layout, at: usize) -> (Self, Self);
}

/// `[position × hand]` rows from position `start` on.
#[derive(Debug)]
pub(super) struct Rows<'a> {
    /// The position of the first row.
    pub start: usize,
    /// The hands per row.
    pub width: usize,
    /// The rows.
    pub data: &'a mut [f64],
}

impl Rows<'_> {
    /// The same rows, borrowed for a shorter time.
    pub fn reborrow(&mut self) -> Rows<'_> {
        Rows {
            start: self.start,
            width: self.width,
            data: self.data,
        }
    }
}

impl Split for Rows<'_> {
    fn split(self, _: &Layout, at: usize) -> (Self, Self) {
        let (head, tail) = self.data.split_at_mut((at - self.start) * self.width);
        let head = Rows {
            start: self.start,
            width: self.width,
            data: head,
        };
        let tail = Rows {
            start: at,
            width: self.width,
            data: tail,
        };
        (head, tail)
    }
}

impl<S: Split> Split for Option<S> {
    fn split(self, layout: &Layout, at: usize) -> (Self, Self) {
        match self {
            Some(data) => {
                let (head, tail) = data.split(layout, at);
                (Some(head), Some(tail))
            }
            None => (None, None),
        }
    }
}

/// Calls `visit(child, part)` for each child of position `p`,
/// where `part` is the piece of `data` (which holds the positions of all
/// of `p`'s children's subtrees) that holds `child`'s subtree.
///
/// The children are halved, and the halves visited by `rayon::join`, as
/// long as each half has at least `min_work` work ([`Layout::work`]);
/// smaller runs are visited in order on the calling thread.
pub(super) fn for_children<S: Split>(
    layout: &Layout,
    p: usize,
    data: S,
    min_work: usize,
    visit: &(impl Fn(usize, S) + Sync),
) {
    let count = layout.children(p).count();
    let run = Run {
        first: p + 1,
        count,
        end: layout.end(p),
    };
    visit_run(layout, run, data, min_work, visit);
}

/// Consecutive children of one node.
#[derive(Clone, Copy, Debug)]
struct Run {
    /// The position of the first.
    first: usize,
    /// How many.
    count: usize,
    /// One past the last position of the last one's subtree.
    end: usize,
}

fn visit_run<S: Split>(
    layout: &Layout,
    run: Run,
    data: S,
    min_work: usize,
    visit: &(impl Fn(usize, S) + Sync),
) {
    if run.count > 1 && layout.work(run.first, run.end) / 2 >= min_work {
        let half = run.count / 2;
        let mid = (0..half).fold(run.first, |c, _| layout.end(c));
        let (left, right) = (layout.work(run.first, mid), layout.work(mid, run.end));
        if left.min(right) >= min_work {
            let (head, tail) = data.split(layout, mid);
            let head_run = Run {
                count: half,
                end: mid,
                ..run
            };
            let tail_run = Run {
                first: mid,
                count: run.count - half,
                end: run.end,
            };
            rayon::join(
                || visit_run(layout, head_run, head, min_work, visit),
                || visit_run(layout, tail_run, tail, min_work, visit),
            );
            return;
        }
    }
    let mut data = data;
    let mut child = run.first;
    for _ in 1..run.count {
        let next = layout.end(child);
        let (head, tail) = data.split(layout, next);
        visit(child, head);
        (data, child) = (tail, next);
    }
    visit(child, data);
}
