//! What the equilibrium solver runs and when it stops: the `[engines.cfr]`
//! section of an experiment file and the `solve --engine cfr` flags.

use serde::{Deserialize, Serialize};

use crate::cfr::{self, StopRule};

/// The regret-minimisation variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CfrVariant {
    /// Regret matching+, alternating updates, linearly weighted averages.
    CfrPlus,
    /// Discounted CFR (alpha 1.5, beta 0, gamma 2: iteration t's strategy
    /// weighs t squared in the average), alternating updates.
    Dcfr,
}

impl CfrVariant {
    /// The shared engine's rule for this variant.
    pub fn engine(self) -> cfr::Algorithm {
        match self {
            CfrVariant::CfrPlus => cfr::Algorithm::CFR_PLUS,
            CfrVariant::Dcfr => cfr::Algorithm::DCFR,
        }
    }
}

/// When to stop and how often to measure (also `[engines.cfr]` of an
/// experiment file: unknown keys are refused, missing ones default).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CfrParams {
    /// The variant.
    pub algorithm: CfrVariant,
    /// Stop once the exploitability (units per hand) is at most this.
    pub target_exploitability: f64,
    /// Stop after this many iterations in any case.
    pub max_iterations: u32,
    /// Measure the exploitability every this many iterations.
    pub check_every: u32,
}

impl Default for CfrParams {
    fn default() -> Self {
        CfrParams {
            algorithm: CfrVariant::CfrPlus,
            target_exploitability: 1e-6,
            max_iterations: 20_000,
            check_every: 25,
        }
    }
}

impl CfrParams {
    /// The shared convergence loop's stopping rule.
    pub fn stop_rule(&self) -> StopRule {
        StopRule {
            max_iterations: u64::from(self.max_iterations),
            target_exploitability: self.target_exploitability,
            check_every: u64::from(self.check_every),
        }
    }
}
