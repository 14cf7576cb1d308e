//! The counting run: its parameters, the driver over whole decks, and the
//! result with its provenance.

use serde::Serialize;

use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::sim::{GENERATOR, SimError};
use crate::games::banluck::strategy::PlayerStrategy;
use crate::games::banluck::table::play::RoundPlan;
use crate::sim::RunParams;

use super::run;
use super::solve;
use super::summary::CountFigures;
use super::system::CountSystem;

/// Rounds per chunk of the driver (each chunk finishes its last deck).
pub const COUNT_CHUNK_ROUNDS: u64 = 4096;

/// What to run besides the rules and the strategy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CountParams {
    /// Seats at the table, 1..=7 (the counter is seat 1).
    pub players: usize,
    /// Rounds to play (at least 1; whole decks, so a few more may be played).
    pub rounds: u64,
    /// The chance (0..=1) that a round is solved by the exact DP.
    pub exact_share: f64,
    /// The chance (0..=1) that a round whose first-order EV estimate is
    /// above [`EDGE_SCREEN`](super::EDGE_SCREEN) is solved.
    pub edge_share: f64,
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
    /// The chance that a round was solved.
    pub exact_share: f64,
    /// The chance that a round above the screen was solved.
    pub edge_share: f64,
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
/// use banluck_lab::games::banluck::rules::{RuleSet, CompiledRules};
/// use banluck_lab::games::banluck::strategy_file::Chart;
/// use banluck_lab::rules::Refresh;
/// let mut rules = RuleSet::default();
/// rules.deck.refresh = Refresh::Penetration(0.75);
/// let table = CompiledRules::compile(rules);
/// let player = Chart::stand17().expand(&table).unwrap();
/// let params = CountParams {
///     players: 4, rounds: 2000, exact_share: 0.0, edge_share: 0.0, seed: 1, threads: 1,
///     progress: false,
/// };
/// let result = count_study(&table, &player, &params).unwrap();
/// assert!(result.figures.rounds >= 2000);
/// assert!(result.figures.spread.mean_bet >= 1.0);
/// ```
///
/// # Errors
/// Parameters out of range, an infinite deck, or a strategy for other rules.
pub fn count_study(
    table: &CompiledRules,
    player: &PlayerStrategy,
    params: &CountParams,
) -> Result<CountResult, SimError> {
    if params.rounds == 0 {
        return Err(SimError::Params(
            "the number of rounds must be at least 1".into(),
        ));
    }
    for (name, share) in [
        ("exact share", params.exact_share),
        ("edge share", params.edge_share),
    ] {
        if !(0.0..=1.0).contains(&share) {
            return Err(SimError::Params(format!(
                "the {name} must be from 0 to 1, not {share}"
            )));
        }
    }
    let rules = table.rules();
    let system = CountSystem::derive(rules).map_err(SimError::Params)?;
    let round = RoundPlan::new(table, player, params.players)?;
    let solver = solve::DeckSolver::new(table, player, system.full).map_err(SimError::Params)?;
    let work = run::CountRounds {
        round: &round,
        refresh: rules.deck.refresh,
        system: &system,
        solver: &solver,
        exact_share: params.exact_share,
        edge_share: params.edge_share,
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
        edge_share: params.edge_share,
        generator: GENERATOR.to_string(),
        seed: params.seed,
        chunk_rounds: COUNT_CHUNK_ROUNDS,
        threads: outcome.threads,
        seconds: outcome.seconds,
        figures: CountFigures::of(&outcome.tally),
    })
}
