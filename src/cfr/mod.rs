//! A generic counterfactual-regret engine for two-player zero-sum games
//! with perfect recall: a game is flattened once into a [`Tree`], solved by
//! CFR+ or Discounted CFR, and measured by exact best responses.

mod best_response;
mod driver;
mod game;
mod log;
mod solver;
mod strategy;
#[cfg(test)]
mod test_game;
mod tree;

pub use best_response::{Evaluation, Evaluator};
pub use driver::{Solution, SolveParams, solve};
pub use game::{Game, Player, Turn};
pub use log::LogRow;
pub use solver::{Algorithm, Solver};
pub use strategy::{InfosetStrategy, Profile, Strategy};
pub use tree::{Tree, TreeError};
