//! What a simulation is asked for, and why it may not run.

use serde::{Deserialize, Serialize};

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
