//! banluck-lab: game-theoretically optimal play for house-banked card games
//! whose rules live in data.

/// Games described for the solvers (poker toys first).
pub mod games;
/// Solvers: the generic counterfactual-regret engine.
pub mod solve;
