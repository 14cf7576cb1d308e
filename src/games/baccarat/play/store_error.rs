//! Why the table game's store failed: a file whose content is impossible
//! (bad input, which the command line answers with exit 2), or a
//! database that could not do its work (exit 1).

use std::fmt;

/// A store failure, with a message for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// The file is damaged or holds what the program never writes: not a
    /// database, a page SQLite finds corrupt, a value of the wrong type,
    /// or rows that break the balance's invariants
    /// ([`super::store_check`]).
    Damaged(String),
    /// The database could not do its work (locked, a full disk, a failed
    /// read).
    Failed(String),
}

/// What a store operation returns.
pub type StoreResult<T> = Result<T, StoreError>;

impl StoreError {
    /// Whether the file's content is to blame (bad input).
    pub fn is_damaged(&self) -> bool {
        matches!(self, StoreError::Damaged(_))
    }

    /// The same failure with `place` (the file, a player) in front of
    /// its message.
    pub fn within(self, place: &str) -> StoreError {
        match self {
            StoreError::Damaged(m) => StoreError::Damaged(format!("{place}: {m}")),
            StoreError::Failed(m) => StoreError::Failed(format!("{place}: {m}")),
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Damaged(m) | StoreError::Failed(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for StoreError {}

/// A SQLite error as a store failure: a corrupt page, a file that is no
/// database, or a value of another type than its column's are
/// [`StoreError::Damaged`]; anything else [`StoreError::Failed`].
pub fn sql(error: rusqlite::Error) -> StoreError {
    use rusqlite::ErrorCode;
    let damaged = match &error {
        rusqlite::Error::SqliteFailure(e, _) => {
            matches!(e.code, ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase)
        }
        rusqlite::Error::InvalidColumnType(..)
        | rusqlite::Error::FromSqlConversionFailure(..)
        | rusqlite::Error::IntegralValueOutOfRange(..) => true,
        _ => false,
    };
    let message = format!("database: {error}");
    if damaged {
        StoreError::Damaged(message)
    } else {
        StoreError::Failed(message)
    }
}
