//! What a simulation reports: its statistics with their provenance.

use serde::{Deserialize, Serialize};

use super::stats::SimStats;

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
