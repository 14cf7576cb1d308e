//! The reproducible parallel driver of multi-player rounds: fixed chunks of
//! rounds, one random stream per chunk (the heads-up simulator's), partial
//! results collected in chunk order and added up sequentially.

use std::time::Instant;

use rand::rngs::Xoshiro256PlusPlus;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::round::{MAX_PLAYERS, RoundPlan, play_round};
use crate::games::banluck::rules::RuleTable;
use crate::games::banluck::sim::deal::{CardSource, InfiniteShoe, Shoe};
use crate::games::banluck::sim::run::{Progress, chunk_rng, on_pool};
use crate::games::banluck::sim::stats::{SimStats, Tally};
use crate::games::banluck::sim::{CHUNK_HANDS, GENERATOR, SimError};
use crate::games::banluck::strategy::PlayerStrategy;

/// What to simulate at a multi-player table besides rules and strategy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableParams {
    /// Players at the table, 1..=7.
    pub players: usize,
    /// Rounds to play (at least 1); each round deals one hand per player.
    pub rounds: u64,
    /// The seed; the same seed and rounds give bit-identical results.
    pub seed: u64,
    /// Worker threads; 0 uses rayon's global pool.
    pub threads: usize,
    /// Show a progress bar on stderr for long runs.
    pub progress: bool,
}

/// A mean per round with its uncertainty.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Its standard error.
    pub std_error: f64,
    /// The standard deviation of one round's value.
    pub std_dev: f64,
}

impl Estimate {
    /// The estimate from a count, a sum and a sum of squares.
    pub fn from_sums(n: f64, sum: f64, squares: f64) -> Estimate {
        let mean = sum / n;
        let variance = if n > 1.0 {
            ((squares - n * mean * mean) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        Estimate {
            mean,
            std_error: (variance / n).sqrt(),
            std_dev: variance.sqrt(),
        }
    }
}

/// The statistics of a multi-player run, from the players' side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableStats {
    /// Players at the table.
    pub players: usize,
    /// Rounds played.
    pub rounds: u64,
    /// Per seat, in seat order: the heads-up simulator's statistics of that
    /// seat's hands.
    pub seats: Vec<SimStats>,
    /// The sum over all seats of one round's payoffs (the dealer loses it).
    pub table: Estimate,
}

impl TableStats {
    /// The dealer's expected gain per round per player.
    pub fn dealer_gain_per_player(&self) -> f64 {
        -self.table.mean / self.players as f64
    }
}

/// A multi-player run with its provenance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableResult {
    /// Hash of the rules played.
    pub rules_hash: String,
    /// The random number generator and its seeding.
    pub generator: String,
    /// The seed.
    pub seed: u64,
    /// Rounds per chunk of the random streams.
    pub chunk_rounds: u64,
    /// Worker threads used.
    pub threads: usize,
    /// Wall-clock seconds spent playing.
    pub seconds: f64,
    /// Player hands (rounds × players) per second.
    pub player_hands_per_second: f64,
    /// The statistics.
    pub stats: TableStats,
}

/// One chunk's counts and sums.
struct Partial {
    seats: Vec<Tally>,
    sum: f64,
    squares: f64,
}

/// Plays one round into the outcome codes of every seat.
pub(crate) type PlayRound<'a> = dyn FnMut(&mut Xoshiro256PlusPlus, &mut [u16; MAX_PLAYERS]) + 'a;

fn play_chunk<C: CardSource>(
    round: &RoundPlan<'_>,
    cards: &mut C,
    rng: &mut Xoshiro256PlusPlus,
    rounds: u64,
) -> Partial {
    let mut partial = Partial {
        seats: vec![Tally::new(round.plan.codes()); round.seats],
        sum: 0.0,
        squares: 0.0,
    };
    let mut out = [0u16; MAX_PLAYERS];
    for _ in 0..rounds {
        play_round(round, cards, rng, &mut out);
        let mut total = 0.0;
        for (tally, &code) in partial.seats.iter_mut().zip(&out) {
            tally.add(code);
            total += round.value[usize::from(code)];
        }
        partial.sum += total;
        partial.squares += total * total;
    }
    partial
}

/// Hands `work` a round player (dynamically dispatched, so that tests can
/// script outcomes) over a fresh deck (shuffled or infinite, as
/// the rules say).
pub(crate) fn with_cards<T>(
    round: &RoundPlan<'_>,
    work: impl FnOnce(&mut PlayRound<'_>) -> T,
) -> T {
    let deck = round.plan.deck;
    if deck.is_infinite() {
        let mut cards = InfiniteShoe::new(deck);
        work(&mut |rng, out| play_round(round, &mut cards, rng, out))
    } else {
        let mut cards = Shoe::new(deck);
        work(&mut |rng, out| play_round(round, &mut cards, rng, out))
    }
}

/// Plays `params.rounds` rounds of `params.players` players, each playing
/// `player`, against the fixed dealer of `table` from one shared deck.
///
/// The same seed gives bit-identical statistics on any number of threads.
/// With one player the hands, and so the statistics, are exactly those of
/// [`crate::games::banluck::sim::simulate`] with the fixed dealer and the same seed.
///
/// ```
/// use banluck_lab::games::banluck::multi::{simulate_table, TableParams};
/// use banluck_lab::games::banluck::rules::{RuleSet, RuleTable};
/// use banluck_lab::games::banluck::strategy_file::Chart;
/// let table = RuleTable::compile(RuleSet::default());
/// let player = Chart::stand17().expand(&table).unwrap();
/// let params = TableParams { players: 3, rounds: 10_000, seed: 1, threads: 1, progress: false };
/// let result = simulate_table(&table, &player, &params).unwrap();
/// assert_eq!(result.stats.seats.len(), 3);
/// assert_eq!(result.stats.seats[2].hands, 10_000);
/// ```
pub fn simulate_table(
    table: &RuleTable,
    player: &PlayerStrategy,
    params: &TableParams,
) -> Result<TableResult, SimError> {
    if params.rounds == 0 {
        return Err(SimError::Params(
            "the number of rounds must be at least 1".into(),
        ));
    }
    let round = RoundPlan::new(table, player, params.players)?;
    let progress = Progress::new(params.progress, params.rounds);
    let start = Instant::now();
    let chunks = params.rounds.div_ceil(CHUNK_HANDS);
    let (partials, threads) = on_pool(params.threads, || {
        (0..chunks)
            .into_par_iter()
            .map(|chunk| {
                let rounds = CHUNK_HANDS.min(params.rounds - chunk * CHUNK_HANDS);
                let mut rng = chunk_rng(params.seed, chunk);
                let deck = round.plan.deck;
                let partial = if deck.is_infinite() {
                    play_chunk(&round, &mut InfiniteShoe::new(deck), &mut rng, rounds)
                } else {
                    play_chunk(&round, &mut Shoe::new(deck), &mut rng, rounds)
                };
                progress.advance(rounds);
                partial
            })
            .collect::<Vec<Partial>>()
    })?;
    let seconds = start.elapsed().as_secs_f64();
    progress.finish();
    let mut seats = vec![Tally::new(round.plan.codes()); params.players];
    let (mut sum, mut squares) = (0.0, 0.0);
    for partial in partials {
        seats = seats
            .into_iter()
            .zip(partial.seats)
            .map(|(a, b)| a.merge(b))
            .collect();
        sum += partial.sum;
        squares += partial.squares;
    }
    let n = params.rounds as f64;
    Ok(TableResult {
        rules_hash: table.hash().to_string(),
        generator: GENERATOR.to_string(),
        seed: params.seed,
        chunk_rounds: CHUNK_HANDS,
        threads,
        seconds,
        player_hands_per_second: n * params.players as f64 / seconds,
        stats: TableStats {
            players: params.players,
            rounds: params.rounds,
            seats: seats
                .iter()
                .map(|tally| SimStats::from_tally(tally, &round.plan.payoffs))
                .collect(),
            table: Estimate::from_sums(n, sum, squares),
        },
    })
}
