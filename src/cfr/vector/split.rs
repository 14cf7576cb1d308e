//! Visiting a node's child subtrees one after another or, where both
//! halves of the children are big enough, on two of rayon's threads.
//!
//! In the [`Layout`]'s preorder every subtree is one run of positions, so
//! the solver's per-decision blocks of a node's children split into
//! disjoint slices, one per child, and so do the rows the children write
//! their values into: a thread owns whole subtrees and nothing else. A
//! walk's scratch space is a slice that each node cuts its frame from and
//! hands the rest down; the half that runs on another thread takes a
//! buffer of the same length from that thread's spares. Each node's
//! arithmetic reads only its own subtree (and shared, read-only data) and
//! sums its children in action order, so which thread visits a subtree
//! never changes a bit of the result.

use std::cell::RefCell;

use super::layout::Layout;

/// Per-position data of a run of consecutive subtrees, which splits in two
/// at a position between them.
pub(super) trait Split: Send + Sized {
    /// The data of the positions before `at`, and of those from `at` on.
    fn split(self, layout: &Layout, at: usize) -> (Self, Self);
}

impl<S: Split> Split for Option<S> {
    #[inline]
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

impl<A: Split, B: Split> Split for (A, B) {
    #[inline]
    fn split(self, layout: &Layout, at: usize) -> (Self, Self) {
        let (a, a_tail) = self.0.split(layout, at);
        let (b, b_tail) = self.1.split(layout, at);
        ((a, b), (a_tail, b_tail))
    }
}

/// One row per child, in action order, from the child at position `first`
/// on: where the children write their values.
#[derive(Debug)]
pub(super) struct ChildRows<'a> {
    /// The position of the first child whose row is here.
    pub first: usize,
    /// The entries per row.
    pub width: usize,
    /// The rows.
    pub data: &'a mut [f64],
}

impl Split for ChildRows<'_> {
    #[inline]
    fn split(self, layout: &Layout, at: usize) -> (Self, Self) {
        let mut children = 0;
        let mut child = self.first;
        while child < at {
            child = layout.end(child);
            children += 1;
        }
        let (head, tail) = self.data.split_at_mut(children * self.width);
        let head = ChildRows {
            first: self.first,
            width: self.width,
            data: head,
        };
        let tail = ChildRows {
            first: at,
            width: self.width,
            data: tail,
        };
        (head, tail)
    }
}

thread_local! {
    /// Scratch buffers a thread lent to the halves it ran, kept for the
    /// next ones.
    static SPARES: RefCell<Vec<Vec<f64>>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with a scratch slice of `len` entries of this thread's spares
/// (allocated the first time), and keeps the buffer for later.
pub(super) fn with_scratch<R>(len: usize, f: impl FnOnce(&mut [f64]) -> R) -> R {
    let mut buffer = SPARES
        .with(|spares| spares.borrow_mut().pop())
        .unwrap_or_default();
    if buffer.len() < len {
        buffer.resize(len, 0.0);
    }
    let result = f(&mut buffer[..len]);
    SPARES.with(|spares| spares.borrow_mut().push(buffer));
    result
}

/// Calls `visit(child, action, part, free)` for each child of position `p`
/// (its position and its index in action order), where `part` is the
/// piece of `data` (which holds all of `p`'s children's subtrees) that
/// holds `child`'s subtree, and `free` scratch space of `free.len()`
/// entries.
///
/// The children are halved, and the halves visited by `rayon::join`, as
/// long as each half has at least `min_work` work ([`Layout::work`]);
/// smaller runs are visited in order on the calling thread.
pub(super) fn for_children<S: Split>(
    layout: &Layout,
    p: usize,
    data: S,
    min_work: usize,
    free: &mut [f64],
    visit: &(impl Fn(usize, usize, S, &mut [f64]) + Sync),
) {
    let count = layout.children(p).count();
    let run = Run {
        first: p + 1,
        index: 0,
        count,
        end: layout.end(p),
    };
    visit_run(layout, run, data, min_work, free, visit);
}

/// Consecutive children of one node.
#[derive(Clone, Copy, Debug)]
struct Run {
    /// The position of the first.
    first: usize,
    /// Its index in action order.
    index: usize,
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
    free: &mut [f64],
    visit: &(impl Fn(usize, usize, S, &mut [f64]) + Sync),
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
                index: run.index + half,
                count: run.count - half,
                end: run.end,
            };
            let len = free.len();
            rayon::join(
                || visit_run(layout, head_run, head, min_work, free, visit),
                || {
                    with_scratch(len, |spare| {
                        visit_run(layout, tail_run, tail, min_work, spare, visit);
                    });
                },
            );
            return;
        }
    }
    let mut data = data;
    let mut child = run.first;
    for index in run.index..run.index + run.count - 1 {
        let next = layout.end(child);
        let (head, tail) = data.split(layout, next);
        visit(child, index, head, free);
        (data, child) = (tail, next);
    }
    visit(child, run.index + run.count - 1, data, free);
}
