//! Banluck: its house rules and compiled table ([`rules`]), exact dynamic
//! programming against a known dealer ([`dp`]), the heads-up equilibrium in
//! vector form ([`equilibrium`]; `tests/equilibrium.rs` cross-checks it
//! against the per-history engine of `tests/support`), the strategies
//! ([`strategy`], [`strategy_file`]), the heads-up simulator ([`sim`]), multi-player tables ([`multi`]), the
//! engines' typed output ([`record`]), its grid report ([`report`]) and the
//! rotating bank ([`rotation`]) with its experiment kind
//! ([`rotation_study`]), and the strategic dealer at a table of K seats
//! ([`table_dealer`]) with its experiment kind ([`table_study`]), and what
//! a seat sees within a round and what it is worth ([`table_info`]), with
//! the counting study ([`counting_study`]).

pub mod counting;
pub mod counting_study;
pub mod dp;
pub mod engines;
pub mod equilibrium;
pub mod family;
pub mod multi;
pub mod record;
pub mod report;
pub mod rotation;
pub mod rotation_study;
pub mod rules;
pub mod sim;
pub mod strategy;
pub mod strategy_file;
pub mod table_dealer;
pub mod table_equilibrium;
pub mod table_info;
pub mod table_study;
