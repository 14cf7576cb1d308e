//! The one counterfactual-regret core for two-player zero-sum games.
//!
//! What every CFR solver of the crate shares: the two players
//! ([`Player`]), the regret-minimisation rule and its per-iteration
//! [`Schedule`] (CFR+, Discounted CFR), regret matching, the weighted
//! average strategy ([`AverageSum`]), and the convergence loop
//! ([`converge`]: measure every few iterations into a [`LogRow`], stop at
//! the target exploitability or the iteration limit). Banluck's
//! vector-form solver and the generic vector-form engine ([`vector`]) use
//! them: a game gives a public tree, each player's hands and range-at-once
//! terminal values, and the solver updates every hand of a range in one
//! pass.

mod log;
mod player;
mod regret;
pub mod vector;

pub use log::{Bounds, Convergence, Iterate, LogRow, StopRule, converge, converge_observed};
pub use player::Player;
pub use regret::{
    Algorithm, AverageSum, Schedule, add_to_average, average_probability, regret_matching,
};
