//! The shoe simulator: real shuffled shoes, burn, cut card, reshuffle; the
//! outcome of every coup counted and compared with the exact full-shoe
//! figures.
//!
//! Chunks of [`CHUNK_HANDS`] coups run in parallel. Each chunk starts a
//! fresh shoe and has its own random stream, xoshiro256++ seeded by
//! `blake3(seed, chunk)` (the same scheme as the Banluck simulator), so the
//! counts depend on the seed and the number of hands only, never on the
//! number of threads; the last shoe of a chunk is left unfinished. Chunk
//! counts are integers, added in chunk order. This runner is
//! self-contained so that it can move onto the lab's generic driver.

mod shoe;
mod stats;

use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rayon::prelude::*;
use serde::Serialize;

pub use shoe::PhysicalShoe;
pub use stats::{BetResult, PerOutcome, SimStats, Tally};

use super::exact::{Shoe, count_outcomes};
use super::rules::{BaccaratRules, baccarat_rules_hash};

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

/// The random stream of chunk `chunk` of a run seeded with `seed`.
fn chunk_rng(seed: u64, chunk: u64) -> Xoshiro256PlusPlus {
    let mut hasher = blake3::Hasher::new_derive_key("banluck-lab baccarat chunk seed v1");
    hasher.update(&seed.to_le_bytes());
    hasher.update(&chunk.to_le_bytes());
    Xoshiro256PlusPlus::from_seed(*hasher.finalize().as_bytes())
}

/// Plays `hands` coups from fresh shoes of `shoe`'s kind.
fn play_chunk(shoe: &mut PhysicalShoe, rng: &mut Xoshiro256PlusPlus, hands: u64) -> Tally {
    let mut tally = Tally::default();
    let mut played = 0;
    shoe.shuffle(rng);
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
                shoe.shuffle(rng);
            }
        }
    }
    tally
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
    let bar = params.progress.then(|| progress_bar(params.hands));
    let chunks = params.hands.div_ceil(CHUNK_HANDS);
    let start = Instant::now();
    let work = || {
        let tallies: Vec<Tally> = (0..chunks)
            .into_par_iter()
            .map(|chunk| {
                let hands = CHUNK_HANDS.min(params.hands - chunk * CHUNK_HANDS);
                let mut shoe = PhysicalShoe::new(&rules.shoe);
                let tally = play_chunk(&mut shoe, &mut chunk_rng(params.seed, chunk), hands);
                if let Some(bar) = &bar {
                    bar.inc(hands);
                }
                tally
            })
            .collect();
        let total = tallies.into_iter().fold(Tally::default(), Tally::merge);
        (total, rayon::current_num_threads())
    };
    let (tally, threads) = if params.threads == 0 {
        work()
    } else {
        rayon::ThreadPoolBuilder::new()
            .num_threads(params.threads)
            .build()
            .map_err(|e| format!("cannot start {} threads: {e}", params.threads))?
            .install(work)
    };
    let seconds = start.elapsed().as_secs_f64();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(SimResult {
        rules_hash: baccarat_rules_hash(rules),
        decks: rules.shoe.decks,
        generator: GENERATOR,
        seed: params.seed,
        chunk_hands: CHUNK_HANDS,
        threads,
        seconds,
        hands_per_second: params.hands as f64 / seconds,
        stats: SimStats::new(&tally, &exact, &rules.payouts),
    })
}

/// A progress bar on stderr counting `hands`.
fn progress_bar(hands: u64) -> ProgressBar {
    let style = ProgressStyle::with_template(
        "{elapsed_precise} [{bar:40}] {percent:>3}% {human_pos}/{human_len} coups, eta {eta}",
    )
    .expect("a valid progress template")
    .progress_chars("=> ");
    ProgressBar::with_draw_target(Some(hands), ProgressDrawTarget::stderr()).with_style(style)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunk_streams_differ_by_seed_and_chunk() {
        use rand::Rng;
        let first = |seed, chunk| chunk_rng(seed, chunk).next_u64();
        assert_eq!(first(1, 0), first(1, 0));
        assert_ne!(first(1, 0), first(1, 1));
        assert_ne!(first(1, 0), first(2, 0));
    }

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
