//! The poker toys that validate the generic CFR engines against their
//! closed-form values: described history by history for the per-history
//! engine ([`crate::cfr::Tree`]) and in vector form for
//! [`crate::cfr::vector`] ([`one_card`], and [`clairvoyance`], a river spot
//! with ranges). [`repeated`] puts a wide public chance node in front of a
//! vector game, the shape of a turn spot's river cards.

#[cfg(test)]
mod cfr_checks;
pub mod clairvoyance;
pub mod kuhn;
pub mod leduc;
pub mod one_card;
pub mod repeated;
#[cfg(test)]
mod vector_checks;
