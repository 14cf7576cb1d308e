//! The solve driver: iterate, measure exploitability now and then, stop at
//! the target.

use banluck_lab::cfr::{Algorithm, Bounds, Iterate, LogRow, StopRule, converge};
use serde::{Deserialize, Serialize};

use super::best_response::Evaluator;
use super::solver::Solver;
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
    /// Measure exploitability before the first iteration, every this many
    /// iterations (0 counts as 1) and after the last one.
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

/// A tree solver with its best-response evaluator, for the convergence
/// loop.
struct Run<'t> {
    solver: Solver<'t>,
    evaluator: Evaluator<'t>,
}

impl Iterate for Run<'_> {
    fn iterate(&mut self, _t: u64) {
        self.solver.iterate();
    }

    fn measure(&mut self) -> Bounds {
        let evaluation = self.evaluator.evaluate(&self.solver.average());
        Bounds {
            value: evaluation.value,
            upper: evaluation.upper_bound,
            lower: evaluation.lower_bound,
        }
    }
}

/// Runs `params.algorithm` on `tree` until the target exploitability or the
/// iteration limit, whichever comes first.
pub fn solve(tree: &Tree, params: SolveParams) -> Solution {
    let mut run = Run {
        solver: Solver::new(tree, params.algorithm),
        evaluator: Evaluator::new(tree),
    };
    let rule = StopRule {
        max_iterations: params.max_iterations,
        target_exploitability: params.target_exploitability,
        check_every: params.check_every,
    };
    let convergence = converge(&mut run, &rule);
    let last = *convergence
        .log
        .last()
        .expect("the loop measures before it stops");
    Solution {
        params,
        strategy: run.solver.average().to_strategy(tree),
        value: last.value,
        exploitability: last.exploitability,
        lower_bound: last.lower,
        upper_bound: last.upper,
        iterations: convergence.iterations,
        seconds: last.seconds,
        log: convergence.log,
    }
}
