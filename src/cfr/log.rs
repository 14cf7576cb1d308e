//! The convergence loop every CFR solver shares: iterate, measure the
//! average strategy every few iterations into a log row, stop at the
//! target exploitability or the iteration limit.

use std::time::Instant;

use serde::{Deserialize, Serialize};

/// The state of a solve when exploitability was measured.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogRow {
    /// Iterations done.
    pub iteration: u64,
    /// Seconds since the solve started.
    pub seconds: f64,
    /// Exploitability of the average strategy (payoff units): the mean
    /// gain of the two best responses, `(upper - lower) / 2`, at least 0.
    pub exploitability: f64,
    /// Value of the average strategy profile to player 0.
    pub value: f64,
    /// Player 0's best-response value: an upper bound on the game value.
    pub upper: f64,
    /// Player 0's value against player 1's best response: a lower bound on
    /// the game value.
    pub lower: f64,
}

/// A measurement of the average strategy profile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// Value of the profile to player 0.
    pub value: f64,
    /// Player 0's best-response value.
    pub upper: f64,
    /// Player 0's value against player 1's best response.
    pub lower: f64,
}

impl LogRow {
    /// The row for a measurement after `iteration` iterations and `seconds`.
    pub fn new(iteration: u64, seconds: f64, bounds: Bounds) -> LogRow {
        LogRow {
            iteration,
            seconds,
            exploitability: ((bounds.upper - bounds.lower) / 2.0).max(0.0),
            value: bounds.value,
            upper: bounds.upper,
            lower: bounds.lower,
        }
    }
}

/// When to measure and when to stop.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StopRule {
    /// Stop after this many iterations at the latest.
    pub max_iterations: u64,
    /// Stop as soon as a measured exploitability is at most this.
    pub target_exploitability: f64,
    /// Measure before the first iteration, every this many iterations (0
    /// counts as 1) and after the last one.
    pub check_every: u64,
}

impl StopRule {
    /// Whether the average is measured after `iterations` iterations.
    pub fn measures(&self, iterations: u64) -> bool {
        iterations == 0
            || iterations.is_multiple_of(self.check_every.max(1))
            || iterations >= self.max_iterations
    }

    /// Whether the solve ends at a measured row.
    pub fn stops(&self, row: &LogRow) -> bool {
        row.exploitability <= self.target_exploitability || row.iteration >= self.max_iterations
    }
}

/// A solver the convergence loop can drive.
pub trait Iterate {
    /// Runs iteration `t` (counted from 1).
    fn iterate(&mut self, t: u64);
    /// Measures the current average strategy profile.
    fn measure(&mut self) -> Bounds;
}

/// The log of a finished solve.
#[derive(Clone, Debug, PartialEq)]
pub struct Convergence {
    /// Every measurement, in order; the last one describes the solution.
    pub log: Vec<LogRow>,
    /// Iterations done.
    pub iterations: u64,
    /// Wall-clock seconds, measurements included.
    pub seconds: f64,
}

/// Iterates `solver` until `rule` stops it.
pub fn converge(solver: &mut impl Iterate, rule: &StopRule) -> Convergence {
    converge_observed(solver, rule, &mut |_| {})
}

/// [`converge`], handing every log row to `observe` as soon as it is
/// measured (a progress bar, a live log).
pub fn converge_observed(
    solver: &mut impl Iterate,
    rule: &StopRule,
    observe: &mut dyn FnMut(&LogRow),
) -> Convergence {
    let started = Instant::now();
    let mut log = Vec::new();
    let mut t = 0;
    loop {
        if rule.measures(t) {
            let bounds = solver.measure();
            let row = LogRow::new(t, started.elapsed().as_secs_f64(), bounds);
            observe(&row);
            log.push(row);
            if rule.stops(&row) {
                break;
            }
        }
        t += 1;
        solver.iterate(t);
    }
    Convergence {
        log,
        iterations: t,
        seconds: started.elapsed().as_secs_f64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake solver whose gap halves every iteration.
    struct Halving {
        gap: f64,
        iterations: Vec<u64>,
    }

    impl Iterate for Halving {
        fn iterate(&mut self, t: u64) {
            self.iterations.push(t);
            self.gap /= 2.0;
        }
        fn measure(&mut self) -> Bounds {
            Bounds {
                value: 0.0,
                upper: self.gap,
                lower: -self.gap,
            }
        }
    }

    #[test]
    fn measures_at_the_start_every_few_iterations_and_stops_at_the_target() {
        let mut solver = Halving {
            gap: 1.0,
            iterations: Vec::new(),
        };
        let rule = StopRule {
            max_iterations: 100,
            target_exploitability: 0.01,
            check_every: 3,
        };
        let run = converge(&mut solver, &rule);
        let measured: Vec<u64> = run.log.iter().map(|row| row.iteration).collect();
        // 2^-6 = 0.0156 > 0.01 at 6, 2^-9 < 0.01 at 9.
        assert_eq!(measured, [0, 3, 6, 9]);
        assert_eq!(run.iterations, 9);
        assert_eq!(solver.iterations, (1..=9).collect::<Vec<_>>());
        assert_eq!(run.log[3].exploitability, 1.0 / 512.0);
    }

    #[test]
    fn stops_at_the_limit_measures_it_and_never_reports_a_negative_gap() {
        let mut solver = Halving {
            gap: -1.0,
            iterations: Vec::new(),
        };
        let rule = StopRule {
            max_iterations: 5,
            target_exploitability: -1.0,
            check_every: 0,
        };
        let run = converge(&mut solver, &rule);
        let measured: Vec<u64> = run.log.iter().map(|row| row.iteration).collect();
        assert_eq!(measured, [0, 1, 2, 3, 4, 5]);
        assert!(run.log.iter().all(|row| row.exploitability == 0.0));
        let rule = StopRule {
            check_every: 10,
            ..rule
        };
        assert!(rule.measures(0) && rule.measures(5) && rule.measures(20));
        assert!(!rule.measures(3));
    }
}
