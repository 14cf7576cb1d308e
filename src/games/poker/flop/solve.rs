//! Building and solving a flop game: the settings that make it, the bytes
//! the solve will take (known before the solver allocates anything), and
//! the shared convergence loop over the vector-form solver.

use crate::cfr::StopRule;
use crate::cfr::vector::{VectorSolver, converge_in_pool, solver_bytes};
use crate::games::poker::position::Position;
use crate::games::poker::range::Range;
use crate::games::poker::river::SolveOptions;
use crate::games::poker::turn::solve::solution;
use crate::games::poker::turn::{TurnKind, TurnSolution};

use super::game::FlopGame;
use super::iso::Symmetry;
use super::tree::{FlopSizes, FlopTree, MAX_NODES};

/// What defines a flop game besides the position's betting state.
#[derive(Debug, Clone)]
pub struct FlopSettings {
    /// Each street's sizes.
    pub sizes: FlopSizes,
    /// The `[OOP, IP]` ranges.
    pub ranges: [Range; 2],
    /// Whether cards alike under suit exchanges are solved once.
    pub isomorphism: bool,
}

impl FlopSettings {
    /// The game of `position` (a three-card board) with these settings;
    /// the error says what is wrong.
    pub fn build(&self, position: &Position) -> Result<FlopGame, String> {
        self.build_at_most(position, MAX_NODES)
    }

    /// [`FlopSettings::build`] with a tree of at most `max_nodes` nodes.
    pub fn build_at_most(&self, position: &Position, max_nodes: usize) -> Result<FlopGame, String> {
        let symmetry = self
            .isomorphism
            .then(|| Symmetry::new(position.board.mask(), &self.ranges));
        let tree = FlopTree::build_at_most(
            position.street(),
            &position.board,
            &self.sizes,
            symmetry.as_ref(),
            max_nodes,
        )
        .map_err(|e| e.to_string())?
        .ok_or_else(|| {
            format!(
                "the board has {} cards; a flop spot has 3",
                position.board.cards().len()
            )
        })?;
        FlopGame::new(tree, &self.ranges, position.chip.value(1)).map_err(|e| e.to_string())
    }
}

/// The bytes a solve of `game` takes: the solver's stores, layout and
/// scratch (allocated only when the solve starts, compressed or not as the
/// game says), the solution's slot per node for a strategy, and the
/// game's tables.
pub fn memory_estimate(game: &FlopGame) -> u64 {
    let slots = game.flop_tree().nodes.len() * std::mem::size_of::<Option<Vec<f64>>>();
    solver_bytes(game, game.compressed()) + slots as u64 + game.memory_bytes() as u64
}

/// Solves `game` under `options`; the solution keeps the average strategy
/// of the flop's decision nodes only (the turn's and river's are many).
pub fn solve(game: &FlopGame, options: &SolveOptions) -> TurnSolution {
    solve_keeping(game, options, 1)
}

/// [`solve`], keeping the average strategy of every decision node (what
/// `poker solve --out` saves, so that `poker show` browses every street).
pub fn solve_all(game: &FlopGame, options: &SolveOptions) -> TurnSolution {
    solve_keeping(game, options, 3)
}

/// Solves `game`, keeping the strategies of the first `streets` streets.
fn solve_keeping(game: &FlopGame, options: &SolveOptions, streets: usize) -> TurnSolution {
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
    let run = converge_in_pool(&mut solver, &rule);
    let nodes = &game.flop_tree().nodes;
    solution(
        game.pot(),
        nodes.len(),
        &run,
        memory_estimate(game),
        |node| {
            let kept = nodes[node].street() < streets;
            let decision = matches!(nodes[node].kind, TurnKind::Decision { .. });
            (kept && decision)
                .then(|| solver.average_strategy(node))
                .flatten()
        },
    )
}
