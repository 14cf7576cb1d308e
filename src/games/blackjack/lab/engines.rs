//! Blackjack's grid engines: `exact` ([`crate::games::blackjack::solve`]:
//! the EV of the best composition-dependent play and its best-moves
//! chart), mapped into the lab's generic [`TaskOutput`] in the columns of
//! [`super::record`], and `sim` ([`super::sim_engine`]).

use std::time::Instant;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::record::ev_column;
use super::sim_engine::SimEngine;
use crate::games::blackjack::rules::{BlackjackRules, SplitAlgorithm};
use crate::games::blackjack::{self, BlackjackSolution};
use crate::lab::{Cell, Engine, TaskOutput};

/// `[engines]`: which engines run, with their parameters.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnginesSpec {
    /// `[engines.exact]`: the exact solver.
    pub exact: Option<ExactEngine>,
    /// `[engines.sim]`: the simulator.
    pub sim: Option<SimEngine>,
}

/// A blackjack grid engine.
pub type BlackjackEngine = Box<dyn Engine<BlackjackRules>>;

impl EnginesSpec {
    /// The engines asked for, in the order exact, sim.
    pub fn engines(&self) -> Vec<BlackjackEngine> {
        let mut engines: Vec<BlackjackEngine> = Vec::new();
        if let Some(e) = &self.exact {
            engines.push(Box::new(e.clone()));
        }
        if let Some(e) = &self.sim {
            engines.push(Box::new(e.clone()));
        }
        engines
    }
}

/// `[engines.exact]`: the exact solver, under the rules' own
/// `split.algorithm` (`ev`), and under each of `algorithms` as well
/// (`ev_cdz`, `ev_cdp1`, `ev_cdp`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ExactEngine {
    /// Split algorithms to solve each variant with besides its own
    /// (`"cdz-"`, `"cdp1"`, `"cdp"`); none by default.
    pub algorithms: Vec<SplitAlgorithm>,
}

impl ExactEngine {
    /// Solves `rules` into its `runs` figures and chart rows.
    pub fn solve(&self, rules: &BlackjackRules) -> TaskOutput {
        let started = Instant::now();
        let solution = blackjack::solve(rules);
        let mut figures = vec![
            ("ev".to_string(), Cell::F64(solution.ev)),
            ("ev_percent".to_string(), Cell::F64(solution.ev * 100.0)),
        ];
        for &algorithm in &self.algorithms {
            let ev = if algorithm == rules.split.algorithm {
                solution.ev
            } else {
                let mut other = rules.clone();
                other.split.algorithm = algorithm;
                blackjack::solve(&other).ev
            };
            figures.push((ev_column(algorithm).to_string(), Cell::F64(ev)));
        }
        TaskOutput {
            figures,
            decisions: chart_rows(&solution),
            convergence: Vec::new(),
            seed: None,
            seconds: started.elapsed().as_secs_f64(),
        }
    }
}

/// The chart of `solution` as decision rows.
fn chart_rows(solution: &BlackjackSolution) -> Vec<Vec<Cell>> {
    solution
        .chart
        .iter()
        .map(|cell| {
            vec![
                Cell::Str(cell.row.clone()),
                Cell::Str(cell.upcard.to_string()),
                Cell::Str(cell.best_move.code().to_string()),
                Cell::Bool(cell.mixed),
            ]
        })
        .collect()
}

impl Engine<BlackjackRules> for ExactEngine {
    fn name(&self) -> &'static str {
        "exact"
    }

    fn params(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    fn run(&self, rules: &BlackjackRules) -> Result<TaskOutput, String> {
        Ok(self.solve(rules))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::blackjack::lab::record::FIGURES;

    #[test]
    fn every_figure_is_declared_and_the_own_algorithm_is_not_solved_twice() {
        let mut rules = BlackjackRules::default();
        rules.deck.infinite = true;
        rules.split.max_hands = 2;
        let engine = ExactEngine {
            algorithms: vec![SplitAlgorithm::Cdp1, SplitAlgorithm::CdzMinus],
        };
        let out = engine.solve(&rules);
        for (name, _) in &out.figures {
            assert!(FIGURES.iter().any(|c| c.name == name), "{name}");
        }
        let ev = out.figure("ev").as_f64().unwrap();
        assert_eq!(out.figure("ev_cdp1").as_f64(), Some(ev));
        assert_eq!(out.figure("ev_percent").as_f64(), Some(ev * 100.0));
        assert!(out.figure("ev_cdz").as_f64().unwrap() <= ev + 1e-12);
        assert_eq!(out.figure("ev_cdp"), &Cell::Null);
        assert_eq!(out.decisions.len(), 10 * (15 + 8 + 10));
    }
}
