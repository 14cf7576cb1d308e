//! Solving a turn game: the shared convergence loop over the vector-form
//! solver (or Monte Carlo CFR), with the result read back in chips and the
//! memory it took.

use crate::cfr::vector::{
    Mccfr, MccfrError, Sampling, VectorGame, VectorSolver, converge_in_pool, strategy_bytes,
};
use crate::cfr::{Convergence, Player, StopRule, converge};
use crate::games::poker::river::SolveOptions;

use super::game::TurnGame;
use super::profile::ProfileValues;

/// A solved turn game, in chips.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnSolution {
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
    /// The bytes of the solver's arrays and the game's tables (counted
    /// from their sizes, not measured).
    pub memory_bytes: u64,
    /// Per node of the tree: at a decision, the average strategy laid out
    /// `[action × hand]` for the acting player's hands.
    pub strategies: Vec<Option<Vec<f64>>>,
}

impl TurnSolution {
    /// The exploitability in per cent of the starting pot.
    pub fn exploitability_pct(&self, pot: f64) -> f64 {
        100.0 * self.exploitability / pot
    }
}

/// The bytes a [`VectorSolver`] on `game` holds, uncompressed
/// ([`crate::cfr::vector::solver_bytes`]).
pub fn solver_bytes<G: VectorGame>(game: &G) -> u64 {
    crate::cfr::vector::solver_bytes(game, false)
}

/// The bytes a solve of `game` takes at its peak when it keeps every
/// decision's average strategy and values them, its own tables
/// (`table_bytes`) included: the solver with every strategy read out of
/// it ([`solver_bytes`] plus 8 bytes per action and acting hand), or, once
/// the solver is dropped, those strategies with the per-node reach and
/// values computed from them ([`ProfileValues::bytes`]), whichever is
/// more. What the solver page, `explore` and the lab's spots hold.
pub fn peak_bytes<G: VectorGame>(game: &G, table_bytes: usize) -> u64 {
    let strategies = strategy_bytes(game);
    let solving = solver_bytes(game) + strategies;
    let browsing = strategies + ProfileValues::bytes(game);
    solving.max(browsing) + table_bytes as u64
}

/// Solves `game` under `options`.
pub fn solve(game: &TurnGame, options: &SolveOptions) -> TurnSolution {
    let mut solver = VectorSolver::new(game, options.algorithm);
    let rule = StopRule {
        max_iterations: options.max_iterations,
        target_exploitability: options.target,
        check_every: options.check_every,
    };
    let run = converge_in_pool(&mut solver, &rule);
    let memory = solver_bytes(game) + game.memory_bytes() as u64;
    let nodes = game.turn_tree().nodes.len();
    solution(game.pot(), nodes, &run, memory, |node| {
        solver.average_strategy(node)
    })
}

/// Solves `game` by Monte Carlo CFR with `sampling` and the random numbers
/// of `seed` until `rule` stops it (its iterations are sampled ones, one
/// deal per player each); measured by the exact full best response like
/// [`solve`]. The memory counts the deal sampler's running sums beside the
/// solver's arrays, which Monte Carlo CFR keeps in the same layout.
pub fn solve_sampled(
    game: &TurnGame,
    sampling: Sampling,
    seed: u64,
    rule: &StopRule,
) -> Result<TurnSolution, MccfrError> {
    let mut solver = Mccfr::new(game, sampling, seed)?;
    let run = converge(&mut solver, rule);
    let hands: usize = Player::BOTH
        .map(|p| game.initial_weights(p).len())
        .iter()
        .sum();
    let memory = solver_bytes(game) + game.memory_bytes() as u64 + 8 * hands as u64;
    let nodes = game.turn_tree().nodes.len();
    Ok(solution(game.pot(), nodes, &run, memory, |node| {
        solver.average_strategy(node)
    }))
}

/// The solution in chips of a game with starting pot `pot` and `nodes`
/// nodes, from the log of `run`, the bytes counted, and the average
/// strategy of each node.
pub(crate) fn solution(
    pot: f64,
    nodes: usize,
    run: &Convergence,
    memory_bytes: u64,
    average_strategy: impl Fn(usize) -> Option<Vec<f64>>,
) -> TurnSolution {
    let last = run.log.last().expect("the loop measures at least once");
    let half = pot / 2.0;
    TurnSolution {
        value: [half + last.value, half - last.value],
        exploitability: last.exploitability,
        bracket: [half + last.lower, half + last.upper],
        iterations: run.iterations,
        seconds: run.seconds,
        memory_bytes,
        strategies: (0..nodes).map(average_strategy).collect(),
    }
}
