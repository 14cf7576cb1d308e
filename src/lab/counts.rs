//! Counts an experiment file gives an engine (hands, rounds, shoes): zero
//! is refused when the file is read, with the key and its line, instead of
//! failing every task of the run.

use serde::de::{Deserialize, Deserializer, Error};

/// Reads a count that must be at least 1, for `#[serde(deserialize_with)]`
/// on an engine's parameter.
///
/// ```
/// use serde::Deserialize;
/// #[derive(Debug, Deserialize)]
/// struct Sim {
///     #[serde(deserialize_with = "banluck_lab::lab::at_least_one")]
///     hands: u64,
/// }
/// assert!(toml::from_str::<Sim>("hands = 0").unwrap_err().to_string().contains("at least 1"));
/// assert_eq!(toml::from_str::<Sim>("hands = 5").unwrap().hands, 5);
/// ```
///
/// # Errors
/// Zero, or a value that is not a non-negative integer.
pub fn at_least_one<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    match u64::deserialize(deserializer)? {
        0 => Err(D::Error::custom("0: must be at least 1")),
        n => Ok(n),
    }
}
