//! The CFR+ equilibrium solver as a runner engine.

use serde::{Deserialize, Serialize};

use super::Engine;

/// `[engines.cfr]`: when to stop iterating.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CfrParams {
    /// Stop once the average strategy's exploitability (units per hand) is
    /// at most this.
    pub target_exploitability: f64,
    /// Stop after this many iterations at the latest.
    pub max_iterations: u64,
}

impl Default for CfrParams {
    fn default() -> Self {
        CfrParams {
            target_exploitability: 0.001,
            max_iterations: 10_000,
        }
    }
}

impl CfrParams {
    /// The engine for these parameters.
    ///
    /// # Errors
    /// This build has no equilibrium solver yet.
    pub fn engine(&self) -> Result<Box<dyn Engine>, String> {
        Err("engine `cfr` is not available in this build".into())
    }
}
