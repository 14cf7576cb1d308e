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

pub(crate) mod deal;
pub(crate) mod plan;
pub(crate) mod play;
pub mod refresh;
pub(crate) mod run;
pub(crate) mod stats;

use serde::{Deserialize, Serialize};

pub use crate::sim::GENERATOR;
pub use run::{CHUNK_HANDS, simulate};
pub use stats::{ClassFrequency, PayoffFrequency, SimStats};

/// What to simulate besides the rules and strategies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimParams {
    /// Hands to play (at least 1).
    pub hands: u64,
    /// The seed; the same seed and number of hands give the same statistics.
    pub seed: u64,
    /// Worker threads; 0 uses rayon's global pool (every core).
    pub threads: usize,
    /// Show a progress bar on stderr for runs over a second (never when
    /// stderr is not a terminal).
    pub progress: bool,
}

/// The outcome of a simulation with its provenance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimResult {
    /// Hash of the rules played ([`CompiledRules::hash`](crate::games::banluck::rules::CompiledRules::hash)).
    pub rules_hash: String,
    /// The random number generator and how it was seeded.
    pub generator: String,
    /// The seed.
    pub seed: u64,
    /// Hands per chunk of the random streams.
    pub chunk_hands: u64,
    /// Worker threads used.
    pub threads: usize,
    /// Wall-clock seconds spent playing.
    pub seconds: f64,
    /// Hands played per second.
    pub hands_per_second: f64,
    /// The statistics.
    pub stats: SimStats,
}

impl SimResult {
    /// Compares the simulated mean with an exact value.
    pub fn compare(&self, exact: f64) -> ExactCheck {
        ExactCheck {
            exact,
            difference: self.stats.mean - exact,
            z: self.stats.z_score(exact),
        }
    }
}

/// A simulated mean set against an exact value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ExactCheck {
    /// The exact value supplied.
    pub exact: f64,
    /// Simulated mean minus the exact value.
    pub difference: f64,
    /// The difference in standard errors; |z| above about 3 is suspicious.
    pub z: f64,
}

/// Why a simulation could not run.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SimError {
    /// A strategy does not fit the rules.
    #[error("strategy does not fit the rules: {0}")]
    Strategy(String),
    /// A parameter is out of range.
    #[error("{0}")]
    Params(String),
}
