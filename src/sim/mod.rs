//! The one parallel Monte Carlo driver every game's simulator uses.
//!
//! A game supplies only "play this many rounds from this random stream
//! into a tally" ([`Chunked`]). The driver splits a run into fixed chunks,
//! gives each chunk its own stream derived from (seed, chunk index), plays
//! the chunks on a rayon pool and folds their tallies in chunk order, so a
//! result depends on the seed and the number of rounds only, never on the
//! thread count. It also owns the progress bar and the generic statistics
//! (mean, standard error, z-score).
//!
//! - `driver`: the chunk streams, the thread pool and [`run`].
//! - `progress`: the delayed progress bar the driver shows when asked
//!   (`RunParams::progress`).
//! - `stats`: [`Estimate`] and [`z_score`].
//! - `uniform`: [`below`], a uniform integer below a bound.

mod driver;
mod progress;
mod stats;
mod uniform;

pub use driver::{
    CHUNKS_AT_ONCE, Chunked, GENERATOR, Outcome, RunParams, ThreadsError, chunk_rng, held_bytes,
    on_pool, run,
};
pub use stats::{Estimate, Z_95, z_score};
pub use uniform::below;
