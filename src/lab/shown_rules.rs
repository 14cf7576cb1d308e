//! A rules file of any game resolved as `rules show` prints it: its hash,
//! its keys as TOML text and as JSON, and lines about them that only some
//! games have (the Banluck rules' composition count). Each family makes
//! its own through [`super::VariantRules::shown`].

use serde::Serialize;
use serde_json::Value;

/// Resolved rules, ready to print.
#[derive(Debug, Clone, PartialEq)]
pub struct ShownRules {
    /// The rules hash (as every result row records it).
    pub hash: String,
    /// Every key with its resolved value, as TOML.
    pub toml: String,
    /// Every key with its resolved value, as JSON.
    pub json: Value,
    /// Further facts as `(JSON key, value, text line)`, e.g. the Banluck
    /// rules' `compositions` and "N hand compositions of 0 to 5 cards".
    pub facts: Vec<(&'static str, Value, String)>,
}

impl ShownRules {
    /// The rules `keys` (any serialisable rules type) with `hash`.
    ///
    /// # Panics
    /// Never for the lab's rules types, whose every field is a TOML and
    /// JSON value; a type that is not would be a programming error.
    pub fn of<T: Serialize>(hash: String, keys: &T) -> ShownRules {
        ShownRules {
            hash,
            toml: toml::to_string(keys).expect("rules types serialise to TOML"),
            json: serde_json::to_value(keys).expect("rules types serialise to JSON"),
            facts: Vec::new(),
        }
    }
}
