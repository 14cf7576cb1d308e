//! CFR+ and Discounted CFR iterations over a flattened tree, with
//! alternating updates.
//!
//! One update of a player is two sweeps over the node arrays — reach
//! forward, values and regrets backward — and one sweep over that player's
//! information sets; nothing is allocated and nothing is hashed.

use super::game::Player;
use super::regret::{Algorithm, Schedule, add_to_average, average_probability, regret_matching};
use super::strategy::Profile;
use super::tree::{NodeKind, Tree};

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
    /// The weighted sum of the acting player's reach, per information set.
    average_total: Vec<f64>,
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
            average_total: vec![0.0; tree.num_infosets()],
            sequence_reach: vec![0.0; slots],
            reach: vec![0.0; tree.num_nodes()],
            values: tree.payoff.clone(),
        }
    }

    /// Runs one iteration: player 0 is updated, then player 1 against
    /// player 0's new strategy.
    pub fn iterate(&mut self) {
        self.iterations += 1;
        let schedule = self.algorithm.schedule(self.iterations);
        if schedule.restart_average {
            self.average_sum.fill(0.0);
            self.average_total.fill(0.0);
        }
        for player in Player::BOTH {
            if schedule.discounts() {
                self.discount_regrets(player, schedule);
            }
            self.accumulate_regrets(player);
            self.update_infosets(player, schedule);
        }
    }

    /// Discounts `player`'s accumulated regrets before the iteration adds
    /// its own.
    fn discount_regrets(&mut self, player: Player, schedule: Schedule) {
        for infoset in self.tree.infosets.iter().filter(|i| i.player == player) {
            for regret in &mut self.regrets[infoset.slots.clone()] {
                *regret = schedule.discount(*regret);
            }
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
    fn update_infosets(&mut self, player: Player, schedule: Schedule) {
        for (index, infoset) in self.tree.infosets.iter().enumerate() {
            if infoset.player != player {
                continue;
            }
            // The prior infoset comes earlier, so its sequence reach is set.
            let own_reach = infoset
                .prior_slot
                .map_or(1.0, |slot| self.sequence_reach[slot]);
            let slots = infoset.slots.clone();
            for slot in slots.clone() {
                self.sequence_reach[slot] = own_reach * self.current[slot];
            }
            add_to_average(
                &mut self.average_sum[slots.clone()],
                &mut self.average_total[index],
                schedule.average_weight * own_reach,
                &self.current[slots.clone()],
            );
            for regret in &mut self.regrets[slots.clone()] {
                *regret = schedule.settle(*regret);
            }
            regret_matching(&self.regrets[slots.clone()], &mut self.current[slots]);
        }
    }

    /// The weighted average strategy so far (uniform where it has no
    /// weight yet).
    pub fn average(&self) -> Profile {
        let mut probabilities = vec![0.0; self.average_sum.len()];
        for (infoset, &total) in self.tree.infosets.iter().zip(&self.average_total) {
            let uniform = 1.0 / infoset.slots.len() as f64;
            for slot in infoset.slots.clone() {
                probabilities[slot] = average_probability(self.average_sum[slot], total, uniform);
            }
        }
        Profile::from_slots(probabilities)
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
        for algorithm in [
            Algorithm::CFR_PLUS,
            Algorithm::DCFR,
            Algorithm::DCFR_RESTARTED,
        ] {
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
        for algorithm in [
            Algorithm::CFR_PLUS,
            Algorithm::DCFR,
            Algorithm::DCFR_RESTARTED,
        ] {
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
}
