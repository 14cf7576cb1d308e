//! Banluck: its house rules compiled for the engines ([`rules`]), exact dynamic
//! programming against a known dealer ([`dp`]), the heads-up equilibrium in
//! vector form ([`equilibrium`]; `tests/equilibrium.rs` cross-checks it
//! against the per-history engine of `tests/support`), the strategies ([`strategy`], [`strategy_file`]), the
//! heads-up simulator ([`sim`]), tables of K seats ([`table`]: play, the
//! strategic dealer, the table equilibrium, what a seat sees) with their
//! experiment kind ([`table_study`]), the engines' typed output
//! ([`record`]), its grid report ([`report`]), the rotating bank
//! ([`rotation`]) with its experiment kind ([`rotation_study`]), and card
//! counting ([`counting`]) with its experiment kind ([`counting_study`]).

pub mod counting;
pub mod counting_study;
pub mod dp;
pub mod engines;
pub mod equilibrium;
pub mod family;
pub mod record;
pub mod report;
pub mod rotation;
pub mod rotation_study;
pub mod rules;
pub mod sim;
pub mod strategy;
pub mod strategy_file;
pub mod table;
pub mod table_study;
