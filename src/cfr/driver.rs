//! The solve driver: iterate, measure exploitability now and then, stop at
//! the target.

use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::best_response::Evaluator;
use super::log::LogRow;
use super::solver::{Algorithm, Solver};
use super::strategy::Strategy;
use super::tree::Tree;

/// What to run and when to stop.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveParams {
    /// The regret-minimisation rule.
    pub algorithm: Algorithm,
    /// Stop after this many iterations at the latest.
    pub max_iterations: u64,
    /// Stop as soon as a measured exploitability is at most this.
    pub target_exploitability: f64,
    /// Measure exploitability every this many iterations (and after the
    /// last one); 0 measures only after the last one.
    pub check_every: u64,
}

impl Default for SolveParams {
    /// CFR+, to exploitability 1e-6 or 100 000 iterations, measured every
    /// 10 iterations.
    fn default() -> SolveParams {
        SolveParams {
            algorithm: Algorithm::CFR_PLUS,
            max_iterations: 100_000,
            target_exploitability: 1e-6,
            check_every: 10,
        }
    }
}

/// The outcome of a solve: the average strategy and how good it is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Solution {
    /// The parameters of the run.
    pub params: SolveParams,
    /// The average strategy of both players, by information-set key.
    pub strategy: Strategy,
    /// Expected payoff to player 0 of the average strategy profile.
    pub value: f64,
    /// Exploitability of the average strategy (payoff units).
    pub exploitability: f64,
    /// Player 0's payoff against player 1's best response.
    pub lower_bound: f64,
    /// Player 0's best-response payoff.
    pub upper_bound: f64,
    /// Iterations done.
    pub iterations: u64,
    /// Wall-clock seconds, measurements included.
    pub seconds: f64,
    /// Every measurement, in order; the last one describes the solution.
    pub log: Vec<LogRow>,
}

/// Runs `params.algorithm` on `tree` until the target exploitability or the
/// iteration limit, whichever comes first.
pub fn solve(tree: &Tree, params: SolveParams) -> Solution {
    let start = Instant::now();
    let mut solver = Solver::new(tree, params.algorithm);
    let mut evaluator = Evaluator::new(tree);
    let mut log = Vec::new();
    loop {
        let iterations = solver.iterations();
        let last = iterations >= params.max_iterations;
        if last || (params.check_every > 0 && iterations.is_multiple_of(params.check_every)) {
            let average = solver.average();
            let evaluation = evaluator.evaluate(&average);
            let row = LogRow::new(iterations, start.elapsed().as_secs_f64(), &evaluation);
            log.push(row);
            if last || row.exploitability <= params.target_exploitability {
                return Solution {
                    params,
                    strategy: average.to_strategy(tree),
                    value: row.value,
                    exploitability: row.exploitability,
                    lower_bound: row.lower_bound,
                    upper_bound: row.upper_bound,
                    iterations,
                    seconds: row.seconds,
                    log,
                };
            }
        }
        solver.iterate();
    }
}
