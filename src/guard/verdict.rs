//! The limits and the verdict on an [`Estimate`]: admitted (with a note
//! for a long run) or refused with the estimate.

use super::estimate::{Estimate, format_bytes, format_seconds};
use super::machine::machine;

/// The most CPU time a run takes without `--allow-long`: 4 hours of one
/// core (2 hours on a 2-core machine).
pub const MAX_CPU_SECONDS: f64 = 4.0 * 3600.0;

/// A run expected to take longer than this on the clock prints its
/// estimate before it starts (and shows a progress bar on a terminal).
pub const LONG_RUN_SECONDS: f64 = 10.0;

/// The share of the machine's available memory (`MemAvailable`) a run
/// may take: the rest stays for the system and other processes.
pub const FREE_MEMORY_SHARE: f64 = 0.8;

/// The memory limit where `/proc/meminfo` cannot be read: 8 GiB.
const UNKNOWN_MEMORY_LIMIT: u64 = 8 << 30;

/// A memory limit and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryLimit {
    /// The most bytes a run may hold.
    pub bytes: u64,
    /// Where the limit comes from, in words.
    pub source: String,
}

/// [`FREE_MEMORY_SHARE`] of the memory this machine has available now,
/// or 8 GiB where that is unknown.
pub fn memory_limit() -> MemoryLimit {
    match machine().available_bytes {
        Some(available) => MemoryLimit {
            bytes: (available as f64 * FREE_MEMORY_SHARE) as u64,
            source: format!(
                "{:.0} % of the {} this machine has available",
                FREE_MEMORY_SHARE * 100.0,
                format_bytes(available)
            ),
        },
        None => MemoryLimit {
            bytes: UNKNOWN_MEMORY_LIMIT,
            source: "the available memory is unknown".to_string(),
        },
    }
}

/// Why a request is refused; its message states the estimate and the
/// limit.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refusal {
    /// More CPU time than [`MAX_CPU_SECONDS`] without `--allow-long`.
    #[error(
        "{what} would take {described}: more than the limit of {} of CPU time; ask for less, or pass --allow-long to run it anyway",
        format_seconds(MAX_CPU_SECONDS)
    )]
    TooLong {
        /// What was asked for, as the user wrote it.
        what: String,
        /// The estimate in words.
        described: String,
    },
    /// More bytes than the memory limit.
    #[error(
        "{what} would take {described}: more memory than the limit of {} ({}); ask for less",
        format_bytes(limit.bytes),
        limit.source
    )]
    TooLarge {
        /// What was asked for, as the user wrote it.
        what: String,
        /// The estimate in words.
        described: String,
        /// The memory limit.
        limit: MemoryLimit,
    },
}

/// The verdict on `estimate` of `what` (the request in the user's words,
/// e.g. `--shoes 1000000000`) run on `threads` threads (0: one per core):
/// `Ok` with a note stating the estimate when it is expected to take more
/// than [`LONG_RUN_SECONDS`], or the refusal.
///
/// # Errors
/// More bytes than [`memory_limit`], or more CPU time than
/// [`MAX_CPU_SECONDS`] unless `allow_long`.
pub fn admit(
    what: &str,
    estimate: &Estimate,
    threads: usize,
    allow_long: bool,
) -> Result<Option<String>, Refusal> {
    let cores = machine().cores;
    let threads = super::threads::threads_used(threads);
    let described = estimate.describe(threads, cores);
    let limit = memory_limit();
    if estimate.bytes > limit.bytes {
        return Err(Refusal::TooLarge {
            what: what.to_string(),
            described,
            limit,
        });
    }
    if estimate.cpu_seconds > MAX_CPU_SECONDS && !allow_long {
        return Err(Refusal::TooLong {
            what: what.to_string(),
            described,
        });
    }
    Ok((estimate.wall_seconds(threads, cores) > LONG_RUN_SECONDS)
        .then(|| format!("{what}: estimated {described}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verdict_follows_the_limits() {
        let quick = Estimate::new(1.0, 1000);
        assert_eq!(admit("quick", &quick, 1, false), Ok(None));
        let minute = Estimate::new(60.0, 1000);
        let note = admit("a minute", &minute, 1, false).unwrap().unwrap();
        assert!(
            note.starts_with("a minute: estimated about 1.0 min"),
            "{note}"
        );
        let day = Estimate::new(86_400.0, 1000);
        let refusal = admit("--hands 1e12", &day, 1, false).unwrap_err();
        assert!(matches!(refusal, Refusal::TooLong { .. }));
        let message = refusal.to_string();
        assert!(message.contains("1.0 days of CPU time"), "{message}");
        assert!(message.contains("--allow-long"), "{message}");
        assert!(admit("--hands 1e12", &day, 1, true).unwrap().is_some());
        let huge = Estimate::new(1.0, u64::MAX);
        let refusal = admit("--shoes 1e9", &huge, 1, true).unwrap_err();
        assert!(matches!(refusal, Refusal::TooLarge { .. }), "{refusal}");
        assert!(memory_limit().bytes > 0);
    }
}
