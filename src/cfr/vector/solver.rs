//! The state of a vector-form CFR+ or DCFR run and one iteration with
//! alternating updates.

use super::backward::{Learn, Own};
use super::game::VectorGame;
use super::layout::Layout;
use super::sweeps::Sweep;
use super::tree::NodeKind;
use crate::cfr::{Algorithm, Bounds, Convergence, Iterate, Player, StopRule, converge};

/// The least work of each of two groups of subtrees, in nodes times the
/// hands of both players ([`VectorSolver::parallel_work`]), for a sweep to
/// visit them on two threads. Measured on an idle 2-core machine with
/// `benches/vector_threads.rs` (1 against 2 threads, run by run): issue
/// 16's river spot (39 nodes × 443 hands = 17 277) to 0.01 % of the pot
/// took 51.8 ms on one thread, 30.8 ms on two at 5 000 (1.68×), 33.8 ms
/// when split everywhere and 50.7 ms at 20 000 (not split); a turn spot's
/// chance node shares its river subtrees between the threads at any
/// threshold from 10 000 to 320 000. On a machine whose cores are all
/// busy, splitting the river spot cost 7–12 %.
pub const PARALLEL_WORK: usize = 5_000;

/// CFR+ or Discounted CFR on a [`VectorGame`], with flat `[action × hand]`
/// arrays per decision node: one iteration is, for each player in turn, a
/// forward sweep of reach and a backward sweep of values, regrets and
/// strategies over the public tree, and allocates nothing.
///
/// The sweeps visit big enough subtrees on rayon's threads (the current
/// pool's), with results that do not depend on the number of threads.
/// It implements [`Iterate`], so [`converge`](crate::cfr::converge) drives
/// it; its measurements are exact best responses in vector form.
#[derive(Clone, Debug)]
pub struct VectorSolver<'g, G: VectorGame> {
    pub(super) game: &'g G,
    algorithm: Algorithm,
    iterations: u64,
    /// The tree in preorder; every array below is indexed by its positions.
    pub(super) layout: Layout,
    /// The least work of each half of a node's children to visit them in
    /// parallel.
    parallel_work: usize,
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
    /// Per player, `[position × hand]`: the reach of each hand through its
    /// initial weight, its own strategy and chance.
    pub(super) reach: [Vec<f64>; 2],
    /// Whether `reach` of a player follows its current strategy.
    reach_current: [bool; 2],
    /// Per player, `[position × hand]`: counterfactual values of its hands.
    pub(super) values: [Vec<f64>; 2],
}

impl<'g, G: VectorGame> VectorSolver<'g, G> {
    /// A solver at iteration 0, every hand playing uniformly.
    pub fn new(game: &'g G, algorithm: Algorithm) -> VectorSolver<'g, G> {
        let tree = game.tree();
        let hands = Player::BOTH.map(|player| game.initial_weights(player).len());
        let layout = Layout::new(tree, hands);
        let nodes = layout.len();
        let mut strategy = vec![0.0; layout.slot(nodes)];
        for p in 0..nodes {
            let block = &mut strategy[layout.slot(p)..layout.slot(p + 1)];
            block.fill(1.0 / tree.children(layout.node(p)).len().max(1) as f64);
        }
        VectorSolver {
            game,
            algorithm,
            iterations: 0,
            parallel_work: PARALLEL_WORK,
            regrets: vec![0.0; strategy.len()],
            average_sum: vec![0.0; strategy.len()],
            average_total: vec![0.0; layout.column(nodes)],
            average: vec![0.0; strategy.len()],
            strategy,
            reach: hands.map(|width| vec![0.0; nodes * width]),
            reach_current: [false; 2],
            values: hands.map(|width| vec![0.0; nodes * width]),
            layout,
        }
    }

    /// The same solver with another parallel threshold: a sweep visits two
    /// groups of a node's subtrees on two threads when each has at least
    /// `work` work, in nodes times the hands of both players (default
    /// [`PARALLEL_WORK`]; 0 splits wherever there are two children). The
    /// results are the same whatever the threshold.
    pub fn parallel_work(mut self, work: usize) -> VectorSolver<'g, G> {
        self.parallel_work = work;
        self
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
        let sweep = Sweep {
            game: self.game,
            layout: &self.layout,
            min_work: self.min_work(),
        };
        for player in Player::BOTH {
            for other in Player::BOTH {
                if !self.reach_current[other.index()] {
                    sweep.forward(other, &self.strategy, &mut self.reach[other.index()]);
                    self.reach_current[other.index()] = true;
                }
            }
            let [reach_0, reach_1] = &self.reach;
            let (own_reach, opponent_reach) = match player {
                Player::P0 => (reach_0, reach_1),
                Player::P1 => (reach_1, reach_0),
            };
            let own = Own::Update {
                schedule,
                own_reach,
                learn: Learn {
                    start: 0,
                    regrets: &mut self.regrets,
                    strategy: &mut self.strategy,
                    average_sum: &mut self.average_sum,
                    average_total: &mut self.average_total,
                },
            };
            sweep.backward(
                player,
                own,
                opponent_reach,
                &mut self.values[player.index()],
            );
            self.reach_current[player.index()] = false;
        }
    }

    /// The average strategy at decision node `node`, laid out
    /// `[action × hand]` for the acting player's hands (uniform where a
    /// hand has no weight yet); `None` if `node` is no decision node.
    pub fn average_strategy(&self, node: usize) -> Option<Vec<f64>> {
        let p = self.layout.position(node);
        let NodeKind::Decision(_) = self.layout.kind(p) else {
            return None;
        };
        let mut probabilities = vec![0.0; self.layout.slot(p + 1) - self.layout.slot(p)];
        self.fill_average(p, &mut probabilities);
        Some(probabilities)
    }

    /// The least work of each half of a node's children for a sweep to
    /// visit them in parallel in the current rayon pool: never with one
    /// thread.
    pub(super) fn min_work(&self) -> usize {
        if rayon::current_num_threads() > 1 {
            self.parallel_work
        } else {
            usize::MAX
        }
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

/// Runs [`converge`] on `solver` inside rayon's pool. The sweeps split big
/// subtrees with `rayon::join`; from a thread outside the pool every such
/// split is handed to the pool and waited for (tens of µs each, thousands
/// per solve), while on a worker thread it costs a push on the local queue.
/// Results are the same bits either way.
pub fn converge_in_pool<G: VectorGame>(
    solver: &mut VectorSolver<'_, G>,
    rule: &StopRule,
) -> Convergence {
    rayon::scope(|_| converge(solver, rule))
}
