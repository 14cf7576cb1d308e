//! Monte Carlo CFR on a [`SampledGame`]: each iteration samples deals (and
//! public chance, and some actions) instead of sweeping whole ranges, and
//! updates the regrets and average strategy of the sampled hands only.
//!
//! The regrets and the average strategy live in a [`VectorSolver`]'s flat
//! `[action × hand]` arrays, so every measurement is that solver's exact
//! vector-form best response of the average strategy: sampling decides how
//! the strategy is learnt, never how it is judged.
//!
//! One iteration is one traversal for player 0, then one for player 1, each
//! on its own deal. [External sampling](super::mccfr_external) explores
//! every action of the traverser and samples the opponent's and chance's;
//! [outcome sampling](super::mccfr_outcome) samples one path, the
//! traverser's actions with ε-exploration, and corrects with importance
//! weights. Plain regret matching and a uniform average over visits, as in
//! Lanctot et al. (2009).
//!
//! Randomness: one `Xoshiro256PlusPlus` seeded from the given seed; a run is
//! single-threaded, so the same seed gives bit-identical regrets and
//! strategies on every machine. Runs on other threads need their own
//! solvers and seeds.

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

use super::sampled::{DealSampler, SampledGame, pick};
use super::solver::VectorSolver;
use super::tree::NodeKind;
use crate::cfr::{Algorithm, Bounds, Iterate, Player};

/// Why a store is uncompressed: Monte Carlo CFR builds its solver so.
const FULL: &str = "Monte Carlo CFR keeps f32 stores";

/// Which Monte Carlo CFR.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sampling {
    /// External sampling: all of the traverser's actions, one sampled
    /// outcome of chance and of the opponent.
    External,
    /// Outcome sampling: one path; the traverser samples its actions from
    /// `exploration · uniform + (1 − exploration) · strategy`.
    Outcome {
        /// The share ε of uniform exploration, in `(0, 1]`.
        exploration: f64,
    },
}

impl Sampling {
    /// Outcome sampling with ε = 0.6, the usual choice (OpenSpiel's).
    pub const OUTCOME: Sampling = Sampling::Outcome { exploration: 0.6 };
}

/// Why a Monte Carlo CFR solver cannot be built.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MccfrError {
    /// No pair of hands can be dealt.
    #[error("no pair of hands can be dealt (no positive weight)")]
    NoDeal,
    /// The exploration share is not in `(0, 1]`.
    #[error("exploration {0} must be in (0, 1]")]
    Exploration(f64),
}

/// The state of a Monte Carlo CFR run on a [`SampledGame`].
///
/// It implements [`Iterate`]: [`converge`](crate::cfr::converge) drives it,
/// and its measurements are exact vector-form best responses.
#[derive(Clone, Debug)]
pub struct Mccfr<'g, G: SampledGame> {
    /// The layout, the regrets and average sums, and the measurement.
    pub(super) solver: VectorSolver<'g, G>,
    pub(super) sampling: Sampling,
    pub(super) rng: Xoshiro256PlusPlus,
    deals: DealSampler,
    iterations: u64,
    /// Scratch space for the recursion: each decision on the path keeps its
    /// strategy (and values) here, above its parent's.
    pub(super) stack: Vec<f64>,
}

impl<'g, G: SampledGame> Mccfr<'g, G> {
    /// A run at iteration 0 (every hand playing uniformly) with the random
    /// numbers of `seed`.
    pub fn new(game: &'g G, sampling: Sampling, seed: u64) -> Result<Mccfr<'g, G>, MccfrError> {
        if let Sampling::Outcome { exploration } = sampling
            && !(exploration > 0.0 && exploration <= 1.0)
        {
            return Err(MccfrError::Exploration(exploration));
        }
        let deals = DealSampler::new(game).ok_or(MccfrError::NoDeal)?;
        Ok(Mccfr {
            // The algorithm only names the unused CFR schedule.
            solver: VectorSolver::new(game, Algorithm::DCFR),
            sampling,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            deals,
            iterations: 0,
            stack: Vec::new(),
        })
    }

    /// The number of iterations done (each one traversal per player).
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Runs one iteration: a traversal for player 0 on a fresh deal, then
    /// one for player 1 on another.
    pub fn iterate(&mut self) {
        self.iterations += 1;
        for traverser in Player::BOTH {
            let hands = self.deals.sample(self.solver.game, &mut self.rng);
            match self.sampling {
                Sampling::External => {
                    self.external(0, hands, traverser);
                }
                Sampling::Outcome { exploration } => {
                    self.outcome(0, hands, traverser, exploration, 1.0);
                }
            }
        }
    }

    /// The average strategy at decision node `node`, laid out
    /// `[action × hand]` as [`VectorSolver::average_strategy`] (uniform
    /// where a hand was never visited); `None` if `node` is no decision.
    pub fn average_strategy(&self, node: usize) -> Option<Vec<f64>> {
        self.solver.average_strategy(node)
    }

    /// Samples an outcome of chance node `node` given the deal.
    pub(super) fn sample_chance(&mut self, node: usize, hands: [usize; 2]) -> usize {
        let game = self.solver.game;
        let base = self.stack.len();
        let outcomes = game.tree().children(node).len();
        self.stack
            .extend((0..outcomes).map(|k| game.chance_probability(node, k, hands)));
        let outcome = pick(&self.stack[base..], &mut self.rng);
        self.stack.truncate(base);
        outcome
    }

    /// Pushes the current strategy of `hand` of `actor` at decision node
    /// `node` (regret matching on its accumulated regrets) onto the stack.
    pub(super) fn push_strategy(&mut self, node: usize, actor: Player, hand: usize) {
        let actions = self.solver.game.tree().children(node).len();
        let width = self.solver.layout.hands()[actor.index()];
        let slot = self.solver.layout.slot(self.solver.layout.position(node)) + hand;
        let base = self.stack.len();
        let regrets = self.solver.regrets.full_mut().expect(FULL);
        self.stack
            .extend((0..actions).map(|a| f64::from(regrets[slot + a * width]).max(0.0)));
        let strategy = &mut self.stack[base..];
        let total: f64 = strategy.iter().sum();
        if total > 0.0 {
            strategy.iter_mut().for_each(|p| *p /= total);
        } else {
            strategy.fill(1.0 / actions as f64);
        }
    }

    /// Adds `weight ×` the strategy at `stack[base..]` to the average of
    /// `hand` of `actor` at decision node `node`.
    pub(super) fn add_to_average(
        &mut self,
        node: usize,
        actor: Player,
        hand: usize,
        base: usize,
        weight: f64,
    ) {
        let actions = self.solver.game.tree().children(node).len();
        let width = self.solver.layout.hands()[actor.index()];
        let slot = self.solver.layout.slot(self.solver.layout.position(node)) + hand;
        let sums = self.solver.sums.full_mut().expect(FULL);
        for a in 0..actions {
            let sum = &mut sums[slot + a * width];
            *sum = (f64::from(*sum) + weight * self.stack[base + a]) as f32;
        }
    }

    /// Adds `regret` to the accumulated regret of action `action` of `hand`
    /// of `actor` at decision node `node`.
    pub(super) fn add_regret(
        &mut self,
        node: usize,
        actor: Player,
        hand: usize,
        action: usize,
        regret: f64,
    ) {
        let width = self.solver.layout.hands()[actor.index()];
        let slot = self.solver.layout.slot(self.solver.layout.position(node));
        let cell = &mut self.solver.regrets.full_mut().expect(FULL)[slot + action * width + hand];
        *cell = (f64::from(*cell) + regret) as f32;
    }

    /// The kind of `node`.
    pub(super) fn kind(&self, node: usize) -> NodeKind {
        self.solver.game.tree().kind(node)
    }
}

impl<G: SampledGame> Iterate for Mccfr<'_, G> {
    fn iterate(&mut self, _t: u64) {
        Mccfr::iterate(self);
    }

    fn measure(&mut self) -> Bounds {
        self.solver.evaluate_average()
    }
}
