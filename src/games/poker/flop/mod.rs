//! A flop spot's settings ([`spot`]), saved with a solution in the turn's
//! file format (`poker solve --out`).

pub mod spot;

pub use spot::{FLOP_MAGIC, FlopSpot, SavedFlop};
