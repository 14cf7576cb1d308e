//! The main crate's `games` folder, as far as the solver needs it.

pub mod poker;
