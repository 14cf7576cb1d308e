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

mod best_response;
mod game;
mod layout;
mod solver;
mod split;
mod sweeps;
mod tree;

pub use game::VectorGame;
pub use solver::{PARALLEL_WORK, VectorSolver};
pub use tree::{NodeKind, PublicNode, PublicTree, PublicTreeError};
