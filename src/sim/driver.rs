//! Fixed chunks with their own random streams, played on a rayon pool and
//! folded in chunk order.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rayon::prelude::*;

use super::progress::Progress;

/// The random number generator, as recorded with results.
pub const GENERATOR: &str = "xoshiro256++ (rand 0.10), seeded per chunk by blake3(seed, chunk)";

/// The random stream of chunk `chunk` of a run seeded with `seed`.
pub fn chunk_rng(seed: u64, chunk: u64) -> Xoshiro256PlusPlus {
    let mut hasher = blake3::Hasher::new_derive_key("banluck-lab sim chunk seed v1");
    hasher.update(&seed.to_le_bytes());
    hasher.update(&chunk.to_le_bytes());
    Xoshiro256PlusPlus::from_seed(*hasher.finalize().as_bytes())
}

/// A game's Monte Carlo work: plays rounds (hands, rounds of a table,
/// sessions) from a random stream into a tally.
pub trait Chunked: Sync {
    /// What a chunk of rounds adds up to.
    type Tally: Send;

    /// A tally of no rounds.
    fn empty(&self) -> Self::Tally;

    /// Plays `rounds` rounds from `rng` and returns their tally. (The
    /// stream and the tally are the callee's own locals, which keeps the
    /// hot loop free of stores through pointers.)
    fn play(&self, rng: Xoshiro256PlusPlus, rounds: u64) -> Self::Tally;

    /// Adds a later chunk's tally to the running total.
    fn merge(&self, total: &mut Self::Tally, chunk: Self::Tally);
}

/// How to split and seed a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunParams {
    /// Rounds to play.
    pub rounds: u64,
    /// Rounds per chunk (at least 1); each chunk has its own stream.
    pub chunk: u64,
    /// The seed of every chunk's stream.
    pub seed: u64,
    /// Worker threads; 0 uses rayon's global pool.
    pub threads: usize,
    /// Whether to show a progress bar on stderr (it appears only after a
    /// second, and never when stderr is not a terminal).
    pub progress: bool,
}

/// A finished run.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome<T> {
    /// Every chunk's tally, folded in chunk order.
    pub tally: T,
    /// Worker threads used.
    pub threads: usize,
    /// Wall-clock seconds spent playing.
    pub seconds: f64,
}

/// A thread pool that could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot start {threads} threads: {reason}")]
pub struct ThreadsError {
    /// The threads asked for.
    pub threads: usize,
    /// Why the pool did not start.
    pub reason: String,
}

/// Runs `work` on rayon's global pool (`threads = 0`) or on a pool of
/// `threads` threads, and returns its value with the number of threads used.
pub fn on_pool<T: Send>(
    threads: usize,
    work: impl FnOnce() -> T + Send,
) -> Result<(T, usize), ThreadsError> {
    if threads == 0 {
        return Ok((work(), rayon::current_num_threads()));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| ThreadsError {
            threads,
            reason: e.to_string(),
        })?;
    Ok(pool.install(|| (work(), rayon::current_num_threads())))
}

/// Chunks played at once: their tallies are held until they are folded,
/// so a run holds at most this many tallies whatever its length.
pub const CHUNKS_AT_ONCE: u64 = 1024;

/// Plays `params.rounds` rounds of `game` in chunks of `params.chunk`, chunk
/// `i` from [`chunk_rng`]`(seed, i)`, advancing a progress bar (if asked
/// for) as chunks finish, and folds the chunk tallies in chunk order: the
/// result is the same on any number of threads. Chunks are played
/// [`CHUNKS_AT_ONCE`] at a time and folded as each batch ends.
pub fn run<G: Chunked>(game: &G, params: &RunParams) -> Result<Outcome<G::Tally>, ThreadsError> {
    let progress = Progress::new(params.progress, params.rounds);
    let chunk = params.chunk.max(1);
    let chunks = params.rounds.div_ceil(chunk);
    let start = Instant::now();
    let (total, threads) = on_pool(params.threads, || {
        let mut total = game.empty();
        for first in (0..chunks).step_by(CHUNKS_AT_ONCE as usize) {
            let batch = first..chunks.min(first + CHUNKS_AT_ONCE);
            let tallies: Vec<G::Tally> = batch
                .into_par_iter()
                .map(|index| {
                    let rounds = chunk.min(params.rounds - index * chunk);
                    let tally = game.play(chunk_rng(params.seed, index), rounds);
                    progress.advance(rounds);
                    tally
                })
                .collect();
            for tally in tallies {
                game.merge(&mut total, tally);
            }
        }
        total
    })?;
    progress.finish();
    let seconds = start.elapsed().as_secs_f64();
    Ok(Outcome {
        tally: total,
        threads,
        seconds,
    })
}

/// The bytes [`run`] holds in chunk tallies of `tally_bytes` each: at
/// most [`CHUNKS_AT_ONCE`] of them and the total.
pub fn held_bytes(params: &RunParams, tally_bytes: u64) -> u64 {
    let chunks = params.rounds.div_ceil(params.chunk.max(1));
    (chunks.min(CHUNKS_AT_ONCE) + 1).saturating_mul(tally_bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    /// Sums random sevenths in floating point (whose rounding depends on
    /// the order of additions) and counts the rounds and chunks.
    struct Draws;

    impl Chunked for Draws {
        type Tally = (f64, u64, Vec<u64>);

        fn empty(&self) -> Self::Tally {
            (0.0, 0, Vec::new())
        }

        fn play(&self, mut rng: Xoshiro256PlusPlus, rounds: u64) -> Self::Tally {
            let mut sum = 0.0;
            for _ in 0..rounds {
                sum += (rng.next_u64() >> 40) as f64 / 7.0;
            }
            (sum, rounds, vec![rounds])
        }

        fn merge(&self, total: &mut Self::Tally, chunk: Self::Tally) {
            total.0 += chunk.0;
            total.1 += chunk.1;
            total.2.extend(chunk.2);
        }
    }

    #[test]
    fn results_are_bit_identical_on_any_number_of_threads() {
        let params = |threads| RunParams {
            rounds: 10_007,
            chunk: 1000,
            seed: 42,
            threads,
            progress: false,
        };
        let one = run(&Draws, &params(1)).unwrap();
        assert_eq!(one.threads, 1);
        assert_eq!(one.tally.1, 10_007);
        // Eleven chunks in order, the last one partial.
        let mut sizes = vec![1000; 10];
        sizes.push(7);
        assert_eq!(one.tally.2, sizes);
        for threads in [2, 3, 8] {
            let other = run(&Draws, &params(threads)).unwrap();
            assert_eq!(other.threads, threads);
            assert_eq!(other.tally.0.to_bits(), one.tally.0.to_bits());
            assert_eq!(other.tally.2, one.tally.2);
        }
        let with_bar = run(
            &Draws,
            &RunParams {
                progress: true,
                ..params(2)
            },
        )
        .unwrap();
        assert_eq!(with_bar.tally.0.to_bits(), one.tally.0.to_bits());
        // Another seed gives another stream.
        let reseeded = run(
            &Draws,
            &RunParams {
                seed: 43,
                ..params(1)
            },
        )
        .unwrap();
        assert_ne!(reseeded.tally.0.to_bits(), one.tally.0.to_bits());
    }

    #[test]
    fn chunk_streams_differ_by_seed_and_chunk() {
        let first = |seed, chunk| chunk_rng(seed, chunk).next_u64();
        assert_eq!(first(1, 0), first(1, 0));
        assert_ne!(first(1, 0), first(1, 1));
        assert_ne!(first(1, 0), first(2, 0));
    }
}
