//! Rows of the convergence log kept while solving.

use serde::{Deserialize, Serialize};

use super::best_response::Evaluation;

/// The state of a solve when exploitability was measured.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogRow {
    /// Iterations done.
    pub iteration: u64,
    /// Seconds since the solve started.
    pub seconds: f64,
    /// Exploitability of the average strategy (payoff units).
    pub exploitability: f64,
    /// Value of the average strategy profile to player 0.
    pub value: f64,
    /// Player 0's payoff against player 1's best response: a lower bound on
    /// the game value.
    pub lower_bound: f64,
    /// Player 0's best-response payoff: an upper bound on the game value.
    pub upper_bound: f64,
}

impl LogRow {
    /// The row for an evaluation after `iteration` iterations and `seconds`.
    pub fn new(iteration: u64, seconds: f64, evaluation: &Evaluation) -> LogRow {
        LogRow {
            iteration,
            seconds,
            exploitability: evaluation.exploitability,
            value: evaluation.value,
            lower_bound: evaluation.lower_bound,
            upper_bound: evaluation.upper_bound,
        }
    }
}
