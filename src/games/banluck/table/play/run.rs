//! Multi-player rounds on the generic driver ([`crate::sim::run`]): fixed
//! chunks of rounds, one random stream per chunk (the heads-up
//! simulator's), partial results folded in chunk order.

use rand::rngs::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use super::round::{MAX_PLAYERS, RoundPlan, play_round};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::sim::deal::{CardSource, InfiniteShoe, Shoe};
use crate::games::banluck::sim::refresh::RefreshShoe;
use crate::games::banluck::sim::stats::{SimStats, Tally};
use crate::games::banluck::sim::{CHUNK_HANDS, GENERATOR, SimError};
use crate::games::banluck::strategy::PlayerStrategy;
use crate::games::banluck::table::dealer::policy::TablePolicy;
use crate::sim::{Chunked, Estimate, RunParams};

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
pub(crate) struct Partial {
    rounds: u64,
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
    let mut partial = round.empty();
    let mut out = [0u16; MAX_PLAYERS];
    for _ in 0..rounds {
        play_round(round, cards, rng, &mut out);
        partial.add(round, &out);
    }
    partial
}

impl Partial {
    /// Adds one round's outcome codes.
    #[inline]
    fn add(&mut self, round: &RoundPlan<'_>, out: &[u16; MAX_PLAYERS]) {
        let mut total = 0.0;
        for (tally, &code) in self.seats.iter_mut().zip(out) {
            tally.add(code);
            total += round.value[usize::from(code)];
        }
        self.rounds += 1;
        self.sum += total;
        self.squares += total * total;
    }
}

impl Chunked for RoundPlan<'_> {
    type Tally = Partial;

    fn empty(&self) -> Partial {
        Partial {
            rounds: 0,
            seats: vec![Tally::new(self.plan.codes()); self.seats],
            sum: 0.0,
            squares: 0.0,
        }
    }

    fn play(&self, mut rng: Xoshiro256PlusPlus, rounds: u64) -> Partial {
        let deck = self.plan.deck;
        let refresh = self.plan.refresh;
        if !refresh.is_every_round() && !deck.is_infinite() {
            let mut partial = self.empty();
            let mut out = [0u16; MAX_PLAYERS];
            RefreshShoe::new(deck, refresh).play_decks(rounds, |shoe, _| {
                play_round(self, shoe, &mut rng, &mut out);
                partial.add(self, &out);
            });
            partial
        } else if deck.is_infinite() {
            play_chunk(self, &mut InfiniteShoe::new(deck), &mut rng, rounds)
        } else {
            play_chunk(self, &mut Shoe::new(deck), &mut rng, rounds)
        }
    }

    fn merge(&self, total: &mut Partial, chunk: Partial) {
        for (seat, part) in total.seats.iter_mut().zip(&chunk.seats) {
            seat.absorb(part);
        }
        total.rounds += chunk.rounds;
        total.sum += chunk.sum;
        total.squares += chunk.squares;
    }
}

/// Hands `work` a round player (dynamically dispatched, so that tests can
/// script outcomes) over a fresh deck (shuffled or infinite, as
/// the rules say; dealt through several rounds as `deck.refresh` says).
pub(crate) fn with_cards<T>(
    round: &RoundPlan<'_>,
    work: impl FnOnce(&mut PlayRound<'_>) -> T,
) -> T {
    let deck = round.plan.deck;
    let refresh = round.plan.refresh;
    if !refresh.is_every_round() && !deck.is_infinite() {
        let mut cards = RefreshShoe::new(deck, refresh);
        work(&mut |rng, out| play_round(round, &mut cards, rng, out))
    } else if deck.is_infinite() {
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
/// With `deck.refresh` other than `"every_round"` each chunk deals whole
/// decks through, so `stats.rounds` can exceed `params.rounds` by less
/// than one deck's rounds per chunk.
/// With one player the hands, and so the statistics, are exactly those of
/// [`crate::games::banluck::sim::simulate`] with the fixed dealer and the same seed.
///
/// ```
/// use banluck_lab::games::banluck::table::play::{simulate_table, TableParams};
/// use banluck_lab::games::banluck::rules::{RuleSet, CompiledRules};
/// use banluck_lab::games::banluck::strategy_file::Chart;
/// let table = CompiledRules::compile(RuleSet::default());
/// let player = Chart::stand17().expand(&table).unwrap();
/// let params = TableParams { players: 3, rounds: 10_000, seed: 1, threads: 1, progress: false };
/// let result = simulate_table(&table, &player, &params).unwrap();
/// assert_eq!(result.stats.seats.len(), 3);
/// assert_eq!(result.stats.seats[2].hands, 10_000);
/// ```
pub fn simulate_table(
    table: &CompiledRules,
    player: &PlayerStrategy,
    params: &TableParams,
) -> Result<TableResult, SimError> {
    if params.rounds == 0 {
        return Err(SimError::Params(
            "the number of rounds must be at least 1".into(),
        ));
    }
    let round = RoundPlan::new(table, player, params.players)?;
    simulate_rounds(table, &round, params)
}

/// Plays `params.rounds` rounds of `params.players` players, each playing
/// `player`, against a dealer playing `policy` (a strategic dealer from
/// [`crate::games::banluck::table::dealer::best_response`]), from one shared
/// deck. The cards are dealt as in [`simulate_table`].
pub fn simulate_table_policy(
    table: &CompiledRules,
    player: &PlayerStrategy,
    policy: &TablePolicy,
    params: &TableParams,
) -> Result<TableResult, SimError> {
    if params.rounds == 0 {
        return Err(SimError::Params(
            "the number of rounds must be at least 1".into(),
        ));
    }
    if policy.surrender.len() != table.compositions().len() {
        return Err(SimError::Strategy(
            "the dealer policy was computed for other rules".into(),
        ));
    }
    let round = RoundPlan::new(table, player, params.players)?.with_policy(policy);
    simulate_rounds(table, &round, params)
}

fn simulate_rounds(
    table: &CompiledRules,
    round: &RoundPlan<'_>,
    params: &TableParams,
) -> Result<TableResult, SimError> {
    let run = RunParams {
        rounds: params.rounds,
        chunk: CHUNK_HANDS,
        seed: params.seed,
        threads: params.threads,
        progress: params.progress,
    };
    let outcome = crate::sim::run(round, &run)?;
    let (seconds, threads) = (outcome.seconds, outcome.threads);
    let Partial {
        rounds,
        seats,
        sum,
        squares,
    } = outcome.tally;
    let n = rounds as f64;
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
            rounds,
            seats: seats
                .iter()
                .map(|tally| SimStats::from_tally(tally, &round.plan.payoffs))
                .collect(),
            table: Estimate::from_sums(n, sum, squares),
        },
    })
}
