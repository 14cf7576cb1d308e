//! Blackjack played round by round on the lab's one Monte Carlo driver
//! ([`crate::sim::run`]), for checking the exact engine independently.
//!
//! Every round is dealt card by card from a shoe of the rules' decks
//! (`shoe.penetration` set: dealt to the cut card, then reshuffled between
//! rounds; unset: a fresh shoe every round, as the exact engine assumes;
//! the infinite deck draws with replacement). Every rule of the exact
//! engine is played: the peek or none, S17/H17, the double restrictions and
//! DAS, splits to `split.max_hands` with resplits, resplit and hit split
//! aces, late and early surrender, insurance and even money, the natural's
//! payout. Split hands are played out, each with its own decisions.
//!
//! Two strategies ([`Strategy`]): the basic-strategy chart of the exact
//! solution (total-dependent, see `strategy`), and the
//! composition-dependent strategy whose value the exact engine computes,
//! split hands played as `split.algorithm` defines them (see `cd`). With a
//! fresh shoe every round the mean of the composition-dependent strategy
//! estimates [`BlackjackSolution::ev`] itself (for `cdp1` with resplits,
//! the engine's value is that of its strategy up to its approximation, a
//! few 1e-6).
//!
//! Chunks of [`CHUNK_ROUNDS`] rounds each start from a fresh shoe and their
//! own random stream; tallies are folded in chunk order, so a result
//! depends on the seed and the number of rounds only, never on the threads.
//!
//! - `shoe`: the cards; `strategy`, `cd`: the strategies as tables;
//!   `round`: one round; `tally`: the sums and the results made of them.

mod cd;
mod round;
mod shoe;
mod strategy;
mod tally;

use std::str::FromStr;

use rand::rngs::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use crate::cards::{Deck, RANK_COUNT, Rank};
use crate::games::blackjack::hands::{Hands, Shoe};
use crate::games::blackjack::rules::{BlackjackRules, validate_blackjack};
use crate::games::blackjack::{self, BlackjackSolution};
use crate::sim::{Chunked, RunParams};

pub use tally::{BlackjackSimResult, SplitCheck};

use round::Table;
use shoe::CardShoe;
use strategy::Tables;
use tally::Tally;

/// Rounds per chunk of the random streams.
pub const CHUNK_ROUNDS: u64 = 1 << 16;

/// The random number generator, as recorded with results.
pub const GENERATOR: &str = "xoshiro256++ (rand 0.10), seeded per chunk by blake3(seed, chunk), a \
     freshly shuffled shoe per chunk";

/// The simulated player's strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Strategy {
    /// The basic-strategy chart of the exact solution (total-dependent).
    #[serde(rename = "chart")]
    Chart,
    /// The exact engine's composition-dependent strategy, split hands by
    /// `split.algorithm`.
    #[serde(rename = "cd")]
    Cd,
}

impl FromStr for Strategy {
    type Err = String;

    fn from_str(text: &str) -> Result<Strategy, String> {
        match text {
            "chart" => Ok(Strategy::Chart),
            "cd" => Ok(Strategy::Cd),
            _ => Err(format!("`{text}` is not a blackjack strategy: chart or cd")),
        }
    }
}

/// How much to simulate and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlackjackSimParams {
    /// Rounds to play (at least 1).
    pub rounds: u64,
    /// The seed: the same seed and rounds give the same result on any
    /// number of threads.
    pub seed: u64,
    /// Worker threads; 0 uses rayon's global pool.
    pub threads: usize,
    /// Show a progress bar on stderr (after a second, on a terminal only).
    pub progress: bool,
}

/// Why a simulation could not run.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SimError {
    /// The rules break a rule of the schema (the key is named).
    #[error("{key}: {message}")]
    Rules {
        /// The offending key.
        key: String,
        /// What is wrong with it.
        message: String,
    },
    /// A parameter is out of range.
    #[error("{0}")]
    Params(String),
}

/// Simulates `params.rounds` rounds of `rules` with `strategy`, solving the
/// rules exactly first (for the strategy and the exact EV to compare with).
///
/// ```
/// use banluck_lab::games::blackjack::rules::BlackjackRules;
/// use banluck_lab::games::blackjack::sim::{simulate, BlackjackSimParams, Strategy};
/// let mut rules = BlackjackRules::default();
/// rules.deck.infinite = true;
/// let params = BlackjackSimParams { rounds: 20_000, seed: 1, threads: 1, progress: false };
/// let result = simulate(&rules, Strategy::Cd, &params).unwrap();
/// assert_eq!(result.rounds, 20_000);
/// assert!(result.z.abs() < 5.0);
/// ```
pub fn simulate(
    rules: &BlackjackRules,
    strategy: Strategy,
    params: &BlackjackSimParams,
) -> Result<BlackjackSimResult, SimError> {
    check(rules, params)?;
    simulate_solved(rules, &blackjack::solve(rules), strategy, params)
}

/// [`simulate`] with the exact solution of `rules` already at hand
/// (`solution` must be `blackjack::solve(rules)`).
pub fn simulate_solved(
    rules: &BlackjackRules,
    solution: &BlackjackSolution,
    strategy: Strategy,
    params: &BlackjackSimParams,
) -> Result<BlackjackSimResult, SimError> {
    check(rules, params)?;
    let deck = Deck::new(u32::from(rules.deck.decks), rules.deck.infinite);
    let tables = tables(rules, solution, strategy, &deck);
    let game = Rounds {
        table: Table::new(rules),
        tables: &tables,
        deck: &deck,
        penetration: rules.shoe.penetration,
        forced: None,
    };
    let outcome =
        crate::sim::run(&game, &run_params(params)).map_err(|e| SimError::Params(e.to_string()))?;
    Ok(tally::result(rules, solution, strategy, params, &outcome))
}

/// Simulates `params.rounds` rounds that start with a pair of `pair`
/// against `upcard`, split whatever the strategy's first move (the rest of
/// the round from the shoe without those three cards; under the peek,
/// rounds with a dealer natural are dealt again), and compares the split
/// hands' mean with the exact engine's split value of that hand.
///
/// ```
/// use banluck_lab::cards::Rank;
/// use banluck_lab::games::blackjack::rules::BlackjackRules;
/// use banluck_lab::games::blackjack::sim::{simulate_split, BlackjackSimParams, Strategy};
/// let rules = BlackjackRules::default();
/// let params = BlackjackSimParams { rounds: 20_000, seed: 1, threads: 1, progress: false };
/// let eights = Rank::new(6);
/// let check = simulate_split(&rules, Strategy::Cd, eights, Rank::TEN, &params).unwrap();
/// assert!(check.z.unwrap().abs() < 5.0);
/// ```
pub fn simulate_split(
    rules: &BlackjackRules,
    strategy: Strategy,
    pair: Rank,
    upcard: Rank,
    params: &BlackjackSimParams,
) -> Result<SplitCheck, SimError> {
    check(rules, params)?;
    if rules.split.max_hands < 2 {
        return Err(SimError::Rules {
            key: "split.max_hands".into(),
            message: "is 1: no pair may be split".into(),
        });
    }
    let deck = Deck::new(u32::from(rules.deck.decks), rules.deck.infinite);
    let mut dealt = [0u32; RANK_COUNT];
    dealt[pair.index()] += 2;
    dealt[upcard.index()] += 1;
    if !deck.is_infinite() && Rank::all().any(|r| dealt[r.index()] > deck.count(r)) {
        return Err(SimError::Params(format!(
            "the shoe cannot deal a pair of {} and a {} up",
            pair.label(),
            upcard.label()
        )));
    }
    let solution = blackjack::solve(rules);
    let tables = tables(rules, &solution, strategy, &deck);
    let game = Rounds {
        table: Table::new(rules),
        tables: &tables,
        deck: &deck,
        penetration: None,
        forced: Some((pair, upcard)),
    };
    let outcome =
        crate::sim::run(&game, &run_params(params)).map_err(|e| SimError::Params(e.to_string()))?;
    let exact = tally::split_exact(&solution, pair.index(), upcard.index());
    let (count, sum, squares) = outcome.tally.splits[upcard.index() * RANK_COUNT + pair.index()];
    Ok(SplitCheck::new(
        upcard.index(),
        pair.index(),
        count,
        sum,
        squares,
        exact,
    ))
}

fn check(rules: &BlackjackRules, params: &BlackjackSimParams) -> Result<(), SimError> {
    if let Some(v) = validate_blackjack(rules).into_iter().next() {
        return Err(SimError::Rules {
            message: format!("found {}; {}", v.found, v.allowed),
            key: v.key,
        });
    }
    if params.rounds == 0 {
        return Err(SimError::Params(
            "the number of rounds must be at least 1".into(),
        ));
    }
    Ok(())
}

fn run_params(params: &BlackjackSimParams) -> RunParams {
    RunParams {
        rounds: params.rounds,
        chunk: CHUNK_ROUNDS,
        seed: params.seed,
        threads: params.threads,
        progress: params.progress,
    }
}

fn tables(
    rules: &BlackjackRules,
    solution: &BlackjackSolution,
    strategy: Strategy,
    deck: &Deck,
) -> Tables {
    let hands = Hands::new(deck, &rules.ace);
    let shoe = Shoe::new(deck);
    match strategy {
        Strategy::Chart => strategy::chart_tables(rules, solution, hands, &shoe),
        Strategy::Cd => cd::cd_tables(rules, solution, hands, &shoe),
    }
}

/// Blackjack as the driver sees it.
struct Rounds<'a> {
    table: Table,
    tables: &'a Tables,
    deck: &'a Deck,
    penetration: Option<f64>,
    /// Every round starts with this pair against this upcard, split.
    forced: Option<(Rank, Rank)>,
}

impl Chunked for Rounds<'_> {
    type Tally = Tally;

    fn empty(&self) -> Tally {
        Tally::new()
    }

    fn play(&self, mut rng: Xoshiro256PlusPlus, rounds: u64) -> Tally {
        let mut shoe = CardShoe::new(self.deck, self.penetration);
        let mut tally = Tally::new();
        let mut played = 0;
        while played < rounds {
            let round = match self.forced {
                None => round::play(&self.table, self.tables, &mut shoe, &mut rng),
                Some((pair, up)) => {
                    match round::play_split(&self.table, self.tables, &mut shoe, &mut rng, pair, up)
                    {
                        Some(round) => round,
                        None => continue,
                    }
                }
            };
            tally.add(&round);
            played += 1;
        }
        tally.shuffles = shoe.shuffles();
        tally
    }

    fn merge(&self, total: &mut Tally, chunk: Tally) {
        total.merge(chunk);
    }
}
