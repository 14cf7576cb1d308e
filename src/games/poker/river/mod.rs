//! The river game and its solve: a [`RiverGame`] is a river position with
//! both ranges and a betting tree, as a [`VectorGame`](crate::cfr::vector::VectorGame)
//! whose terminal values take time linear in the ranges' sizes with card
//! removal ([`terminal`]); [`solve`] runs the vector-form DCFR or CFR+ on
//! it to a target exploitability and reads the result back in chips. It
//! is also a [`SampledGame`](crate::cfr::vector::SampledGame) (`sampled.rs`):
//! [`solve_sampled`] runs Monte Carlo CFR on it, measured the same way.

mod game;
mod sampled;
mod solve;
pub(crate) mod street;
pub(crate) mod terminal;

pub use game::{RiverError, RiverGame};
pub use solve::{RiverSolution, SolveOptions, solve, solve_sampled};
