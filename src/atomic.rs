//! Writing files so that a reader (or a killed run) never sees half of one.
//!
//! The content goes to a temporary file, is synced to disk, and the
//! temporary file is then renamed over the target and the folder synced: a
//! process killed at any point (or a machine losing power) leaves either
//! the old file or the new one, never a torn one.
//!
//! A killed process leaves its temporary file behind. Such files are named
//! `.NAME.HOST.PID.THREAD.tmp`: hidden, matched by the `*.tmp` ignore rule,
//! never read as output, and removed by [`remove_stale_temporaries`] (called
//! by the next run, merge or solve writing into that folder) once their
//! process is gone.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to a temporary file next to `path`, syncs it, then
/// renames it over `path` (atomic on one file system).
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
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temporary, path)
    })();
    if result.is_err() {
        // Best effort: the temporary file is useless once writing failed.
        let _ = std::fs::remove_file(&temporary);
    }
    result?;
    sync_folder(path)
}

/// Syncs the folder holding `path`, so that the rename survives a power
/// loss (a no-op where folders cannot be opened, as on Windows).
fn sync_folder(path: &Path) -> std::io::Result<()> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    match std::fs::File::open(folder) {
        Ok(handle) => handle.sync_all().or(Ok(())),
        Err(_) => Ok(()),
    }
}

/// `dir/.name.HOST.PID.THREAD.tmp`: unique per machine, process and
/// thread, hidden, and matched by the `*.tmp` ignore rule.
fn temporary_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let thread = format!("{:?}", std::thread::current().id())
        .chars()
        .filter(char::is_ascii_digit)
        .collect::<String>();
    path.with_file_name(format!(
        ".{name}.{}.{}.{thread}.tmp",
        host(),
        std::process::id()
    ))
}

/// This machine's name, reduced to characters safe in a file name
/// (`host` when it cannot be read).
fn host() -> String {
    let mut buffer = [0u8; 256];
    // SAFETY: the buffer is valid for its length; gethostname writes at
    // most that many bytes.
    let status = unsafe { libc::gethostname(buffer.as_mut_ptr().cast(), buffer.len()) };
    let end = buffer.iter().position(|&b| b == 0).unwrap_or(buffer.len());
    let name: String = String::from_utf8_lossy(&buffer[..end])
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    if status != 0 || name.is_empty() {
        "host".into()
    } else {
        name
    }
}

/// The process id of a temporary file written on this machine
/// (`.NAME.HOST.PID.THREAD.tmp`), or `None` for any other file.
fn owner(file_name: &str, host: &str) -> Option<u32> {
    let stem = file_name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let mut parts = stem.rsplitn(3, '.');
    let thread = parts.next()?;
    let pid = parts.next()?;
    let rest = parts.next()?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(thread) || !rest.ends_with(&format!(".{host}")) {
        return None;
    }
    pid.parse().ok().filter(|_| digits(pid))
}

/// Whether process `pid` runs on this machine.
fn alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: signal 0 only checks that the process exists.
    let status = unsafe { libc::kill(pid, 0) };
    status == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

/// Removes the temporary files left in `folder` by killed processes of
/// this machine (files of live processes, and of other machines sharing
/// the folder, are kept) and returns how many were removed. A missing
/// folder has none.
pub fn remove_stale_temporaries(folder: &Path) -> usize {
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let Ok(entries) = std::fs::read_dir(folder) else {
        return 0;
    };
    let host = host();
    entries
        .filter_map(Result::ok)
        .filter(|entry| {
            owner(&entry.file_name().to_string_lossy(), &host)
                .is_some_and(|pid| pid != std::process::id() && !alive(pid))
        })
        .filter(|entry| std::fs::remove_file(entry.path()).is_ok())
        .count()
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

    #[test]
    fn only_temporaries_of_dead_processes_of_this_machine_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let host = host();
        // Process ids above the kernel's limit (4194304) never run.
        let dead = format!(".a.json.{host}.4194999.1.tmp");
        let mine = format!(".a.json.{host}.{}.1.tmp", std::process::id());
        let other_machine = ".a.json.elsewhere.4194999.1.tmp".to_string();
        let output = "b.tmp".to_string();
        for name in [&dead, &mine, &other_machine, &output] {
            std::fs::write(dir.path().join(name), "x").unwrap();
        }
        assert_eq!(remove_stale_temporaries(dir.path()), 1);
        assert!(!dir.path().join(&dead).exists());
        for name in [&mine, &other_machine, &output] {
            assert!(dir.path().join(name).exists(), "{name}");
        }
        assert_eq!(remove_stale_temporaries(&dir.path().join("missing")), 0);
    }
}
