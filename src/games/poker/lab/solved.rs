//! The solves behind the engine, as `poker solve` runs them (the same
//! solver, the same measurements and stop for full-width CFR; the same
//! seeded iterations for MCCFR) on the game wrapped in
//! [`Counted`](super::measure::Counted), so that every measurement also
//! records the work done.

use crate::cfr::Algorithm;
use crate::cfr::vector::{Mccfr, SampledGame, Sampling, VectorGame, VectorSolver};

use super::measure::{Counted, Measured, Stop, measured_run};

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
