//! Hand labels and key paths shared by both file formats.

use std::collections::HashMap;

use crate::cards::{CompId, parse_hand};
use crate::rules::RuleTable;

use super::StrategyFileError;

/// What a hit probability may be, for error messages.
pub const PROBABILITY: &str =
    "expected \"hit\", \"stand\" or a hit probability from 0 (stand) to 1 (hit)";

/// The composition of a hand label of 2 to 5 cards under `table`'s deck.
pub fn hand_id(table: &RuleTable, label: &str) -> Result<CompId, String> {
    let ranks = parse_hand(label)?;
    if !(2..=5).contains(&ranks.len()) {
        return Err(format!(
            "a hand holds 2 to 5 cards, this one {}; write hands like \"T6\" or \"A 6 5\"",
            ranks.len()
        ));
    }
    let deck = table.deck();
    table.compositions().find_ranks(&ranks).ok_or_else(|| {
        format!(
            "this hand cannot be dealt from {} deck{}",
            deck.size() / 52,
            if deck.size() > 52 { "s" } else { "" }
        )
    })
}

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
