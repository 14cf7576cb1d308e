//! The per-history CFR engine: a game with perfect recall, described
//! history by history ([`Game`]), is flattened once into a [`Tree`],
//! solved by CFR+ or Discounted CFR ([`Solver`], [`solve`]) with the
//! library's shared schedule and convergence loop
//! ([`banluck_lab::cfr`]), and measured by exact best responses
//! ([`Evaluator`]). The tests check the vector-form engine and Banluck's
//! solver against it.

mod best_response;
mod driver;
mod flatten;
mod game;
mod solver;
mod strategy;
pub mod test_game;
mod tree;

pub use best_response::{Evaluation, Evaluator};
pub use driver::{Solution, SolveParams, solve};
pub use flatten::TreeError;
pub use game::{Game, Turn};
pub use solver::Solver;
pub use strategy::{InfosetStrategy, Profile, Strategy};
pub use tree::Tree;
