//! How far a poker solve goes when the user does not say: the iteration
//! cap, how often full-width CFR measures its exploitability, and the
//! `--target` text (a share of the pot or chips) read into chips. Shared
//! by `poker solve`, the runner's poker engine and `explore` on a spot
//! file, so a spot is solved alike wherever it is asked for.

use crate::input::clip;

/// The iteration cap when none is given.
pub const DEFAULT_ITERATIONS: u64 = 100_000;

/// How often full-width CFR's exploitability is measured (iterations).
pub const CHECK_EVERY: u64 = 10;

/// Reads a target: `X%` of `pot`, or chips; finite and not negative.
///
/// # Errors
/// Text that is neither, in words naming `--target`.
pub fn parse_target(text: &str, pot: f64) -> Result<f64, String> {
    let trimmed = text.trim();
    let (number, percent) = match trimmed.strip_suffix('%') {
        Some(number) => (number.trim(), true),
        None => (trimmed, false),
    };
    let value: f64 = number
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite() && *v >= 0.0)
        .ok_or_else(|| {
            format!(
                "--target {}: expected a share of the pot like 0.01% or chips like 0.05 (a number at least 0)",
                clip(text)
            )
        })?;
    Ok(if percent { value / 100.0 * pot } else { value })
}
