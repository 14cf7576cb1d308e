//! A spot and the one way to build its game, whatever its root's street
//! and wherever it comes from (the command line's flags, a spot file, the
//! solver page's request).
//!
//! - [`definition`]: the [`Spot`]: the position, both ranges, each
//!   player's sizes on every street (the sizing rule already applied) and
//!   the [`GameOptions`] that apply where the root's street allows.
//! - [`build`]: [`build_game`], the one builder of a [`PokerGame`](crate::games::poker::game::PokerGame).
//! - [`memory`]: [`memory_need`], the bytes a solve takes for what it
//!   keeps ([`Readout`]), and [`check_memory`] against a limit.
//! - [`error`]: [`SpotError`], and the [`SpotPart`] each one is about, so
//!   that each entry point names its own flag or key.

pub mod build;
pub mod definition;
pub mod error;
pub mod memory;

pub use build::build_game;
pub use definition::{GameOptions, Spot};
pub use error::{SpotError, SpotPart};
pub use memory::{MAX_MEMORY_BYTES, Readout, check_memory, memory_need};
