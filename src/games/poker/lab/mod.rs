//! Poker spots in the experiment runner: a spot file as rules
//! ([`spot_rules`]: `game = "poker"`, the position, ranges and sizes, with
//! dotted keys an axis can vary) and its compile step ([`spot`]).

pub mod spot;
pub mod spot_rules;

pub use spot::Spot;
pub use spot_rules::{PokerSpot, load_poker_spot};
