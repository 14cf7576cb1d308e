//! Every algorithm measured the same way: the solver runs on the game
//! wrapped in [`Counted`], which counts the work of its terminal
//! evaluations, and [`measured_run`] records after chosen iterations the
//! exact exploitability of the average strategy, the work done so far and
//! the seconds spent iterating (the measurements' own work and seconds
//! are left out).
//!
//! **Work** is the number of terminal hand values computed: a full-width
//! (vector) evaluation of a terminal node computes each of the player's
//! hands against the whole opposing range at once and counts one per
//! hand; a sampled one computes one hand against one hand and counts one.
//! It is deterministic (a seeded MCCFR run does the same work on every
//! machine), so a chart against it is the same on every run, unlike one
//! against wall time.
//!
//! With [`Schedule::Every`] the measurements, the stop and hence every bit
//! of the result are those of [`crate::cfr::converge`] with the same
//! `check_every`: what `poker solve` computes.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use crate::cfr::vector::{PublicTree, SampledGame, VectorGame};
use crate::cfr::{Iterate, LogRow, Player};

/// A game that forwards everything to `game` and counts the terminal
/// hand values computed (see the module's notes).
#[derive(Debug)]
pub struct Counted<'g, G> {
    game: &'g G,
    work: AtomicU64,
}

impl<'g, G> Counted<'g, G> {
    /// `game`, with no work counted yet.
    pub fn new(game: &'g G) -> Self {
        Counted {
            game,
            work: AtomicU64::new(0),
        }
    }

    /// The terminal hand values computed so far.
    pub fn work(&self) -> u64 {
        self.work.load(Ordering::Relaxed)
    }
}

impl<G: VectorGame> VectorGame for Counted<'_, G> {
    fn tree(&self) -> &PublicTree {
        self.game.tree()
    }

    fn initial_weights(&self, player: Player) -> &[f64] {
        self.game.initial_weights(player)
    }

    fn terminal_values(
        &self,
        node: usize,
        player: Player,
        opponent_reach: &[f64],
        out: &mut [f64],
    ) {
        self.work.fetch_add(out.len() as u64, Ordering::Relaxed);
        self.game.terminal_values(node, player, opponent_reach, out);
    }

    fn paired_terminals(&self, node: usize) -> Option<[usize; 2]> {
        self.game.paired_terminals(node)
    }

    fn paired_values(
        &self,
        nodes: [usize; 2],
        player: Player,
        opponent_reach: &[f64],
        outs: [&mut [f64]; 2],
    ) {
        let values = outs.iter().map(|out| out.len() as u64).sum();
        self.work.fetch_add(values, Ordering::Relaxed);
        self.game.paired_values(nodes, player, opponent_reach, outs);
    }

    fn mirrors(&self, node: usize) -> &[(usize, usize)] {
        self.game.mirrors(node)
    }

    fn permutation(&self, player: Player, index: usize) -> &[u32] {
        self.game.permutation(player, index)
    }

    fn buckets(&self, node: usize, player: Player) -> Option<&[u32]> {
        self.game.buckets(node, player)
    }
}

impl<G: SampledGame> SampledGame for Counted<'_, G> {
    fn deal_factor(&self, hands: [usize; 2]) -> f64 {
        self.game.deal_factor(hands)
    }

    fn chance_probability(&self, node: usize, outcome: usize, hands: [usize; 2]) -> f64 {
        self.game.chance_probability(node, outcome, hands)
    }

    fn payoff(&self, node: usize, hands: [usize; 2]) -> f64 {
        self.work.fetch_add(1, Ordering::Relaxed);
        self.game.payoff(node, hands)
    }
}

/// After which iterations the average strategy is measured (always before
/// the first and after the last).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schedule {
    /// Every this many iterations, as `poker solve` measures full-width
    /// CFR.
    Every(u64),
    /// At 1,024 iterations and each doubling after it: a few dozen points
    /// for a run of millions of cheap sampled iterations.
    Doubling,
}

/// The first measurement of [`Schedule::Doubling`] after the start.
pub const FIRST_DOUBLING: u64 = 1024;

impl Schedule {
    /// Whether the average is measured after `t` of at most `max`
    /// iterations.
    pub fn measures(self, t: u64, max: u64) -> bool {
        t == 0
            || t >= max
            || match self {
                Schedule::Every(every) => t.is_multiple_of(every.max(1)),
                Schedule::Doubling => t >= FIRST_DOUBLING && t.is_power_of_two(),
            }
    }
}

/// When a run stops.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stop {
    /// At the first measurement at most this exploitability (payoff units).
    pub target: f64,
    /// After this many iterations at the latest.
    pub max_iterations: u64,
    /// When to measure.
    pub schedule: Schedule,
}

/// One measurement: the log row (its `seconds` the time spent iterating,
/// measurements left out) and the work done by the iterations so far.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measured {
    /// Iterations, seconds, exploitability, value and bounds.
    pub row: LogRow,
    /// Terminal hand values computed by the iterations so far.
    pub work: u64,
}

/// Iterates `solver` until `stop`, measuring as it says; `work` reads the
/// counter of the game the solver runs on.
pub fn measured_run(
    solver: &mut impl Iterate,
    work: &dyn Fn() -> u64,
    stop: &Stop,
) -> Vec<Measured> {
    let mut points = Vec::new();
    let (mut t, mut seconds, mut measuring_work) = (0_u64, 0.0, 0_u64);
    let mut iterating = Instant::now();
    loop {
        if stop.schedule.measures(t, stop.max_iterations) {
            seconds += iterating.elapsed().as_secs_f64();
            let before = work();
            let row = LogRow::new(t, seconds, solver.measure());
            points.push(Measured {
                row,
                work: before - measuring_work,
            });
            measuring_work += work() - before;
            if row.exploitability <= stop.target || t >= stop.max_iterations {
                return points;
            }
            iterating = Instant::now();
        }
        t += 1;
        solver.iterate(t);
    }
}
