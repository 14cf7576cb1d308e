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

mod best_response;
mod game;
mod mccfr;
mod mccfr_external;
mod mccfr_outcome;
mod race;
mod sampled;
mod solver;
mod sweeps;
mod tree;

pub use game::VectorGame;
pub use mccfr::{Mccfr, MccfrError, Sampling};
pub use race::{Budget, TimedPoint, exploitability_at, time_to, timed_run};
pub use sampled::{DealSampler, SampledGame, pick};
pub use solver::VectorSolver;
pub use tree::{NodeKind, PublicNode, PublicTree, PublicTreeError};
