//! The independent Banluck oracle (see `tests/suite/oracle.rs`).

pub mod bridge;
pub mod dealer_br;
pub mod deck;
pub mod game;
pub mod hand;
pub mod rules;
