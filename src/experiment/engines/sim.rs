//! The Monte Carlo simulator as a runner engine: it plays the exact
//! solver's strategy against the rules' fixed dealer and checks the mean
//! against the exact value.

use serde::{Deserialize, Serialize};

use super::Engine;

/// Which exact strategy the simulated player follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SimStrategy {
    /// The per-composition optimum of the exact solver (checked against `ev`).
    Dp,
    /// The best chart (checked against `ev_chart`).
    Chart,
}

/// `[engines.sim]`: how many hands, from which seed, playing what.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SimParams {
    /// Hands to simulate per variant.
    pub hands: u64,
    /// The seed; the same seed gives the same result at any thread count.
    pub seed: u64,
    /// The player's strategy.
    pub strategy: SimStrategy,
}

impl Default for SimParams {
    fn default() -> Self {
        SimParams {
            hands: 1_000_000,
            seed: 1,
            strategy: SimStrategy::Dp,
        }
    }
}

impl SimParams {
    /// The engine for these parameters.
    ///
    /// # Errors
    /// This build has no simulator yet.
    pub fn engine(&self) -> Result<Box<dyn Engine>, String> {
        Err("engine `sim` is not available in this build".into())
    }
}
