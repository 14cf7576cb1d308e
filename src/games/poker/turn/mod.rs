//! A turn spot's settings and the versioned file of a solved turn or flop
//! spot.
//!
//! - [`spot`]: the settings that rebuild a turn game.
//! - [`save`]: the binary file of a solution.

pub mod save;
pub mod spot;

pub use save::SavedTurn;
pub use spot::TurnSpot;
