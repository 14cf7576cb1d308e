//! Solving a game, whatever its root's street: the shared convergence loop
//! over the vector-form solver (DCFR or CFR+, 16-bit stores if the game
//! asks) or Monte Carlo CFR, with the result read back in chips, and the
//! bytes a solve takes (known before the solver allocates anything).

use crate::cfr::vector::{Mccfr, MccfrError, Sampling, VectorGame, VectorSolver, strategy_bytes};
use crate::cfr::{Algorithm, Convergence, LogRow, Player, StopRule, converge, converge_observed};

use super::poker_game::PokerGame;
use super::profile::ProfileValues;
use super::tree::NodeKind;

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

/// Why a game cannot be solved by Monte Carlo CFR.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SampledError {
    /// The sampler cannot be built.
    #[error(transparent)]
    Mccfr(#[from] MccfrError),
    /// The game's deals list one card of each class of alike cards.
    #[error("Monte Carlo CFR deals every card: solve without suit isomorphism")]
    Mirrored,
}

/// Which decisions' average strategies a solution keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// Every decision's.
    All,
    /// Those on the root's street only (a flop spot's turn and river
    /// decisions are many).
    RootStreet,
}

/// A solved game, in chips.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
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
    /// The bytes the solve took ([`memory_estimate`]; counted from the
    /// arrays' sizes, not measured).
    pub memory_bytes: u64,
    /// Per node of the tree: at a kept decision, the average strategy laid
    /// out `[action × hand]` for the acting player's hands.
    pub strategies: Vec<Option<Vec<f64>>>,
}

impl Solution {
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

/// The bytes a solve of `game` takes when it keeps every decision's
/// average strategy and values them, its own tables (`table_bytes`)
/// included: the solver with every strategy read out of it
/// ([`solver_bytes`] plus 8 bytes per action and acting hand), or, once
/// the solver is dropped, those strategies with the per-node reach and
/// values computed from them ([`ProfileValues::bytes`]), whichever is
/// more. What the solver page, `explore` and the lab's spots hold.
pub fn peak_bytes<G: VectorGame>(game: &G, table_bytes: usize) -> u64 {
    let strategies = strategy_bytes(game);
    let solving = solver_bytes(game) + strategies;
    let browsing = strategies + ProfileValues::bytes(game);
    solving.max(browsing) + table_bytes as u64
}

/// The bytes a full-width solve of `game` takes: the solver's stores,
/// layout and scratch (compressed or not as the game says), the
/// solution's slot per node for a strategy, and the game's tables.
pub fn memory_estimate(game: &PokerGame) -> u64 {
    let slots = game.spot_tree().nodes.len() * std::mem::size_of::<Option<Vec<f64>>>();
    crate::cfr::vector::solver_bytes(game, game.compressed())
        + slots as u64
        + game.memory_bytes() as u64
}

/// Solves `game` under `options` by DCFR or CFR+, keeping the average
/// strategies `keep` names.
pub fn solve(game: &PokerGame, options: &SolveOptions, keep: Keep) -> Solution {
    solve_observed(game, options, keep, &mut |_| {})
}

/// [`solve`], handing every measurement to `observe` as soon as it is
/// made (a progress bar).
pub fn solve_observed(
    game: &PokerGame,
    options: &SolveOptions,
    keep: Keep,
    observe: &mut (dyn FnMut(&LogRow) + Send),
) -> Solution {
    let mut solver = if game.compressed() {
        VectorSolver::compressed(game, options.algorithm)
    } else {
        VectorSolver::new(game, options.algorithm)
    };
    let rule = StopRule {
        max_iterations: options.max_iterations,
        target_exploitability: options.target,
        check_every: options.check_every,
    };
    let run = rayon::scope(|_| converge_observed(&mut solver, &rule, observe));
    let tree = game.spot_tree();
    let root = tree.root_street();
    solution(game, &run, memory_estimate(game), |node| {
        let kept = keep == Keep::All || tree.street(node) == root;
        let decision = matches!(tree.nodes[node].kind, NodeKind::Decision { .. });
        (kept && decision)
            .then(|| solver.average_strategy(node))
            .flatten()
    })
}

/// Solves `game` by Monte Carlo CFR with `sampling` and the random numbers
/// of `seed` until `rule` stops it (its iterations are sampled ones, one
/// deal per player each); measured by the exact full best response like
/// [`solve`], keeping every decision's average strategy. The memory counts
/// the deal sampler's running sums beside the solver's arrays, which Monte
/// Carlo CFR keeps in the same layout.
///
/// # Errors
/// No pair of hands can be dealt, or the game's deals list one card of
/// each class of alike cards (suit isomorphism), which a sampled deal
/// does not.
pub fn solve_sampled(
    game: &PokerGame,
    sampling: Sampling,
    seed: u64,
    rule: &StopRule,
) -> Result<Solution, SampledError> {
    if !game.spot_tree().mirrors.is_empty() {
        return Err(SampledError::Mirrored);
    }
    let mut solver = Mccfr::new(game, sampling, seed)?;
    let run = converge(&mut solver, rule);
    let hands: usize = Player::BOTH
        .map(|p| game.initial_weights(p).len())
        .iter()
        .sum();
    let memory = memory_estimate(game) + 8 * hands as u64;
    Ok(solution(game, &run, memory, |node| {
        solver.average_strategy(node)
    }))
}

/// The solution in chips of `game` from the log of `run`, the bytes
/// counted, and the average strategy of each node.
fn solution(
    game: &PokerGame,
    run: &Convergence,
    memory_bytes: u64,
    average_strategy: impl Fn(usize) -> Option<Vec<f64>>,
) -> Solution {
    let last = run.log.last().expect("the loop measures at least once");
    let half = game.pot() / 2.0;
    Solution {
        value: [half + last.value, half - last.value],
        exploitability: last.exploitability,
        bracket: [half + last.lower, half + last.upper],
        iterations: run.iterations,
        seconds: run.seconds,
        memory_bytes,
        strategies: (0..game.spot_tree().nodes.len())
            .map(average_strategy)
            .collect(),
    }
}
