//! The one counterfactual-regret core for two-player zero-sum games.
//!
//! What every CFR solver of the crate shares: the regret-minimisation rule
//! and its per-iteration [`Schedule`] (CFR+, Discounted CFR), regret
//! matching, the weighted average strategy ([`AverageSum`]), and the
//! convergence loop ([`converge`]: measure every few iterations into a
//! [`LogRow`], stop at the target exploitability or the iteration limit).
//! Banluck's vector-form solver and the two engines here all use them.
//!
//! The per-history engine: a game with perfect recall is flattened once into
//! a [`Tree`], solved by CFR+ or Discounted CFR, and measured by exact best
//! responses. The vector-form engine ([`vector`]): a game gives a public
//! tree, each player's hands and range-at-once terminal values, and the
//! solver updates every hand of a range in one pass.

mod best_response;
mod driver;
mod flatten;
mod game;
mod log;
mod regret;
mod solver;
mod strategy;
#[cfg(test)]
mod test_game;
mod tree;
pub mod vector;

pub use best_response::{Evaluation, Evaluator};
pub use driver::{Solution, SolveParams, solve};
pub use flatten::TreeError;
pub use game::{Game, Player, Turn};
pub use log::{Bounds, Convergence, Iterate, LogRow, StopRule, converge, converge_observed};
pub use regret::{
    Algorithm, AverageSum, Schedule, add_to_average, average_probability, regret_matching,
};
pub use solver::Solver;
pub use strategy::{InfosetStrategy, Profile, Strategy};
pub use tree::Tree;
