//! Can a Banluck player count cards? The counting study by simulation on
//! the lab's one Monte Carlo driver ([`crate::sim::run`]).
//!
//! A table of K seats (the counter in seat 1, every seat playing one fixed
//! strategy, by default the chart) is dealt from a deck shuffled as
//! `deck.refresh` says; each driver chunk deals whole decks. Before every
//! round the cards left are known to the study, and on the same hands of
//! seat 1 it compares:
//!
//! - the **flat bettor**: 1 unit every round;
//! - the **counter**: the ramp of [`counter_bet`] on the true count of the
//!   count derived from the exact effects of removal ([`CountSystem`]);
//! - the **perfect-information bettor**: 8 units when the exact EV of the
//!   deck left (the partial-deck DP, [`crate::games::banluck::dp::deck_value`])
//!   is positive, else 1, playing that deck's optimal strategy.
//!
//! The counter's and the flat bettor's wins are the seat's real payoffs
//! (their difference per unit bet is the counting gain, paired on the same
//! hands). The exact DP costs about 33 ms a call on a loaded 2-core machine
//! (criterion, `benches/partial_deck.rs`), too slow for every round, so it
//! values a random sample of rounds (each with chance `exact_share`; the
//! full deck's value is computed once): there the study reports the share
//! of rounds at a positive edge and the expected win, bet × exact EV, of
//! the flat bettor, the counter and the perfect-information bettor, each
//! playing the optimal strategy for the deck left (a seat's exact EV does
//! not depend on the other seats' play, so the heads-up DP's EV is the
//! seat's at any table, unless the stub runs out mid-round: the share of
//! such rounds is reported). On every round the share at a positive edge
//! is also estimated to first order ([`CountSystem::linear_ev`]), with its
//! sign agreement with the exact EV on the sample.
//!
//! With `deck.refresh = "every_round"` every round is dealt from a full
//! deck: the true count is 0 before every bet, the counter bets 1 unit
//! throughout and the counting gain is exactly 0.

mod run;
mod summary;
mod system;

use serde::Serialize;

pub use run::{CountTally, DeckRecord, TC_HIGH, TC_LOW};
pub use summary::{Bettor, CountFigures, Rate, TrueCountBucket};
pub use system::{CountSystem, EDGE_PER_UNIT, MAX_BET, MIN_BET, counter_bet, perfect_bet};

use crate::games::banluck::multi::RoundPlan;
use crate::games::banluck::rules::RuleTable;
use crate::games::banluck::sim::{GENERATOR, SimError};
use crate::games::banluck::strategy::PlayerStrategy;
use crate::sim::RunParams;

/// Rounds per chunk of the driver (each chunk finishes its last deck).
pub const COUNT_CHUNK_ROUNDS: u64 = 4096;

/// What to run besides the rules and the strategy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CountParams {
    /// Seats at the table, 1..=7 (the counter is seat 1).
    pub players: usize,
    /// Rounds to play (at least 1; whole decks, so a few more may be played).
    pub rounds: u64,
    /// The chance (0..=1) that a round is valued by the exact DP.
    pub exact_share: f64,
    /// The seed: the same seed gives the same figures on any number of threads.
    pub seed: u64,
    /// Worker threads (0: rayon's default).
    pub threads: usize,
    /// Show a progress bar on stderr.
    pub progress: bool,
}

/// A counting run with its provenance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CountResult {
    /// The rules' hash.
    pub rules_hash: String,
    /// `deck.refresh` as written.
    pub refresh: String,
    /// Seats at the table.
    pub players: usize,
    /// The count and the ramp's model.
    pub system: CountSystem,
    /// The chance that a round was valued exactly.
    pub exact_share: f64,
    /// The random number generator and its seeding.
    pub generator: String,
    /// The seed.
    pub seed: u64,
    /// Rounds per chunk.
    pub chunk_rounds: u64,
    /// Threads used.
    pub threads: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The figures.
    pub figures: CountFigures,
}

/// Runs the counting study of `table`'s rules with every seat playing
/// `player`, the count derived from the rules' full deck.
///
/// ```
/// use banluck_lab::games::banluck::counting::{CountParams, count_study};
/// use banluck_lab::games::banluck::rules::{RuleSet, RuleTable};
/// use banluck_lab::games::banluck::strategy_file::Chart;
/// use banluck_lab::rules::Refresh;
/// let mut rules = RuleSet::default();
/// rules.deck.refresh = Refresh::Penetration(0.75);
/// let table = RuleTable::compile(rules);
/// let player = Chart::stand17().expand(&table).unwrap();
/// let params = CountParams {
///     players: 4, rounds: 2000, exact_share: 0.0, seed: 1, threads: 1, progress: false,
/// };
/// let result = count_study(&table, &player, &params).unwrap();
/// assert!(result.figures.rounds >= 2000);
/// assert!(result.figures.counter.mean_bet >= 1.0);
/// ```
///
/// # Errors
/// Parameters out of range, an infinite deck, or a strategy for other rules.
pub fn count_study(
    table: &RuleTable,
    player: &PlayerStrategy,
    params: &CountParams,
) -> Result<CountResult, SimError> {
    if params.rounds == 0 {
        return Err(SimError::Params(
            "the number of rounds must be at least 1".into(),
        ));
    }
    if !(0.0..=1.0).contains(&params.exact_share) {
        return Err(SimError::Params(format!(
            "the exact share must be from 0 to 1, not {}",
            params.exact_share
        )));
    }
    let rules = table.rules();
    let system = CountSystem::derive(rules).map_err(SimError::Params)?;
    let round = RoundPlan::new(table, player, params.players)?;
    let work = run::CountRounds {
        round: &round,
        rules,
        refresh: rules.deck.refresh,
        system: &system,
        exact_share: params.exact_share,
    };
    let run = RunParams {
        rounds: params.rounds,
        chunk: COUNT_CHUNK_ROUNDS,
        seed: params.seed,
        threads: params.threads,
        progress: params.progress,
    };
    let outcome = crate::sim::run(&work, &run)?;
    Ok(CountResult {
        rules_hash: table.hash().to_string(),
        refresh: rules.deck.refresh.describe(),
        players: params.players,
        system,
        exact_share: params.exact_share,
        generator: GENERATOR.to_string(),
        seed: params.seed,
        chunk_rounds: COUNT_CHUNK_ROUNDS,
        threads: outcome.threads,
        seconds: outcome.seconds,
        figures: CountFigures::of(&outcome.tally),
    })
}
