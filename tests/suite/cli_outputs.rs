//! The command-line contract of the commands that write output folders
//! (`run`, `report`, `merge`): exit 0 with the files written, exit 2 with a
//! message naming the bad input (a missing or foreign folder, folders of
//! different experiments), exit 1 when an output cannot be written or a
//! Parquet file cannot be read.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Exit `code` with a message containing every one of `named`, no panic.
fn assert_fails(dir: &Path, args: &[&str], code: i32, named: &[&str]) {
    let (got, out, err) = run(dir, args);
    assert_eq!(got, code, "{args:?}: {out}{err}");
    for name in named {
        assert!(err.contains(name), "{args:?} does not name {name:?}: {err}");
    }
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

/// A temporary folder holding a two-variant dp experiment `tiny.toml`
/// (and `other.toml`, another experiment).
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let rules = manifest_dir().join("rules/banluck.toml");
    for (file, name, values) in [
        ("tiny.toml", "tiny", "[3, 2]"),
        ("other.toml", "other", "[3, 1]"),
    ] {
        let text = format!(
            "name = \"{name}\"\nquestion = \"What is the Ban Ban payout worth?\"\n\
             rules = \"{}\"\n[[axis]]\nkey = \"payouts.ban_ban\"\nvalues = {values}\n\
             [engines.dp]\n",
            rules.display()
        );
        fs::write(dir.path().join(file), text).unwrap();
    }
    dir
}

/// A copy of the shipped `reports/payouts` folder in `dir`.
fn copy_of_payouts(dir: &Path) -> PathBuf {
    let copy = dir.join("payouts");
    fs::create_dir_all(&copy).unwrap();
    for entry in fs::read_dir(manifest_dir().join("reports/payouts")).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            fs::copy(&path, copy.join(path.file_name().unwrap())).unwrap();
        }
    }
    copy
}

#[test]
fn run_writes_its_outputs_or_says_what_is_wrong() {
    let dir = workspace();
    let (code, out, err) = run(dir.path(), &["run", "tiny.toml", "--output", "out", "-q"]);
    assert_eq!(code, 0, "{out}{err}");
    for file in ["runs.parquet", "manifest.json", "report.md", "report.html"] {
        assert!(dir.path().join("out").join(file).is_file(), "{file}");
    }
    assert_fails(dir.path(), &["run", "missing.toml"], 2, &["missing.toml"]);
    fs::write(dir.path().join("bad.toml"), "name = \"bad\"\nrules = 3\n").unwrap();
    assert_fails(dir.path(), &["run", "bad.toml"], 2, &["bad.toml", "rules"]);
    assert_fails(
        dir.path(),
        &["run", "tiny.toml", "--shard", "2/2"],
        2,
        &["--shard"],
    );
    // An output folder that cannot be created (below a regular file).
    fs::write(dir.path().join("file"), "").unwrap();
    assert_fails(
        dir.path(),
        &["run", "tiny.toml", "--output", "file/out", "-q"],
        1,
        &["cannot write", "Not a directory"],
    );
}

#[test]
fn report_renders_a_folder_or_says_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let copy = copy_of_payouts(dir.path());
    fs::remove_file(copy.join("report.md")).unwrap();
    let (code, out, err) = run(dir.path(), &["report", "payouts"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        fs::read_to_string(copy.join("report.md")).unwrap(),
        fs::read_to_string(manifest_dir().join("reports/payouts/report.md")).unwrap()
    );
    // Not an output folder: the user's mistake.
    assert_fails(
        dir.path(),
        &["report", "nowhere"],
        2,
        &["nowhere", "manifest.json"],
    );
    fs::create_dir(dir.path().join("empty")).unwrap();
    assert_fails(
        dir.path(),
        &["report", "empty"],
        2,
        &["empty", "manifest.json"],
    );
    // A corrupt Parquet file: a failure to read it.
    fs::write(copy.join("runs.parquet"), b"PAR1 this is not parquet").unwrap();
    assert_fails(dir.path(), &["report", "payouts"], 1, &["runs.parquet"]);
    fs::remove_file(copy.join("strategies.parquet")).unwrap();
    assert_fails(dir.path(), &["report", "payouts"], 1, &["parquet"]);
}

#[test]
fn merge_joins_shards_and_refuses_folders_that_do_not_go_together() {
    let dir = workspace();
    let path = dir.path();
    for shard in ["0/2", "1/2"] {
        let (code, _, err) = run(
            path,
            &[
                "run",
                "tiny.toml",
                "--output",
                "out",
                "-q",
                "--shard",
                shard,
            ],
        );
        assert_eq!(code, 0, "{err}");
    }
    let (code, _, err) = run(
        path,
        &[
            "run",
            "other.toml",
            "--output",
            "other",
            "-q",
            "--shard",
            "0/2",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let shards = ["out/shard-0-of-2", "out/shard-1-of-2"];
    let (code, out, err) = run(path, &["merge", shards[0], shards[1]]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 of 2 runs"), "{out}");
    assert!(path.join("out/runs.parquet").is_file());
    // Another experiment's shard.
    assert_fails(
        path,
        &[
            "merge",
            shards[0],
            "other/shard-0-of-2",
            "--output",
            "mixed",
        ],
        2,
        &["other/shard-0-of-2", "different experiment"],
    );
    assert!(!path.join("mixed").exists());
    // The same shard twice.
    assert_fails(
        path,
        &["merge", shards[0], shards[0], "--output", "twice"],
        2,
        &["overlap"],
    );
    // Not an output folder; a rotation report (not a grid).
    assert_fails(
        path,
        &["merge", "nowhere", shards[0], "--output", "n"],
        2,
        &["nowhere", "manifest.json"],
    );
    let rotation = manifest_dir().join("reports/rotation");
    assert_fails(
        path,
        &["merge", rotation.to_str().unwrap(), "--output", "r"],
        2,
        &["rotation"],
    );
    // An output folder that cannot be created.
    fs::write(path.join("file"), "").unwrap();
    assert_fails(
        path,
        &["merge", shards[0], shards[1], "--output", "file/merged"],
        1,
        &["file/merged"],
    );
}
