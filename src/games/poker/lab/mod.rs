//! Poker spots in the experiment runner: a spot file as rules
//! ([`spot_rules`]: `game = "poker"`, the position, ranges and sizes, with
//! dotted keys an axis can vary; a four-card board makes a turn spot with
//! the river's sizes in [`spot_sizes`], a three-card board a flop spot
//! with them), its compile step ([`spot`],
//! [`spot_game`]), the family ([`family::Poker`]), its engine `solve`
//! ([`engine`]: DCFR, CFR+ and MCCFR, one engine per algorithm) with its
//! measured runs ([`measure`], [`solved`]) and outputs ([`output`]: the
//! solve read through the interpreter, [`crate::games::poker::solved`],
//! into the rows of [`nodes`], a turn spot's nodes chosen in
//! [`turn_nodes`]; on a flop spot also the card abstractions of
//! `buckets`), its output columns ([`record`]) and its
//! grid report ([`report`]: the answer in words, the variants, 13×13
//! range grids per action, and for turn spots the convergence race
//! against work and the EV by hand class).

pub mod engine;
pub mod family;
pub mod measure;
pub mod nodes;
pub mod output;
pub mod record;
pub mod report;
pub mod solved;
pub mod spot;
pub mod spot_game;
pub mod spot_rules;
pub mod spot_sizes;
pub mod turn_nodes;
mod violation;

pub use family::{Poker, SpotRules};
pub use spot::CompiledSpot;
pub use spot_game::SpotGame;
pub use spot_rules::{PokerSpot, load_poker_spot};
