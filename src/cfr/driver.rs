//! The solve driver: iterate, measure exploitability now and then, stop at
//! the target.

use serde::{Deserialize, Serialize};

use super::best_response::Evaluator;
use super::log::{Bounds, Iterate, LogRow, StopRule, converge};
use super::regret::Algorithm;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::toys::kuhn::Kuhn;
    use crate::games::toys::leduc::Leduc;

    #[test]
    fn stops_at_the_first_measurement_under_the_target() {
        let tree = Tree::build(&Kuhn).unwrap();
        let params = SolveParams {
            target_exploitability: 1e-3,
            check_every: 5,
            ..SolveParams::default()
        };
        let solution = solve(&tree, params);
        assert!(solution.exploitability <= 1e-3);
        assert_eq!(solution.iterations % 5, 0);
        let [.., before, last] = solution.log.as_slice() else {
            panic!("at least two measurements");
        };
        assert!(before.exploitability > 1e-3);
        assert_eq!(last.iteration, solution.iterations);
        assert_eq!(last.exploitability, solution.exploitability);
    }

    #[test]
    fn stops_at_the_iteration_limit_and_measures_it() {
        let tree = Tree::build(&Kuhn).unwrap();
        let params = SolveParams {
            max_iterations: 23,
            target_exploitability: 0.0,
            check_every: 10,
            ..SolveParams::default()
        };
        let solution = solve(&tree, params);
        let measured: Vec<u64> = solution.log.iter().map(|row| row.iteration).collect();
        assert_eq!(measured, [0, 10, 20, 23]);
        assert_eq!(solution.iterations, 23);
    }

    #[test]
    fn exploitability_is_non_negative_bounds_the_value_and_decreases() {
        let tree = Tree::build(&Leduc).unwrap();
        for algorithm in [Algorithm::CFR_PLUS, Algorithm::DCFR] {
            let params = SolveParams {
                algorithm,
                max_iterations: 1000,
                target_exploitability: 0.0,
                check_every: 10,
            };
            let log = solve(&tree, params).log;
            for row in &log {
                assert!(row.exploitability >= 0.0, "{row:?}");
                assert!(row.lower <= row.value && row.value <= row.upper, "{row:?}");
            }
            let at = |iteration: u64| {
                log.iter()
                    .find(|row| row.iteration == iteration)
                    .unwrap()
                    .exploitability
            };
            assert!(
                at(0) > at(10) && at(10) > at(100) && at(100) > at(1000),
                "{algorithm:?}"
            );
            assert!(at(1000) < 1e-2 * at(10));
        }
    }

    #[test]
    fn solutions_round_trip_through_json_and_look_up_by_key() {
        let tree = Tree::build(&Kuhn).unwrap();
        let params = SolveParams {
            max_iterations: 50,
            ..SolveParams::default()
        };
        let solution = solve(&tree, params);
        let json = serde_json::to_string(&solution).unwrap();
        let back: Solution = serde_json::from_str(&json).unwrap();
        // serde_json may parse a float one unit in the last place off.
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-15 * a.abs().max(1.0);
        assert_eq!(
            (back.params, back.iterations, back.log.len()),
            (solution.params, 50, solution.log.len())
        );
        assert!(
            close(back.value, solution.value)
                && close(back.exploitability, solution.exploitability)
        );
        for ((key, entry), (original_key, original)) in
            back.strategy.iter().zip(solution.strategy.iter())
        {
            assert_eq!(
                (key, &entry.actions, entry.player),
                (original_key, &original.actions, original.player)
            );
            assert!(
                entry
                    .probabilities
                    .iter()
                    .zip(&original.probabilities)
                    .all(|(&a, &b)| close(a, b))
            );
        }
        let king_facing_bet = back.strategy.get("K:b").unwrap();
        assert_eq!(king_facing_bet.actions, ["p", "b"]);
        assert!(king_facing_bet.probability("b").unwrap() > 0.9);
        assert_eq!(back.strategy.iter().count(), 12);
    }
}
