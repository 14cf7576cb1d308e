//! CFR+ and Discounted CFR iterations over a flattened tree, with
//! alternating updates.
//!
//! One update of a player is two sweeps over the node arrays — reach
//! forward, values and regrets backward — and one sweep over that player's
//! information sets; nothing is allocated and nothing is hashed.

use serde::{Deserialize, Serialize};

use super::game::Player;
use super::strategy::Profile;
use super::tree::{NodeKind, Tree};

/// The regret-minimisation rule.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Algorithm {
    /// CFR+: regret matching+ (accumulated regrets floored at zero) and an
    /// average strategy that weights iteration `t` by `max(t - delay, 0)`.
    CfrPlus {
        /// Iterations left out of the average at the start.
        delay: u64,
    },
    /// Discounted CFR: after iteration `t`, positive accumulated regrets are
    /// multiplied by `t^alpha / (t^alpha + 1)` and negative ones by
    /// `t^beta / (t^beta + 1)`; the average weights iteration `t` by
    /// `t^gamma`.
    Dcfr {
        /// Discount exponent of positive regrets.
        alpha: f64,
        /// Discount exponent of negative regrets.
        beta: f64,
        /// Weight exponent of the average strategy.
        gamma: f64,
    },
}

impl Algorithm {
    /// CFR+ with linear averaging from the first iteration.
    pub const CFR_PLUS: Algorithm = Algorithm::CfrPlus { delay: 0 };
    /// DCFR with the recommended exponents (1.5, 0, 2).
    pub const DCFR: Algorithm = Algorithm::Dcfr {
        alpha: 1.5,
        beta: 0.0,
        gamma: 2.0,
    };

    /// How iteration `t` settles regrets and weighs the average.
    fn schedule(self, t: u64) -> Schedule {
        let t = t as f64;
        match self {
            Algorithm::CfrPlus { delay } => Schedule {
                positive: 1.0,
                negative: 0.0,
                average_weight: (t - delay as f64).max(0.0),
            },
            // t^e / (t^e + 1), written so that a large e cannot overflow.
            Algorithm::Dcfr { alpha, beta, gamma } => Schedule {
                positive: 1.0 / (1.0 + t.powf(-alpha)),
                negative: 1.0 / (1.0 + t.powf(-beta)),
                average_weight: t.powf(gamma),
            },
        }
    }
}

/// What one iteration does with the accumulated sums.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Schedule {
    /// The factor on positive accumulated regrets after adding the
    /// iteration's regrets.
    positive: f64,
    /// The factor on the other accumulated regrets.
    negative: f64,
    /// The weight of the iteration in the average strategy.
    average_weight: f64,
}

impl Schedule {
    /// The accumulated regret after the iteration's regret was added to it.
    fn settle(self, regret: f64) -> f64 {
        regret
            * if regret > 0.0 {
                self.positive
            } else {
                self.negative
            }
    }
}

/// The state of a CFR+ or DCFR run on one tree.
#[derive(Clone, Debug)]
pub struct Solver<'t> {
    tree: &'t Tree,
    algorithm: Algorithm,
    iterations: u64,
    /// Accumulated regret per action slot.
    regrets: Vec<f64>,
    /// The current strategy per action slot.
    current: Vec<f64>,
    /// The weighted sum of the acting player's reach times the current
    /// strategy, per action slot.
    average_sum: Vec<f64>,
    /// The reach of the acting player's sequence ending in each action slot.
    sequence_reach: Vec<f64>,
    /// Chance-and-opponent reach per node for the player being updated.
    reach: Vec<f64>,
    /// Expected payoff to player 0 per node under the current strategy
    /// (stale where the last update did not reach).
    values: Vec<f64>,
}

impl<'t> Solver<'t> {
    /// A solver at iteration 0, playing uniformly.
    pub fn new(tree: &'t Tree, algorithm: Algorithm) -> Solver<'t> {
        let slots = tree.num_slots();
        Solver {
            tree,
            algorithm,
            iterations: 0,
            regrets: vec![0.0; slots],
            current: Profile::uniform(tree).slots().to_vec(),
            average_sum: vec![0.0; slots],
            sequence_reach: vec![0.0; slots],
            reach: vec![0.0; tree.num_nodes()],
            values: tree.payoff.clone(),
        }
    }

    /// The number of iterations done.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Runs one iteration: player 0 is updated, then player 1 against
    /// player 0's new strategy.
    pub fn iterate(&mut self) {
        self.iterations += 1;
        for player in Player::BOTH {
            self.accumulate_regrets(player);
            self.update_infosets(player);
        }
    }

    /// Adds this iteration's counterfactual regrets of `player`, summed over
    /// the histories of each information set.
    ///
    /// Subtrees that chance and the opponent never reach are skipped: their
    /// regrets are zero and their stale values are weighted by zero above
    /// them. Terminal values never change and are never rewritten.
    fn accumulate_regrets(&mut self, player: Player) {
        let tree = self.tree;
        let Solver {
            regrets,
            current,
            reach,
            values,
            ..
        } = self;
        tree.counterfactual_reach(player, current, reach);
        let sign = player.sign();
        for &node in tree.internal.iter().rev() {
            let node = node as usize;
            if reach[node] == 0.0 {
                continue;
            }
            let value = tree.expected_value(node, current, values);
            values[node] = value;
            let record = tree.nodes[node];
            if record.kind == NodeKind::Decision(player) {
                let weight = sign * reach[node];
                for (regret, child) in regrets[record.slots()]
                    .iter_mut()
                    .zip(&values[record.children()])
                {
                    *regret += weight * (child - value);
                }
            }
        }
    }

    /// Settles `player`'s regrets, adds the current strategy to the average
    /// and computes the next strategy, information set by information set.
    ///
    /// The average is accumulated once per information set with the
    /// player's own reach, never per history: a history count or an
    /// opponent reach must not weigh in it.
    fn update_infosets(&mut self, player: Player) {
        let schedule = self.algorithm.schedule(self.iterations);
        for infoset in self.tree.infosets.iter().filter(|i| i.player == player) {
            // The prior infoset comes earlier, so its sequence reach is set.
            let own_reach = infoset
                .prior_slot
                .map_or(1.0, |slot| self.sequence_reach[slot]);
            for slot in infoset.slots.clone() {
                self.sequence_reach[slot] = own_reach * self.current[slot];
                self.average_sum[slot] += schedule.average_weight * self.sequence_reach[slot];
                self.regrets[slot] = schedule.settle(self.regrets[slot]);
            }
            let slots = infoset.slots.clone();
            regret_matching(&self.regrets[slots.clone()], &mut self.current[slots]);
        }
    }

    /// The weighted average strategy so far (uniform where it has no
    /// weight yet).
    pub fn average(&self) -> Profile {
        let mut probabilities = self.average_sum.clone();
        for infoset in &self.tree.infosets {
            normalize_or_uniform(&mut probabilities[infoset.slots.clone()]);
        }
        Profile::from_slots(probabilities)
    }
}

/// Writes the strategy proportional to the positive regrets, or uniform if
/// none is positive.
fn regret_matching(regrets: &[f64], strategy: &mut [f64]) {
    for (probability, &regret) in strategy.iter_mut().zip(regrets) {
        *probability = regret.max(0.0);
    }
    normalize_or_uniform(strategy);
}

/// Scales non-negative weights to sum to one, or makes them uniform if they
/// sum to zero.
fn normalize_or_uniform(weights: &mut [f64]) {
    let total: f64 = weights.iter().sum();
    if total > 0.0 {
        let scale = total.recip();
        weights.iter_mut().for_each(|weight| *weight *= scale);
    } else {
        weights.fill(1.0 / weights.len() as f64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfr::Evaluator;
    use crate::cfr::test_game::matrix_game;

    /// Runs `iterations` of `algorithm` on a matrix game and returns the
    /// average strategies of the row and column players and the evaluation.
    fn solve_matrix(
        payoffs: &[&[f64]],
        algorithm: Algorithm,
        iterations: u64,
    ) -> (Vec<f64>, Vec<f64>, f64, f64) {
        let game = matrix_game(payoffs);
        let tree = Tree::build(&game).unwrap();
        let mut solver = Solver::new(&tree, algorithm);
        for _ in 0..iterations {
            solver.iterate();
        }
        let average = solver.average();
        let row = average.action_probabilities(&tree, tree.infoset_index("row").unwrap());
        let column = average.action_probabilities(&tree, tree.infoset_index("column").unwrap());
        let evaluation = Evaluator::new(&tree).evaluate(&average);
        (
            row.to_vec(),
            column.to_vec(),
            evaluation.value,
            evaluation.exploitability,
        )
    }

    fn assert_close(actual: &[f64], expected: &[f64], tolerance: f64) {
        for (a, e) in actual.iter().zip(expected) {
            assert!((a - e).abs() < tolerance, "{actual:?} != {expected:?}");
        }
    }

    #[test]
    fn both_algorithms_find_the_mixed_equilibrium_of_a_2x2_game() {
        // Indifference: 2q - (1 - q) = -q + (1 - q) gives q = 2/5 for both
        // players, and the value 3q - 1 = 1/5.
        for algorithm in [Algorithm::CFR_PLUS, Algorithm::DCFR] {
            let (row, column, value, exploitability) =
                solve_matrix(&[&[2.0, -1.0], &[-1.0, 1.0]], algorithm, 2000);
            assert_close(&row, &[0.4, 0.6], 1e-3);
            assert_close(&column, &[0.4, 0.6], 1e-3);
            assert!((value - 0.2).abs() < 1e-3, "{value}");
            assert!((0.0..1e-3).contains(&exploitability), "{exploitability}");
        }
    }

    #[test]
    fn both_algorithms_find_the_equilibrium_of_weighted_rock_paper_scissors() {
        // Paper beats rock by 2, scissors beats paper by 3, rock beats
        // scissors by 1: A y = 0 gives y = (1/2, 1/6, 1/3) for both.
        let payoffs: [&[f64]; 3] = [&[0.0, -2.0, 1.0], &[2.0, 0.0, -3.0], &[-1.0, 3.0, 0.0]];
        let equilibrium = [0.5, 1.0 / 6.0, 1.0 / 3.0];
        for algorithm in [Algorithm::CFR_PLUS, Algorithm::DCFR] {
            let (row, column, value, exploitability) = solve_matrix(&payoffs, algorithm, 2000);
            assert_close(&row, &equilibrium, 1e-3);
            assert_close(&column, &equilibrium, 1e-3);
            assert!(
                value.abs() < 1e-3 && exploitability < 1e-3,
                "{value} {exploitability}"
            );
        }
    }

    #[test]
    fn delay_leaves_early_iterations_out_of_the_cfr_plus_average() {
        let game = matrix_game(&[&[2.0, -1.0], &[-1.0, 1.0]]);
        let tree = Tree::build(&game).unwrap();
        let mut solver = Solver::new(&tree, Algorithm::CfrPlus { delay: 1 });
        solver.iterate();
        // Iteration 1 has weight 0, so nothing is averaged yet.
        assert!(solver.average_sum.iter().all(|&sum| sum == 0.0));
        solver.iterate();
        assert!(solver.average_sum.iter().any(|&sum| sum > 0.0));
    }

    #[test]
    fn schedules_discount_regrets_by_sign_and_weigh_the_average() {
        // t = 4: positive regrets keep 4^1.5 / (4^1.5 + 1) = 8/9, negative
        // ones 1/2; the average weighs 4^2.
        let dcfr = Algorithm::DCFR.schedule(4);
        assert!((dcfr.settle(9.0) - 8.0).abs() < 1e-12);
        assert!((dcfr.settle(-3.0) + 1.5).abs() < 1e-12);
        assert_eq!(dcfr.average_weight, 16.0);
        // A huge exponent keeps the factor finite.
        let steep = Algorithm::Dcfr {
            alpha: 1e3,
            beta: 0.0,
            gamma: 1.0,
        }
        .schedule(1000);
        assert_eq!(steep.settle(5.0), 5.0);
        let cfr_plus = Algorithm::CfrPlus { delay: 3 }.schedule(4);
        assert_eq!((cfr_plus.settle(-3.0), cfr_plus.settle(2.5)), (0.0, 2.5));
        assert_eq!(cfr_plus.average_weight, 1.0);
    }
}
