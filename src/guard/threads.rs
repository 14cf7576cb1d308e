//! `--threads` and `--jobs`: from 1 to [`max_threads`], so that a typo
//! such as `--threads 65535` cannot start thousands of threads.

use super::machine::machine;

/// Threads allowed per core: more than one keeps a machine busy while
/// threads wait on files; four is plenty.
pub const THREADS_PER_CORE: usize = 4;

/// The most threads on any machine.
pub const MAX_THREADS: usize = 256;

/// The most threads a command may start on this machine:
/// [`THREADS_PER_CORE`] per core, at most [`MAX_THREADS`].
pub fn max_threads() -> usize {
    (THREADS_PER_CORE * machine().cores).clamp(1, MAX_THREADS)
}

/// The threads a run uses when asked for `requested` (0: one per core).
pub fn threads_used(requested: usize) -> usize {
    if requested == 0 {
        machine().cores
    } else {
        requested
    }
}

/// Reads a thread count for clap: a whole number from 1 to
/// [`max_threads`]; the error states the allowed range.
///
/// ```
/// use banluck_lab::guard::{max_threads, parse_threads};
/// assert_eq!(parse_threads("1"), Ok(1));
/// assert!(parse_threads("0").unwrap_err().contains("from 1 to"));
/// assert!(parse_threads("65535").unwrap_err().contains(&max_threads().to_string()));
/// ```
pub fn parse_threads(text: &str) -> Result<usize, String> {
    let most = max_threads();
    let cores = machine().cores;
    let range = || {
        format!(
            "threads go from 1 to {most} ({THREADS_PER_CORE} per core on this {cores}-core machine, at most {MAX_THREADS})"
        )
    };
    match text.trim().parse::<u64>() {
        Ok(n) if n >= 1 && n <= most as u64 => Ok(n as usize),
        Ok(n) => Err(format!("{n}: {}", range())),
        Err(_) => Err(format!("`{text}` is not a whole number: {}", range())),
    }
}
