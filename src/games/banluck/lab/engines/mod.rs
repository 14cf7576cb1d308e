//! Banluck's grid engines: each compiles one variant's rules into a
//! [`crate::games::banluck::rules::CompiledRules`], solves it and maps its own solution into the lab's
//! generic [`crate::lab::TaskOutput`] (one `runs` row, `strategies` rows,
//! `convergence` rows). The runner, the cache and the reports only ever
//! see that mapping; [`super::family`] hands these engines to the lab.

mod cfr;
mod dp;
mod sim;

use serde::Deserialize;

pub use cfr::CfrParams;
pub use dp::DpParams;
pub use sim::{SimParams, SimStrategy};

use crate::games::banluck::rules::RuleSet;
use crate::lab::Engine;

/// A Banluck grid engine.
pub type BanluckEngine = Box<dyn Engine<RuleSet>>;

/// `[engines]`: which engines run, with their parameters.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnginesSpec {
    /// `[engines.dp]`: the exact solver against the rules' fixed dealer.
    pub dp: Option<DpParams>,
    /// `[engines.cfr]`: the CFR+ equilibrium solver.
    pub cfr: Option<CfrParams>,
    /// `[engines.sim]`: the Monte Carlo simulator.
    pub sim: Option<SimParams>,
}

impl EnginesSpec {
    /// The engines of the experiment, in the order dp, cfr, sim.
    ///
    /// # Errors
    /// Names an engine the experiment asks for that this build cannot run.
    pub fn engines(&self) -> Result<Vec<BanluckEngine>, String> {
        let mut engines: Vec<BanluckEngine> = Vec::new();
        if let Some(params) = &self.dp {
            engines.push(Box::new(params.clone()));
        }
        if let Some(params) = &self.cfr {
            engines.push(params.engine()?);
        }
        if let Some(params) = &self.sim {
            engines.push(params.engine()?);
        }
        Ok(engines)
    }

    /// The names of the engines asked for, in run order.
    pub fn names(&self) -> Vec<&'static str> {
        [
            self.dp.as_ref().map(|_| "dp"),
            self.cfr.as_ref().map(|_| "cfr"),
            self.sim.as_ref().map(|_| "sim"),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}
