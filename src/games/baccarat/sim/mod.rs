//! The shoe simulator: real shuffled shoes, burn, cut card, reshuffle; the
//! outcome of every coup counted and compared with the exact full-shoe
//! figures.
//!
//! It runs on the lab's one Monte Carlo driver ([`crate::sim::run`]):
//! chunks of [`CHUNK_HANDS`] coups, each from a fresh shoe and its own
//! random stream (xoshiro256++ seeded by blake3(seed, chunk)), with integer
//! counts folded in chunk order, so the counts depend on the seed and the
//! number of hands only, never on the number of threads; the last shoe of a
//! chunk is left unfinished.

mod shoe;
mod stats;

use rand::rngs::Xoshiro256PlusPlus;
use serde::Serialize;

pub use shoe::PhysicalShoe;
pub use stats::{BetResult, PerOutcome, SimStats, Tally};

use super::exact::{Shoe, count_outcomes};
use super::rules::{BaccaratRules, ShoeRules, baccarat_rules_hash};
use crate::sim::{Chunked, RunParams};

/// Coups per chunk.
pub const CHUNK_HANDS: u64 = 1 << 20;

/// The random number generator, as recorded with results.
pub const GENERATOR: &str =
    "xoshiro256++ (rand 0.10), seeded per chunk by blake3(seed, chunk), a fresh shoe per chunk";

/// What to simulate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimParams {
    /// Coups to play (at least 1).
    pub hands: u64,
    /// The run's seed.
    pub seed: u64,
    /// Threads (0: rayon's default).
    pub threads: usize,
    /// Whether to show a progress bar on stderr.
    pub progress: bool,
}

/// A simulation's results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimResult {
    /// The rules' hash.
    pub rules_hash: String,
    /// The decks in the shoe.
    pub decks: u32,
    /// The random number generator.
    pub generator: &'static str,
    /// The seed.
    pub seed: u64,
    /// Coups per chunk.
    pub chunk_hands: u64,
    /// Threads used.
    pub threads: usize,
    /// Wall time in seconds.
    pub seconds: f64,
    /// Coups per second of wall time.
    pub hands_per_second: f64,
    /// The statistics.
    #[serde(flatten)]
    pub stats: SimStats,
}

/// Baccarat as the driver sees it: a chunk is `rounds` coups from fresh
/// shoes of this kind.
struct Coups<'r> {
    shoe: &'r ShoeRules,
}

impl Chunked for Coups<'_> {
    type Tally = Tally;

    fn empty(&self) -> Tally {
        Tally::default()
    }

    fn play(&self, mut rng: Xoshiro256PlusPlus, hands: u64) -> Tally {
        let mut shoe = PhysicalShoe::new(self.shoe);
        let mut tally = Tally::default();
        let mut played = 0;
        shoe.shuffle(&mut rng);
        let mut in_shoe = 0;
        while played < hands {
            match shoe.deal() {
                Some(class) => {
                    tally.by_class[usize::from(class)] += 1;
                    played += 1;
                    in_shoe += 1;
                }
                None => {
                    tally.shoes += 1;
                    tally.shoe_hands += in_shoe;
                    in_shoe = 0;
                    shoe.shuffle(&mut rng);
                }
            }
        }
        tally
    }

    fn merge(&self, total: &mut Tally, chunk: Tally) {
        *total = total.merge(chunk);
    }
}

/// Simulates `params.hands` coups under `rules`.
///
/// ```
/// use banluck_lab::games::baccarat::rules::BaccaratRules;
/// use banluck_lab::games::baccarat::sim::{simulate, SimParams};
/// let params = SimParams { hands: 100_000, seed: 1, threads: 1, progress: false };
/// let result = simulate(&BaccaratRules::default(), &params).unwrap();
/// assert_eq!(result.stats.hands, 100_000);
/// assert!(result.stats.max_abs_z() < 5.0);
/// ```
pub fn simulate(rules: &BaccaratRules, params: &SimParams) -> Result<SimResult, String> {
    if params.hands == 0 {
        return Err("the number of hands must be at least 1".into());
    }
    let exact = count_outcomes(&Shoe::decks(rules.shoe.decks)).map_err(|e| e.to_string())?;
    let run = RunParams {
        rounds: params.hands,
        chunk: CHUNK_HANDS,
        seed: params.seed,
        threads: params.threads,
        progress: params.progress,
    };
    let outcome = crate::sim::run(&Coups { shoe: &rules.shoe }, &run).map_err(|e| e.to_string())?;
    Ok(SimResult {
        rules_hash: baccarat_rules_hash(rules),
        decks: rules.shoe.decks,
        generator: GENERATOR,
        seed: params.seed,
        chunk_hands: CHUNK_HANDS,
        threads: outcome.threads,
        seconds: outcome.seconds,
        hands_per_second: params.hands as f64 / outcome.seconds,
        stats: SimStats::new(&outcome.tally, &exact, &rules.payouts),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_hands_is_an_error() {
        let params = SimParams {
            hands: 0,
            seed: 1,
            threads: 1,
            progress: false,
        };
        assert!(simulate(&BaccaratRules::default(), &params).is_err());
    }
}
