//! Solving a river game: the shared convergence loop over the vector-form
//! solver (or Monte Carlo CFR), with the result read back in chips.

use crate::cfr::vector::{Mccfr, MccfrError, Sampling, VectorSolver, converge_in_pool};
use crate::cfr::{Algorithm, Convergence, StopRule, converge};

use super::game::RiverGame;

/// When to stop and how to iterate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolveOptions {
    /// DCFR or CFR+.
    pub algorithm: Algorithm,
    /// Stop once the exploitability is at most this many chips.
    pub target: f64,
    /// Stop after this many iterations at the latest.
    pub max_iterations: u64,
    /// Measure the exploitability every this many iterations.
    pub check_every: u64,
}

/// A solved river game, in chips.
#[derive(Debug, Clone, PartialEq)]
pub struct RiverSolution {
    /// The chip EV of OOP and IP under the average strategies (they sum to
    /// the starting pot).
    pub value: [f64; 2],
    /// The mean of the two players' best-response gains, in chips.
    pub exploitability: f64,
    /// The bracket `[pot − BR_IP, BR_OOP]` that holds OOP's game value.
    pub bracket: [f64; 2],
    /// Iterations done.
    pub iterations: u64,
    /// Wall-clock seconds of the solve, measurements included.
    pub seconds: f64,
    /// Per node of the betting tree: at a decision, the average strategy
    /// laid out `[action × hand]` for the acting player's hands.
    pub strategies: Vec<Option<Vec<f64>>>,
}

impl RiverSolution {
    /// The exploitability in per cent of the starting pot.
    pub fn exploitability_pct(&self, pot: f64) -> f64 {
        100.0 * self.exploitability / pot
    }
}

/// Solves `game` under `options`.
pub fn solve(game: &RiverGame, options: &SolveOptions) -> RiverSolution {
    let mut solver = VectorSolver::new(game, options.algorithm);
    let rule = StopRule {
        max_iterations: options.max_iterations,
        target_exploitability: options.target,
        check_every: options.check_every,
    };
    let run = converge_in_pool(&mut solver, &rule);
    solution(game, &run, |node| solver.average_strategy(node))
}

/// Solves `game` by Monte Carlo CFR with `sampling` and the random numbers
/// of `seed` until `rule` stops it (its iterations are sampled ones, one
/// deal per player each); measured by exact best responses like
/// [`solve`].
pub fn solve_sampled(
    game: &RiverGame,
    sampling: Sampling,
    seed: u64,
    rule: &StopRule,
) -> Result<RiverSolution, MccfrError> {
    let mut solver = Mccfr::new(game, sampling, seed)?;
    let run = converge(&mut solver, rule);
    Ok(solution(game, &run, |node| solver.average_strategy(node)))
}

/// The solution in chips from the log of `run` and the average strategy of
/// each node.
fn solution(
    game: &RiverGame,
    run: &Convergence,
    average_strategy: impl Fn(usize) -> Option<Vec<f64>>,
) -> RiverSolution {
    let last = run.log.last().expect("the loop measures at least once");
    let half = game.pot() / 2.0;
    RiverSolution {
        value: [half + last.value, half - last.value],
        exploitability: last.exploitability,
        bracket: [half + last.lower, half + last.upper],
        iterations: run.iterations,
        seconds: run.seconds,
        strategies: (0..game.betting().nodes.len())
            .map(average_strategy)
            .collect(),
    }
}
