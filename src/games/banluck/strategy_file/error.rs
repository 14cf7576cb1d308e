//! Errors in strategy files: always the file, the key and what is allowed.

/// A strategy file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StrategyFileError {
    /// The file could not be read.
    #[error("{file}: cannot read the strategy file: {reason}")]
    Unreadable {
        /// The file.
        file: String,
        /// The operating system's reason.
        reason: String,
    },
    /// The file is not valid JSON or TOML.
    #[error("{file}: not valid {language}: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// `JSON` or `TOML`.
        language: &'static str,
        /// The parser's message, with line and column.
        message: String,
    },
    /// The file's name does not say which format it is in.
    #[error(
        "{file}: unknown kind of strategy file; name it *.json (solver output) or *.toml (a chart of habits)"
    )]
    UnknownKind {
        /// The file.
        file: String,
    },
    /// A key holds a value that is not allowed, or is not a key of the format.
    #[error("{file}: {key}{}: {allowed}", found_text(.found))]
    Key {
        /// The file (or the built-in strategy's name).
        file: String,
        /// The key path, e.g. `player.hit.T6`.
        key: String,
        /// The value found, as written (empty for unknown or missing keys).
        found: String,
        /// What is allowed.
        allowed: String,
    },
}

fn found_text(found: &str) -> String {
    if found.is_empty() {
        String::new()
    } else {
        format!(" = {found}")
    }
}

impl StrategyFileError {
    /// A problem with one key.
    pub fn key(
        file: &str,
        key: impl Into<String>,
        found: impl Into<String>,
        allowed: impl Into<String>,
    ) -> StrategyFileError {
        StrategyFileError::Key {
            file: file.to_string(),
            key: key.into(),
            found: found.into(),
            allowed: allowed.into(),
        }
    }
}
