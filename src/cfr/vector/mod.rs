//! Vector-form CFR, postflop-solver's way: the solver walks a public tree
//! once per player update and keeps, at every node, one entry per private
//! hand of a range; the game values whole ranges where the game ends, card
//! removal included.
//!
//! A game implements [`VectorGame`] (a [`PublicTree`], each player's hands
//! with their initial weights, range-at-once terminal values, hand masks
//! below public chance); [`VectorSolver`] runs CFR+ or DCFR on it with the
//! shared primitives of [`crate::cfr`] (schedule, regret matching,
//! averaging) in flat `[action × hand]` arrays and measures it with exact
//! vector-form best responses, so [`converge`](crate::cfr::converge) drives
//! it like every other solver.
//!
//! A game that also implements [`SampledGame`] (one deal of one hand per
//! player, chance given the deal, the payoff of a hand pair) can be solved
//! by Monte Carlo CFR, external or outcome sampling ([`Mccfr`]), in the same
//! arrays and measured by the same exact best responses.
//!
//! Parallel sweeps. The solver numbers the tree in preorder (`layout.rs`;
//! games keep their own node numbers), so every subtree is one run of
//! positions, of `[action × hand]` blocks and of hand columns. The forward
//! sweep (`sweeps.rs`), the backward sweep (`backward.rs`) and so the best
//! responses walk subtree by subtree: where a node's children, halved,
//! have at least [`PARALLEL_WORK`] work (nodes × both players' hands) in
//! each half, `split.rs` hands the halves to `rayon::join` with disjoint
//! slices of the arrays they write; a smaller subtree is one plain loop
//! over its positions, the single-threaded code. The two best responses of
//! a measurement write disjoint arrays and run concurrently on a tree of
//! that much work. A node's arithmetic never depends on the thread that
//! does it (it reads its own subtree and sums its children in action
//! order), so values, regrets and strategies are the same bit for bit on
//! any number of threads and at any threshold (`tests/vector_parallel.rs`:
//! 1, 2 and 4 threads, threshold 0 and the default). At the default
//! threshold issue 16's river spot (39 nodes × 443 hands) splits its first
//! subtrees between two threads (1.68× on an idle 2-core machine), and a
//! chance node's river subtrees (a turn spot's river cards) are shared
//! between the threads.

mod backward;
mod best_response;
mod game;
mod layout;
mod mccfr;
mod mccfr_external;
mod mccfr_outcome;
mod race;
mod sampled;
mod solver;
mod split;
mod sweeps;
mod tied;
mod tree;

pub use game::VectorGame;
pub use mccfr::{Mccfr, MccfrError, Sampling};
pub use race::{Budget, TimedPoint, exploitability_at, time_to, timed_run};
pub use sampled::{DealSampler, SampledGame, pick};
pub use solver::{PARALLEL_WORK, VectorSolver, converge_in_pool};
pub use tied::UNTIED;
pub use tree::{NodeKind, PublicNode, PublicTree, PublicTreeError};
