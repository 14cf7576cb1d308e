//! A failure to write or read an output folder's tables, reports or
//! manifest.

use std::fmt::Display;
use std::path::Path;

use crate::lab::ManifestError;

/// A failure to write or read outputs.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReportError {
    /// A file could not be read or written.
    #[error("{path}: {message}")]
    File {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// The data could not be turned into tables, charts or text.
    #[error("{0}")]
    Data(String),
    /// The folders given do not go together (another experiment, shards
    /// that overlap): the user's input, not a failure.
    #[error("{path}: {message}")]
    Refused {
        /// The folder refused.
        path: String,
        /// Why.
        message: String,
    },
}

impl ReportError {
    /// An error about `path`.
    pub fn file(path: &Path, message: impl Display) -> ReportError {
        ReportError::File {
            path: path.display().to_string(),
            message: message.to_string(),
        }
    }

    /// A refusal of the folder `path` as input.
    pub fn refused(path: &Path, message: impl Display) -> ReportError {
        ReportError::Refused {
            path: path.display().to_string(),
            message: message.to_string(),
        }
    }
}

impl From<polars::error::PolarsError> for ReportError {
    fn from(error: polars::error::PolarsError) -> Self {
        ReportError::Data(error.to_string())
    }
}

impl From<ManifestError> for ReportError {
    /// A manifest that does not read as one ([`ManifestError::refused`])
    /// is a refusal of the input; any other failure a file's.
    fn from(error: ManifestError) -> Self {
        if error.refused {
            ReportError::refused(&error.path, error.message)
        } else {
            ReportError::file(&error.path, error.message)
        }
    }
}
