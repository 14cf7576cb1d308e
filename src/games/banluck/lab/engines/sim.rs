//! The Monte Carlo simulator as a runner engine: it plays the exact
//! solver's strategy against the rules' fixed dealer and checks the mean
//! against the exact value.

use std::time::Instant;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::games::banluck::dp;
use crate::games::banluck::lab::record::{Figures, Output};
use crate::games::banluck::rules::{CompiledRules, RuleSet};
use crate::games::banluck::sim;
use crate::games::banluck::strategy::DealerStrategy;
use crate::lab::{Engine, TaskOutput};

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
    #[serde(deserialize_with = "crate::lab::at_least_one")]
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
    /// Never in this build; the signature leaves room for engines a build
    /// may lack.
    pub fn engine(&self) -> Result<Box<dyn Engine<RuleSet>>, String> {
        Ok(Box::new(self.clone()))
    }
}

impl Engine<RuleSet> for SimParams {
    fn name(&self) -> &'static str {
        "sim"
    }

    fn params(&self) -> Value {
        let mut params = serde_json::to_value(self).unwrap_or(Value::Null);
        // The generator is part of what the numbers depend on.
        params["generator"] = Value::String(sim::GENERATOR.to_string());
        params
    }

    fn run(&self, rules: &RuleSet) -> Result<TaskOutput, String> {
        self.simulate(&CompiledRules::compile(rules.clone()))
            .map(TaskOutput::from)
    }
}

impl SimParams {
    /// Simulates one variant into Banluck's typed output.
    fn simulate(&self, table: &CompiledRules) -> Result<Output, String> {
        let started = Instant::now();
        let exact = dp::solve(table);
        let (player, value) = match self.strategy {
            SimStrategy::Dp => (&exact.player, exact.ev),
            SimStrategy::Chart => (&exact.chart_player, exact.ev_chart),
        };
        let params = sim::SimParams {
            hands: self.hands,
            seed: self.seed,
            // The runner's pool: results do not depend on the thread count.
            threads: 0,
            progress: false,
        };
        let result = sim::simulate(table, player, &DealerStrategy::fixed(table), &params)
            .map_err(|e| e.to_string())?;
        let stats = &result.stats;
        let check = result.compare(value);
        Ok(Output {
            figures: Figures {
                ev: Some(stats.mean),
                std_dev: Some(stats.std_dev),
                void_rate: Some(stats.void_rate),
                hands: Some(stats.hands),
                std_err: Some(stats.std_error),
                z: Some(check.z),
                exact: Some(value),
                seed: Some(self.seed),
                seconds: started.elapsed().as_secs_f64(),
                ..Figures::default()
            },
            strategies: Vec::new(),
            convergence: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::banluck::rules::RuleSet;

    #[test]
    fn a_simulation_reports_its_check_against_the_exact_value() {
        let table = CompiledRules::compile(RuleSet::default());
        let params = SimParams {
            hands: 2_000_000,
            seed: 7,
            strategy: SimStrategy::Chart,
        };
        let out = params.simulate(&table).unwrap();
        let f = &out.figures;
        let exact = dp::solve(&table).ev_chart;
        assert_eq!(f.exact, Some(exact));
        assert_eq!(f.hands, Some(2_000_000));
        assert_eq!(f.seed, Some(7));
        let (mean, se) = (f.ev.unwrap(), f.std_err.unwrap());
        assert!((f.z.unwrap() - (mean - exact) / se).abs() < 1e-9);
        assert!(f.z.unwrap().abs() < 4.0, "z = {:?}", f.z);
        // The same seed gives the same numbers.
        assert_eq!(params.simulate(&table).unwrap().figures.ev, f.ev);
        assert_eq!(params.params()["generator"], sim::GENERATOR);
    }
}
