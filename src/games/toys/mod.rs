//! Games described history by history for the generic CFR engine
//! ([`crate::cfr`]): the poker toys that validate it against their
//! closed-form values.

#[cfg(test)]
mod cfr_checks;
pub mod kuhn;
pub mod leduc;
