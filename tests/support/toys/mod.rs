//! The poker toys that validate the CFR engines against their closed-form
//! values: Kuhn and Leduc described history by history for the per-history
//! engine ([`crate::support::history_cfr`]), and in vector form for
//! [`banluck_lab::cfr::vector`] ([`one_card`], and [`clairvoyance`], a
//! river spot with ranges). [`repeated`] puts a wide public chance node in
//! front of a vector game, the shape of a turn spot's river cards.

pub mod clairvoyance;
pub mod kuhn;
pub mod leduc;
pub mod one_card;
pub mod repeated;
