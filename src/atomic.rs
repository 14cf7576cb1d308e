//! Writing files so that a reader (or a killed run) never sees half of one.
//!
//! The content goes to a temporary file that is then renamed over the
//! target: a process killed at any point leaves either the old file or the
//! new one. The files are not synced to disk (that costs more than the
//! solve of a variant); after a power loss a damaged cache file counts as
//! missing and is recomputed.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to a temporary file next to `path`, then renames it over
/// `path` (atomic on one file system).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic_with(path, |file| file.write_all(bytes))
}

/// Like [`write_atomic`], with a closure writing the content.
pub fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let temporary = temporary_path(path);
    let result = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        write(&mut file)?;
        std::fs::rename(&temporary, path)
    })();
    if result.is_err() {
        // Best effort: the temporary file is useless once writing failed.
        let _ = std::fs::remove_file(&temporary);
    }
    result
}

/// `dir/.name.<pid>.<thread>.tmp`: unique per process and thread, hidden,
/// and matched by the `*.tmp` ignore rule.
fn temporary_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let thread = format!("{:?}", std::thread::current().id())
        .chars()
        .filter(char::is_ascii_digit)
        .collect::<String>();
    path.with_file_name(format!(".{name}.{}.{thread}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_and_leaves_no_temporary_behind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        write_atomic(&path, b"old").unwrap();
        let failed = write_atomic_with(&path, |_| Err(std::io::Error::other("disk full")));
        assert!(failed.is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
