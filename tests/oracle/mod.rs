//! The independent Banluck oracle (see `tests/oracle.rs`).

pub mod deck;
pub mod game;
pub mod hand;
pub mod rules;
