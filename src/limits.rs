//! Resource bounds: the largest request each command accepts, checked before
//! any work starts, so that an absurd request (10^15 hands, a grid of 10^9
//! rule variants, a 1 GB range string) is refused at once with the limit
//! named instead of running until the time or the memory runs out.
//!
//! Every limit lives here; the README's "Reliability" section lists them
//! with the reason for each.

/// The most hands, rounds or shoes one simulation plays (`simulate
/// --rounds`, `table --rounds`/`--fresh-rounds`, `baccarat simulate
/// --hands`, `baccarat count --shoes`): 10^12, a million times the
/// default of 10^6.
pub const MAX_ROUNDS: u64 = 1_000_000_000_000;

/// The most solver iterations one run accepts (`solve --engine cfr
/// --iterations`, `poker solve --iterations`, `table --iterations`): 10^9,
/// ten thousand times the full-width default and a hundred times the
/// sampled (MCCFR) default.
pub const MAX_ITERATIONS: u64 = 1_000_000_000;

/// The most rule variants (grid points, the product of the axes' lengths)
/// one experiment file may ask for: every variant's rules are loaded and
/// checked before any task runs (10,000 take about a second), then
/// solved, cached and written as rows; the largest shipped grid has 18.
pub const MAX_GRID_POINTS: u64 = 10_000;

/// The longest poker string (range, position, bet sizes, turn path) read,
/// in bytes: 1 MiB. A range listing all 1,326 combos with weights is about
/// 14 kB.
pub const MAX_POKER_TEXT_BYTES: usize = 1 << 20;

/// The longest hand text `advise` reads, in bytes: five cards written
/// with spaces and `10`s take 14.
pub const MAX_HAND_TEXT_BYTES: usize = 64;

/// `Err` naming `what` and the limit when `requested` is above `limit`.
///
/// ```
/// use banluck_lab::limits::{MAX_ROUNDS, check};
/// assert!(check("--rounds", 1_000, MAX_ROUNDS).is_ok());
/// let error = check("--rounds", 1_000_000_000_000_000, MAX_ROUNDS).unwrap_err();
/// assert!(error.contains("at most 1000000000000"), "{error}");
/// ```
pub fn check(what: &str, requested: u64, limit: u64) -> Result<u64, String> {
    if requested > limit {
        Err(format!(
            "{what}: {requested} is above the limit of {limit} (at most {limit}; see the README's \"Reliability\" section)"
        ))
    } else {
        Ok(requested)
    }
}

/// `Err` naming `what`, its length and the limit when `text` is longer
/// than `limit` bytes.
///
/// ```
/// use banluck_lab::limits::check_len;
/// assert!(check_len("range", "AA,KK", 1024).is_ok());
/// assert!(check_len("range", &"A".repeat(2000), 1024).unwrap_err().contains("1024 bytes"));
/// ```
pub fn check_len(what: &str, text: &str, limit: usize) -> Result<(), String> {
    if text.len() > limit {
        Err(format!(
            "the {what} is {} bytes long, above the limit of {limit} bytes",
            text.len()
        ))
    } else {
        Ok(())
    }
}
