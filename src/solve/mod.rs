//! The engines that solve a game exactly: dynamic programming against a
//! known dealer strategy.

pub mod dp;
pub mod equilibrium;
