//! Poker spots in the experiment runner: a spot file as rules
//! ([`spot_rules`]: `game = "poker"`, the position, ranges and sizes, with
//! dotted keys an axis can vary), its compile step ([`spot`]), the family
//! ([`family::Poker`]), its engine `solve` ([`engine`]), its output
//! columns ([`record`]) and its grid report ([`report`]: the answer in
//! words, the variants, and 13×13 range grids per action).

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

pub use family::{Poker, SpotRules};
pub use spot::Spot;
pub use spot_game::SpotGame;
pub use spot_rules::{PokerSpot, load_poker_spot};
