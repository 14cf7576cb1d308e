//! Games described history by history for the generic CFR engine
//! ([`crate::cfr`]): the poker toys that validate it against their
//! closed-form values.

pub mod kuhn;
pub mod leduc;
