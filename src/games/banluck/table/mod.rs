//! Banluck at a table of K seats (1..=7) against one dealer hand dealt
//! from the same deck, the rules' `[table]` section.
//!
//! - [`play`]: rounds and runs with the rules' fixed dealer, or a
//!   strategic dealer's policy.
//! - [`dealer`]: the strategic dealer's best response to the seats, and
//!   the dealer that counts the cards a reveal shows.
//! - [`equilibrium`]: the seats and the dealer all adapting.
//! - [`info`]: what a seat sees within a round and what it is worth.
//! - [`request`]: which study serves a request, and the settings and
//!   rules each takes.

pub mod dealer;
pub mod equilibrium;
pub mod info;
pub mod play;
pub mod request;
