//! Vector-form CFR, postflop-solver's way: the solver walks a public tree
//! once per player update with one entry per private hand of a range at
//! every node it passes; the game values whole ranges where the game ends, card
//! removal included.
//!
//! A game implements [`VectorGame`] (a [`PublicTree`], each player's hands
//! with their initial weights, range-at-once terminal values, hand masks
//! below public chance); [`VectorSolver`] runs CFR+ or DCFR on it with the
//! shared schedule of [`crate::cfr`] in flat `[action × hand]` arrays and
//! measures it with exact vector-form best responses, so
//! [`converge`](crate::cfr::converge) drives it like every other solver.
//!
//! A game that also implements [`SampledGame`] (one deal of one hand per
//! player, chance given the deal, the payoff of a hand pair) can be solved
//! by Monte Carlo CFR, external or outcome sampling ([`Mccfr`]), in the same
//! arrays and measured by the same exact best responses.
//!
//! Storage and walk. The solver keeps per DECISION node only what CFR
//! needs, `[action × hand]` blocks of regrets and of the average's
//! weighted sums, as `f32` (`store.rs`), or as 16-bit integers with one
//! scale per node when [compressed](VectorSolver::compressed); the current
//! strategy is regret matching of the regrets, computed where it is used.
//! An iteration is one depth-first walk per player (`walk.rs`): reach rows
//! go down, counterfactual values come back up, both `f64` in scratch
//! space that each node cuts its frame from, so a walk holds one
//! root-to-leaf path's rows, not a row per node. Best responses walk the
//! same way against the average strategy read from the sums, in `f64`.
//! Subtrees the opponent does not reach (its reach row all 0) are pruned:
//! the walker's values there are 0, so nothing is evaluated; an update
//! still adds its sums where it has reach and discounts its regrets.
//!
//! Parallel walks. The solver numbers the tree in preorder (`layout.rs`;
//! games keep their own node numbers), so every subtree is one run of
//! positions and of `[action × hand]` blocks. Where a node's children,
//! halved, have at least [`PARALLEL_WORK`] work (nodes × both players'
//! hands) in each half, `split.rs` hands the halves to `rayon::join` with
//! disjoint slices of the stores and of the children's value rows, the
//! second half with scratch of its own thread's; on one thread a child
//! borrows its parent's stores whole. The two best responses
//! of a measurement write nothing shared and run concurrently on a tree
//! of that much work. A node's arithmetic never depends on the thread
//! that does it (it reads its own subtree and sums its children in action
//! order), so values, regrets and strategies are the same bit for bit on
//! any number of threads and at any threshold (`tests/suite/vector_parallel.rs`:
//! 1, 2 and 4 threads, threshold 0 and the default). A chance node's
//! subtrees (a turn spot's river cards, a flop spot's turn cards) are
//! shared between the threads.

mod best_response;
mod game;
mod layout;
mod matching;
mod mccfr;
mod mccfr_external;
mod mccfr_outcome;
mod race;
mod reach;
mod rows;
mod sampled;
mod solver;
mod split;
mod store;
#[cfg(test)]
mod test_numbers;
mod tied;
mod tree;
mod walk;

pub use game::VectorGame;
pub use mccfr::{Mccfr, MccfrError, Sampling};
pub use race::{Budget, TimedPoint, exploitability_at, time_to, timed_run};
pub use sampled::{DealSampler, SampledGame, pick};
pub use solver::{PARALLEL_WORK, VectorSolver, converge_in_pool, solver_bytes, strategy_bytes};
pub use tied::UNTIED;
pub use tree::{NodeKind, PublicNode, PublicTree, PublicTreeError};
