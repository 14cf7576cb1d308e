//! Hand labels and key paths shared by both file formats.

use std::collections::HashMap;

use crate::cards::CompId;

use super::error::StrategyFileError;

/// What a hit probability may be, for error messages.
pub const PROBABILITY: &str =
    "expected \"hit\", \"stand\" or a hit probability from 0 (stand) to 1 (hit)";

/// `path.key`, quoting keys that are not plain words.
pub fn join(path: &str, key: &str) -> String {
    let plain = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    let key = if plain {
        key.to_string()
    } else {
        format!("\"{key}\"")
    };
    if path.is_empty() {
        key
    } else {
        format!("{path}.{key}")
    }
}

/// Remembers which label named each composition, to refuse two labels for
/// one hand (`"A65"` and `"56A"`).
pub struct Seen<'f> {
    file: &'f str,
    labels: HashMap<(CompId, usize), String>,
}

impl<'f> Seen<'f> {
    /// Nothing seen yet, in `file`.
    pub fn new(file: &'f str) -> Seen<'f> {
        Seen {
            file,
            labels: HashMap::new(),
        }
    }

    /// Records `key` (a full key path) as naming `id` in context `slot`.
    pub fn record(&mut self, id: CompId, slot: usize, key: &str) -> Result<(), StrategyFileError> {
        match self.labels.insert((id, slot), key.to_string()) {
            Some(first) => Err(StrategyFileError::key(
                self.file,
                key,
                "",
                format!("names the same hand as `{first}`; give each hand once"),
            )),
            None => Ok(()),
        }
    }
}
