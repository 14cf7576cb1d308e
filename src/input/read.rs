//! Files read once, whole, into memory with a size cap, then parsed.
//!
//! Every reader of a file the user names (rules files and their `extends`
//! chain, experiment files, strategy and chart files, report templates)
//! and of a file the lab wrote and reads back (manifests, cache entries)
//! goes through [`read_capped`] or [`read_text_capped`]. The file is read
//! one time, so a pipe or a process substitution (`/dev/stdin`,
//! `<(cat rules/kampung.toml)`) works like a file; a folder, a file larger
//! than the cap, or an endless device such as `/dev/zero` is refused after
//! at most the cap plus one byte has been read, never more.

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest file written by hand that the lab reads (rules, spot,
/// experiment, strategy, chart and template files): 16 MiB. The shipped
/// files are under 20 kB; a poker range of all 1,326 combos with weights
/// is about 14 kB.
pub const MAX_INPUT_FILE_BYTES: u64 = 16 << 20;

/// The largest file the lab wrote and reads back (a run's manifest, a
/// cache entry): 256 MiB, far above a grid of the most variants allowed.
pub const MAX_LAB_FILE_BYTES: u64 = 256 << 20;

/// Why a file could not be read; its `Display` names the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// The file as given.
    pub path: PathBuf,
    /// What is wrong, without the file's name.
    pub reason: String,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.reason)
    }
}

impl std::error::Error for ReadError {}

/// Writes a byte count for messages: `16 MiB`, `3 kiB`, `512 bytes`.
fn bytes_text(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} kiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// The bytes of the file at `path`, read once, if it holds at most `cap`
/// bytes.
///
/// ```
/// use banluck_lab::input::{MAX_INPUT_FILE_BYTES, read_capped};
/// let error = read_capped(std::path::Path::new("/dev/zero"), 1024).unwrap_err();
/// assert!(error.to_string().contains("1 kiB"), "{error}");
/// let folder = read_capped(std::path::Path::new("."), MAX_INPUT_FILE_BYTES).unwrap_err();
/// assert!(folder.reason.contains("folder"), "{folder}");
/// ```
///
/// # Errors
/// A file that cannot be opened or read, a folder, or a file (or stream)
/// longer than `cap` bytes. A regular file's size is checked before it
/// is read; anything else is read up to `cap + 1` bytes and refused there.
pub fn read_capped(path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
    let refuse = |reason: String| ReadError {
        path: path.to_path_buf(),
        reason,
    };
    let too_large = |size: Option<u64>| {
        let size = size.map_or_else(String::new, |s| format!(" ({s} bytes)"));
        refuse(format!(
            "the file is larger{size} than the limit of {} for this kind of file",
            bytes_text(cap)
        ))
    };
    let file = std::fs::File::open(path).map_err(|e| refuse(e.to_string()))?;
    let metadata = file.metadata().map_err(|e| refuse(e.to_string()))?;
    if metadata.is_dir() {
        return Err(refuse("is a folder, not a file".into()));
    }
    if metadata.is_file() && metadata.len() > cap {
        return Err(too_large(Some(metadata.len())));
    }
    let expected = if metadata.is_file() {
        metadata.len()
    } else {
        0
    };
    let mut bytes = Vec::with_capacity(usize::try_from(expected.min(cap)).unwrap_or(0));
    file.take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| refuse(e.to_string()))?;
    if bytes.len() as u64 > cap {
        return Err(too_large(None));
    }
    Ok(bytes)
}

/// [`read_capped`] for a text file: its bytes as UTF-8.
///
/// # Errors
/// As [`read_capped`], and a file that is not UTF-8 (with the byte
/// offset of the first bad byte).
pub fn read_text_capped(path: &Path, cap: u64) -> Result<String, ReadError> {
    let bytes = read_capped(path, cap)?;
    String::from_utf8(bytes).map_err(|e| ReadError {
        path: path.to_path_buf(),
        reason: format!(
            "not UTF-8 text (a bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_within_the_cap_is_read_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.toml");
        std::fs::write(&path, "x = 1\n").unwrap();
        assert_eq!(read_text_capped(&path, 6).unwrap(), "x = 1\n");
        let error = read_text_capped(&path, 5).unwrap_err();
        assert!(error.reason.contains("(6 bytes)"), "{error}");
        assert!(error.reason.contains("5 bytes"), "{error}");
    }

    #[test]
    fn a_missing_file_and_bad_utf8_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let missing = read_capped(&dir.path().join("none"), 10).unwrap_err();
        assert!(missing.to_string().contains("none"), "{missing}");
        let path = dir.path().join("b");
        std::fs::write(&path, b"ab\xffcd").unwrap();
        let error = read_text_capped(&path, 10).unwrap_err();
        assert!(error.reason.contains("offset 2"), "{error}");
    }

    #[test]
    fn an_endless_stream_stops_at_the_cap() {
        let error = read_capped(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert!(error.reason.contains("1 MiB"), "{error}");
    }
}
