//! Blackjack's grid engine `sim`: the simulator
//! ([`crate::games::blackjack::sim`]) on the lab's one driver, its mean,
//! standard error and z against the exact EV mapped into the lab's
//! generic [`TaskOutput`] in the columns of [`super::record`].

use std::time::Instant;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::games::blackjack::rules::BlackjackRules;
use crate::games::blackjack::sim::{
    BlackjackSimParams, BlackjackSimResult, GENERATOR, Strategy, simulate_solved,
};
use crate::games::blackjack::{self};
use crate::lab::{Cell, Engine, TaskOutput};

/// `[engines.sim]`: `rounds` rounds of each variant played card by card
/// from a fresh shoe with the exact engine's composition-dependent strategy
/// (`strategy = "cd"`, whose mean estimates the exact EV itself) or its
/// basic-strategy chart (`"chart"`): the mean with its standard error and
/// its z against the exact EV, and the split hands' z against the exact
/// split values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SimEngine {
    /// Rounds per variant (at least 1).
    #[serde(deserialize_with = "crate::lab::at_least_one")]
    pub rounds: u64,
    /// The seed (the same numbers on any number of threads).
    pub seed: u64,
    /// The strategy played.
    pub strategy: Strategy,
}

impl Default for SimEngine {
    fn default() -> Self {
        SimEngine {
            rounds: 1_000_000,
            seed: 1,
            strategy: Strategy::Cd,
        }
    }
}

impl SimEngine {
    /// Solves `rules` exactly (for the strategy and the EV to compare
    /// with), then simulates them into their `runs` figures.
    ///
    /// # Errors
    /// Rules or parameters the simulator refuses, in words.
    pub fn simulate(&self, rules: &BlackjackRules) -> Result<TaskOutput, String> {
        let started = Instant::now();
        let params = BlackjackSimParams {
            rounds: self.rounds,
            seed: self.seed,
            threads: 0,
            progress: false,
        };
        if rules.charlie != 0 {
            return Err("charlie: the simulator does not play the Charlie; set charlie = 0".into());
        }
        let solution = blackjack::solve(rules);
        let result =
            simulate_solved(rules, &solution, self.strategy, &params).map_err(|e| e.to_string())?;
        Ok(TaskOutput {
            figures: figures(&result),
            decisions: Vec::new(),
            convergence: Vec::new(),
            seed: Some(self.seed),
            seconds: started.elapsed().as_secs_f64(),
        })
    }
}

/// The `runs` figures of a simulation: `ev` is the simulated mean.
fn figures(result: &BlackjackSimResult) -> Vec<(String, Cell)> {
    let checked: Vec<f64> = result.splits.iter().filter_map(|s| s.z).collect();
    vec![
        ("ev".to_string(), Cell::F64(result.mean)),
        ("ev_percent".to_string(), Cell::F64(result.mean * 100.0)),
        ("se".to_string(), Cell::F64(result.std_error)),
        ("z".to_string(), Cell::F64(result.z)),
        ("rounds".to_string(), Cell::U64(result.rounds)),
        ("split_cells".to_string(), Cell::U64(checked.len() as u64)),
        (
            "split_max_abs_z".to_string(),
            Cell::F64(checked.iter().map(|z| z.abs()).fold(0.0, f64::max)),
        ),
    ]
}

impl Engine<BlackjackRules> for SimEngine {
    fn name(&self) -> &'static str {
        "sim"
    }

    fn params(&self) -> Value {
        let mut params = serde_json::to_value(self).unwrap_or(Value::Null);
        // The generator is part of what the numbers depend on.
        params["generator"] = Value::String(GENERATOR.to_string());
        params
    }

    fn run(&self, rules: &BlackjackRules) -> Result<TaskOutput, String> {
        self.simulate(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::blackjack::lab::record::FIGURES;

    #[test]
    fn every_figure_is_declared_and_zero_rounds_is_an_error() {
        let mut rules = BlackjackRules::default();
        rules.deck.infinite = true;
        rules.split.max_hands = 2;
        let engine = SimEngine {
            rounds: 5_000,
            ..SimEngine::default()
        };
        let out = engine.simulate(&rules).unwrap();
        for (name, _) in &out.figures {
            assert!(FIGURES.iter().any(|c| c.name == name), "{name}");
        }
        assert_eq!(out.figure("rounds"), &Cell::U64(5_000));
        assert_eq!(out.seed, Some(1));
        let se = out.figure("se").as_f64().unwrap();
        assert!(se > 0.0 && se < 0.1, "{se}");
        assert!(out.figure("z").as_f64().unwrap().abs() < 5.0);
        let none = SimEngine {
            rounds: 0,
            ..SimEngine::default()
        };
        assert!(none.simulate(&rules).unwrap_err().contains("at least 1"));
        rules.charlie = 5;
        assert!(engine.simulate(&rules).unwrap_err().starts_with("charlie"));
    }
}
