//! banluck-lab: game-theoretically optimal play for house-banked card games
//! whose rules live in data.

/// Solvers: the generic counterfactual-regret engine.
pub mod solve;
