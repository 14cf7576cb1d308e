//! Heads-up hold'em, starting with the river (issue 16): cards, ranges,
//! the position notation, hand strength, and the public betting tree a
//! vector-form CFR solver walks, and the river solver on it.
//!
//! - [`card`], [`combo`]: cards `As`, boards, and the 1326 combos in a fixed order.
//! - [`range`], [`range_parse`]: ranges as 1326 weights, the range syntax, the 13×13 grid.
//! - [`position`], [`position_parse`]: `POS:CARDS:STACK/…|P{pot}|{board}|{history}|>{POS}`.
//! - [`chips`], [`action`], [`betting`]: amounts, the history notation, the betting rules.
//! - [`sizes`], [`tree`]: `"33%, 75%, a"` and the flat public tree.
//! - [`eval`], [`ranking`]: seven-card strength and each river board's combo order.
//! - [`river`]: the river spot as a vector-form game, and its solve.
//! - [`lab`]: spot files as rules, the lab family, its engine and report.
//! - [`turn`]: a turn spot with every river card, and its solve, save and load.
//! - [`error`]: errors that point at the character.

pub mod action;
pub mod betting;
pub mod card;
pub mod chips;
pub mod combo;
pub mod error;
pub mod eval;
pub mod flop;
pub mod lab;
pub mod position;
pub mod position_parse;
pub mod range;
pub mod range_parse;
pub mod ranking;
pub mod river;
pub mod sizes;
pub mod tree;
pub mod turn;

#[cfg(test)]
mod position_tests;
