//! The resource guard: every command and every experiment estimates its
//! work before it allocates or starts threads, in CPU seconds on this
//! machine and in bytes ([`Estimate`]), and [`admit`] checks it against
//! limits that read the machine ([`Machine`]: its cores and the memory
//! it has available).
//!
//! - More than [`MAX_CPU_SECONDS`] of CPU time is refused unless the user
//!   accepts a long run (`--allow-long`); more bytes than
//!   [`memory_limit`] is refused always.
//! - A run expected to take more than [`LONG_RUN_SECONDS`] on its threads
//!   is admitted with a note stating its estimate.
//! - `--threads` and `--jobs` are read by [`parse_threads`]: 1 to
//!   [`max_threads`].
//!
//! The rates behind the estimates are measured constants ([`calibration`]).

pub mod calibration;
mod estimate;
mod machine;
mod threads;
mod verdict;

pub use estimate::{Estimate, format_bytes, format_seconds};
pub use machine::{Machine, machine};
pub use threads::{MAX_THREADS, THREADS_PER_CORE, max_threads, parse_threads, threads_used};
pub use verdict::{
    FREE_MEMORY_SHARE, LONG_RUN_SECONDS, MAX_CPU_SECONDS, MemoryLimit, Refusal, admit, memory_limit,
};
