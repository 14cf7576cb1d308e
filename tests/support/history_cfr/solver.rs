//! CFR+ and Discounted CFR iterations over a flattened tree, with
//! alternating updates.
//!
//! One update of a player is two sweeps over the node arrays — reach
//! forward, values and regrets backward — and one sweep over that player's
//! information sets; nothing is allocated and nothing is hashed.

use banluck_lab::cfr::{
    Algorithm, Player, Schedule, add_to_average, average_probability, regret_matching,
};

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
    pub(crate) average_sum: Vec<f64>,
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
