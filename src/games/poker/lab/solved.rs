//! The solves behind the engine, as `poker solve` runs them (the same
//! solver, the same measurements and stop for full-width CFR; the same
//! seeded iterations for MCCFR) on the game wrapped in
//! [`Counted`](super::measure::Counted), so that every measurement also
//! records the work done.

use crate::cfr::Algorithm;
use crate::cfr::vector::{Mccfr, SampledGame, Sampling, VectorGame, VectorSolver};
use crate::games::poker::game::{Solution, memory_estimate};
use crate::games::poker::solved::{SolveRun, SolvedSpot};

use super::measure::{Counted, Measured, Stop, measured_run};
use super::spot::CompiledSpot;

/// A finished solve: its measurements (the last one describes the
/// solution) and the average strategy of every node.
#[derive(Debug, Clone)]
pub struct Solved {
    /// The measurements, in order.
    pub points: Vec<Measured>,
    /// Per node of the tree: at a decision, the average strategy laid out
    /// `[action × hand]` for the acting player's hands.
    pub strategies: Vec<Option<Vec<f64>>>,
}

impl Solved {
    /// The last measurement.
    pub fn last(&self) -> &Measured {
        self.points
            .last()
            .expect("a run measures before its first iteration")
    }

    /// The measurements, and the solve of `spot` by `run` as the
    /// interpreter reads it: its solution in chips from the last
    /// measurement, with the average strategies (its `memory_bytes` is the
    /// full-width estimate of the spot's game, [`memory_estimate`]).
    pub fn into_solved_spot(
        self,
        spot: &CompiledSpot,
        run: SolveRun,
    ) -> (Vec<Measured>, SolvedSpot) {
        let game = spot.game.game();
        let half = game.pot() / 2.0;
        let last = self.last().row;
        let solution = Solution {
            value: [half + last.value, half - last.value],
            exploitability: last.exploitability,
            bracket: [half + last.lower, half + last.upper],
            iterations: last.iteration,
            seconds: last.seconds,
            memory_bytes: memory_estimate(game),
            strategies: self.strategies,
        };
        let solved = SolvedSpot::new(spot.spot.clone(), game.clone(), solution, run);
        (self.points, solved)
    }
}

/// Full-width vector-form CFR on `game` until `stop`, inside rayon's pool
/// as [`crate::cfr::vector::converge_in_pool`] runs it.
pub fn full_width<G: VectorGame>(game: &G, algorithm: Algorithm, stop: &Stop) -> Solved {
    let counted = Counted::new(game);
    let mut solver = VectorSolver::new(&counted, algorithm);
    let points = rayon::scope(|_| measured_run(&mut solver, &|| counted.work(), stop));
    let strategies = (0..game.tree().num_nodes())
        .map(|node| solver.average_strategy(node))
        .collect();
    Solved { points, strategies }
}

/// Monte Carlo CFR with `sampling` and the random numbers of `seed` on
/// `game` until `stop` (measured by exact best responses, inside rayon's
/// pool).
///
/// # Errors
/// Why the sampler cannot be built (no pair of hands can be dealt).
pub fn sampled<G: SampledGame>(
    game: &G,
    sampling: Sampling,
    seed: u64,
    stop: &Stop,
) -> Result<Solved, String> {
    let counted = Counted::new(game);
    let mut solver = Mccfr::new(&counted, sampling, seed).map_err(|e| e.to_string())?;
    let points = rayon::scope(|_| measured_run(&mut solver, &|| counted.work(), stop));
    let strategies = (0..game.tree().num_nodes())
        .map(|node| solver.average_strategy(node))
        .collect();
    Ok(Solved { points, strategies })
}
