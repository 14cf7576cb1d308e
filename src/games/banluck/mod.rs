//! Banluck: its house rules compiled for the engines ([`rules`]), exact
//! dynamic programming against a known dealer ([`dp`]), the heads-up
//! equilibrium in vector form ([`equilibrium`]; `tests/suite/equilibrium.rs`
//! cross-checks it against the per-history engine of `tests/support`), the
//! strategies ([`strategy`], [`strategy_file`]), the heads-up simulator
//! ([`sim`]) and the strategy pairs it plays by name ([`players`]), tables of K seats ([`table`]: play, the strategic dealer, the
//! table equilibrium, what a seat sees), the rotating bank ([`rotation`])
//! and card counting ([`counting`]); in the lab: the grid family, its
//! engines, records and report ([`lab`]) and the experiment kinds rotation,
//! table and counting ([`kinds`]).

pub mod counting;
pub mod dp;
pub mod equilibrium;
pub mod kinds;
pub mod lab;
pub mod players;
pub mod rotation;
pub mod rules;
pub mod sim;
pub mod strategy;
pub mod strategy_file;
pub mod table;
