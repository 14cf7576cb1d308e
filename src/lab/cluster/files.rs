//! Paths and files of the scheduler outputs: absolute paths, shell
//! quoting, and writing one file atomically.

use std::path::{Path, PathBuf};

use super::error::ClusterError;

/// `path` made absolute against the working directory.
pub(super) fn absolute(path: &Path) -> Result<PathBuf, ClusterError> {
    std::path::absolute(path)
        .map_err(|e| ClusterError::Internal(format!("{}: {e}", path.display())))
}

/// `text` quoted for a POSIX shell.
pub(super) fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// Writes `text` to `dir/name` (creating `dir`; atomically, through
/// [`crate::atomic`]), naming the file on failure.
pub(super) fn write_file(dir: &Path, name: &str, text: &str) -> Result<PathBuf, ClusterError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| ClusterError::Internal(format!("{}: {e}", dir.display())))?;
    let path = dir.join(name);
    crate::atomic::write_atomic(&path, text.as_bytes())
        .map_err(|e| ClusterError::Internal(format!("{}: {e}", path.display())))?;
    Ok(path)
}
