//! Visiting a node's child subtrees one after another or, where both
//! halves of the children are big enough, on two of rayon's threads.
//!
//! In the [`Layout`]'s preorder every subtree is one run of positions, so
//! the solver's per-decision blocks of a node's children split into
//! disjoint slices, one per run of children, and so do the rows the
//! children write their values into: a thread owns whole subtrees and
//! nothing else. Visited in order on one thread, every child borrows its
//! parent's stores whole (a child touches only its subtree's positions),
//! so nothing is cut per child; only the halves handed to two threads are
//! split. A walk's scratch space is a slice that each node cuts its frame
//! from and hands the rest down; the half that runs on another thread
//! takes a buffer of the same length from that thread's spares. Each
//! node's arithmetic reads only its own subtree (and shared, read-only
//! data) and sums its children in action order, so which thread visits a
//! subtree never changes a bit of the result.

use std::cell::RefCell;

use super::layout::Layout;
use super::store::{Learn, halves};

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

/// Calls `visit(child, action, learn, row, free)` for each child of
/// position `p` (its position and its index in action order), where
/// `learn` holds (at least) `child`'s subtree's stores, `row` is the
/// child's row of `data`'s value rows and `free` scratch space of
/// `free.len()` entries.
///
/// The children are halved, and the halves visited by `rayon::join`, as
/// long as each half has at least `min_work` work ([`Layout::work`]);
/// smaller runs are visited in order on the calling thread.
pub(super) fn for_children(
    layout: &Layout,
    p: usize,
    data: Data<'_, '_>,
    min_work: usize,
    free: &mut [f64],
    visit: &(impl Fn(usize, usize, &mut Learn<'_>, &mut [f64], &mut [f64]) + Sync),
) {
    let run = Run {
        first: p + 1,
        index: 0,
        count: data.children,
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

/// What a run of children writes: their stores and their value rows.
pub(super) struct Data<'d, 'a> {
    learn: &'d mut Learn<'a>,
    rows: &'d mut [f64],
    width: usize,
    children: usize,
}

impl<'d, 'a> Data<'d, 'a> {
    /// The stores `learn` and the value rows `rows` of `children` children
    /// (one row each, in action order).
    pub fn new(learn: &'d mut Learn<'a>, rows: &'d mut [f64], children: usize) -> Self {
        let width = rows.len() / children.max(1);
        Data {
            learn,
            rows,
            width,
            children,
        }
    }
}

fn visit_run(
    layout: &Layout,
    run: Run,
    data: Data<'_, '_>,
    min_work: usize,
    free: &mut [f64],
    visit: &(impl Fn(usize, usize, &mut Learn<'_>, &mut [f64], &mut [f64]) + Sync),
) {
    if run.count > 1 && layout.work(run.first, run.end) / 2 >= min_work {
        let half = run.count / 2;
        let mid = (0..half).fold(run.first, |c, _| layout.end(c));
        let (left, right) = (layout.work(run.first, mid), layout.work(mid, run.end));
        if left.min(right) >= min_work {
            let (mut head, mut tail) = halves(data.learn, layout, mid);
            let (head_rows, tail_rows) = data.rows.split_at_mut(half * data.width);
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
                || {
                    let data = Data::new(&mut head, head_rows, half);
                    visit_run(layout, head_run, data, min_work, free, visit);
                },
                || {
                    with_scratch(len, |spare| {
                        let data = Data::new(&mut tail, tail_rows, run.count - half);
                        visit_run(layout, tail_run, data, min_work, spare, visit);
                    });
                },
            );
            return;
        }
    }
    let mut child = run.first;
    let rows = data.rows.chunks_mut(data.width.max(1));
    for (index, row) in (run.index..run.index + run.count).zip(rows) {
        visit(child, index, data.learn, row, free);
        child = layout.end(child);
    }
}
