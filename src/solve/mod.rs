//! The solvers: exact dynamic programming against a known dealer
//! ([`dp`]), exact blackjack ([`blackjack`]) and the two games' strategies
//! side by side ([`compare`]), the heads-up Banluck equilibrium in vector form
//! ([`equilibrium`]), and the generic counterfactual-regret engine over any
//! extensive-form game ([`cfr`]).

pub mod blackjack;
pub mod cfr;
pub mod compare;
pub mod dp;
pub mod equilibrium;
