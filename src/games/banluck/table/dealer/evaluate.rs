//! Values of dealer policies on rounds of seats, the dealer's draws
//! integrated exactly: per round, a backward pass over the compositions
//! each policy reaches. Sampled rounds give unbiased estimates with
//! standard errors (every policy on the same rounds, so differences are
//! paired); enumerated rounds give exact values.

use rand::rngs::Xoshiro256PlusPlus;

use super::nodes::DealerNodes;
use super::policy::{HIT, REVEAL, TablePolicy};
use super::seats::{SeatRound, SeatSampler};
use super::view::RoundView;
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::sim::deal::{InfiniteShoe, Shoe};
use crate::sim::{Chunked, Estimate};

/// The policies valued together: the fixed dealer with the reveal off and
/// on, the strategic dealer without and with the reveal.
pub const POLICIES: usize = 4;

/// Paired differences reported (later minus earlier policy index).
pub const PAIRS: [(usize, usize); 4] = [(3, 2), (3, 0), (1, 0), (2, 0)];

/// Rows of the reveal table: total (0..=21) × soft × open two-card seats
/// (0..=7) × open 3+-card seats (0..=7).
pub const REVEAL_ROWS: usize = 22 * 2 * 8 * 8;

/// The reveal table's row of a dealer total, softness and open seats.
pub fn reveal_row(total: u8, soft: bool, two: u8, three: u8) -> usize {
    ((usize::from(total.min(21)) * 2 + usize::from(soft)) * 8 + usize::from(two)) * 8
        + usize::from(three)
}

/// Weighted sums over valued rounds.
#[derive(Debug, Clone)]
pub struct Tally {
    /// Rounds valued.
    pub count: u64,
    /// Sum of their weights.
    pub weight: f64,
    /// Per policy: sum of weight × the dealer's gain per round.
    pub sums: [f64; POLICIES],
    /// Per policy: sum of weight × gain².
    pub squares: [f64; POLICIES],
    /// Per pair of [`PAIRS`]: sum of weight × difference.
    pub diffs: [f64; PAIRS.len()],
    /// Per pair: sum of weight × difference².
    pub diff_squares: [f64; PAIRS.len()],
    /// Sum of weight × the probability of the dealer's two cards (each
    /// round's is one).
    pub probability: f64,
    /// Per reveal row: the strategic dealer's probability of being there
    /// (before a reveal, facing a 3+-card seat).
    pub reveal_reach: Vec<f64>,
    /// Per reveal row: the probability that it reveals there.
    pub reveal_taken: Vec<f64>,
}

impl Tally {
    /// No rounds.
    pub fn empty() -> Tally {
        Tally {
            count: 0,
            weight: 0.0,
            sums: [0.0; POLICIES],
            squares: [0.0; POLICIES],
            diffs: [0.0; PAIRS.len()],
            diff_squares: [0.0; PAIRS.len()],
            probability: 0.0,
            reveal_reach: vec![0.0; REVEAL_ROWS],
            reveal_taken: vec![0.0; REVEAL_ROWS],
        }
    }

    /// Adds another tally (a later chunk).
    pub fn absorb(&mut self, other: &Tally) {
        self.count += other.count;
        self.weight += other.weight;
        for p in 0..POLICIES {
            self.sums[p] += other.sums[p];
            self.squares[p] += other.squares[p];
        }
        for d in 0..PAIRS.len() {
            self.diffs[d] += other.diffs[d];
            self.diff_squares[d] += other.diff_squares[d];
        }
        self.probability += other.probability;
        for (a, b) in self.reveal_reach.iter_mut().zip(&other.reveal_reach) {
            *a += b;
        }
        for (a, b) in self.reveal_taken.iter_mut().zip(&other.reveal_taken) {
            *a += b;
        }
    }

    /// The estimate from a weighted sum and sum of squares: exact (no
    /// standard error) for enumerated rounds.
    pub fn estimate(&self, sum: f64, squares: f64, exact: bool) -> Estimate {
        if exact {
            let mean = sum / self.weight;
            let sd = (squares / self.weight - mean * mean).max(0.0).sqrt();
            Estimate {
                mean,
                std_error: 0.0,
                std_dev: sd,
            }
        } else {
            Estimate::from_sums(self.count as f64, sum, squares)
        }
    }
}

/// Values the four policies on rounds of seats.
pub struct PolicyEvaluator<'a> {
    table: &'a CompiledRules,
    nodes: &'a DealerNodes,
    policies: [&'a TablePolicy; POLICIES],
    players: usize,
}

/// Scratch arrays for one thread.
pub(super) struct Scratch {
    weights: Vec<f64>,
    before: Vec<f64>,
    after: Vec<f64>,
}

impl<'a> PolicyEvaluator<'a> {
    /// An evaluator of `policies` at a table of `players`.
    pub fn new(
        table: &'a CompiledRules,
        nodes: &'a DealerNodes,
        policies: [&'a TablePolicy; POLICIES],
        players: usize,
    ) -> PolicyEvaluator<'a> {
        PolicyEvaluator {
            table,
            nodes,
            policies,
            players,
        }
    }

    /// Scratch arrays for one thread.
    pub(super) fn scratch(&self) -> Scratch {
        let comps = self.nodes.moves.len();
        Scratch {
            weights: vec![0.0; comps],
            before: vec![0.0; comps],
            after: vec![0.0; comps],
        }
    }

    /// The dealer's gain under `policy` in the round seen as `view`.
    fn value(&self, policy: &TablePolicy, view: &RoundView, scratch: &mut Scratch) -> f64 {
        let nodes = self.nodes;
        let actions = policy.for_key(view.key);
        let Scratch {
            weights,
            before,
            after,
        } = scratch;
        for &id in &actions.reach_after {
            let i = id as usize;
            after[i] = if actions.after[i] == HIT {
                nodes.children[i].iter().map(|&c| after[c as usize]).sum()
            } else {
                let class = usize::from(nodes.class[i]);
                weights[i] * (view.all[class] - view.three[class])
            };
        }
        for &id in &actions.reach_before {
            let i = id as usize;
            let class = usize::from(nodes.class[i]);
            before[i] = match actions.before[i] {
                HIT => nodes.children[i].iter().map(|&c| before[c as usize]).sum(),
                REVEAL => weights[i] * view.three[class] + after[i],
                _ => weights[i] * view.all[class],
            };
        }
        let play: f64 = nodes
            .starts
            .iter()
            .zip(&view.closed)
            .filter(|(start, _)| !policy.surrender[**start as usize])
            .map(|(&start, closed)| {
                nodes.orders[start as usize] * (closed + before[start as usize])
            })
            .sum();
        view.special + play
    }

    /// The dealer's gain in `round` under every policy, with the round's
    /// view.
    fn values(&self, round: &SeatRound, scratch: &mut Scratch) -> ([f64; POLICIES], RoundView) {
        let removed = round.removed(self.table, self.players);
        self.nodes.order_weights(&removed, &mut scratch.weights);
        let view = RoundView::new(
            self.table,
            self.nodes,
            round,
            self.players,
            &scratch.weights,
        );
        let values = std::array::from_fn(|p| self.value(self.policies[p], &view, scratch));
        (values, view)
    }

    /// Values `round` under every policy into `tally`, and returns the
    /// values.
    pub(super) fn add(
        &self,
        round: &SeatRound,
        scratch: &mut Scratch,
        tally: &mut Tally,
    ) -> [f64; POLICIES] {
        let (values, view) = self.values(round, scratch);
        let w = round.weight;
        tally.count += 1;
        tally.weight += w;
        tally.probability += w * view.start_probability;
        for (p, value) in values.iter().enumerate() {
            tally.sums[p] += w * value;
            tally.squares[p] += w * value * value;
        }
        for (d, &(a, b)) in PAIRS.iter().enumerate() {
            let diff = values[a] - values[b];
            tally.diffs[d] += w * diff;
            tally.diff_squares[d] += w * diff * diff;
        }
        let (two, three) = (view.key.open_two(), view.key.open_three_plus());
        if three > 0 {
            let actions = self.policies[POLICIES - 1].for_key(view.key);
            for &(id, orders, reveals) in &actions.reveal_nodes {
                let hand = self.table.hand(id);
                let row = reveal_row(hand.total, hand.soft, two, three);
                let reach = w * orders * scratch.weights[id as usize];
                tally.reveal_reach[row] += reach;
                if reveals {
                    tally.reveal_taken[row] += reach;
                }
            }
        }
        values
    }

    /// Values every round of `rounds` (enumerated with their weights).
    pub fn value_all(&self, rounds: &[SeatRound]) -> Tally {
        let mut scratch = self.scratch();
        let mut tally = Tally::empty();
        for round in rounds {
            self.add(round, &mut scratch, &mut tally);
        }
        tally
    }
}

/// Fresh sampled rounds valued chunk by chunk on the `sim` driver.
pub struct FreshRounds<'a> {
    /// Samples the seats.
    pub sampler: SeatSampler<'a>,
    /// Values them.
    pub evaluator: PolicyEvaluator<'a>,
}

impl Chunked for FreshRounds<'_> {
    type Tally = Tally;

    fn empty(&self) -> Tally {
        Tally::empty()
    }

    fn play(&self, mut rng: Xoshiro256PlusPlus, rounds: u64) -> Tally {
        let deck = self.evaluator.table.deck();
        let mut scratch = self.evaluator.scratch();
        let mut tally = Tally::empty();
        if deck.is_infinite() {
            let mut cards = InfiniteShoe::new(deck);
            for _ in 0..rounds {
                let round = self.sampler.round(&mut cards, &mut rng);
                self.evaluator.add(&round, &mut scratch, &mut tally);
            }
        } else {
            let mut cards = Shoe::new(deck);
            for _ in 0..rounds {
                let round = self.sampler.round(&mut cards, &mut rng);
                self.evaluator.add(&round, &mut scratch, &mut tally);
            }
        }
        tally
    }

    fn merge(&self, total: &mut Tally, chunk: Tally) {
        total.absorb(&chunk);
    }
}
