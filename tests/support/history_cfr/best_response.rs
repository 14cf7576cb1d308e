//! Exact best responses, profile values and exploitability.
//!
//! A best response of player `p` picks, at each of its information sets,
//! the action maximising the sum over the set's histories of chance-and-
//! opponent reach times the subtree value. With perfect recall the subtree
//! below a history of an information set holds only deeper information sets
//! of `p`, so deciding deeper information sets first makes every subtree
//! value final by the time it is needed. The order is computed once per tree.

use banluck_lab::cfr::Player;
use serde::{Deserialize, Serialize};

use super::strategy::Profile;
use super::tree::{NodeKind, Tree};

/// How a profile fares against best responses, in payoff units of player 0.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Evaluation {
    /// The expected payoff to player 0 when both play the profile.
    pub value: f64,
    /// `min_y u(s0, y)`: player 0's payoff when player 1 best-responds; a
    /// lower bound on the game value.
    pub lower_bound: f64,
    /// `max_x u(x, s1)`: player 0's payoff when player 0 best-responds; an
    /// upper bound on the game value.
    pub upper_bound: f64,
    /// The mean gain of the two best responses,
    /// `(upper_bound - lower_bound) / 2`; zero exactly at an equilibrium.
    pub exploitability: f64,
}

/// One step of a best-response sweep.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// Choose the best action of this information set of the responder and
    /// value its histories.
    Decide(u32),
    /// Value this chance node or opponent decision from its children.
    Node(u32),
}

/// Evaluates profiles on one tree, reusing its buffers.
#[derive(Clone, Debug)]
pub struct Evaluator<'t> {
    tree: &'t Tree,
    /// Per responder: every step, children before parents and deeper
    /// information sets before shallower ones.
    schedules: [Vec<Step>; 2],
    /// Chance-and-opponent reach per node for the responder.
    reach: Vec<f64>,
    /// Payoff to player 0 per node; terminal entries never change.
    values: Vec<f64>,
}

impl<'t> Evaluator<'t> {
    /// Prepares the best-response order of both players.
    pub fn new(tree: &'t Tree) -> Evaluator<'t> {
        Evaluator {
            tree,
            schedules: Player::BOTH.map(|player| schedule(tree, player)),
            reach: vec![0.0; tree.num_nodes()],
            values: tree.payoff.clone(),
        }
    }

    /// The payoff to player 0 when `responder` best-responds to the other
    /// player's part of `profile`: `max_x u(x, s1)` for player 0,
    /// `min_y u(s0, y)` for player 1.
    pub fn best_response(&mut self, profile: &Profile, responder: Player) -> f64 {
        let tree = self.tree;
        let probabilities = profile.slots();
        let Evaluator {
            schedules,
            reach,
            values,
            ..
        } = self;
        tree.counterfactual_reach(responder, probabilities, reach);
        let sign = responder.sign();
        for &step in &schedules[responder.index()] {
            match step {
                Step::Node(node) => {
                    let node = node as usize;
                    values[node] = tree.expected_value(node, probabilities, values);
                }
                Step::Decide(infoset) => {
                    let histories = tree.infoset_histories(infoset as usize);
                    let actions = tree.action_slots(infoset as usize).len();
                    let action_value = |k: usize| -> f64 {
                        histories
                            .iter()
                            .map(|&h| {
                                reach[h as usize]
                                    * values[tree.nodes[h as usize].children().start + k]
                            })
                            .sum::<f64>()
                            * sign
                    };
                    let mut best = 0;
                    let mut best_value = action_value(0);
                    for k in 1..actions {
                        let value = action_value(k);
                        if value > best_value {
                            (best, best_value) = (k, value);
                        }
                    }
                    for &h in histories {
                        let h = h as usize;
                        values[h] = values[tree.nodes[h].children().start + best];
                    }
                }
            }
        }
        values[0]
    }

    /// The expected payoff to player 0 when both players follow `profile`.
    pub fn value(&mut self, profile: &Profile) -> f64 {
        for &node in self.tree.internal.iter().rev() {
            let node = node as usize;
            self.values[node] = self
                .tree
                .expected_value(node, profile.slots(), &self.values);
        }
        self.values[0]
    }

    /// The value of `profile`, both best responses to it and its
    /// exploitability.
    pub fn evaluate(&mut self, profile: &Profile) -> Evaluation {
        let upper_bound = self.best_response(profile, Player::P0);
        let lower_bound = self.best_response(profile, Player::P1);
        Evaluation {
            value: self.value(profile),
            lower_bound,
            upper_bound,
            exploitability: (upper_bound - lower_bound) / 2.0,
        }
    }
}

/// The best-response order for `responder`: from the deepest stage to the
/// root, where a node's stage is the number of decisions of `responder` on
/// its path. Within a stage, the responder's information sets come first
/// (their children lie in the next stage), then the other chance and
/// decision nodes from the last-numbered to the first, i.e. children before
/// parents. Terminal values never change and need no step.
fn schedule(tree: &Tree, responder: Player) -> Vec<Step> {
    let mut stage = vec![0_usize; tree.num_nodes()];
    for (node, record) in tree.nodes.iter().enumerate() {
        let own = usize::from(record.kind == NodeKind::Decision(responder));
        for child in record.children() {
            stage[child] = stage[node] + own;
        }
    }
    let stages = stage.iter().max().map_or(0, |&deepest| deepest + 1);
    let mut steps = vec![Vec::new(); stages];
    for (infoset, data) in tree.infosets.iter().enumerate() {
        if data.player == responder {
            let first_history = tree.histories[data.histories.start] as usize;
            steps[stage[first_history]].push(Step::Decide(infoset as u32));
        }
    }
    for &node in tree.internal.iter().rev() {
        if tree.nodes[node as usize].kind != NodeKind::Decision(responder) {
            steps[stage[node as usize]].push(Step::Node(node));
        }
    }
    steps.into_iter().rev().flatten().collect()
}
