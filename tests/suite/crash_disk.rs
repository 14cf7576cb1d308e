//! A full disk: the binary runs with its file size limited
//! (`setrlimit(RLIMIT_FSIZE)`, SIGXFSZ ignored, so a write past the limit
//! fails with "File too large" as it would with "No space left on
//! device"). `run`, `merge` and `poker solve --out` then exit with code 1
//! and an error naming the file, and leave nothing half-written: no
//! temporary file, and every file there reads back in full.

use std::io::Cursor;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use polars::prelude::*;

/// A small experiment: four variants solved by dp (a cache entry is about
/// 180 KB).
const EXPERIMENT: &str = "name = \"small\"\nquestion = \"Q?\"\nrules = \"banluck.toml\"\n\
    output = \"out\"\n[[axis]]\nkey = \"payouts.ban_ban\"\nvalues = [3, 2]\n[engines.dp]\n";

/// Runs the binary in `dir`, its files limited to `limit` bytes when given.
fn run(dir: &Path, args: &[&str], limit: Option<u64>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_banluck-lab"));
    command.current_dir(dir).args(args);
    if let Some(limit) = limit {
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            command.pre_exec(move || {
                let bound = libc::rlimit {
                    rlim_cur: limit as libc::rlim_t,
                    rlim_max: limit as libc::rlim_t,
                };
                if libc::setrlimit(libc::RLIMIT_FSIZE, &bound) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
                Ok(())
            });
        }
    }
    command.output().unwrap()
}

/// Every file under `folder`.
fn files(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found
}

/// Checks a failed write: exit code 1, "File too large" and `names` in the
/// error, and under `folder` no temporary file and only files that read
/// back in full. Returns the files there.
fn check_refused(output: &Output, names: &str, folder: &Path) -> Vec<PathBuf> {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("File too large"), "{stderr}");
    assert!(stderr.contains(names), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let found = files(folder);
    for path in &found {
        let name = path.display();
        assert!(!name.to_string().ends_with(".tmp"), "{name} left behind");
        let bytes = std::fs::read(path).unwrap();
        match path.extension().and_then(|e| e.to_str()) {
            Some("parquet") => {
                ParquetReader::new(Cursor::new(bytes)).finish().unwrap();
            }
            Some("json") => {
                serde_json::from_slice::<serde_json::Value>(&bytes).unwrap();
            }
            Some("bin") => {
                banluck_lab::games::poker::solved::from_bytes(&bytes).unwrap();
            }
            _ => {}
        }
    }
    found
}

fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/banluck.toml");
    std::fs::copy(rules, dir.path().join("banluck.toml")).unwrap();
    std::fs::write(dir.path().join("x.toml"), EXPERIMENT).unwrap();
    dir
}

#[test]
fn run_on_a_full_disk_names_the_cache_file_and_writes_nothing() {
    let dir = workspace();
    let output = run(dir.path(), &["run", "x.toml", "--quiet"], Some(64 * 1024));
    let left = check_refused(&output, "out/.cache/dp-", &dir.path().join("out"));
    assert_eq!(left, Vec::<PathBuf>::new());
    // With room again, the same command completes.
    let output = run(dir.path(), &["run", "x.toml", "--quiet"], None);
    assert!(output.status.success());
}

#[test]
fn merge_on_a_full_disk_names_the_report_and_keeps_whole_files() {
    let dir = workspace();
    for shard in ["0/2", "1/2"] {
        let output = run(
            dir.path(),
            &["run", "x.toml", "--quiet", "--shard", shard],
            None,
        );
        assert!(output.status.success());
    }
    let args = [
        "merge",
        "out/shard-0-of-2",
        "out/shard-1-of-2",
        "--output",
        "merged",
    ];
    // The tables and the manifest fit in 64 KiB, report.html does not.
    let output = run(dir.path(), &args, Some(64 * 1024));
    let left = check_refused(&output, "merged/report.html", &dir.path().join("merged"));
    assert!(!left.iter().any(|p| p.ends_with("report.html")));
    assert!(left.iter().any(|p| p.ends_with("runs.parquet")));
    assert!(run(dir.path(), &args, None).status.success());
}

#[test]
fn poker_solve_out_on_a_full_disk_keeps_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "poker",
        "solve",
        "BTN:AA,KK,AKs:S100/BB:QQ-JJ,AJs-ATs:S100|P20|Kh9s4c7d2s|>BTN",
        "--out",
        "spot.bin",
    ];
    let output = run(dir.path(), &args, Some(1024));
    assert_eq!(
        check_refused(&output, "--out spot.bin", dir.path()),
        Vec::<PathBuf>::new()
    );
    assert!(run(dir.path(), &args, None).status.success());
    let old = std::fs::read(dir.path().join("spot.bin")).unwrap();
    let output = run(dir.path(), &args, Some(1024));
    check_refused(&output, "--out spot.bin", dir.path());
    assert_eq!(std::fs::read(dir.path().join("spot.bin")).unwrap(), old);
}
