//! A spot file's violations as the rules checker reports them: the key,
//! the value as TOML writes it, and what is allowed.

use crate::games::poker::error::ParseError;
use crate::rules::Violation;

/// A violation of `key` with the value as TOML writes it.
pub(super) fn violation(key: &str, found: &str, allowed: impl Into<String>) -> Violation {
    Violation {
        key: key.to_string(),
        found: format!("{found:?}"),
        allowed: allowed.into(),
    }
}

/// A parse error in one line: the message and the character it points at.
pub(super) fn at_character(error: &ParseError) -> String {
    format!("{} (at character {})", error.message, error.column())
}
