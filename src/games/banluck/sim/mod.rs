//! The Monte Carlo simulator: plays any player strategy (mixed probabilities
//! allowed) against any dealer strategy on real shuffled decks, settling
//! every hand with the compiled rules alone.
//!
//! - `deal`: the deck (partial Fisher–Yates over a rank array, or
//!   independent draws for the infinite deck).
//! - `refresh`: a deck dealt through several rounds (`deck.refresh`).
//! - `plan`: the flat lookup tables built once per run from the
//!   [`CompiledRules`](crate::games::banluck::rules::CompiledRules) and the strategies.
//! - `play`: one hand, in the order of play of the rules.
//! - `stats`: outcome counts and the statistics made from them.
//! - `run`: [`simulate`] on the generic parallel driver ([`crate::sim`]).
//! - `params`, `result`: what a run is asked for and what it reports.

pub(crate) mod deal;
mod params;
pub(crate) mod plan;
pub(crate) mod play;
pub mod refresh;
mod result;
pub(crate) mod run;
pub(crate) mod stats;

pub use crate::sim::GENERATOR;
pub use params::{SimError, SimParams};
pub use result::{ExactCheck, SimResult};
pub use run::{CHUNK_HANDS, simulate};
pub use stats::{ClassFrequency, PayoffFrequency, SimStats};
