//! The state of a vector-form CFR+ or DCFR run and one iteration with
//! alternating updates.

use super::game::VectorGame;
use super::layout::{Layout, scratch_need};
use super::store::Store;
use super::tree::NodeKind;
use super::walk::{Mode, Walk};
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

/// CFR+ or Discounted CFR on a [`VectorGame`], with `[action × hand]`
/// blocks per decision node of regrets and of the average's weighted sums
/// (`f32`, or 16-bit codes with a scale per node when
/// [compressed](VectorSolver::compressed)) and nothing else per node: one
/// iteration is, for each player in turn, one depth-first walk of the
/// public tree (`walk.rs`) with reach and values in per-depth scratch rows
/// (`f64`), the current strategy computed from the regrets on the way.
///
/// The walks visit big enough subtrees on rayon's threads (the current
/// pool's), with results that do not depend on the number of threads.
/// It implements [`Iterate`], so [`converge`](crate::cfr::converge) drives
/// it; its measurements are exact best responses in vector form, in `f64`,
/// of the average strategy the stored sums give.
#[derive(Clone, Debug)]
pub struct VectorSolver<'g, G: VectorGame> {
    pub(super) game: &'g G,
    algorithm: Algorithm,
    iterations: u64,
    /// The tree in preorder; the stores are laid out in its slot order.
    pub(super) layout: Layout,
    /// The least work of each half of a node's children to visit them in
    /// parallel.
    parallel_work: usize,
    /// Accumulated regrets.
    pub(super) regrets: Store,
    /// The weighted sums of own reach times the current strategy; a hand's
    /// total weight at a node is the sum over its actions.
    pub(super) sums: Store,
}

impl<'g, G: VectorGame> VectorSolver<'g, G> {
    /// A solver at iteration 0, every hand playing uniformly.
    pub fn new(game: &'g G, algorithm: Algorithm) -> VectorSolver<'g, G> {
        VectorSolver::with_stores(game, algorithm, false)
    }

    /// A solver at iteration 0 that stores regrets and average sums as
    /// 16-bit integers with one scale per decision node (`--compress`):
    /// half the bytes of the `f32` stores.
    pub fn compressed(game: &'g G, algorithm: Algorithm) -> VectorSolver<'g, G> {
        VectorSolver::with_stores(game, algorithm, true)
    }

    fn with_stores(game: &'g G, algorithm: Algorithm, compressed: bool) -> VectorSolver<'g, G> {
        let hands = Player::BOTH.map(|player| game.initial_weights(player).len());
        let layout = Layout::new(game.tree(), hands);
        VectorSolver {
            game,
            algorithm,
            iterations: 0,
            parallel_work: PARALLEL_WORK,
            regrets: Store::zeros(&layout, compressed),
            sums: Store::zeros(&layout, compressed),
            layout,
        }
    }

    /// The same solver with another parallel threshold: a walk visits two
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
        if schedule.restart_average {
            self.sums.clear();
        }
        let min_work = self.min_work();
        for player in Player::BOTH {
            let walk = Walk {
                game: self.game,
                layout: &self.layout,
                min_work,
                player,
                mode: Mode::Update(schedule),
            };
            walk.run(Some((self.regrets.blocks(), self.sums.blocks())));
        }
    }

    /// A walk of `player`'s values in this solver's pool settings.
    pub(super) fn walk<'a>(&'a self, player: Player, mode: Mode<'a>) -> Walk<'a, G> {
        Walk {
            game: self.game,
            layout: &self.layout,
            min_work: self.min_work(),
            player,
            mode,
        }
    }

    /// The average strategy at decision node `node`, laid out
    /// `[action × hand]` for the acting player's hands (uniform where a
    /// hand has no weight yet); `None` if `node` is no decision node.
    pub fn average_strategy(&self, node: usize) -> Option<Vec<f64>> {
        let p = self.layout.position(node);
        let NodeKind::Decision(actor) = self.layout.kind(p) else {
            return None;
        };
        let mut probabilities = vec![0.0; self.layout.slot(p + 1) - self.layout.slot(p)];
        let mut totals = vec![0.0; self.layout.hands()[actor.index()]];
        self.sums
            .read_average(&self.layout, p, &mut probabilities, &mut totals);
        Some(probabilities)
    }

    /// The least work of each half of a node's children for a walk to
    /// visit them in parallel in the current rayon pool: never with one
    /// thread.
    pub(super) fn min_work(&self) -> usize {
        if rayon::current_num_threads() > 1 {
            self.parallel_work
        } else {
            usize::MAX
        }
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

/// The bytes a [`VectorSolver`] on `game` will hold, known before it
/// allocates: per decision node and acting hand, per action, a regret and
/// an average sum (4 bytes each, or 2 and a 4-byte scale per node when
/// `compressed`); per node the layout (three `u32`, its kind, a slot
/// offset); and the scratch of a walk (one root-to-leaf path's rows,
/// [`Layout::need`], twice for player 0's measurement, which values its
/// best response and its average at once) for each thread of the current
/// rayon pool. Counted in
/// `u64`, so that a 32-bit target (the solver page's WebAssembly) does not
/// wrap around on a big tree.
pub fn solver_bytes<G: VectorGame>(game: &G, compressed: bool) -> u64 {
    let tree = game.tree();
    let hands = Player::BOTH.map(|p| game.initial_weights(p).len());
    let mut slots = 0_u64;
    for node in 0..tree.num_nodes() {
        if let NodeKind::Decision(actor) = tree.kind(node) {
            slots += (tree.children(node).len() * hands[actor.index()]) as u64;
        }
    }
    let nodes = tree.num_nodes() as u64;
    let need = scratch_need(tree, hands);
    // Player 0's measurement carries two lanes (best and average).
    let scratch = (0..2)
        .map(|i| (2 - i) * (need[i] + hands[i]))
        .max()
        .unwrap_or(0) as u64;
    let threads = rayon::current_num_threads() as u64;
    2 * Store::bytes(slots, nodes, compressed)
        + nodes * (3 * 4 + std::mem::size_of::<NodeKind>() as u64 + 8)
        + 8 * scratch * threads
}

/// The bytes of every decision node's average strategy read out of a
/// solver on `game` ([`VectorSolver::average_strategy`]: `f64` per action
/// and acting hand), as a solution that keeps them all holds them.
pub fn strategy_bytes<G: VectorGame>(game: &G) -> u64 {
    let tree = game.tree();
    let hands = Player::BOTH.map(|p| game.initial_weights(p).len());
    let mut entries = 0_u64;
    for node in 0..tree.num_nodes() {
        if let NodeKind::Decision(actor) = tree.kind(node) {
            entries += (tree.children(node).len() * hands[actor.index()]) as u64;
        }
    }
    8 * entries
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
