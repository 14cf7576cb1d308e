//! What a run adds up to, and the results made of it: the mean per round
//! with its standard error and z against the exact EV, and the split
//! hands' mean per pair and upcard against the engine's split values.

use serde::Serialize;

use crate::cards::{RANK_COUNT, Rank};
use crate::games::blackjack::BlackjackSolution;
use crate::games::blackjack::rules::{BlackjackRules, SplitAlgorithm, blackjack_rules_hash};
use crate::sim::{Estimate, Outcome, z_score};

use super::round::Round;
use super::{BlackjackSimParams, CHUNK_ROUNDS, GENERATOR, Strategy};

/// Sums over rounds.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Tally {
    /// Rounds played.
    pub rounds: u64,
    /// Sum of the payoffs.
    pub sum: f64,
    /// Sum of their squares.
    pub squares: f64,
    /// Shoes shuffled.
    pub shuffles: u64,
    /// Per upcard and pair rank (`upcard * 10 + pair`): rounds split, sum
    /// and sum of squares of the split hands' result.
    pub splits: Vec<(u64, f64, f64)>,
}

impl Tally {
    /// No rounds.
    pub fn new() -> Tally {
        Tally {
            rounds: 0,
            sum: 0.0,
            squares: 0.0,
            shuffles: 0,
            splits: vec![(0, 0.0, 0.0); RANK_COUNT * RANK_COUNT],
        }
    }

    /// Counts one round.
    #[inline]
    pub fn add(&mut self, round: &Round) {
        self.rounds += 1;
        self.sum += round.payoff;
        self.squares += round.payoff * round.payoff;
        if let Some((up, pair, main)) = round.split {
            let cell = &mut self.splits[up * RANK_COUNT + pair];
            cell.0 += 1;
            cell.1 += main;
            cell.2 += main * main;
        }
    }

    /// Adds a later chunk.
    pub fn merge(&mut self, chunk: Tally) {
        self.rounds += chunk.rounds;
        self.sum += chunk.sum;
        self.squares += chunk.squares;
        self.shuffles += chunk.shuffles;
        for (total, add) in self.splits.iter_mut().zip(chunk.splits) {
            total.0 += add.0;
            total.1 += add.1;
            total.2 += add.2;
        }
    }
}

/// A simulation's result.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BlackjackSimResult {
    /// The rules' hash.
    pub rules_hash: String,
    /// The strategy played.
    pub strategy: Strategy,
    /// The split algorithm (how the composition-dependent player's split
    /// hands play, and how the exact EV values them).
    pub split_algorithm: SplitAlgorithm,
    /// The share of the shoe dealt before a reshuffle; `None`: a fresh
    /// shoe every round.
    pub penetration: Option<f64>,
    /// The random number generator.
    pub generator: &'static str,
    /// The seed.
    pub seed: u64,
    /// Rounds per chunk.
    pub chunk_rounds: u64,
    /// Threads used.
    pub threads: usize,
    /// Wall-clock seconds spent playing (not solving).
    pub seconds: f64,
    /// Rounds per second of wall time.
    pub rounds_per_second: f64,
    /// Rounds played.
    pub rounds: u64,
    /// The mean net result per round, in units of the initial bet.
    pub mean: f64,
    /// Its standard error.
    pub std_error: f64,
    /// The variance of one round's net result.
    pub variance: f64,
    /// The exact engine's EV per round (composition-dependent play, the
    /// rules' split algorithm, a fresh shoe every round).
    pub exact_ev: f64,
    /// `mean - exact_ev`.
    pub difference: f64,
    /// The difference in standard errors.
    pub z: f64,
    /// Shoes shuffled (equal to the rounds with a fresh shoe every round).
    pub shuffles: u64,
    /// Per pair and upcard that was split: the split hands' mean against
    /// the engine's split value.
    pub splits: Vec<SplitCheck>,
}

/// The split hands of one pair against one upcard.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SplitCheck {
    /// The upcard's label.
    pub upcard: char,
    /// The pair's rank label.
    pub pair: char,
    /// Rounds in which the pair was split.
    pub rounds: u64,
    /// The split hands' mean net result (all hands, no insurance).
    pub mean: f64,
    /// Its standard error.
    pub std_error: f64,
    /// The exact engine's split value of the hand (given no dealer natural
    /// under the peek and ENHC OBO, and the rounds counted likewise), when
    /// it has one.
    pub exact: Option<f64>,
    /// `(mean - exact) / std_error`, when both are defined.
    pub z: Option<f64>,
}

impl SplitCheck {
    /// The check from a tally cell.
    pub(super) fn new(
        up: usize,
        pair: usize,
        rounds: u64,
        sum: f64,
        squares: f64,
        exact: Option<f64>,
    ) -> SplitCheck {
        let e = Estimate::from_sums(rounds as f64, sum, squares);
        SplitCheck {
            upcard: Rank::new(up).label(),
            pair: Rank::new(pair).label(),
            rounds,
            mean: e.mean,
            std_error: e.std_error,
            exact,
            z: exact
                .filter(|_| e.std_error > 0.0)
                .map(|x| z_score(e.mean, x, e.std_error)),
        }
    }
}

/// The engine's split value of a pair of rank index `pair` against `up`.
pub(super) fn split_exact(solution: &BlackjackSolution, pair: usize, up: usize) -> Option<f64> {
    let label = Rank::new(pair).label();
    let hand: String = [label, label].iter().collect();
    solution
        .hands
        .iter()
        .find(|r| r.upcard == Rank::new(up).label() && r.hand == hand)
        .and_then(|r| r.split)
}

/// The result of a run.
pub(super) fn result(
    rules: &BlackjackRules,
    solution: &BlackjackSolution,
    strategy: Strategy,
    params: &BlackjackSimParams,
    outcome: &Outcome<Tally>,
) -> BlackjackSimResult {
    let t = &outcome.tally;
    let e = Estimate::from_sums(t.rounds as f64, t.sum, t.squares);
    let splits = t
        .splits
        .iter()
        .enumerate()
        .filter(|(_, cell)| cell.0 > 0)
        .map(|(i, &(n, sum, squares))| {
            let (up, pair) = (i / RANK_COUNT, i % RANK_COUNT);
            let exact = split_exact(solution, pair, up).filter(|_| strategy == Strategy::Cd);
            SplitCheck::new(up, pair, n, sum, squares, exact)
        })
        .collect();
    BlackjackSimResult {
        rules_hash: blackjack_rules_hash(rules),
        strategy,
        split_algorithm: rules.split.algorithm,
        penetration: rules.shoe.penetration,
        generator: GENERATOR,
        seed: params.seed,
        chunk_rounds: CHUNK_ROUNDS,
        threads: outcome.threads,
        seconds: outcome.seconds,
        rounds_per_second: t.rounds as f64 / outcome.seconds.max(1e-9),
        rounds: t.rounds,
        mean: e.mean,
        std_error: e.std_error,
        variance: e.std_dev * e.std_dev,
        exact_ev: solution.ev,
        difference: e.mean - solution.ev,
        z: z_score(e.mean, solution.ev, e.std_error),
        shuffles: t.shuffles,
        splits,
    }
}
