//! Games described history by history for the generic CFR engine
//! ([`crate::solve::cfr`]): the poker toys that validate it (Kuhn, Leduc)
//! and heads-up Banluck for the reduced-deck cross-check of the vector-form
//! equilibrium solver.

pub mod banluck;
pub mod kuhn;
pub mod leduc;
