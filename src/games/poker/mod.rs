//! Heads-up hold'em: cards, ranges, the position notation, hand strength,
//! and one game for a spot on the flop, the turn or the river that a
//! vector-form CFR solver walks.
//!
//! - [`card`], [`combo`]: cards `As`, boards, and the 1326 combos in a fixed order.
//! - [`range`], [`range_parse`]: ranges as 1326 weights, the range syntax, the 13×13 grid.
//! - [`position`], [`position_parse`]: `POS:CARDS:STACK/…|P{pot}|{board}|{history}|>{POS}`.
//! - [`chips`], [`action`], [`betting`]: amounts, the history notation, the betting rules.
//! - [`sizes`]: `"33%, 75%, a"`, and each player's sizes on each street.
//! - [`eval`], [`ranking`]: seven-card strength and each river board's combo order.
//! - [`game`]: one game for a spot on the flop, the turn or the river: its
//!   tree, its vector-form and sampled forms, and its solve.
//! - [`spot`]: the one spot type (position, ranges, sizes, options) that
//!   the command line, spot files and the page fill in, and the one
//!   builder of its game, with its memory need and errors.
//! - [`solved`]: one interpreter of a solved spot of any street: the
//!   node an action path leads to, each hand's reach, strategy, EV and
//!   equity there, per class and over the range.
//! - [`lab`]: spot files as rules, the lab family, its engine and report.
//! - [`error`]: errors that point at the character.

pub mod action;
pub mod betting;
pub mod budget;
pub mod card;
pub mod chips;
pub mod combo;
pub mod error;
pub mod eval;
pub mod game;
pub mod lab;
pub mod position;
pub mod position_parse;
pub mod range;
pub mod range_parse;
pub mod ranking;
pub mod sizes;
pub mod solved;
pub mod spot;

#[cfg(test)]
mod position_tests;
