//! The state of a vector-form CFR+ or DCFR run and one iteration with
//! alternating updates.

use super::game::VectorGame;
use super::tree::NodeKind;
use crate::cfr::{Algorithm, Bounds, Iterate, Player};

/// Which strategy of the acting player a backward sweep follows at its own
/// decision nodes, and what it does there.
#[derive(Clone, Copy, Debug)]
pub(super) enum Own {
    /// Follow the current strategy, then update regrets, the average and
    /// the strategy with this iteration's schedule.
    Update(crate::cfr::Schedule),
    /// Follow the average strategy.
    Average,
    /// Take the best action for each hand.
    Best,
}

/// Which strategy a forward sweep follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Profile {
    /// The current strategy.
    Current,
    /// The average strategy (as last filled by a measurement).
    Average,
}

/// CFR+ or Discounted CFR on a [`VectorGame`], with flat `[action × hand]`
/// arrays per decision node: one iteration is, for each player in turn, a
/// forward sweep of reach and a backward sweep of values, regrets and
/// strategies over the public tree, and allocates nothing.
///
/// It implements [`Iterate`], so [`converge`](crate::cfr::converge) drives
/// it; its measurements are exact best responses in vector form.
#[derive(Clone, Debug)]
pub struct VectorSolver<'g, G: VectorGame> {
    pub(super) game: &'g G,
    algorithm: Algorithm,
    iterations: u64,
    /// The number of hands of each player.
    pub(super) hands: [usize; 2],
    /// Per node: where a decision node's `[action × hand]` block starts in
    /// the per-action arrays.
    pub(super) slot: Vec<usize>,
    /// Per node: where a decision node's per-hand block starts in
    /// `average_total`.
    pub(super) column: Vec<usize>,
    /// Accumulated regrets.
    pub(super) regrets: Vec<f64>,
    /// The current strategy.
    pub(super) strategy: Vec<f64>,
    /// The weighted sums of own reach times the current strategy.
    pub(super) average_sum: Vec<f64>,
    /// The weighted sums of own reach, per decision node and hand.
    pub(super) average_total: Vec<f64>,
    /// The average strategy, filled by each measurement.
    pub(super) average: Vec<f64>,
    /// Per player, `[node × hand]`: the reach of each hand through its
    /// initial weight, its own strategy and chance.
    pub(super) reach: [Vec<f64>; 2],
    /// Whether `reach` of a player follows its current strategy.
    reach_current: [bool; 2],
    /// Per player, `[node × hand]`: counterfactual values of its hands.
    pub(super) values: [Vec<f64>; 2],
}

impl<'g, G: VectorGame> VectorSolver<'g, G> {
    /// A solver at iteration 0, every hand playing uniformly.
    pub fn new(game: &'g G, algorithm: Algorithm) -> VectorSolver<'g, G> {
        let tree = game.tree();
        let nodes = tree.num_nodes();
        let hands = Player::BOTH.map(|player| game.initial_weights(player).len());
        let mut slot = vec![0; nodes];
        let mut column = vec![0; nodes];
        let (mut slots, mut columns) = (0, 0);
        let mut strategy = Vec::new();
        for node in 0..nodes {
            if let NodeKind::Decision(actor) = tree.kind(node) {
                let actions = tree.children(node).len();
                let width = hands[actor.index()];
                (slot[node], column[node]) = (slots, columns);
                slots += actions * width;
                columns += width;
                strategy.resize(slots, 1.0 / actions as f64);
            }
        }
        VectorSolver {
            game,
            algorithm,
            iterations: 0,
            hands,
            slot,
            column,
            regrets: vec![0.0; slots],
            strategy,
            average_sum: vec![0.0; slots],
            average_total: vec![0.0; columns],
            average: vec![0.0; slots],
            reach: hands.map(|width| vec![0.0; nodes * width]),
            reach_current: [false; 2],
            values: hands.map(|width| vec![0.0; nodes * width]),
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
        let schedule = self.algorithm.schedule(self.iterations);
        for player in Player::BOTH {
            for other in Player::BOTH {
                if !self.reach_current[other.index()] {
                    self.forward(other, Profile::Current);
                    self.reach_current[other.index()] = true;
                }
            }
            self.backward(player, Own::Update(schedule));
            self.reach_current[player.index()] = false;
        }
    }

    /// The average strategy at decision node `node`, laid out
    /// `[action × hand]` for the acting player's hands (uniform where a
    /// hand has no weight yet); `None` if `node` is no decision node.
    pub fn average_strategy(&self, node: usize) -> Option<Vec<f64>> {
        let tree = self.game.tree();
        let NodeKind::Decision(actor) = tree.kind(node) else {
            return None;
        };
        let hands = self.hands[actor.index()];
        let actions = tree.children(node).len();
        let mut probabilities = vec![0.0; actions * hands];
        self.fill_average(node, hands, actions, &mut probabilities);
        Some(probabilities)
    }

    /// Marks both players' reach stale (a measurement overwrote it).
    pub(super) fn reach_overwritten(&mut self) {
        self.reach_current = [false; 2];
    }
}

impl<G: VectorGame> Iterate for VectorSolver<'_, G> {
    fn iterate(&mut self, _t: u64) {
        VectorSolver::iterate(self);
    }

    fn measure(&mut self) -> Bounds {
        self.evaluate_average()
    }
}
