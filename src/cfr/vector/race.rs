//! Exploitability against wall time, the same way for every solver that
//! [`Iterate`]s (DCFR, CFR+, external- and outcome-sampling MCCFR): the
//! clock runs during iterations only, and the exact best response that
//! measures each point is left out of it, so that an algorithm measured
//! often is not charged for its measurements.
//!
//! Measurements come at iteration counts that grow geometrically, so a run
//! of a million cheap sampled iterations and one of a thousand full sweeps
//! both get a few dozen points.

use std::time::Instant;

use crate::cfr::Iterate;

/// One measurement of a timed run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimedPoint {
    /// Seconds spent iterating so far (measurements excluded).
    pub seconds: f64,
    /// Iterations done.
    pub iterations: u64,
    /// The exploitability of the average strategy: the mean gain of the
    /// two exact best responses, at least 0.
    pub exploitability: f64,
}

/// When a timed run measures and stops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Stop once this many seconds were spent iterating.
    pub seconds: f64,
    /// Stop once the exploitability is at most this.
    pub target: f64,
    /// Stop after this many iterations at the latest.
    pub max_iterations: u64,
    /// Each measurement after the first comes at this factor (at least 1
    /// more iteration) times the iterations of the previous one.
    pub growth: f64,
}

/// Runs `solver` until `budget` stops it; the measurements, the first
/// before any iteration.
pub fn timed_run(solver: &mut impl Iterate, budget: &Budget) -> Vec<TimedPoint> {
    let mut points = Vec::new();
    let (mut t, mut seconds) = (0_u64, 0.0);
    loop {
        let bounds = solver.measure();
        let exploitability = ((bounds.upper - bounds.lower) / 2.0).max(0.0);
        points.push(TimedPoint {
            seconds,
            iterations: t,
            exploitability,
        });
        if exploitability <= budget.target
            || seconds >= budget.seconds
            || t >= budget.max_iterations
        {
            return points;
        }
        let next = ((t as f64 * budget.growth).ceil() as u64)
            .max(t + 1)
            .min(budget.max_iterations);
        let started = Instant::now();
        while t < next {
            t += 1;
            solver.iterate(t);
        }
        seconds += started.elapsed().as_secs_f64();
    }
}

/// The first seconds at which a measurement was at most `target`, if any.
pub fn time_to(points: &[TimedPoint], target: f64) -> Option<f64> {
    points
        .iter()
        .find(|point| point.exploitability <= target)
        .map(|point| point.seconds)
}

/// The exploitability of the last measurement taken within `seconds`, if
/// any.
pub fn exploitability_at(points: &[TimedPoint], seconds: f64) -> Option<f64> {
    points
        .iter()
        .take_while(|point| point.seconds <= seconds)
        .last()
        .map(|point| point.exploitability)
}
